"""What must be judged at an empty cell, by the cell's pattern of neighbours and paths in.

For a cell with a given pattern (``fits``' index: its neighbours times 16 plus the sides
where a neighbour's path comes in) every kind's fitting orients are known in advance, and
most of them ask :func:`~editor.games.snakes_of_wrath.engine.placing.judge` the same
question: the verdict depends only on which sides the body joins, which the head joins, and
how many free sides the body keeps, as far as each matters (:func:`_question`). A
:class:`Pattern` lists those distinct questions (``asks``, one orient each) and, for each
kind, its orients with the question each needs, so a cell is judged a handful of times
whatever the rack, and a mask of the answers (bit ``i``: ask ``i`` is legal) tells every
kind's legal orients at once.

A cell no path comes into needs no judging: whatever fits there goes rogue, and is legal.

A cell's verdicts are kept as an :data:`Entry`, made once per pattern and mask of legal
answers (:meth:`Pattern.entry`), so a cell whose verdicts did not change is seen to keep
the very same entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from editor.games.snakes_of_wrath.engine.sides import COUNT

#: Bits of each kind's number in a packed count (``Pattern.entry``): an edge cell takes at
#: most 4 orients of a kind, and the open table holds far fewer than 2**30 cells.
FIELD = 32
#: One kind's field of a packed count.
FIELD_MASK = (1 << FIELD) - 1

#: One way a kind lies: ``(turn, body mask, head mask)``.
Orient = tuple[int, int, int]

#: A cell's verdicts: ``(pattern index, mask of legal answers, packed counts, count of kind
#: 0, count of kind 1, ..., turns of kind 0, turns of kind 1, ...)``, the turns of a kind's
#: legal orients as a tuple; the positions below (the turns of kind ``k`` at ``DENSE +
#: kinds + k``).
Entry = tuple[Any, ...]
INDEX, LEGAL, PACKED, DENSE = 0, 1, 2, 3


class Pattern:
    """The questions to ask at cells of one pattern, and what each kind needs answered."""

    __slots__ = ("_entries", "_turns", "asks", "full", "index", "kinds", "orients", "rogue")

    def __init__(
        self, index: int, asks: Sequence[Orient], orients: Sequence[Sequence[tuple[int, int]]]
    ):
        """``index`` in ``Rules.fits``; ``asks``: one orient per distinct question;
        ``orients``: per kind, ``(turn, ask)``."""
        self.index = index
        self.asks = tuple(asks)
        self.orients = tuple(tuple(o) for o in orients)
        #: Every answer legal.
        self.full = (1 << len(self.asks)) - 1
        #: The kinds that have an orient here.
        self.kinds = tuple(k for k, o in enumerate(self.orients) if o)
        self._entries: dict[int, Entry] = {}
        self._turns: dict[tuple[int, int], tuple[int, ...]] = {}
        #: The entry of a cell no path comes into: every answer legal.
        self.rogue = self.entry(self.full)

    def entry(self, legal: int) -> Entry:
        """The :data:`Entry` of a mask of legal answers: with the legal orients of each kind,
        and the same numbers packed into one int, :data:`FIELD` bits a kind (so a seat's
        totals over the edge are kept by adding and subtracting ints); made once a mask."""
        found = self._entries.get(legal)
        if found is None:
            dense = [sum(legal >> ask & 1 for _, ask in o) for o in self.orients]
            packed = sum(n << FIELD * k for k, n in enumerate(dense))
            turns = [self.turns(k, legal) for k in range(len(self.orients))]
            found = self._entries[legal] = (self.index, legal, packed, *dense, *turns)
        return found

    def turns(self, kind: int, legal: int) -> tuple[int, ...]:
        """The turns of a kind's legal orients here, in orient order."""
        found = self._turns.get((kind, legal))
        if found is None:
            found = tuple(turn for turn, ask in self.orients[kind] if legal >> ask & 1)
            self._turns[kind, legal] = found
        return found


def _question(body: int, head: int, neighbours: int) -> tuple[int, int, int]:
    """What the verdict on an orient at a cell with these neighbours depends on: the sides
    its body joins, the side its head joins, and how many free sides its body keeps, as far
    as that can matter (:func:`placing.judge`'s rules): a body joined to nothing goes rogue
    and leaves the verdict to the head alone; a body joined to something may close its
    snake only with no free side, or, when the head joins too, with one (the head closing
    what the body leaves open)."""
    joins_body, joins_head = body & neighbours, head & neighbours
    if not joins_body:
        return (0, joins_head, 0)
    free = COUNT[body & ~neighbours & 15]
    return (joins_body, joins_head, min(free, 2 if joins_head else 1))


def build_patterns(fits: Sequence[Sequence[Sequence[Orient]]]) -> tuple[Pattern, ...]:
    """A :class:`Pattern` for every index of ``fits`` (``Rules.fits``)."""
    out = []
    for index, row in enumerate(fits):
        neighbours, paths_in = index >> 4, index & 15
        asks: list[Orient] = []
        seen: dict[tuple[int, int, int], int] = {}
        orients: list[list[tuple[int, int]]] = []
        for kind_orients in row:
            mine = []
            for turn, body, head in kind_orients:
                # nothing comes in: always legal, one answer for all
                question = _question(body, head, neighbours) if paths_in else (0, 0, 0)
                ask = seen.get(question)
                if ask is None:
                    ask = seen[question] = len(asks)
                    asks.append((turn, body, head))
                mine.append((turn, ask))
            orients.append(mine)
        out.append(Pattern(index, asks, orients))
    return tuple(out)
