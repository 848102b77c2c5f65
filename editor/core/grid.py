"""Grids: one interface over hex and square geometry, working on space labels.

The rest of the code speaks in labels (``"D10"`` on a hex grid, ``"3,-1"`` on a square grid);
a :class:`Grid` turns them into its own coordinates (``hexgrid.Hex`` or ``squaregrid.Cell``,
both pairs of ints) and back. Get one with :func:`grid_for`.

Pixel geometry is in scene units for a ``size``: on a hex grid the centre-to-corner distance
(A1's centre is at ``(0, sqrt(3) * size / 2)`` because even columns sit half a hex lower, as in
the editor's hex painter draws); on a square grid half the side (cell ``x,y`` is centred at
``(2 * size * x, 2 * size * y)``). y grows downwards; "clockwise" is as seen on screen.

>>> hexes, squares = grid_for("hex"), grid_for("square")
>>> hexes.neighbours("D10"), squares.neighbours("0,0")
(('D9', 'E9', 'E10', 'D11', 'C10', 'C9'), ('0,-1', '1,0', '0,1', '-1,0'))
>>> hexes.transform(["C9", "E10"], 0, mirror=True, centre="D10")
{'C9': 'E9', 'E10': 'C10'}
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final, Protocol

from editor.core import hexgrid, squaregrid
from editor.core.hexgrid import Hex, HexBoard
from editor.core.squaregrid import Cell

__all__ = ["GRID_KINDS", "Coord", "Grid", "HexGrid", "Point", "SquareGrid", "grid_for"]

Coord = tuple[int, int]
"""A grid's own coordinate of a space: ``hexgrid.Hex`` or ``squaregrid.Cell``."""

Point = tuple[float, float]
"""A point in scene units, y growing downwards."""


class Grid(Protocol):
    """The geometry of one kind of grid, on labels (strings) and on its own coordinates."""

    @property
    def kind(self) -> str:
        """The grid's kind as written in board files: ``"hex"`` or ``"square"``."""
        ...

    @property
    def directions(self) -> tuple[str, ...]:
        """Names of the directions to edge-adjacent spaces, clockwise from N."""
        ...

    @property
    def rotation_step(self) -> int:
        """Degrees of the smallest turn that maps the grid onto itself (60 or 90)."""
        ...

    @property
    def rotations(self) -> int:
        """How many distinct turns there are (6 or 4)."""
        ...

    @property
    def label_help(self) -> str:
        """What a label of this grid looks like, for messages (``"like D10"``)."""
        ...

    def parse(self, label: str) -> Coord:
        """The coordinate a label names; ``ValueError`` saying what labels look like."""
        ...

    def format(self, coord: Coord) -> str:
        """The label of a coordinate; ``ValueError`` if it has none."""
        ...

    def is_label(self, label: str) -> bool:
        """Whether a string is a well-formed label of this grid."""
        ...

    def sort_key(self, label: str) -> tuple[int, int]:
        """Canonical ordering key (hex: column then row; square: x then y)."""
        ...

    def neighbours(self, label: str) -> tuple[str, ...]:
        """Edge-adjacent spaces in direction order, ignoring any board edge."""
        ...

    def neighbour(self, label: str, direction: str) -> str:
        """The space next to ``label`` in ``direction`` (one of :attr:`directions`)."""
        ...

    def distance(self, a: str, b: str) -> int:
        """Steps between two spaces moving across edges."""
        ...

    def middle(self, labels: Iterable[str]) -> str:
        """The given space nearest their centroid (ties: first in canonical order)."""
        ...

    def transform(
        self, labels: Iterable[str], rotate_steps: int, mirror: bool, centre: str | None = None
    ) -> dict[str, str]:
        """Each label mapped to its image: mirrored left-right, then turned clockwise.

        Both happen around ``centre`` (default: :meth:`middle` of ``labels``). Labels whose
        image has no label (on a hex grid: left of column A or above row 1) are left out.
        """
        ...

    def centre(self, label: str, size: float) -> Point:
        """Pixel centre of a space."""
        ...

    def outline(self, label: str, size: float) -> tuple[Point, ...]:
        """Corners of a space, clockwise (hex: from the east corner; square: from top-left)."""
        ...

    def at_pixel(self, x: float, y: float, size: float) -> str:
        """The label of the space holding a point; ``ValueError`` if that space has none."""
        ...


_SQRT3: Final = math.sqrt(3.0)
_HEX_DIRECTIONS: Final = tuple(d.name for d in hexgrid.Direction)
_SQUARE_DIRECTIONS: Final = ("N", "E", "S", "W")


def _direction_index(direction: str, names: tuple[str, ...], kind: str) -> int:
    try:
        return names.index(direction)
    except ValueError:
        raise ValueError(
            f"{direction!r} is not a direction of a {kind} grid: use one of {', '.join(names)}"
        ) from None


class HexGrid:
    """Flat-top hexes labelled like ``D10`` (see :mod:`editor.core.hexgrid`)."""

    kind: Final = "hex"
    directions: Final = _HEX_DIRECTIONS
    rotation_step: Final = 60
    rotations: Final = 6
    label_help: Final = "column letters then a row number, like D10"

    def parse(self, label: str) -> Hex:
        """The hex a label names; ``ValueError`` explaining what is wrong."""
        return hexgrid.parse_label(label)

    def format(self, coord: Coord) -> str:
        """The label of a hex; ``ValueError`` left of column A or above row 1."""
        return hexgrid.format_label(Hex(*coord))

    def is_label(self, label: str) -> bool:
        """Whether ``label`` is a well-formed hex label."""
        try:
            hexgrid.parse_label(label)
        except ValueError:
            return False
        return True

    def sort_key(self, label: str) -> tuple[int, int]:
        """``(column index, row)``, as :func:`hexgrid.sort_key`."""
        return hexgrid.sort_key(label)

    def neighbours(self, label: str) -> tuple[str, ...]:
        """The labelled hexes around ``label`` in direction order (none left of A or above 1)."""
        return tuple(_labels_of(hexgrid.neighbours(self.parse(label))))

    def neighbour(self, label: str, direction: str) -> str:
        """The hex next to ``label`` towards ``direction`` (N, NE, SE, S, SW or NW)."""
        index = _direction_index(direction, self.directions, self.kind)
        return self.format(hexgrid.neighbour(self.parse(label), hexgrid.Direction(index)))

    def distance(self, a: str, b: str) -> int:
        """Hex steps between two spaces."""
        return hexgrid.distance(self.parse(a), self.parse(b))

    def middle(self, labels: Iterable[str]) -> str:
        """:meth:`HexBoard.center` of the labelled hexes."""
        return self.format(HexBoard.from_labels(labels).center())

    def transform(
        self, labels: Iterable[str], rotate_steps: int, mirror: bool, centre: str | None = None
    ) -> dict[str, str]:
        """Labels through :meth:`HexBoard.transform` (mirror left-right, then turn clockwise)."""
        board = HexBoard.from_labels(labels)
        if not board:
            return {}
        c = board.center() if centre is None else self.parse(centre)
        result = board.transform(rotate_steps=rotate_steps, mirror=mirror, center=c)
        return {
            self.format(h): self.format(image)
            for h, image in result.mapping.items()
            if _has_label(image)
        }

    def centre(self, label: str, size: float) -> Point:
        """Pixel centre: A1 at ``(0, sqrt(3) * size / 2)`` (even columns sit half a hex lower)."""
        col, row = hexgrid.offset_of(self.parse(label))
        row -= 1  # rows counted from 0 in the formula
        return 1.5 * size * col, _SQRT3 * size * (row + 0.5 if col % 2 == 0 else row)

    def outline(self, label: str, size: float) -> tuple[Point, ...]:
        """Six corners clockwise from the east corner."""
        cx, cy = self.centre(label, size)
        return tuple(
            (
                cx + size * math.cos(math.radians(60 * i)),
                cy + size * math.sin(math.radians(60 * i)),
            )
            for i in range(6)
        )

    def at_pixel(self, x: float, y: float, size: float) -> str:
        """The label of the hex holding ``(x, y)``."""
        return self.format(hexgrid.from_pixel(x, y - _SQRT3 * size / 2, size))


class SquareGrid:
    """Square cells labelled ``x,y`` (see :mod:`editor.core.squaregrid`); sides N, E, S, W."""

    kind: Final = "square"
    directions: Final = _SQUARE_DIRECTIONS
    rotation_step: Final = 90
    rotations: Final = 4
    label_help: Final = "x,y with whole numbers, like 3,0 or -1,2"

    def parse(self, label: str) -> Cell:
        """The cell a label names; ``ValueError`` explaining what is wrong."""
        return squaregrid.parse_cell(label)

    def format(self, coord: Coord) -> str:
        """The ``x,y`` label of a cell."""
        return squaregrid.format_cell(Cell(*coord))

    def is_label(self, label: str) -> bool:
        """Whether ``label`` is a well-formed ``x,y`` label."""
        try:
            squaregrid.parse_cell(label)
        except ValueError:
            return False
        return True

    def sort_key(self, label: str) -> tuple[int, int]:
        """``(x, y)``."""
        x, y = self.parse(label)
        return x, y

    def neighbours(self, label: str) -> tuple[str, ...]:
        """The four cells across the N, E, S and W sides."""
        return tuple(_labels_of(squaregrid.neighbours4(self.parse(label))))

    def neighbour(self, label: str, direction: str) -> str:
        """The cell across side ``direction`` (N, E, S or W)."""
        index = _direction_index(direction, self.directions, self.kind)
        return self.format(squaregrid.neighbours4(self.parse(label))[index])

    def distance(self, a: str, b: str) -> int:
        """Manhattan distance between two cells."""
        return squaregrid.manhattan(self.parse(a), self.parse(b))

    def middle(self, labels: Iterable[str]) -> str:
        """:func:`squaregrid.centre_cell` of the labelled cells."""
        return self.format(squaregrid.centre_cell(self.parse(label) for label in labels))

    def transform(
        self, labels: Iterable[str], rotate_steps: int, mirror: bool, centre: str | None = None
    ) -> dict[str, str]:
        """Labels mirrored left-right, then turned clockwise by quarter turns."""
        cells = sorted({self.parse(label) for label in labels})
        if not cells:
            return {}
        c = squaregrid.centre_cell(cells) if centre is None else self.parse(centre)
        out: dict[str, str] = {}
        for cell in cells:
            image = squaregrid.mirror(cell, c) if mirror else cell
            out[self.format(cell)] = self.format(squaregrid.rotate90(image, rotate_steps, c))
        return out

    def centre(self, label: str, size: float) -> Point:
        """Pixel centre ``(2 * size * x, 2 * size * y)``."""
        x, y = self.parse(label)
        return 2 * size * x, 2 * size * y

    def outline(self, label: str, size: float) -> tuple[Point, ...]:
        """The four corners clockwise from top-left."""
        cx, cy = self.centre(label, size)
        return (
            (cx - size, cy - size),
            (cx + size, cy - size),
            (cx + size, cy + size),
            (cx - size, cy + size),
        )

    def at_pixel(self, x: float, y: float, size: float) -> str:
        """The cell holding ``(x, y)``; points on a side belong to the cell right or below."""
        side = 2 * size
        return self.format(Cell(math.floor((x + size) / side), math.floor((y + size) / side)))


def _has_label(h: Hex) -> bool:
    col, row = hexgrid.offset_of(h)
    return col >= 0 and row >= 1


def _labels_of(coords: Iterable[Coord]) -> list[str]:
    out: list[str] = []
    for c in coords:
        if isinstance(c, Hex):
            if _has_label(c):
                out.append(hexgrid.format_label(c))
        else:
            out.append(squaregrid.format_cell(Cell(*c)))
    return out


_GRIDS: Final[dict[str, Grid]] = {"hex": HexGrid(), "square": SquareGrid()}
GRID_KINDS: Final = tuple(_GRIDS)
"""The grid kinds a board may name."""


def grid_for(kind: str) -> Grid:
    """The grid of a kind (``"hex"`` or ``"square"``); ``ValueError`` for any other."""
    try:
        return _GRIDS[kind]
    except KeyError:
        raise ValueError(
            f"unknown grid {kind!r}: a board's grid is one of {', '.join(GRID_KINDS)}"
        ) from None
