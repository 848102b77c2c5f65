"""The options kept turn by turn (``legal.Legal``) equal a scan of every cell from scratch.

The scan asks :func:`placing.judge` about every orient of every kind of the rack at every
empty cell beside the table where it fits (its path leaving by exactly the sides where a
neighbour's path comes in), and :func:`placing.judge_on_top` about every orient of every
kind of the rack on every tile of the table, with no cache: after every step of random
games, for both seats, the options must hold exactly those placements, each once.
"""

from __future__ import annotations

import random

import pytest

from editor.core.engine import MatchSpec
from editor.core.workspace import load_workspace
from editor.games.snakes_of_wrath.engine import (
    PASS,
    Place,
    Rules,
    State,
    new_match,
    prepare_packs,
)
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.engine.options import TurnOptions
from editor.games.snakes_of_wrath.engine.placing import HEAL, INJURE, judge, judge_on_top
from editor.games.snakes_of_wrath.engine.rules import INJURY, signature
from editor.games.snakes_of_wrath.engine.setup import Prepared
from editor.games.snakes_of_wrath.engine.sides import xy_of
from tests.games.snakes_of_wrath.conftest import Build, WritePack, t


def _firsts(st: State, seat: int) -> dict[int, int]:
    firsts: dict[int, int] = {}
    for tile in st.racks[seat]:
        firsts.setdefault(st.rules.box[tile], tile)
    return firsts


def scan(st: State, seat: int) -> set[Place]:
    """Every legal placement, judged afresh (the first tile of each kind)."""
    tb, rules = st.table, st.rules
    out = set()
    for k, tile in _firsts(st, seat).items():
        kind = rules.kinds[k]
        for turn, body, head in kind.orients:
            sig = signature(body, head)
            for key in tb.order:  # on top of a tile
                if judge_on_top(tb, rules, seat, key, k, sig) in (INJURE, HEAL):
                    out.add(Place(tile, *xy_of(key), turn))
            if kind.role == INJURY:
                continue
            for key, neighbours in tb.edge.items():  # on an empty cell
                if (body | head) & neighbours != tb.inward.get(key, 0):
                    continue
                verdict = judge(tb, seat, rules.min_bodies, key, body, head, neighbours)
                if not isinstance(verdict, str):
                    out.add(Place(tile, *xy_of(key), turn))
    return out


def same_as_scan(st: State) -> None:
    for seat in range(st.n):
        options = TurnOptions(st, seat)
        listed = [o for o in options if isinstance(o, Place)]
        assert len(listed) == len(set(listed)), "a placement listed twice"
        expected = scan(st, seat)
        assert set(listed) == expected, (seat, set(listed) ^ expected)
        # indexing agrees with iterating, and every listed placement is `in` the options
        assert [options[i] for i in range(len(listed))] == listed
        assert all(p in options for p in listed)
        # the options are counted apart from their listing: the count must agree with it
        assert len(options) == len(list(options))
        assert options[len(listed)] == PASS, "the placements counted differ from those listed"


@pytest.mark.parametrize("seed", range(6))
def test_the_kept_verdicts_equal_a_fresh_scan_after_every_step(rules: Rules, seed: int) -> None:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=seed))
    rng = random.Random(seed)
    while (decision := st.decision()) is not None:
        same_as_scan(st)
        places = [o for o in decision.options if isinstance(o, Place)]
        # mostly place, so that the table grows, snakes merge, get stolen and injured
        pool = places if places and rng.random() < 0.9 else list(decision.options)
        st.apply(pool[rng.randrange(len(pool))])
    assert st.table.order, "nothing was played"


def test_with_longer_snakes_to_close_the_verdicts_still_equal_a_fresh_scan(
    write_pack: WritePack,
) -> None:
    """A ruleset asking 3 bodies of a closed snake: what a context keeps of a short snake
    follows the number (verdicts judged once per context, with a fresh tile set)."""
    folder = write_pack({"ruleset.yaml": "min_bodies: 3\n"})
    ws = load_workspace([folder])
    rules = prepare_packs(ws, ["test-pack"]).rules
    assert rules.min_bodies == 3
    for seed in range(4):
        st = new_match(Prepared(rules), MatchSpec(players=2, seed=seed))
        rng = random.Random(seed)
        while (decision := st.decision()) is not None:
            same_as_scan(st)
            places = [o for o in decision.options if isinstance(o, Place)]
            pool = places if places and rng.random() < 0.9 else list(decision.options)
            st.apply(pool[rng.randrange(len(pool))])


def test_a_steal_changes_the_verdicts_at_the_far_end_of_the_stolen_snake(build: Build) -> None:
    """Blue's snake runs from -1,0 to 1,0, open towards -2,0 and 2,0; red joins it at 2,0 to
    a head lying at 2,1 and steals it, after which red may build at -2,0, far from the steal."""
    st = build(
        table={
            "-1,0": t("body", "W", "E", colour="blue"),
            "1,0": t("body", "W", "E", colour="blue"),
            "2,1": t("head", "N"),
        },
        racks={"red": [t("body", "W", "S"), t("body", "W", "E")], "blue": [t("todd")]},
    )
    far = (-2, 0)

    def red_may_lay_at_the_far_end() -> bool:
        decision = st.decision()
        assert decision is not None and decision.player == 0
        return any(isinstance(o, Place) and (o.x, o.y) == far for o in decision.options)

    assert not red_may_lay_at_the_far_end()
    same_as_scan(st)
    sc.act(st, "red", sc.place(st, "red", t("body", "W", "S"), "2,0"))
    assert ("steal", 0, 1, 3) in st.events  # the starter and blue's two bodies
    same_as_scan(st)
    sc.pass_turn(st, "blue")
    assert red_may_lay_at_the_far_end()
    same_as_scan(st)


def test_no_injury_is_offered_on_a_closed_or_own_snake_given_by_a_situation(
    build: Build,
) -> None:
    """Situations built for rules examples set snakes up directly: a closed snake of blue's
    and an open one of red's offer red no injury, an open one of blue's does."""
    closed = {
        "-1,0": t("head", "E"),
        "0,0": t("starter", "W", "E"),
        "1,0": t("body", "W", "E", colour="blue"),
        "2,0": t("head", "W"),
    }
    injuries = [t("injured", "W", "E")]
    st = build(table=closed, racks={"red": injuries}, scores={"blue": 2})
    assert not [o for o in TurnOptions(st, 0) if isinstance(o, Place) and o.y == 0]
    same_as_scan(st)
    own = {k: v for k, v in closed.items() if k != "2,0"}
    own["1,0"] = t("body", "W", "E", colour="red")
    st = build(table=own, racks={"red": injuries})
    assert not [o for o in TurnOptions(st, 0) if isinstance(o, Place) and o.y == 0]
    rival = {**own, "1,0": t("body", "W", "E", colour="blue")}
    st = build(table=rival, racks={"red": injuries})
    offered = {(o.x, o.y) for o in TurnOptions(st, 0) if isinstance(o, Place) and o.y == 0}
    assert offered == {(0, 0), (1, 0)}  # the starter and the body, both blue's
    same_as_scan(st)
