"""The sides of a square tile as bits, how they turn, and cells of the open table as ints.

A set of sides is a 4-bit mask: N = 1, E = 2, S = 4, W = 8, so turning a tile a quarter turn
clockwise moves each bit one place up (N to E, E to S, S to W, W to N). A cell ``x,y`` of the
open table is one int (:func:`key_of`), so a neighbour is the cell plus a constant.

>>> sides_of(turned(mask_of(["N", "E"]), 1))
('E', 'S')
>>> label_of(key_of(-1, 2))
'-1,2'
"""

from __future__ import annotations

from collections.abc import Iterable

#: The sides in clockwise order from the top.
SIDES = ("N", "E", "S", "W")
BIT = {"N": 1, "E": 2, "S": 4, "W": 8}
#: The bit of the side facing each side's bit index (N faces S...).
OPPOSITE_BIT = (4, 8, 1, 2)
#: How many sides a mask holds, by mask.
COUNT = tuple(bin(mask).count("1") for mask in range(16))
#: The side indices (0 = N ... 3 = W) a mask holds, by mask.
INDICES = tuple(tuple(i for i in range(4) if mask >> i & 1) for mask in range(16))

#: Cells are kept within this many steps of 0,0 (a table of at most 2,000 tiles fits).
REACH = 2047
_STRIDE = 4096
_OFFSET = 2048
#: What to add to a cell's key to reach its neighbour on each side (N, E, S, W).
STEP = (-1, _STRIDE, 1, -_STRIDE)


def mask_of(sides: Iterable[str]) -> int:
    """The mask of some side names; ``KeyError`` for a name that is not N, E, S or W."""
    mask = 0
    for side in sides:
        mask |= BIT[side]
    return mask


def sides_of(mask: int) -> tuple[str, ...]:
    """The side names of a mask, clockwise from N."""
    return tuple(SIDES[i] for i in INDICES[mask & 15])


def turned(mask: int, turns: int) -> int:
    """A mask turned clockwise by some quarter turns."""
    k = turns % 4
    return ((mask << k) | (mask >> (4 - k))) & 15


def key_of(x: int, y: int) -> int:
    """The int of cell ``x,y``; ``ValueError`` beyond :data:`REACH` of 0,0."""
    if not (-REACH <= x <= REACH and -REACH <= y <= REACH):
        raise ValueError(f"{x},{y} is more than {REACH} cells from 0,0")
    return (x + _OFFSET) * _STRIDE + (y + _OFFSET)


def xy_of(key: int) -> tuple[int, int]:
    """The ``(x, y)`` of a cell's int."""
    return key // _STRIDE - _OFFSET, key % _STRIDE - _OFFSET


def label_of(key: int) -> str:
    """The ``x,y`` label of a cell's int."""
    x, y = xy_of(key)
    return f"{x},{y}"


def parse_label(label: str) -> int:
    """The int of a cell label ``x,y``; ``ValueError`` for anything else."""
    parts = label.split(",")
    if len(parts) != 2:
        raise ValueError(f"a cell is x,y, like 2,0 or -1,3, not {label!r}")
    try:
        x, y = int(parts[0]), int(parts[1])
    except ValueError:
        raise ValueError(
            f"a cell is x,y with whole numbers, like 2,0 or -1,3, not {label!r}"
        ) from None
    return key_of(x, y)
