"""The simulator with a second game: the square test game (``tests/square_game``) played in
batches (in process and in workers), through ``seastack simulate``, at random with its
invariants checked at every step, and replayed to the batch's ends."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from editor.cli import main
from editor.core import registry
from editor.core.engine import JSON, IllegalChoice, MatchSpec
from editor.sim.replay import differences, replay_index, result_from_json, result_to_json
from editor.sim.runner import BatchPlan, GameResult, run_batch
from tests.conftest import SQUARE_DATA, load_square
from tests.square_game.rules import METRICS, SquareState, View, replay_frame

YARD = SQUARE_DATA / "yard.layout.yaml"
#: Floor cells of the yard and of the table.
YARD_FLOOR = 9
TABLE_FLOOR = 7


def _setup(layout_id: str = "yard") -> tuple[Any, Any]:
    ws = load_square()
    game = registry.get("square-test")
    assert game is not None and game.engine is not None
    return game.engine, game.engine.prepare(ws, ws.layouts[layout_id])


PLAN = BatchPlan(games=24, players=2, bots=("greedy", "random"), seed=7, digest=True)


def _batch(jobs: int, context: str | None = None) -> list[GameResult]:
    engine, prepared = _setup()
    return run_batch(engine, prepared, PLAN, jobs=jobs, measure=METRICS.measure, context=context)


def test_a_batch_gives_the_same_results_on_one_and_two_workers(
    square_game: registry.Game,
) -> None:
    one = _batch(1)
    assert one == _batch(2)
    assert [r.index for r in one] == list(range(PLAN.games))
    assert all(r.ok and r.reason == "board-full" for r in one)
    assert {(r.steps, r.rounds) for r in one} == {(YARD_FLOOR, YARD_FLOOR // 2)}
    for r in one:
        claimed = r.metrics["claimed"]
        assert sum(claimed) == YARD_FLOOR
        best = max(claimed)
        assert r.winners == tuple(s for s, n in enumerate(claimed) if n == best)
    # an odd floor: whoever starts claims one cell more and wins; the seed draws the starter
    assert {r.winners for r in one} == {(0,), (1,)}
    assert all(r.metrics["claimed"][r.winners[0]] == YARD_FLOOR // 2 + 1 for r in one)
    assert len({r.seed for r in one}) == PLAN.games


def test_spawned_workers_need_no_registration(square_game: registry.Game) -> None:
    """A spawned worker imports the games afresh (no square-test in its registry): the
    engine, its prepared content and the measure travel to it pickled, and that is enough."""
    assert _batch(2, context="spawn") == _batch(1)


def _simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    # the layout's board is beside it, not bundled: --packs loads the folder (see the report)
    command = ["simulate", str(YARD), "--games", "20", "--seed", "1", "--json"]
    code = main([*command, "--packs", str(SQUARE_DATA), *args])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else {}


def test_seastack_simulate_plays_the_square_game(
    square_game: registry.Game, capsys: pytest.CaptureFixture[str]
) -> None:
    code, one = _simulate(capsys, "--jobs", "1")  # the game's most players by default: 2
    assert code == 0 and len(one["seats"]) == 2
    assert (one["game"], one["layout"], one["games"], one["finished"]) == (
        "square-test",
        "yard",
        20,
        20,
    )
    assert one["bots"] == ["random", "random"]  # no heuristic bot: random is the default
    assert one["factions"] == [] and one["errors"] == []
    assert list(one["endings"]) == ["board-full"]
    assert one["rounds"]["mean"] == YARD_FLOOR // 2
    assert one["shared_wins"] == 0
    assert all(0 < seat["wins"]["successes"] < 20 for seat in one["seats"])
    (section,) = one["sections"]
    assert section["title"] == "Cells claimed"
    assert [row["label"] for row in section["rows"]] == ["p1", "p2"]
    means = [row["cells"]["cells"]["mean"]["mean"] for row in section["rows"]]
    assert sum(means) == pytest.approx(YARD_FLOOR)
    # forked workers inherit the registered game: the same summary on two of them
    code, two = _simulate(capsys, "--players", "2", "--jobs", "2")
    assert code == 0
    assert two == one and one["rerun"] == 0
    code, greedy = _simulate(capsys, "--players", "2", "--jobs", "1", "--bots", "greedy,random")
    assert code == 0 and greedy["bots"] == ["greedy", "random"]


def test_seastack_simulate_refuses_four_players(
    square_game: registry.Game, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["simulate", str(YARD), "--games", "2", "--jobs", "1", "--packs", str(SQUARE_DATA)]
    assert main([*command, "--players", "4"]) == 2
    assert "for 2 players, not 4" in capsys.readouterr().err


def _check(state: SquareState, floor: tuple[str, ...]) -> None:
    """The invariants of a match at any step."""
    owners = state.owners
    claims = [e[2] for e in state.events if e[0] == "claim"]
    assert len(claims) == len(set(claims)) == len(owners), "a cell claimed twice"
    assert set(owners) | set(state.unclaimed()) == set(floor)
    assert not set(owners) & set(state.unclaimed())
    assert len(owners) + len(state.unclaimed()) == len(floor)
    decision = state.decision()
    if decision is None:
        assert not state.unclaimed() and state.outcome() is not None
        return
    assert tuple(decision.options) == state.unclaimed()  # exactly the unclaimed, in order
    assert list(decision.options) == [c for c in floor if c not in owners]
    assert decision.player == state.to_move and state.outcome() is None
    view = state.view(1 - decision.player)
    assert isinstance(view, View) and view.owners == owners and view.to_move == decision.player


@pytest.mark.parametrize(("layout_id", "cells"), [("yard", YARD_FLOOR), ("table", TABLE_FLOOR)])
def test_random_play_keeps_the_invariants(
    square_game: registry.Game, layout_id: str, cells: int
) -> None:
    engine, prepared = _setup(layout_id)
    assert len(prepared.cells) == cells
    starters = set()
    for seed in range(12):
        spec = MatchSpec(players=2, seed=seed)
        state = engine.new_match(prepared, spec)
        starters.add(state.events[0])
        rng = random.Random(seed)
        _check(state, prepared.cells)
        while (decision := state.decision()) is not None:
            before = (dict(state.owners), list(state.events), state.to_move, state.turns)
            taken = next(iter(state.owners), None)
            for bad in ("9,9", "D5", 3, None, taken):
                if bad is None and taken is None:
                    continue
                with pytest.raises(IllegalChoice):
                    state.apply(bad)
                assert (
                    dict(state.owners),
                    list(state.events),
                    state.to_move,
                    state.turns,
                ) == before
            state.apply(decision.options[rng.randrange(len(decision.options))])
            _check(state, prepared.cells)
        outcome = state.outcome()
        assert outcome is not None and outcome.reason == "board-full"
        assert outcome.rounds == cells // 2
        counts = outcome.details["claimed"]
        assert set(outcome.winners) == {s for s in (0, 1) if counts[s] == max(counts)}
        with pytest.raises(IllegalChoice):
            state.apply(prepared.cells[0])
        # the seed alone fixes who starts; the seed and the choices the whole match
        again = engine.new_match(prepared, spec)
        for event in state.events[1:]:
            again.apply(event[2])
        assert list(again.events) == list(state.events) and again.outcome() == outcome
    assert starters == {("start", 0), ("start", 1)}


def test_the_greedy_bot_builds_next_to_its_own_cells(square_game: registry.Game) -> None:
    engine, prepared = _setup()
    bot = engine.bots()["greedy"](0, random.Random(0))
    assert bot.uses_view and not engine.bots()["random"](0, random.Random(0)).uses_view
    seed = next(s for s in range(100) if engine.new_match(prepared, MatchSpec(2, seed=s)).to_move)
    state = engine.new_match(prepared, MatchSpec(players=2, seed=seed))  # seat 1 starts
    decision = state.decision()
    assert decision is not None
    assert engine.bots()["greedy"](1, random.Random(0)).choose(decision, state.view(1)) == "0,0"
    state.apply("1,1")  # seat 1; then seat 0 holds nothing yet: ties go to the first cell
    decision = state.decision()
    assert decision is not None and bot.choose(decision, state.view(0)) == "0,0"
    state.apply("2,0")  # seat 0
    state.apply("0,0")  # seat 1
    decision = state.decision()
    assert decision is not None
    # next to its 2,0: 1,0 (also next to seat 1's cells), 3,0 and 2,1; the first of them
    assert bot.choose(decision, state.view(0)) == "1,0"
    state.apply("1,0")
    state.apply("0,1")
    decision = state.decision()
    assert decision is not None
    # 2,1 and 3,0 each touch 2,0 (2,1's other floor neighbour is seat 1's 1,1); 0,2 and 1,2
    # touch none of seat 0's: the first of the best, 2,1
    assert bot.choose(decision, state.view(0)) == "2,1"


def test_choices_travel_as_json(square_game: registry.Game) -> None:
    engine, _ = _setup()
    encode, decode = engine.choice_to_json, engine.choice_from_json
    assert encode("-1,0") == "-1,0" and decode(json.loads(json.dumps("-1,0"))) == "-1,0"
    for bad in (3, None, ("0", "0")):
        with pytest.raises(ValueError, match="is a cell label"):
            encode(bad)
    wrong: list[JSON] = [3, None, ["0,0"], {"cell": "0,0"}]
    for data in wrong:
        with pytest.raises(ValueError, match="cell label string"):
            decode(data)
    failed = GameResult(0, 1, (), error="RuntimeError: boom", choices=("0,0", "1,0"))
    record = json.loads(json.dumps(result_to_json(engine, failed)))
    assert result_from_json(engine, record) == failed


def test_a_replay_reaches_the_batchs_ends(square_game: registry.Game) -> None:
    engine, prepared = _setup()
    results = run_batch(engine, prepared, PLAN, measure=METRICS.measure)
    for result in results[:8]:
        played = replay_index(engine, prepared, PLAN, result.index, frame=replay_frame)
        assert differences(played, result) == []
        assert played.outcome is not None and played.outcome.winners == result.winners
        frames = played.frames()
        assert frames[0] is not None and frames[0].pieces == () and frames[0].phase == "claim"
        last = frames[-1]
        assert last is not None and last.phase == "over"
        assert len(last.pieces) == YARD_FLOOR == len({p.label for p in last.pieces})
        assert sorted(p.seat for p in last.pieces).count(0) == result.metrics["claimed"][0]
        assert all(last.stacks[p.label or ""] == ("floor",) for p in last.pieces)
        assert last.pieces[0].attribute("owner") == f"p{last.pieces[0].seat + 1}"
        for number, step in enumerate(played.steps[1:], start=1):
            assert step.events == (("claim", step.seat, step.choice),)
            assert len(step.frame.pieces) == number  # type: ignore[union-attr]
