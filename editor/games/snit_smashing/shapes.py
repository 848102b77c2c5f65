"""The shapes of a Smash and of the Snandergrab on a hex grid, and the beach's terrain.

A Smash of three hexes covers three hexes meeting at one corner (``C6, C7, D7``); the ruleset
may make it one hex, two side by side, or a hex with its six neighbours. The Snandergrab is
a disc around its centre: 1, 7 (the rulebook's) or 19 hexes. The layout and the engine both
read these, so a check and a match agree on what fits where.

>>> from editor.core.hexgrid import format_label, parse_label
>>> sorted(format_label(h) for h in snandergrab_hexes(parse_label("D10"), 7))
['C10', 'C9', 'D10', 'D11', 'D9', 'E10', 'E9']
>>> is_smash([parse_label(x) for x in ("C6", "C7", "D7")], 3)
True
>>> is_smash([parse_label(x) for x in ("C6", "C7", "C8")], 3)
False
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from editor.core.hexgrid import Hex, disc

#: The terrain of a beach hex: the top tile of its stack; a hex with no tile is sand.
SEA = "sea"
SAND = "sand"
TERRAINS = (SEA, SAND)

#: The offsets of each placement of a Smash from its anchor hex, by the Smash's size. Three
#: hexes meeting at a corner come in two orientations (a corner above or below the anchor's
#: NE neighbour); every corner of the grid is one of them, anchored at exactly one hex.
_SMASH_OFFSETS: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    1: (((0, 0),),),
    2: (((0, 0), (0, -1)), ((0, 0), (1, -1)), ((0, 0), (1, 0))),
    3: (((0, 0), (0, -1), (1, -1)), ((0, 0), (1, -1), (1, 0))),
    7: (((0, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)),),
}
SMASH_SIZES = tuple(_SMASH_OFFSETS)
#: The Snandergrab's size to the radius of its disc.
_GRAB_RADIUS = {1: 0, 7: 1, 19: 2}
GRAB_SIZES = tuple(_GRAB_RADIUS)


def smash_placements(anchor: Hex, size: int) -> Iterator[tuple[Hex, ...]]:
    """Every Smash of ``size`` hexes anchored at ``anchor`` (the anchor first)."""
    q, r = anchor
    for offsets in _SMASH_OFFSETS[size]:
        yield tuple(Hex(q + dq, r + dr) for dq, dr in offsets)


def smashes_within(hexes: Iterable[Hex], size: int) -> list[tuple[Hex, ...]]:
    """Every Smash of ``size`` hexes lying wholly within ``hexes``, in canonical order."""
    inside = frozenset(hexes)
    found = [
        tuple(sorted(placement))
        for anchor in sorted(inside)
        for placement in smash_placements(anchor, size)
        if inside.issuperset(placement)
    ]
    return sorted(set(found))


def is_smash(hexes: Iterable[Hex], size: int) -> bool:
    """Whether some hexes are one placement of a Smash of ``size`` (on any grid, on a map
    or not): three hexes meeting at one corner for the rulebook's Smash."""
    given = frozenset(hexes)
    if len(given) != size:
        return False
    # every placement holds its anchor, so some hex of a true Smash is its anchor
    return any(
        _placed(anchor, offsets) == given for anchor in given for offsets in _SMASH_OFFSETS[size]
    )


def _placed(anchor: Hex, offsets: tuple[tuple[int, int], ...]) -> frozenset[Hex]:
    return frozenset(Hex(anchor[0] + dq, anchor[1] + dr) for dq, dr in offsets)


def snandergrab_hexes(centre: Hex, size: int) -> list[Hex]:
    """The hexes the Snandergrab covers with its centre on ``centre`` (on the map or not)."""
    return disc(centre, _GRAB_RADIUS[size])


def terrain_of(stack: tuple[str, ...]) -> str:
    """A beach hex's terrain from its stack: its top tile, sand when it has none."""
    return stack[-1] if stack else SAND


def sea_of(spaces: Mapping[str, tuple[str, ...]]) -> set[str]:
    """The sea hexes of a layout's spaces, by label."""
    return {label for label, stack in spaces.items() if terrain_of(stack) == SEA}
