"""The rulebook's New Rules: the discard pile is shuffled before anyone draws from it or
searches it, and a card extending a basic action keeps all of that action's limits."""

from __future__ import annotations

import random
from typing import Any

import pytest

from editor.core.engine import IllegalChoice
from tests.games.snails.engine.conftest import Scenario


class RecordingRandom(random.Random):
    """A generator whose shuffle reverses the list and remembers what it shuffled."""

    def __init__(self) -> None:
        super().__init__(0)
        self.shuffled: list[list[Any]] = []

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        self.shuffled.append(list(x))
        x.reverse()


def _with_pile(scenario: Scenario, hand: list[str], faction: str | None = None) -> Any:
    """A state whose discard pile holds 6 known cards, in a known order, and a recording rng."""
    st = scenario(
        {"E5": ["beach"]},
        {"A": ("red", "E5"), "Z": ("blue", "E5")},
        players={"red": faction, "blue": None},
        hands={"red": hand},
    )
    pile = st.deck[:6]
    del st.deck[:6]
    st.discard.extend(pile)
    st.rng = RecordingRandom()
    return st, pile


def test_litterbuss_shuffles_the_discard_pile_before_drawing(scenario: Scenario) -> None:
    st, pile = _with_pile(scenario, ["litterbuss"])
    st.perform("A", "litterbuss")
    assert st.rng.shuffled == [pile]  # shuffled once, the whole pile, before the draw
    # drawn from the top of the shuffled (reversed) pile: its first two cards, not its last two
    assert sorted(st.hand[0]) == sorted(pile[:2])
    assert st.discard == list(reversed(pile))[:4]


def test_claw_shuffles_the_discard_pile_before_searching(scenario: Scenario) -> None:
    st, pile = _with_pile(scenario, [], faction="pirates")
    wanted = st.card_id(pile[3])
    st.perform("A", "claw", choose=wanted)
    assert st.rng.shuffled == [pile]
    assert [st.card_id(c) for c in st.hand[0]] == [wanted]


def test_crawlie_talkie_keeps_the_crawls_limits(scenario: Scenario) -> None:
    st = scenario(
        {
            "C5": ["beach"],
            "D5": ["beach", "meadow", "mountain"],
            "D6": ["beach"],
            "E5": ["beach"],
            "F5": ["beach"],
        },
        {"A": ("red", "C5"), "Z": ("blue", "F5")},
        hands={"red": ["crawlie-talkie"]},
    )
    hand = list(st.hand[0])
    for path, reason in (
        (["D5"], "climb"),  # two levels up in one move
        (["D6", "E5", "F5"], "moves"),  # three moves
    ):
        with pytest.raises(IllegalChoice, match=reason):
            st.perform("A", "crawlie-talkie", path=path)
        assert st.snail_info("A")["at"] == "C5" and st.hand[0] == hand  # nothing drawn
    st.perform("A", "crawlie-talkie", path=["D6", "E5"])
    assert st.snail_info("A")["at"] == "E5" and len(st.hand[0]) == 1  # played one, drew one
