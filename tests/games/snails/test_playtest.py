"""Snails playtest checks: deck cards never or always played, most land spaces sunk by round 3,
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


def game(plays: dict[str, int], destroyed_at: dict[str, list[int]] | None = None) -> dict[str, Any]:
    """A finished match as ``GameResult.to_json()`` gives it, with what the checks read."""
    return {"metrics": {"plays": plays, "destroyed_at": destroyed_at or {}, "deaths": {}}}


def sink(layout: Any, labels: Any, rounds: int) -> dict[str, list[int]]:
    """Each of these spaces loses all its tiles in this round."""
    return {label: [rounds] * len(layout.spaces[label]) for label in labels}


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
    land = sorted(label for label, stack in layout.spaces.items() if stack)
    most = land[: len(land) // 2 + 2]
    # more than half the land spaces sunk in rounds 1 to 3, in five games
    early = [game({}, sink(layout, most[: len(most) - i % 2], 1 + i % 3)) for i in range(5)]
    warnings = said(land_checks(layout, early))
    assert len(warnings) == 1
    assert warnings[0].startswith(f"most land is gone by round {EARLY_ROUND}: ")
    assert f"of the {len(land)} land spaces sunk, on average over 5 games" in warnings[0]
    # the same spaces sunk in round 4 are not gone by round 3
    late = [game({}, sink(layout, most[: len(most) - i % 2], 4)) for i in range(5)]
    assert said(land_checks(layout, late)) == []


def test_tiles_lost_from_stacks_that_still_stand_are_not_land_gone(
    crab: tuple[Any, Any],
) -> None:
    _, layout = crab
    high = [label for label, stack in layout.spaces.items() if len(stack) >= 2]
    low = [label for label, stack in layout.spaces.items() if len(stack) == 1]
    tiles = sum(len(stack) for stack in layout.spaces.values())
    # every tall stack loses all but its last tile in round 1, and three low spaces sink:
    # over half the tiles, but only three land spaces
    worn = {label: [1] * (len(layout.spaces[label]) - 1) for label in high}
    worn |= sink(layout, low[:3], 1)
    assert sum(map(len, worn.values())) > tiles / 2
    assert said(land_checks(layout, [game({}, worn) for _ in range(10)])) == []


def test_land_is_judged_by_the_interval_of_its_mean(crab: tuple[Any, Any]) -> None:
    _, layout = crab
    land = sorted(label for label, stack in layout.spaces.items() if stack)
    # two games, one losing all its land and one a fifth: the mean is over half, but two
    # games this far apart cannot say it is; a single game has no interval at all
    apart = [game({}, sink(layout, land, 1)), game({}, sink(layout, land[: len(land) // 5], 1))]
    shares = [1.0, (len(land) // 5) / len(land)]
    assert sum(shares) / 2 > MOST_LAND and mean_ci(shares).low < MOST_LAND
    assert said(land_checks(layout, apart)) == []
    assert said(land_checks(layout, apart[:1])) == []


def test_the_hook_is_registered_and_joins_both(crab: tuple[Any, Any]) -> None:
    prepared, layout = crab
    assert GAME.play is not None and GAME.play.playtest is playtest
    land = [label for label, stack in layout.spaces.items() if stack]
    games = [game({}, sink(layout, land[i % 2 :], 2)) for i in range(100)]
    warnings = said(playtest(prepared, layout, games, frozenset()))
    assert warnings[-1].startswith("most land is gone")
    assert len(warnings) == len(deck_cards(prepared, frozenset())) + 1
