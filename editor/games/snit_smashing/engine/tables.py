"""The beach as flat tables: hexes as ints, sets of hexes as bit masks, reach precomputed.

Hex ``i`` is bit ``1 << i`` of a mask. Snits run through other Snits, so where a Snit may
end depends on the terrain alone, then on which hexes are taken at that moment: the tables
hold every hex a Snit of each speed may reach from each hex (by the rules of each kind of
run), and a move's legal ends are one of them less the taken hexes, one ``&`` away.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from editor.core.hexgrid import Hex, HexBoard, format_label, neighbours
from editor.games.snit_smashing.shapes import smashes_within, snandergrab_hexes

#: The fastest speed the tables cover (the schema's bound); faster Snits reach no further.
TOP_SPEED = 12

Reach = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class BeachTables:
    """A beach map's hexes numbered 0..N-1 in canonical order, with masks and reach tables."""

    labels: tuple[str, ...]
    index: dict[str, int]
    #: On-map neighbours of each hex, and the same as a mask.
    nbrs: tuple[tuple[int, ...], ...]
    nbr_mask: tuple[int, ...]
    sea: int
    sand: int
    #: Whether each hex is sea (the sea mask, read hex by hex without shifting it).
    wet: tuple[bool, ...]
    #: Every Smash lying wholly on the map, each a sorted tuple of hexes.
    smashes: tuple[tuple[int, ...], ...]
    #: ``cover[c]``: the on-map hexes of the Snandergrab centred on ``c``.
    cover: tuple[int, ...]
    #: The centres it may be moved to: all its hexes on the map and none in the sea.
    centres: tuple[int, ...]
    #: ``inland[h][k]``: the sand a Snit on sand ``h`` reaches in ``k`` steps over sand
    #: (a run to the Snandergrab, no way back into the sea), ``h`` included.
    inland: Reach
    #: ``ashore[h][k]``: the sand a Snit in the sea at ``h`` reaches in ``k`` steps, through
    #: sea until it first steps ashore, then over sand only.
    ashore: Reach
    #: ``seaward[h][k]``: from sand ``h`` in a run to the sea: sand over sand, and the sea
    #: hexes next to it (entering the sea ends a move), ``h`` included.
    seaward: Reach

    @property
    def size(self) -> int:
        """Number of hexes on the map."""
        return len(self.labels)

    def label(self, hex_: int) -> str:
        """The label of a hex index."""
        return self.labels[hex_]

    def from_grab(self, centre: int) -> tuple[int, ...]:
        """``from_grab(c)[k]``: where a Snit under the Snandergrab centred on ``c`` reaches in
        ``k`` steps in a run to the sea, counting from any of its on-map hexes (its own
        hexes included; the engine leaves them out of a move's ends)."""
        return _spread_seaward(self.cover[centre] & self.sand, self.sea, self.sand, self.nbr_mask)


def build_tables(
    board: HexBoard, sea: Iterable[str], smash_hexes: int, grab_hexes: int
) -> BeachTables:
    """Every table of a beach map with its sea, computed once per layout."""
    hexes = list(board)
    labels = tuple(format_label(h) for h in hexes)
    index_of: dict[Hex, int] = {h: i for i, h in enumerate(hexes)}
    nbrs = tuple(tuple(index_of[n] for n in neighbours(h) if n in index_of) for h in hexes)
    nbr_mask = tuple(_mask(row) for row in nbrs)
    sea_labels = set(sea)
    sea_mask = _mask(i for i, label in enumerate(labels) if label in sea_labels)
    sand_mask = ((1 << len(hexes)) - 1) & ~sea_mask
    smashes = tuple(
        tuple(sorted(index_of[h] for h in placement))
        for placement in smashes_within(hexes, smash_hexes)
    )
    cover: list[int] = []
    centres: list[int] = []
    for i, h in enumerate(hexes):
        disc = snandergrab_hexes(h, grab_hexes)
        on = [index_of[x] for x in disc if x in index_of]
        cover.append(_mask(on))
        if len(on) == len(disc) and not _mask(on) & sea_mask:
            centres.append(i)
    n = len(hexes)
    inland = tuple(
        _spread(1 << h, sand_mask, nbr_mask) if (sand_mask >> h) & 1 else () for h in range(n)
    )
    ashore = tuple(
        _ashore(1 << h, sea_mask, sand_mask, nbr_mask) if (sea_mask >> h) & 1 else ()
        for h in range(n)
    )
    seaward = tuple(
        _spread_seaward(1 << h, sea_mask, sand_mask, nbr_mask) if (sand_mask >> h) & 1 else ()
        for h in range(n)
    )
    return BeachTables(
        labels=labels,
        index={label: i for i, label in enumerate(labels)},
        nbrs=nbrs,
        nbr_mask=nbr_mask,
        sea=sea_mask,
        sand=sand_mask,
        wet=tuple(bool((sea_mask >> i) & 1) for i in range(len(hexes))),
        smashes=smashes,
        cover=tuple(cover),
        centres=tuple(centres),
        inland=inland,
        ashore=ashore,
        seaward=seaward,
    )


def _mask(hexes: Iterable[int]) -> int:
    out = 0
    for h in hexes:
        out |= 1 << h
    return out


def bits(mask: int) -> list[int]:
    """The hexes of a mask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: ``BYTE_BITS[b]``: the set bits of the byte ``b``, in increasing order.
BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))


def nth_bit(mask: int, n: int) -> int:
    """The ``n``-th hex (from 0, in increasing order) of a mask; -1 when it has no more.

    It skips whole 16-bit chunks by their bit count, then reads the byte that holds the bit
    from a table: a random bot picks a move this way at every decision."""
    shift = 0
    while True:
        count = (mask & 0xFFFF).bit_count()
        if n < count:
            break
        if not mask:
            return -1
        n -= count
        mask >>= 16
        shift += 16
    low = BYTE_BITS[mask & 0xFF]
    if n < len(low):
        return shift + low[n]
    return shift + 8 + BYTE_BITS[(mask >> 8) & 0xFF][n - len(low)]


def spread_once(mask: int, nbr_mask: tuple[int, ...]) -> int:
    """Every on-map hex next to a hex of ``mask`` (``nbr_mask``: the tables' neighbours)."""
    out = 0
    while mask:
        low = mask & -mask
        out |= nbr_mask[low.bit_length() - 1]
        mask ^= low
    return out


def _spread(start: int, passable: int, nbr_mask: tuple[int, ...]) -> tuple[int, ...]:
    """The hexes of ``passable`` reached from ``start`` in 0..TOP_SPEED steps over it."""
    reached = [start]
    current = start
    for _ in range(TOP_SPEED):
        current |= spread_once(current, nbr_mask) & passable
        reached.append(current)
    return tuple(reached)


def _ashore(start: int, sea: int, sand: int, nbr_mask: tuple[int, ...]) -> tuple[int, ...]:
    """From a sea hex: sand reached through sea first, then over sand only."""
    wet = start
    dry = 0
    reached = [0]
    for _ in range(TOP_SPEED):
        dry |= spread_once(wet | dry, nbr_mask) & sand
        wet |= spread_once(wet, nbr_mask) & sea
        reached.append(dry)
    return tuple(reached)


def _spread_seaward(start: int, sea: int, sand: int, nbr_mask: tuple[int, ...]) -> tuple[int, ...]:
    """From sand (a run to the sea): sand over sand, plus the sea hexes one step beyond."""
    dry = start
    wet = 0
    reached = [dry]
    for _ in range(TOP_SPEED):
        around = spread_once(dry, nbr_mask)
        wet |= around & sea
        dry |= around & sand
        reached.append(dry | wet)
    return tuple(reached)
