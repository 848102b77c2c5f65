"""A Snit Smashing match in progress: flat lists of ints, the decision loop and the read-outs.

Snits are ints ``0..S-1`` (each seat's counters in a row); hexes are the tables' ints. What a
Snit is doing is its :data:`status` (one of the constants below) and, on the map, its hex.
The bound's flow lives in :mod:`.bound`, the ends of runs in :mod:`.runs`; both change the
state only through the few methods here that keep its counts and the taken hexes in step.

Events (``state.events``), in the order things happen; seats, Snits and hexes are ints:

- ``("primus-roll", seat, total)``; ``("run", run, "to-snandergrab" | "to-sea")``;
  ``("bound", run, bound, primus)``; ``("situation", run, bound, primus)`` (a scenario's start);
- ``("ordered", seat)`` (an order was written; what it says stays secret until the reveal);
- ``("move", seat, snit, from, to)`` (-1: under the Snandergrab; ``from == to``: it stayed);
- ``("reveal", seat, order)``; ``("killed", by, snit, hex, rival)``; ``("safe", snit, hex)``
  (reached the Snandergrab's hexes, or the sea); ``("on-top", snit, hex)`` (the NO NO);
- ``("run-over", run, bound)``; ``("mercy", snit)``; ``("offspring", seat, parent, child)``;
  ``("died", snit)`` (after reproducing by mercy); ``("dried", snit)``;
  ``("survivors", run, living by seat)`` (after the run's end); ``("game-over", reason)``.

Decisions: ``order`` (each player's secret Bolotomus order, asked from the Primus round the
table; options are :data:`Prepared`'s order options for the kind of run) and ``move`` (the
player on turn moves one of its Snits that has not moved this bound; options are a lazy
:class:`~.movement.MoveOptions` of ``("go", snit, hex)``, ``hex`` -1 for staying under the
Snandergrab).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from editor.core.engine import Decision, IllegalChoice, Outcome
from editor.games.snit_smashing.engine.movement import move_options
from editor.games.snit_smashing.engine.rules import Prepared, Rules
from editor.games.snit_smashing.engine.tables import BeachTables

# What a Snit is doing (``State.status``).
POOL = 0  # face down in its owner's pool
ACTIVE = 1  # on the map, running
ON_TOP = 2  # on the map, on top of the Snandergrab (the NO NO)
SAFE = 3  # off the map: reached the Snandergrab (a run there) or the sea (a run to the sea)
UNDER = 4  # under the Snandergrab at the start of a run to the sea
MERCY = 5  # placed under the Snandergrab by the Bolotomi's mercy; it reproduces, then dies
DEAD = 6  # smashed, dried up, or died after reproducing by mercy

#: The word of each status, as rules examples name it (mercy reads as under).
STATUS_WORDS = ("pool", "active", "on-top", "safe", "under", "under", "dead")
#: Statuses of a living Snit (drawn and not dead).
LIVING = frozenset({ACTIVE, ON_TOP, SAFE, UNDER, MERCY})

# The match's phases.
ORDERS = 0
MOVES = 1
HELD = 2  # a run to the Snandergrab is over; a scenario runs its end (reproduction) itself
OVER = 3

#: A move's end that means "stays under the Snandergrab".
STAY_UNDER = -1


def run_to_snandergrab(run: int) -> bool:
    """Whether a run goes from the sea to the Snandergrab (odd runs) or back (even runs)."""
    return run % 2 == 1


class State:
    """One match: set up by :func:`~.setup.new_match` or a scenario, played by decisions."""

    def __init__(self, prepared: Prepared, players: int, seed: int) -> None:
        self.prepared = prepared
        self.rules: Rules = prepared.rules
        self.tables: BeachTables = prepared.tables
        self.players = players
        #: The clan each seat plays (an index into ``prepared.clans``): seat i plays clan i in
        #: a match; a scenario may seat the clans in another order.
        self.seat_clans: tuple[int, ...] = tuple(range(players))
        self.rng = random.Random(seed)
        # Snits
        self.owner: list[int] = []
        self.speed: list[int] = []
        self.names: list[str] = []
        self.status: list[int] = []
        self.at: list[int] = []
        self.snits_of: list[list[int]] = [[] for _ in range(players)]
        self.pools: list[list[int]] = [[] for _ in range(players)]
        # scores
        self.trophies = [0] * players
        self.own_smashed = [0] * players
        # the map: the Snit on each sand hex (-1: none), the taken sand as a mask, Snits in
        # the sea (any number may share a sea hex), on top, and counts
        self.occ: list[int] = [-1] * self.tables.size
        #: The bit of a move's ends that stands for staying under the Snandergrab (one past
        #: the last hex).
        self.stay_bit = self.tables.size
        self.taken = 0
        self.sea_snits: list[int] = []
        self.tops: list[int] = []
        self.on_map = 0
        self.under = 0
        # where the match is
        self.run = 1
        self.bound = 1
        self.primus = 0
        self.grab = prepared.grab_start
        self.phase = ORDERS
        self.orders: list[tuple[Any, ...] | None] = [None] * players
        self.order_turn = 0
        self.revealed: tuple[tuple[Any, ...] | None, ...] = ()
        self.unmoved: list[list[int]] = [[] for _ in range(players)]
        #: Each running Snit's move ends before the taken hexes are struck out, computed once
        #: a bound (:func:`~.movement.move_base`); replaced, never changed, so clones share it.
        self.move_bases: dict[int, tuple[int, int, bool]] = {}
        self.mover = 0
        self.bounds_played = 0
        self.reason = ""
        self.events: list[tuple[Any, ...]] = []
        #: A scenario stops at the end of a run to the Snandergrab (see :mod:`.scenario`).
        self.hold = False
        #: Offspring speeds a scenario forces, per seat, in the order drawn.
        self.forced: dict[int, list[int]] = {}
        #: Seats whose pool a scenario gave by its size only: a forced speed is always there.
        self.loose_pools: frozenset[int] = frozenset()
        #: Where Snits under the Snandergrab reach from a centre other than its start.
        self.grab_reach: dict[int, tuple[int, ...]] = {}
        self._decision: Decision | None = None
        self._outcome: Outcome | None = None

    # --- the GameState protocol ---------------------------------------------------------

    def decision(self) -> Decision | None:
        """The decision waited for, or None when the match is over (or held)."""
        if self._decision is None and self.phase in (ORDERS, MOVES):
            self._decision = self._make_decision()
        return self._decision

    def apply(self, choice: Hashable) -> None:
        """Take a choice; :class:`IllegalChoice` with the reason, and nothing changed, when it
        is not one of the decision's options."""
        decision = self._decision or self.decision()
        if decision is None:
            raise IllegalChoice(
                "the match is over" if self.phase == OVER else "the run is over; its end is next"
            )
        try:
            legal = choice in decision.options
        except TypeError:  # unhashable: no option
            legal = False
        if not legal:
            raise IllegalChoice(bound.why_illegal(self, decision, choice))
        self._decision = None
        if self.phase == ORDERS:
            bound.take_order(self, decision.player, choice)  # type: ignore[arg-type]
        else:
            bound.take_move(self, decision.player, choice)  # type: ignore[arg-type]

    def outcome(self) -> Outcome | None:
        """How the match ended, once it has."""
        if self.phase != OVER:
            return None
        if self._outcome is None:
            from editor.games.snit_smashing.engine.runs import outcome_of

            self._outcome = outcome_of(self)
        return self._outcome

    def view(self, player: int) -> Any:
        """What one seat may see (:class:`~.view.SnitView`)."""
        from editor.games.snit_smashing.engine.view import view_of

        return view_of(self, player)

    # --- decisions ------------------------------------------------------------------------

    def order_seat(self) -> int:
        """The seat whose order is asked for now."""
        return (self.primus + self.order_turn) % self.players

    def _make_decision(self) -> Decision:
        if self.phase == ORDERS:
            prepared = self.prepared
            to_grab = run_to_snandergrab(self.run)
            options = prepared.orders_to_grab if to_grab else prepared.orders_to_sea
            return Decision(self.order_seat(), "order", options, "write a Bolotomus order")
        return Decision(self.mover, "move", move_options(self, self.mover), "move a Snit")

    # --- changing the map (the only places that do) ------------------------------------------

    def add_snit(self, seat: int, name: str, speed: int) -> int:
        """A new Snit of a seat, face down in its pool."""
        snit = len(self.owner)
        self.owner.append(seat)
        self.speed.append(speed)
        self.names.append(name)
        self.status.append(POOL)
        self.at.append(-1)
        self.snits_of[seat].append(snit)
        self.pools[seat].append(snit)
        return snit

    def add_snits(self, seat: int, counters: Sequence[tuple[str, int]]) -> None:
        """New Snits of a seat, face down in its pool, from its counters' (name, speed)."""
        first = len(self.owner)
        count = len(counters)
        drawn = range(first, first + count)
        self.owner += [seat] * count
        self.speed += [speed for _, speed in counters]
        self.names += [name for name, _ in counters]
        self.status += [POOL] * count
        self.at += [-1] * count
        self.snits_of[seat] += drawn
        self.pools[seat] += drawn

    def place(self, snit: int, hex_: int, status: int = ACTIVE) -> None:
        """Put a Snit that is off the map on a hex (sand: one a hex; sea: any number)."""
        self.at[snit] = hex_
        self.status[snit] = status
        self.on_map += 1
        if (self.tables.sea >> hex_) & 1:
            self.sea_snits.append(snit)
        else:
            self.occ[hex_] = snit
            self.taken |= 1 << hex_
        if status == ON_TOP:
            self.tops.append(snit)

    def shift(self, snit: int, hex_: int) -> None:
        """Move a running Snit from sand to free sand (the common move, in one step)."""
        start = self.at[snit]
        self.occ[start] = -1
        self.occ[hex_] = snit
        self.taken ^= (1 << start) | (1 << hex_)
        self.at[snit] = hex_

    def lift(self, snit: int, status: int) -> None:
        """Take a Snit off the map into an off-map status (safe, under, mercy, dead)."""
        hex_ = self.at[snit]
        if self.status[snit] == ON_TOP:
            self.tops.remove(snit)
        if (self.tables.sea >> hex_) & 1:
            self.sea_snits.remove(snit)
        else:
            self.occ[hex_] = -1
            self.taken &= ~(1 << hex_)
        self.at[snit] = -1
        self.on_map -= 1
        self.status[snit] = status
        if status == UNDER:
            self.under += 1

    def set_off_map(self, snit: int, status: int) -> None:
        """Change the status of a Snit that is off the map (keeps the under count)."""
        if self.status[snit] == UNDER:
            self.under -= 1
        self.status[snit] = status
        if status == UNDER:
            self.under += 1

    def set_top(self, snit: int, on_top: bool) -> None:
        """Put a Snit on the map on top of the Snandergrab, or back to running."""
        if on_top and self.status[snit] != ON_TOP:
            self.tops.append(snit)
            self.status[snit] = ON_TOP
        elif not on_top and self.status[snit] == ON_TOP:
            self.tops.remove(snit)
            self.status[snit] = ACTIVE

    # --- read-outs -----------------------------------------------------------------------

    def living(self, seat: int) -> int:
        """A seat's living Snits: on the map, safe, or under the Snandergrab."""
        status = self.status
        return sum(1 for s in self.snits_of[seat] if status[s] in LIVING)

    def movable(self, snit: int) -> bool:
        """Whether a Snit takes part in this bound's movement."""
        status = self.status[snit]
        return status in (ACTIVE, ON_TOP) or (status == UNDER and not run_to_snandergrab(self.run))

    def clan_id(self, seat: int) -> str:
        """The id of the clan a seat plays."""
        return self.prepared.clans[self.seat_clans[seat]].id

    def start_of(self, seat: int) -> int:
        """The start hex of the clan a seat plays; ``ValueError`` when it has none (a
        scenario's map may leave a clan without one)."""
        start = self.prepared.starts[self.seat_clans[seat]]
        if start < 0:
            raise ValueError(f"clan {self.clan_id(seat)!r} has no start hex in the sea")
        return start

    def label(self, hex_: int) -> str:
        """A hex's label."""
        return self.tables.labels[hex_]

    def clone(self) -> State:
        """An independent copy (the prepared content shared), for trying a step out."""
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        for key, value in self.__dict__.items():
            if isinstance(value, list):
                other.__dict__[key] = [list(v) if isinstance(v, list) else v for v in value]
        other.forced = {seat: list(speeds) for seat, speeds in self.forced.items()}
        other.grab_reach = dict(self.grab_reach)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other._decision = None
        return other

    def snapshot(self) -> Sequence[Any]:
        """Every value that says where the match is, for tests of "nothing changed"."""
        fixed = ("prepared", "rules", "tables", "rng", "_decision", "_outcome")
        values = [(k, repr(v)) for k, v in sorted(self.__dict__.items()) if k not in fixed]
        return (*values, ("rng", self.rng.getstate()))


# the bound's flow changes the state through the methods above; imported last, since it
# imports this module (and at the top of apply it would be looked up at every choice)
from editor.games.snit_smashing.engine import bound  # noqa: E402
