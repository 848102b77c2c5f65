"""The editor asks the layout's game (its registry hooks) and names no game itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.layouts import Layout
from editor.core.registry import StatRow, StatSection, TileKind, TokenKind
from editor.core.workspace import Workspace, load_workspace
from editor.ui.board_picture import layout_picture
from editor.ui.layout_model import LayoutModel
from editor.ui.statistics_panel import StatisticsPanel

UI = Path(__file__).resolve().parents[2] / "editor" / "ui"


def _toy_tiles(ws: Workspace, layout: Layout) -> list[TileKind]:
    return [TileKind("rock", "Rock", "#112233", 3), TileKind("sand", "Sand", "#ddcc99", 5)]


def _toy_tokens(ws: Workspace, layout: Layout) -> list[TokenKind]:
    return [TokenKind("crab", "Crab", colour="#ff0000")]


def _toy_statistics(ws: Workspace, layout: Layout) -> list[StatSection]:
    rocks = sum(stack.count("rock") for stack in layout.spaces.values())
    return [StatSection("Rocks", f"{rocks} rocks", (StatRow("Per space", "1", detail="x"),))]


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Layout:
    """A layout of a game that is not Snails, whose game registers every editor hook."""
    game = registry.Game(
        "toy",
        "Toy",
        "hex",
        tile_kinds=_toy_tiles,
        token_kinds=_toy_tokens,
        statistics=_toy_statistics,
    )
    monkeypatch.setitem(registry._GAMES, "toy", game)
    return Layout("toy-1", "Toy one", "toy", "snails-expert", {"A1": ("rock",), "B2": ("rock",)})


def test_the_palette_and_tokens_come_from_the_games_hooks(toy: Layout) -> None:
    model = LayoutModel(load_workspace(), toy)
    assert [(t.id, t.name, t.stock) for t in model.tile_types()] == [
        ("rock", "Rock", 3),
        ("sand", "Sand", 5),
    ]
    assert [line.text() for line in model.stock_lines()] == [
        "Rock 2 of 3 placed",
        "Sand 0 of 5 placed",
    ]
    assert model.token_name("crab") == "Crab"
    assert model.picture().token_colours == {"crab": "#ff0000"}


def test_the_statistics_come_from_the_games_hook(qtbot: QtBot, toy: Layout) -> None:
    panel = StatisticsPanel()
    qtbot.addWidget(panel)
    panel.show_layout(load_workspace(), toy)
    assert panel.heading.text() == "Toy one"
    assert panel.text().splitlines() == ["Rocks: 2 rocks", "  Per space: 1"]


def test_a_game_without_hooks_gets_an_empty_palette_and_a_plain_word(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._GAMES, "bare", registry.Game("bare", "Bare", "hex"))
    layout = Layout("b", "Bare one", "bare", "snails-expert", {"A1": ("x",)})
    model = LayoutModel(load_workspace(), layout)
    assert model.tile_types() == [] and model.unknown_tiles() == ["x"]
    panel = StatisticsPanel()
    qtbot.addWidget(panel)
    panel.show_layout(load_workspace(), layout)
    assert panel.heading.text() == "Bare one: no statistics for 'bare' layouts"


def test_no_ui_module_names_a_game() -> None:
    for path in sorted(UI.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) editor\.games", text, re.M), path.name


def test_the_snails_tokens_are_coloured_by_their_content() -> None:
    ws = load_workspace()
    layout = ws.layouts["crustacean"]
    model = LayoutModel(ws, layout)
    colours = model.picture().token_colours
    # colours given in content/snails-base/tokens.yaml, not in Python
    for kind in model.token_types():
        assert colours.get(kind.id) == (kind.colour or None), kind.id
    assert layout_picture(ws, layout).token_colours == colours
    assert any(colours.values())
