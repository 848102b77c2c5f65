"""Layout statistics, checked against numbers worked out by hand on small layouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.engine import compile_rules
from editor.games.snails.layout_stats import LevelCount, PackStock, StockUse, layout_stats

from .conftest import TINY_BOARD, LoadLayout, layout_text

# On the 4 x 3 tiny board: A1 touches B1, B2, A2 (3 sides off the board); A2 touches A1, B2,
# B3, A3 (2 off); B1 touches C1, B2, A1 (3 off); D3 touches D2, C2, C3 (3 off).
SMALL = {
    "A1": ["beach"],
    "A2": ["beach", "meadow"],
    "B1": ["beach", "meadow", "mountain"],
    "D3": ["beach"],
}


def test_levels_islands_and_coast_of_a_small_layout(load_layout: LoadLayout) -> None:
    ws, layout = load_layout(SMALL, packs="snails-base")
    stats = layout_stats(ws, layout)
    assert (stats.board_spaces, stats.land_spaces, stats.water_spaces) == (12, 4, 8)
    assert stats.levels == (
        LevelCount(1, ("beach",), 2),
        LevelCount(2, ("meadow",), 1),
        LevelCount(3, ("mountain",), 1),
    )
    assert stats.islands == (("A1", "A2", "B1"), ("D3",))
    assert stats.island_sizes == (3, 1)
    assert stats.landmasses == 2
    # water sides: A1 1 (B2), A2 3 (B2, B3, A3), B1 2 (C1, B2), D3 3 -> 9; board edge 3+2+3+3
    assert (stats.coast_water, stats.coast_edge, stats.coastline) == (9, 11, 20)


def test_stock_used_per_pack_of_a_small_layout(load_layout: LoadLayout) -> None:
    ws, layout = load_layout(SMALL, packs="snails-base")
    stock = {row.tile: row for row in layout_stats(ws, layout).stock}
    assert stock["beach"] == StockUse("beach", "Beach", 4, 20, (PackStock("snails-base", 4, 20),))
    assert stock["meadow"].used == 2
    assert stock["mountain"].packs == (PackStock("snails-base", 1, 6),)
    assert [row.over for row in stock.values()] == [0, 0, 0]


def test_a_channel_joins_islands_into_one_landmass(load_layout: LoadLayout) -> None:
    ws, layout = load_layout({"A1": ["beach"], "C1": ["beach"]})
    stats = layout_stats(ws, layout)
    assert (stats.island_sizes, stats.landmasses) == ((1, 1), 1)


def _beaches(count: int) -> dict[str, list[str]]:
    labels = [f"{col}{row}" for col in "ABCDEFGHIJKL" for row in range(1, 11)]
    return {label: ["beach"] for label in labels[:count]}


@pytest.mark.parametrize(
    ("count", "base", "expansion", "over"),
    [(18, 18, 0, 0), (22, 20, 2, 0), (27, 20, 6, 1)],
)
def test_the_base_game_stock_is_used_first(
    load_layout: LoadLayout, count: int, base: int, expansion: int, over: int
) -> None:
    ws, layout = load_layout(
        _beaches(count), board="snails-expert", packs="snails-base, snails-fire-in-the-shell"
    )
    (beach,) = (row for row in layout_stats(ws, layout).stock if row.tile == "beach")
    assert beach.packs == (
        PackStock("snails-base", base, 20),
        PackStock("snails-fire-in-the-shell", expansion, 6),
    )
    assert (beach.used, beach.available, beach.over) == (count, 26, over)


def test_off_board_and_unknown_tiles(load_layout: LoadLayout) -> None:
    ws, layout = load_layout({"A1": ["lava"], "A2": ["beach"], "M9": ["beach"]})
    stats = layout_stats(ws, layout)
    assert stats.off_board == ("M9",)
    assert stats.land_spaces == 2
    # lava is in no pack: it has no level (0), like the engine's tile_level says
    assert stats.levels == (LevelCount(0, ("lava",), 1), LevelCount(1, ("beach",), 1))
    (lava,) = (row for row in stats.stock if row.tile == "lava")
    assert (lava.used, lava.available, lava.over, lava.packs) == (1, 0, 1, ())


def test_a_layout_on_an_unknown_board_still_counts_its_land(load_layout: LoadLayout) -> None:
    ws, layout = load_layout({"D4": ["beach"], "D5": ["beach"], "H8": ["beach"]}, board="nowhere")
    stats = layout_stats(ws, layout)
    assert (stats.board_spaces, stats.water_spaces, stats.coast_edge) == (0, 0, 0)
    assert stats.island_sizes == (2, 1)
    assert stats.coast_water == 5 + 5 + 6


@pytest.fixture(scope="module")
def bundled() -> Workspace:
    return load_workspace()


def test_the_bundled_layouts(bundled: Workspace) -> None:
    crab = layout_stats(bundled, bundled.layouts["crustacean"])
    robot = layout_stats(bundled, bundled.layouts["robot"])
    for stats in (crab, robot):
        assert [(lv.level, lv.spaces) for lv in stats.levels] == [(1, 12), (2, 6), (3, 8)]
        assert all(row.used == row.available for row in stats.stock)
        assert stats.landmasses == 1
    assert crab.island_sizes == (26,)
    assert robot.island_sizes == (17, 3, 3, 3)
    assert crab.coastline == 98


def test_levels_are_the_engines(tmp_path: Path) -> None:
    # a tile type the ruleset gives no level stands at its place among the tile types, as in
    # the engine (not at its stack's height)
    pack = tmp_path / "cliffs"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: cliffs\nname: Cliffs\nversion: 1.0.0\ngame: snails\n"
        "dependencies: {snails-base: '>=1.0,<2'}\n"
    )
    (pack / "tiles.yaml").write_text(
        "tile_types:\n  - id: cliff\n    name: Cliff\n    colour: '#777777'\n"
        "    description: A sheer rock.\n"
    )
    (tmp_path / "tiny.board.yaml").write_text(TINY_BOARD)
    (tmp_path / "l.layout.yaml").write_text(
        layout_text({"A1": ["cliff"], "A2": ["beach"]}, packs="snails-base, cliffs")
    )
    ws = load_workspace([pack, tmp_path / "tiny.board.yaml", tmp_path / "l.layout.yaml"])
    layout = ws.layouts["sample"]
    rules = compile_rules(ws, ["snails-base", "cliffs"])
    cliff = rules.level_of(rules.tile_ids.index("cliff"))
    assert cliff > 3
    levels = {lv.tiles: lv.level for lv in layout_stats(ws, layout).levels}
    assert levels == {("cliff",): cliff, ("beach",): 1}
