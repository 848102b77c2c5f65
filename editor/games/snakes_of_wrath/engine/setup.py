"""A new match: the starter at 0,0, the rest shuffled into the sack, the racks dealt."""

from __future__ import annotations

from dataclasses import dataclass

from editor.core.engine import MatchSpec
from editor.games.snakes_of_wrath.engine.rules import Rules
from editor.games.snakes_of_wrath.engine.sides import key_of
from editor.games.snakes_of_wrath.engine.state import State
from editor.games.snakes_of_wrath.engine.table import NOBODY


@dataclass(frozen=True)
class Prepared:
    """The rules of a scenario's packs, compiled once (picklable)."""

    rules: Rules
    scenario: str = ""


def new_match(prepared: Prepared, spec: MatchSpec) -> State:
    """A fresh match waiting for the first player's turn; ``ValueError`` for a number of
    players the ruleset does not seat."""
    rules = prepared.rules
    st = State(rules, spec.players, spec.seed)
    st.lay(rules.starter_tile, key_of(0, 0), rules.starter_turn, NOBODY, (NOBODY, NOBODY))
    bag = [t for t in range(len(rules.box)) if t != rules.starter_tile]
    st.rng.shuffle(bag)
    st.bag = bag
    st.to_move = st.rng.randrange(st.n) if rules.random_first else 0
    st.log(("start", st.to_move))
    for seat in range(st.n):
        st.refill(seat)
    return st
