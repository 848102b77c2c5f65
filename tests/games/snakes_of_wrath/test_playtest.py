"""Snakes of Wrath playtest warnings, judged by the simulator by their 95% intervals: through
the simulator's own ``playtest_warnings`` on real batches, and on records made to order."""

from __future__ import annotations

from typing import Any

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.layouts import Layout
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.games.snakes_of_wrath.metrics import METRICS
from editor.games.snakes_of_wrath.playtest import playtest
from editor.sim.playtest import judge, playtest_warnings
from editor.sim.runner import BatchPlan, run_batch
from editor.sim.summary import summarize

GAME = "snakes-of-wrath"


@pytest.fixture(scope="module")
def design() -> tuple[Any, Any, Layout]:
    ws = load_workspace([layouts_dir() / "snakes-of-wrath.layout.yaml"])
    layout = ws.layout_at(sorted(ws.targets)[0])
    assert layout is not None
    game = registry.get(GAME)
    assert game is not None and game.play is not None
    return game.play.engine, game.play.engine.prepare(ws, layout), layout


def _warnings(design: tuple[Any, Any, Layout], bots: tuple[str, str], games: int) -> list[str]:
    engine, prepared, layout = design
    plan = BatchPlan(games=games, players=2, bots=bots, seed=5)
    results = run_batch(engine, prepared, plan, jobs=1, measure=METRICS.measure)
    summary = summarize(results, plan, METRICS)
    return playtest_warnings(summary, results, plan, game_id=GAME, prepared=prepared, layout=layout)


def test_random_play_mostly_ends_with_the_sack_empty(design: tuple[Any, Any, Layout]) -> None:
    warnings = _warnings(design, ("random", "random"), 40)
    assert any(
        w.startswith("most games end with the sack empty and nobody at 13") for w in warnings
    )


def test_heuristic_play_reaches_the_target_and_raises_no_such_warning(
    design: tuple[Any, Any, Layout],
) -> None:
    warnings = _warnings(design, ("heuristic", "heuristic"), 30)
    assert not any("sack empty" in w for w in warnings), warnings


def _record(
    winners: list[int],
    reason: str,
    laid: dict[str, int],
    unlaid: dict[str, int],
    stuck: dict[str, int] | None = None,
) -> dict[str, Any]:
    return {
        "winners": winners,
        "reason": reason,
        "metrics": {"laid": laid, "unlaid": unlaid, "stuck": stuck or {}},
    }


def _said(design: tuple[Any, Any, Layout], games: list[dict[str, Any]]) -> list[str]:
    _, prepared, layout = design
    found = [judge(check) for check in playtest(prepared, layout, games, frozenset())]
    return [w for w in found if w is not None]


def test_a_first_player_who_wins_most_games_is_told(design: tuple[Any, Any, Layout]) -> None:
    often = [_record([0], "target", {}, {})] * 45 + [_record([1], "target", {}, {})] * 15
    said = _said(design, often)
    assert any(w.startswith("the first player wins 75.0%") for w in said), said
    even = [_record([0], "target", {}, {}), _record([1], "target", {}, {})] * 30
    assert not any("first player" in w for w in _said(design, even))
    rarely = [_record([1], "target", {}, {})] * 45 + [_record([0, 1], "target", {}, {})] * 5
    assert any(w.startswith("the first player wins only 0.0%") for w in _said(design, rarely))


def test_a_shape_hardly_ever_laid_or_left_unplayable_is_told(
    design: tuple[Any, Any, Layout],
) -> None:
    games = [
        _record(
            [0],
            "bag-empty",
            {"body/tee": 0, "head/head": 20},
            {"body/tee": 4, "head/head": 4},
            {"body/tee": 4},
        )
        for _ in range(40)
    ]
    said = _said(design, games)
    assert any(w.startswith("tiles of body/tee are hardly ever laid: 0.0%") for w in said), said
    assert any(w.startswith("tiles of body/tee are mostly left unplayable") for w in said)
    assert not any("head/head" in w for w in said)
    # two games' 8 tiles, none laid, do not prove fewer than 10% are (the interval reaches 32%)
    assert not any("hardly ever laid" in w for w in _said(design, games[:2]))
