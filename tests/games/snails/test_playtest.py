"""Snails playtest warnings: deck cards never or always played, most land gone by round 3."""

from __future__ import annotations

from typing import Any

import pytest

from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.games.snails import GAME
from editor.games.snails.engine import ENGINE
from editor.games.snails.playtest import (
    ALWAYS_PLAYED,
    EARLY_ROUND,
    MIN_GAMES_FOR_CARDS,
    MIN_GAMES_FOR_LAND,
    card_warnings,
    deck_cards,
    land_warnings,
    playtest,
)


@pytest.fixture(scope="module")
def crab() -> tuple[Any, Any]:
    ws, layout = open_layout(layouts_dir() / "crustacean.layout.yaml")
    assert layout is not None
    return ENGINE.prepare(ws, layout), layout


def game(plays: dict[str, int], destroyed: list[int] | None = None) -> dict[str, Any]:
    return {"metrics": {"plays": plays, "destroyed": destroyed or [], "deaths": {}}}


def test_the_deck_comes_from_the_prepared_rules(crab: tuple[Any, Any]) -> None:
    prepared, _ = crab
    cards = deck_cards(prepared, frozenset())
    rules = prepared.rules
    assert cards == sorted({rules.cards[i].id for i in rules.arsenal})
    assert "revolver" in cards
    # basic actions (crawl, dig...) are not dealt from the arsenal deck, so never warned about
    assert "crawl" not in cards


def test_a_card_never_played_and_one_played_every_game_are_named(crab: tuple[Any, Any]) -> None:
    prepared, _ = crab
    cards = deck_cards(prepared, frozenset())
    count = MIN_GAMES_FOR_CARDS
    # every card but the first played once in some game; the second in every game
    games = [game({c: 1 for c in cards[1:] if c == cards[1] or i % 4 == 0}) for i in range(count)]
    warnings = card_warnings(prepared, games, frozenset())
    assert f"card {cards[0]} was never played in {count} games" in warnings
    assert f"card {cards[1]} was played in {count} of {count} games" in warnings
    assert len(warnings) == 2


def test_played_in_almost_every_game_counts_as_always(crab: tuple[Any, Any]) -> None:
    prepared, _ = crab
    cards = deck_cards(prepared, frozenset())
    count = 40
    every = dict.fromkeys(cards, 1)
    almost = int(ALWAYS_PLAYED * count)  # 38 of 40
    games = [game(every if i < almost else dict.fromkeys(cards[1:], 1)) for i in range(count)]
    warnings = card_warnings(prepared, games, frozenset())
    assert f"card {cards[0]} was played in {almost} of {count} games" in warnings
    fewer = [game(every if i < almost - 2 else dict.fromkeys(cards[1:], 1)) for i in range(count)]
    assert not [w for w in card_warnings(prepared, fewer, frozenset()) if cards[0] in w]


def test_too_few_games_say_nothing_about_cards(crab: tuple[Any, Any]) -> None:
    prepared, _ = crab
    games = [game({}) for _ in range(MIN_GAMES_FOR_CARDS - 1)]
    assert card_warnings(prepared, games, frozenset()) == []


def test_most_land_gone_by_round_three(crab: tuple[Any, Any]) -> None:
    _, layout = crab
    tiles = sum(len(stack) for stack in layout.spaces.values())
    half = tiles // 2
    # more than half destroyed in the first three rounds; what follows does not count
    early = [game({}, [half // 3, half // 3, half - 2 * (half // 3) + 2, 50]) for _ in range(5)]
    warnings = land_warnings(layout, early)
    assert len(warnings) == 1
    assert warnings[0].startswith(f"most land is gone by round {EARLY_ROUND}: ")
    assert f"of the {tiles} tiles on average over 5 games" in warnings[0]
    late = [game({}, [0, 0, half, tiles]) for _ in range(5)]
    assert land_warnings(layout, late) == []
    assert land_warnings(layout, early[: MIN_GAMES_FOR_LAND - 1]) == []


def test_the_hook_is_registered_and_joins_both(crab: tuple[Any, Any]) -> None:
    prepared, layout = crab
    assert GAME.playtest is playtest
    tiles = sum(len(stack) for stack in layout.spaces.values())
    games = [game({}, [tiles]) for _ in range(MIN_GAMES_FOR_CARDS)]
    warnings = playtest(prepared, layout, games, frozenset())
    assert warnings[-1].startswith("most land is gone")
    assert len(warnings) == len(deck_cards(prepared, frozenset())) + 1
