"""What one seat may see of a match: everything face up, its own secret order, no other's.

Other players' orders are hidden until the reveal (only whether each has written one is
shown); the orders of the last bound, once revealed, are public. Every pool is face down:
a seat sees how many Snits each pool holds and, of its own, which speeds are left (never an
order: the engine draws at random when it draws).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Any

from editor.games.snit_smashing.engine.rules import Rules
from editor.games.snit_smashing.engine.state import POOL, State
from editor.games.snit_smashing.engine.tables import BeachTables

#: One face-up Snit: (snit, owner seat, speed, status, hex or -1).
SnitFace = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class SnitView:
    """A seat's view of the match."""

    seat: int
    players: int
    run: int
    bound: int
    primus: int
    #: The Snandergrab's centre (a hex index).
    snandergrab: int
    phase: int
    #: This seat's own order this bound (None until written).
    own_order: tuple[Any, ...] | None
    #: Whether each seat has written its order this bound.
    ordered: tuple[bool, ...]
    #: Every seat's order of the previous bound, as revealed (empty before the first reveal).
    revealed: tuple[tuple[Any, ...] | None, ...]
    #: Every Snit drawn from a pool, face up.
    snits: tuple[SnitFace, ...]
    #: The Snits of this seat still to move this bound.
    to_move: tuple[int, ...]
    #: How many Snits each seat's pool holds, face down.
    pools: tuple[int, ...]
    #: The speeds left in this seat's own pool, sorted.
    own_pool: tuple[int, ...]
    trophies: tuple[int, ...]
    own_smashed: tuple[int, ...]
    #: The beach and the ruleset's numbers, which every player knows (shared, not copied).
    tables: BeachTables
    rules: Rules


def view_of(state: State, seat: int) -> SnitView:
    """The view of ``seat``."""
    status = state.status
    return SnitView(
        seat=seat,
        players=state.players,
        run=state.run,
        bound=state.bound,
        primus=state.primus,
        snandergrab=state.grab,
        phase=state.phase,
        own_order=state.orders[seat],
        ordered=tuple(order is not None for order in state.orders),
        revealed=state.revealed,
        # every drawn Snit (not in a pool), picked without a loop in Python
        snits=tuple(
            compress(
                zip(range(len(status)), state.owner, state.speed, status, state.at, strict=True),
                map(POOL.__ne__, status),
            )
        ),
        to_move=tuple(state.unmoved[seat]) if state.phase == 1 else (),
        pools=tuple(len(pool) for pool in state.pools),
        own_pool=tuple(sorted(state.speed[s] for s in state.pools[seat])),
        trophies=tuple(state.trophies),
        own_smashed=tuple(state.own_smashed),
        tables=state.tables,
        rules=state.rules,
    )
