"""A tile set in a file tab gets what every content file gets through the registry's file
kinds: the schema's words on the cursor's key, completion of the values it may hold, live
checks (schema and the game's own) with file:line:col problems underlined, the Preview of
the tile type under the cursor drawn as tiles, and the simulator playing its game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from editor.core.resources import content_dir
from editor.sim.design import first_layout
from editor.ui.content.document_tabs import DocumentTab
from editor.ui.shell.main_window import MainWindow

PACK = "snakes-of-wrath-base"


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    return open_window(crab_file)


@pytest.fixture
def tiles(window: MainWindow, tmp_path: Path) -> DocumentTab:
    """A copy of the bundled tile set open in a tab."""
    folder = tmp_path / "packs" / PACK
    shutil.copytree(content_dir() / PACK, folder)
    assert window.open_file_tab(folder / "tileset.yaml")
    tab = window.documents.current()
    assert tab is not None
    return tab


def _line(tab: DocumentTab, text: str) -> int:
    return tab.text().split("\n").index(text) + 1


def _replace_line(qtbot: QtBot, tab: DocumentTab, line: int, text: str) -> None:
    block = tab.editor.document().findBlockByNumber(line - 1)
    cursor = QTextCursor(block)
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
    cursor.insertText(text)


def test_the_schema_helps_at_the_cursor_and_completes_values(tiles: DocumentTab) -> None:
    line = _line(tiles, "    role: head")
    tiles.editor.go_to(line, 6)
    assert tiles.help_label.text().startswith("Role: What the tile does when played.")
    tiles.editor.go_to(line, 15)
    assert tiles.editor.completions() == ["body", "head", "injury", "todd"]


def test_a_schema_error_and_a_rule_error_are_found_as_you_type(
    qtbot: QtBot, window: MainWindow, tiles: DocumentTab
) -> None:
    line = _line(tiles, "    role: head")
    _replace_line(qtbot, tiles, line, "    role: dragon")
    qtbot.waitUntil(lambda: window.problems_panel.content_diagnostics != [], timeout=5000)
    found = {(d.code, d.line, d.column) for d in window.problems_panel.content_diagnostics}
    assert ("bad-value", line, 11) in found
    assert tiles.editor.underlines()
    _replace_line(qtbot, tiles, line, "    role: head")
    qtbot.waitUntil(lambda: window.problems_panel.content_diagnostics == [], timeout=5000)
    # the game's own check: a body whose path leaves twice by one side
    corner = _line(tiles, "      - {id: corner, name: Corner, body: [N, E], count: 14}")
    _replace_line(
        qtbot, tiles, corner, "      - {id: corner, name: Corner, body: [N, N], count: 14}"
    )
    qtbot.waitUntil(lambda: window.problems_panel.content_diagnostics != [], timeout=5000)
    problems = window.problems_panel.content_diagnostics
    assert [(d.code, d.line, d.column) for d in problems] == [
        ("side-twice", corner, 46)
    ]  # the second N
    assert problems[0].path.endswith("tileset.yaml") and problems[0].is_error


def test_the_preview_draws_the_tile_type_under_the_cursor(
    qtbot: QtBot, window: MainWindow, tiles: DocumentTab
) -> None:
    tiles.editor.go_to(_line(tiles, "    name: Body with head"), 5)
    window.preview_panel.flush()
    face = window.preview_panel.face
    assert face is not None and face.name == "Body with head"
    art = window.preview_panel.art
    assert art.isVisibleTo(window.preview_panel) and [c for c, _ in art.art] == [
        "Straight with head ×6",
        "Corner with head ×6",
    ]
    assert art.heightForWidth(400) > 0


def test_the_simulator_plays_the_open_tile_sets_game(
    window: MainWindow, tiles: DocumentTab
) -> None:
    assert window.studio.model.layout.game != "snakes-of-wrath"
    design = window.studio.design()
    assert design.layout_path == first_layout("snakes-of-wrath")
    assert design.pack_folders[0] == tiles.path.parent
