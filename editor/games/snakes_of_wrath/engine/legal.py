"""Every legal laying of a tile on an empty cell, per seat, kept up to date turn by turn.

Judging every edge cell for every decision cost most of a simulated game, though a turn
changes the verdicts of few cells: those around the tile laid, and those a component's open
ends lead to when its standing changed (``Table.standing``). The table tells a seat's
*pending* set of such cells (``Table.watchers``); before a seat's options are read, only
those cells are judged again. Each cell keeps its pattern (``Rules.patterns``) and the mask
of legal answers there, and each seat the total of legal orients of each kind over the edge
(packed into one int, a field a kind, so a cell judged again costs one addition), so a
turn's options are counted without visiting a cell, and an option is found by walking
the edge in its own order (``Table.edge``: fixed by the tiles laid, so options keep their
indices whenever, and however often, the verdicts were brought up to date).

A cell is judged by its :func:`context` first: what the rules weigh of the components its
neighbours bring, seen from the seat. Contexts recur (beside one's own healthy snake, beside
a rival's), and the same context always gets the same verdicts, so each pattern keeps them
by context and most cells are judged without asking the rules at all.

The verdicts are :func:`~editor.games.snakes_of_wrath.engine.placing.judge`'s own; the tests
compare them with a scan of every cell after every step of random games.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from editor.games.snakes_of_wrath.engine.patterns import FIELD, FIELD_MASK
from editor.games.snakes_of_wrath.engine.placing import judge
from editor.games.snakes_of_wrath.engine.sides import INDICES, OPPOSITE_BIT, STEP, xy_of
from editor.games.snakes_of_wrath.engine.table import NOBODY, Table

if TYPE_CHECKING:
    from editor.games.snakes_of_wrath.engine.state import State

#: A cell's verdicts: its pattern index, the mask of legal answers, the legal orients of
#: each kind (by kind), and those numbers packed into one int (``Pattern.counts``).
Verdicts = tuple[int, int, tuple[int, ...], int]

#: For a mask of sides where paths come in, when it holds one side: what to add to the key
#: to reach that neighbour, and the bit of the neighbour's side facing back; else None.
_ONE_SIDE: tuple[tuple[int, int] | None, ...] = tuple(
    (STEP[INDICES[m][0]], OPPOSITE_BIT[INDICES[m][0]]) if len(INDICES[m]) == 1 else None
    for m in range(16)
)


def context(tb: Table, seat: int, key: int, paths_in: int, least: int) -> tuple[int, ...]:
    """All a verdict at a cell depends on besides its pattern, seen from a seat: for each side
    a neighbour's path comes in by, the component it brings, as the placing rules weigh it
    (its owner: the seat's, nobody's or a rival's; whether it is injured; while it has
    fewer bodies than a closed snake needs, its bodies and open ends), or which side before
    it brought the same component. Equal contexts get equal verdicts, so they are judged
    once (``Pattern.verdicts``)."""
    part_comp, tile_body, owner = tb.part_comp, tb.body, tb.owner
    sides = INDICES[paths_in]
    if len(sides) == 1:  # the most common by far: one neighbour's path comes in
        i = sides[0]
        n = key + STEP[i]
        c = part_comp[n * 2 + (0 if tile_body[n] & OPPOSITE_BIT[i] else 1)]
        o = owner[c]
        bodies = tb.bodies[c]
        rel = 0 if o == seat else 1 if o == NOBODY else 2
        if bodies < least:
            return (rel, 1 if tb.wounds[c] else 0, bodies, tb.opens[c])
        return (rel, 1 if tb.wounds[c] else 0, least)
    out: list[int] = []
    comps: list[int] = []
    for i in sides:
        n = key + STEP[i]
        c = part_comp[n * 2 + (0 if tile_body[n] & OPPOSITE_BIT[i] else 1)]
        if c in comps:
            out.append(-1 - comps.index(c))  # the same component as an earlier side
            continue
        comps.append(c)
        o = owner[c]
        bodies = tb.bodies[c]
        out.append(0 if o == seat else 1 if o == NOBODY else 2)
        out.append(1 if tb.wounds[c] else 0)
        if bodies < least:
            out.append(bodies)
            out.append(tb.opens[c])
        else:
            out.append(least)
    return tuple(out)


class Legal:
    """The legal layings of each seat at each edge cell; brought up to date on demand."""

    __slots__ = ("_built", "_cells", "_kinds", "_pending", "_st", "_totals", "roles")

    def __init__(self, st: State) -> None:
        """Verdicts for the seats of ``st``, first computed when a seat's are asked for."""
        self._st = st
        players = st.n
        kinds = len(st.rules.kinds)
        self._cells: list[dict[int, Verdicts]] = [{} for _ in range(players)]
        #: Per seat, the legal layings of each kind over the edge, packed (``Pattern.counts``).
        self._totals = [0] * players
        self._kinds = kinds
        self._pending: list[set[int]] = [set() for _ in range(players)]
        self._built = [False] * players
        st.table.watchers = self._pending
        #: Each kind's role (``rules.BODY``...), by kind.
        self.roles = tuple(kind.role for kind in st.rules.kinds)

    def refresh(self, seat: int) -> None:
        """Judge again the cells whose verdicts may have changed for a seat (all of them the
        first time: a situation built for a rules example sets owners directly)."""
        pending = self._pending[seat]
        if not self._built[seat]:
            self._built[seat] = True
            self._cells[seat].clear()
            self._totals[seat] = 0
            pending.clear()
            keys: Iterable[int] = list(self._st.table.edge)
        elif not pending:
            return
        else:
            # a fresh set takes the changes from now on (``Table.watchers`` is this list)
            keys = pending
            self._pending[seat] = set()
        st = self._st
        tb = st.table
        edge, inward = tb.edge, tb.inward
        part_comp, tile_body, owner = tb.part_comp, tb.body, tb.owner
        comp_bodies, wounds, opens = tb.bodies, tb.wounds, tb.opens
        patterns, least = st.rules.patterns, st.rules.min_bodies
        cells = self._cells[seat]
        totals = self._totals[seat]
        for key in keys:
            neighbours = edge.get(key)
            if neighbours is None:  # laid on: no longer an empty cell
                gone = cells.pop(key, None)
                if gone is not None:
                    totals -= gone[3]
                continue
            paths_in = inward.get(key, 0)
            index = neighbours << 4 | paths_in
            pattern = patterns[index]
            if paths_in:
                one = _ONE_SIDE[paths_in]
                if one is not None:  # the most common by far: :func:`context` inlined
                    n = key + one[0]
                    c = part_comp[n * 2 + (0 if tile_body[n] & one[1] else 1)]
                    o = owner[c]
                    bodies = comp_bodies[c]
                    rel = 0 if o == seat else 1 if o == NOBODY else 2
                    if bodies < least:
                        seen: tuple[int, ...] = (rel, 1 if wounds[c] else 0, bodies, opens[c])
                    else:
                        seen = (rel, 1 if wounds[c] else 0, least)
                else:
                    seen = context(tb, seat, key, paths_in, least)
                found = pattern.verdicts.get(seen)
                if found is None:
                    found = 0
                    bit = 1
                    for _, body, head in pattern.asks:
                        if not isinstance(judge(tb, seat, least, key, body, head, neighbours), str):
                            found |= bit
                        bit <<= 1
                    pattern.verdicts[seen] = found
                legal = found
            else:  # no path comes in: whatever fits goes rogue
                legal = pattern.full
            old = cells.get(key)
            if old is not None:
                if old[0] == index and old[1] == legal:
                    continue
                totals -= old[3]
            dense, packed = pattern.counts(legal)
            totals += packed
            cells[key] = (index, legal, dense, packed)
        self._totals[seat] = totals

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
        for key in self._st.table.edge:
            here = cells[key][2][kind]
            if n < here:
                index, legal, _, _ = cells[key]
                x, y = xy_of(key)
                return x, y, self._st.rules.patterns[index].turns(kind, legal)[n]
            n -= here
        raise IndexError(f"no laying {n} of kind {kind}")

    def all_of(self, seat: int, kind: int) -> list[tuple[int, int, int]]:
        """Every legal laying of a kind, in edge order: ``(x, y, turn)``."""
        cells = self._cells[seat]
        patterns = self._st.rules.patterns
        out: list[tuple[int, int, int]] = []
        for key in self._st.table.edge:
            index, legal, dense, _ = cells[key]
            if dense[kind]:
                x, y = xy_of(key)
                out.extend((x, y, turn) for turn in patterns[index].turns(kind, legal))
        return out

    def allows(self, seat: int, kind: int, key: int, turn: int) -> bool:
        """Whether a kind laid at a cell, turned ``turn`` (canonical), is legal."""
        found = self._cells[seat].get(key)
        if found is None:
            return False
        index, legal, dense, _ = found
        return bool(dense[kind]) and turn in self._st.rules.patterns[index].turns(kind, legal)
