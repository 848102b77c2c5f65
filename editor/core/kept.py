"""Values worked out once from an object and kept while it is in use, found by its identity:
per-rules or per-board tables that engines and bots build on first use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class KeptByIdentity(Generic[K, V]):
    """At most ``most`` values, each made from its key by ``make`` at the key's first use.

    Keys are found by identity (rules and boards are neither hashable nor cheap to compare);
    each entry holds its key, so an id is never taken for another object's while kept. When
    full, the oldest entry goes: a process plays one design at a time, or a few.

    >>> kept = KeptByIdentity[list[int], int](2)
    >>> a, b = [1, 2], [1, 2]
    >>> kept.get(a, len), kept.get(b, sum), kept.get(a, sum)
    (2, 3, 2)
    """

    def __init__(self, most: int) -> None:
        self.most = most
        self._kept: dict[int, tuple[K, V]] = {}

    def get(self, key: K, make: Callable[[K], V]) -> V:
        """The value kept for ``key``, made now if there is none."""
        entry = self._kept.get(id(key))
        if entry is None or entry[0] is not key:
            if len(self._kept) >= self.most:
                self._kept.pop(next(iter(self._kept)))
            entry = self._kept[id(key)] = (key, make(key))
        return entry[1]

    def clear(self) -> None:
        """Forget every value kept."""
        self._kept.clear()
