"""Snails measured round by round, for the editor's per-round chart.

:class:`RoundMetrics` is the Snails metrics (:data:`editor.games.snails.metrics.METRICS`)
with one measure more: the snails that died in each round, read from the same event log.
Its sections are the Snails sections, with "Tiles destroyed per round" declared
``per-round``, plus "Losses by the end of each round": snails lost and tiles destroyed so
far, per game, round by round. The editor draws a ``per-round`` section as lines over the
rounds; the simulator's text and JSON show it as a table like any other.

The levels, "Left at the end of each round", are the match's start (the engine logs a
``start`` event: snails and tiles on the board) less the losses so far.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import Any

from editor.core.engine import MatchSpec, Metrics, Outcome
from editor.games.snails.metrics import METRICS, milestones, tally

#: The kind of section whose rows are rounds 1, 2, 3... (see ``editor/sim/summary.py``).
PER_ROUND = "per-round"
#: The Snails section that already goes round by round.
TILES_PER_ROUND = "Tiles destroyed per round"
#: The section this module adds.
LOSSES_BY_ROUND = "Losses by the end of each round"
#: The levels: what is left on the board at the end of each round.
LEFT_BY_ROUND = "Left at the end of each round"


def deaths_per_round(events: Sequence[tuple[Any, ...]], rounds: int) -> list[int]:
    """How many snails died in each round of a match (a death during the set-up counts in
    round 1, as the Snails metrics count destroyed tiles)."""
    return tally(events, rounds)[1]


def running_totals(per_round: Sequence[int], rounds: int) -> list[int]:
    """What was lost by the end of each of ``rounds`` rounds; after a match's end nothing
    more is lost, so a shorter match keeps its final total."""
    padded = list(per_round) + [0] * max(rounds - len(per_round), 0)
    return list(accumulate(padded[:rounds]))


class RoundMetrics:
    """The Snails measures plus the losses of each round; picklable, so workers receive it."""

    def __init__(self, base: Metrics = METRICS) -> None:
        self.base = base

    def measure(
        self, events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
    ) -> dict[str, Any]:
        """The Snails measures of a match, and ``lost_per_round``: snails dead per round."""
        if self.base is METRICS:  # the usual case: one pass over the log for everything
            data, lost, start = tally(milestones(events, outcome), outcome.rounds)
        else:
            data = dict(self.base.measure(events, outcome, spec))
            _, lost, start = tally(milestones(events, outcome), outcome.rounds)
        data["lost_per_round"] = lost
        if start is not None:
            data["start"] = [int(start[1]), int(start[2])]
        return data

    def summarize(self, games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """The Snails sections, the per-round one declared so, and the losses by round."""
        sections = [dict(section) for section in self.base.summarize(games)]
        for section in sections:
            if section["title"] == TILES_PER_ROUND:
                section["kind"] = PER_ROUND
        at = next(
            (i + 1 for i, s in enumerate(sections) if s["title"] == TILES_PER_ROUND),
            len(sections),
        )
        sections.insert(at, losses_by_round(games))
        if games and all("start" in g["metrics"] for g in games):
            sections.insert(at, left_by_round(games))
        return sections


def losses_by_round(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Snails lost and tiles destroyed by the end of each round, one value per game."""
    longest = max((int(g["rounds"]) for g in games), default=0)
    lost = [running_totals(g["metrics"].get("lost_per_round", ()), longest) for g in games]
    destroyed = [running_totals(g["metrics"].get("destroyed", ()), longest) for g in games]
    rows = [
        {
            "label": f"round {r + 1}",
            "cells": {
                "snails lost": {"values": [totals[r] for totals in lost]},
                "tiles destroyed": {"values": [totals[r] for totals in destroyed]},
            },
        }
        for r in range(longest)
    ]
    return {
        "title": LOSSES_BY_ROUND,
        "kind": PER_ROUND,
        "columns": ["snails lost", "tiles destroyed"],
        "rows": rows,
        "note": "so far, per game; a game that ended sooner counts with its final losses",
    }


def left_by_round(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Snails alive and tiles left on the board at the end of each round, one value per game
    (the match's start, logged by the engine, less what was lost so far)."""
    longest = max((int(g["rounds"]) for g in games), default=0)
    rows = [{"label": f"round {r + 1}", "cells": {}} for r in range(longest)]
    alive: list[list[int]] = [[] for _ in range(longest)]
    left: list[list[int]] = [[] for _ in range(longest)]
    for g in games:
        snails, tiles = g["metrics"]["start"]
        lost = running_totals(g["metrics"].get("lost_per_round", ()), longest)
        destroyed = running_totals(g["metrics"].get("destroyed", ()), longest)
        for r in range(longest):
            alive[r].append(snails - lost[r])
            left[r].append(tiles - destroyed[r])
    for r, row in enumerate(rows):
        row["cells"] = {
            "snails alive": {"values": alive[r]},
            "tiles left": {"values": left[r]},
        }
    return {
        "title": LEFT_BY_ROUND,
        "kind": PER_ROUND,
        "columns": ["snails alive", "tiles left"],
        "rows": rows,
        "note": "on the board at the end of each round, per game; a game that ended sooner"
        " counts with what it ended with",
    }


ROUND_METRICS = RoundMetrics()
