"""Warnings a playtester would raise about a batch: what every game shares (a faction far
from a fair share of wins, games that failed) plus the game's own ``playtest`` hook.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core import registry
from editor.core.layouts import Layout
from editor.sim.runner import BatchPlan, GameResult

#: A faction is far from its fair share when its whole 95% interval lies beyond this factor
#: of it (half or one and a half times): a gap a playtester would notice at the table.
FAR_FACTOR = 0.5
#: Failed games listed by seed in the warning; the dock lists them all.
SHOWN_FAILURES = 3


def faction_warnings(summary: Mapping[str, Any]) -> list[str]:
    """Factions whose win-rate interval lies entirely far above or below a fair share."""
    players = int(summary["players"])
    if players < 2:
        return []
    fair = 1 / players
    out = []
    for entry in summary["factions"]:
        wins = entry["wins"]
        if not wins["trials"]:
            continue
        low, high = wins["ci95"]
        said = (
            f"{100 * wins['rate']:.0f}% [{100 * low:.0f}, {100 * high:.0f}] of"
            f" {wins['trials']} seats against a fair {100 * fair:.0f}%"
        )
        if low > fair * (1 + FAR_FACTOR):
            out.append(f"faction {entry['faction']} wins far too often: {said}")
        elif high < fair * (1 - FAR_FACTOR):
            out.append(f"faction {entry['faction']} wins far too rarely: {said}")
    return out


def failure_warnings(results: Sequence[GameResult]) -> list[str]:
    """How many games failed, with the seeds of the first ones."""
    failed = [r for r in results if not r.ok]
    if not failed:
        return []
    seeds = ", ".join(str(r.seed) for r in failed[:SHOWN_FAILURES])
    more = ", ..." if len(failed) > SHOWN_FAILURES else ""
    return [f"{len(failed)} of {len(results)} games failed (seeds {seeds}{more})"]


def playtest_warnings(
    summary: Mapping[str, Any],
    results: Sequence[GameResult],
    plan: BatchPlan,
    *,
    game_id: str,
    prepared: Any,
    layout: Layout,
) -> list[str]:
    """Every warning about a batch: the shared ones, then the game's own."""
    out = [*failure_warnings(results), *faction_warnings(summary)]
    game = registry.get(game_id)
    finished = [r.to_json() for r in results if r.ok]
    if game is not None and game.playtest is not None and finished:
        out += game.playtest(prepared, layout, finished, plan.modules)
    return out
