"""The painter of flat-top hex boards (spaces labelled like ``D10``).

Positions and corners are the hex grid's (:class:`editor.core.grid.HexGrid`: even columns sit
half a hex lower; ``size`` is the distance from the centre to a corner). The drawing is the
shared one of :class:`~editor.ui.board.painters.base.Painter`; this module adds what only hex
boards have: spaces found by their (column, row) offset, as the first boards were written.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF

from editor.core.grid import grid_for
from editor.core.hexgrid import format_label, from_offset
from editor.ui.board.painters.base import Painter

__all__ = ["HexPainter", "offset_label"]


def offset_label(column: int, row: int) -> str:
    """The label of the hex in ``column`` and ``row``, both counted from 0.

    >>> offset_label(3, 9), offset_label(27, 2)
    ('D10', 'AB3')
    """
    return format_label(from_offset(column, row + 1))


class HexPainter(Painter):
    """Draws flat-top hexes."""

    def __init__(self) -> None:
        super().__init__(grid_for("hex"))

    def offset_centre(self, column: int, row: int, size: float) -> QPointF:
        """Pixel centre of the hex in ``column`` and ``row`` (both from 0)."""
        return self.centre(offset_label(column, row), size)
