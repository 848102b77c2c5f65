"""What every grid's painter shares: colours, ink, text, marks, counters, and the drawing.

A :class:`Painter` draws the spaces of one kind of grid. Where a space lies and what shape it
has come from the grid (:mod:`editor.core.grid`): its centre, its outline and the shape of a
space of any size around any point, so no geometry is worked out here. Everything else is the
same on every grid and lives in this module:

a space is painted in the colour of its bottom tile (the game's empty colour when its stack is
empty) with each higher tile a smaller copy of the shape on top (terraces: the height cue), the
number of tiles and the label; optionally one mark per tile (:attr:`tile_marks`), coloured
counter discs and a badge. Nothing here knows a game's rules: tiles and counters are just ids
looked up in colour maps.

Painting text needs a ``QGuiApplication`` (``QT_QPA_PLATFORM=offscreen`` works headless).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QIcon,
    QImage,
    QPainter,
    QPen,
    QPixmap,
    QPolygonF,
)

from editor.core.grid import Grid, Point, grid_for
from editor.core.registry import GameEditor, TileArt
from editor.studio.board_picture import BoardPicture
from editor.ui.common.tile_art import paint_tile_art

__all__ = [
    "BORDER_COLOUR",
    "DEFAULT_EMPTY",
    "FALLBACK_COLOUR",
    "TERRACE",
    "Painter",
    "border_of_empty",
    "contrast_ratio",
    "counter_colour",
    "counter_initials",
    "fill_colour",
    "ink_for",
    "ink_of_empty",
    "laid_over",
    "readable_ink",
    "tile_colour",
]

FALLBACK_COLOUR = "#9e9e9e"
"""Colour of a tile id that the caller's colour map does not know."""

DEFAULT_EMPTY = GameEditor.empty_colour
"""The colour of an empty space when the picture names none (a game's default)."""

BORDER_COLOUR = "#26323d"
"""Colour of the thin line around every space that holds tiles."""

TERRACE = 0.17
"""How much smaller, as a fraction of the space, each tile is than the one below it."""


def tile_colour(tile: str, colours: Mapping[str, str] | None = None) -> QColor:
    """The colour of a tile id: the caller's map, else grey."""
    colour = QColor((colours or {}).get(tile) or FALLBACK_COLOUR)
    return colour if colour.isValid() else QColor(FALLBACK_COLOUR)


def _empty(empty: str) -> QColor:
    colour = QColor(empty)
    return colour if colour.isValid() else QColor(DEFAULT_EMPTY)


def fill_colour(
    stack: Sequence[str], colours: Mapping[str, str] | None = None, empty: str = DEFAULT_EMPTY
) -> QColor:
    """The fill of a space: its top tile's colour, or ``empty`` when it holds no tile."""
    return tile_colour(stack[-1], colours) if stack else _empty(empty)


def ink_for(background: QColor) -> QColor:
    """Dark text on light fills, light text on dark ones."""
    luminance = 0.299 * background.redF() + 0.587 * background.greenF() + 0.114 * background.blueF()
    return QColor("#1b1b1b") if luminance > 0.55 else QColor("#f4f4f4")


def _luminance(colour: QColor) -> float:
    """The relative luminance of an opaque colour, as WCAG 2 defines it (0 black, 1 white)."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * linear(colour.redF())
        + 0.7152 * linear(colour.greenF())
        + 0.0722 * linear(colour.blueF())
    )


def contrast_ratio(a: QColor, b: QColor) -> float:
    """The WCAG 2 contrast ratio of two opaque colours: 1 (none) to 21 (black on white);
    text wants at least 4.5.

    >>> round(contrast_ratio(QColor("#000000"), QColor("#ffffff")), 1)
    21.0
    """
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def readable_ink(background: QColor) -> QColor:
    """Black or white, whichever contrasts more with ``background``: at least 4.5 to 1 on
    any colour (the least, about 4.6, is on a mid grey), so a label reads on every fill.

    >>> readable_ink(QColor("#bd0026")).name(), readable_ink(QColor("#ffffb2")).name()
    ('#ffffff', '#000000')
    """
    black, white = QColor("#000000"), QColor("#ffffff")
    return (
        white if contrast_ratio(white, background) >= contrast_ratio(black, background) else black
    )


def laid_over(base: QColor, top: QColor) -> QColor:
    """The colour seen where ``top`` (with its alpha) lies over an opaque ``base``."""
    alpha = top.alphaF()
    return QColor.fromRgbF(
        base.redF() + (top.redF() - base.redF()) * alpha,
        base.greenF() + (top.greenF() - base.greenF()) * alpha,
        base.blueF() + (top.blueF() - base.blueF()) * alpha,
    )


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
    )


def border_of_empty(empty: str, given: str = "") -> QColor:
    """The line around an empty space: ``given``, else the empty colour a little darker, so
    it is quieter than a tiled space's."""
    colour = QColor(given)
    return colour if given and colour.isValid() else _empty(empty).darker(115)


def ink_of_empty(empty: str, given: str = "") -> QColor:
    """The label colour on an empty space: ``given``, else a pale (on a dark empty colour)
    or deep (on a light one) tint of the empty colour."""
    colour = QColor(given)
    if given and colour.isValid():
        return colour
    base = _empty(empty)
    dark = ink_for(base).lightness() > 128
    return _mix(base, QColor("#ffffff" if dark else "#000000"), 0.82 if dark else 0.7)


def counter_initials(counter: str) -> str:
    """The letters on a counter's disc: the initials of a two-word id, else its first letter.

    >>> counter_initials("fire"), counter_initials("dead-weight")
    ('F', 'DW')
    """
    words = [w for w in counter.split("-") if w]
    return "".join(w[0] for w in words[:2]).upper() if len(words) > 1 else counter[:1].upper()


def counter_colour(counter: str, colours: Mapping[str, str] | None = None) -> QColor:
    """A counter's colour: the one its kind gives in ``colours``, else one derived from its id.

    The derived colour is stable (the same id always gets the same hue), so a counter whose
    content names no colour still reads the same on every board.
    """
    given = QColor((colours or {}).get(counter, ""))
    if given.isValid():
        return given
    hue = sum(ord(ch) * (i + 1) for i, ch in enumerate(counter)) % 360
    return QColor.fromHsv(hue, 150, 220)


@functools.lru_cache(maxsize=1024)
def _corner_offsets(kind: str, size: float) -> tuple[Point, ...]:
    """The corners of a space of ``size`` relative to its centre, from the grid's outline.

    The x offsets are read from a space whose centre has x == 0 and the y offsets from one
    whose centre has y == 0 (when the grid has such spaces, as both grids do), so that
    ``centre + offset`` is exactly the grid's own corner, to the last bit.
    """
    grid = grid_for(kind)
    spaces: list[str] = []
    for a in range(-2, 3):
        for b in range(-2, 3):
            try:
                spaces.append(grid.format((a, b)))
            except ValueError:
                continue
    centres = {label: grid.centre(label, size) for label in spaces}
    on_y = next((lb for lb in spaces if centres[lb][0] == 0.0), spaces[0])
    on_x = next((lb for lb in spaces if centres[lb][1] == 0.0), spaces[0])
    xs = [x - centres[on_y][0] for x, _ in grid.outline(on_y, size)]
    ys = [y - centres[on_x][1] for _, y in grid.outline(on_x, size)]
    return tuple(zip(xs, ys, strict=True))


class Painter:
    """Draws the spaces of one grid kind (get one with :func:`editor.ui.board.painters.for_grid`).

    Positions and shapes come from :attr:`grid`; sizes are the grid's ``size`` (hex: centre
    to corner; square: half the side). Subclasses say which grid, and may place the texts
    differently; the drawing is shared.
    """

    grid: Grid

    def __init__(self, grid: Grid) -> None:
        self.grid = grid

    @property
    def kind(self) -> str:
        """The grid kind drawn: ``"hex"`` or ``"square"``."""
        return self.grid.kind

    # --- geometry, from the grid --------------------------------------------------------

    def centre(self, label: str, size: float) -> QPointF:
        """Pixel centre of a space."""
        x, y = self.grid.centre(label, size)
        return QPointF(x, y)

    def outline(self, label: str, size: float) -> QPolygonF:
        """The corners of a space, as the grid gives them."""
        return QPolygonF([QPointF(x, y) for x, y in self.grid.outline(label, size)])

    def shape(self, centre: QPointF, size: float) -> QPolygonF:
        """The outline of a space of ``size`` around any point (terraces, rings, overlays)."""
        cx, cy = centre.x(), centre.y()
        return QPolygonF([QPointF(cx + dx, cy + dy) for dx, dy in _corner_offsets(self.kind, size)])

    def space_rect(self, label: str, size: float) -> QRectF:
        """The smallest rectangle holding a space."""
        return self.outline(label, size).boundingRect()

    def board_rect(self, labels: Iterable[str], size: float) -> QRectF:
        """The smallest rectangle holding these spaces (a null rectangle for none)."""
        rect = QRectF()
        for label in labels:
            space = self.space_rect(label, size)
            rect = space if rect.isNull() else rect.united(space)
        return rect

    def pitch(self, size: float) -> tuple[float, float]:
        """Scene units from one column of spaces to the next, and from one row to the next."""
        grid = self.grid
        origin = grid.format((0, 0))
        south = grid.directions[len(grid.directions) // 2]  # clockwise from N: half way is S
        x0, y0 = grid.centre(origin, size)
        across = grid.centre(grid.format((2, 0)), size)
        down = grid.centre(grid.neighbour(origin, south), size)
        return (across[0] - x0) / 2, down[1] - y0

    def label_at(self, x: float, y: float, size: float) -> str | None:
        """The label of the space holding a scene point (None where no label exists)."""
        try:
            return self.grid.at_pixel(x, y, size)
        except ValueError:
            return None

    # --- drawing ------------------------------------------------------------------------

    def paint_space(
        self,
        painter: QPainter,
        center: QPointF,
        size: float,
        label: str,
        stack: Sequence[str],
        colours: Mapping[str, str] | None = None,
        *,
        detail: float = 1.0,
        show_label: bool = True,
        tile_marks: Sequence[str | None] | None = None,
        counters: Sequence[str] = (),
        badge: str | None = None,
        counter_colours: Mapping[str, str] | None = None,
        empty_colour: str = DEFAULT_EMPTY,
        empty_border: str = "",
        empty_ink: str = "",
        art: TileArt | None = None,
    ) -> None:
        """Paint one space centred at ``center``.

        A stack is drawn as terraces: each tile a smaller copy of the space on the one below
        it, in its own colour, so a space reads bottom to top from the rim inwards and its
        height shows at a glance; the number of tiles is written on the top terrace.
        ``detail`` is the on-screen pixels per scene unit; when a space would be too small for
        text the texts are left out. ``tile_marks`` (one mark per tile, bottom to top,
        ``None`` for none) draws a row of mark badges instead of the count; ``counters``
        (coloured by ``counter_colours``, see :func:`counter_colour`) and ``badge`` add
        markers. An empty space is ``empty_colour``, outlined in ``empty_border`` and labelled
        in ``empty_ink`` (both derived from the empty colour when not given). ``art`` draws
        the tile seen from above (its paths) instead of the stack's terraces and count.
        """
        stack = list(stack)
        fill = fill_colour(stack, colours, empty_colour)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)

        # The space itself: empty, or the bottom tile.
        base = tile_colour(stack[0], colours) if stack else fill
        line = QColor(BORDER_COLOUR) if stack else border_of_empty(empty_colour, empty_border)
        border = QPen(line, max(size * 0.035, 0.5))
        border.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(border)
        painter.setBrush(base)
        painter.drawPolygon(self.shape(center, size))

        if art is not None:
            paint_tile_art(painter, center, size, art)
            stack = stack[:1]  # no terraces nor count: the art shows what lies there
        # Terraces: each higher tile a smaller copy in its own colour with a darker rim, lit
        # from the top left by a one-unit drop shadow, so height reads like contour lines.
        for level, tile in enumerate(stack[1:], start=1):
            inner = size * (1.0 - TERRACE * level)
            colour = tile_colour(tile, colours)
            shadow = QColor(0, 0, 0, 70)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(shadow)
            painter.drawPolygon(self.shape(center + QPointF(size * 0.03, size * 0.05), inner))
            rim = QPen(colour.darker(150), max(size * 0.03, 0.4))
            rim.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(rim)
            painter.setBrush(colour)
            painter.drawPolygon(self.shape(center, inner))

        on_screen = detail * size
        if on_screen >= 12:
            ink = ink_for(fill)
            font = QFont()
            if show_label:
                font.setPixelSize(max(int(size * 0.25), 1))
                painter.setFont(font)
                label_box = self.label_box(center, size)
                if len(stack) > 1:
                    # the terraces' rims run through the label: set it on a plate of the
                    # bottom tile's colour so it reads as easily as on a single tile
                    text = QFontMetricsF(font).boundingRect(
                        label_box, Qt.AlignmentFlag.AlignCenter, label
                    )
                    plate = text.adjusted(-size * 0.06, -size * 0.01, size * 0.06, size * 0.01)
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(base)
                    painter.drawRoundedRect(plate, size * 0.05, size * 0.05)
                label_ink = ink_for(base) if stack else ink_of_empty(empty_colour, empty_ink)
                self.paint_label(painter, center, size, label, label_ink)
            if tile_marks and any(mark for mark in tile_marks):
                self._paint_tile_marks(painter, center, size, stack, tile_marks, colours)
            elif stack and art is None:
                font.setPixelSize(max(int(size * 0.34), 1))
                font.setBold(True)
                painter.setFont(font)
                painter.setPen(ink)
                count_box = QRectF(
                    center.x() - size * 0.4, center.y() - size * 0.2, size * 0.8, size * 0.44
                )
                painter.drawText(count_box, Qt.AlignmentFlag.AlignCenter, str(len(stack)))
        if badge:
            self._paint_badge(painter, center, size, badge, on_screen >= 12)
        if counters:
            self._paint_counters(painter, center, size, counters, on_screen >= 12, counter_colours)
        painter.restore()

    def label_box(self, center: QPointF, size: float) -> QRectF:
        """Where a space's label is written: a band across the top of the space."""
        return QRectF(center.x() - size * 0.6, center.y() - size * 0.8, size * 1.2, size * 0.36)

    def label_colour(
        self, stack: Sequence[str], colours: Mapping[str, str] | None, empty_colour: str
    ) -> QColor:
        """The colour a space's label is written on: its bottom tile's (a taller stack sets
        the label on a plate of it), or the empty colour."""
        return tile_colour(stack[0], colours) if stack else _empty(empty_colour)

    def paint_label(
        self, painter: QPainter, center: QPointF, size: float, label: str, ink: QColor
    ) -> None:
        """Write a space's label in its band, in ``ink`` (also over an overlay: a heatmap
        writes the label again above its colour, so that it keeps its contrast)."""
        font = QFont()
        font.setPixelSize(max(int(size * 0.25), 1))
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(self.label_box(center, size), Qt.AlignmentFlag.AlignCenter, label)

    def _paint_tile_marks(
        self,
        painter: QPainter,
        center: QPointF,
        size: float,
        stack: Sequence[str],
        marks: Sequence[str | None],
        colours: Mapping[str, str] | None,
    ) -> None:
        """One small rounded badge per tile, bottom tile on the left, with its mark.

        A mark still to be decided (``?``) gets a faint badge, so that the marks a layout
        pins stand out.
        """
        count = len(stack)
        width = size * 0.34
        gap = size * 0.04
        total = count * width + (count - 1) * gap
        x = center.x() - total / 2
        font = QFont()
        font.setPixelSize(max(int(size * 0.2), 1))
        font.setBold(True)
        painter.setFont(font)
        for tile, mark in zip(stack, marks, strict=False):
            box = QRectF(x, center.y() - size * 0.16, width, size * 0.32)
            colour = tile_colour(tile, colours)
            unknown = mark in (None, "", "?")
            painter.setOpacity(0.55 if unknown else 1.0)
            painter.setPen(QPen(colour.darker(220 if not unknown else 150), max(size * 0.025, 0.4)))
            painter.setBrush(colour.lighter(115) if unknown else QColor("#fffdf5"))
            painter.drawRoundedRect(box, size * 0.06, size * 0.06)
            painter.setPen(ink_for(colour) if unknown else QColor(BORDER_COLOUR))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark or "")
            x += width + gap
        painter.setOpacity(1.0)

    def _paint_badge(
        self, painter: QPainter, center: QPointF, size: float, text: str, words: bool
    ) -> None:
        """A badge: a white dashed ring inside the rim and the text at the top right."""
        pen = QPen(QColor("#ffffff"), max(size * 0.05, 0.6), Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(self.shape(center, size * 0.9))
        if words:
            dot = QRectF(center.x() + size * 0.28, center.y() - size * 0.62, size * 0.4, size * 0.3)
            painter.setPen(QPen(QColor(BORDER_COLOUR), max(size * 0.02, 0.4)))
            painter.setBrush(QColor("#ffffff"))
            painter.drawRoundedRect(dot, size * 0.08, size * 0.08)
            font = QFont()
            font.setPixelSize(max(int(size * 0.2), 1))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor(BORDER_COLOUR))
            painter.drawText(dot, Qt.AlignmentFlag.AlignCenter, text[:3])

    def _paint_counters(
        self,
        painter: QPainter,
        center: QPointF,
        size: float,
        counters: Sequence[str],
        words: bool,
        colours: Mapping[str, str] | None,
    ) -> None:
        """Counters as small discs along the bottom of the space, each with its initials."""
        radius = size * 0.16
        shown = list(counters)[:4]
        x = center.x() - (len(shown) - 1) * radius * 1.1
        y = center.y() + size * 0.52
        font = QFont()
        font.setPixelSize(max(int(radius * 1.05), 1))
        font.setBold(True)
        painter.setFont(font)
        for counter in shown:
            fill = counter_colour(counter, colours)
            painter.setPen(QPen(QColor(BORDER_COLOUR), max(size * 0.02, 0.4)))
            painter.setBrush(fill)
            painter.drawEllipse(QPointF(x, y), radius, radius)
            if words:
                painter.setPen(ink_for(fill))
                box = QRectF(x - radius, y - radius, 2 * radius, 2 * radius)
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, counter_initials(counter))
            x += radius * 2.2

    def paint_picture(
        self,
        painter: QPainter,
        picture: BoardPicture,
        size: float,
        *,
        show_marks: bool = False,
        show_labels: bool = True,
        show_margin: bool = False,
    ) -> None:
        """Paint every space of ``picture`` in scene coordinates (the grid's pixels); on an
        open table with ``show_margin``, also the empty cells around the named ones."""
        for label in picture.spaces(margin=show_margin):
            self.paint_space(
                painter,
                self.centre(label, size),
                size,
                label,
                picture.stack(label),
                picture.colours,
                show_label=show_labels,
                tile_marks=picture.tile_marks.get(label) if show_marks else None,
                counters=picture.counters.get(label, ()),
                badge=picture.badges.get(label),
                counter_colours=picture.counter_colours,
                empty_colour=picture.empty_colour,
                empty_border=picture.empty_border,
                empty_ink=picture.empty_ink,
            )

    def render_picture(
        self,
        picture: BoardPicture,
        size: float = 40.0,
        margin: float = 12.0,
        background: str = "#ffffff",
    ) -> QImage:
        """Render a whole board into a new image (for headless use)."""
        rect = self.board_rect(picture.spaces(), size)
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
            self.paint_picture(painter, picture, size)
        finally:
            painter.end()
        return image

    def swatch(self, colour: str, size: int = 18) -> QIcon:
        """A small space of this grid in a colour, for lists and menus."""
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QColor(BORDER_COLOUR))
        painter.setBrush(QColor(colour))
        half = size / 2
        painter.drawPolygon(self.shape(QPointF(half, half), self.swatch_size(half - 1)))
        painter.end()
        return QIcon(pixmap)

    def swatch_size(self, room: float) -> float:
        """The grid size of a space that fits ``room`` scene units from its centre."""
        return room
