"""Painters of board spaces, one per grid kind, shared by every view that draws a board.

>>> for_grid("hex").kind, for_grid("square").kind
('hex', 'square')

The board view, the palette's swatches, image export (and ``seastack render``), the replay
board and the heatmap overlay all take the painter of the board's grid from :func:`for_grid`
(a :class:`~editor.studio.board_picture.BoardPicture` names its grid), so what one draws the
others draw alike.
"""

from __future__ import annotations

from editor.ui.board.painters.base import (
    BORDER_COLOUR,
    DEFAULT_EMPTY,
    FALLBACK_COLOUR,
    TERRACE,
    Painter,
    border_of_empty,
    contrast_ratio,
    counter_colour,
    counter_initials,
    fill_colour,
    ink_for,
    ink_of_empty,
    laid_over,
    readable_ink,
    tile_colour,
)
from editor.ui.board.painters.hex import HexPainter
from editor.ui.board.painters.square import SquarePainter

__all__ = [
    "BORDER_COLOUR",
    "DEFAULT_EMPTY",
    "FALLBACK_COLOUR",
    "TERRACE",
    "HexPainter",
    "Painter",
    "SquarePainter",
    "border_of_empty",
    "contrast_ratio",
    "counter_colour",
    "counter_initials",
    "fill_colour",
    "for_grid",
    "ink_for",
    "ink_of_empty",
    "laid_over",
    "readable_ink",
    "tile_colour",
]

_PAINTERS: dict[str, Painter] = {"hex": HexPainter(), "square": SquarePainter()}


def for_grid(kind: str) -> Painter:
    """The painter of a grid kind (``"hex"`` or ``"square"``); ``ValueError`` for others."""
    try:
        return _PAINTERS[kind]
    except KeyError:
        raise ValueError(
            f"no painter for a {kind!r} grid: use one of {', '.join(_PAINTERS)}"
        ) from None
