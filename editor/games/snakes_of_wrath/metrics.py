"""Snakes of Wrath measures for the simulator: turns, points, steals and injuries, tiles.

``measure`` runs in the simulator's worker on one finished match's event log (the kinds
listed in ``engine/state.py``) and its outcome's details (the scores, the turns, the tiles
never laid); ``summarize`` turns all matches into plain-data sections that the simulator
shows with confidence intervals. Win rates per seat, rounds and how games ended are common
to every game and computed by the simulator itself. Tiles are named ``type/shape``, the ids
of the tile set (``body/corner``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.engine import MatchSpec, Outcome

#: Why a game ended, as the engine says it (``state.py``).
BAG_EMPTY = "bag-empty"

#: The per-game counts of :func:`measure`, with their row labels, in the order shown.
ACTIONS = (
    ("steals", "steals"),
    ("stolen", "bodies stolen"),
    ("injuries", "injuries"),
    ("heals", "healings"),
    ("closed", "snakes closed and scored"),
    ("todds", "Todds laid"),
    ("passes", "passes"),
    ("swaps", "swaps"),
)


class SnakesMetrics:
    """The Snakes of Wrath measures (``METRICS``); picklable, so workers receive it."""

    def measure(
        self, events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
    ) -> dict[str, Any]:
        """Turns, each seat's points, the loser's points (None for a tie), how often each
        action happened, the tiles laid of each kind, and those never laid: in all, and
        left on the racks (the tiles nobody could play, when the sack ran out)."""
        counts = dict.fromkeys((key for key, _ in ACTIONS), 0)
        laid: dict[str, int] = {}
        for event in events:
            kind = event[0]
            if kind == "place":
                label = f"{event[2]}/{event[3]}"
                laid[label] = laid.get(label, 0) + 1
                action = event[6]
                if action == "injure":
                    counts["injuries"] += 1
                elif action == "heal":
                    counts["heals"] += 1
                elif action == "todd":
                    counts["todds"] += 1
            elif kind == "steal":
                counts["steals"] += 1
                counts["stolen"] += int(event[3])
            elif kind == "close":
                counts["closed"] += int(event[3]) > 0
            elif kind == "pass":
                counts["passes"] += 1
            elif kind == "swap":
                counts["swaps"] += 1
        details = outcome.details
        scores = [int(s) for s in details.get("scores", ())]
        losers = [s for seat, s in enumerate(scores) if seat not in outcome.winners]
        return {
            "turns": int(details.get("turns", 0)),
            "scores": scores,
            "winner": max(scores, default=0) if losers else None,
            "loser": max(losers) if losers else None,
            **counts,
            "laid": laid,
            "unlaid": dict(details.get("unlaid", {})),
            "stuck": dict(details.get("stuck", {})) if outcome.reason == BAG_EMPTY else {},
        }

    def summarize(self, games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Sections over finished matches (``GameResult.to_json()`` records)."""
        return [_length_and_points(games), _actions(games), _tiles(games)]


def _length_and_points(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    decided = [g["metrics"] for g in games if g["metrics"]["loser"] is not None]
    rows = [
        {
            "label": "turns",
            "cells": {"per game": {"values": [g["metrics"]["turns"] for g in games]}},
        },
        {
            "label": "points of the winner",
            "cells": {"per game": {"values": [m["winner"] for m in decided]}},
        },
        {
            "label": "points of the loser",
            "cells": {"per game": {"values": [m["loser"] for m in decided]}},
        },
        {
            "label": "ties",
            "cells": {"share": {"rate": [len(games) - len(decided), len(games)]}},
        },
    ]
    return {
        "title": "Game length in turns, and points",
        "columns": ["per game", "share"],
        "rows": rows,
        "note": "points of the winner and of the loser: over the games that were not tied",
    }


def _actions(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    rows = []
    for key, label in ACTIONS:
        per_game = [int(g["metrics"][key]) for g in games]
        rows.append(
            {
                "label": label,
                "cells": {
                    "per game": {"values": per_game},
                    "games with any": {"rate": [sum(n > 0 for n in per_game), len(games)]},
                },
            }
        )
    return {
        "title": "Steals, injuries and other moves per game",
        "columns": ["per game", "games with any"],
        "rows": rows,
    }


def tile_labels(games: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every kind of tile seen in some games' measures, laid or not, sorted."""
    labels: set[str] = set()
    for game in games:
        metrics = game["metrics"]
        labels.update(metrics.get("laid", {}), metrics.get("unlaid", {}))
    return sorted(labels)


def tiles_of(game: Mapping[str, Any], label: str) -> tuple[int, int, int]:
    """A game's tiles of one kind: laid, in play (laid or not), and stuck on the racks at
    a bag-empty end."""
    metrics = game["metrics"]
    laid = int(metrics.get("laid", {}).get(label, 0))
    unlaid = int(metrics.get("unlaid", {}).get(label, 0))
    return laid, laid + unlaid, int(metrics.get("stuck", {}).get(label, 0))


def _tiles(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    ended_empty = [g for g in games if g["reason"] == BAG_EMPTY]
    rows = []
    for label in tile_labels(games):
        laid_counts = [tiles_of(g, label) for g in games]
        laid = sum(n for n, _, _ in laid_counts)
        total = sum(t for _, t, _ in laid_counts)
        stuck = [tiles_of(g, label) for g in ended_empty]
        cells: dict[str, Any] = {
            "laid per game": {"values": [n for n, _, _ in laid_counts]},
            "share laid": {"rate": [laid, total]},
            "games with none laid": {"rate": [sum(n == 0 for n, _, _ in laid_counts), len(games)]},
        }
        if ended_empty:
            cells["left unplayable"] = {
                "rate": [sum(s for _, _, s in stuck), sum(t for _, t, _ in stuck)]
            }
        rows.append({"label": label, "cells": cells})
    return {
        "title": "Tiles by shape",
        "columns": ["laid per game", "share laid", "games with none laid", "left unplayable"],
        "rows": rows,
        "note": (
            "share laid: of the tiles of that shape in the game (the starter excepted); left"
            " unplayable: of them, those still on a rack when the sack ran out and nobody"
            " could play, over the games that ended so"
        ),
    }


METRICS = SnakesMetrics()
