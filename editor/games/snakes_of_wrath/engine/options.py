"""The options of a turn: every legal placement, the pass, and the swaps (computed lazily).

Layings on empty cells come from the state's :class:`~editor.games.snakes_of_wrath.engine.
legal.Legal`, which keeps each seat's verdicts cell by cell as the table changes: counting
them costs nothing, and the option at an index is found only when asked for. Tiles of one
kind on a rack are interchangeable, so each placement is listed once, with the first such
tile, kind by kind in rack order, cell by cell along the table's edge; then the injuries
and healings laid on top of bodies. ``in`` takes any tile of the kind and any turn that lies
the same way. Swaps are the sets of rack positions of the swap's size, built only when
indexed.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from editor.games.snakes_of_wrath.engine.choices import PASS, Place, Swap
from editor.games.snakes_of_wrath.engine.patterns import FIELD, FIELD_MASK
from editor.games.snakes_of_wrath.engine.placing import HEAL, judge_on_top
from editor.games.snakes_of_wrath.engine.rules import BODY, INJURY, signature
from editor.games.snakes_of_wrath.engine.sides import REACH, key_of, xy_of
from editor.games.snakes_of_wrath.engine.table import NOBODY

if TYPE_CHECKING:
    from editor.games.snakes_of_wrath.engine.state import State


def _firsts(st: State, seat: int) -> dict[int, int]:
    """The first tile of each kind on a rack, by kind."""
    box = st.rules.box
    firsts: dict[int, int] = {}
    for tile in st.racks[seat]:
        firsts.setdefault(box[tile], tile)
    return firsts


#: A placement on top of a body as the engine keeps it: ``(tile, cell key, turn)``
#: (:func:`place_of` makes the :class:`Place` only for an option read).
OnTop = tuple[int, int, int]


def place_of(on: OnTop) -> Place:
    """The :class:`Place` of a placement on top, ``(tile, cell key, turn)``."""
    tile, key, turn = on
    x, y = xy_of(key)
    return Place(tile, x, y, turn)


def on_top(
    st: State, seat: int, tops: list[tuple[int, int]], *, first_only: bool = False
) -> list[Place]:
    """The legal injuries and healings of some kinds of a seat's rack (``tops``:
    ``(kind, first tile)`` in rack order, from :class:`RackLayings`)."""
    return [place_of(on) for on in tops_on(st, seat, tops, first_only=first_only)]


def tops_on(
    st: State, seat: int, tops: list[tuple[int, int]], *, first_only: bool = False
) -> list[OnTop]:
    """:func:`on_top`, as ``(tile, cell key, turn)``."""
    rules = st.rules
    tb = st.table
    roles = st.legal.roles
    kinds = rules.kinds
    out: list[OnTop] = []
    add = out.append
    owner, part_comp, wounded, by_signature = tb.owner, tb.part_comp, tb.wounded, tb.by_signature
    opens = tb.opens
    mine_hurt: list[tuple[int, int]] | None = None  # the seat's own injured bodies, found once
    for k, tile in tops:
        if roles[k] == INJURY:
            # ``by_signature`` holds only bodies of that shape lying so that are not armored:
            # what is left of ``judge_on_top``'s rules is whose snake it is, whether it is
            # closed, and whether it was injured already (in a situation built so)
            for sig, turn in kinds[k].turn_of.items():
                for key in by_signature.get(sig, ()):
                    comp = part_comp[key * 2]
                    if owner[comp] in (seat, NOBODY) or not opens[comp] or key in wounded:
                        continue
                    add((tile, key, turn))
        else:
            if mine_hurt is None:  # only the snake's owner heals it
                mine_hurt = [
                    (key, signature(tb.body[key], tb.head[key]))
                    for key in sorted(tb.hurt)
                    if owner[part_comp[key * 2]] == seat
                ]
            turn_of = kinds[k].turn_of
            for key, sig in mine_hurt:
                heal = turn_of.get(sig)
                if heal is not None and judge_on_top(tb, rules, seat, key, k, sig) == HEAL:
                    add((tile, key, heal))
        if first_only and out:
            return out
    return out


class RackLayings(NamedTuple):
    """What a seat's rack may lay, after its verdicts are brought up to date: the first
    tile of each kind (by kind, in rack order); ``(kind, first tile, legal layings)`` of
    each kind with some on empty cells; their total; and ``(kind, first tile)`` of each
    kind that may go on top of a body (an injury, or a body while an injury lies)."""

    firsts: dict[int, int]
    laid: list[tuple[int, int, int]]
    layings: int
    tops: list[tuple[int, int]]


def rack_layings(st: State, seat: int) -> RackLayings:
    """The :class:`RackLayings` of a seat now."""
    legal = st.legal
    legal.refresh(seat)
    totals = legal.packed(seat)
    roles = legal.roles
    box = st.rules.box
    heals = bool(st.table.hurt)
    firsts: dict[int, int] = {}
    laid = []
    layings = 0
    tops = []
    for tile in st.racks[seat]:
        k = box[tile]
        if k in firsts:
            continue
        firsts[k] = tile
        role = roles[k]
        if role == INJURY:
            tops.append((k, tile))
            continue
        if heals and role == BODY:
            tops.append((k, tile))
        count = totals >> FIELD * k & FIELD_MASK
        if count:
            laid.append((k, tile, count))
            layings += count
    return RackLayings(firsts, laid, layings, tops)


def placements(st: State, seat: int, *, first_only: bool = False) -> list[Place]:
    """Every legal placement of a seat's rack (one tile of each kind), in option order;
    with ``first_only``, stop at the first one found."""
    rack = rack_layings(st, seat)
    out: list[Place] = []
    for k, tile, _ in rack.laid:
        if first_only:
            return [Place(tile, *st.legal.nth(seat, k, 0))]
        out.extend(Place(tile, x, y, turn) for x, y, turn in st.legal.all_of(seat, k))
    if rack.tops:
        out.extend(on_top(st, seat, rack.tops, first_only=first_only))
    return out


def can_place(st: State, seat: int) -> bool:
    """Whether a seat has any legal placement."""
    rack = rack_layings(st, seat)
    return bool(rack.laid) or bool(rack.tops and tops_on(st, seat, rack.tops, first_only=True))


@lru_cache(maxsize=64)
def _combos(size: int, count: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations(range(size), count))


class TurnOptions(Sequence[Hashable]):
    """A turn's options: the placements, then :data:`PASS`, then the swaps, lazily.

    They are the options of the state as it is when they are made: once a choice is
    applied, reading a placement from them is an error.
    """

    __slots__ = (
        "_canonical",
        "_combos",
        "_count",
        "_firsts",
        "_laid",
        "_layings",
        "_on_top",
        "_placements",
        "_rack",
        "_seat",
        "_set",
        "_st",
        "_swap",
        "_turns",
    )

    def __init__(self, st: State, seat: int) -> None:
        """The options of ``seat`` in ``st`` now."""
        rules = st.rules
        self._st = st
        self._seat = seat
        self._turns = st.turns
        rack_now = rack_layings(st, seat)
        self._firsts = rack_now.firsts
        self._laid = rack_now.laid
        self._layings = rack_now.layings
        self._on_top = tops_on(st, seat, rack_now.tops) if rack_now.tops else []
        self._count = self._layings + len(self._on_top)
        self._placements: tuple[Place, ...] | None = None
        self._set: frozenset[Place] | None = None
        self._canonical: dict[int, tuple[int, tuple[int, int, int, int]]] | None = None
        rack = tuple(st.racks[seat])
        self._rack = rack
        self._swap = rules.swap
        can_swap = len(rack) >= rules.swap and len(st.bag) >= rules.swap
        self._combos = _combos(len(rack), rules.swap) if can_swap else ()

    def _current(self) -> None:
        if self._st.turns != self._turns:
            raise RuntimeError("these options were made before the last choice was applied")

    @property
    def placing(self) -> int:
        """How many legal placements there are."""
        return self._count

    @property
    def placements(self) -> tuple[Place, ...]:
        """The legal placements, one tile of each kind, in option order."""
        if self._placements is None:
            self._current()
            legal, seat = self._st.legal, self._seat
            out = [
                Place(tile, x, y, turn)
                for k, tile, _ in self._laid
                for x, y, turn in legal.all_of(seat, k)
            ]
            self._placements = (*out, *map(place_of, self._on_top))
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
        size = self._count + 1 + len(self._combos)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("option index out of range")
        if index < self._layings:
            if self._placements is not None:
                return self._placements[index]
            self._current()
            for k, tile, count in self._laid:
                if index < count:
                    return Place(tile, *self._st.legal.nth(self._seat, k, index))
                index -= count
        count = self._count
        if index < count:
            return place_of(self._on_top[index - self._layings])
        if index == count:
            return PASS
        rack = self._rack
        return Swap(tuple(sorted(rack[i] for i in self._combos[index - count - 1])))

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
                canonicals = self._canonical = {
                    t: (self._firsts[box[t]], kinds[box[t]].canonical) for t in self._rack
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
                self._set = frozenset(map(place_of, self._on_top))
            return Place(first, item.x, item.y, turn) in self._set
        if isinstance(item, Swap):
            tiles = item.tiles
            return (
                bool(self._combos)
                and type(tiles) is tuple
                and len(tiles) == self._swap
                and all(type(t) is int and t in self._rack for t in tiles)
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
