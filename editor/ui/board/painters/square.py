"""The painter of square boards and open square tables (cells labelled ``x,y``).

Positions and corners are the square grid's (:class:`editor.core.grid.SquareGrid`: cell
``x,y`` centred at ``(2 * size * x, 2 * size * y)``, ``size`` half the side). Each cell is
drawn as a square with the shared look of :class:`~editor.ui.board.painters.base.Painter`: the
stack as terraces of smaller squares, the label across the top, marks, counters and badges.
"""

from __future__ import annotations

from editor.core.grid import grid_for
from editor.ui.board.painters.base import Painter

__all__ = ["SquarePainter"]

#: A square swatch is drawn a little smaller than its room, so it weighs as much as a hex.
SWATCH_SHARE = 0.85


class SquarePainter(Painter):
    """Draws square cells."""

    def __init__(self) -> None:
        super().__init__(grid_for("square"))

    def swatch_size(self, room: float) -> float:
        """A square filling its whole room looks heavier than a hex: draw it smaller."""
        return room * SWATCH_SHARE
