"""The hex painter under its first name, for the modules that still import it.

The drawing lives in :mod:`editor.ui.painters` (one painter per grid kind, chosen by the
board); this module re-exports the hex painter's functions and the shared colours.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPolygonF

from editor.ui.painters import (
    BORDER_COLOUR,
    FALLBACK_COLOUR,
    TERRACE,
    HexPainter,
    counter_colour,
    counter_initials,
    fill_colour,
    tile_colour,
)

__all__ = [
    "BORDER_COLOUR",
    "FALLBACK_COLOUR",
    "PAINTER",
    "TERRACE",
    "fill_colour",
    "hex_center",
    "hex_polygon",
    "paint_picture",
    "paint_space",
    "render_picture",
    "tile_colour",
    "token_colour",
    "token_initials",
]

#: The hex painter the functions below belong to.
PAINTER = HexPainter()
paint_space = PAINTER.paint_space
paint_picture = PAINTER.paint_picture
render_picture = PAINTER.render_picture
#: Counters were called tokens when only one game drew them.
token_colour = counter_colour
token_initials = counter_initials


def hex_center(col: int, row: int, size: float) -> QPointF:
    """Pixel centre of the space in column ``col`` and row ``row`` (both from 0)."""
    return PAINTER.offset_centre(col, row, size)


def hex_polygon(center: QPointF, size: float) -> QPolygonF:
    """The six corners of a flat-top hex, clockwise from the east corner."""
    return PAINTER.shape(center, size)
