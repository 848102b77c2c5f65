"""Every legal laying of a tile on an empty cell, per seat, kept up to date turn by turn.

Judging every edge cell for every decision cost most of a simulated game, though a turn
changes the verdicts of few cells: those around the tile laid, and those a component's open
ends lead to when its standing changed (``Table.codes``). The table tells a seat's
*pending* set of such cells (``Table.watchers``); before a seat's options are read, only
those cells are judged again. Each cell keeps its pattern (``Rules.patterns``) and the mask
of legal answers there, and each seat the total of legal orients of each kind over the edge
(packed into one int, a field a kind, so a cell judged again costs one addition), so a
turn's options are counted without visiting a cell, and an option is found by walking
the edge in its own order (``Table.edge``: fixed by the tiles laid, so options keep their
indices whenever, and however often, the verdicts were brought up to date).

A cell is judged by its context first: its pattern, and what the rules weigh of the
components its neighbours bring (``Table.codes``; :func:`context` when several paths come
in). Contexts recur (beside one's own healthy snake, beside a rival's), and the same
context always gets the same verdicts, so each seat keeps them by context
(``Rules.verdicts``) and most cells are judged without asking the rules at all. A cell's
verdicts are an :data:`~editor.games.snakes_of_wrath.engine.patterns.Entry` made once, so
an unchanged cell is one identity test.

The verdicts are :func:`~editor.games.snakes_of_wrath.engine.placing.judge`'s own; the tests
compare them with a scan of every cell after every step of random games.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING

from editor.games.snakes_of_wrath.engine.patterns import DENSE, FIELD, FIELD_MASK, Entry
from editor.games.snakes_of_wrath.engine.placing import judge
from editor.games.snakes_of_wrath.engine.sides import COUNT, INDICES, OPPOSITE_BIT, STEP, xy_of
from editor.games.snakes_of_wrath.engine.table import Table

if TYPE_CHECKING:
    from editor.games.snakes_of_wrath.engine.state import State

#: Whether a mask of sides where paths come in holds exactly one side, by mask.
_ONE = tuple(COUNT[m] == 1 for m in range(16))
#: The bits of a context key below a component's standing code: the pattern index.
_INDEX_BITS = 8


def context(tb: Table, key: int, paths_in: int, index: int) -> tuple[int, ...]:
    """The context of a cell several paths come into: its pattern index, and for each side a
    neighbour's path comes in by, the standing code of the component it brings
    (``Table.codes``), or which side before it brought the same component. Equal contexts
    get equal verdicts, so they are judged once."""
    part_comp, tile_body, codes = tb.part_comp, tb.body, tb.codes
    out = [index]
    comps: list[int] = []
    for i in INDICES[paths_in]:
        n = key + STEP[i]
        c = part_comp[n * 2 + (0 if tile_body[n] & OPPOSITE_BIT[i] else 1)]
        if c in comps:
            out.append(-1 - comps.index(c))  # the same component as an earlier side
            continue
        comps.append(c)
        out.append(codes[c])
    return tuple(out)


class Legal:
    """The legal layings of each seat at each edge cell; brought up to date on demand."""

    __slots__ = ("_built", "_cells", "_kinds", "_pending", "_settled", "_st", "_totals")

    def __init__(self, st: State) -> None:
        """Verdicts for the seats of ``st``, first computed when a seat's are asked for."""
        self._st = st
        players = st.n
        kinds = len(st.rules.kinds)
        self._cells: list[dict[int, Entry]] = [{} for _ in range(players)]
        #: Per seat, the legal layings of each kind over the edge, packed (``Pattern.entry``).
        self._totals = [0] * players
        self._kinds = kinds
        self._pending: list[set[int]] = [set() for _ in range(players)]
        self._built = [False] * players
        self._settled = False
        st.table.watchers = self._pending

    def refresh(self, seat: int) -> int:
        """Judge again the cells whose verdicts may have changed for a seat (all of them the
        first time: a situation built for a rules example sets owners directly); the
        seat's totals, packed (:meth:`packed`)."""
        pending = self._pending[seat]
        if self._built[seat]:
            if not pending:
                return self._totals[seat]
            # a fresh set takes the changes from now on (``Table.watchers`` is this list)
            keys: Iterable[int] = pending
            self._pending[seat] = set()
        else:
            self._settle()
            self._built[seat] = True
            self._cells[seat].clear()
            self._totals[seat] = 0
            pending.clear()
            keys = list(self._st.table.edge)
        tb = self._st.table
        spot, feed, part_comp, codes = tb.spot, tb.feed, tb.part_comp, tb.codes
        rules = self._st.rules
        patterns, verdicts = rules.patterns, rules.verdicts[seat]
        cells = self._cells[seat]
        totals = self._totals[seat]
        for key in keys:
            index = spot.get(key)
            if index is None:  # laid on: no longer an empty cell
                gone = cells.pop(key, None)
                if gone is not None:
                    totals -= gone[2]
                continue
            paths_in = index & 15
            if not paths_in:  # no path comes in: whatever fits goes rogue
                entry = patterns[index].rogue
            else:
                seen: Hashable
                if _ONE[paths_in]:  # the most common by far: one neighbour's path comes in
                    seen = codes[part_comp[feed[key]]] << _INDEX_BITS | index
                else:
                    seen = context(tb, key, paths_in, index)
                entry = verdicts.get(seen) or self._judge(seat, key, index, seen)
            old = cells.get(key)
            if old is not entry:
                if old is not None:
                    totals -= old[2]
                totals += entry[2]
                cells[key] = entry
        self._totals[seat] = totals
        return totals

    def context_of(self, key: int) -> Hashable:
        """The context of an empty cell beside the table, as :meth:`refresh` keys verdicts
        (``Rules.plans`` keeps what a laying there does by it too)."""
        self._settle()
        tb = self._st.table
        index = tb.spot[key]
        paths_in = index & 15
        if not paths_in:
            return index
        if _ONE[paths_in]:
            return tb.codes[tb.part_comp[tb.feed[key]]] << _INDEX_BITS | index
        return context(tb, key, paths_in, index)

    def _settle(self) -> None:
        """Before the first verdict: what the table keeps of its snakes, worked out afresh
        (a situation built for a rules example sets owners and injuries directly)."""
        if not self._settled:
            self._settled = True
            self._st.table.settle(self._st.n)

    def _judge(self, seat: int, key: int, index: int, seen: Hashable) -> Entry:
        """Ask the rules about every question of a cell's pattern, in a context not met yet."""
        st = self._st
        rules, tb = st.rules, st.table
        pattern = rules.patterns[index]
        neighbours = index >> 4
        found = 0
        bit = 1
        for _, body, head in pattern.asks:
            if not isinstance(judge(tb, seat, rules.min_bodies, key, body, head, neighbours), str):
                found |= bit
            bit <<= 1
        entry = rules.verdicts[seat][seen] = pattern.entry(found)
        return entry

    def count(self, seat: int, kind: int) -> int:
        """How many legal layings of one kind a seat has (after :meth:`refresh`)."""
        return self._totals[seat] >> FIELD * kind & FIELD_MASK

    def totals(self, seat: int) -> list[int]:
        """How many legal layings of each kind a seat has, by kind (after :meth:`refresh`)."""
        packed = self._totals[seat]
        return [packed >> FIELD * k & FIELD_MASK for k in range(self._kinds)]

    def packed(self, seat: int) -> int:
        """:meth:`totals` packed into one int, :data:`~editor.games.snakes_of_wrath.engine.
        patterns.FIELD` bits a kind (after :meth:`refresh`)."""
        return self._totals[seat]

    def nth(self, seat: int, kind: int, n: int) -> tuple[int, int, int]:
        """The ``n``-th legal laying of a kind, in edge order: ``(x, y, turn)``."""
        cells = self._cells[seat]
        at = DENSE + kind
        for key in self._st.table.edge:
            entry = cells[key]
            here = entry[at]
            if n < here:
                x, y = xy_of(key)
                return x, y, entry[at + self._kinds][n]
            n -= here
        raise IndexError(f"no laying {n} of kind {kind}")

    def all_of(self, seat: int, kind: int) -> list[tuple[int, int, int]]:
        """Every legal laying of a kind, in edge order: ``(x, y, turn)``."""
        cells = self._cells[seat]
        at = DENSE + kind
        turns_at = at + self._kinds
        out: list[tuple[int, int, int]] = []
        for key in self._st.table.edge:
            entry = cells[key]
            if entry[at]:
                x, y = xy_of(key)
                out.extend((x, y, turn) for turn in entry[turns_at])
        return out

    def allows(self, seat: int, kind: int, key: int, turn: int) -> bool:
        """Whether a kind laid at a cell, turned ``turn`` (canonical), is legal."""
        entry = self._cells[seat].get(key)
        return entry is not None and turn in entry[DENSE + self._kinds + kind]
