"""The bundled Snails board and layouts: the whole stock, legal, and shaped as described."""

from __future__ import annotations

import networkx as nx
import pytest

from editor.core.hexgrid import offset_of, parse_label
from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.checks import check_layout, tiles_of


@pytest.fixture(scope="module")
def ws() -> Workspace:
    return load_workspace()


def test_bundled_content_is_clean(ws: Workspace) -> None:
    assert ws.report() == []
    assert {"crustacean", "robot"} <= set(ws.layouts)
    assert ws.boards["snails-expert"].labels[:3] == ("A1", "A2", "A3")
    assert len(ws.boards["snails-expert"].labels) == 120


def test_the_stock_of_base_and_expansion(ws: Workspace) -> None:
    tiles = tiles_of(ws, [ws.packs["snails-base"], ws.packs["snails-fire-in-the-shell"]])
    assert {t: tiles.stock_of(t) for t in ("beach", "meadow", "mountain")} == {
        "beach": 26,
        "meadow": 14,
        "mountain": 8,
    }
    backs = {(tile, back): n for _, tile, back, n, _ in tiles.stock if back != "blank"}
    assert backs == {
        ("beach", "twin-barrels"): 3,
        ("beach", "fertilizers"): 3,
        ("meadow", "turnip"): 1,
        ("meadow", "turnip-with-card"): 1,
        ("meadow", "eggshells"): 2,
        ("mountain", "salt-deposits"): 2,
    }


@pytest.mark.parametrize("layout_id", ["crustacean", "robot"])
def test_each_layout_uses_the_whole_stock(ws: Workspace, layout_id: str) -> None:
    layout = ws.layouts[layout_id]
    tiles = tiles_of(ws, ws.packs_in_use(layout))
    assert layout.tile_count() == {t: tiles.stock_of(t) for t in tiles.types}
    assert list(check_layout(ws, layout)) == []


def _land_graph(ws: Workspace, layout_id: str) -> nx.Graph:
    board = ws.boards["snails-expert"].hexes
    land = {parse_label(label) for label in ws.layouts[layout_id].spaces}
    graph = nx.Graph()
    graph.add_nodes_from(land)
    graph.add_edges_from((h, n) for h in land for n in board.neighbours_on_board(h) if n in land)
    return graph


def test_crustacean_has_its_mountains_up_top_and_a_long_shore(ws: Workspace) -> None:
    layout = ws.layouts["crustacean"]
    rows = [offset_of(parse_label(s))[1] for s, stack in layout.spaces.items() if len(stack) == 3]
    assert len(rows) == 8
    assert max(rows) <= 5  # the upper half of a 10-row board
    meadows = [s for s, stack in layout.spaces.items() if stack[-1] == "meadow"]
    assert len(meadows) == 6
    graph = _land_graph(ws, "crustacean")
    assert nx.number_connected_components(graph) == 1
    shore = sum(6 - graph.degree(h) for h in graph)
    assert shore >= 3 * len(graph)  # most sides of most land spaces face the water


def test_robot_is_cut_by_narrow_channels(ws: Workspace) -> None:
    graph = _land_graph(ws, "robot")
    assert nx.number_connected_components(graph) >= 3
    board = ws.boards["snails-expert"].hexes
    land = set(graph)
    # the parts are one water space apart: some water space touches two parts
    part_of = {h: i for i, part in enumerate(nx.connected_components(graph)) for h in part}
    bridging = [
        h
        for h in board
        if h not in land
        and len({part_of[n] for n in board.neighbours_on_board(h) if n in land}) > 1
    ]
    assert bridging
