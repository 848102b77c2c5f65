"""The editor asks the layout's game (its registry hooks) and names no game itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QUndoStack
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.layout_fields import LayoutField, Option
from editor.core.layouts import Layout, dump_layout
from editor.core.registry import StatRow, StatSection, TileKind
from editor.core.workspace import Workspace, load_workspace
from editor.studio.board_picture import layout_picture
from editor.studio.layout_model import LayoutModel
from editor.ui.board.inspector import Inspector
from editor.ui.board.statistics_panel import StatisticsPanel

EDITOR = Path(__file__).resolve().parents[2] / "editor"


def _toy_tiles(ws: Workspace, layout: Layout) -> list[TileKind]:
    return [TileKind("rock", "Rock", "#112233", 3), TileKind("sand", "Sand", "#ddcc99", 5)]


def _toy_crabs(ws: Workspace, layout: Layout, _tile: str) -> list[Option]:
    return [Option("crab", "Crab", colour="#ff0000")]


def _toy_teams(ws: Workspace, layout: Layout, _tile: str) -> list[Option]:
    return [Option("red-team", "Red team"), Option("blue", "Blue")]


_LABEL = {"$ref": "../common.schema.json#/$defs/hex-label"}
#: The toy game's layout fields: counters, a team per space (any space) and one home.
TOY_FIELDS = (
    LayoutField("crabs", "counts", "Crabs", {"type": "object"}, word="Crabs", options=_toy_crabs),
    LayoutField(
        "teams",
        "tags",
        "Team",
        {"type": "object", "propertyNames": _LABEL},
        needs_tiles=False,
        word="Team",
        options=_toy_teams,
    ),
    LayoutField("home", "spot", "Home", _LABEL, mark="H", word="The home is here"),
)


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
        content=registry.GameContent(layout_fields=TOY_FIELDS),
        editor=registry.GameEditor(
            tile_kinds=_toy_tiles, statistics=_toy_statistics, empty_word="void"
        ),
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
    assert model.option_name("crabs", "crab") == "Crab"
    assert model.picture().counter_colours == {"crab": "#ff0000"}


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
    paths = sorted([*(EDITOR / "ui").rglob("*.py"), *(EDITOR / "studio").rglob("*.py")])
    assert len(paths) > 40
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) editor\.games", text, re.M), path.name


def test_the_snails_tokens_are_coloured_by_their_content() -> None:
    ws = load_workspace()
    layout = ws.layouts["crustacean"]
    model = LayoutModel(ws, layout)
    colours = model.picture().counter_colours
    # colours given in content/snails-base/tokens.yaml, not in Python
    for kind in model.field_options("tokens"):
        assert colours.get(kind.id) == (kind.colour or None), kind.id
    assert layout_picture(ws, layout).counter_colours == colours
    assert any(colours.values())


def test_a_games_tags_and_spot_are_edited_in_the_inspector(qtbot: QtBot, toy: Layout) -> None:
    model = LayoutModel(load_workspace(), toy)
    stack = QUndoStack()
    inspector = Inspector()
    qtbot.addWidget(inspector)
    inspector.command.connect(stack.push)
    inspector.set_model(model)
    assert set(inspector.tag_choices) == {"teams"} and set(inspector.mark_checks) == {"home"}
    assert set(inspector.count_spins) == {"crabs"} and inspector.item_choices == {}
    team, home = inspector.tag_choices["teams"], inspector.mark_checks["home"]
    assert [team.itemText(i) for i in range(team.count())] == ["None", "Red team", "Blue"]
    assert home.text() == "The home is here"

    inspector.show_space("C3")  # empty: a team needs no tiles, the home does
    assert inspector.summary.text().startswith("Void: no tiles.")
    assert team.isEnabled() and not home.isEnabled()
    team.setCurrentIndex(team.findData("red-team"))
    team.activated.emit(team.currentIndex())
    assert stack.count() == 1 and stack.undoText() == "Set team of C3 to Red team"
    assert model.layout.value("teams") == {"C3": "red-team"}

    inspector.show_space("A1")
    assert home.isEnabled() and not home.isChecked()
    home.click()
    assert stack.count() == 2 and stack.undoText() == "Move home to A1"
    assert model.layout.value("home") == "A1"
    inspector.show_space("B2")
    home.click()  # the one home moves: A1 loses it
    assert model.layout.value("home") == "B2"
    assert not model.space("A1").get("home") and model.space("B2").get("home")

    text = model.text()
    assert "teams:\n  C3: red-team\n" in text and text.endswith("home: B2\n")
    picture = model.picture()
    assert picture.badges == {"B2": "H", "C3": "RT"}

    stack.undo()  # the home goes back to A1, in one step
    assert model.layout.value("home") == "A1"
    assert model.picture().badges == {"A1": "H", "C3": "RT"}
    inspector.show_space("A1")
    assert home.isChecked()
    stack.undo()
    stack.undo()
    assert (model.layout.value("home"), model.layout.value("teams")) == (None, {})
    assert model.picture().badges == {}
    assert model.text() == dump_layout(toy)


def test_the_inspector_words_a_games_counts_by_its_field(qtbot: QtBot, toy: Layout) -> None:
    model = LayoutModel(load_workspace(), toy)
    stack = QUndoStack()
    inspector = Inspector()
    qtbot.addWidget(inspector)
    inspector.command.connect(stack.push)
    inspector.set_model(model)
    inspector.show_space("A1")
    inspector.count_spins["crabs"]["crab"].stepUp()
    assert stack.undoText() == "Crab crabs on A1: 1"
    inspector.show_space("A1")  # the window shows the space again after each change
    assert inspector.count_texts["crabs"].text() == "<b>Crabs:</b> 1 Crab"
    assert model.picture().counters == {"A1": ["crab"]}
