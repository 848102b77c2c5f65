"""The heuristic's shortcuts give the answers of the long way: fields read at once equal the
lazy ones, places rated against a ceiling keep every best place, and the view's card and
slot counts equal what its other fields say."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from editor.core.engine import Decision, MatchSpec
from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.bots import HeuristicBot
from editor.games.snails.bots.board import Board
from editor.games.snails.engine import ENGINE, Prepared, State

MODULES = frozenset({"specialists", "wind"})


@pytest.fixture(scope="module")
def crustacean() -> Prepared:
    ws: Workspace = load_workspace()
    return ENGINE.prepare(ws, ws.layouts["crustacean"])


def _decisions(prepared: Prepared, seed: int) -> Iterator[tuple[State, Decision]]:
    """Every decision of a match between heuristic bots, before it is taken."""
    st = ENGINE.new_match(prepared, MatchSpec(4, (), MODULES, seed))
    bots = [HeuristicBot(p, random.Random(seed + p)) for p in range(4)]
    while (d := st.decision()) is not None:
        yield st, d
        st.apply(bots[d.player].choose(d, st.view(d.player)))


def test_fields_read_at_once_are_the_lazy_ones(crustacean: Prepared) -> None:
    names = ("owner", "at", "stack", "level", "rules", "tables", "mine", "enemies", "enemies_at")
    seen = 0
    for seed in range(3):
        for st, d in _decisions(crustacean, seed):
            if d.kind not in ("program", "place"):
                continue
            lazy = Board(st.view(d.player))
            eager = Board(st.view(d.player))
            eager.read_for_program()
            spots = Board(st.view(d.player))
            spots.read_for_spots()
            for name in names:
                assert getattr(eager, name) == getattr(lazy, name), name
            for name in ("owner", "at", "occ", "stack", "rules", "tables", "enemy_bits"):
                assert getattr(spots, name) == getattr(lazy, name), name
            assert eager.sight(0) == lazy.sight(0)
            seen += 1
    assert seen > 20


def test_places_rated_against_a_ceiling_keep_every_best_place(crustacean: Prepared) -> None:
    pruned = 0
    for seed in range(4):
        for st, d in _decisions(crustacean, seed):
            if d.kind != "place" or len(d.options) < 2:
                continue
            bot = HeuristicBot(d.player, random.Random(0))
            b = Board(st.view(d.player))
            full = bot._rate_places(b, d.options)
            quick = bot._places(Board(st.view(d.player)), d.options)
            top = max(full)
            assert max(quick) == top
            # the same best places, the others rated exactly or left out (-inf) below the top
            assert [k for k, v in enumerate(quick) if v == top] == [
                k for k, v in enumerate(full) if v == top
            ]
            for q, f in zip(quick, full, strict=True):
                assert q == f or (q == -math.inf and f < top)
            # a ceiling is never below the rating
            ceilings = b.ceilings
            for x, v in zip(d.options, full, strict=True):
                assert isinstance(x, int) and ceilings[x] >= v
            pruned += quick.count(-math.inf)
    assert pruned > 0  # the shortcut is taken in real matches


def test_the_view_names_cards_and_counts_slots_as_its_fields_do(crustacean: Prepared) -> None:
    shown_seen = set()
    for st, d in _decisions(crustacean, 5):
        view = st.view(d.player)
        hand = view.hand
        assert view.cards_of(hand) == [st.rules.card(view.card_id(c)) for c in hand]
        for c in hand:
            assert view.card(c) is st.rules.card(view.card_id(c))
        for seat in range(st.n):
            other = st.view(seat)
            assert other.shown == len(other.revealed[seat])
            program, shown = other.program, other.shown
            if program and shown:
                card, snail = program[shown - 1]
                assert other.resolving() == (other.card(card), snail)
            else:
                assert other.resolving() is None
            shown_seen.add(other.shown)
    assert {0, 1, 2} <= shown_seen
