"""Where a Snit may run: the legal ends of its move, the lazy options, and paths checked.

A move is ``("go", snit, hex)``: the hex it ends on (its own to stay; -1 to stay under the
Snandergrab in a run to the sea). Snits run through other Snits but never end on one, so the
legal ends are the tables' reach for the Snit's speed less the taken sand:

- run to the Snandergrab, on sand: sand over sand (never back into the sea), or stay;
- run to the Snandergrab, in the sea: sand reached through the sea then over sand; it must
  leave, and stays only when no such hex is free;
- run to the sea, on sand: sand over sand or a sea hex next to it (it is safe there), but
  not the Snandergrab's hexes; or stay;
- run to the sea, under the Snandergrab: the same counted from any of its hexes, or stay.

:func:`check_path` checks a path of hexes the way a player would trace it, with the reason
of a refusal, and gives the end the path makes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, overload

from editor.core.engine import IllegalChoice
from editor.games.snit_smashing.engine.tables import BYTE_BITS, TOP_SPEED

if TYPE_CHECKING:
    from editor.games.snit_smashing.engine.state import State

GO = "go"
Move = tuple[str, int, int]

# the statuses, as in state.py (not imported: state imports this module lazily)
_ACTIVE, _ON_TOP, _UNDER = 1, 2, 4


def move_base(state: State, snit: int) -> tuple[int, int, bool]:
    """A Snit's move ends before the taken hexes are struck out, as ``(reach, always,
    fallback)``: its ends are ``reach`` less the taken hexes, with ``always`` added (its own
    hex, or staying under the Snandergrab), or with ``fallback``, ``always`` only when no
    hex of ``reach`` is free (a Snit in the sea that cannot get ashore stays). Until the
    Snit moves, only the taken hexes change, so a bound computes this once per Snit."""
    tables = state.tables
    speed = min(state.speed[snit], TOP_SPEED)
    if state.status[snit] == _UNDER:
        reach = _grab_reach(state)[speed] & ~tables.cover[state.grab]
        return reach, 1 << tables.size, False
    here = state.at[snit]
    if state.run % 2 == 1:
        if (tables.sea >> here) & 1:
            return tables.ashore[here][speed], 1 << here, True
        return tables.inland[here][speed], 1 << here, False
    return tables.seaward[here][speed] & ~tables.cover[state.grab], 1 << here, False


def move_bases(state: State, snits: Iterable[int]) -> dict[int, tuple[int, int, bool]]:
    """:func:`move_base` of each of these Snits, by Snit (the same, with the tables looked up
    once: a bound computes it for every running Snit)."""
    tables = state.tables
    speeds = state.speed
    status = state.status
    at = state.at
    sea = tables.sea
    to_grab = state.run % 2 == 1
    inland, ashore, seaward = tables.inland, tables.ashore, tables.seaward
    not_cover = ~tables.cover[state.grab]
    stay_under = 1 << tables.size
    bases: dict[int, tuple[int, int, bool]] = {}
    for snit in snits:
        speed = speeds[snit] if speeds[snit] < TOP_SPEED else TOP_SPEED
        if status[snit] == _UNDER:
            bases[snit] = (_grab_reach(state)[speed] & not_cover, stay_under, False)
            continue
        here = at[snit]
        if not to_grab:
            bases[snit] = (seaward[here][speed] & not_cover, 1 << here, False)
        elif (sea >> here) & 1:
            bases[snit] = (ashore[here][speed], 1 << here, True)
        else:
            bases[snit] = (inland[here][speed], 1 << here, False)
    return bases


def ends_mask(state: State, snit: int) -> int:
    """The legal ends of a Snit's move now, as a mask; bit ``size`` stands for staying under."""
    return _ends(move_base(state, snit), ~state.taken)


def _ends(base: tuple[int, int, bool], free: int) -> int:
    reach, always, fallback = base
    ends = reach & free
    if fallback:
        return ends or always
    return ends | always


def _grab_reach(state: State) -> tuple[int, ...]:
    """Where Snits under the Snandergrab reach, by speed (the start's table is prepared)."""
    if state.grab == state.prepared.grab_start:
        return state.prepared.grab_reach
    found = state.grab_reach.get(state.grab)
    if found is None:
        found = state.grab_reach[state.grab] = state.tables.from_grab(state.grab)
    return found


class MoveOptions(Sequence[Move]):
    """The moves of the player on turn: each of its unmoved Snits to each legal end.

    The ends are masks computed once, when the decision is made; an option is found at an
    index by counting bits, and ``in`` tests one bit.
    """

    __slots__ = ("_last", "_masks", "_size", "_snits", "_total")

    def __init__(self, snits: Sequence[int], masks: list[int], size: int) -> None:
        self._snits = tuple(snits)
        self._masks = masks  # the caller's own fresh list, never changed
        self._total = sum(map(int.bit_count, self._masks))
        self._size = size
        #: The option last handed out by index: a bot's pick, which ``in`` knows at once.
        self._last: Move | None = None

    @property
    def snits(self) -> tuple[int, ...]:
        """The Snits that may move now."""
        return self._snits

    def ends(self, snit: int) -> int:
        """A movable Snit's legal ends as a mask (0 for any other)."""
        try:
            return self._masks[self._snits.index(snit)]
        except ValueError:
            return 0

    def __len__(self) -> int:
        return self._total

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._total))]
        if index < 0:
            index += self._total
        if not 0 <= index < self._total:
            raise IndexError(f"option {index} of {self._total}")
        for snit, mask in zip(self._snits, self._masks, strict=True):
            count = mask.bit_count()
            if index < count:
                shift = 0  # nth_bit, inlined: a random bot picks a move this way every time
                while True:
                    chunk = (mask & 0xFFFF).bit_count()
                    if index < chunk:
                        break
                    index -= chunk
                    mask >>= 16
                    shift += 16
                low = BYTE_BITS[mask & 0xFF]
                if index < len(low):
                    end = shift + low[index]
                else:
                    end = shift + 8 + BYTE_BITS[(mask >> 8) & 0xFF][index - len(low)]
                move = self._last = (GO, snit, -1 if end == self._size else end)
                return move
            index -= count
        raise IndexError(index)  # not reached: the counts add up to the total

    def __contains__(self, choice: object) -> bool:
        if choice is self._last and choice is not None:
            return True
        if type(choice) is not tuple or len(choice) != 3 or choice[0] != GO:
            return False
        snit, end = choice[1], choice[2]
        if type(snit) is not int or type(end) is not int:
            return False
        try:
            mask = self._masks[self._snits.index(snit)]
        except ValueError:
            return False
        bit = self._size if end == -1 else end
        return 0 <= bit <= self._size and bool((mask >> bit) & 1)

    def __iter__(self) -> Iterator[Move]:
        size = self._size
        for snit, mask in zip(self._snits, self._masks, strict=True):
            while mask:
                low = mask & -mask
                end = low.bit_length() - 1
                yield (GO, snit, -1 if end == size else end)
                mask ^= low


def move_options(state: State, seat: int) -> MoveOptions:
    """The options of the ``move`` decision of the seat on turn, from the bases the bound
    computed for its Snits (``state.move_bases``, :func:`move_base`)."""
    snits = state.unmoved[seat]
    free = ~state.taken
    bases = state.move_bases
    masks = []
    for snit in snits:
        reach, always, fallback = bases[snit]  # every running Snit's, since the moves began
        ends = reach & free
        masks.append((ends or always) if fallback else ends | always)
    return MoveOptions(snits, masks, state.stay_bit)


class Refused(IllegalChoice):
    """A step a rules example takes is refused by the rules; the message says why."""


def check_path(state: State, snit: int, path: Sequence[str]) -> int:
    """The end a Snit's path of hex labels makes (-1: stays under the Snandergrab), checked
    step by step against the rules; :class:`Refused` with the reason otherwise."""
    tables = state.tables
    name = state.names[snit]
    speed = state.speed[snit]
    if len(path) > speed:
        raise Refused(f"{name} runs at most {speed} hexes a bound; the path has {len(path)}")
    to_grab = state.run % 2 == 1
    under = state.status[snit] == _UNDER
    cover = tables.cover[state.grab]
    here = -1 if under else state.at[snit]
    ashore = not under and not (tables.sea >> here) & 1
    for step, label in enumerate(path):
        hex_ = tables.index.get(label)
        if hex_ is None:
            raise Refused(f"{name} cannot enter {label}: it is not on the map")
        if here == -1:
            if not (cover | _around(cover, state)) >> hex_ & 1:
                raise Refused(f"{name} cannot reach {label} from under the Snandergrab in one step")
        elif hex_ not in tables.nbrs[here]:
            raise Refused(
                f"{name} cannot step from {tables.labels[here]} to {label}: they are not next"
                " to each other"
            )
        wet = bool((tables.sea >> hex_) & 1)
        if to_grab and wet and ashore:
            raise Refused(
                f"{name} may not go back into the sea ({label}) during a run to the Snandergrab"
            )
        if not to_grab and wet and step < len(path) - 1:
            raise Refused(f"{name} is safe once it enters the sea at {label}; it goes no further")
        ashore = ashore or not wet
        here = hex_
    if not path:
        return _stay(state, snit)
    end_label = tables.labels[here]
    if to_grab and (tables.sea >> here) & 1:
        raise Refused(f"{name} must leave the sea; its path ends in the sea at {end_label}")
    if not to_grab and (cover >> here) & 1 and not (tables.sea >> here) & 1:
        raise Refused(
            f"{name} cannot end its move under the Snandergrab ({end_label}) in a run to the"
            " sea; only a Snit that has not left it stays there"
        )
    other = state.occ[here]
    if other >= 0 and other != snit:
        raise Refused(
            f"{name} cannot end its move on {end_label}: {state.names[other]} is there"
            " (one Snit a hex at the end of a bound)"
        )
    return here


def _around(mask: int, state: State) -> int:
    from editor.games.snit_smashing.engine.tables import spread_once

    return spread_once(mask, state.tables.nbr_mask)


def _stay(state: State, snit: int) -> int:
    """The end of a Snit that stays where it is, refused for one that must leave the sea."""
    if state.status[snit] == _UNDER:
        return -1
    here = state.at[snit]
    tables = state.tables
    if state.run % 2 == 1 and (tables.sea >> here) & 1:
        free = tables.ashore[here][min(state.speed[snit], TOP_SPEED)] & ~state.taken
        if free:
            raise Refused(
                f"{state.names[snit]} must leave the sea on this bound: it can reach free sand"
            )
    return here


def why_not_move(state: State, seat: int, options: MoveOptions, choice: object) -> str:
    """Why a move is not among the options, in words."""
    if type(choice) is not tuple or len(choice) != 3 or choice[0] != GO:
        return f"{choice!r} is not a move: ('go', snit, hex)"
    snit, end = choice[1], choice[2]
    if type(snit) is not int or not 0 <= snit < len(state.owner):
        return f"{choice!r} names no Snit"
    name = state.names[snit]
    if state.owner[snit] != seat:
        return f"{name} is not a Snit of the player on turn"
    if snit not in options.snits:
        if state.movable(snit):
            return f"{name} has already moved this bound"
        return f"{name} does not move: it is not running on the map"
    if type(end) is not int or not -1 <= end < state.tables.size:
        return f"{choice!r} names a hex that is not on the map"
    if end == -1:
        return f"{name} is not under the Snandergrab; it cannot stay there"
    label = state.tables.labels[end]
    other = state.occ[end]
    if other >= 0 and other != snit:
        return f"{name} cannot end its move on {label}: {state.names[other]} is there"
    speed = state.speed[snit]
    return f"{name} cannot end a move on {label} from where it is, at its speed of {speed}"
