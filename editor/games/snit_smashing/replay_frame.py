"""The beach of a Snit Smashing match in progress as a replay frame (``replay_frame``).

It shows what every player could see at the table, never a Bolotomus order before its
reveal: the sea, the Snandergrab's hexes (drawn as a tile of their own on the sand), every
face-up Snit (on its hex, or off the map: safe, under the Snandergrab, dead), the smashes
of the last reveal as counters until the next Snits move, and status lines (the run, the
Primus, who has written an order, the orders revealed, trophies, living Snits, pools).
A Snit's badge is its speed; a ring marks a Snit on top of the Snandergrab (the NO NO).
"""

from __future__ import annotations

from typing import Any

from editor.core.registry import Frame, FramePiece
from editor.games.snit_smashing.engine.orders import SMASH
from editor.games.snit_smashing.engine.state import (
    ACTIVE,
    DEAD,
    LIVING,
    MERCY,
    MOVES,
    ON_TOP,
    ORDERS,
    OVER,
    POOL,
    SAFE,
    STATUS_WORDS,
    UNDER,
    State,
    run_to_snandergrab,
)
from editor.games.snit_smashing.replay_words import clan_name, order_words
from editor.games.snit_smashing.shapes import SEA

#: The Snandergrab's hexes drawn as a tile (colourless: the editor draws unknown tiles grey).
SNANDERGRAB = "snandergrab"
#: The counter put on each hex a revealed Smash fell on.
SMASH_MARK = "smash"


def replay_frame(state: Any) -> Frame:
    """The beach of a Snit Smashing state: terrain, the Snandergrab, Snits, smashes, status."""
    if not isinstance(state, State):
        raise TypeError(f"not a Snit Smashing match: {type(state).__name__}")
    tables = state.tables
    labels = tables.labels
    cover = tables.cover[state.grab]
    stacks: dict[str, tuple[str, ...]] = {}
    for hex_, label in enumerate(labels):
        if (tables.sea >> hex_) & 1:
            stacks[label] = (SEA,)
        elif (cover >> hex_) & 1:
            stacks[label] = (SNANDERGRAB,)
        else:
            stacks[label] = ()
    pieces = tuple(
        _piece(state, snit) for snit in range(len(state.status)) if state.status[snit] != POOL
    )
    return Frame(
        stacks=stacks,
        pieces=pieces,
        counters=_smashes(state),
        round=state.bounds_played + (0 if state.phase == OVER else 1),
        phase=_phase(state),
        status=_status(state),
    )


def _piece(state: State, snit: int) -> FramePiece:
    status = state.status[snit]
    at = state.at[snit]
    on_map = status in (ACTIVE, ON_TOP) and at >= 0
    return FramePiece(
        name=state.names[snit],
        seat=state.owner[snit],
        label=state.tables.labels[at] if on_map else None,
        alive=status in LIVING,
        attributes=(
            ("speed", state.speed[snit]),
            ("clan", clan_name(state, state.owner[snit])),
            ("state", STATUS_WORDS[status]),
        ),
        note=_note(state, snit),
        badge=str(state.speed[snit]),
        ring=status == ON_TOP,
    )


def _note(state: State, snit: int) -> str:
    """What a Snit is doing, in words."""
    status = state.status[snit]
    clan = clan_name(state, state.owner[snit])
    if status == ACTIVE:
        wet = (state.tables.sea >> state.at[snit]) & 1
        return f"{clan}, in the sea" if wet else f"{clan}, running"
    if status == ON_TOP:
        return f"{clan}, on top of the Snandergrab: its own Bolotomus moved it there"
    if status == SAFE:
        where = "under the Snandergrab" if run_to_snandergrab(state.run) else "in the sea"
        return f"{clan}, safe {where}"
    if status == UNDER:
        return f"{clan}, under the Snandergrab"
    if status == MERCY:
        return f"{clan}, placed under the Snandergrab by mercy: it reproduces, then dies"
    if status == DEAD:
        return f"{clan}, dead"
    return clan


def _smashes(state: State) -> dict[str, dict[str, int]]:
    """The hexes the last reveal's Smashes fell on, until the next Snits move (the orders
    revealed are public; those being written are not)."""
    if state.phase != ORDERS:
        return {}
    marks: dict[str, dict[str, int]] = {}
    for order in state.revealed:
        if order is not None and order[0] == SMASH:
            for hex_ in order[1:]:
                here = marks.setdefault(state.tables.labels[hex_], {})
                here[SMASH_MARK] = here.get(SMASH_MARK, 0) + 1
    return marks


def _phase(state: State) -> str:
    if state.phase == OVER:
        return "the game is over"
    where = "to the Snandergrab" if run_to_snandergrab(state.run) else "to the sea"
    step = {ORDERS: "orders", MOVES: "Snits move"}.get(state.phase, "the run's end")
    return f"run {state.run} of {state.rules.runs} {where}, bound {state.bound}: {step}"


def _status(state: State) -> tuple[str, ...]:
    seats = range(state.players)
    lines = [
        f"Primus: {clan_name(state, state.primus)}",
        f"Snandergrab on {state.tables.labels[state.grab]}",
    ]
    if state.phase == ORDERS:
        written = [clan_name(state, s) for s in seats if state.orders[s] is not None]
        lines.append(f"orders written: {', '.join(written) or 'none yet'} (secret)")
    elif state.phase == MOVES:
        lines.append("every order written, secret until the reveal")
    if state.revealed:
        said = "; ".join(
            f"{clan_name(state, s)}: {order_words(state, order)}"
            for s, order in enumerate(state.revealed)
            if order is not None
        )
        lines.append(f"revealed last bound: {said}")
    lines.append(
        "trophies: " + ", ".join(f"{clan_name(state, s)} {state.trophies[s]}" for s in seats)
    )
    lines.append("alive: " + ", ".join(f"{clan_name(state, s)} {state.living(s)}" for s in seats))
    under = [sum(state.status[x] in (UNDER, MERCY) for x in state.snits_of[s]) for s in seats]
    if any(under):
        counts = ", ".join(f"{clan_name(state, s)} {under[s]}" for s in seats)
        lines.append(f"under the Snandergrab: {counts}")
    lines.append(
        "pools: " + ", ".join(f"{clan_name(state, s)} {len(state.pools[s])}" for s in seats)
    )
    return tuple(lines)
