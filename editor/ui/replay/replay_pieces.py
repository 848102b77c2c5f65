"""The pieces of a replay frame drawn over a board scene: one disc per living piece in its
owner's (its seat's) colour with the badge its game gives it (a snail's health, say), and a
white ring when the game asks for one (a snail in its shell).

The discs are sized by the space: the pieces on a space share the room between its label and
its counters (:func:`piece_spots`), as large as they fit, so they grow with the board. The
badge is written as large as the disc holds, in black or white by the disc's colour, so it
reads on every seat's colour.

Plain drawing of :class:`~editor.core.registry.FramePiece` records; no rules here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.core.registry import FramePiece
from editor.ui.board.board_view import BoardScene
from editor.ui.board.painters import readable_ink
from editor.ui.replay.seat_names import player_name

#: One colour per seat, in seat order (repeats after six seats).
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
#: Above the spaces and a heatmap, so pieces are never hidden.
Z_VALUE = 10.0
#: Where a space's pieces stand, as fractions of the space's size from its centre: across
#: the middle, between the label's band at the top and the counters along the bottom.
STAGE = QRectF(-0.7, -0.42, 1.4, 0.78)
#: A disc's share of its cell of the stage (the rest is the gap between pieces).
FILL = 0.92
#: The badge's text fills at most this share of the disc's width.
BADGE_WIDTH = 0.78


def seat_colour(seat: int) -> QColor:
    """The colour of a seat's pieces."""
    return QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def seat_name(seat: int, names: Sequence[str] = ()) -> str:
    """How the replay names a seat: its name in ``names`` (see
    :mod:`~editor.ui.replay.seat_names`), else ``Player 1`` for seat 0."""
    return names[seat] if 0 <= seat < len(names) else player_name(seat)


def describe_attributes(piece: FramePiece) -> str:
    """A piece's number read-outs in words, ``30 health``; words ones are left to its note.

    >>> describe_attributes(FramePiece("a", 0, "A1", True, (("health", 30), ("x", "y"))))
    '30 health'
    """
    return ", ".join(f"{value} {key}" for key, value in piece.attributes if isinstance(value, int))


def describe_piece(piece: FramePiece, names: Sequence[str] = ()) -> str:
    """One line about a piece, e.g. ``p1-leader (Pirates): 30 health, in its shell``, its
    seat named from ``names`` (else ``Player 1``)."""
    where = (describe_attributes(piece) or "alive") if piece.alive else "dead"
    note = f", {piece.note}" if piece.note else ""
    return f"{piece.name} ({seat_name(piece.seat, names)}): {where}{note}"


def piece_spots(count: int, size: float) -> list[tuple[QPointF, float]]:
    """Where ``count`` pieces stand on a space of ``size``: each one's offset from the
    space's centre and its radius.

    They are laid in the rows and columns that give the largest discs in the
    :data:`STAGE`, which lies inside a hex's and a square's outline, clear of the label and
    the counters.

    >>> [round(r / 40, 2) for _, r in piece_spots(1, 40)], len(piece_spots(5, 40))
    ([0.36], 5)
    """
    if count <= 0:
        return []
    width, height = STAGE.width() * size, STAGE.height() * size
    columns = max(
        range(1, count + 1),
        key=lambda c: (min(width / c, height / math.ceil(count / c)), -c),
    )
    rows = math.ceil(count / columns)
    cell = min(width / columns, height / rows)
    radius = cell * FILL / 2
    top = STAGE.center().y() * size - (rows - 1) * cell / 2
    spots = []
    for index in range(count):
        row, column = divmod(index, columns)
        in_row = min(columns, count - row * columns)  # a last row that is short is centred
        x = (column - (in_row - 1) / 2) * cell + STAGE.center().x() * size
        spots.append((QPointF(x, top + row * cell), radius))
    return spots


def badge_font(text: str, radius: float) -> QFont:
    """A bold font as large as the disc holds ``text`` in (its height about the radius)."""
    font = QFont()
    font.setBold(True)
    pixels = max(int(radius * 1.1), 1)
    font.setPixelSize(pixels)
    while pixels > 1 and QFontMetricsF(font).horizontalAdvance(text) > 2 * radius * BADGE_WIDTH:
        pixels -= 1
        font.setPixelSize(pixels)
    return font


def badge_ink(seat: int) -> QColor:
    """The ink of a badge on a seat's disc: black or white, whichever reads better on it."""
    return readable_ink(seat_colour(seat))


class PiecesItem(QGraphicsItem):
    """Draws the living pieces of a frame on their spaces; takes no mouse or hover events."""

    def __init__(self, scene: BoardScene) -> None:
        super().__init__()
        self.board_scene = scene
        self.pieces: tuple[FramePiece, ...] = ()
        self.setZValue(Z_VALUE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def set_pieces(self, pieces: Sequence[FramePiece]) -> None:
        """Show these pieces (the dead ones and those off the board are not drawn)."""
        self.pieces = tuple(pieces)
        self.update()

    def at(self, label: str) -> list[FramePiece]:
        """The living pieces drawn on a space."""
        return [p for p in self.pieces if p.alive and p.label == label]

    def boundingRect(self) -> QRectF:
        return self.board_scene.sceneRect()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        spaces: dict[str, list[FramePiece]] = {}
        for piece in self.pieces:
            if piece.alive and piece.label is not None:
                spaces.setdefault(piece.label, []).append(piece)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for label, here in spaces.items():
            space = self.board_scene.space_items.get(label)
            if space is None:
                continue
            for piece, (offset, radius) in zip(
                here, piece_spots(len(here), space.size), strict=True
            ):
                self._paint_piece(painter, space.center + offset, radius, piece)
        painter.restore()

    def _paint_piece(
        self, painter: QPainter, centre: QPointF, radius: float, piece: FramePiece
    ) -> None:
        colour = seat_colour(piece.seat)
        # the outline inside the disc's radius, so that neighbours never touch
        line = radius * (0.2 if piece.ring else 0.1)
        painter.setPen(QPen(QColor("#ffffff" if piece.ring else "#1b1b1b"), line))
        painter.setBrush(colour)
        inner = radius - line / 2
        painter.drawEllipse(centre, inner, inner)
        if not piece.badge:
            return
        painter.setFont(badge_font(piece.badge, radius))
        painter.setPen(badge_ink(piece.seat))
        box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, piece.badge)
