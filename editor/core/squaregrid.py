"""Square grid geometry for tile-laying games: cells, distances, symmetries and polyominoes.

A cell is ``Cell(x, y)`` with ``x`` growing to the right and ``y`` growing downwards, both from
0 at the top-left corner. Cells are labelled ``"x,y"`` (``"3,0"``). The canonical order of cells
is the natural tuple order: by ``x``, then ``y`` (column-major, like hex boards). Rotations turn
clockwise as seen on screen.

>>> neighbours4(Cell(2, 2))
(Cell(x=2, y=1), Cell(x=3, y=2), Cell(x=2, y=3), Cell(x=1, y=2))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Literal, NamedTuple

__all__ = [
    "Cell",
    "MirrorAxis",
    "Shape",
    "SquareGrid",
    "centre_cell",
    "chebyshev",
    "format_cell",
    "manhattan",
    "mirror",
    "neighbours4",
    "neighbours8",
    "normalize",
    "orientations",
    "parse_cell",
    "rotate90",
    "rotations",
]


class Cell(NamedTuple):
    """A square at column ``x``, row ``y`` (y grows downwards)."""

    x: int
    y: int


Shape = tuple[Cell, ...]
"""A polyomino: cells in canonical order, translated so the minimum x and y are 0."""

MirrorAxis = Literal["vertical", "horizontal"]
"""``"vertical"``: flip left-right; ``"horizontal"``: flip top-bottom."""

_ORIGIN = Cell(0, 0)
_CELL_RE = re.compile(r"(0|-?[1-9][0-9]*),(0|-?[1-9][0-9]*)")
_LOOSE_CELL_RE = re.compile(r"(-?[0-9]+),(-?[0-9]+)")
# Clockwise from N; the 4-neighbourhood is every other entry.
_DELTAS8: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)
_DELTAS4 = _DELTAS8[::2]
# (a, b, c, d): x' = a*x + b*y, y' = c*x + d*y, for k clockwise quarter turns (y down).
_ROTATIONS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1),
    (0, -1, 1, 0),
    (-1, 0, 0, -1),
    (0, 1, -1, 0),
)


def format_cell(cell: Cell) -> str:
    """Label ``"x,y"`` of a cell.

    >>> format_cell(Cell(3, 0))
    '3,0'
    """
    return f"{cell[0]},{cell[1]}"


def parse_cell(label: str) -> Cell:
    """Cell named by an ``"x,y"`` label; ``ValueError`` for anything else.

    >>> parse_cell("3,0")
    Cell(x=3, y=0)
    >>> parse_cell("3, 0")
    Traceback (most recent call last):
    ...
    ValueError: bad cell label '3, 0': write it without spaces, '3,0'
    >>> parse_cell("03,-0")
    Traceback (most recent call last):
    ...
    ValueError: bad cell label '03,-0': write it without leading zeros or -0, '3,0'
    """
    m = _CELL_RE.fullmatch(label)
    if m is not None:
        return Cell(int(m[1]), int(m[2]))
    tight = "".join(label.split())
    loose = _LOOSE_CELL_RE.fullmatch(tight)
    if loose is not None:
        fixed = f"{int(loose[1])},{int(loose[2])}"
        why = "without spaces" if tight != label else "without leading zeros or -0"
        raise ValueError(f"bad cell label {label!r}: write it {why}, {fixed!r}")
    raise ValueError(
        f"bad cell label {label!r}: expected x,y with whole numbers, like '3,0' or '-1,2'"
    )


def neighbours4(cell: Cell) -> tuple[Cell, ...]:
    """The four edge-adjacent cells, clockwise from N: N, E, S, W."""
    x, y = cell
    return tuple(Cell(x + dx, y + dy) for dx, dy in _DELTAS4)


def neighbours8(cell: Cell) -> tuple[Cell, ...]:
    """The eight edge- or corner-adjacent cells, clockwise from N: N, NE, E, SE, S, SW, W, NW.

    >>> neighbours8(Cell(0, 0))[1]
    Cell(x=1, y=-1)
    """
    x, y = cell
    return tuple(Cell(x + dx, y + dy) for dx, dy in _DELTAS8)


def manhattan(a: Cell, b: Cell) -> int:
    """Steps between cells moving only across edges.

    >>> manhattan(Cell(0, 0), Cell(2, -3))
    5
    """
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    """Steps between cells when diagonal moves are allowed.

    >>> chebyshev(Cell(0, 0), Cell(2, -3))
    3
    """
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def rotate90(cell: Cell, steps: int = 1, center: Cell = _ORIGIN) -> Cell:
    """``cell`` turned clockwise (on screen) by ``steps`` quarter turns around ``center``.

    >>> rotate90(Cell(0, -1)), rotate90(Cell(0, -1), -1)
    (Cell(x=1, y=0), Cell(x=-1, y=0))
    """
    cx, cy = center
    x, y = cell[0] - cx, cell[1] - cy
    a, b, c, d = _ROTATIONS[steps % 4]
    return Cell(cx + a * x + b * y, cy + c * x + d * y)


def mirror(cell: Cell, center: Cell = _ORIGIN, axis: MirrorAxis = "vertical") -> Cell:
    """Mirror image of ``cell`` across a line through the middle of ``center``.

    ``axis="vertical"`` (default) swaps left and right; ``"horizontal"`` swaps top and bottom.

    >>> mirror(Cell(3, 1), Cell(2, 0)), mirror(Cell(3, 1), Cell(2, 0), "horizontal")
    (Cell(x=1, y=1), Cell(x=3, y=-1))
    """
    if axis == "vertical":
        return Cell(2 * center[0] - cell[0], cell[1])
    if axis == "horizontal":
        return Cell(cell[0], 2 * center[1] - cell[1])
    raise ValueError(f"mirror axis must be 'vertical' or 'horizontal', got {axis!r}")


def centre_cell(cells: Iterable[Cell]) -> Cell:
    """The given cell nearest the cells' centroid (ties: first in canonical order).

    For a full ``w`` by ``h`` rectangle from ``0,0`` this is ``((w - 1) // 2, (h - 1) // 2)``.

    >>> centre_cell(SquareGrid(4, 3))
    Cell(x=1, y=1)
    """
    order = sorted(set(cells))
    if not order:
        raise ValueError("no cells, so no centre")
    # Exact integer arithmetic on n * coordinates.
    n = len(order)
    sx = sum(c[0] for c in order)
    sy = sum(c[1] for c in order)
    return min(order, key=lambda c: (n * c[0] - sx) ** 2 + (n * c[1] - sy) ** 2)


# --- polyominoes -----------------------------------------------------------------------------


def normalize(cells: Iterable[Cell]) -> Shape:
    """Cells translated so their minimum x and y are 0, deduplicated and sorted.

    >>> normalize([Cell(5, 3), Cell(4, 3), Cell(4, 4)])
    (Cell(x=0, y=0), Cell(x=0, y=1), Cell(x=1, y=0))
    """
    pts = set(cells)
    if not pts:
        return ()
    mx = min(p[0] for p in pts)
    my = min(p[1] for p in pts)
    return tuple(sorted(Cell(x - mx, y - my) for x, y in pts))


def rotations(cells: Iterable[Cell]) -> list[Shape]:
    """Distinct normalized orientations under quarter turns, in order of clockwise turns.

    >>> domino, corner = [Cell(0, 0), Cell(1, 0)], [Cell(0, 0), Cell(1, 0), Cell(0, 1)]
    >>> len(rotations(domino)), len(rotations(corner))
    (2, 4)
    """
    base = tuple(cells)
    out: list[Shape] = []
    for k in range(4):
        shape = normalize(rotate90(c, k) for c in base)
        if shape not in out:
            out.append(shape)
    return out


def orientations(cells: Iterable[Cell]) -> list[Shape]:
    """Distinct normalized orientations under quarter turns and mirroring (rotations first).

    >>> s_tetromino = [Cell(1, 0), Cell(2, 0), Cell(0, 1), Cell(1, 1)]
    >>> len(rotations(s_tetromino)), len(orientations(s_tetromino))
    (2, 4)
    """
    base = tuple(cells)
    out = rotations(base)
    for shape in rotations(mirror(c) for c in base):
        if shape not in out:
            out.append(shape)
    return out


# --- grids -----------------------------------------------------------------------------------


class SquareGrid:
    """A ``width`` by ``height`` rectangle of cells from ``Cell(0, 0)``.

    >>> grid = SquareGrid(4, 3)
    >>> len(grid), Cell(3, 2) in grid, Cell(4, 0) in grid, len(grid.border())
    (12, True, False, 10)
    """

    __slots__ = ("height", "width")

    def __init__(self, width: int, height: int) -> None:
        """Grid of ``width`` columns and ``height`` rows; both must be 0 or more."""
        if width < 0 or height < 0:
            raise ValueError(f"grid size must not be negative, got {width}x{height}")
        self.width = width
        self.height = height

    def __contains__(self, item: object) -> bool:
        """Whether a cell (or an ``"x,y"`` label) is inside the grid."""
        if isinstance(item, str):
            item = parse_cell(item)
        if not isinstance(item, tuple) or len(item) != 2:
            return False
        x, y = item
        return (
            isinstance(x, int)
            and isinstance(y, int)
            and 0 <= x < self.width
            and 0 <= y < self.height
        )

    def __iter__(self) -> Iterator[Cell]:
        """Cells in canonical order: by x, then y."""
        return (Cell(x, y) for x in range(self.width) for y in range(self.height))

    def __len__(self) -> int:
        """Number of cells."""
        return self.width * self.height

    def __eq__(self, other: object) -> bool:
        """Grids are equal when they have the same size."""
        return isinstance(other, SquareGrid) and (self.width, self.height) == (
            other.width,
            other.height,
        )

    def __hash__(self) -> int:
        """Hash of the size."""
        return hash((self.width, self.height))

    def __repr__(self) -> str:
        """``SquareGrid(width, height)``."""
        return f"SquareGrid({self.width}, {self.height})"

    def neighbours_on_grid(self, cell: Cell, diagonal: bool = False) -> tuple[Cell, ...]:
        """In-grid neighbours of ``cell`` (4-neighbourhood, or 8 with ``diagonal``), clockwise.

        >>> SquareGrid(3, 3).neighbours_on_grid(Cell(0, 0))
        (Cell(x=1, y=0), Cell(x=0, y=1))
        """
        around = neighbours8(cell) if diagonal else neighbours4(cell)
        w, h = self.width, self.height
        return tuple(c for c in around if 0 <= c[0] < w and 0 <= c[1] < h)

    def border(self) -> tuple[Cell, ...]:
        """Cells on the edge of the grid, in canonical order."""
        w, h = self.width, self.height
        return tuple(c for c in self if c[0] in (0, w - 1) or c[1] in (0, h - 1))
