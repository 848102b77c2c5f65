"""Numbers that describe a Snails layout: heights, islands, coastline and the stock it uses.

The editor's Statistics panel shows them; they come from the same loader and land geometry as
the checks (:mod:`editor.games.snails.land`), so the panel and ``seastack validate`` agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.core.hexgrid import Hex, HexBoard, format_label, neighbours, parse_label
from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.games.snails.checks import ruleset_of, tiles_of
from editor.games.snails.engine.rules import tile_level
from editor.games.snails.land import coastline, islands, labels_to_hexes, landmasses


@dataclass(frozen=True)
class LevelCount:
    """How many land spaces stand at one level, and which tile types make that level."""

    level: int
    tiles: tuple[str, ...]
    spaces: int


@dataclass(frozen=True)
class PackStock:
    """One pack's share of a tile type: how many the layout takes from it, of how many."""

    pack: str
    used: int
    available: int


@dataclass(frozen=True)
class StockUse:
    """A tile type's use by the layout against the stock of the packs in use."""

    tile: str
    name: str
    used: int
    available: int
    packs: tuple[PackStock, ...]

    @property
    def over(self) -> int:
        """How many tiles more than the stock holds (0 when within it)."""
        return max(0, self.used - self.available)


@dataclass(frozen=True)
class LayoutStats:
    """Everything the Statistics panel shows about one layout."""

    board_spaces: int
    land_spaces: int
    water_spaces: int
    off_board: tuple[str, ...]
    levels: tuple[LevelCount, ...]
    islands: tuple[tuple[str, ...], ...]
    landmasses: int
    coast_water: int
    coast_edge: int
    stock: tuple[StockUse, ...]

    @property
    def coastline(self) -> int:
        """Hex edges of the land facing water or the board's edge."""
        return self.coast_water + self.coast_edge

    @property
    def island_sizes(self) -> tuple[int, ...]:
        """The number of spaces of each island, largest first."""
        return tuple(len(island) for island in self.islands)


def layout_stats(ws: Workspace, layout: Layout) -> LayoutStats:
    """The statistics of a loaded layout on its board with the packs it uses.

    When the board is unknown, the spaces around the land count as water and no edge of the
    land faces the board's edge.
    """
    board = ws.boards.get(layout.board)
    stacks = {label: stack for label, stack in layout.spaces.items() if stack}
    known = board is not None and board.grid == "hex"
    if board is not None and known:
        hexes = board.hexes
        land = labels_to_hexes(hexes, stacks)
    else:
        land = _parse_all(stacks)
        hexes = HexBoard({*land, *(n for h in land for n in neighbours(h))})
    land_labels = {format_label(h) for h in land}
    off_board = tuple(label for label in stacks if label not in land_labels)
    parts = islands(hexes, land)
    water_edges, board_edges = coastline(hexes, land)
    packs = ws.packs_in_use(layout)
    ruleset = ruleset_of(ws, packs)
    return LayoutStats(
        board_spaces=len(hexes) if known else 0,
        land_spaces=len(land),
        water_spaces=len(hexes) - len(land) if known else 0,
        off_board=off_board,
        levels=_levels(
            {lb: stacks[lb] for lb in land_labels},
            ruleset.get("levels", {}),
            list(tiles_of(ws, packs).types),
        ),
        islands=tuple(tuple(format_label(h) for h in part) for part in parts),
        landmasses=len(landmasses(hexes, parts)),
        coast_water=water_edges,
        coast_edge=board_edges if known else 0,
        stock=_stock(ws, layout),
    )


def _parse_all(labels: dict[str, tuple[str, ...]]) -> set[Hex]:
    """The hexes of the labels that parse."""
    out: set[Hex] = set()
    for label in labels:
        try:
            out.add(parse_label(label))
        except ValueError:
            continue
    return out


def _levels(
    stacks: dict[str, tuple[str, ...]], levels: dict[str, int], tile_ids: list[str]
) -> tuple[LevelCount, ...]:
    counts: dict[int, int] = {}
    tops: dict[int, set[str]] = {}
    for stack in stacks.values():
        # the engine's definition: a space's level is its top tile's (rules.tile_level)
        level = tile_level(stack[-1], levels, tile_ids)
        counts[level] = counts.get(level, 0) + 1
        tops.setdefault(level, set()).add(stack[-1])
    return tuple(
        LevelCount(level, tuple(sorted(tops[level])), counts[level]) for level in sorted(counts)
    )


def _stock(ws: Workspace, layout: Layout) -> tuple[StockUse, ...]:
    """Use against stock per tile type; each pack's share is taken in dependency order.

    A layout does not say which pack a tile comes from, so the tiles are counted against the
    first packs first (the base game before its expansions), as a designer would lay them out.
    """
    tiles = tiles_of(ws, ws.packs_in_use(layout))
    used = layout.tile_count()
    order = list(tiles.types) + sorted(t for t in used if t not in tiles.types)
    rows: list[StockUse] = []
    for tile in order:
        by_pack = tiles.stock_by_pack(tile)
        left = used.get(tile, 0)
        shares: list[PackStock] = []
        for pack_id, available in by_pack.items():
            take = min(left, available)
            left -= take
            shares.append(PackStock(pack_id, take, available))
        name = str(tiles.types.get(tile, {}).get("name", tile))
        rows.append(StockUse(tile, name, used.get(tile, 0), sum(by_pack.values()), tuple(shares)))
    return tuple(rows)
