"""Snails warnings a playtester would raise about a batch: cards never or always played,
land gone early.

Each is a :class:`~editor.core.registry.PlaytestCheck` (numbers and a named threshold); the
simulator warns only when the measure's 95% interval lies beyond the threshold, so a few
games never raise one by chance. They read the measures of
:mod:`editor.games.snails.metrics` (plays per card, the rounds each space lost its tiles
in) in the finished matches' ``GameResult.to_json()`` records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.layouts import Layout
from editor.core.registry import PlaytestCheck
from editor.games.snails.metrics import sunk_round

#: A card is one nobody can do without when, with 95% confidence, it is played in more than
#: this share of games.
ALWAYS_PLAYED = 0.9
#: A card is dead weight when, with 95% confidence, it is played in fewer than this share of
#: games (a card never played in 200 games is, in at most 2% of them).
NEVER_PLAYED = 0.05
#: The round by which losing most land means the board collapses before the game unfolds.
EARLY_ROUND = 3
#: "Most" land: more than this share of the layout's land spaces sunk, on average, with 95%
#: confidence.
MOST_LAND = 0.5


def playtest(
    prepared: Any, layout: Layout, games: Sequence[Mapping[str, Any]], modules: frozenset[str]
) -> list[PlaytestCheck]:
    """The checks for a batch of finished matches on a layout (the registry's hook); the
    simulator warns about those whose interval clears their threshold."""
    return [*card_checks(prepared, games, modules), *land_checks(layout, games)]


def deck_cards(prepared: Any, modules: frozenset[str]) -> list[str]:
    """The ids of the cards in a match's arsenal deck with these modules, each once."""
    rules = prepared.rules
    return sorted({rules.cards[index].id for index in rules.deck(modules)})


def card_checks(
    prepared: Any, games: Sequence[Mapping[str, Any]], modules: frozenset[str]
) -> list[PlaytestCheck]:
    """For each deck card, the share of games it was played in: too rare, or nearly all."""
    count = len(games)
    out = []
    for card in deck_cards(prepared, modules):
        played_in = sum(g["metrics"]["plays"].get(card, 0) > 0 for g in games)
        rarely = "was never played" if played_in == 0 else "is hardly ever played"
        rate = (played_in, count)
        out.append(
            PlaytestCheck(
                f"card {card} {rarely}: {{measure}} of games", rate=rate, below=NEVER_PLAYED
            )
        )
        out.append(
            PlaytestCheck(
                f"card {card} is played in nearly every game: {{measure}} of games",
                rate=rate,
                above=ALWAYS_PLAYED,
            )
        )
    return out


def land_checks(layout: Layout, games: Sequence[Mapping[str, Any]]) -> list[PlaytestCheck]:
    """The share of the layout's land spaces sunk (their every tile destroyed) by round
    :data:`EARLY_ROUND`, per game: the board a player sees turned to water, which counting
    tiles would miss (a stack three high loses a tile and is still land)."""
    land = {label: len(stack) for label, stack in layout.spaces.items() if stack}
    if not land:
        return []
    gone = tuple(_sunk_by(g, land, EARLY_ROUND) / len(land) for g in games)
    return [
        PlaytestCheck(
            f"most land is gone by round {EARLY_ROUND}: {{measure}} of the {len(land)} land"
            f" spaces sunk, on average over {len(games)} games",
            values=gone,
            above=MOST_LAND,
            percent=True,
        )
    ]


def _sunk_by(game: Mapping[str, Any], land: Mapping[str, int], last: int) -> int:
    """How many of these land spaces (label: height) had sunk by the end of round ``last``."""
    rounds = [sunk_round(game, label, height) for label, height in land.items()]
    return sum(r is not None and r <= last for r in rounds)
