"""Drawing a :class:`~editor.core.registry.TileArt`: a tile seen from above with its paths.

Shared by the board painters (a replay's tiles on the table) and the Preview dock (a tile
type's shapes). The sides are the grid's own: where a side lies is found from the grid's
geometry (halfway to the neighbour across it), so square and hex tiles are drawn alike.
Plain drawing, no rules: the game says what is on a tile.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF

from editor.core.grid import grid_for
from editor.core.registry import TileArt

#: The share of its space a tile covers (a rim of the space shows round it).
INSET = 0.9
#: Path width, end marks and the cross, as shares of the tile's size (half its side).
PATH_WIDTH = 0.3
END_RADIUS = 0.3
SIDE_END_RADIUS = 0.22
#: Where an end mark at a side sits, as a share of the way from the middle to that side.
SIDE_END_AT = 0.56
CROSS_WIDTH = 0.13


@cache
def _geometry(shape: str) -> tuple[dict[str, tuple[float, float]], tuple[tuple[float, float], ...]]:
    """For a grid kind, at size 1: the offset from a tile's middle to each side's middle,
    and the corners of its outline."""
    grid = grid_for(shape)
    ref = grid.format((3, 3))
    cx, cy = grid.centre(ref, 1.0)
    sides = {}
    for direction in grid.directions:
        nx, ny = grid.centre(grid.neighbour(ref, direction), 1.0)
        sides[direction] = ((nx - cx) / 2, (ny - cy) / 2)
    corners = tuple((x - cx, y - cy) for x, y in grid.outline(ref, 1.0))
    return sides, corners


def side_point(centre: QPointF, size: float, shape: str, side: str, share: float = 1.0) -> QPointF:
    """The point ``share`` of the way from a tile's middle to the middle of one side."""
    dx, dy = _geometry(shape)[0].get(side, (0.0, 0.0))
    return QPointF(centre.x() + dx * size * share, centre.y() + dy * size * share)


def outline(centre: QPointF, size: float, shape: str) -> QPolygonF:
    """A tile's outline."""
    return QPolygonF(
        [QPointF(centre.x() + x * size, centre.y() + y * size) for x, y in _geometry(shape)[1]]
    )


def paint_tile_art(painter: QPainter, centre: QPointF, size: float, art: TileArt) -> None:
    """Draw a tile centred at ``centre``, ``size`` its half side (a hex: its radius)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    fill = _colour(art.fill, QColor("#bdbdbd"))
    tile = size * INSET
    rim = QPen(fill.darker(160), max(size * 0.04, 0.5))
    rim.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(rim)
    painter.setBrush(fill)
    painter.drawPolygon(outline(centre, tile, art.shape))
    ink = _colour(art.path_colour, QColor("black"))
    _paths(painter, centre, tile, art, ink)
    if art.cross and QColor.isValidColorName(art.cross):
        pen = QPen(QColor(art.cross), tile * CROSS_WIDTH)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        a, b = tile * 0.55, tile * 0.55
        painter.drawLine(
            QPointF(centre.x() - a, centre.y() - b), QPointF(centre.x() + a, centre.y() + b)
        )
        painter.drawLine(
            QPointF(centre.x() + a, centre.y() - b), QPointF(centre.x() - a, centre.y() + b)
        )
    if art.text:
        _text(
            painter,
            QRectF(centre.x() - tile * 0.7, centre.y() - tile * 0.45, tile * 1.4, tile * 0.9),
            art.text,
            fill,
            bold=True,
        )
    if art.corner:
        box = QRectF(centre.x() - tile * 0.95, centre.y() - tile * 0.95, tile * 0.7, tile * 0.5)
        _text(painter, box, art.corner, fill, bold=True)
    painter.restore()


def _colour(name: str, fallback: QColor) -> QColor:
    return QColor(name) if name and QColor.isValidColorName(name) else fallback


def _paths(painter: QPainter, centre: QPointF, tile: float, art: TileArt, ink: QColor) -> None:
    """The paths from the middle out to the space's sides (so that they meet their
    neighbours' across the rim), then the end marks with their short paths, each over a
    darker outline so that they read on any fill."""
    width = tile * PATH_WIDTH
    edge = tile / INSET
    end_ink = _colour(art.end_colour, ink)
    ends = [
        (side_point(centre, tile, art.shape, end, SIDE_END_AT), SIDE_END_RADIUS, end)
        if end
        else (centre, END_RADIUS, end)
        for end in art.ends
    ]
    for colour, grow in ((ink.darker(220), tile * 0.08), (ink, 0.0)):
        pen = QPen(colour, width + grow)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        for side in art.paths:
            painter.drawLine(centre, side_point(centre, edge, art.shape, side))
        if art.paths:  # round the joint where the paths meet
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawEllipse(centre, (width + grow) / 2, (width + grow) / 2)
    for colour, grow in ((end_ink.darker(220), tile * 0.08), (end_ink, 0.0)):
        pen = QPen(colour, width + grow)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        for where, _, side in ends:
            if side:  # a short path from its side in to the end mark
                painter.drawLine(where, side_point(centre, edge, art.shape, side))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        for where, radius, _ in ends:
            painter.drawEllipse(where, radius * tile + grow / 2, radius * tile + grow / 2)
    # an eye on each end mark, so that an end reads as a head, not as a joint
    painter.setBrush(QColor("#111111" if end_ink.lightnessF() > 0.6 else "#ffffff"))
    for where, _, _ in ends:
        painter.drawEllipse(where, tile * 0.075, tile * 0.075)


def _text(painter: QPainter, box: QRectF, text: str, background: QColor, *, bold: bool) -> None:
    """Write ``text`` as large as ``box`` holds it, in black or white on ``background``."""
    font = QFont()
    font.setBold(bold)
    pixels = max(int(box.height()), 1)
    font.setPixelSize(pixels)
    while pixels > 1 and QFontMetricsF(font).horizontalAdvance(text) > box.width():
        pixels -= 1
        font.setPixelSize(pixels)
    painter.setFont(font)
    light = background.lightnessF() > 0.55
    painter.setPen(QColor("#111111" if light else "#ffffff"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
