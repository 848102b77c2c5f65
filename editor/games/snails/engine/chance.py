"""The state's random draws as :class:`random.Random` makes them, without a Python call per
draw: the shuffles (the tiles' backs, the deck) and the dice are most of a match's draws.

Each function asks the generator for the very bits the library's own method asks for, in
the same order, so a seed still gives the same match (the tests compare them with
``Random.shuffle`` and ``Random.choice``); for any other kind of generator they use its
methods.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``, draw for draw."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, n, bits in _steps(len(items)):
        # Random._randbelow(n): the bits of n, drawn again until below it
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


#: The steps of a shuffle by length: (position, positions left, bits of that), last first.
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps :func:`shuffle` takes through a list of ``size`` items (worked out once)."""
    found = _STEPS.get(size)
    if found is None:
        found = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))
        if size <= 4096:  # deck and tile stock sizes: a handful of lengths
            _STEPS[size] = found
    return found


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """``rng.choice(items)``, draw for draw (``items`` not empty)."""
    if type(rng) is not random.Random:
        return rng.choice(items)
    n = len(items)
    bits = n.bit_length()
    j = rng.getrandbits(bits)
    while j >= n:
        j = rng.getrandbits(bits)
    return items[j]
