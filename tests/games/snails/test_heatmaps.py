"""Snails heatmaps from hand-built match records whose answers are known, and from a batch."""

from __future__ import annotations

from typing import Any

import pytest

from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.games.snails.heatmaps import heatmaps
from editor.games.snails.metrics import METRICS
from editor.sim.runner import BatchPlan, run_batch
from tests.games.snails.conftest import LoadLayout


def record(
    rounds: int,
    deaths_at: dict[str, dict[str, int]],
    destroyed_at: dict[str, list[int]],
    error: str | None = None,
) -> dict[str, Any]:
    """A finished match as ``GameResult.to_json()`` gives it, with only what heatmaps read."""
    return {
        "rounds": rounds,
        "error": error,
        "metrics": {"deaths_at": deaths_at, "destroyed_at": destroyed_at},
    }


@pytest.fixture
def maps(load_layout: LoadLayout) -> dict[str, registry.Heatmap]:
    # A1 two tiles high, B1 one tile, C1 one tile; D1 is water.
    ws, layout = load_layout({"A1": ["beach", "meadow"], "B1": ["beach"], "C1": ["beach"]})
    records = [
        # game 1, 4 rounds: A1 loses its top in round 2 and its last tile in round 3; B1 sinks
        # in round 1; two snails drown on B1, one is shot on A1
        record(4, {"B1": {"water": 2}, "A1": {"attack": 1}}, {"A1": [2, 3], "B1": [1]}),
        # game 2, 6 rounds: nothing sinks but A1's top tile; a snail drowns in open water on D1
        record(6, {"D1": {"water": 1}}, {"A1": [5]}),
        # a failed match says nothing
        record(0, {"C1": {"attack": 9}}, {"C1": [1]}, error="RuntimeError: boom"),
    ]
    return {m.id: m for m in heatmaps(records, ws, layout)}


def test_where_snails_die_is_deaths_per_game_per_space(maps: dict[str, registry.Heatmap]) -> None:
    deaths = maps["deaths"]
    assert deaths.games == 2
    assert deaths.values == {"A1": 0.5, "B1": 1.0, "C1": 0.0, "D1": 0.5}
    assert (deaths.low, deaths.high) == (0.0, 1.0)
    assert deaths.unit == "deaths per game" and deaths.hot_high


def test_where_snails_drown_counts_water_deaths_only(maps: dict[str, registry.Heatmap]) -> None:
    assert maps["drowned"].values == {"A1": 0.0, "B1": 1.0, "C1": 0.0, "D1": 0.5}


def test_how_long_a_space_lasts_is_the_mean_round_its_last_tile_went(
    maps: dict[str, registry.Heatmap],
) -> None:
    survival = maps["survival"]
    # A1: sunk in round 3 in game 1, standing at the end of game 2 (6 rounds): (3 + 6) / 2
    # B1: sunk in round 1, then standing to round 6: (1 + 6) / 2; C1 stood both games
    assert survival.values == {"A1": 4.5, "B1": 3.5, "C1": 5.0}
    # the scale's cool end is a space that never sank: the mean game length, (4 + 6) / 2,
    # not the longest game (C1 stood through every game yet could never reach 6)
    assert survival.high == 5.0 == survival.values["C1"] and survival.low == 3.5
    assert not survival.hot_high
    assert "last tile" in survival.reading and "never sank" in survival.reading
    assert "(5.0)" in survival.reading


def test_how_often_a_space_sinks(maps: dict[str, registry.Heatmap]) -> None:
    assert maps["sunk"].values == {"A1": 0.5, "B1": 0.5, "C1": 0.0}


def test_no_finished_match_gives_no_heatmap(load_layout: LoadLayout) -> None:
    ws, layout = load_layout({"A1": ["beach"]})
    assert heatmaps([], ws, layout) == []
    assert heatmaps([record(0, {}, {}, error="boom")], ws, layout) == []


def test_a_real_batch_gives_heatmaps_that_add_up_to_its_measures() -> None:
    ws = load_workspace([layouts_dir() / "crustacean.layout.yaml"])
    layout = next(iter(ws.layouts.values()))
    game = registry.playable("snails")
    assert game is not None and game.engine is not None and game.heatmaps is not None
    prepared = game.engine.prepare(ws, layout)
    plan = BatchPlan(games=4, players=2, bots=("random", "random"), seed=3)
    results = run_batch(game.engine, prepared, plan, measure=METRICS.measure)
    records = [r.to_json() for r in results]
    maps = {m.id: m for m in game.heatmaps(records, ws, layout)}
    finished = [r for r in records if r["error"] is None]
    all_deaths = sum(sum(g["metrics"]["deaths"].values()) for g in finished)
    assert sum(maps["deaths"].values.values()) * len(finished) == pytest.approx(all_deaths)
    water = sum(g["metrics"]["deaths"].get("water", 0) for g in finished)
    assert sum(maps["drowned"].values.values()) * len(finished) == pytest.approx(water)
    assert all(1 <= v <= maps["survival"].high for v in maps["survival"].values.values())
    assert set(maps["survival"].values) == {lb for lb, st in layout.spaces.items() if st}
