"""Playtest warnings every game shares: factions far from a fair share (by their interval),
failed games; and the game's own hook joined in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from editor.core import registry
from editor.core.layouts import Layout
from editor.core.registry import PlaytestCheck
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.sim.playtest import (
    FAR_FACTOR,
    faction_warnings,
    failure_warnings,
    judge,
    playtest_warnings,
)
from editor.sim.runner import BatchPlan, GameResult
from editor.sim.stats import wilson


def summary_of(players: int, factions: dict[str, tuple[int, int]]) -> dict[str, Any]:
    return {
        "players": players,
        "factions": [
            {"faction": f, "wins": wilson(won, played).to_json()}
            for f, (won, played) in factions.items()
        ],
    }


def test_a_faction_whose_interval_is_far_above_or_below_its_share_is_named() -> None:
    # four players: a fair share is 25%
    warnings = faction_warnings(
        summary_of(4, {"pirates": (60, 100), "druids": (2, 100), "knights": (25, 100)})
    )
    assert len(warnings) == 2
    assert warnings[0].startswith("faction pirates wins far too often: 60.0% [")
    assert warnings[0].endswith("] (60/100) of seats against a fair 25%")
    assert warnings[1].startswith("faction druids wins far too rarely: 2.0% [")


def test_the_interval_not_the_point_decides() -> None:
    # 3 wins of 5 is 60%, far above 25%, but five games cannot tell: the interval is wide
    assert faction_warnings(summary_of(4, {"pirates": (3, 5)})) == []
    # the same rate over many games can
    assert faction_warnings(summary_of(4, {"pirates": (300, 500)}))
    # just inside the band: an interval that reaches back over 1.5 times the share is fine
    assert wilson(45, 100).low < 0.25 * (1 + FAR_FACTOR)
    assert faction_warnings(summary_of(4, {"pirates": (45, 100)})) == []


def test_failed_games_are_counted_with_their_first_seeds() -> None:
    results = [GameResult(i, 100 + i, (), error="E: x" if i % 2 else None) for i in range(10)]
    assert failure_warnings(results) == ["5 of 10 games failed (seeds 101, 103, 105, ...)"]
    assert failure_warnings(results[:2]) == ["1 of 2 games failed (seeds 101)"]
    assert failure_warnings(results[:1]) == []


def test_the_games_own_warnings_follow(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, int, frozenset[str]]] = []

    def hook(
        prepared: Any, layout: Layout, games: Sequence[Mapping[str, Any]], modules: frozenset[str]
    ) -> list[str | PlaytestCheck]:
        calls.append((prepared, len(games), modules))
        return [
            "the game's own warning",
            PlaytestCheck("cleared: {measure}", rate=(0, 100), below=0.05),
            PlaytestCheck("not cleared: {measure}", rate=(3, 100), below=0.05),
        ]

    game = registry.get("snails")
    assert game is not None
    monkeypatch.setitem(registry._GAMES, "snails", game.with_play(playtest=hook))
    plan = BatchPlan(games=3, players=2, bots=("random", "random"), modules=frozenset({"wind"}))
    results = [GameResult(0, 1, (), winners=(0,)), GameResult(1, 2, (), error="E: x")]
    summary = summary_of(2, {})
    _, layout = open_layout(layouts_dir() / "crustacean.layout.yaml")
    assert layout is not None
    warnings = playtest_warnings(
        summary, results, plan, game_id="snails", prepared="P", layout=layout
    )
    assert warnings == [
        "1 of 2 games failed (seeds 2)",
        "the game's own warning",
        "cleared: 0.0% [0.0, 3.7] (0/100)",
    ]
    # only the finished games reach the hook
    assert calls == [("P", 1, frozenset({"wind"}))]


def test_a_check_stands_only_when_its_interval_clears_the_threshold() -> None:
    # 12 of 100 is above 5%, but its interval reaches down to 7%: not surely above 10%
    assert wilson(12, 100).low < 0.10 < 0.12
    assert judge(PlaytestCheck("{measure}", rate=(12, 100), above=0.10)) is None
    assert judge(PlaytestCheck("{measure}", rate=(30, 100), above=0.10)) == (
        "30.0% [21.9, 39.6] (30/100)"
    )
    assert judge(PlaytestCheck("{measure}", rate=(30, 100), below=0.10)) is None


def test_a_check_of_values_is_judged_by_the_interval_of_their_mean() -> None:
    spread = (0.2, 0.9, 0.3, 0.8)  # mean 0.55, but far too spread to say "over a half"
    assert judge(PlaytestCheck("x", values=spread, above=0.5)) is None
    close = (0.6, 0.62, 0.58, 0.6)
    assert judge(PlaytestCheck("{measure} gone", values=close, above=0.5, percent=True)) == (
        "60.0% [57.4, 62.6] gone"
    )
    assert judge(PlaytestCheck("{measure}", values=(6.0, 6.2, 5.8, 6.0), above=5)) == (
        "6.00 [5.74, 6.26]"
    )
    # one game has no spread, so no interval: never a warning
    assert judge(PlaytestCheck("x", values=(0.99,), above=0.5)) is None


def test_a_broken_game_hook_is_a_warning_not_a_failed_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def hook(*_: Any) -> list[str]:
        raise KeyError("destroyed_at")

    game = registry.get("snails")
    assert game is not None
    monkeypatch.setitem(registry._GAMES, "snails", game.with_play(playtest=hook))
    plan = BatchPlan(games=1, players=2, bots=("random", "random"))
    _, layout = open_layout(layouts_dir() / "crustacean.layout.yaml")
    assert layout is not None
    warnings = playtest_warnings(
        summary_of(2, {}),
        [GameResult(0, 1, (), winners=(0,))],
        plan,
        game_id="snails",
        prepared=None,
        layout=layout,
    )
    assert len(warnings) == 1
    assert warnings[0].startswith("the game's playtest checks failed: KeyError: 'destroyed_at' (")
