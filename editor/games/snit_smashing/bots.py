"""Snit Smashing bots: the random bot every game shares, and a heuristic one that plays like a
sensible newcomer.

The heuristic sees only its seat's view (:class:`~.engine.view.SnitView`): the face-up
Snits, its own order this bound, the orders revealed, the beach's tables.

- As a Bolotomus it smashes where rival Snits are likely to end the bound. Each rival Snit
  that runs spreads its chances over the hexes it can reach, more of them on the hexes
  nearer its goal (the Snandergrab, or the sea) and a large share on the hexes where it
  would be safe, which no smash can touch. It never smashes a hex one of its own Snits
  stands on, and its Snits keep off its smash when they move (those that must leave the
  sea first, while free sand is left), so it does not kill its own; when so many Snits
  crowd the sea that its last ones might find no free sand but its smash, it smashes out
  of their reach.
- In a run to the Snandergrab it moves the Snandergrab instead when more rival Snits than
  its own are about to reach it: to the centre where rival Snits are fewest and its own
  nearest, never onto its own (they would only sit on top). Moving it onto a cluster of
  rival Snits would protect them (Snits under its final place are safe, except the mover's
  own), so it takes the Snandergrab off the rivals' cluster rather than onto it.
- As a clan it runs each Snit to safety when it can reach it (under the Snandergrab, or into
  the sea), else as near its goal as it can, on the hex with the fewest of its own Snits
  around (one smash covers hexes that touch). In a run to the sea a Snit waits under the
  Snandergrab, where it is safe, until it must leave to reach the sea in time.

It never looks ahead, guesses other orders or counts what is in the pools.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping, Sequence
from itertools import compress
from math import fsum
from operator import itemgetter
from typing import Any

from editor.core.engine import BotFactory, Decision, RandomBot, random_bot
from editor.core.kept import KeptByIdentity
from editor.games.snit_smashing.engine.movement import MoveOptions
from editor.games.snit_smashing.engine.orders import MOVE, SMASH, Order
from editor.games.snit_smashing.engine.state import ACTIVE, ON_TOP, STAY_UNDER, UNDER
from editor.games.snit_smashing.engine.tables import TOP_SPEED, BeachTables, bits, spread_once
from editor.games.snit_smashing.engine.view import SnitFace, SnitView

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "heuristic_bot", "random_bot"]

#: How likely a rival Snit is to end on a hex it can reach, before the shares are made
#: fractions: every end ``ANY_END``, plus ``TOWARDS_GOAL / (1 + its distance to the goal)``;
#: an end where it would be safe counts ``SAFE_END``, and staying under the Snandergrab in a
#: run to the sea ``LURK`` while it has time to spare.
ANY_END = 1.0
TOWARDS_GOAL = 4.0
SAFE_END = 8.0
LURK = 12.0
#: The Snandergrab is moved when the rival Snits expected to reach it this bound outnumber
#: this seat's own by at least this many, and by more than the best smash would kill.
DENY_MARGIN = 1.0
#: Bounds a Snit waiting under the Snandergrab in a run to the sea keeps in hand: it leaves
#: when the bounds left are no more than it needs to reach the sea, plus these.
SPARE_BOUNDS = 1
#: The sea is crowded when its Snits, times this, outnumber the free sand they reach: then
#: the last of them to move may find no hex left but a smashed one.
CROWDING = 2
#: Farther than any hex of a beach is from a goal.
FAR = 99
#: Scores closer than this are the same (the choice among them is random).
SAME = 1e-9


class Beach:
    """What the heuristic measures of a beach once, for every bot on it: distances and rings
    to a goal (a mask of hexes), how strongly a Snit running to a goal is drawn to each hex,
    where Snits under the Snandergrab reach, each Smash as a mask, the steps from the
    Snandergrab to the sea; and the rival heat of the last situation an order was written in
    (every seat writes its order in the same one, so it is worked out once)."""

    def __init__(self, tables: BeachTables) -> None:
        self.tables = tables
        self._distances: dict[int, tuple[int, ...]] = {}
        self._rings: dict[int, tuple[int, ...]] = {}
        self._pull: dict[int, tuple[float, ...]] = {}
        self._grab_reach: dict[int, tuple[int, ...]] = {}
        self._to_sea: dict[int, int] = {}
        self.smash_masks: dict[tuple[int, ...], int] = {}
        #: The Smashes of each kind of run's order options (kept with the options).
        self._smashes: dict[int, tuple[object, list[tuple[Order, tuple[int, ...], int]]]] = {}
        #: The situation the heat was worked out for, and the heat of each seat's Snits.
        self.heat_key: tuple[object, ...] | None = None
        self.heat: tuple[tuple[list[float], float], ...] = ()

    def distances(self, goal: int) -> tuple[int, ...]:
        """Steps from each hex to the nearest hex of ``goal`` (:data:`FAR` when none)."""
        found = self._distances.get(goal)
        if found is None:
            tables = self.tables
            dist = [FAR] * tables.size
            rings = []
            frontier = seen = goal
            step = 0
            while frontier:
                rings.append(frontier)
                for hex_ in bits(frontier):
                    dist[hex_] = step
                frontier = spread_once(frontier, tables.nbr_mask) & ~seen
                seen |= frontier
                step += 1
            found = self._distances[goal] = tuple(dist)
            self._rings[goal] = tuple(rings)
            self._pull[goal] = tuple(ANY_END + TOWARDS_GOAL / (1 + d) for d in dist)
        return found

    def rings(self, goal: int) -> tuple[int, ...]:
        """The hexes at each distance from ``goal``, nearest first (as masks)."""
        self.distances(goal)
        return self._rings[goal]

    def pull(self, goal: int) -> tuple[float, ...]:
        """How strongly a Snit running to ``goal`` is drawn to end on each hex."""
        self.distances(goal)
        return self._pull[goal]

    def grab_reach(self, centre: int) -> tuple[int, ...]:
        """Where a Snit under the Snandergrab on ``centre`` reaches, by speed."""
        found = self._grab_reach.get(centre)
        if found is None:
            found = self._grab_reach[centre] = self.tables.from_grab(centre)
        return found

    def smashes(self, options: Sequence[Any]) -> list[tuple[Order, tuple[int, ...], int]]:
        """The Smashes among an order decision's options: each with its hexes and mask."""
        found = self._smashes.get(id(options))
        if found is None or found[0] is not options:
            listed: list[tuple[Order, tuple[int, ...], int]] = [
                (option, option[1:], self.smash_mask(option[1:]))
                for option in options
                if isinstance(option, tuple) and option[0] == SMASH
            ]
            found = self._smashes[id(options)] = (options, listed)
        return found[1]

    def smash_mask(self, hexes: tuple[int, ...]) -> int:
        """A Smash's hexes as a mask."""
        found = self.smash_masks.get(hexes)
        if found is None:
            found = self.smash_masks[hexes] = sum(1 << h for h in hexes)
        return found

    def steps_to_sea(self, centre: int) -> int:
        """The fewest steps from under the Snandergrab on ``centre`` into the sea (at least 1)."""
        found = self._to_sea.get(centre)
        if found is None:
            dist = self.distances(self.tables.sea)
            found = max(min((dist[h] for h in bits(self.tables.cover[centre])), default=FAR), 1)
            self._to_sea[centre] = found
        return found


#: The beaches measured, by their tables (a worker plays one beach at a time; a few are kept).
_BEACHES: KeptByIdentity[BeachTables, Beach] = KeptByIdentity(4)


def beach_of(tables: BeachTables) -> Beach:
    """The measures of a beach, made at its first use."""
    return _BEACHES.get(tables, Beach)


class HeuristicBot:
    """The heuristic player of one seat (see the module's docstring)."""

    uses_view = True

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, decision: Decision, view: SnitView) -> Hashable:
        """An order, or a Snit's move, from what this seat sees."""
        if decision.kind == "order":
            return self._order(decision, view)
        options = decision.options
        if not isinstance(options, MoveOptions):
            return options[self.rng.randrange(len(options))]
        return self._move(options, view)

    # --- as a Bolotomus ---------------------------------------------------------------

    def _order(self, decision: Decision, view: SnitView) -> Hashable:
        beach = beach_of(view.tables)
        board = _Board(view)
        heat, rival_safe = self._rival_heat(beach, board)
        own = board.own_hexes | self._crowded_out(beach, board)
        best_score = -1.0
        tied: list[Hashable] = []
        for option, hexes, mask in beach.smashes(decision.options):
            if mask & own:
                continue  # never where its own Snits stand: they can always stay put
            score = sum(map(heat.__getitem__, hexes))
            if score > best_score + SAME:
                best_score, tied = score, [option]
            elif score >= best_score - SAME:
                tied.append(option)
        best = tied[self.rng.randrange(len(tied))] if tied else None
        if board.to_grab:
            ahead = rival_safe - self._own_reaching_safety(beach, board)
            if ahead >= DENY_MARGIN and ahead > best_score:
                moved = self._deny(beach, decision, board, heat)
                if moved is not None:
                    return moved
        if best is None:  # every smash touches one of its Snits: write nothing readable
            return decision.options[-1]
        return best

    def _crowded_out(self, beach: Beach, board: _Board) -> int:
        """Where this seat's Snits that must leave the sea might be pushed to: every hex they
        reach, when the sea holds so many Snits that the free sand within their reach may
        run out before they move (else none: each finds a hex away from the smash)."""
        if not board.to_grab:
            return 0
        tables = beach.tables
        free = ~board.taken
        own_reach = reachable = wet = 0
        for _snit, owner, speed, status, at in board.view.snits:
            if status != ACTIVE or not (tables.sea >> at) & 1:
                continue
            ends = tables.ashore[at][min(speed, TOP_SPEED)] & free
            wet += 1
            reachable |= ends
            if owner == self.seat:
                own_reach |= ends
        crowded = wet * CROWDING > reachable.bit_count()
        return own_reach if crowded else 0

    def _rival_heat(self, beach: Beach, board: _Board) -> tuple[list[float], float]:
        """How many rival Snits are expected to end the bound on each hex where a smash can
        kill them, and how many are expected to reach safety."""
        view = board.view
        key = (view.run, view.bound, view.snandergrab, view.snits)
        if beach.heat_key != key:
            beach.heat = tuple(_heat_of(beach, board, seat) for seat in range(view.players))
            beach.heat_key = key
        rivals = [beach.heat[seat] for seat in range(view.players) if seat != self.seat]
        if not rivals:
            return [0.0] * view.tables.size, 0.0
        heat = list(map(fsum, zip(*(h for h, _ in rivals), strict=True)))
        return heat, sum(r for _, r in rivals)

    def _own_reaching_safety(self, beach: Beach, board: _Board) -> int:
        """How many of this seat's Snits can reach a free hex under the Snandergrab now."""
        count = 0
        for _snit, _owner, speed, status, at in own_faces(board.view, self.seat):
            if board.runs(status):
                ends, _ = reach(beach, board, speed, status, at)
                count += bool(ends & board.goal)
        return count

    def _deny(
        self, beach: Beach, decision: Decision, board: _Board, heat: Sequence[float]
    ) -> Hashable | None:
        """The Snandergrab's move that takes it farthest from the rival Snits and nearest to
        this seat's own, never onto its own; None when every centre covers one of them."""
        view = board.view
        tables = view.tables
        best: Hashable | None = None
        best_score = float("-inf")
        option: Any
        for option in decision.options:
            if option[0] != MOVE or option[1] == view.snandergrab:
                continue
            cover = tables.cover[option[1]]
            if cover & board.own_hexes:
                continue
            dist = beach.distances(cover)
            score = -3.0 * sum(heat[h] for h in bits(cover))
            for _snit, owner, speed, status, at in view.snits:
                if at < 0 or not board.runs(status):
                    continue
                near = 1.0 if dist[at] <= speed else 0.0
                score += near if owner == self.seat else -near
            score += self.rng.random() * 1e-6
            if score > best_score:
                best, best_score = option, score
        return best

    # --- as a clan ----------------------------------------------------------------------

    def _move(self, options: MoveOptions, view: SnitView) -> Hashable:
        beach = beach_of(view.tables)
        tables = view.tables
        to_grab = view.run % 2 == 1
        order = view.own_order
        avoid = 0
        if order is not None and order[0] == SMASH:
            avoid = beach.smash_mask(order[1:])
        if to_grab:
            goal = safe = tables.cover[view.snandergrab] & tables.sand
        else:
            goal = safe = tables.sea
        shunned = 0
        if to_grab and order is not None and order[0] == MOVE:
            # its own move places the Snandergrab: its Snits there would only sit on top
            goal = shunned = tables.cover[order[1]]
            safe = 0
        rings = beach.rings(goal)
        movers = set(options.snits)
        speeds: dict[int, int] = {}
        here_of: dict[int, int] = {}
        crowd_mask = 0
        seat = self.seat
        for snit, _owner, speed, status, at in own_faces(view, seat):
            if snit in movers:
                speeds[snit] = speed
                here_of[snit] = at if status != UNDER else -1
            if status in (ACTIVE, ON_TOP) and not (tables.sea >> at) & 1:
                crowd_mask |= 1 << at
        size = tables.size
        stay_bit = 1 << size
        nbr_mask = tables.nbr_mask
        best: tuple[float, float, int] | None = None
        tied: list[tuple[str, int, int]] = []
        for snit in options.snits:
            ends = options.ends(snit)
            allowed = ends & ~avoid or ends  # a Snit with no other way is moved anyway
            here = here_of.get(snit, -1)
            others = crowd_mask & ~(1 << here) if here >= 0 else crowd_mask
            if allowed & safe:
                tier, step, pool = 4.0, 0.0, allowed & safe
            elif allowed & stay_bit and not must_leave(beach, view, speeds.get(snit, 1)):
                tier, step, pool = 2.0, 0.0, stay_bit
            else:
                # a Snit that must leave the sea goes first, while free sand is left for it
                # away from this seat's smash (a Snit on sand can always stay put)
                tier = 3.0 if to_grab and here >= 0 and tables.wet[here] else 1.0
                if best is not None and tier < best[0]:
                    continue  # another Snit goes first
                step = float(FAR)
                pool = allowed & ~shunned & ~stay_bit or allowed & ~stay_bit or allowed
                for distance, ring in enumerate(rings):
                    if pool & ring:
                        step, pool = float(distance), pool & ring
                        break
            if best is not None and (tier, -step) < best[:2]:
                continue  # no end of this Snit can beat the best found
            for end in bits(pool):
                crowd = (nbr_mask[end] & others).bit_count() if end < size else 0
                key = (tier, -step, -crowd)
                move = ("go", snit, STAY_UNDER if end == size else end)
                if best is None or key > best:
                    best, tied = key, [move]
                elif key == best:
                    tied.append(move)
        if not tied:
            return options[self.rng.randrange(len(options))]
        return tied[self.rng.randrange(len(tied))]


def own_faces(view: SnitView, seat: int) -> Iterator[SnitFace]:
    """The face-up Snits of one seat (picked out without a loop in Python)."""
    snits = view.snits
    return compress(snits, map(seat.__eq__, map(itemgetter(1), snits)))


def must_leave(beach: Beach, view: SnitView, speed: int) -> bool:
    """Whether a Snit of this speed under the Snandergrab must leave now to reach the sea
    before the run ends (with :data:`SPARE_BOUNDS` in hand)."""
    needed = -(-beach.steps_to_sea(view.snandergrab) // max(speed, 1))
    return view.rules.bounds_per_run - view.bound + 1 <= needed + SPARE_BOUNDS


def reach(beach: Beach, board: _Board, speed: int, status: int, at: int) -> tuple[int, bool]:
    """The hexes a Snit may end its move on now (the engine's rule, with the hexes taken at
    the start of the moves), and whether it may stay under the Snandergrab."""
    tables = beach.tables
    speed = min(speed, TOP_SPEED)
    free = ~board.taken
    grab = board.view.snandergrab
    if status == UNDER:
        return beach.grab_reach(grab)[speed] & free & ~tables.cover[grab], True
    if board.to_grab:
        if (tables.sea >> at) & 1:
            return (tables.ashore[at][speed] & free) or 1 << at, False
        return (tables.inland[at][speed] & free) | 1 << at, False
    return (tables.seaward[at][speed] & free & ~tables.cover[grab]) | 1 << at, False


def _heat_of(beach: Beach, board: _Board, seat: int) -> tuple[list[float], float]:
    """Where one seat's running Snits are expected to end the bound, hex by hex, leaving
    out the safe ends (no smash touches a Snit there), and how many of them reach safety."""
    view = board.view
    safe = board.goal
    pull = beach.pull(safe)
    heat = [0.0] * beach.tables.size
    reaching = 0.0
    for _snit, _owner, speed, status, at in own_faces(view, seat):
        if not board.runs(status):
            continue
        ends, lurk = reach(beach, board, speed, status, at)
        safe_share = SAFE_END * (ends & safe).bit_count()
        open_ends = bits(ends & ~safe)
        total = sum(map(pull.__getitem__, open_ends)) + safe_share
        if lurk and not must_leave(beach, view, speed):
            total += LURK
        if total <= 0:
            continue
        share = 1.0 / total
        for hex_ in open_ends:
            heat[hex_] += pull[hex_] * share
        reaching += safe_share * share
    return heat, reaching


class _Board:
    """What an order reads from a view: where Snits stand, what is taken, what the goal is."""

    def __init__(self, view: SnitView) -> None:
        self.view = view
        tables = view.tables
        self.to_grab = view.run % 2 == 1
        own = taken = 0
        seat = view.seat
        sea = tables.sea
        for _snit, owner, _speed, status, hex_ in view.snits:
            if status != ACTIVE and status != ON_TOP:
                continue
            bit = 1 << hex_
            if owner == seat:
                own |= bit
            if not (sea >> hex_) & 1:
                taken |= bit
        #: Hexes with this seat's Snits (the sea included), and all sand with a Snit on it.
        self.own_hexes = own
        self.taken = taken
        #: Where a Snit is safe at the end of this bound (if the Snandergrab stays put).
        self.goal = tables.cover[view.snandergrab] & tables.sand if self.to_grab else sea

    def runs(self, status: int) -> bool:
        """Whether a Snit in this status moves this bound."""
        return status in (ACTIVE, ON_TOP) or (status == UNDER and not self.to_grab)


def heuristic_bot(seat: int, rng: random.Random) -> HeuristicBot:
    """A :class:`HeuristicBot` for a seat (a ``BotFactory``)."""
    return HeuristicBot(seat, rng)


#: The Snit Smashing bots by name; the engine's ``bots()`` returns this.
BOTS: Mapping[str, BotFactory] = {"random": random_bot, "heuristic": heuristic_bot}
