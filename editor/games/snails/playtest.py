"""Snails warnings a playtester would raise about a batch: cards never or always played,
land gone early.

They read the measures of :mod:`editor.games.snails.metrics` (plays per card, tiles
destroyed per round) in the finished matches' ``GameResult.to_json()`` records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.layouts import Layout

#: Fewer games than this say little about a card: a single copy may simply not be drawn.
MIN_GAMES_FOR_CARDS = 20
#: A card played in at least this share of games is one nobody can do without.
ALWAYS_PLAYED = 0.95
#: The round by which losing most land means the board collapses before the game unfolds.
EARLY_ROUND = 3
#: "Most" land: more than this share of the layout's tiles destroyed.
MOST_LAND = 0.5
#: Fewer games than this give too rough a mean share of land destroyed to warn about.
MIN_GAMES_FOR_LAND = 5


def playtest(
    prepared: Any, layout: Layout, games: Sequence[Mapping[str, Any]], modules: frozenset[str]
) -> list[str]:
    """The warnings for a batch of finished matches on a layout (the registry's hook)."""
    return [*card_warnings(prepared, games, modules), *land_warnings(layout, games)]


def deck_cards(prepared: Any, modules: frozenset[str]) -> list[str]:
    """The ids of the cards in a match's arsenal deck with these modules, each once."""
    rules = prepared.rules
    return sorted({rules.cards[index].id for index in rules.deck(modules)})


def card_warnings(
    prepared: Any, games: Sequence[Mapping[str, Any]], modules: frozenset[str]
) -> list[str]:
    """A deck card never played, or played in (almost) every game."""
    count = len(games)
    if count < MIN_GAMES_FOR_CARDS:
        return []
    out = []
    for card in deck_cards(prepared, modules):
        played_in = sum(g["metrics"]["plays"].get(card, 0) > 0 for g in games)
        if played_in == 0:
            out.append(f"card {card} was never played in {count} games")
        elif played_in >= ALWAYS_PLAYED * count:
            out.append(f"card {card} was played in {played_in} of {count} games")
    return out


def land_warnings(layout: Layout, games: Sequence[Mapping[str, Any]]) -> list[str]:
    """Most of the layout's tiles destroyed by round :data:`EARLY_ROUND`, on average."""
    tiles = sum(len(stack) for stack in layout.spaces.values())
    if tiles == 0 or len(games) < MIN_GAMES_FOR_LAND:
        return []
    gone = [sum(g["metrics"]["destroyed"][:EARLY_ROUND]) / tiles for g in games]
    share = sum(gone) / len(gone)
    if share <= MOST_LAND:
        return []
    return [
        f"most land is gone by round {EARLY_ROUND}: {100 * share:.0f}% of the {tiles} tiles"
        f" on average over {len(games)} games"
    ]
