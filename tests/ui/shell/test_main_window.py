"""The main window as a designer meets it: the status line, messages, keys and docks.

Companion of ``test_editor.py`` (same fixtures): these tests came out of a review of the
editor driven on a real X display.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar
from pytestqt.qtbot import QtBot

from editor.ui.shell.main_window import MainWindow
from tests.ui.test_editor import click, key


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    return open_window(crab_file)


def hover(qtbot: QtBot, window: MainWindow, label: str) -> None:
    view = window.board_view
    qtbot.mouseMove(view.viewport(), view.scene_point_of(label))


def show_tab(window: MainWindow, title: str) -> None:
    """Click the tab of a dock that shares its place with others."""
    for bar in window.findChildren(QTabBar):
        titles = [bar.tabText(i) for i in range(bar.count())]
        if title in titles:
            bar.setCurrentIndex(titles.index(title))
            return
    raise AssertionError(f"no tab {title!r}")


def current_tab(window: MainWindow, title: str) -> str:
    """The tab shown now in the group of docks that has a tab ``title``."""
    for bar in window.findChildren(QTabBar):
        if title in [bar.tabText(i) for i in range(bar.count())]:
            return bar.tabText(bar.currentIndex())
    raise AssertionError(f"no tab {title!r}")


def test_the_status_line_tells_the_hovered_stack_after_an_edit(
    qtbot: QtBot, window: MainWindow
) -> None:
    hover(qtbot, window, "E4")
    assert window.hover_label.text() == "E4: water"
    click(qtbot, window, "E4")  # the Stack tool with Beach, the mouse still over E4
    assert window.model.stack("E4") == ("beach",)
    assert window.hover_label.text() == "E4: Beach"
    window.undo_stack.undo()
    assert window.hover_label.text() == "E4: water"


def test_a_refused_file_names_each_problem_once_with_line_and_column(
    window: MainWindow, prompts, bad_dir: Path
) -> None:
    assert not window.files.open_file(bad_dir / "layouts" / "syntax.layout.yaml")
    kind, text = prompts.asked[-1]
    assert kind == "error"
    lines = text.splitlines()
    assert lines[0] == "syntax.layout.yaml cannot be opened as a layout:"
    assert len(lines) == 2
    assert ":8:5: error yaml-syntax:" in lines[1]


def test_a_file_that_is_no_layout_is_refused_with_its_place(
    window: MainWindow, prompts, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("just some notes\n", encoding="utf-8")
    assert not window.files.open_file(notes)
    kind, text = prompts.asked[-1]
    assert kind == "error"
    assert text.splitlines()[1].startswith(f"{notes}:1:1: error ")
    assert window.model.layout.id == "crustacean"


def test_saving_into_a_folder_that_refuses_says_why_and_keeps_the_work(
    qtbot: QtBot, window: MainWindow, prompts, crab_file: Path, monkeypatch
) -> None:
    before = crab_file.read_text(encoding="utf-8")
    click(qtbot, window, "E4")
    folder = crab_file.parent / "locked"

    def refuse(path: Path, text: str) -> None:
        # what the atomic writer raises in a read-only folder (it names its temporary file)
        raise PermissionError(13, "Permission denied", str(path.parent / ".x.layout.yaml.tmp"))

    monkeypatch.setattr("editor.ui.shell.file_actions.write_text_atomic", refuse)
    prompts.save_paths = [folder / "crab.layout.yaml"]
    assert not window.files.save_as()
    kind, text = prompts.asked[-1]
    assert kind == "error"
    assert (
        text.splitlines()[0]
        == f"crab.layout.yaml could not be saved in {folder}: Permission denied."
    )
    assert ".tmp" not in text
    assert "Save As" in text
    assert window.isWindowModified()
    assert window.model.path == crab_file
    assert window.model.stack("E4") == ("beach",)
    assert crab_file.read_text(encoding="utf-8") == before


def test_clicking_a_problem_brings_the_inspector_forward(qtbot: QtBot, window: MainWindow) -> None:
    window.board.choose_tile_index(2)  # Mountain
    click(qtbot, window, "L1")  # a mountain on the sea floor
    window.run_checks()
    panel = window.problems_panel
    row = next(i for i, d in enumerate(panel.diagnostics) if d.code == "illegal-stack")
    show_tab(window, "Statistics")  # the designer was reading the statistics
    assert current_tab(window, "Space") == "Statistics"
    item = panel.list.item(row)
    rect = panel.list.visualItemRect(item)
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.board_view.board_scene.selected == "L1"
    qtbot.waitUntil(lambda: current_tab(window, "Space") == "Space")
    assert window.inspector.title.text() == "L1"


def test_delete_clears_the_selected_space_and_undo_brings_it_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    key(qtbot, window, "v")
    click(qtbot, window, "D3")
    qtbot.keyClick(window.board_view, Qt.Key.Key_Delete)
    assert window.model.stack("D3") == ()
    assert window.undo_stack.undoText() == "Clear D3"
    assert window.isWindowModified()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.stack("D3") == ("beach", "meadow", "mountain")


def test_delete_in_a_text_field_or_the_stack_list_leaves_the_board_alone(
    qtbot: QtBot, window: MainWindow
) -> None:
    key(qtbot, window, "v")
    click(qtbot, window, "D3")
    edit = window.inspector.name_edit
    edit.setFocus()
    edit.setCursorPosition(0)
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    assert edit.text() == "rustacean"
    stack_list = window.inspector.stack_list
    stack_list.setFocus()
    stack_list.setCurrentRow(0)
    qtbot.keyClick(stack_list, Qt.Key.Key_Delete)
    assert window.model.stack("D3") == ("beach", "meadow", "mountain")


def test_delete_with_nothing_selected_says_so(qtbot: QtBot, window: MainWindow) -> None:
    window.board_view.setFocus()
    qtbot.keyClick(window.board_view, Qt.Key.Key_Delete)
    assert window.undo_stack.count() == 0
    assert window.statusBar().currentMessage() == "Select a space to clear it"


def test_restored_work_is_announced_on_the_status_line(
    qtbot: QtBot, open_window, crab_file: Path, prompts
) -> None:
    crashed = open_window(crab_file)
    click(qtbot, crashed, "A1")
    assert crashed.autosave.now()
    prompts.recovers = [True]
    second = open_window(crab_file)
    assert second.files.offer_recovery()
    message = second.statusBar().currentMessage()
    assert message.startswith("Restored the unsaved work on Crustacean (crab.layout.yaml)")
    assert message.endswith("; save it to keep it")


def test_the_first_window_fits_a_small_screen(
    qtbot: QtBot, prompts, settings_file: Path, tmp_path: Path
) -> None:
    from PySide6.QtCore import QSettings

    from editor.ui.shell.app import make_window

    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    window = make_window(None, settings=settings, prompts=prompts, data_dir=tmp_path / "data")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    room = window.screen().availableGeometry()  # the offscreen screen is 800x800
    assert room.width() < 1280
    assert room.contains(window.frameGeometry())
    assert window.board_view.width() > 200


@pytest.mark.parametrize(
    "name",
    ["duplicate-key", "land-cut-off", "tokens-and-starts", "illegal-stack", "stock-exceeded"],
)
def test_an_opened_file_shows_exactly_what_validate_reports(
    open_window, bad_dir: Path, name: str
) -> None:
    from editor.core.workspace import load_workspace

    path = bad_dir / "layouts" / f"{name}.layout.yaml"
    expected = [d.format() for d in load_workspace([path]).report()]
    window = open_window(path)
    assert sorted(d.format() for d in window.diagnostics) == sorted(expected)
    assert window.problems_panel.count() == len(expected)


def test_problems_of_an_unsaved_edit_follow_the_text_a_save_writes(
    qtbot: QtBot, open_window, bad_dir: Path, tmp_path: Path, prompts
) -> None:
    from editor.core.workspace import load_workspace

    def codes() -> list[str]:
        # the small file also seats too few snails for a full table, edited or not
        return [d.code for d in window.diagnostics if d.code != "too-small"]

    window = open_window(bad_dir / "layouts" / "duplicate-key.layout.yaml")
    assert codes() == ["duplicate-key"]
    click(qtbot, window, "D6")  # any edit: the file will be written without the duplicate
    window.run_checks()
    assert codes() == []
    window.undo_stack.undo()  # back as opened: the file's own problem again
    window.run_checks()
    assert codes() == ["duplicate-key"]
    click(qtbot, window, "D6")
    target = tmp_path / "fixed.layout.yaml"
    prompts.save_paths = [target]
    assert window.files.save_as()
    expected = [d.format() for d in load_workspace([target]).report()]
    assert [d.format() for d in window.diagnostics] == expected


def test_a_folder_is_not_opened_as_its_first_layout(
    window: MainWindow, prompts, crab_file: Path
) -> None:
    folder = crab_file.parent  # holds crab.layout.yaml
    assert not window.files.open_file(folder)
    kind, text = prompts.asked[-1]
    assert kind == "error"
    assert text == f"{folder} is a folder; choose a layout file (*.layout.yaml)"
    assert window.model.path == crab_file
    assert folder.resolve() not in window.recent.files()
