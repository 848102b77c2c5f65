"""Tests for editor.core.squaregrid: neighbourhoods, distances, symmetries, polyominoes, grids."""

from __future__ import annotations

import random

import pytest

from editor.core.squaregrid import (
    Cell,
    SquareGrid,
    chebyshev,
    format_cell,
    manhattan,
    mirror,
    neighbours4,
    neighbours8,
    normalize,
    orientations,
    parse_cell,
    rotate90,
    rotations,
)

RNG = random.Random(7)
SAMPLE = [Cell(RNG.randint(-20, 20), RNG.randint(-20, 20)) for _ in range(200)]


def cells(*pairs: tuple[int, int]) -> list[Cell]:
    return [Cell(x, y) for x, y in pairs]


def test_neighbourhoods() -> None:
    c = Cell(2, 2)
    assert neighbours4(c) == tuple(cells((2, 1), (3, 2), (2, 3), (1, 2)))
    n8 = neighbours8(c)
    assert len(set(n8)) == 8
    assert n8[::2] == neighbours4(c)
    assert all(chebyshev(c, n) == 1 for n in n8)
    assert all(manhattan(c, n) == 1 for n in neighbours4(c))


def test_distances() -> None:
    assert manhattan(Cell(0, 0), Cell(3, -4)) == 7
    assert chebyshev(Cell(0, 0), Cell(3, -4)) == 4
    for a in SAMPLE[:50]:
        for b in SAMPLE[50:100]:
            assert manhattan(a, b) == manhattan(b, a)
            assert chebyshev(a, b) <= manhattan(a, b) <= 2 * chebyshev(a, b)


def test_labels_round_trip() -> None:
    for c in SAMPLE:
        assert parse_cell(format_cell(c)) == c
    assert format_cell(Cell(3, 0)) == "3,0"


@pytest.mark.parametrize("label", ["", "3", "3,", "a,b", "3, 0", "3,0,1", "(3,0)"])
def test_bad_cell_labels(label: str) -> None:
    with pytest.raises(ValueError, match="bad cell label"):
        parse_cell(label)


def test_rotate90() -> None:
    assert rotate90(Cell(0, -1)) == Cell(1, 0)  # N -> E: clockwise with y down
    assert rotate90(Cell(1, 0)) == Cell(0, 1)
    center = Cell(3, 4)
    for c in SAMPLE:
        r = c
        for _ in range(4):
            r = rotate90(r, 1, center)
        assert r == c
        for steps in range(-5, 6):
            rc = rotate90(c, steps, center)
            assert manhattan(rc, center) == manhattan(c, center)
            assert rotate90(rc, -steps, center) == c


@pytest.mark.parametrize("axis", ["vertical", "horizontal"])
def test_mirror_twice_is_identity(axis: str) -> None:
    center = Cell(5, -2)
    for c in SAMPLE:
        m = mirror(c, center, axis)  # type: ignore[arg-type]
        assert mirror(m, center, axis) == c  # type: ignore[arg-type]
        assert manhattan(m, center) == manhattan(c, center)
    assert mirror(Cell(3, 1), Cell(2, 0)) == Cell(1, 1)
    with pytest.raises(ValueError, match="axis"):
        mirror(Cell(0, 0), Cell(0, 0), "diagonal")  # type: ignore[arg-type]


def test_normalize() -> None:
    assert normalize(cells((5, 3), (4, 3), (4, 4), (4, 3))) == tuple(cells((0, 0), (0, 1), (1, 0)))
    assert normalize([]) == ()


@pytest.mark.parametrize(
    ("shape", "n_rotations", "n_orientations"),
    [
        (((0, 0),), 1, 1),
        (((0, 0), (1, 0)), 2, 2),
        (((0, 0), (1, 0), (0, 1), (1, 1)), 1, 1),  # O
        (((0, 0), (1, 0), (2, 0), (3, 0)), 2, 2),  # I
        (((0, 0), (1, 0), (2, 0), (1, 1)), 4, 4),  # T
        (((1, 0), (2, 0), (0, 1), (1, 1)), 2, 4),  # S
        (((0, 0), (0, 1), (0, 2), (1, 2)), 4, 8),  # L
    ],
)
def test_rotations_and_orientations(
    shape: tuple[tuple[int, int], ...], n_rotations: int, n_orientations: int
) -> None:
    base = cells(*shape)
    rots = rotations(base)
    orients = orientations(base)
    assert len(rots) == n_rotations
    assert len(orients) == n_orientations
    assert rots[0] == normalize(base)
    assert orients[:n_rotations] == rots
    for s in orients:
        assert s == normalize(s)
        assert len(s) == len(base)


def test_square_grid() -> None:
    grid = SquareGrid(4, 3)
    assert len(grid) == 12
    assert len(list(grid)) == 12
    assert list(grid) == sorted(grid)
    assert Cell(0, 0) in grid
    assert Cell(3, 2) in grid
    assert Cell(4, 0) not in grid
    assert Cell(0, -1) not in grid
    assert "3,2" in grid
    assert "3,3" not in grid
    assert 5 not in grid
    assert set(grid.border()) == set(grid) - {Cell(1, 1), Cell(2, 1)}
    assert grid.neighbours_on_grid(Cell(0, 0)) == (Cell(1, 0), Cell(0, 1))
    assert grid.neighbours_on_grid(Cell(0, 0), diagonal=True) == (
        Cell(1, 0),
        Cell(1, 1),
        Cell(0, 1),
    )
    assert SquareGrid(4, 3) == grid
    assert SquareGrid(3, 4) != grid
    assert len(SquareGrid(1, 1).border()) == 1
    assert SquareGrid(0, 5).border() == ()
    with pytest.raises(ValueError, match="negative"):
        SquareGrid(-1, 2)
