"""The options of a turn: every legal placement, the pass, and the swaps (computed lazily).

Layings on empty cells come from the state's :class:`~editor.games.snakes_of_wrath.engine.
legal.Legal`, which keeps each seat's verdicts cell by cell as the table changes: counting
them costs nothing, and the option at an index is found only when asked for. Tiles of one
kind on a rack are interchangeable, so each placement is listed once, with the first such
tile, kind by kind in rack order, cell by cell along the table's edge; then the injuries
and healings laid on top of bodies. ``in`` takes any tile of the kind and any turn that lies
the same way. Swaps are the sets of rack positions of the swap's size, built only when
indexed.

A turn's options are counted without listing any: the layings on empty cells are the sum
of the fields of the rack's kinds in the seat's packed totals (``Legal.packed``, masked
with ``Rules.rack_bits``; the fields of an int summed by its remainder modulo
``2**FIELD - 1``, as a number's digits are modulo 9), the injuries the lengths of the
rivals' lists of bodies of each shape an injury may go on (``spares.Spares``), the
healings one for each body kind of the rack that fits an injured body of the seat's own.
The placements on top of bodies are listed only when one is read.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterator, Sequence
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any, overload

from editor.games.snakes_of_wrath.engine.choices import PASS, Place, Swap
from editor.games.snakes_of_wrath.engine.patterns import FIELD, FIELD_MASK
from editor.games.snakes_of_wrath.engine.placing import HEAL, judge_on_top
from editor.games.snakes_of_wrath.engine.rack import combos, kinds_in_order, on_top_kinds
from editor.games.snakes_of_wrath.engine.rules import INJURY, signature
from editor.games.snakes_of_wrath.engine.sides import REACH, key_of, xy_of

if TYPE_CHECKING:
    from editor.games.snakes_of_wrath.engine.state import State

#: A placement on top of a body as the engine keeps it: ``(tile, cell key, turn)``
#: (:func:`place_of` makes the :class:`Place` only for an option read).
OnTop = tuple[int, int, int]


def place_of(on: OnTop) -> Place:
    """The :class:`Place` of a placement on top, ``(tile, cell key, turn)``."""
    tile, key, turn = on
    x, y = xy_of(key)
    return Place(tile, x, y, turn)


def tops_on(st: State, seat: int, tops: Sequence[tuple[int, int]]) -> list[OnTop]:
    """The legal injuries and healings of some kinds of a seat's rack (``tops``:
    ``(kind, first tile)`` in rack order, ``rack.on_top_kinds``), as ``(tile, cell key,
    turn)``."""
    rules = st.rules
    tb = st.table
    kinds = rules.kinds
    out: list[OnTop] = []
    rivals: list[defaultdict[int, list[int]]] | None = None
    mine_hurt: list[tuple[int, int]] | None = None  # the seat's own injured bodies, found once
    for k, tile in tops:
        kind = kinds[k]
        if kind.role == INJURY:
            if rivals is None:
                rivals = _rivals(st, seat)
            for sig, turn in kind.turn_of.items():
                if len(rivals) == 1:
                    keys = rivals[0].get(sig)
                else:  # several rivals: their bodies in the order laid
                    order = tb.spares.order.__getitem__
                    keys = sorted(chain.from_iterable(r.get(sig, ()) for r in rivals), key=order)
                if keys:
                    out.extend(zip(repeat(tile), keys, repeat(turn)))
        else:
            if mine_hurt is None:  # only the snake's owner heals it
                owner, part_comp = tb.owner, tb.part_comp
                mine_hurt = [
                    (key, signature(tb.body[key], tb.head[key]))
                    for key in sorted(tb.hurt)
                    if owner[part_comp[key * 2]] == seat
                ]
            turn_of = kind.turn_of
            for key, sig in mine_hurt:
                heal = turn_of.get(sig)
                if heal is not None and judge_on_top(tb, rules, seat, key, k, sig) == HEAL:
                    out.append((tile, key, heal))
    return out


def can_place(st: State, seat: int) -> bool:
    """Whether a seat has any legal placement."""
    return TurnOptions(st, seat).placing > 0


def _heals(st: State, seat: int, present: int) -> int:
    """How many healings of a seat's own injured bodies a rack offers (``present``: its
    kinds, bits ``1 << kind``): one for each body kind of the injured body's shape."""
    tb = st.table
    owner, part_comp, healers = tb.owner, tb.part_comp, st.rules.healers
    count = 0
    for key in tb.hurt:
        if owner[part_comp[key * 2]] == seat:  # only the snake's owner heals it
            count += (healers.get(tb.body[key] | tb.head[key] << 4, 0) & present).bit_count()
    return count


def _rivals(st: State, seat: int) -> list[defaultdict[int, list[int]]]:
    """The bodies of the other seats' open snakes an injury may go on, by shape."""
    by_owner = st.table.spares.lists
    return [by_owner[o] for o in st.rivals[seat]]


class TurnOptions(Sequence[Hashable]):
    """A turn's options: the placements, then :data:`PASS`, then the swaps, lazily.

    They are the options of the state as it is when they are made: once a choice is
    applied, reading a placement from them is an error.
    """

    __slots__ = (
        "_canonical",
        "_combos",
        "_count",
        "_layings",
        "_on_top",
        "_placements",
        "_seat",
        "_set",
        "_st",
        "_tiles",
        "_totals",
        "_turns",
    )

    def __init__(self, st: State, seat: int) -> None:
        """The options of ``seat`` in ``st`` now."""
        rules = st.rules
        self._st = st
        self._seat = seat
        self._turns = st.turns
        tiles = self._tiles = tuple(st.racks[seat])
        self._totals = totals = st.legal.refresh(seat)
        bits = 0  # the rack's kinds (``Rules.rack_bits``), inlined: once a decision
        table = rules.rack_bits
        for tile in tiles:
            bits |= table[tile]
        shift = rules.kinds_shift
        present = bits >> shift
        # the sum of the fields of the rack's kinds (see the module's docstring)
        layings = self._layings = (totals & bits & (1 << shift) - 1) % FIELD_MASK
        self._on_top: list[OnTop] | None = None
        if st.table.hurt:  # healings of the seat's own snakes may be on offer
            layings += _heals(st, seat, present)
        injuries = present & rules.injury_mask
        if injuries:  # counted now, listed when one is read
            sigs = rules.signatures_of(injuries)
            by_owner = st.table.spares.lists
            for rival in st.rivals[seat]:
                bodies = by_owner[rival]
                for sig in sigs:
                    keys = bodies.get(sig)
                    if keys:
                        layings += len(keys)
        self._count = layings
        self._placements: tuple[Place, ...] | None = None
        self._set: frozenset[Place] | None = None
        self._canonical: dict[int, tuple[int, tuple[int, int, int, int]]] | None = None
        swap = rules.swap
        can_swap = len(tiles) >= swap and len(st.bag) >= swap
        self._combos = combos(len(tiles), swap) if can_swap else ()

    def _current(self) -> None:
        if self._st.turns != self._turns:
            raise RuntimeError("these options were made before the last choice was applied")

    def _tops(self) -> list[OnTop]:
        """The placements on top of bodies, listed (once)."""
        found = self._on_top
        if found is None:
            self._current()
            st = self._st
            tops = on_top_kinds(st.rules, self._tiles, heals=bool(st.table.hurt))
            found = self._on_top = tops_on(st, self._seat, tops) if tops else []
        return found

    @property
    def placing(self) -> int:
        """How many legal placements there are."""
        return self._count

    @property
    def placements(self) -> tuple[Place, ...]:
        """The legal placements, one tile of each kind, in option order."""
        if self._placements is None:
            self._current()
            legal, seat, totals = self._st.legal, self._seat, self._totals
            out = [
                Place(tile, x, y, turn)
                for k, tile in kinds_in_order(self._st.rules, self._tiles)
                if totals >> FIELD * k & FIELD_MASK
                for x, y, turn in legal.all_of(seat, k)
            ]
            self._placements = (*out, *map(place_of, self._tops()))
        return self._placements

    def __len__(self) -> int:
        """How many options there are."""
        return self._count + 1 + len(self._combos)

    @overload
    def __getitem__(self, index: int) -> Hashable: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Hashable]: ...

    def __getitem__(self, index: int | slice) -> Any:
        """The option at an index."""
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        count = self._count
        size = count + 1 + len(self._combos)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("option index out of range")
        layings = self._layings
        if index < layings:
            if self._placements is not None:
                return self._placements[index]
            self._current()
            # the kinds in rack order, each at its first tile (an injury's count is 0)
            totals, box = self._totals, self._st.rules.box
            seen = 0
            for tile in self._tiles:
                k = box[tile]
                if seen >> k & 1:
                    continue
                seen |= 1 << k
                here = totals >> FIELD * k & FIELD_MASK
                if index < here:
                    return Place(tile, *self._st.legal.nth(self._seat, k, index))
                index -= here
        if index < count:
            return place_of(self._tops()[index - layings])
        if index == count:
            return PASS
        tiles = self._tiles
        return Swap(tuple(sorted([tiles[i] for i in self._combos[index - count - 1]])))

    def __contains__(self, item: object) -> bool:
        """Whether ``item`` is a legal choice now (checked directly, not by search)."""
        if isinstance(item, str):
            return item == PASS
        if isinstance(item, Place):
            if not all(type(v) is int for v in item):
                return False
            canonicals = self._canonical
            if canonicals is None:
                rules = self._st.rules
                box, kinds = rules.box, rules.kinds
                firsts = dict(kinds_in_order(rules, self._tiles))
                canonicals = self._canonical = {
                    t: (firsts[box[t]], kinds[box[t]].canonical) for t in self._tiles
                }
            known = canonicals.get(item.tile)
            if known is None or not 0 <= item.turn <= 3:
                return False
            if not (-REACH <= item.x <= REACH and -REACH <= item.y <= REACH):
                return False
            first, canonical = known
            turn = canonical[item.turn]
            self._current()
            kind = self._st.rules.box[first]
            if self._st.legal.allows(self._seat, kind, key_of(item.x, item.y), turn):
                return True
            if self._set is None:
                self._set = frozenset(map(place_of, self._tops()))
            return Place(first, item.x, item.y, turn) in self._set
        if isinstance(item, Swap):
            tiles = item.tiles
            return (
                bool(self._combos)
                and type(tiles) is tuple
                and len(tiles) == self._st.rules.swap
                and all(type(t) is int and t in self._tiles for t in tiles)
                and len(set(tiles)) == len(tiles)
            )
        return False

    def __iter__(self) -> Iterator[Hashable]:
        """Every option, in index order."""
        yield from self.placements
        yield PASS
        for i in range(len(self._combos)):
            yield self[self._count + 1 + i]

    def __repr__(self) -> str:
        """Short description."""
        return f"<{self._count} placements, pass, {len(self._combos)} swaps>"
