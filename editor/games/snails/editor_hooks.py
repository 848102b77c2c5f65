"""What the editor asks of Snails: the palette's tile types, the token kinds, the statistics.

Registered on the game (:class:`editor.core.registry.Game`: its editor part, and the options
of its layout fields) so that the Qt layer asks the registry and never names Snails.
Everything here is read from the packs' content (tiles, backs and stock from
:func:`~editor.games.snails.checks.tiles_of`, tokens from
:func:`~editor.games.snails.checks.tokens_of`); the numbers of the statistics come from
:func:`~editor.games.snails.layout_stats.layout_stats`.
"""

from __future__ import annotations

from editor.core.layout_fields import Option
from editor.core.layouts import Layout
from editor.core.registry import StatRow, StatSection, TileKind
from editor.core.workspace import Workspace
from editor.games.snails.checks import tiles_of, tokens_of
from editor.games.snails.layout_stats import LayoutStats, layout_stats


def tile_kinds(ws: Workspace, layout: Layout) -> list[TileKind]:
    """The tile types of the packs a layout uses, with their names, colours and stock."""
    tiles = tiles_of(ws, ws.packs_in_use(layout))
    return [
        TileKind(
            id=tile_id,
            name=str(entry.get("name", tile_id)),
            colour=str(entry.get("colour", "")),
            stock=tiles.stock_of(tile_id),
        )
        for tile_id, entry in tiles.types.items()
    ]


def back_kinds(ws: Workspace, layout: Layout, tile: str) -> list[Option]:
    """The backs in the packs' stock of one tile type, with how many tiles carry each."""
    tiles = tiles_of(ws, ws.packs_in_use(layout))
    shares: dict[str, int] = {}
    for _pack, of_tile, back, count, _where in tiles.stock:
        if of_tile == tile:
            shares[back] = shares.get(back, 0) + count
    return [
        Option(back, str(tiles.backs.get(back, {}).get("name", back)), count=count)
        for back, count in shares.items()
    ]


def token_kinds(ws: Workspace, layout: Layout) -> list[Option]:
    """The kinds of token of the packs a layout uses, with their names and colours, and
    whether they may lie on water (the ``tokens`` field's options)."""
    found = tokens_of(ws, ws.packs_in_use(layout))
    return [
        Option(
            id=token_id,
            name=str(entry.get("name", token_id)),
            colour=str(entry.get("colour", "") or ""),
            on_empty=bool(entry.get("on_water", False)),
        )
        for token_id, entry in found.items()
    ]


def statistics(ws: Workspace, layout: Layout) -> list[StatSection]:
    """A layout's statistics worded for the editor's Statistics dock."""
    return stats_sections(layout_stats(ws, layout))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def stats_sections(stats: LayoutStats) -> list[StatSection]:
    """Land, islands, coastline and stock as sections of text, in display order."""
    names = {row.tile: row.name for row in stats.stock}
    land_rows: list[StatRow] = []
    if stats.board_spaces:
        land_rows.append(StatRow("Water", _plural(stats.water_spaces, "space")))
    if stats.off_board:
        land_rows.append(StatRow("Off the board", ", ".join(stats.off_board), True))
    for level in stats.levels:
        tops = ", ".join(names.get(t, t) for t in level.tiles)
        land_rows.append(StatRow(f"Level {level.level} ({tops})", _plural(level.spaces, "space")))
    of_board = f" of {stats.board_spaces}" if stats.board_spaces else ""
    land = f"{stats.land_spaces}{of_board} spaces"

    island_rows: list[StatRow] = [
        StatRow(f"Island {index}", _plural(len(spaces), "space"), detail=", ".join(spaces))
        for index, spaces in enumerate(stats.islands, start=1)
    ]
    if len(stats.islands) > 1:
        joined = stats.landmasses == 1
        why = "islands a channel apart" if joined else "land cut off"
        detail = "Islands one water space apart count as one landmass: a snail swims across."
        island_rows.append(StatRow("Landmasses", f"{stats.landmasses} ({why})", not joined, detail))
    islands = _plural(len(stats.islands), "island") if stats.islands else "no land"

    coast_rows: list[StatRow] = [StatRow("Facing water", _plural(stats.coast_water, "edge"))]
    if stats.coast_edge:
        coast_rows.append(StatRow("Facing the board's edge", _plural(stats.coast_edge, "edge")))
    coast = _plural(stats.coastline, "hex edge")

    stock_rows: list[StatRow] = []
    for use in stats.stock:
        over = f", {use.over} over" if use.over else ""
        detail = "; ".join(f"{p.pack}: {p.used} of {p.available}" for p in use.packs)
        stock_rows.append(
            StatRow(use.name, f"{use.used} of {use.available} placed{over}", use.over > 0, detail)
        )
        stock_rows.extend(
            StatRow(f"    from {share.pack}", f"{share.used} of {share.available}")
            for share in use.packs
        )
    used = sum(use.used for use in stats.stock)
    available = sum(use.available for use in stats.stock)
    stock = f"{used} of {available} tiles"
    return [
        StatSection("Land", land, tuple(land_rows)),
        StatSection("Islands", islands, tuple(island_rows)),
        StatSection("Coastline", coast, tuple(coast_rows)),
        StatSection("Stock", stock, tuple(stock_rows)),
    ]
