"""Snails measured round by round (editor/games/snails/round_metrics.py): snails dead per
round from the event log, losses so far by the end of each round, the per-round sections
declared so and passed on by the simulator's summary."""

from __future__ import annotations

from typing import Any

import pytest

from editor.core import registry
from editor.core.engine import MatchSpec, Outcome
from editor.core.workspace import open_layout
from editor.games.snails.metrics import METRICS
from editor.games.snails.round_metrics import (
    LEFT_BY_ROUND,
    LOSSES_BY_ROUND,
    PER_ROUND,
    ROUND_METRICS,
    TILES_PER_ROUND,
    deaths_per_round,
    running_totals,
)
from editor.sim.runner import BatchPlan, GameResult, run_batch
from editor.sim.summary import summarize

SPEC = MatchSpec(players=2, factions=("druids", "knights"), seed=1)


def test_deaths_are_counted_in_the_round_they_happen() -> None:
    events: list[tuple[Any, ...]] = [
        ("death", 9, 0, "water", "A1"),  # before the first round: round 1
        ("round", 1),
        ("death", 0, 0, "attack", "B2"),
        ("round", 3),
        ("death", 1, 1, "water", "C3"),
        ("death", 2, 1, "fire", "C4"),
    ]
    assert deaths_per_round(events, 4) == [2, 0, 2, 0]
    assert running_totals([2, 0, 2], 5) == [2, 2, 4, 4, 4]  # nothing lost after the end


@pytest.fixture(scope="module")
def batch() -> tuple[list[GameResult], BatchPlan]:
    ws, layout = open_layout("layouts/crustacean.layout.yaml")
    assert layout is not None
    engine = registry.get("snails").engine  # type: ignore[union-attr]
    assert engine is not None
    prepared = engine.prepare(ws, layout)
    plan = BatchPlan(
        games=12,
        players=4,
        bots=("random",) * 4,
        seed=3,
        faction_mode="random",
        factions=tuple(engine.factions(prepared)),
    )
    return run_batch(engine, prepared, plan, measure=ROUND_METRICS.measure), plan


def test_a_real_match_loses_per_round_what_it_loses_in_all(batch: Any) -> None:
    results, _plan = batch
    for result in results:
        per_round = result.metrics["lost_per_round"]
        assert len(per_round) == result.rounds
        assert sum(per_round) == sum(result.metrics["deaths"].values())  # the base count
    assert any(sum(r.metrics["lost_per_round"]) for r in results)


def test_the_sections_are_the_snails_ones_with_the_rounds_declared(batch: Any) -> None:
    results, plan = batch
    records = [r.to_json() for r in results]
    base = [s["title"] for s in METRICS.summarize(records)]
    sections = ROUND_METRICS.summarize(records)
    titles = [s["title"] for s in sections]
    added = (LEFT_BY_ROUND, LOSSES_BY_ROUND)
    assert [t for t in titles if t not in added] == base
    after = titles.index(TILES_PER_ROUND)
    assert titles[after + 1 : after + 3] == [LEFT_BY_ROUND, LOSSES_BY_ROUND]
    kinds = {s["title"]: s.get("kind") for s in sections}
    assert kinds[LEFT_BY_ROUND] == kinds[LOSSES_BY_ROUND] == kinds[TILES_PER_ROUND] == PER_ROUND
    drawn_as_tables = [k for t, k in kinds.items() if t not in (*added, TILES_PER_ROUND)]
    assert drawn_as_tables == [None] * (len(titles) - 3)
    # the simulator's summary keeps the kind (the editor draws lines from it)
    summary = summarize(results, plan, ROUND_METRICS)
    drawn = {s["title"]: s.get("kind") for s in summary["sections"]}
    assert drawn[LOSSES_BY_ROUND] == PER_ROUND


def test_losses_by_round_end_at_each_games_totals(batch: Any) -> None:
    results, plan = batch
    summary = summarize(results, plan, ROUND_METRICS)
    section = next(s for s in summary["sections"] if s["title"] == LOSSES_BY_ROUND)
    longest = max(r.rounds for r in results)
    assert [row["label"] for row in section["rows"]] == [
        f"round {r}" for r in range(1, longest + 1)
    ]
    last = section["rows"][-1]["cells"]
    lost = [sum(r.metrics["deaths"].values()) for r in results]
    destroyed = [sum(r.metrics["destroyed"]) for r in results]
    assert last["snails lost"]["mean"]["mean"] == pytest.approx(sum(lost) / len(lost), abs=1e-6)
    assert last["tiles destroyed"]["mean"]["mean"] == pytest.approx(
        sum(destroyed) / len(destroyed), abs=1e-6
    )
    means = [row["cells"]["snails lost"]["mean"]["mean"] for row in section["rows"]]
    assert means == sorted(means)  # losses so far never fall


def test_a_measure_of_one_match_keeps_the_snails_measures() -> None:
    events: list[tuple[Any, ...]] = [("round", 1), ("death", 0, 0, "water", "A1")]
    outcome = Outcome((1,), "rounds", 1)
    data = ROUND_METRICS.measure(events, outcome, SPEC)
    assert {k: v for k, v in data.items() if k != "lost_per_round"} == METRICS.measure(
        events, outcome, SPEC
    )
    assert data["lost_per_round"] == [1]


def test_what_is_left_each_round_is_the_start_less_the_losses_so_far(batch: Any) -> None:
    results, plan = batch
    _ws, layout = open_layout("layouts/crustacean.layout.yaml")
    assert layout is not None
    tiles = sum(len(stack) for stack in layout.spaces.values())
    games = [r.to_json() for r in results if r.ok]
    for game in games:
        snails, start_tiles = game["metrics"]["start"]
        assert start_tiles == tiles  # every tile of the layout is on the board at the start
        assert snails == plan.players * (snails // plan.players) and snails >= plan.players
    summary = summarize(results, plan, ROUND_METRICS)
    left = next(s for s in summary["sections"] if s["title"] == LEFT_BY_ROUND)
    assert left.get("kind") == PER_ROUND
    last = left["rows"][-1]["cells"]
    alive_at_end = [g["metrics"]["start"][0] - sum(g["metrics"]["lost_per_round"]) for g in games]
    mean = last["snails alive"]["mean"]["mean"]
    assert mean == pytest.approx(sum(alive_at_end) / len(games), abs=1e-5)
    first_tiles = left["rows"][0]["cells"]["tiles left"]["mean"]["mean"]
    assert first_tiles <= tiles and last["tiles left"]["mean"]["mean"] <= first_tiles
