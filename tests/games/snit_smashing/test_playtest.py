"""The Snit Smashing playtest warnings, judged by the simulator as the live dock shows them."""

from __future__ import annotations

from typing import Any

from editor.core.workspace import Workspace
from editor.games.snit_smashing.engine import ENGINE, Prepared
from editor.games.snit_smashing.metrics import METRICS
from editor.games.snit_smashing.playtest import playtest
from editor.sim.playtest import judge, playtest_warnings
from editor.sim.runner import BatchPlan, run_batch
from editor.sim.summary import summarize


def _record(seat_wins: int | None, lost: list[int], players: int = 2) -> dict[str, Any]:
    """A finished match's record with the measures the warnings read."""
    winners = [seat_wins] if seat_wins is not None else list(range(players))
    return {
        "error": None,
        "winners": winners,
        "metrics": {
            "clans": ["red", "blue", "green", "yellow"][:players],
            "snit_victory": winners,
            "bolotomus_victory": list(range(players)),
            "grand_slam": winners if seat_wins is not None else [],
            "living": [5] * players,
            "first_bound": {"started": [4] * players, "lost": lost},
        },
    }


def _said(bundled: Workspace, prepared: Prepared, games: list[dict[str, Any]]) -> list[str]:
    checks = playtest(prepared, bundled.layouts["snit-beach"], games, frozenset())
    return [text for text in map(judge, checks) if text is not None]


def test_a_seat_far_from_a_fair_share_is_named(bundled: Workspace, prepared: Prepared) -> None:
    games = [_record(0, [0, 0]) for _ in range(70)] + [_record(None, [0, 0]) for _ in range(10)]
    said = _said(bundled, prepared, games)
    assert any(t.startswith("seat 1 (red) wins the Snit victory far too often") for t in said)
    assert any(t.startswith("seat 2 (blue) wins the Snit victory far too rarely") for t in said)
    assert not any("Bolotomus victory" in t for t in said)  # always shared: fair
    fair = [_record(i % 2, [0, 0]) for i in range(80)]
    assert _said(bundled, prepared, fair) == []


def test_a_start_hex_that_loses_most_of_its_clan_is_named(
    bundled: Workspace, prepared: Prepared
) -> None:
    games = [_record(i % 2, [0, 3 if i % 4 else 2]) for i in range(40)]
    said = _said(bundled, prepared, games)
    assert said == [
        "seat 2 (blue) loses most of its clan in the first bound from G1: 68.8% [65.2, 72.3]"
        " of its Snits smashed, on average over 40 games"
    ]
    fewer = [_record(i % 2, [1, 2 if i % 3 else 1]) for i in range(40)]
    assert _said(bundled, prepared, fewer) == []  # half, or less: not most


def test_real_batches_through_the_simulator(bundled: Workspace, prepared: Prepared) -> None:
    plan = BatchPlan(games=16, players=4, bots=("heuristic", "random", "random", "random"), seed=9)
    results = run_batch(ENGINE, prepared, plan, measure=METRICS.measure)
    summary = summarize(results, plan, METRICS)
    warnings = playtest_warnings(
        summary,
        results,
        plan,
        game_id="snit-smashing",
        prepared=prepared,
        layout=bundled.layouts["snit-beach"],
    )
    # the heuristic seat takes the Snit victory far more often than a fair share
    assert any(w.startswith("seat 1 (red) wins the Snit victory far too often") for w in warnings)
    assert not any("failed" in w for w in warnings)
