"""Snit Smashing warnings a playtester would raise about a batch: a seat whose victories lie
far from a fair share, a start hex that loses most of its clan in the first bound.

Each is a :class:`~editor.core.registry.PlaytestCheck` (numbers and a threshold); the
simulator warns only when the measure's 95% interval lies beyond the threshold, so a few
games never raise one by chance. They read the measures of
:mod:`editor.games.snit_smashing.metrics` in the finished matches' ``GameResult.to_json()``
records. The simulator's own seat warning speaks of factions, which this game has none of,
and of wins, which here are two victories: so both are judged here, seat by seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.layouts import Layout
from editor.core.registry import PlaytestCheck
from editor.games.snit_smashing.layout_fields import clan_starts
from editor.games.snit_smashing.metrics import seat_label

#: A seat is far from its fair share when its whole 95% interval lies beyond this factor of
#: it (half or one and a half times), as the simulator judges factions.
FAR_FACTOR = 0.5
#: "Most of its clan": more than this share of a clan's Snits smashed in the first bound, on
#: average, with 95% confidence.
MOST_OF_CLAN = 0.5
#: The victories judged, with their words.
VICTORIES = (("snit_victory", "Snit victory"), ("bolotomus_victory", "Bolotomus victory"))


def playtest(
    prepared: Any, layout: Layout, games: Sequence[Mapping[str, Any]], modules: frozenset[str]
) -> list[PlaytestCheck]:
    """The checks for a batch of finished matches on a layout (the registry's hook)."""
    if not games:
        return []
    return [*seat_checks(games), *start_checks(layout, games)]


def seat_checks(games: Sequence[Mapping[str, Any]]) -> list[PlaytestCheck]:
    """Each seat's share of each victory against a fair share: the seats' mean share, which
    counts ties as the victories do (every tied seat has one)."""
    count = len(games)
    players = max(len(g["metrics"]["living"]) for g in games)
    out = []
    for key, words in VICTORIES:
        wins = [sum(seat in g["metrics"][key] for g in games) for seat in range(players)]
        fair = sum(wins) / (players * count)
        if fair <= 0:
            continue
        for seat, won in enumerate(wins):
            seat_words = seat_label(games, seat)
            said = f"{{measure}} of games against a fair {100 * fair:.0f}%"
            out.append(
                PlaytestCheck(
                    f"{seat_words} wins the {words} far too often: {said}",
                    rate=(won, count),
                    above=fair * (1 + FAR_FACTOR),
                )
            )
            out.append(
                PlaytestCheck(
                    f"{seat_words} wins the {words} far too rarely: {said}",
                    rate=(won, count),
                    below=fair * (1 - FAR_FACTOR),
                )
            )
    return out


def start_checks(layout: Layout, games: Sequence[Mapping[str, Any]]) -> list[PlaytestCheck]:
    """For each seat's clan, the share of its Snits smashed in the game's first bound, per
    game: a start hex from which most of the clan never gets going."""
    starts = {clan: label for label, clan in clan_starts(layout).items()}
    players = max(len(g["metrics"]["living"]) for g in games)
    out = []
    for seat in range(players):
        shares = []
        for game in games:
            first = game["metrics"]["first_bound"]
            started = first["started"][seat] if seat < len(first["started"]) else 0
            if started:
                shares.append(first["lost"][seat] / started)
        clans = games[0]["metrics"].get("clans", ())
        clan = clans[seat] if seat < len(clans) else ""
        where = f" from {starts[clan]}" if clan in starts else ""
        out.append(
            PlaytestCheck(
                f"{seat_label(games, seat)} loses most of its clan in the first bound{where}:"
                f" {{measure}} of its Snits smashed, on average over {len(shares)} games",
                values=tuple(shares),
                above=MOST_OF_CLAN,
                percent=True,
            )
        )
    return out
