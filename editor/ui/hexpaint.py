"""Drawing of flat-top hex spaces, shared by the board view and headless rendering.

Geometry (see DESIGN.md, "even-q" offset): a space in column ``col`` and row ``row`` (both
counted from 0) has its centre at ``x = 1.5 * size * col`` and
``y = sqrt(3) * size * (row + 0.5)`` when ``col`` is even (A, C, E... sit half a hex lower),
``y = sqrt(3) * size * row`` when it is odd. ``size`` is the distance from the centre to a
corner.

A space is painted as a hex filled with the colour of its top tile (water when the stack is
empty), one bevel line inside the border per tile (the height cue), the number of tiles and
the label. Nothing here knows a game's rules: tiles are just ids looked up in a colour map.

Painting text needs a ``QGuiApplication`` (``QT_QPA_PLATFORM=offscreen`` works headless).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen, QPolygonF

from editor.ui.board_picture import BoardPicture

SQRT3 = math.sqrt(3.0)

WATER = "water"
"""The colour-map key used for an empty stack."""

DEFAULT_COLOURS: dict[str, str] = {
    WATER: "#3f7fbf",
    "beach": "#e9d8a6",
    "meadow": "#8fbf5a",
    "mountain": "#8d8175",
}
"""Colours used for tile ids that the caller's colour map does not name."""

FALLBACK_COLOUR = "#9e9e9e"
"""Colour of a tile id that neither the caller's map nor :data:`DEFAULT_COLOURS` knows."""

BORDER_COLOUR = "#26323d"
"""Colour of the thin line around every space."""


def hex_center(col: int, row: int, size: float) -> QPointF:
    """Pixel centre of the space in column ``col`` and row ``row`` (both from 0)."""
    x = 1.5 * size * col
    y = SQRT3 * size * (row + 0.5 if col % 2 == 0 else row)
    return QPointF(x, y)


def hex_polygon(center: QPointF, size: float) -> QPolygonF:
    """The six corners of a flat-top hex, clockwise from the east corner."""
    return QPolygonF(
        [
            QPointF(
                center.x() + size * math.cos(math.radians(60 * i)),
                center.y() + size * math.sin(math.radians(60 * i)),
            )
            for i in range(6)
        ]
    )


def board_rect(positions: Iterable[tuple[int, int]], size: float) -> QRectF:
    """The smallest rectangle holding the hexes at these ``(column, row)`` positions."""
    rect = QRectF()
    for col, row in positions:
        c = hex_center(col, row, size)
        hex_rect = QRectF(c.x() - size, c.y() - SQRT3 / 2 * size, 2 * size, SQRT3 * size)
        rect = hex_rect if rect.isNull() else rect.united(hex_rect)
    return rect


def tile_colour(tile: str, colours: Mapping[str, str] | None = None) -> QColor:
    """The colour of a tile id: the caller's map, else the defaults, else grey."""
    name = (colours or {}).get(tile) or DEFAULT_COLOURS.get(tile) or FALLBACK_COLOUR
    colour = QColor(name)
    return colour if colour.isValid() else QColor(FALLBACK_COLOUR)


def fill_colour(stack: list[str], colours: Mapping[str, str] | None = None) -> QColor:
    """The fill of a space: its top tile's colour, or the water colour when it is empty."""
    return tile_colour(stack[-1] if stack else WATER, colours)


def _ink_for(background: QColor) -> QColor:
    """Dark text on light fills, light text on dark ones."""
    luminance = 0.299 * background.redF() + 0.587 * background.greenF() + 0.114 * background.blueF()
    return QColor("#1b1b1b") if luminance > 0.55 else QColor("#f4f4f4")


def paint_space(
    painter: QPainter,
    center: QPointF,
    size: float,
    label: str,
    stack: list[str],
    colours: Mapping[str, str] | None = None,
    *,
    detail: float = 1.0,
) -> None:
    """Paint one space centred at ``center``.

    ``detail`` is the on-screen pixels per scene unit; below about 0.35 the texts are left out
    so that a zoomed-out board stays readable.
    """
    fill = fill_colour(stack, colours)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    # The hex itself, filled with the top tile's colour.
    border = QPen(QColor(BORDER_COLOUR), max(size * 0.035, 0.5))
    border.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(border)
    painter.setBrush(fill)
    painter.drawPolygon(hex_polygon(center, size))

    # Height cue: one bevel line per tile, each a shade darker, stepping inwards from the
    # border, in the colour of the tile at that level (the bottom tile outermost).
    painter.setBrush(Qt.BrushStyle.NoBrush)
    step = size * 0.085
    for level, tile in enumerate(stack):
        shade = tile_colour(tile, colours).darker(135 + 15 * level)
        pen = QPen(shade, step * 0.8)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.drawPolygon(hex_polygon(center, size - step * (level + 0.55) * 1.15))

    if detail * size >= 14:
        ink = _ink_for(fill)
        font = QFont()
        font.setPixelSize(max(int(size * 0.26), 1))
        painter.setFont(font)
        painter.setPen(ink)
        label_box = QRectF(
            center.x() - size * 0.6, center.y() - size * 0.72, size * 1.2, size * 0.4
        )
        painter.drawText(label_box, Qt.AlignmentFlag.AlignCenter, label)
        if stack:
            font.setPixelSize(max(int(size * 0.3), 1))
            font.setBold(True)
            painter.setFont(font)
            count_box = QRectF(
                center.x() - size * 0.4, center.y() + size * 0.3, size * 0.8, size * 0.42
            )
            painter.drawText(count_box, Qt.AlignmentFlag.AlignCenter, str(len(stack)))
    painter.restore()


def paint_picture(painter: QPainter, picture: BoardPicture, size: float) -> None:
    """Paint every space of ``picture`` in scene coordinates (A1's centre near the origin)."""
    for label in picture.labels:
        col, row = picture.position(label)
        paint_space(
            painter,
            hex_center(col, row, size),
            size,
            label,
            picture.stack(label),
            picture.colours,
        )


def render_picture(
    picture: BoardPicture, size: float = 40.0, margin: float = 12.0, background: str = "#ffffff"
) -> QImage:
    """Render a whole board into a new image (for headless use, e.g. a ``render`` command)."""
    rect = board_rect((picture.position(label) for label in picture.labels), size)
    rect = rect.adjusted(-margin, -margin, margin, margin)
    image = QImage(
        max(math.ceil(rect.width()), 1),
        max(math.ceil(rect.height()), 1),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.fill(QColor(background))
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.translate(-rect.left(), -rect.top())
        paint_picture(painter, picture, size)
    finally:
        painter.end()
    return image
