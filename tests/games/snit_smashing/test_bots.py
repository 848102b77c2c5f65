"""The Snit Smashing bots: the heuristic beats random play, never smashes its own Snits,
takes the Snandergrab away from rival Snits about to reach it, runs to safety, lurks under
the Snandergrab while it may, and spreads its Snits out."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from editor.core.engine import Decision, MatchSpec
from editor.core.workspace import Workspace
from editor.games.snit_smashing.bots import BOTS, HeuristicBot, beach_of
from editor.games.snit_smashing.engine import ENGINE, Prepared
from editor.games.snit_smashing.engine.scenario import Scenario, SnitSpec, beach
from editor.games.snit_smashing.engine.state import State
from editor.games.snit_smashing.engine.tables import bits
from editor.games.snit_smashing.metrics import METRICS
from editor.sim.runner import BatchPlan, run_batch

GARBLED = ("garbled",)


@pytest.fixture(scope="module")
def situation_map(bundled: Workspace) -> Prepared:
    """The bundled beach, as scenarios build it."""
    return beach(bundled)


def _bot(seat: int = 0, seed: int = 1) -> HeuristicBot:
    return HeuristicBot(seat, random.Random(seed))


def _ask(state: State, seat: int = 0, seed: int = 1) -> Hashable:
    decision = state.decision()
    assert decision is not None and decision.player == seat
    return _bot(seat, seed).choose(decision, state.view(seat))


def _labels(prepared: Prepared, hexes: tuple[int, ...] | list[int]) -> set[str]:
    return {prepared.tables.labels[h] for h in hexes}


def test_the_engine_offers_both_bots() -> None:
    assert set(ENGINE.bots()) == {"random", "heuristic"} and BOTS["heuristic"] is not None


def test_the_heuristic_beats_random_play(prepared: Prepared) -> None:
    """One heuristic seat among three random ones, in each seat in turn over seeded games."""
    players, games = 4, 8
    heuristic = [0, 0, 0]  # either victory, Snit victory, Bolotomus victory
    randoms = [0, 0, 0]
    for seat in range(players):
        bots = ["random"] * players
        bots[seat] = "heuristic"
        plan = BatchPlan(games=games, players=players, bots=tuple(bots), seed=40 + seat)
        for result in run_batch(ENGINE, prepared, plan, measure=METRICS.measure):
            assert result.ok, result.error
            for other in range(players):
                tally = heuristic if other == seat else randoms
                tally[0] += other in result.winners
                tally[1] += other in result.metrics["snit_victory"]
                tally[2] += other in result.metrics["bolotomus_victory"]
    heuristic_seats, random_seats = players * games, 3 * players * games
    for mine, theirs in zip(heuristic, randoms, strict=True):
        # well beyond chance: a share a third of the table higher than a random seat's
        assert mine / heuristic_seats >= theirs / random_seats + 0.3, (heuristic, randoms)


def test_the_heuristic_never_smashed_its_own_snits_in_seeded_games(prepared: Prepared) -> None:
    plan = BatchPlan(games=12, players=4, bots=("heuristic",) * 4, seed=3)
    results = run_batch(ENGINE, prepared, plan, measure=METRICS.measure)
    assert all(r.ok for r in results)
    smashed = [sum(r.metrics["trophies"]) for r in results]
    assert all(smashed)  # it does smash: rivals
    assert [r.metrics["own_smashed"] for r in results] == [[0] * 4] * len(results)


def _rivals_around(situation_map: Prepared, red_at: str) -> Scenario:
    """A red Snit at ``red_at`` and five blue ones near the Snandergrab, in bound 2."""
    blue = ["C6", "D6", "E6", "C5", "E5"]
    snits = [SnitSpec("R1", "red", 5, at=red_at)]
    snits += [SnitSpec(f"B{i}", "blue", 5, at=label) for i, label in enumerate(blue)]
    return Scenario.build(
        situation_map, players=["red", "blue"], run=1, bound=2, primus="red", snits=snits
    )


def test_it_smashes_where_rivals_will_end_but_not_on_its_own_snit(situation_map: Prepared) -> None:
    far = _ask(_rivals_around(situation_map, "A9").state)
    assert isinstance(far, tuple) and far[0] == "smash"
    cover = situation_map.tables.cover[situation_map.grab_start]
    # between the rivals and the Snandergrab, where they end when they cannot reach it
    assert not set(far[1:]) & set(bits(cover))
    for label in _labels(situation_map, far[1:]):
        sc = _rivals_around(situation_map, label)
        order = _ask(sc.state)
        assert isinstance(order, tuple) and order[0] == "smash"
        assert label not in _labels(situation_map, order[1:])
        # and the bound played out: red's Snit stays off red's smash
        _play_bound(sc.state, {0: "heuristic", 1: "random"}, first=order)
        assert sc.own_smashed()["red"] == 0


def _play_bound(state: State, bots: dict[int, str], first: Hashable | None = None) -> None:
    """Play the bound to its reveal: ``first`` as the first order, then the bots."""
    players = {seat: BOTS[name](seat, random.Random(seat)) for seat, name in bots.items()}
    bound, run = state.bound, state.run
    if first is not None:
        state.apply(first)
    while state.bound == bound and state.run == run:
        decision = state.decision()
        if decision is None:
            return
        bot = players[decision.player]
        view = state.view(decision.player) if bot.uses_view else None
        state.apply(bot.choose(decision, view))


def _move_decision(state: State, red_order: Hashable) -> Decision:
    state.apply(red_order)
    state.apply(GARBLED)
    decision = state.decision()
    assert decision is not None and decision.kind == "move" and decision.player == 0
    return decision


def test_its_snits_keep_off_its_own_smash(situation_map: Prepared) -> None:
    snits = [SnitSpec("R1", "red", 4, at="D5"), SnitSpec("B1", "blue", 4, at="A4")]
    sc = Scenario.build(
        situation_map, players=["red", "blue"], run=1, bound=3, primus="red", snits=snits
    )
    free = sc.state.clone()
    decision = _move_decision(free, GARBLED)
    best = _bot().choose(decision, free.view(0))
    assert isinstance(best, tuple)
    tables = situation_map.tables
    assert (tables.cover[free.grab] >> best[2]) & 1  # alone, it runs under the Snandergrab
    smash = next(s for s in tables.smashes if best[2] in s)  # its own smash falls there
    decision = _move_decision(sc.state, ("smash", *smash))
    chosen = _bot().choose(decision, sc.state.view(0))
    assert isinstance(chosen, tuple) and chosen[2] not in smash


def test_it_smashes_away_from_its_snits_in_a_crowded_sea(situation_map: Prepared) -> None:
    """Many Snits leave the sea at once: its last ones may find no free sand but its own
    smash, so it smashes where none of them can run."""
    snits = [SnitSpec(f"R{i}", "red", 4 + i % 4, at="A1") for i in range(16)]
    snits += [SnitSpec(f"B{i}", "blue", 4 + i % 4, at="G1") for i in range(16)]
    sc = Scenario.build(
        situation_map, players=["red", "blue"], run=3, bound=1, primus="red", snits=snits
    )
    order = _ask(sc.state)
    tables = situation_map.tables
    reach = 0
    for speed in range(4, 8):
        reach |= tables.ashore[tables.index["A1"]][speed]
    assert isinstance(order, tuple) and order[0] == "smash"
    assert not any((reach >> h) & 1 for h in order[1:])
    _play_bound(sc.state, {0: "heuristic", 1: "heuristic"}, first=order)
    assert sc.own_smashed() == {"red": 0, "blue": 0}


def test_it_takes_the_snandergrab_away_from_rivals_about_to_reach_it(
    situation_map: Prepared,
) -> None:
    blue = ["C8", "D8", "E8", "B9", "F9"]
    snits = [SnitSpec("R1", "red", 5, at="B3"), SnitSpec("R2", "red", 4, at="F3")]
    snits += [SnitSpec(f"B{i}", "blue", 5, at=label) for i, label in enumerate(blue)]
    sc = Scenario.build(
        situation_map, players=["red", "blue"], run=1, bound=3, primus="red", snits=snits
    )
    order = _ask(sc.state)
    assert isinstance(order, tuple) and order[0] == "move"
    tables = situation_map.tables
    distance = beach_of(tables).distances(tables.cover[order[1]])
    reds = [tables.index[x] for x in ("B3", "F3")]
    blues = [tables.index[x] for x in blue]
    assert not any((tables.cover[order[1]] >> h) & 1 for h in reds)  # never onto its own
    assert min(distance[h] for h in blues) > max(distance[h] for h in reds)
    # with rivals far off it smashes instead
    calm = Scenario.build(
        situation_map,
        players=["red", "blue"],
        run=1,
        bound=3,
        primus="red",
        snits=[SnitSpec("R1", "red", 5, at="B3"), SnitSpec("B1", "blue", 5, at="F2")],
    )
    assert _ask(calm.state)[0] == "smash"  # type: ignore[index]


def _run_to_sea(situation_map: Prepared, bound: int, speed: int = 5) -> Scenario:
    snits = [
        SnitSpec("R1", "red", speed, state="under"),
        SnitSpec("B1", "blue", 4, state="under"),
    ]
    return Scenario.build(
        situation_map, players=["red", "blue"], run=2, bound=bound, primus="red", snits=snits
    )


def test_it_lurks_under_the_snandergrab_until_it_must_leave(situation_map: Prepared) -> None:
    early = _run_to_sea(situation_map, 1)
    assert _bot().choose(_move_decision(early.state, GARBLED), early.state.view(0))[2] == -1  # type: ignore[index]
    late = _run_to_sea(situation_map, 5)
    move = _bot().choose(_move_decision(late.state, GARBLED), late.state.view(0))
    assert isinstance(move, tuple) and move[2] >= 0  # off it goes, towards the sea
    tables = situation_map.tables
    sea = beach_of(tables).distances(tables.sea)
    assert sea[move[2]] < min(sea[h] for h in bits(tables.cover[late.state.grab]))


def test_it_runs_into_the_sea_when_it_can(situation_map: Prepared) -> None:
    snits = [SnitSpec("R1", "red", 4, at="C4"), SnitSpec("B1", "blue", 4, state="under")]
    sc = Scenario.build(
        situation_map, players=["red", "blue"], run=2, bound=3, primus="red", snits=snits
    )
    move = _bot().choose(_move_decision(sc.state, GARBLED), sc.state.view(0))
    assert isinstance(move, tuple) and (situation_map.tables.sea >> move[2]) & 1


def test_it_spreads_its_snits_out(situation_map: Prepared) -> None:
    """Of the ends nearest its goal, it takes one with the fewest of its Snits around."""
    tables = situation_map.tables
    goal = tables.cover[situation_map.grab_start] & tables.sand
    distance = beach_of(tables).distances(goal)

    def nearest_ends(start: int) -> list[int]:
        reach = tables.inland[start][4] & ~goal
        nearest = min(distance[h] for h in bits(reach))
        return [h for h in bits(reach) if distance[h] == nearest]

    # a red Snit that cannot reach the Snandergrab, with several ends as near to it, and a
    # red Snit that has already run next to some of those ends but not all
    start, friend = next(
        (start, friend)
        for start in bits(tables.sand & ~goal)
        if distance[start] > 4 and len(nearest_ends(start)) > 1
        for friend in bits(tables.sand & ~goal)
        if friend not in nearest_ends(start)
        and friend != start
        and 0 < sum((tables.nbr_mask[friend] >> e) & 1 for e in nearest_ends(start)) < 2
    )
    ends = nearest_ends(start)
    rival = next(h for h in bits(tables.sand & ~goal) if h not in (start, friend, *ends))
    snits = [
        SnitSpec("R1", "red", 4, at=tables.labels[start]),
        SnitSpec("R2", "red", 4, at=tables.labels[friend]),
        SnitSpec("B1", "blue", 4, at=tables.labels[rival]),
    ]
    sc = Scenario.build(
        situation_map, players=["red", "blue"], run=1, bound=2, primus="red", snits=snits
    )
    state = sc.state
    state.apply(GARBLED)
    state.apply(GARBLED)
    state.apply(("go", sc.names["R2"], friend))  # R2 stays: red's first move
    state.apply(("go", sc.names["B1"], rival))  # blue's stays too
    decision = state.decision()
    assert decision is not None and decision.player == 0
    move = _bot().choose(decision, state.view(0))
    assert isinstance(move, tuple) and move[2] in ends
    assert not (tables.nbr_mask[friend] >> move[2]) & 1


def test_no_order_it_writes_falls_on_its_own_snits(prepared: Prepared) -> None:
    """At every order of some random games, each seat's heuristic order is asked for: none
    smashes a hex where one of that seat's Snits stands."""
    asked = smashes = 0
    for seed in range(4):
        state = ENGINE.new_match(prepared, MatchSpec(players=4, seed=seed))
        rng = random.Random(seed)
        bots = [_bot(seat, seed) for seat in range(4)]
        decision = state.decision()
        while decision is not None:
            if decision.kind == "order":
                view = state.view(decision.player)
                order = bots[decision.player].choose(decision, view)
                assert order in decision.options
                mine = {f[4] for f in view.snits if f[1] == decision.player and f[4] >= 0}
                assert isinstance(order, tuple)
                if order[0] == "smash":
                    smashes += 1
                    assert not mine & set(order[1:]), (order, mine)
                asked += 1
            state.apply(decision.options[rng.randrange(len(decision.options))])
            decision = state.decision()
    assert asked > 300 and smashes > asked // 2
