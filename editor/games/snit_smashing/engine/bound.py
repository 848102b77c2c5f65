"""One bound: secret orders round the table, Snits moved one at a time, orders revealed.

Orders are asked from the Bolotomus Primus clockwise; each is kept secret (the log says only
that it was written). Then the players move their Snits in turn from the Primus, one Snit a
turn, skipping players with none left to move, until every running Snit has moved. Then the
orders are revealed from the Primus clockwise: the last move of the Snandergrab places it;
Snits under its final hexes are protected and leave the map, except the mover's own, which
sit on top (the NO NO); each Smash kills the Snits it finds unprotected (so the first smash
of a hex gets the kill); trophies for rivals, the box for one's own.
"""

from __future__ import annotations

from collections.abc import Hashable

from editor.core.engine import Decision
from editor.games.snit_smashing.engine.movement import MoveOptions, move_bases, why_not_move
from editor.games.snit_smashing.engine.orders import MOVE, SMASH, Order, why_not_order
from editor.games.snit_smashing.engine.runs import end_of_bound
from editor.games.snit_smashing.engine.state import (
    ACTIVE,
    DEAD,
    MOVES,
    ON_TOP,
    SAFE,
    STAY_UNDER,
    UNDER,
    State,
    run_to_snandergrab,
)
from editor.games.snit_smashing.engine.tables import bits


def take_order(state: State, seat: int, order: Order) -> None:
    """Keep a seat's secret order; once every seat has one, the Snits move."""
    state.orders[seat] = order
    state.events.append(("ordered", seat))
    state.order_turn += 1
    if state.order_turn == state.players:
        start_moves(state)


def start_moves(state: State) -> None:
    """Every running Snit is to move; the Primus moves first."""
    status = state.status
    running = (ACTIVE, ON_TOP) if run_to_snandergrab(state.run) else (ACTIVE, ON_TOP, UNDER)
    state.unmoved = [[s for s in snits if status[s] in running] for snits in state.snits_of]
    state.move_bases = move_bases(state, [s for snits in state.unmoved for s in snits])
    state.phase = MOVES
    state.mover = state.primus
    if not state.unmoved[state.primus]:
        _next_mover(state)


def take_move(state: State, seat: int, move: tuple[str, int, int]) -> None:
    """Move one Snit (a legal option), then pass the turn on."""
    _, snit, end = move
    state.unmoved[seat].remove(snit)
    start = state.at[snit]
    state.events.append(("move", seat, snit, start, end))
    if end != start and end != STAY_UNDER:
        tables = state.tables
        status = state.status[snit]
        if status == ACTIVE and not tables.wet[start] and not tables.wet[end]:
            state.shift(snit, end)  # sand to sand, the most common move
            nxt = seat + 1 if seat + 1 < state.players else 0
            if state.unmoved[nxt]:  # the next seat has a Snit to move: its turn, at once
                state.mover = nxt
            else:
                _next_mover(state)
            return
        if status == UNDER:
            state.set_off_map(snit, ACTIVE)  # it leaves the Snandergrab, placed just below
        else:
            state.lift(snit, ACTIVE)
        if not run_to_snandergrab(state.run) and (tables.sea >> end) & 1:
            state.status[snit] = SAFE  # in the sea: safe, off the map
            state.events.append(("safe", snit, end))
        else:
            state.place(snit, end)
    _next_mover(state)


def _next_mover(state: State) -> None:
    """The next seat clockwise with a Snit left to move, or the reveal when none has."""
    players = state.players
    unmoved = state.unmoved
    seat = state.mover
    for _ in range(players):
        seat = seat + 1 if seat + 1 < players else 0
        if unmoved[seat]:
            state.mover = seat
            return
    reveal(state)


def reveal(state: State) -> None:
    """Reveal and carry out every order, from the Primus clockwise, then end the bound."""
    players = state.players
    seats = [(state.primus + k) % players for k in range(players)]
    orders = state.orders
    events = state.events
    start_centre = state.grab
    placed_by = -1
    for seat in seats:
        order = orders[seat]
        assert order is not None
        events.append(("reveal", seat, order))
        if order[0] == MOVE:
            state.grab = order[1]
            placed_by = seat
    protected = 0
    if run_to_snandergrab(state.run):
        protected = _under_the_grab(state, start_centre, placed_by)
    # only hexes with a Snit on them can be smashed: sand that is taken, or the sea while
    # Snits are in it (a Snit smashed leaves the taken hexes at once)
    wet = state.tables.sea if state.sea_snits else 0
    for seat in seats:
        order = orders[seat]
        assert order is not None
        if order[0] == SMASH:
            for hex_ in order[1:]:
                if ((state.taken | wet) >> hex_) & 1 and not (protected >> hex_) & 1:
                    _smash_hex(state, seat, hex_)
    for hex_ in bits(protected):
        snit = state.occ[hex_]
        state.lift(snit, SAFE)
        events.append(("safe", snit, hex_))
    state.revealed = tuple(orders)
    state.orders = [None] * players
    state.order_turn = 0
    state.bounds_played += 1
    end_of_bound(state)


def _under_the_grab(state: State, start_centre: int, placed_by: int) -> int:
    """The sand hexes whose Snits the Snandergrab's final place protects; the mover's own
    Snits there go on top instead, and Snits on top elsewhere are running again."""
    cover = state.tables.cover[state.grab]
    protected = 0
    for snit in list(state.tops):
        if not (cover >> state.at[snit]) & 1:
            state.set_top(snit, False)
    owner = state.owner
    for hex_ in bits(cover & state.taken):
        snit = state.occ[hex_]
        if state.status[snit] == ON_TOP and state.grab == start_centre:
            continue  # it stayed on top, and the Snandergrab stayed where it was
        if owner[snit] == placed_by:
            if state.status[snit] != ON_TOP:
                state.set_top(snit, True)
                state.events.append(("on-top", snit, hex_))
        else:
            if state.status[snit] == ON_TOP:
                state.set_top(snit, False)
            protected |= 1 << hex_
    return protected


def _smash_hex(state: State, seat: int, hex_: int) -> None:
    """A Smash falls on one hex: every Snit on the map there dies."""
    if (state.tables.sea >> hex_) & 1:
        victims = [s for s in state.sea_snits if state.at[s] == hex_]
    else:
        victims = [state.occ[hex_]] if state.occ[hex_] >= 0 else []
    for snit in victims:
        state.lift(snit, DEAD)
        rival = state.owner[snit] != seat
        if rival:
            state.trophies[seat] += 1
        else:
            state.own_smashed[seat] += 1
        state.events.append(("killed", seat, snit, hex_, rival))


def why_illegal(state: State, decision: Decision, choice: Hashable) -> str:
    """Why a choice is not among a decision's options, in words."""
    if decision.kind == "order":
        moves = run_to_snandergrab(state.run)
        rules = state.rules
        return why_not_order(
            state.tables, choice, moves, rules.smash_hexes, rules.snandergrab_hexes
        )
    options = decision.options
    assert isinstance(options, MoveOptions)
    return why_not_move(state, decision.player, options, choice)
