"""Snails measures for the simulator: losses by cause, terrain destroyed, cards played.

``measure`` runs in the simulator's worker on one finished match's event log (the kinds
listed in the engine contract) and keeps a few numbers; ``summarize`` turns all matches
into plain-data sections that the simulator renders with confidence intervals. Win rates
per seat and faction, game length and endings are common to every game and computed by the
simulator itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.engine import MatchSpec, Outcome
from editor.games.snails.engine.state import MILESTONES

#: Causes of death always shown, even when no snail died of them.
MAIN_CAUSES = ("water", "attack")

#: The event kinds :meth:`SnailsMetrics.measure` reads besides the plays (the engine keeps
#: every kind read in its milestones).
_OTHERS = MILESTONES - {"play"}


def tally(
    events: Sequence[tuple[Any, ...]], rounds: int
) -> tuple[dict[str, Any], list[int], tuple[Any, ...] | None]:
    """The Snails measures of a match's log (:meth:`SnailsMetrics.measure`), the snails that
    died in each round (a death during the set-up counts in round 1, as destroyed tiles do),
    and the log's ``start`` event (None in a log without one), in one pass over the log."""
    deaths: dict[str, int] = {}
    deaths_at: dict[str, dict[str, int]] = {}
    destroyed_at: dict[str, list[int]] = {}
    destroyed = [0] * max(rounds, 0)
    lost = [0] * max(rounds, 0)
    start: tuple[Any, ...] | None = None
    current_round = 1
    # ("play", seat, snail, card): plays per card, in the order cards were first played, and
    # the seats that played each as a mask (bit s for seat s): one int a card, where lists of
    # seats made a record 7% longer and half as slow again to decode, in the batch's process
    # that shares the cores with the workers
    plays: dict[str, int] = {}
    players: dict[str, int] = {}
    # one plain loop over the log (hundreds of events): on CPython 3.11 the interpreter
    # specializes it, and it costs fewer instructions than picking the kinds out by C-level
    # iterators (a map of a set's __contains__, itemgetters, a Counter)
    for event in events:
        kind = event[0]
        if kind == "play":
            card = event[3]
            if card in plays:
                plays[card] += 1
                players[card] |= 1 << event[1]
            else:
                plays[card] = 1
                players[card] = 1 << event[1]
        elif kind not in _OTHERS:
            continue
        elif kind == "death":
            cause = str(event[3])
            deaths[cause] = deaths.get(cause, 0) + 1
            if current_round > len(lost):
                lost.extend([0] * (current_round - len(lost)))
            lost[current_round - 1] += 1
            # ("death", snail, seat, cause, label): where the snail stood when it died
            if len(event) > 4:
                here = deaths_at.setdefault(str(event[4]), {})
                here[cause] = here.get(cause, 0) + 1
        elif kind == "destroyed":
            # ("destroyed", label, tile, back, round); set-up destructions count in round 1.
            r = max(int(event[4]) if len(event) > 4 else current_round, 1)
            if r > len(destroyed):
                destroyed.extend([0] * (r - len(destroyed)))
            destroyed[r - 1] += 1
            destroyed_at.setdefault(str(event[1]), []).append(r)
        elif kind == "round":
            current_round = max(int(event[1]), 1)
        elif start is None:  # ("start", snails, tiles): the first one
            start = event
    data = {
        "deaths": deaths,
        "destroyed": destroyed,
        "plays": plays,
        "players": players,
        "deaths_at": deaths_at,
        "destroyed_at": destroyed_at,
    }
    return data, lost, start


def milestones(events: Sequence[tuple[Any, ...]], outcome: Outcome) -> Sequence[tuple[Any, ...]]:
    """What :func:`tally` reads of a finished match: the engine's milestones (the plays,
    deaths, destroyed tiles, rounds and start of its log, in order: ``State.milestones``),
    which its outcome's details carry, or the whole log for an outcome without them. Both
    tally alike, since tally passes over every other kind of event."""
    found: Sequence[tuple[Any, ...]] | None = outcome.details.get("milestones")
    return events if found is None else found


class SnailsMetrics:
    """The Snails measures (``METRICS``); picklable, so workers receive it."""

    def measure(
        self, events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
    ) -> dict[str, Any]:
        """Deaths by cause, tiles destroyed per round, plays per card and the seats that
        played it (``players``: card to a mask, bit ``s`` set for seat ``s``, read by
        :func:`seats_of`); per space, deaths by cause (``deaths_at``) and the rounds its
        tiles were destroyed in (``destroyed_at``, one round per tile, in order), for the
        editor's heatmaps."""
        return tally(milestones(events, outcome), outcome.rounds)[0]

    def summarize(self, games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Sections over finished matches (``GameResult.to_json()`` records)."""
        return [self._losses(games), self._destroyed(games), self._cards(games)]

    def _losses(self, games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        causes = sorted({c for g in games for c in g["metrics"]["deaths"]} - set(MAIN_CAUSES))
        rows = []
        for cause in (*MAIN_CAUSES, *causes, "all"):
            if cause == "all":
                per_game = [sum(g["metrics"]["deaths"].values()) for g in games]
            else:
                per_game = [g["metrics"]["deaths"].get(cause, 0) for g in games]
            label = "in all" if cause == "all" else f"to {cause}"
            rows.append(
                {
                    "label": label,
                    "cells": {"per game": {"values": per_game}, "total": {"count": sum(per_game)}},
                }
            )
        return {"title": "Snails lost", "columns": ["per game", "total"], "rows": rows}

    def _destroyed(self, games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        longest = max((len(g["metrics"]["destroyed"]) for g in games), default=0)
        rows = []
        for r in range(longest):
            # Only matches that reached this round say anything about it.
            per_game = [
                g["metrics"]["destroyed"][r] for g in games if len(g["metrics"]["destroyed"]) > r
            ]
            rows.append(
                {
                    "label": f"round {r + 1}",
                    "cells": {
                        "per game": {"values": per_game},
                        "total": {"count": sum(per_game)},
                        "games": {"count": len(per_game)},
                    },
                }
            )
        return {
            "title": "Tiles destroyed per round",
            "columns": ["per game", "total", "games"],
            "rows": rows,
            "note": "per game: over the games that reached the round",
        }

    def _cards(self, games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        cards = sorted({c for g in games for c in g["metrics"]["plays"]})
        rows = []
        for card in cards:
            per_game = [g["metrics"]["plays"].get(card, 0) for g in games]
            seats = [
                seat in g["winners"]
                for g in games
                for seat in seats_of(g["metrics"]["players"].get(card, 0))
            ]
            wins = sum(seats)
            rows.append(
                {
                    "label": card,
                    "cells": {
                        "plays": {"count": sum(per_game)},
                        "per game": {"values": per_game},
                        "players": {"count": len(seats)},
                        "their win rate": {"rate": [wins, len(seats)]},
                    },
                }
            )
        rows.sort(key=lambda row: (-row["cells"]["plays"]["count"], row["label"]))
        return {
            "title": "Cards played",
            "columns": ["plays", "per game", "players", "their win rate"],
            "rows": rows,
            "note": "players: a seat in a game that played the card at least once",
        }


def seats_of(players: int | Sequence[int]) -> list[int]:
    """The seats of a ``players`` measure's mask, in order (a list of seats, as records
    before the mask had, is read as it is)."""
    if isinstance(players, int):
        return [seat for seat in range(players.bit_length()) if players >> seat & 1]
    return sorted(players)


def sunk_round(game: Mapping[str, Any], label: str, height: int) -> int | None:
    """The round a space ``height`` tiles high lost its last tile in a finished match (a
    ``GameResult.to_json()`` record), or None if it stood to the end."""
    rounds = game["metrics"].get("destroyed_at", {}).get(label, [])
    # tiles are only ever removed, so the height-th destruction takes the last one
    return int(rounds[height - 1]) if len(rounds) >= height else None


METRICS = SnailsMetrics()
