"""The bodies an injury may still go on, by the owner of their snake and by their shape.

An injury goes only on a body of a rival's open snake, of its own shape as it lies, not
armored and never injured before. Looking through every body of that shape for the rival's
cost a good part of a simulated game, so the bodies that can still take one are kept by
owner as well as shape: a seat's offers are then read from its rivals' lists alone. Owners
change only when components join (:meth:`Table.join` tells :meth:`Spares.move`); a body
leaves for good once injured or once its snake closes (:meth:`Spares.take`).

Each list keeps the order the bodies were laid in (the order the options list them).
"""

from __future__ import annotations

from bisect import insort
from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from editor.games.snakes_of_wrath.engine.table import Table


class Spares:
    """Bodies an injury may go on: their shapes, and (once built) their lists by owner."""

    __slots__ = ("by_owner", "lists", "order", "shape")

    def __init__(self) -> None:
        """None yet."""
        #: The signature of each such body's shape as it lies, by cell, in the order laid.
        self.shape: dict[int, int] = {}
        #: When each was laid (an increasing number), to keep lists in that order.
        self.order: dict[int, int] = {}
        #: ``by_owner[owner][signature]``: the cells, in the order laid (an empty list for
        #: a signature none has); None until :meth:`build` (a situation built for a rules
        #: example sets owners directly).
        self.by_owner: dict[int, defaultdict[int, list[int]]] | None = None
        #: ``by_owner`` once built (for readers that come after :meth:`build`).
        self.lists: dict[int, defaultdict[int, list[int]]] = {}

    def add(self, key: int, signature: int) -> None:
        """A body laid that an injury may go on (its owner comes with :meth:`own`)."""
        self.shape[key] = signature
        self.order[key] = len(self.order)

    def build(self, tb: Table, players: int) -> None:
        """Sort the bodies by their snakes' owners now (nobody, or seats ``0`` to
        ``players - 1``), leaving out those that cannot take an injury any more (closed or
        injured in a situation built so)."""
        self.by_owner = self.lists = {o: defaultdict(list) for o in range(-1, players)}
        part_comp, owner, opens, wounded = tb.part_comp, tb.owner, tb.opens, tb.wounded
        for key, sig in list(self.shape.items()):
            comp = part_comp[key * 2]
            if not opens[comp] or key in wounded:
                del self.shape[key]
                continue
            self.of(owner[comp])[sig].append(key)

    def own(self, key: int, owner: int) -> None:
        """The body just laid at ``key`` ended in a snake of ``owner``'s (it is the newest)."""
        sig = self.shape.get(key)
        if self.by_owner is not None and sig is not None:
            self.of(owner)[sig].append(key)

    def move(self, keys: Iterable[int], was: int, now: int) -> None:
        """Bodies whose snake passed from ``was`` to ``now`` (joined into another's)."""
        if self.by_owner is None:
            return
        shape, order = self.shape, self.order
        old, new = self.of(was), self.of(now)
        for key in keys:
            sig = shape.get(key)
            if sig is not None:
                old[sig].remove(key)
                insort(new[sig], key, key=order.__getitem__)

    def take(self, keys: Iterable[int], tb: Table) -> None:
        """Bodies that can take no injury any more (injured once, or their snake closed)."""
        shape, by_owner = self.shape, self.by_owner
        part_comp, owner = tb.part_comp, tb.owner
        for key in keys:
            sig = shape.pop(key, None)
            if sig is not None and by_owner is not None:
                by_owner[owner[part_comp[key * 2]]][sig].remove(key)

    def of(self, owner: int) -> defaultdict[int, list[int]]:
        """The cells of one owner's bodies, by signature (after :meth:`build`)."""
        return self.lists[owner]
