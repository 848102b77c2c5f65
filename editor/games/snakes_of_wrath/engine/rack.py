"""What a rack holds, by kind, in rack order: worked out only when an option is read.

A rack is read at every decision, and it changes nearly every turn (a random seat lays or
swaps), so nothing is kept from turn to turn. To count a turn's options, the rules hold,
by tile number, the bits its kind stands for (``Rules.rack_bits``), which the options
OR together; the kinds in rack order, with their first tiles, are needed only to read one.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from editor.games.snakes_of_wrath.engine.rules import BODY, INJURY, Rules


@lru_cache(maxsize=64)
def combos(size: int, count: int) -> tuple[tuple[int, ...], ...]:
    """The sets of rack positions a swap of ``count`` tiles may put back."""
    return tuple(combinations(range(size), count))


def kinds_in_order(rules: Rules, tiles: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(kind, first tile)`` of each kind on a rack, in rack order."""
    box = rules.box
    out = []
    seen = 0  # bit ``1 << kind`` for each kind met
    for tile in tiles:
        k = box[tile]
        if not seen >> k & 1:
            seen |= 1 << k
            out.append((k, tile))
    return out


def on_top_kinds(rules: Rules, tiles: tuple[int, ...], *, heals: bool) -> list[tuple[int, int]]:
    """``(kind, first tile)`` of the rack's kinds that may go on top of a body, in rack
    order: injuries, and with ``heals`` (an injury lies unhealed) bodies too."""
    box, kinds = rules.box, rules.kinds
    out = []
    seen = 0
    for tile in tiles:
        k = box[tile]
        if not seen >> k & 1:
            seen |= 1 << k
            role = kinds[k].role
            if role == INJURY or (heals and role == BODY):
                out.append((k, tile))
    return out
