"""Snails playtest checks: deck cards never or always played, most land gone by round 3,
each warned about only when its interval clears its named threshold."""

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
    MOST_LAND,
    NEVER_PLAYED,
    card_checks,
    deck_cards,
    land_checks,
    playtest,
)
from editor.sim.playtest import judge
from editor.sim.stats import mean_ci, wilson


@pytest.fixture(scope="module")
def crab() -> tuple[Any, Any]:
    ws, layout = open_layout(layouts_dir() / "crustacean.layout.yaml")
    assert layout is not None
    return ENGINE.prepare(ws, layout), layout


def game(plays: dict[str, int], destroyed: list[int] | None = None) -> dict[str, Any]:
    return {"metrics": {"plays": plays, "destroyed": destroyed or [], "deaths": {}}}


def said(checks: Any) -> list[str]:
    """The warnings the simulator raises from these checks."""
    return [w for w in map(judge, checks) if w is not None]


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
    count = 100
    # every card but the first played in a quarter of the games; the second in every game
    games = [game({c: 1 for c in cards[1:] if c == cards[1] or i % 4 == 0}) for i in range(count)]
    warnings = said(card_checks(prepared, games, frozenset()))
    assert len(warnings) == 2
    assert warnings == [
        f"card {cards[0]} was never played: 0.0% [0.0, 3.7] (0/{count}) of games",
        f"card {cards[1]} is played in nearly every game: 100.0% [96.3, 100.0] (100/100) of games",
    ]


def test_the_interval_not_the_share_decides_for_cards(crab: tuple[Any, Any]) -> None:
    prepared, _ = crab
    card = deck_cards(prepared, frozenset())[0]
    # 20 games of 21 cannot tell "nearly always" from 80%, nor 0 of 21 "never" from 15%
    few = [game({card: 1} if i else {}) for i in range(21)]
    assert wilson(20, 21).low < ALWAYS_PLAYED and wilson(0, 21).high > NEVER_PLAYED
    assert not [w for w in said(card_checks(prepared, few, frozenset())) if card in w]
    # 95 of 100 games is still not surely above 90%; 97 of 100 is
    for played, expected in ((95, []), (97, ["97.0% [91.5, 99.0] (97/100)"])):
        games = [game({card: 1} if i < played else {}) for i in range(100)]
        found = [w for w in said(card_checks(prepared, games, frozenset())) if card in w]
        assert found == [
            f"card {card} is played in nearly every game: {e} of games" for e in expected
        ]
    # played once in 200 games: hardly ever, surely under 5%
    rare = [game({card: 1} if i < 1 else {}) for i in range(200)]
    rare_said = [w for w in said(card_checks(prepared, rare, frozenset())) if card in w]
    assert rare_said == [f"card {card} is hardly ever played: 0.5% [0.1, 2.8] (1/200) of games"]


def test_most_land_gone_by_round_three(crab: tuple[Any, Any]) -> None:
    _, layout = crab
    tiles = sum(len(stack) for stack in layout.spaces.values())
    half = tiles // 2
    # more than half destroyed in the first three rounds; what follows does not count
    early = [
        game({}, [half // 3, half // 3, half - 2 * (half // 3) + 2 + i % 2, 50]) for i in range(5)
    ]
    warnings = said(land_checks(layout, early))
    assert len(warnings) == 1
    assert warnings[0].startswith(f"most land is gone by round {EARLY_ROUND}: ")
    assert f"of the {tiles} tiles on average over 5 games" in warnings[0]
    late = [game({}, [0, 0, half, tiles]) for _ in range(5)]
    assert said(land_checks(layout, late)) == []


def test_land_is_judged_by_the_interval_of_its_mean(crab: tuple[Any, Any]) -> None:
    _, layout = crab
    tiles = sum(len(stack) for stack in layout.spaces.values())
    # two games, one losing all its land and one a little: the mean is over half, but two
    # games this far apart cannot say it is; a single game has no interval at all
    apart = [game({}, [tiles]), game({}, [tiles // 5])]
    shares = [1.0, (tiles // 5) / tiles]
    assert sum(shares) / 2 > MOST_LAND and mean_ci(shares).low < MOST_LAND
    assert said(land_checks(layout, apart)) == []
    assert said(land_checks(layout, apart[:1])) == []


def test_the_hook_is_registered_and_joins_both(crab: tuple[Any, Any]) -> None:
    prepared, layout = crab
    assert GAME.playtest is playtest
    tiles = sum(len(stack) for stack in layout.spaces.values())
    games = [game({}, [tiles - i % 2]) for i in range(100)]
    warnings = said(playtest(prepared, layout, games, frozenset()))
    assert warnings[-1].startswith("most land is gone")
    assert len(warnings) == len(deck_cards(prepared, frozenset())) + 1
