"""What the heuristic reads of a board: the fast ratings (bit masks, shared caches) agree
with their definitions, space by space and snail by snail, in real matches and with rivals
sharing a space."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from editor.core.engine import MatchSpec
from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.bots import HeuristicBot
from editor.games.snails.bots import board as board_module
from editor.games.snails.bots.board import Board, Memory, known
from editor.games.snails.bots.program import reach_of
from editor.games.snails.engine import ENGINE, Prepared, State

MODULES = frozenset({"specialists", "wind"})


@pytest.fixture(scope="module")
def ws() -> Workspace:
    return load_workspace()


@pytest.fixture(scope="module")
def crustacean(ws: Workspace) -> Prepared:
    return ENGINE.prepare(ws, ws.layouts["crustacean"])


def _states(prepared: Prepared, seed: int, every: int) -> Iterator[State]:
    """A match between heuristic bots, seen at every ``every``-th decision."""
    st = ENGINE.new_match(prepared, MatchSpec(4, (), MODULES, seed))
    bots = [HeuristicBot(p, random.Random(seed + p)) for p in range(4)]
    step = 0
    while (d := st.decision()) is not None:
        if step % every == 0:
            yield st
        st.apply(bots[d.player].choose(d, st.view(d.player)))
        step += 1


def _spot(st: State, seat: int, space: int, s: int) -> float:
    """A spot's rating as the heuristic defines it, from the state itself."""
    if not st.stack[space]:
        return -100.0
    shore = sum(1 for x in st.tables.nbrs[space] if not st.stack[x])
    burning = [
        t.index for t in st.rules.tokens if any("snail_enters" in a.events for a in t.abilities)
    ]
    fire = sum(st.tok[t][space] for t in burning)
    ground = 20.0 * st.level[space] - 1.5 * shore - 8.0 * fire
    rivals = [st.sat[r] for r in range(len(st.sp)) if st.sp[r] != seat and st.sat[r] >= 0]
    near = sum(1 for where in rivals if st.tables.dist[space][where] <= 2)
    crowd = len(st.occ[space]) - (s in st.occ[space])
    return ground + min(near, 3) - crowd


def _reaches(st: State, seat: int, at: int, card_reach: tuple[int, int, bool, bool]) -> bool:
    rmin, rmax, los, land = card_reach
    own = st.sight(at)
    return any(
        rmin <= st.tables.dist[at][st.sat[r]] <= rmax
        and not (los and st.level[st.sat[r]] > own)
        and not (land and not st.stack[st.sat[r]])
        for r in range(len(st.sp))
        if st.sp[r] != seat and st.sat[r] >= 0
    )


def _threats(st: State, seat: int, s: int) -> int:
    at = st.sat[s]
    return sum(
        1
        for r in range(len(st.sp))
        if st.sp[r] != seat
        and st.sat[r] >= 0
        and st.tables.dist[at][st.sat[r]] <= 3
        and st.sight(st.sat[r]) >= st.level[at]
    )


def _check(st: State) -> int:
    """Every space's spot, every snail's reach and threats, against the definitions."""
    checked = 0
    reaches = {reach_of(card) for card in st.rules.cards}
    for seat in range(st.n):
        b = Board(st.view(seat))
        spaces = list(range(st.tables.size))
        snails = [s for s in range(len(st.sp)) if st.sat[s] >= 0]
        for s in [-1, *snails]:
            assert b.spots(spaces, s) == [_spot(st, seat, x, s) for x in spaces]
        hits = [sum(-3.0 if st.sp[x] == seat else 2.0 for x in st.occ[y]) for y in spaces]
        alone = Board(st.view(seat))  # one space at a time, then all of them at once
        assert [alone.space_value(y) for y in spaces] == hits
        assert [b.space_values.get(y, 0) for y in spaces] == hits
        assert [b.space_value(y) for y in spaces] == hits
        assert alone.space_value(-1) == b.space_value(-1) == 0
        for s in snails:
            if st.sp[s] == seat:
                assert b.threats(s) == _threats(st, seat, s)
            for reach in reaches:
                assert b.reaches(st.sat[s], reach) == _reaches(st, seat, st.sat[s], reach)
                checked += 1
    return checked


def test_spots_reach_and_threats_follow_their_definitions(crustacean: Prepared) -> None:
    checked = sum(_check(st) for st in _states(crustacean, 8, every=17))
    assert checked > 1000


def test_rivals_sharing_a_space_each_count(ws: Workspace, crustacean: Prepared) -> None:
    st = State.from_scenario(
        crustacean.rules,
        ws.boards["snails-expert"].hexes,
        terrain={"C4": ["beach"], "C5": ["beach", "meadow"], "D5": ["beach"], "E5": ["beach"]},
        players=[("red", None, []), ("blue", None, [])],
        snails=[
            ("r", "red", "C4", None, False, None),
            *((f"b{k}", "blue", "D5", None, False, None) for k in range(3)),
            ("b3", "blue", "E5", None, False, None),
        ],
    )
    b = Board(st.view(0))
    # four rivals within two spaces of C4 (three of them on D5): the spot counts three
    c4 = st.space("C4")
    assert b.spots([c4], st.snail("r")) == [_spot(st, 0, c4, st.snail("r"))]
    assert b.threats(st.snail("r")) == _threats(st, 0, st.snail("r")) == 4
    _check(st)


def test_the_caches_do_not_mix_boards_or_rules(ws: Workspace, crustacean: Prepared) -> None:
    # A match replayed after one on another board, and with every cache dropped, makes the
    # very same choices.
    robot = ENGINE.prepare(ws, ws.layouts["robot"])

    def choices(prepared: Prepared, seed: int) -> list[object]:
        st = ENGINE.new_match(prepared, MatchSpec(3, (), MODULES, seed))
        bots = [HeuristicBot(p, random.Random(seed + p)) for p in range(3)]
        made = []
        while (d := st.decision()) is not None:
            made.append(bots[d.player].choose(d, st.view(d.player)))
            st.apply(made[-1])
        return made

    first = choices(crustacean, 4)
    assert choices(robot, 4) != first
    assert choices(crustacean, 4) == first
    board_module._BOARDS.clear()
    board_module._KNOWN.clear()  # the tables worked out again give the same choices
    assert choices(crustacean, 4) == first
    assert known(crustacean.rules) is known(crustacean.rules)
    assert known(robot.rules).rules is robot.rules


def test_a_bots_memory_keeps_what_it_knows_of_the_rules_and_board_it_saw(
    ws: Workspace, crustacean: Prepared
) -> None:
    robot = ENGINE.prepare(ws, ws.layouts["robot"])
    memory = Memory()
    for prepared in (crustacean, robot, crustacean):
        assert memory.known_of(prepared.rules) is known(prepared.rules)
        assert memory.board_of(prepared.tables) is board_module._tables_of(prepared.tables)
