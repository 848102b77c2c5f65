"""The beach's tables: Smashes, the Snandergrab's places, and reach that agrees with paths."""

from __future__ import annotations

import contextlib
import itertools
import random

import pytest

from editor.core.hexgrid import parse_label
from editor.games.snit_smashing.engine import Prepared
from editor.games.snit_smashing.engine.movement import Refused, check_path, ends_mask
from editor.games.snit_smashing.engine.scenario import Scenario, SnitSpec
from editor.games.snit_smashing.engine.tables import bits, nth_bit
from editor.games.snit_smashing.shapes import is_smash


def _labels(prepared: Prepared, hexes: tuple[int, ...]) -> set[str]:
    return {prepared.tables.labels[h] for h in hexes}


def test_every_smash_is_three_hexes_meeting_at_a_corner_on_the_map(prepared: Prepared) -> None:
    smashes = [_labels(prepared, s) for s in prepared.tables.smashes]
    assert {"C6", "C7", "D7"} in smashes and {"G4", "G5", "F5"} in smashes
    assert all(is_smash([parse_label(x) for x in s], 3) for s in smashes)
    assert not any("D11" in s for s in smashes)
    # every corner inside a 7 x 10 board: two per hex less those on the edges
    assert len(smashes) == len(set(map(frozenset, smashes))) == 108


def test_the_snandergrab_moves_only_where_it_is_wholly_on_sand(prepared: Prepared) -> None:
    tables = prepared.tables
    centres = {tables.labels[c] for c in tables.centres}
    assert "D10" not in centres  # its start hangs off the map
    assert "B2" not in centres  # B1 is sea
    assert {"E3", "C3", "D9", "B9", "F9"} <= centres
    for centre in tables.centres:
        assert tables.cover[centre].bit_count() == 7 and not tables.cover[centre] & tables.sea
    assert tables.cover[tables.index["D10"]].bit_count() == 6


def test_mask_helpers() -> None:
    assert bits(0b101001) == [0, 3, 5]
    assert [nth_bit(0b101001, i) for i in range(3)] == [0, 3, 5]


def _all_paths(state: Scenario, snit: int, steps: int) -> set[int]:
    """Every end a path of up to ``steps`` adjacent hexes makes, as check_path judges it."""
    tables = state.state.tables
    st = state.state
    if st.at[snit] >= 0:
        firsts = tables.nbrs[st.at[snit]]
    else:
        cover = tables.cover[st.grab]
        firsts = tuple(sorted({n for c in bits(cover) for n in (c, *tables.nbrs[c])}))
    ends: set[int] = set()
    with contextlib.suppress(Refused):
        ends.add(check_path(st, snit, []))
    frontier: list[tuple[int, ...]] = [(f,) for f in firsts]
    for _length in range(steps):
        grown = []
        for path in frontier:
            with contextlib.suppress(Refused):
                ends.add(check_path(st, snit, [tables.labels[h] for h in path]))
            grown += [(*path, n) for n in tables.nbrs[path[-1]]]
        frontier = grown
    return ends


def _mask_ends(state: Scenario, snit: int) -> set[int]:
    size = state.state.tables.size
    return {-1 if h == size else h for h in bits(ends_mask(state.state, snit))}


@pytest.mark.parametrize("seed", range(6))
def test_the_reach_tables_agree_with_every_path(beach_map: Prepared, seed: int) -> None:
    rng = random.Random(seed)
    labels = beach_map.tables.labels
    sea = [lab for i, lab in enumerate(labels) if (beach_map.tables.sea >> i) & 1]
    sand = [lab for lab in labels if lab not in sea]
    run = 1 + seed % 2
    spots = rng.sample(sand, 12)
    specs = [SnitSpec(f"S{i}", "red", 3, at=spot) for i, spot in enumerate(spots[:10])]
    if run == 1:
        specs += [SnitSpec("W1", "red", 3, at=rng.choice(sea)), SnitSpec("W2", "blue", 3, at="A1")]
    else:
        specs += [SnitSpec("U1", "blue", 3, state="under")]
    specs = [s for s in specs if not (run == 2 and s.at in ("D9", "C9", "C10", "E9", "E10"))]
    scenario = Scenario.build(beach_map, players=["red", "blue"], snits=specs, run=run)
    for name, snit in scenario.names.items():
        assert _all_paths(scenario, snit, 3) == _mask_ends(scenario, snit), name


def test_a_sea_snit_with_no_free_sand_in_reach_may_stay(beach_map: Prepared) -> None:
    # A1's way out: B2 and A3 are two steps; fill every sand hex a speed-1 Snit reaches
    blockers = [SnitSpec(f"X{i}", "blue", 4, at=h) for i, h in enumerate(["B2", "A3"])]
    scenario = Scenario.build(
        beach_map,
        players=["red", "blue"],
        snits=[SnitSpec("R1", "red", 1, at="A1"), *blockers],
    )
    snit = scenario.names["R1"]
    assert _mask_ends(scenario, snit) == {beach_map.tables.index["A1"]}
    assert list(itertools.islice(_all_paths(scenario, snit, 1), 2)) == [
        beach_map.tables.index["A1"]
    ]
