"""A match through the engine protocol: set-up, seeded chance, secrets in the view, JSON."""

from __future__ import annotations

import json
import random

import pytest

from editor.core.engine import MatchSpec
from editor.games.snit_smashing.engine import ENGINE, Prepared, State
from editor.games.snit_smashing.engine.setup import roll_for_primus
from editor.games.snit_smashing.engine.state import ACTIVE, POOL


def _match(prepared: Prepared, players: int = 4, seed: int = 1) -> State:
    return ENGINE.new_match(prepared, MatchSpec(players=players, seed=seed))


def test_each_player_draws_four_active_snits_into_its_start_hex(prepared: Prepared) -> None:
    state = _match(prepared)
    tables = prepared.tables
    for seat, start in enumerate(("A1", "G1", "C1", "E1")):  # red, blue, green, yellow
        mine = state.snits_of[seat]
        assert len(mine) == 21
        active = [s for s in mine if state.status[s] == ACTIVE]
        assert len(active) == 4 and {state.at[s] for s in active} == {tables.index[start]}
        assert sum(1 for s in mine if state.status[s] == POOL) == len(state.pools[seat]) == 17
    assert state.decision() is not None and state.decision().player == state.primus  # type: ignore[union-attr]


def test_the_match_refuses_a_seating_the_ruleset_does_not_allow(prepared: Prepared) -> None:
    for players in (1, 5):
        with pytest.raises(ValueError, match="seats 2 to 4 players"):
            _match(prepared, players)


def test_the_first_primus_is_the_high_roller_and_ties_roll_again(prepared: Prepared) -> None:
    state = _match(prepared, 2)

    class Dice(random.Random):
        """Dice that roll the given totals: two dice each, both showing half the total."""

        def __init__(self, faces: list[int]) -> None:
            super().__init__(0)
            self.faces = faces

        def randint(self, a: int, b: int) -> int:
            return self.faces.pop(0)

    state.rng = Dice([6, 6, 6, 6, 3, 3, 5, 5])  # 12 v 12: a tie; then 6 v 10
    state.events.clear()
    assert roll_for_primus(state, [0, 1]) == 1
    assert [e for e in state.events if e[0] == "primus-roll"] == [
        ("primus-roll", 0, 12),
        ("primus-roll", 1, 12),
        ("primus-roll", 0, 6),
        ("primus-roll", 1, 10),
    ]


def _random_game(state: State, seed: int) -> list[object]:
    rng = random.Random(seed)
    choices = []
    decision = state.decision()
    while decision is not None:
        choice = decision.options[rng.randrange(len(decision.options))]
        choices.append(choice)
        state.apply(choice)
        decision = state.decision()
    return choices


def test_a_match_replays_from_its_seed_and_choices(prepared: Prepared) -> None:
    state = _match(prepared, 3, seed=11)
    choices = _random_game(state, 5)
    again = _match(prepared, 3, seed=11)
    for choice in choices:
        again.apply(choice)  # type: ignore[arg-type]
    assert again.events == state.events and again.outcome() == state.outcome()
    other = _match(prepared, 3, seed=12)
    _random_game(other, 5)
    assert other.events != state.events


def vars_of(view: object) -> list[object]:
    """Every field of a view and every item of its tuple fields."""
    values = [getattr(view, name) for name in view.__slots__]  # type: ignore[attr-defined]
    return values + [x for v in values if isinstance(v, tuple) for x in v]


def test_the_view_hides_other_orders_until_they_are_revealed(prepared: Prepared) -> None:
    state = _match(prepared, 2, seed=4)
    first = state.primus
    decision = state.decision()
    assert decision is not None
    order = decision.options[0]
    state.apply(order)
    mine, theirs = state.view(first), state.view(1 - first)
    assert mine.own_order == order and theirs.own_order is None
    assert theirs.ordered == mine.ordered and sum(theirs.ordered) == 1
    assert order not in [v for v in vars_of(theirs) if isinstance(v, tuple)]
    second = state.decision()
    assert second is not None
    state.apply(second.options[-1])  # garbled: the orders are written, Snits move
    assert state.view(first).revealed == ()
    while state.decision() is not None and state.decision().kind == "move":  # type: ignore[union-attr]
        d = state.decision()
        assert d is not None
        state.apply(d.options[0])
    after = state.view(1 - first)
    assert after.revealed[first] == order  # public once revealed


def test_the_view_shows_pool_sizes_but_no_pool_order(prepared: Prepared) -> None:
    state = _match(prepared, 2, seed=4)
    view = state.view(0)
    assert view.pools == (17, 17)
    assert list(view.own_pool) == sorted(view.own_pool) and len(view.own_pool) == 17
    assert not any(face[0] in state.pools[1] for face in view.snits)  # face-down ones absent


def test_every_choice_travels_as_json(prepared: Prepared) -> None:
    state = _match(prepared, 2, seed=2)
    seen = 0
    rng = random.Random(0)
    decision = state.decision()
    while decision is not None and seen < 200:
        choice = decision.options[rng.randrange(len(decision.options))]
        data = json.loads(json.dumps(ENGINE.choice_to_json(choice)))
        assert ENGINE.choice_from_json(data) == choice
        state.apply(choice)
        seen += 1
        decision = state.decision()
    assert ENGINE.choice_to_json(("go", 3, -1)) == ["go", 3, -1]
    for bad in (["go", 3], ["fly"], [], {"go": 1}, ["smash"], ["move", "E3"], ["go", True, 1]):
        with pytest.raises(ValueError, match="choice"):
            ENGINE.choice_from_json(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a Snit Smashing choice"):
        ENGINE.choice_to_json(["go", 1, 2])  # type: ignore[arg-type]


def test_the_move_options_are_lazy_and_exact(prepared: Prepared) -> None:
    state = _match(prepared, 2, seed=9)
    for _ in range(2):
        decision = state.decision()
        assert decision is not None
        state.apply(decision.options[-1])
    decision = state.decision()
    assert decision is not None and decision.kind == "move"
    options = decision.options
    listed = list(options)
    assert len(listed) == len(options) == len(set(listed))
    assert [options[i] for i in range(len(options))] == listed
    assert options[-1] == listed[-1] and all(choice in options for choice in listed)
    assert ("go", listed[0][1], 9999) not in options and ("go", -5, 0) not in options
