"""Snit Smashing measures for the simulator: both victories per seat, Grand Slams, the runs,
Snits smashed (rival and own), and where Snits were smashed or reached safety.

``measure`` runs in the simulator's worker on one finished match's event log (the kinds
listed in ``engine/state.py``) and its outcome's details; ``summarize`` turns the matches'
records into plain-data sections that the simulator shows with 95% intervals. Win rates per
seat (a seat wins with either victory), game length in bounds and endings are the
simulator's own. Hexes are kept as the engine's numbers (the heatmaps name them from the
board).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from operator import itemgetter
from typing import Any

from editor.core.engine import MatchSpec, Outcome

#: The event kinds :meth:`SnitMetrics.measure` reads after the first bound (a ``move`` is
#: read only in the first bound, to learn whose Snits started where).
_MEASURED = frozenset({"killed", "safe", "bound", "run-over", "survivors"})

#: What each run is, by its parity (runs 1, 3... go to the Snandergrab).
RUN_WORDS = {1: "to the Snandergrab", 0: "to the sea"}


class SnitMetrics:
    """The Snit Smashing measures (``METRICS``); picklable, so workers receive it."""

    def measure(
        self, events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
    ) -> dict[str, Any]:
        """Victories, final counts per seat, each run's figures, the first bound's losses
        per seat, and per hex the Snits smashed and those that reached safety there."""
        players = spec.players
        details = outcome.details
        started, lost = _first_bound(events, players)
        runs: list[dict[str, Any]] = []
        run: dict[str, Any] = {}
        smashed_at: dict[str, int] = {}
        at_snandergrab: dict[str, int] = {}
        at_sea: dict[str, int] = {}
        number = 0
        kinds = map(itemgetter(0), events)
        for event in compress(events, map(_MEASURED.__contains__, kinds)):
            kind = event[0]
            if kind == "killed":  # ("killed", by, snit, hex, rival)
                run["smashed"] += 1
                run["own_smashed"] += not event[4]
                key = str(event[3])
                smashed_at[key] = smashed_at.get(key, 0) + 1
            elif kind == "safe":  # ("safe", snit, hex): the Snandergrab's hexes, or the sea
                run["safe"] += 1
                where = at_snandergrab if number % 2 == 1 else at_sea
                key = str(event[2])
                where[key] = where.get(key, 0) + 1
            elif kind == "bound":  # ("bound", run, bound, primus)
                if event[1] != number:
                    number = event[1]
                    run = {"bounds": 0, "safe": 0, "smashed": 0, "own_smashed": 0, "living": []}
                    runs.append(run)
            elif kind == "run-over":  # ("run-over", run, bound)
                run["bounds"] = int(event[2])
            else:  # ("survivors", run, living by seat)
                run["living"] = list(event[2])
        return {
            "clans": list(details.get("clans", ())),
            "snit_victory": list(details.get("snit_victory", ())),
            "bolotomus_victory": list(details.get("bolotomus_victory", ())),
            "grand_slam": list(details.get("grand_slam", ())),
            "living": list(details.get("living", (0,) * players)),
            "trophies": list(details.get("trophies", (0,) * players)),
            "own_smashed": list(details.get("own_smashed", (0,) * players)),
            "runs": runs,
            "first_bound": {"started": started, "lost": lost},
            "smashed_at": smashed_at,
            "safe_at_snandergrab": at_snandergrab,
            "safe_in_sea": at_sea,
        }

    def summarize(self, games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Sections over finished matches (``GameResult.to_json()`` records)."""
        if not games:
            return []
        return [_victories(games), _ties(games), _counts(games), _runs(games)]


def _first_bound(events: Sequence[tuple[Any, ...]], players: int) -> tuple[list[int], list[int]]:
    """Each seat's Snits that ran in the first bound of the game, and those of them smashed
    in it (the events from the first ``bound`` to the second)."""
    started = [0] * players
    lost = [0] * players
    owner: dict[int, int] = {}
    bounds = 0
    for event in events:
        kind = event[0]
        if kind == "move":  # ("move", seat, snit, from, to)
            seat, snit = event[1], event[2]
            if snit not in owner:
                owner[snit] = seat
                started[seat] += 1
        elif kind == "killed":
            seat = owner.get(event[2])
            if seat is not None:
                lost[seat] += 1
        elif kind in ("bound", "run-over"):
            bounds += 1
            if bounds > 1:
                break
    return started, lost


def seat_label(games: Sequence[Mapping[str, Any]], seat: int) -> str:
    """A seat as the summaries name it: ``seat 1 (red)``."""
    clans = games[0]["metrics"].get("clans", ()) if games else ()
    return f"seat {seat + 1} ({clans[seat]})" if seat < len(clans) else f"seat {seat + 1}"


def _players(games: Sequence[Mapping[str, Any]]) -> int:
    return max(len(g["metrics"]["living"]) for g in games)


def _victories(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    count = len(games)
    rows = []
    for seat in range(_players(games)):
        cells = {
            name: {"rate": [sum(seat in g["metrics"][key] for g in games), count]}
            for name, key in (
                ("Snit victory", "snit_victory"),
                ("Bolotomus victory", "bolotomus_victory"),
                ("Grand Slam", "grand_slam"),
            )
        }
        rows.append({"label": seat_label(games, seat), "cells": cells})
    return {
        "title": "Victories per seat",
        "columns": ["Snit victory", "Bolotomus victory", "Grand Slam"],
        "rows": rows,
        "note": "a tie counts for every tied seat; a Grand Slam is both victories at once",
    }


def _ties(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    count = len(games)
    checks: tuple[tuple[str, Callable[[Mapping[str, Any]], bool]], ...] = (
        ("a Grand Slam", lambda m: bool(m["grand_slam"])),
        ("a shared Snit victory", lambda m: len(m["snit_victory"]) > 1),
        ("a shared Bolotomus victory", lambda m: len(m["bolotomus_victory"]) > 1),
        ("no rival Snit smashed", lambda m: not any(m["trophies"])),
        ("no Snit left alive", lambda m: not any(m["living"])),
    )
    rows = [
        {
            "label": label,
            "cells": {"games": {"rate": [sum(test(g["metrics"]) for g in games), count]}},
        }
        for label, test in checks
    ]
    return {"title": "Grand Slams and ties", "columns": ["games"], "rows": rows}


def _counts(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    rows = []
    players = _players(games)
    for seat in [*range(players), None]:

        def per_game(key: str, seat: int | None = seat) -> list[int]:
            if seat is None:
                return [sum(g["metrics"][key]) for g in games]
            return [g["metrics"][key][seat] for g in games if seat < len(g["metrics"][key])]

        rows.append(
            {
                "label": "all seats" if seat is None else seat_label(games, seat),
                "cells": {
                    "living at the end": {"values": per_game("living")},
                    "rival Snits smashed": {"values": per_game("trophies")},
                    "own Snits smashed": {"values": per_game("own_smashed")},
                },
            }
        )
    return {
        "title": "Snits per game at the end",
        "columns": ["living at the end", "rival Snits smashed", "own Snits smashed"],
        "rows": rows,
        "note": "per game; own Snits smashed go to the box and score nothing",
    }


def _runs(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    longest = max(len(g["metrics"]["runs"]) for g in games)
    rows = []
    for index in range(longest):
        reached = [g["metrics"]["runs"][index] for g in games if len(g["metrics"]["runs"]) > index]
        living = [n for run in reached for n in run["living"]]
        rows.append(
            {
                "label": f"run {index + 1} ({RUN_WORDS[(index + 1) % 2]})",
                "cells": {
                    "games": {"count": len(reached)},
                    "bounds": {"values": [run["bounds"] for run in reached]},
                    "reached safety": {"values": [run["safe"] for run in reached]},
                    "smashed": {"values": [run["smashed"] for run in reached]},
                    "own smashed": {"values": [run["own_smashed"] for run in reached]},
                    "surviving per clan": {"values": living},
                },
            }
        )
    return {
        "title": "Snits run by run",
        "columns": [
            "games",
            "bounds",
            "reached safety",
            "smashed",
            "own smashed",
            "surviving per clan",
        ],
        "rows": rows,
        "note": (
            "per game over the games that reached the run, all clans together; surviving:"
            " a clan's living Snits once the run is over (after reproduction, or drying up)"
        ),
    }


METRICS = SnitMetrics()
