"""Flat-top hex geometry: labels, directions, distances, rings, lines, symmetries and boards.

Columns are lettered ``A, B, ... Z, AA, AB, ...`` from left to right and rows numbered from 1, top
to bottom; a space is named ``D10``. Columns A, C, E... sit half a hex lower than B, D, F...
(the "even-q" offset layout of the Red Blob Games hex guide, A being column 0).

Internally a hex is an axial coordinate ``Hex(q, r)``: ``q`` is the column index and
``r = (row - 1) - (q + (q & 1)) // 2``, so ``A1`` is ``Hex(0, 0)``. Because ``r`` grows with the
row inside a column, the natural tuple order of hexes is the canonical order: by column, then row.

>>> parse_label("D10")
Hex(q=3, r=7)
>>> [format_label(h) for h in neighbours(parse_label("D10"))]
['D9', 'E9', 'E10', 'D11', 'C10', 'C9']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import Enum
from math import sqrt
from typing import Literal, NamedTuple

__all__ = [
    "ORIGIN",
    "Direction",
    "Hex",
    "HexBoard",
    "MirrorAxis",
    "Transformed",
    "column_index",
    "column_letters",
    "direction_between",
    "disc",
    "distance",
    "format_label",
    "from_offset",
    "from_pixel",
    "line",
    "mirror",
    "neighbour",
    "neighbours",
    "offset_of",
    "parse_label",
    "ring",
    "rotate",
    "sort_key",
    "spiral",
    "to_pixel",
]


class Hex(NamedTuple):
    """Axial coordinate of a flat-top hex; ``Hex(0, 0)`` is ``A1``."""

    q: int
    r: int


ORIGIN = Hex(0, 0)
_new = tuple.__new__  # _new(Hex, (q, r)) skips Hex.__new__'s argument handling in hot paths

# Axial deltas in Direction order (clockwise from N); plain ints for hot loops.
_DELTAS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


class Direction(Enum):
    """The six directions from a flat-top hex to its neighbours, in clockwise order.

    >>> [d.name for d in Direction]
    ['N', 'NE', 'SE', 'S', 'SW', 'NW']
    """

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    @property
    def delta(self) -> Hex:
        """Axial step ``(dq, dr)`` towards this direction.

        >>> Direction.NE.delta
        Hex(q=1, r=-1)
        """
        return Hex(*_DELTAS[self.value])

    @property
    def opposite(self) -> Direction:
        """The direction pointing the other way.

        >>> Direction.NE.opposite
        <Direction.SW: 4>
        """
        return _DIRECTIONS[(self.value + 3) % 6]

    def rotated(self, steps: int) -> Direction:
        """This direction turned clockwise by ``steps`` * 60 degrees (negative: anticlockwise).

        >>> Direction.N.rotated(2), Direction.N.rotated(-1)
        (<Direction.SE: 2>, <Direction.NW: 5>)
        """
        return _DIRECTIONS[(self.value + steps) % 6]


_DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
_DIRECTION_OF_DELTA: dict[tuple[int, int], Direction] = dict(zip(_DELTAS, _DIRECTIONS, strict=True))


# --- labels ---------------------------------------------------------------------------------

_LABEL_RE = re.compile(r"([A-Z]+)([1-9][0-9]*)")
_LOOSE_LABEL_RE = re.compile(r"([A-Za-z]+)([0-9]+)")
_LETTERS_RE = re.compile(r"[A-Z]+")


def column_letters(index: int) -> str:
    """Spreadsheet-style letters of a 0-based column index.

    >>> column_letters(0), column_letters(25), column_letters(26), column_letters(701)
    ('A', 'Z', 'AA', 'ZZ')
    """
    if index < 0:
        raise ValueError(f"column index must be 0 or more, got {index}")
    letters = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """0-based column index of spreadsheet-style upper-case letters.

    >>> column_index("A"), column_index("Z"), column_index("AA"), column_index("ZZ")
    (0, 25, 26, 701)
    """
    if not _LETTERS_RE.fullmatch(letters):
        raise ValueError(f"column must be upper-case letters A-Z, got {letters!r}")
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - 64)
    return n - 1


def offset_of(h: Hex) -> tuple[int, int]:
    """Printed ``(column index, row number)`` of a hex; rows start at 1.

    >>> offset_of(Hex(3, 7))
    (3, 10)
    """
    q, r = h
    return q, r + 1 + ((q + (q & 1)) >> 1)


def from_offset(col: int, row: int) -> Hex:
    """Hex at a printed ``(column index, row number)``; inverse of :func:`offset_of`.

    >>> from_offset(3, 10)
    Hex(q=3, r=7)
    """
    return Hex(col, row - 1 - ((col + (col & 1)) >> 1))


def parse_label(label: str) -> Hex:
    """Hex named by a label such as ``"D10"``: upper-case column letters, then a row from 1.

    >>> parse_label("A1"), parse_label("AA3")
    (Hex(q=0, r=0), Hex(q=26, r=-11))
    >>> parse_label("d10")
    Traceback (most recent call last):
    ...
    ValueError: hex label 'd10' must use upper-case column letters: write 'D10'
    """
    m = _LABEL_RE.fullmatch(label)
    if m is not None:
        return from_offset(column_index(m[1]), int(m[2]))
    if not label:
        raise ValueError("empty hex label: expected column letters then a row number, like 'D10'")
    loose = _LOOSE_LABEL_RE.fullmatch(label)
    if loose is None:
        raise ValueError(
            f"bad hex label {label!r}: expected column letters then a row number, like 'D10'"
        )
    letters, digits = loose[1], loose[2]
    if not letters.isupper():
        raise ValueError(
            f"hex label {label!r} must use upper-case column letters: write "
            f"{letters.upper() + digits!r}"
        )
    if int(digits) == 0:
        raise ValueError(f"bad hex label {label!r}: rows are numbered from 1")
    fixed = letters + str(int(digits))
    raise ValueError(f"bad hex label {label!r}: row number has leading zeros, write {fixed!r}")


def format_label(h: Hex) -> str:
    """Label of a hex, such as ``"D10"``; ``ValueError`` if it lies left of A or above row 1.

    >>> format_label(Hex(3, 7))
    'D10'
    """
    col, row = offset_of(h)
    if col < 0 or row < 1:
        raise ValueError(f"{h!r} has no label: it is at column {col}, row {row}")
    return f"{column_letters(col)}{row}"


def sort_key(label_or_hex: str | Hex) -> tuple[int, int]:
    """Canonical ordering key: ``(column index, row)``.

    >>> sorted(["B2", "A10", "A9", "AA1", "B1"], key=sort_key)
    ['A9', 'A10', 'B1', 'B2', 'AA1']
    """
    h = parse_label(label_or_hex) if isinstance(label_or_hex, str) else label_or_hex
    return offset_of(h)


# --- neighbourhood and distance -------------------------------------------------------------


def neighbour(h: Hex, direction: Direction) -> Hex:
    """The hex next to ``h`` in ``direction``.

    >>> format_label(neighbour(parse_label("C6"), Direction.SE))
    'D7'
    """
    dq, dr = _DELTAS[direction.value]
    return Hex(h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h``, in Direction order (N, NE, SE, S, SW, NW).

    >>> neighbours(Hex(0, 0))[:2]
    (Hex(q=0, r=-1), Hex(q=1, r=-1))
    """
    q, r = h
    return (
        _new(Hex, (q, r - 1)),
        _new(Hex, (q + 1, r - 1)),
        _new(Hex, (q + 1, r)),
        _new(Hex, (q, r + 1)),
        _new(Hex, (q - 1, r + 1)),
        _new(Hex, (q - 1, r)),
    )


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes.

    >>> distance(parse_label("A1"), parse_label("D10"))
    10
    """
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def direction_between(a: Hex, b: Hex) -> Direction:
    """Direction from ``a`` to the adjacent hex ``b``; ``ValueError`` if they are not adjacent.

    >>> direction_between(parse_label("G5"), parse_label("F5"))
    <Direction.NW: 5>
    """
    d = _DIRECTION_OF_DELTA.get((b[0] - a[0], b[1] - a[1]))
    if d is None:
        raise ValueError(f"{a!r} and {b!r} are not adjacent")
    return d


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes exactly ``radius`` steps from ``center``, clockwise.

    The ring starts at the hex ``radius`` steps due N of the center and runs clockwise
    (towards NE); radius 0 gives ``[center]``, radius ``k`` gives ``6 * k`` hexes.

    >>> [format_label(h) for h in ring(parse_label("D10"), 1)]
    ['D9', 'E9', 'E10', 'D11', 'C10', 'C9']
    """
    if radius < 0:
        raise ValueError(f"ring radius must be 0 or more, got {radius}")
    if radius == 0:
        return [Hex(*center)]
    q, r = center[0], center[1] - radius
    out: list[Hex] = []
    for i in range(6):
        dq, dr = _DELTAS[(i + 2) % 6]  # N corner -> walk SE, S, SW, NW, N, NE
        for _ in range(radius):
            out.append(Hex(q, r))
            q += dq
            r += dr
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Hexes within ``radius`` of ``center``: the center, then each :func:`ring` outwards.

    >>> len(spiral(ORIGIN, 2))
    19
    """
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def disc(center: Hex, radius: int) -> list[Hex]:
    """Hexes within ``radius`` of ``center``, in canonical order (by column, then row).

    >>> [format_label(h) for h in disc(parse_label("D10"), 1)]
    ['C9', 'C10', 'D9', 'D10', 'D11', 'E9', 'E10']
    """
    if radius < 0:
        raise ValueError(f"disc radius must be 0 or more, got {radius}")
    cq, cr = center
    out: list[Hex] = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, radius - dq) + 1):
            out.append(Hex(cq + dq, cr + dr))
    return out


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive, ``distance + 1`` of them.

    Centers are sampled evenly and rounded to hexes; both ends are nudged by a tiny fixed
    epsilon so that lines running exactly along hex edges resolve the same way every time.
    ``line(b, a)`` is not always ``line(a, b)`` reversed.

    >>> [format_label(h) for h in line(parse_label("A1"), parse_label("D3"))]
    ['A1', 'B2', 'C2', 'D3']
    """
    n = distance(a, b)
    if n == 0:
        return [Hex(*a)]
    aq, ar = a[0] + 1e-6, a[1] + 2e-6
    dq, dr = b[0] - a[0], b[1] - a[1]
    return [_cube_round(aq + dq * i / n, ar + dr * i / n) for i in range(n + 1)]


# --- symmetries ------------------------------------------------------------------------------

# (a, b, c, d): q' = a*q + b*r, r' = c*q + d*r, for k clockwise 60-degree turns.
_ROTATIONS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1),
    (0, -1, 1, 1),
    (-1, -1, 1, 0),
    (-1, 0, 0, -1),
    (0, 1, -1, -1),
    (1, 1, -1, 0),
)

MirrorAxis = Literal["vertical", "horizontal"]
"""``"vertical"``: flip left-right (columns to columns); ``"horizontal"``: flip top-bottom."""


def rotate(h: Hex, steps: int, center: Hex = ORIGIN) -> Hex:
    """``h`` turned clockwise by ``steps`` * 60 degrees around ``center`` (negative: anticlockwise).

    >>> format_label(rotate(parse_label("D9"), 1, center=parse_label("D10")))
    'E9'
    """
    cq, cr = center
    q, r = h[0] - cq, h[1] - cr
    a, b, c, d = _ROTATIONS[steps % 6]
    return Hex(cq + a * q + b * r, cr + c * q + d * r)


def mirror(h: Hex, center: Hex = ORIGIN, axis: MirrorAxis = "vertical") -> Hex:
    """Mirror image of ``h`` across a line through the center of ``center``.

    ``axis="vertical"`` (default) mirrors across the vertical line through ``center``: left and
    right swap, each column lands on the column as far the other side and rows stay level, so
    ``C`` and ``E`` swap around ``D``. ``axis="horizontal"`` mirrors across the horizontal line
    through ``center`` (top and bottom swap, columns stay). Both keep hexes on the grid.

    >>> d10 = parse_label("D10")
    >>> format_label(mirror(parse_label("C9"), d10)), format_label(mirror(parse_label("E10"), d10))
    ('E9', 'C10')
    >>> format_label(mirror(parse_label("D8"), d10, axis="horizontal"))
    'D12'
    """
    cq, cr = center
    q, r = h[0] - cq, h[1] - cr
    if axis == "vertical":
        return Hex(cq - q, cr + q + r)
    if axis == "horizontal":
        return Hex(cq + q, cr - q - r)
    raise ValueError(f"mirror axis must be 'vertical' or 'horizontal', got {axis!r}")


# --- pixels ----------------------------------------------------------------------------------

_SQRT3 = sqrt(3.0)


def to_pixel(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Center of ``h`` in a y-down plane where A1 is at (0, 0); ``size`` is center-to-corner.

    >>> to_pixel(parse_label("B1"))  # B is half a hex higher than A
    (1.5, -0.8660254037844386)
    """
    q, r = h
    return 1.5 * size * q, _SQRT3 * size * (r + q / 2)


def from_pixel(x: float, y: float, size: float = 1.0) -> Hex:
    """The hex containing the point ``(x, y)``; inverse of :func:`to_pixel`.

    >>> from_pixel(*to_pixel(Hex(5, -2), 30.0), 30.0)
    Hex(q=5, r=-2)
    """
    fq = (2.0 / 3.0) * x / size
    return _cube_round(fq, (y / (_SQRT3 * size)) - fq / 2)


# --- boards ----------------------------------------------------------------------------------


class Transformed(NamedTuple):
    """Result of :meth:`HexBoard.transform`."""

    mapping: dict[Hex, Hex]
    """Every input hex mapped to its image, including images that fall off the board."""
    off_board: tuple[Hex, ...]
    """Input hexes whose image is not on the board, in canonical order."""


class HexBoard:
    """An immutable set of hexes forming a board.

    >>> board = HexBoard.rectangle(12, 10)
    >>> len(board), "L10" in board, "M1" in board
    (120, True, False)
    >>> board.labels()[:3]
    ['A1', 'A2', 'A3']
    """

    __slots__ = ("_center", "_hexes", "_order", "_table")

    def __init__(self, hexes: Iterable[Hex]) -> None:
        """Board made of the given hexes (duplicates are ignored)."""
        self._hexes: frozenset[Hex] = frozenset(Hex(*h) for h in hexes)
        self._order: tuple[Hex, ...] = tuple(sorted(self._hexes))
        self._table: dict[Hex, tuple[Hex, ...]] | None = None
        self._center: Hex | None = None

    @classmethod
    def from_labels(cls, labels: Iterable[str]) -> HexBoard:
        """Board made of the labelled hexes.

        >>> len(HexBoard.from_labels(["A1", "A2", "B1"]))
        3
        """
        return cls(parse_label(label) for label in labels)

    @classmethod
    def rectangle(cls, columns: int, rows: int) -> HexBoard:
        """Board of ``columns`` columns (from A) by ``rows`` rows (from 1).

        >>> HexBoard.rectangle(3, 2).labels()
        ['A1', 'A2', 'B1', 'B2', 'C1', 'C2']
        """
        return cls(from_offset(c, r) for c in range(columns) for r in range(1, rows + 1))

    @property
    def hexes(self) -> frozenset[Hex]:
        """The board's hexes as a frozenset."""
        return self._hexes

    def __contains__(self, item: object) -> bool:
        """Whether a hex (or a label, parsed strictly) is on the board."""
        if isinstance(item, str):
            item = parse_label(item)
        return item in self._hexes

    def __iter__(self) -> Iterator[Hex]:
        """Hexes in canonical order: by column, then row."""
        return iter(self._order)

    def __len__(self) -> int:
        """Number of hexes."""
        return len(self._order)

    def __eq__(self, other: object) -> bool:
        """Boards are equal when they hold the same hexes."""
        return isinstance(other, HexBoard) and self._hexes == other._hexes

    def __hash__(self) -> int:
        """Hash of the hex set."""
        return hash(self._hexes)

    def __repr__(self) -> str:
        """Short description with the hex count."""
        return f"<HexBoard of {len(self)} hexes>"

    def labels(self) -> list[str]:
        """Labels of all hexes in canonical order."""
        return [format_label(h) for h in self._order]

    def neighbour_table(self) -> dict[Hex, tuple[Hex, ...]]:
        """On-board neighbours of every hex, in Direction order; computed once and cached.

        >>> table = HexBoard.rectangle(2, 2).neighbour_table()
        >>> [format_label(h) for h in table[parse_label("A1")]]
        ['B1', 'B2', 'A2']
        """
        if self._table is None:
            hexes = self._hexes
            self._table = {h: tuple(n for n in neighbours(h) if n in hexes) for h in self._order}
        return self._table

    def neighbours_on_board(self, h: Hex) -> tuple[Hex, ...]:
        """Neighbours of ``h`` that are on the board, in Direction order."""
        found = self.neighbour_table().get(h)
        if found is None:
            found = tuple(n for n in neighbours(h) if n in self._hexes)
        return found

    def border(self) -> tuple[Hex, ...]:
        """Hexes with fewer than six on-board neighbours, in canonical order.

        >>> len(HexBoard.rectangle(12, 10).border())
        40
        """
        table = self.neighbour_table()
        return tuple(h for h in self._order if len(table[h]) < 6)

    def center(self) -> Hex:
        """The board hex nearest the board's centroid (ties: first in canonical order).

        >>> format_label(HexBoard.rectangle(5, 5).center())
        'C3'
        """
        if self._center is None:
            if not self._order:
                raise ValueError("an empty board has no center")
            # Exact integer arithmetic on 2n * pixel coordinates (scaled by 1/size).
            n = len(self._order)
            sq = sum(q for q, _ in self._order)
            sy = sum(2 * r + q for q, r in self._order)
            self._center = min(
                self._order,
                key=lambda h: 9 * (n * h[0] - sq) ** 2 + 3 * (n * (2 * h[1] + h[0]) - sy) ** 2,
            )
        return self._center

    def transform(
        self,
        hexes: Iterable[Hex] | None = None,
        rotate_steps: int = 0,
        mirror: bool = False,
        center: Hex | None = None,
    ) -> Transformed:
        """Map hexes through a mirror then a rotation around ``center`` (default: board center).

        ``mirror=True`` flips left-right across the vertical line through the center (see
        :func:`mirror`); then the result turns ``rotate_steps`` * 60 degrees clockwise. Nothing
        is raised for hexes that leave the board: they are listed in ``off_board``. ``hexes``
        defaults to the whole board.

        >>> board = HexBoard.rectangle(5, 5)
        >>> result = board.transform(mirror=True)
        >>> format_label(result.mapping[parse_label("A1")]), result.off_board
        ('E1', ())
        >>> len(board.transform(rotate_steps=1).off_board)
        4
        """
        c = self.center() if center is None else center
        source = self._order if hexes is None else tuple(sorted(Hex(*h) for h in hexes))
        mapping: dict[Hex, Hex] = {}
        for h in source:
            image = _mirror_vertical(h, c) if mirror else h
            mapping[h] = rotate(image, rotate_steps, c)
        off = tuple(h for h in source if mapping[h] not in self._hexes)
        return Transformed(mapping, off)


def _mirror_vertical(h: Hex, center: Hex) -> Hex:
    return mirror(h, center, "vertical")
