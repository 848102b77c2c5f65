"""Random games of Snit Smashing, with the rules' invariants checked after every step.

Random bots play whole matches on the bundled beach; after each choice the state must hold:
one Snit a sand hex (the sea holds several only in a run to the Snandergrab), never more
Snits a player than the ruleset allows, trophies equal to the rival Snits each Bolotomus has
smashed, and no Snit both off the map (safe, under, dead, in the pool) and on it.
"""

from __future__ import annotations

import random

import pytest

from editor.core.engine import MatchSpec, random_bot
from editor.games.snit_smashing.engine import ENGINE, Prepared, State
from editor.games.snit_smashing.engine.state import (
    ACTIVE,
    DEAD,
    ON_TOP,
    SAFE,
    UNDER,
    run_to_snandergrab,
)

ON_MAP = (ACTIVE, ON_TOP)


def check_invariants(state: State, bound_over: bool) -> None:
    """Every invariant the rules keep, at any step (and at the end of a bound)."""
    tables = state.tables
    rules = state.rules
    taken: dict[int, int] = {}
    for snit, status in enumerate(state.status):
        at = state.at[snit]
        if status in ON_MAP:
            assert at >= 0, f"{snit} is on the map nowhere"
            if (tables.sea >> at) & 1:
                assert run_to_snandergrab(state.run), "a Snit in the sea in a run to the sea"
                assert snit in state.sea_snits
            else:
                assert at not in taken, f"two Snits on {tables.labels[at]}"
                taken[at] = snit
                assert state.occ[at] == snit
        else:
            assert at == -1, f"Snit {snit} is off the map (status {status}) but at {at}"
    assert state.taken == sum(1 << h for h in taken)
    assert state.on_map == sum(1 for s in state.status if s in ON_MAP)
    assert state.under == sum(1 for s in state.status if s == UNDER)
    for seat in range(state.players):
        assert len(state.snits_of[seat]) <= rules.snits_per_player
    rivals = [0] * state.players
    own = [0] * state.players
    for event in state.events:
        if event[0] == "killed":
            _, by, snit, _hex, rival = event
            assert state.status[snit] == DEAD
            assert (state.owner[snit] != by) == rival
            (rivals if rival else own)[by] += 1
    assert rivals == state.trophies and own == state.own_smashed
    if bound_over:
        assert not state.unmoved or all(not left for left in state.unmoved)
    if not run_to_snandergrab(state.run):
        assert not any(s == SAFE and state.at[i] >= 0 for i, s in enumerate(state.status))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_rules_invariants(prepared: Prepared, players: int) -> None:
    for game in range(8):
        seed = 1000 * players + game
        state = ENGINE.new_match(prepared, MatchSpec(players=players, seed=seed))
        bots = [random_bot(seat, random.Random(seed + seat)) for seat in range(players)]
        check_invariants(state, bound_over=False)
        decision = state.decision()
        steps = 0
        while decision is not None:
            bound_before = (state.run, state.bound)
            state.apply(bots[decision.player].choose(decision, None))
            steps += 1
            check_invariants(state, bound_over=(state.run, state.bound) != bound_before)
            decision = state.decision()
        outcome = state.outcome()
        assert outcome is not None and outcome.winners
        details = outcome.details
        assert set(details["grand_slam"]) == set(details["snit_victory"]) & set(
            details["bolotomus_victory"]
        )
        assert set(outcome.winners) == set(details["snit_victory"]) | set(
            details["bolotomus_victory"]
        )
        assert outcome.rounds == sum(1 for e in state.events if e[0] == "reveal") // players
        assert steps > 0
