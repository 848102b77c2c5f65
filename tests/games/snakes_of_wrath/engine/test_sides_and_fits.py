"""Sides as bits, how they turn, cells as ints, and which ways a tile fits an empty cell."""

from __future__ import annotations

import pytest

from editor.games.snakes_of_wrath.engine import Rules
from editor.games.snakes_of_wrath.engine.rules import INJURY
from editor.games.snakes_of_wrath.engine.sides import (
    STEP,
    key_of,
    label_of,
    mask_of,
    parse_label,
    sides_of,
    turned,
)


def test_a_quarter_turn_moves_every_side_clockwise() -> None:
    assert sides_of(turned(mask_of(["N"]), 1)) == ("E",)
    assert sides_of(turned(mask_of(["W", "N", "E"]), 1)) == ("N", "E", "S")
    assert turned(mask_of(["N", "E"]), 4) == mask_of(["N", "E"])
    assert turned(mask_of(["N", "S"]), 2) == mask_of(["N", "S"])


def test_cells_are_ints_whose_neighbours_are_a_step_away() -> None:
    key = key_of(-3, 7)
    assert label_of(key) == "-3,7" and parse_label("-3,7") == key
    assert [label_of(key + step) for step in STEP] == ["-3,6", "-2,7", "-3,8", "-4,7"]
    with pytest.raises(ValueError, match="x,y"):
        parse_label("3;7")
    with pytest.raises(ValueError, match="more than"):
        key_of(5000, 0)


def test_a_tile_fits_a_cell_when_its_path_leaves_exactly_where_paths_come_in(
    rules: Rules,
) -> None:
    corner = next(k for k in rules.kinds if (k.type_id, k.shape_id) == ("body", "corner"))
    head = next(k for k in rules.kinds if k.type_id == "head")
    n, e, w = mask_of(["N"]), mask_of(["E"]), mask_of(["W"])
    # a neighbour to the W whose path comes in: the corner must leave by W (W-N or S-W)
    fits = rules.fits[w << 4 | w][corner.index]
    assert sorted(sides_of(b) for _, b, _ in fits) == [("N", "W"), ("S", "W")]
    # neighbours W (path in) and N (blank): only the S-W corner, and a head whose neck is W
    fits = rules.fits[(w | n) << 4 | w]
    assert [sides_of(b) for _, b, _ in fits[corner.index]] == [("S", "W")]
    assert [sides_of(h) for _, _, h in fits[head.index]] == [("W",)]
    # a neighbour E with a blank side: whatever leaves by E is out
    assert all(not (b | h) & e for _, b, h in rules.fits[e << 4][corner.index])
    injuries = [k.index for k in rules.kinds if k.role == INJURY]
    assert all(rules.fits[w << 4 | w][i] == () for i in injuries)  # never on an empty cell
