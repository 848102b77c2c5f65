"""Warnings a playtester would raise about a batch: what every game shares (a faction far
from a fair share of wins, games that failed) plus the game's own ``playtest`` hook, whose
:class:`~editor.core.registry.PlaytestCheck` numbers are judged here by their 95% interval.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core import registry
from editor.core.layouts import Layout
from editor.core.registry import PlaytestCheck
from editor.sim.runner import BatchPlan, GameResult, describe_error
from editor.sim.stats import mean_ci, wilson
from editor.sim.summary import mean_text, rate_text

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
        said = f"{rate_text(wins)} of seats against a fair {100 * fair:.0f}%"
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


def judge(check: PlaytestCheck) -> str | None:
    """A game's check worded with its interval when that interval clears the threshold."""
    if check.rate is not None:
        rate = wilson(*check.rate)
        low, high = rate.low, rate.high
        measure = rate_text(rate.to_json())
    else:
        if len(check.values) < 2:  # one value has no spread: no interval to judge by
            return None
        mean = mean_ci(check.values)
        low, high = mean.low, mean.high
        if check.percent:
            measure = f"{100 * mean.mean:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        else:
            measure = mean_text(mean.to_json())
    above = check.above is not None and low > check.above
    below = check.below is not None and high < check.below
    return check.text.replace("{measure}", measure) if above or below else None


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
    game = registry.playable(game_id)
    finished = [r.to_json() for r in results if r.ok]
    if game is not None and game.playtest is not None and finished:
        try:
            checks = list(game.playtest(prepared, layout, finished, plan.modules))
        except Exception as exc:  # a bug in the game's checks: say so, keep the batch's figures
            return [*out, f"the game's playtest checks failed: {describe_error(exc)}"]
        for warning in checks:
            said = warning if isinstance(warning, str) else judge(warning)
            if said is not None:
                out.append(said)
    return out
