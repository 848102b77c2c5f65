"""The pieces of a replay frame drawn over a board scene: one disc per living piece in its
seat's colour with the badge its game gives it (a snail's health, say), and a white ring when
the game asks for one (a snail in its shell).

Plain drawing of :class:`~editor.core.registry.FramePiece` records; no rules here.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.core.registry import FramePiece
from editor.ui.board.board_view import BoardScene

#: One colour per seat, in seat order (repeats after six seats).
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
#: Above the spaces and a heatmap, so pieces are never hidden.
Z_VALUE = 10.0


def seat_colour(seat: int) -> QColor:
    """The colour of a seat's pieces."""
    return QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def seat_name(seat: int) -> str:
    """How the replay names a seat: ``p1`` for seat 0."""
    return f"p{seat + 1}"


def describe_attributes(piece: FramePiece) -> str:
    """A piece's number read-outs in words, ``30 health``; words ones are left to its note.

    >>> describe_attributes(FramePiece("a", 0, "A1", True, (("health", 30), ("x", "y"))))
    '30 health'
    """
    return ", ".join(f"{value} {key}" for key, value in piece.attributes if isinstance(value, int))


def describe_piece(piece: FramePiece) -> str:
    """One line about a piece, e.g. ``p1-leader (p1): 30 health, in its shell``."""
    where = (describe_attributes(piece) or "alive") if piece.alive else "dead"
    note = f", {piece.note}" if piece.note else ""
    return f"{piece.name} ({seat_name(piece.seat)}): {where}{note}"


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
            radius = space.size * (0.3 if len(here) == 1 else 0.24)
            for i, piece in enumerate(here):
                offset = (i - (len(here) - 1) / 2) * radius * 2.1
                centre = QPointF(space.center.x() + offset, space.center.y() - space.size * 0.05)
                self._paint_piece(painter, centre, radius, piece)
        painter.restore()

    def _paint_piece(
        self, painter: QPainter, centre: QPointF, radius: float, piece: FramePiece
    ) -> None:
        colour = seat_colour(piece.seat)
        painter.setPen(QPen(QColor("#ffffff" if piece.ring else "#1b1b1b"), radius * 0.22))
        painter.setBrush(colour)
        painter.drawEllipse(centre, radius, radius)
        font = QFont()
        font.setPixelSize(max(int(radius * 0.9), 1))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, piece.badge)
