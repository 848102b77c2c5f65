"""The Snails bots: legal play, a heuristic that climbs, stays dry, attacks and wins, and
choices that depend only on what the seat may see."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from editor.core.engine import MatchSpec, Outcome
from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.bots import BOTS, HeuristicBot, RandomBot
from editor.games.snails.bots.board import Board
from editor.games.snails.engine import ENGINE, Prepared, State
from editor.games.snails.engine.phases import run_phase
from editor.sim.runner import BatchPlan, run_batch
from editor.sim.stats import wilson

FACTIONS = ("knights", "druids", "cyborgs", "mobsters")


@pytest.fixture(scope="module")
def ws() -> Workspace:
    return load_workspace()


@pytest.fixture(scope="module")
def crustacean(ws: Workspace) -> Prepared:
    return ENGINE.prepare(ws, ws.layouts["crustacean"])


def test_the_engine_offers_both_bots() -> None:
    assert set(ENGINE.bots()) == {"random", "heuristic"}
    assert ENGINE.bots() is BOTS
    assert isinstance(BOTS["random"](0, random.Random(1)), RandomBot)
    assert isinstance(BOTS["heuristic"](2, random.Random(1)), HeuristicBot)


def test_the_heuristic_starts_on_high_ground(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(4, FACTIONS, frozenset(), 11))
    bot = HeuristicBot(0, random.Random(0))
    tops = 0
    while (d := st.decision()) is not None and d.kind == "place":
        choice = bot.choose(d, st.view(d.player)) if d.player == 0 else d.options[0]
        if d.player == 0:
            assert st.level[choice] == max(st.level[x] for x in d.options)
            tops += st.level[choice] == 3
        st.apply(choice)
    assert tops == 4  # Crustacean has mountains enough for all four of its snails


def _scenario(ws: Workspace, prepared: Prepared, rival_hand: Sequence[str]) -> State:
    """p1's leader on a meadow over p2's soldier on the beach below; p1's soldier in the sea."""
    return State.from_scenario(
        prepared.rules,
        ws.boards["snails-expert"].hexes,
        terrain={
            "D4": ["beach", "meadow"],
            "D5": ["beach"],
            "D6": ["beach"],
            "E6": ["beach", "meadow"],
            "H8": ["beach"],
        },
        players=[("p1", "knights", ["revolver"]), ("p2", "druids", list(rival_hand))],
        first_player="p1",
        snails=[
            ("leader", "p1", "D4", None, False, "leader"),
            ("swimmer", "p1", "C6", None, False, None),
            ("target", "p2", "D5", None, False, None),
            ("far", "p2", "H8", None, False, None),
        ],
        seed=3,
    )


def _program(st: State, bot: HeuristicBot) -> tuple[tuple[int, int], ...]:
    st.start(run_phase(st, "planning"))
    decision = st.decision()
    assert decision is not None and decision.kind == "program" and decision.player == 0
    program = bot.choose(decision, st.view(0))
    assert program in decision.options
    assert isinstance(program, tuple)
    return program


def test_the_heuristic_leaves_the_water_and_attacks_what_it_reaches(
    ws: Workspace, crustacean: Prepared
) -> None:
    st = _scenario(ws, crustacean, ["bow"])
    leader, swimmer, target = (st.snail(n) for n in ("leader", "swimmer", "target"))
    bot = HeuristicBot(0, random.Random(5))
    program = _program(st, bot)
    plays = [(st.card_id(card), snail) for card, snail in program]
    assert plays[0] == ("crawl", swimmer)
    attacks = [card for card, snail in plays if snail == leader]
    assert {"hit", "revolver"} & set(attacks), plays
    # Play the round: the rival plays at random, we play the heuristic's way.
    st.apply(program)
    rival = RandomBot(1, random.Random(0))
    while (d := st.decision()) is not None:
        st.apply(rival.choose(d, None))
    st.start(run_phase(st, "action"))
    while (d := st.decision()) is not None:
        view = st.view(d.player)
        st.apply(bot.choose(d, view) if d.player == 0 else rival.choose(d, view))
    assert st.stack[st.sat[swimmer]], "the swimmer crawled ashore"
    assert any(e[:2] == ("damage", target) and e[3] == "attack" for e in st.events)
    assert not any(e[0] == "damage" and e[1] == leader and e[3] == "attack" for e in st.events)


def test_the_heuristic_sees_only_its_own_cards(ws: Workspace, crustacean: Prepared) -> None:
    # Two matches that differ only in the rival's hidden hand get the same program.
    first = _program(
        _scenario(ws, crustacean, ["bow", "grenade"]), HeuristicBot(0, random.Random(9))
    )
    second = _program(
        _scenario(ws, crustacean, ["mine", "flail"]), HeuristicBot(0, random.Random(9))
    )
    assert first == second


def _deaths(
    events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
) -> Mapping[str, Any]:
    water = [0] * spec.players
    for event in events:
        if event[0] == "death" and event[3] == "water":
            water[event[2]] += 1
    return {"water": water}


def test_the_heuristic_beats_random_players_and_drowns_less(crustacean: Prepared) -> None:
    plan = BatchPlan(
        games=40,
        players=4,
        bots=("heuristic", "random", "random", "random"),
        seed=2024,
        modules=frozenset({"specialists", "wind"}),
        factions=tuple(ENGINE.factions(crustacean)),
    )
    results = run_batch(ENGINE, crustacean, plan, measure=_deaths)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    wins = wilson(sum(0 in r.winners for r in results), len(results))
    assert wins.low > 0.25, wins  # a random seat wins about a quarter
    drowned = [sum(r.metrics["water"][seat] for r in results) for seat in range(4)]
    assert drowned[0] * 3 < min(drowned[1:]), drowned


def test_random_bots_play_every_kind_of_decision(crustacean: Prepared) -> None:
    kinds: set[str] = set()
    for seed in range(6):
        st = ENGINE.new_match(crustacean, MatchSpec(4, FACTIONS, frozenset({"wind"}), seed))
        bots = [RandomBot(s, random.Random(seed * 10 + s)) for s in range(4)]
        while (d := st.decision()) is not None:
            kinds.add(d.kind)
            st.apply(bots[d.player].choose(d, None))
        assert st.outcome() is not None
    assert {"place", "program", "action"} <= kinds


def _shell_scene(ws: Workspace, prepared: Prepared, brute_at: str) -> State:
    """Two snails of p1 on beaches far apart; p2's brute on a meadow next to one of them."""
    return State.from_scenario(
        prepared.rules,
        ws.boards["snails-expert"].hexes,
        terrain={
            "C4": ["beach", "meadow"],
            "C5": ["beach"],
            "H7": ["beach", "meadow"],
            "H8": ["beach"],
        },
        players=[("p1", "knights", []), ("p2", "druids", [])],
        first_player="p1",
        snails=[
            ("west", "p1", "C5", None, False, None),
            ("east", "p1", "H8", None, False, None),
            ("brute", "p2", brute_at, None, False, None),
        ],
        seed=3,
    )


def test_the_heuristic_shells_the_snail_under_threat(ws: Workspace, crustacean: Prepared) -> None:
    # The one Shell card goes to whichever snail the brute looms over, whatever the seed.
    for brute_at, threatened in (("C4", "west"), ("H7", "east")):
        for seed in range(3):
            st = _shell_scene(ws, crustacean, brute_at)
            program = _program(st, HeuristicBot(0, random.Random(seed)))
            shelled = [st.snail_names[s] for c, s in program if st.card_id(c) == "shell"]
            assert shelled == [threatened], (brute_at, seed, program)


def test_the_heuristic_sees_from_the_water_as_the_ruleset_says(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(2, (), frozenset(), 3))
    water = next(x for x in range(st.tables.size) if not st.stack[x])
    land = next(x for x in range(st.tables.size) if st.stack[x])
    for height in (1, 2):
        st.water_sight = height  # line_of_sight.from_water
        board = Board(st.view(0))
        assert board.sight(water) == st.sight(water) == height
        assert board.sight(land) == st.sight(land) == st.level[land]


class _SeesFrom7:
    """A view whose rule of line of sight says 7 everywhere; the rest is the real view's
    (the state's classes may be compiled, and a compiled object's methods cannot be
    patched)."""

    def __init__(self, view: Any) -> None:
        self._view = view

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)

    @property
    def sight_rule(self) -> Callable[[int], int]:
        return lambda space: 7


def test_the_heuristic_takes_line_of_sight_from_the_view(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(2, (), frozenset(), 3))
    land = next(x for x in range(st.tables.size) if st.stack[x])
    # the bot keeps no copy of the rule: whatever the view says is what it uses
    assert Board(_SeesFrom7(st.view(0))).sight(land) == 7 != st.level[land]
    assert Board(st.view(0)).sight(land) == st.level[land]


def test_the_heuristic_reads_whom_a_push_moves_from_the_view(ws: Workspace) -> None:
    from editor.core.engine import Decision

    rules = ENGINE.prepare(ws, ws.layouts["crustacean"]).rules
    st = State.from_scenario(
        rules,
        ws.boards["snails-expert"],
        terrain={"C4": ["beach"], "C5": ["beach", "meadow", "mountain"]},
        players=[("red", None, []), ("blue", None, [])],
        snails=[("r", "red", "C4", None, False, None), ("b", "blue", "C4", None, False, None)],
    )
    water, high = st.space("D4"), st.space("C5")
    # the prompt names no snail: whom the push moves is the view's about
    decision = Decision(0, "push", (high, water), "where the snail goes")
    for mover, best in (("b", water), ("r", high)):
        st.about = st.snail(mover)
        for seed in range(8):
            assert HeuristicBot(0, random.Random(seed)).choose(decision, st.view(0)) == best


def test_a_broken_bots_module_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    assert ENGINE.bots() is BOTS
    monkeypatch.setitem(sys.modules, "editor.games.snails.bots", None)
    with pytest.raises(ImportError):
        ENGINE.bots()


def _mole_scene(ws: Workspace, prepared: Prepared, rival_at: str) -> State:
    """p1's snail on a beach with a Combat Mole in hand; p2's snail next to it or far off."""
    return State.from_scenario(
        prepared.rules,
        ws.boards["snails-expert"].hexes,
        terrain={"C5": ["beach"], "C6": ["beach"], "H8": ["beach"]},
        players=[("p1", "knights", ["combat-mole"]), ("p2", "druids", [])],
        first_player="p1",
        snails=[
            ("digger", "p1", "C5", None, False, None),
            ("rival", "p2", rival_at, None, False, None),
        ],
        seed=3,
    )


def test_the_heuristic_digs_with_the_combat_mole_only_when_it_bites(
    ws: Workspace, crustacean: Prepared
) -> None:
    # A dig lowers one's own ground, but the mole's bite on a snail in reach is worth it.
    for rival_at, bites in (("C6", True), ("H8", False)):
        for seed in range(3):
            st = _mole_scene(ws, crustacean, rival_at)
            program = _program(st, HeuristicBot(0, random.Random(seed)))
            played = [st.card_id(c) for c, _ in program]
            assert ("combat-mole" in played) == bites, (rival_at, seed, played)


def test_the_heuristic_carries_the_adjacent_hit_onto_rivals_not_friends(ws: Workspace) -> None:
    from editor.core.engine import Decision

    rules = ENGINE.prepare(ws, ws.layouts["crustacean"]).rules
    st = State.from_scenario(
        rules,
        ws.boards["snails-expert"],
        terrain={"C4": ["beach"], "C5": ["beach"], "D5": ["beach"]},
        players=[("red", None, []), ("blue", None, [])],
        snails=[("r", "red", "C4", None, False, None), ("b", "blue", "D5", None, False, None)],
    )
    friend, rival = (st.space("C4"),), (st.space("D5"),)
    decision = Decision(0, "wind-adjacent", (friend, rival), "the space next to it also hit")
    for seed in range(8):
        assert HeuristicBot(0, random.Random(seed)).choose(decision, st.view(0)) == rival
