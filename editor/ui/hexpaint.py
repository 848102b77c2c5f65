"""Drawing of flat-top hex spaces, shared by the board view and headless rendering.

Geometry (see DESIGN.md, "even-q" offset): a space in column ``col`` and row ``row`` (both
counted from 0) has its centre at ``x = 1.5 * size * col`` and
``y = sqrt(3) * size * (row + 0.5)`` when ``col`` is even (A, C, E... sit half a hex lower),
``y = sqrt(3) * size * row`` when it is odd. ``size`` is the distance from the centre to a
corner.

A space is painted as a hex in the colour of its bottom tile (water when the stack is
empty) with each higher tile a smaller hex on top (terraces: the height cue), the number of
tiles and the label. Nothing here knows a game's rules: tiles are just ids looked up in a
colour map.

Painting text needs a ``QGuiApplication`` (``QT_QPA_PLATFORM=offscreen`` works headless).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen, QPolygonF

from editor.ui.board_picture import BoardPicture

SQRT3 = math.sqrt(3.0)

WATER = "water"
"""The colour-map key used for an empty stack."""

DEFAULT_COLOURS: dict[str, str] = {WATER: "#3f7fbf"}
"""Colours for keys the caller's colour map does not name: only water, which every hex board
has; tile colours are content that the game gives (:attr:`editor.core.registry.Game.colours`)."""

FALLBACK_COLOUR = "#9e9e9e"
"""Colour of a tile id that neither the caller's map nor :data:`DEFAULT_COLOURS` knows."""

BORDER_COLOUR = "#26323d"
"""Colour of the thin line around every land space."""

WATER_BORDER = "#2f6aa6"
"""Colour of the line around a water space: quieter than a land space's."""

WATER_INK = "#dbe8f5"
"""Colour of a water space's label."""

TERRACE = 0.17
"""How much smaller, as a fraction of the hex, each tile is than the one below it."""


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
    show_label: bool = True,
    backs: Sequence[str | None] | None = None,
    tokens: Sequence[str] = (),
    start: str | None = None,
    token_colours: Mapping[str, str] | None = None,
) -> None:
    """Paint one space centred at ``center``.

    A stack is drawn as terraces: each tile a smaller hex on the one below it, in its own
    colour, so a space reads bottom to top from the rim inwards and its height shows at a
    glance; the number of tiles is written on the top terrace. ``detail`` is the on-screen
    pixels per scene unit; when a hex would be too small for text the texts are left out.
    ``backs`` (one mark per tile, bottom to top, ``None`` for none) draws a row of back
    badges instead of the count; ``tokens`` (coloured by ``token_colours``, see
    :func:`token_colour`) and ``start`` add markers.
    """
    fill = fill_colour(stack, colours)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    # The hex itself: water, or the bottom tile.
    base = tile_colour(stack[0], colours) if stack else fill
    border = QPen(QColor(BORDER_COLOUR if stack else WATER_BORDER), max(size * 0.035, 0.5))
    border.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(border)
    painter.setBrush(base)
    painter.drawPolygon(hex_polygon(center, size))

    # Terraces: each higher tile a smaller hex in its own colour with a darker rim, lit from
    # the top left by a one-unit drop shadow, so height reads like contour lines on a map.
    for level, tile in enumerate(stack[1:], start=1):
        inner = size * (1.0 - TERRACE * level)
        colour = tile_colour(tile, colours)
        shadow = QColor(0, 0, 0, 70)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shadow)
        painter.drawPolygon(hex_polygon(center + QPointF(size * 0.03, size * 0.05), inner))
        rim = QPen(colour.darker(150), max(size * 0.03, 0.4))
        rim.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(rim)
        painter.setBrush(colour)
        painter.drawPolygon(hex_polygon(center, inner))

    on_screen = detail * size
    if on_screen >= 12:
        ink = _ink_for(fill)
        font = QFont()
        if show_label:
            font.setPixelSize(max(int(size * 0.25), 1))
            painter.setFont(font)
            label_box = QRectF(
                center.x() - size * 0.6, center.y() - size * 0.8, size * 1.2, size * 0.36
            )
            if len(stack) > 1:
                # the terraces' rims run through the label: set it on a plate of the bottom
                # tile's colour so it reads as easily as on a single tile
                text = QFontMetricsF(font).boundingRect(
                    label_box, Qt.AlignmentFlag.AlignCenter, label
                )
                plate = text.adjusted(-size * 0.06, -size * 0.01, size * 0.06, size * 0.01)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(base)
                painter.drawRoundedRect(plate, size * 0.05, size * 0.05)
            painter.setPen(_ink_for(base) if stack else QColor(WATER_INK))
            painter.drawText(label_box, Qt.AlignmentFlag.AlignCenter, label)
        if backs and any(mark for mark in backs):
            _paint_back_badges(painter, center, size, stack, backs, colours)
        elif stack:
            font.setPixelSize(max(int(size * 0.34), 1))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(ink)
            count_box = QRectF(
                center.x() - size * 0.4, center.y() - size * 0.2, size * 0.8, size * 0.44
            )
            painter.drawText(count_box, Qt.AlignmentFlag.AlignCenter, str(len(stack)))
    if start:
        _paint_start(painter, center, size, start, on_screen >= 12)
    if tokens:
        _paint_tokens(painter, center, size, tokens, on_screen >= 12, token_colours)
    painter.restore()


def _paint_back_badges(
    painter: QPainter,
    center: QPointF,
    size: float,
    stack: Sequence[str],
    backs: Sequence[str | None],
    colours: Mapping[str, str] | None,
) -> None:
    """One small rounded badge per tile, bottom tile on the left, with its back's mark.

    A back still to be dealt at random (mark ``?``) gets a faint badge, so that the backs a
    layout pins stand out.
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
    for tile, mark in zip(stack, backs, strict=False):
        box = QRectF(x, center.y() - size * 0.16, width, size * 0.32)
        colour = tile_colour(tile, colours)
        unknown = mark in (None, "", "?")
        painter.setOpacity(0.55 if unknown else 1.0)
        painter.setPen(QPen(colour.darker(220 if not unknown else 150), max(size * 0.025, 0.4)))
        painter.setBrush(colour.lighter(115) if unknown else QColor("#fffdf5"))
        painter.drawRoundedRect(box, size * 0.06, size * 0.06)
        painter.setPen(_ink_for(colour) if unknown else QColor(BORDER_COLOUR))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark or "")
        x += width + gap
    painter.setOpacity(1.0)


def _paint_start(painter: QPainter, center: QPointF, size: float, text: str, words: bool) -> None:
    """A start space: a white ring inside the rim with its owner's mark at the top right."""
    pen = QPen(QColor("#ffffff"), max(size * 0.05, 0.6), Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPolygon(hex_polygon(center, size * 0.9))
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


def _paint_tokens(
    painter: QPainter,
    center: QPointF,
    size: float,
    tokens: Sequence[str],
    words: bool,
    colours: Mapping[str, str] | None,
) -> None:
    """Tokens as small discs along the bottom of the hex, each with its kind's initials."""
    radius = size * 0.16
    shown = list(tokens)[:4]
    x = center.x() - (len(shown) - 1) * radius * 1.1
    y = center.y() + size * 0.52
    font = QFont()
    font.setPixelSize(max(int(radius * 1.05), 1))
    font.setBold(True)
    painter.setFont(font)
    for token in shown:
        fill = token_colour(token, colours)
        painter.setPen(QPen(QColor(BORDER_COLOUR), max(size * 0.02, 0.4)))
        painter.setBrush(fill)
        painter.drawEllipse(QPointF(x, y), radius, radius)
        if words:
            painter.setPen(_ink_for(fill))
            box = QRectF(x - radius, y - radius, 2 * radius, 2 * radius)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, token_initials(token))
        x += radius * 2.2


def token_initials(token: str) -> str:
    """The letters on a token's disc: the initials of a two-word id, else its first letter.

    >>> token_initials("fire"), token_initials("dead-weight")
    ('F', 'DW')
    """
    words = [w for w in token.split("-") if w]
    return "".join(w[0] for w in words[:2]).upper() if len(words) > 1 else token[:1].upper()


def token_colour(token: str, colours: Mapping[str, str] | None = None) -> QColor:
    """A token's colour: the one its kind gives in ``colours``, else one derived from its id.

    The derived colour is stable (the same id always gets the same hue), so a token whose
    content names no colour still reads the same on every board.
    """
    given = QColor((colours or {}).get(token, ""))
    if given.isValid():
        return given
    hue = sum(ord(ch) * (i + 1) for i, ch in enumerate(token)) % 360
    return QColor.fromHsv(hue, 150, 220)


def paint_picture(
    painter: QPainter,
    picture: BoardPicture,
    size: float,
    *,
    show_backs: bool = False,
    show_labels: bool = True,
) -> None:
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
            show_label=show_labels,
            backs=picture.backs.get(label) if show_backs else None,
            tokens=picture.tokens.get(label, ()),
            start=picture.starts.get(label),
            token_colours=picture.token_colours,
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
