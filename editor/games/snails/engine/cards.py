"""Cards in hands: drawing (the discard pile reshuffled when the deck runs out), discarding,
searching the discard pile."""

from __future__ import annotations

from collections.abc import Generator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision
from editor.games.snails.engine.chance import shuffle

if TYPE_CHECKING:
    from editor.games.snails.engine.state import State

Gen = Generator[Decision, Any, Any]


def draw(st: State, p: int, count: int, from_discard: bool = False) -> list[int]:
    """Draw cards into a hand: from the deck (the discard pile reshuffled when it runs out)
    or from the shuffled discard pile."""
    deck = st.deck
    if not from_discard and 0 <= count <= len(deck):
        # enough cards: the top ``count`` (the end of the list), as drawn one by one (the
        # usual case, done here at once)
        start = len(deck) - count
        got = deck[start:][::-1]
        del deck[start:]
        if got:
            st.hand[p] += got
            st.events.append(("draw", p, count))
        return got
    got = []
    if from_discard:
        shuffle(st.rng, st.discard)
    for _ in range(count):
        if from_discard:
            if not st.discard:
                break
            got.append(st.discard.pop())
            continue
        if not st.deck:
            if not st.discard:
                break
            st.deck = st.discard
            st.discard = []
            shuffle(st.rng, st.deck)
        got.append(st.deck.pop())
    st.hand[p].extend(got)
    if got:
        st.events.append(("draw", p, len(got)))
    return got


def discard_from_hand(st: State, p: int, count: int) -> Gen:
    """The player discards ``count`` cards of their choice."""
    hand = st.hand[p]
    count = min(count, len(hand))
    if count <= 0:
        return
    opts = tuple(combinations(hand, count))
    pick = (yield Decision(p, "discard", opts, f"discard {count}")) if len(opts) > 1 else opts[0]
    for c in pick:
        hand.remove(c)
        st.discard.append(c)


def search_discard(st: State, p: int, count: int, kind: str) -> Gen:
    """Shuffle the discard pile, then take ``count`` cards of a kind from it."""
    shuffle(st.rng, st.discard)
    cards = st.rules.cards
    for _ in range(count):
        opts = (
            tuple(st.discard)
            if kind == "any"
            else tuple([c for c in st.discard if cards[st.card_of[c]].kind == kind])
        )
        if not opts:
            return
        pick = (
            (yield Decision(p, "search", opts, "take a card from the discard pile"))
            if len(opts) > 1
            else opts[0]
        )
        st.discard.remove(pick)
        st.hand[p].append(pick)
