"""A new match: each seat's Snits face down, the first Bolotomus Primus, the first Snits out.

Seat ``i`` plays the ``i``-th clan of the packs. Every player rolls the Primus dice; the
highest total is the first Primus, and players tied for it roll again among themselves (an
assumption: the rulebook does not say). Then each player draws its active Snits at random
from its pool into its clan's start hex in the sea, and the first run begins.
"""

from __future__ import annotations

from editor.core.engine import MatchSpec
from editor.games.snit_smashing.engine.rules import Prepared
from editor.games.snit_smashing.engine.state import State


def new_match(prepared: Prepared, spec: MatchSpec) -> State:
    """A fresh match waiting for the first order; ``ValueError`` for a seating it cannot play."""
    rules = prepared.rules
    players = spec.players
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"Snit Smashing seats {rules.min_players} to {rules.max_players} players, not {players}"
        )
    if players > len(prepared.clans):
        clans = len(prepared.clans)
        raise ValueError(f"{players} players need {players} clans; the packs have {clans}")
    state = State(prepared, players, spec.seed)
    for seat in range(players):
        state.add_snits(seat, prepared.clans[seat].counters)
    state.primus = roll_for_primus(state, list(range(players)))
    for seat in range(players):
        pool = state.pools[seat]
        for _ in range(min(rules.active_at_start, len(pool))):
            snit = pool.pop(state.rng.randrange(len(pool)))
            state.place(snit, state.start_of(seat))
    state.events.append(("run", 1, "to-snandergrab"))
    state.events.append(("bound", 1, 1, state.primus))
    return state


def roll_for_primus(state: State, seats: list[int]) -> int:
    """The seat with the highest roll of the Primus dice, the tied rolling again."""
    rules = state.rules
    rng = state.rng
    while True:
        totals = [
            sum(rng.randint(1, rules.primus_die_sides) for _ in range(rules.primus_dice))
            for _ in seats
        ]
        for seat, total in zip(seats, totals, strict=True):
            state.events.append(("primus-roll", seat, total))
        best = max(totals)
        seats = [seat for seat, total in zip(seats, totals, strict=True) if total == best]
        if len(seats) == 1:
            return seats[0]
