"""The heuristic's program: the best candidate of each slot is the one the plain sum of
rating and nudge makes best, and the nudges are drawn one per candidate left per slot."""

from __future__ import annotations

import random

import pytest

from editor.core.engine import MatchSpec
from editor.core.workspace import load_workspace
from editor.games.snails.bots import HeuristicBot
from editor.games.snails.bots.board import Board
from editor.games.snails.bots.program import _best, _row, plan, program_cards, slot_kind
from editor.games.snails.engine import ENGINE, Prepared


@pytest.fixture(scope="module")
def crustacean() -> Prepared:
    ws = load_workspace()
    return ENGINE.prepare(ws, ws.layouts["crustacean"])


def _first_best(values: list[float], nudges: list[float]) -> int:
    scores = [value + nudge * 0.01 for value, nudge in zip(values, nudges, strict=True)]
    return scores.index(max(scores))


def test_the_best_candidate_is_the_plain_sums_best() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        values = [rng.choice((0.1, 0.2, 1.0, 6.0, 24.0)) for _ in range(rng.randrange(1, 25))]
        nudges = [rng.random() for _ in range(len(values) + 5)]
        drawn = rng.randrange(6)
        assert _best(values, nudges, drawn) == _first_best(values, nudges[drawn:][: len(values)])


def test_every_rating_of_a_program_is_a_whole_number_of_tenths(crustacean: Prepared) -> None:
    # what lets _best nudge the tied alone: two different ratings are 0.1 apart at least
    rated = set()
    for seed in range(4):
        st = ENGINE.new_match(crustacean, MatchSpec(4, (), frozenset({"specialists"}), seed))
        bots = [HeuristicBot(p, random.Random(p)) for p in range(4)]
        while (d := st.decision()) is not None:
            if d.kind == "program":
                b = Board(st.view(d.player))
                specs = {c: b.cards[st.card_id(c)] for c in program_cards(d.options)}
                for card in specs.values():
                    alone, after = _row(b, slot_kind(card), b.mine[:2], specs)
                    rated.update(alone, after)
            st.apply(bots[d.player].choose(d, st.view(d.player)))
    assert len(rated) > 8
    assert all(abs(value * 10 - round(value * 10)) < 1e-9 for value in rated), rated


def test_ties_are_broken_by_the_nudge_and_then_by_order() -> None:
    values = [1.0, 3.0, 3.0, 0.2, 3.0]
    assert _best(values, [0.9, 0.1, 0.5, 0.99, 0.5], 0) == 2
    assert _best(values, [0.0, 0.0, 0.0, 0.0, 0.0], 0) == 1
    assert _best(values, [0.0, 0.7, 0.1, 0.0, 0.9], 0) == 4
    assert _best([0.1, 0.2], [0.99, 0.0], 0) == 1


def test_a_program_draws_one_nudge_per_candidate_left_per_slot(crustacean: Prepared) -> None:
    for seed in range(6):
        st = ENGINE.new_match(crustacean, MatchSpec(4, (), frozenset({"wind"}), seed))
        while (d := st.decision()) is not None and d.kind != "program":
            st.apply(d.options[0])
        assert d is not None
        b = Board(st.view(d.player))
        rng = random.Random(seed)
        program = plan(b, d.options, rng)
        assert program is not None and program in d.options
        cards = len(program_cards(d.options))
        snails = min(len(b.mine), int(crustacean.rules.param("plan.snails")))
        slots = d.options.slots
        expected = random.Random(seed)
        for _ in range(sum((cards - k) * snails for k in range(slots))):
            expected.random()
        assert rng.getstate() == expected.getstate()
