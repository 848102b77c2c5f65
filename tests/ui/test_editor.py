"""The layout editor driven like a designer would: clicks and drags on the board, keys, menus.

Every test uses a real window (offscreen) on a copy of the Crustacean layout; questions the
window asks are answered by the scripted prompts of ``conftest.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, QSettings, Qt
from PySide6.QtGui import QImage, QKeySequence
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.layouts import dump_layout
from editor.studio.layout_files import open_layout
from editor.studio.tools import Tool
from editor.ui.board.board_view import LabelMode
from editor.ui.shell.main_window import MainWindow
from tests.conftest import SQUARE_DATA
from tests.ui.conftest import ScriptedPrompts, WindowFactory

CRAB_D3 = ("beach", "meadow", "mountain")


def click(qtbot: QtBot, window: MainWindow, label: str) -> None:
    view = window.board_view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.scene_point_of(label))


def drag(qtbot: QtBot, window: MainWindow, labels: list[str]) -> None:
    """Press on the first space, move through the others, release on the last."""
    view = window.board_view
    port = view.viewport()
    qtbot.mousePress(port, Qt.MouseButton.LeftButton, pos=view.scene_point_of(labels[0]))
    for label in labels[1:]:
        qtbot.mouseMove(port, view.scene_point_of(label))
    qtbot.mouseRelease(port, Qt.MouseButton.LeftButton, pos=view.scene_point_of(labels[-1]))


def key(qtbot: QtBot, window: MainWindow, text: str) -> None:
    window.activateWindow()
    window.board_view.setFocus()
    qtbot.keyClicks(window.board_view, text)


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    return open_window(crab_file)


# --- start ----------------------------------------------------------------------------------


def test_opens_on_the_bundled_crustacean_by_default(open_window) -> None:
    win = open_window()
    assert win.model.layout.id == "crustacean"
    assert win.windowTitle() == "crustacean.layout.yaml[*] — Seastack"
    assert not win.isWindowModified()
    assert win.summary_label.text() == "26 land spaces · 48 tiles · no problems"
    docks = {d.objectName() for d in (win.palette_dock, win.inspector_dock, win.history_dock)}
    assert docks == {"PaletteDock", "InspectorDock", "HistoryDock"}


def test_menus_and_shortcuts(window: MainWindow) -> None:
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles[:5] == ["&File", "&Edit", "&View", "&Tools", "&Help"] or titles[:5] == [
        "&File",
        "&Edit",
        "&View",
        "&Tools",
        "&Window",
    ]
    assert window.undo_action.shortcut() == QKeySequence("Ctrl+Z")
    assert QKeySequence("Ctrl+Shift+Z") in window.redo_action.shortcuts()
    shortcuts = {t: a.shortcut().toString() for t, a in window.palette.tool_actions.items()}
    assert shortcuts == {
        Tool.SELECT: "V",
        Tool.STACK: "S",
        Tool.REMOVE: "R",
        Tool.CLEAR: "C",
        Tool.PICK: "I",
        Tool.PAINT: "P",
    }


# --- tools on the board ---------------------------------------------------------------------


def test_stack_a_tile_by_clicking(qtbot: QtBot, window: MainWindow) -> None:
    assert window.palette.tool is Tool.STACK
    assert window.palette.tile == "beach"
    click(qtbot, window, "A1")
    assert window.model.stack("A1") == ("beach",)
    assert window.board_view.board_scene.item_for("A1").stack == ["beach"]
    assert window.undo_stack.undoText() == "Stack Beach on A1"
    assert window.undo_action.text() == "&Undo Stack Beach on A1"
    assert window.isWindowModified()
    # the bundled packs hold 26 beaches and Crustacean places them all: now one too many
    assert window.palette.line_texts()[0] == "1  Beach 27 of 26 placed  ⚠ over"
    assert window.inspector.title.text() == "A1"


def test_keys_choose_tools_and_tile_types(qtbot: QtBot, window: MainWindow) -> None:
    key(qtbot, window, "2")
    assert window.palette.tile == "meadow"
    click(qtbot, window, "B4")
    assert window.model.stack("B4") == ("beach", "meadow")
    key(qtbot, window, "r")
    assert window.palette.tool is Tool.REMOVE
    click(qtbot, window, "D3")
    assert window.model.stack("D3") == ("beach", "meadow")
    assert window.undo_stack.undoText() == "Remove top tile of D3"
    key(qtbot, window, "c")
    click(qtbot, window, "D4")
    assert window.model.stack("D4") == ()
    assert window.undo_stack.count() == 3


def test_select_tool_changes_nothing(qtbot: QtBot, window: MainWindow) -> None:
    key(qtbot, window, "v")
    click(qtbot, window, "D3")
    assert window.model.stack("D3") == CRAB_D3
    assert window.undo_stack.count() == 0
    assert window.inspector.stack_lines()[0].startswith("3. Mountain (top)")
    assert window.inspector.stack_lines()[2].startswith("1. Beach (bottom)")


def test_eyedropper_then_paint_drag_is_one_command(qtbot: QtBot, window: MainWindow) -> None:
    key(qtbot, window, "i")
    click(qtbot, window, "D3")
    assert window.palette.tool is Tool.PAINT
    assert "Beach › Meadow › Mountain" in window.palette.stamp_label.text()
    drag(qtbot, window, ["K2", "K3", "K4", "K5"])
    for label in ("K2", "K3", "K4", "K5"):
        assert window.model.stack(label) == CRAB_D3
        assert window.board_view.board_scene.item_for(label).stack == list(CRAB_D3)
    assert window.undo_stack.count() == 1
    assert window.undo_stack.undoText() == "Paint 4 spaces"

    window.undo_action.trigger()
    assert all(window.model.stack(lb) == () for lb in ("K2", "K3", "K4", "K5"))
    assert window.board_view.board_scene.item_for("K4").stack == []
    assert not window.isWindowModified()
    window.redo_action.trigger()
    assert window.model.stack("K5") == CRAB_D3
    assert window.isWindowModified()


def test_a_fast_drag_misses_no_space(qtbot: QtBot, window: MainWindow) -> None:
    key(qtbot, window, "1")
    drag(qtbot, window, ["A2", "A9"])  # one jump across seven spaces
    assert [lb for lb in window.model.layout.spaces if lb.startswith("A")] == [
        f"A{row}" for row in range(2, 10)
    ]
    assert window.undo_stack.undoText() == "Stack Beach on 8 spaces"


def test_undo_and_redo_with_the_keyboard(qtbot: QtBot, window: MainWindow) -> None:
    before = window.model.text()
    click(qtbot, window, "A1")
    click(qtbot, window, "A1")
    assert window.model.stack("A1") == ("beach", "beach")
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.stack("A1") == ("beach",)
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.text() == before
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, shift_ctrl)
    assert window.model.stack("A1") == ("beach",)
    assert window.history.model().rowCount() == 3  # <opened> and the two stacks


def test_middle_drag_pans_and_does_not_edit(qtbot: QtBot, window: MainWindow) -> None:
    view = window.board_view
    view.zoom_by(3)
    # zooming keeps the point under the mouse, wherever an earlier test left it: centre the
    # board so that the drag has room to scroll
    view.centerOn(view.board_scene.sceneRect().center())
    start = (view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    port = view.viewport()
    centre = port.rect().center()
    qtbot.mousePress(port, Qt.MouseButton.MiddleButton, pos=centre)
    qtbot.mouseMove(port, centre + centre / 4)
    qtbot.mouseRelease(port, Qt.MouseButton.MiddleButton, pos=centre + centre / 4)
    assert (view.horizontalScrollBar().value(), view.verticalScrollBar().value()) != start
    assert window.undo_stack.count() == 0


# --- rotate and mirror ----------------------------------------------------------------------


def test_mirror_and_undo(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "B2")  # the crab is symmetric: make it lopsided first
    original = dict(window.model.layout.spaces)
    expected, lost = window.model.transformed(0, True)
    assert lost == []
    assert window.board.transform(0, True)
    assert window.model.layout.spaces == expected.spaces != original
    assert window.model.stack("B2") == ()
    assert window.board_view.board_scene.item_for("B2").stack == []
    assert sorted(map(len, window.model.layout.spaces.values())) == sorted(
        map(len, original.values())
    )
    assert window.undo_stack.undoText() == "Mirror layout"
    window.undo_action.trigger()
    assert window.model.layout.spaces == original
    assert window.board_view.board_scene.item_for("B2").stack == ["beach"]


def test_rotating_asks_before_stacks_fall_off(
    qtbot: QtBot, window: MainWindow, prompts: ScriptedPrompts
) -> None:
    click(qtbot, window, "A1")
    click(qtbot, window, "L10")
    original = dict(window.model.layout.spaces)
    prompts.confirms = [False, True]
    assert not window.board.transform(1, False)
    assert window.model.layout.spaces == original
    assert prompts.asked[-1] == (
        "confirm",
        "The stacks on A1, L10 would fall off the board and be lost."
        " Rotate layout 60° clockwise anyway?",
    )
    assert window.board.transform(1, False)
    assert len(window.model.layout.spaces) == len(original) - 2
    assert window.undo_stack.undoText() == "Rotate layout 60° clockwise (drops A1, L10)"
    window.undo_action.trigger()
    assert window.model.layout.spaces == original


def test_a_turn_that_loses_nothing_asks_nothing(
    window: MainWindow, prompts: ScriptedPrompts
) -> None:
    original = dict(window.model.layout.spaces)
    assert window.board.transform(-1, False)
    assert prompts.asked == []
    assert len(window.model.layout.spaces) == len(original)
    assert window.undo_stack.undoText() == "Rotate layout 60° counterclockwise"


# --- inspector ------------------------------------------------------------------------------


def test_inspector_edits_are_undo_commands(window: MainWindow) -> None:
    inspector = window.inspector
    window.board.select_space("D4")
    assert inspector.title.text() == "D4"
    inspector.choose_tile("mountain")
    inspector.add_button.click()
    assert window.model.stack("D4") == CRAB_D3
    assert window.undo_stack.undoText() == "Stack Mountain on D4"
    inspector.select_level(0)
    inspector.up_button.click()
    assert window.model.stack("D4") == ("meadow", "beach", "mountain")
    assert window.undo_stack.undoText() == "Move Beach up in D4"
    inspector.select_level(2)
    inspector.remove_button.click()
    assert window.model.stack("D4") == ("meadow", "beach")
    inspector.select_level(0)
    inspector.choose_tile("beach")
    inspector.change_button.click()
    assert window.model.stack("D4") == ("beach", "beach")
    assert window.undo_stack.count() == 4
    for _ in range(4):
        window.undo_action.trigger()
    assert window.model.stack("D4") == ("beach", "meadow")
    assert (
        "back: dealt at random from Blank 20, Twin barrels 3, Fertilizers 3"
        in (inspector.stack_lines()[1])
    )


def test_rename_in_the_inspector(window: MainWindow) -> None:
    window.inspector.name_edit.setText("Big crab")
    window.inspector.name_edit.editingFinished.emit()
    assert window.model.layout.name == "Big crab"
    assert "name: Big crab" in window.model.text()
    window.undo_action.trigger()
    assert window.model.layout.name == "Crustacean"


# --- view options ---------------------------------------------------------------------------


def test_l_cycles_the_label_modes_from_the_keyboard(qtbot: QtBot, window: MainWindow) -> None:
    scene = window.board_view.board_scene
    assert scene.label_mode is LabelMode.ALWAYS
    seen = []
    for _ in range(3):
        key(qtbot, window, "l")
        seen.append(scene.label_mode)
    assert seen == [LabelMode.HOVER, LabelMode.OFF, LabelMode.ALWAYS]
    assert window.label_actions[LabelMode.ALWAYS].isChecked()
    # the View > Labels menu shows the key
    assert window.cycle_labels_action.shortcut() == QKeySequence("L")
    labels_menu = next(
        a.menu() for a in window.menuBar().actions()[2].menu().actions() if a.text() == "&Labels"
    )
    assert window.cycle_labels_action in labels_menu.actions()


def test_label_modes_and_backs(window: MainWindow) -> None:
    item = window.board_view.board_scene.item_for("B2")
    assert item.label_shown()
    window.board.set_label_mode(LabelMode.HOVER)
    assert not item.label_shown()
    item.hovered = True
    assert item.label_shown()
    window.board.set_label_mode(LabelMode.OFF)
    assert not item.label_shown()
    d3 = window.board_view.board_scene.item_for("D3")
    assert d3.tile_marks is None
    window.backs_action.trigger()
    assert d3.tile_marks == ["?", "?", "?"]


# --- files ----------------------------------------------------------------------------------


def test_save_then_reopen_gives_the_same_layout(
    qtbot: QtBot, window: MainWindow, crab_file: Path
) -> None:
    click(qtbot, window, "A1")
    key(qtbot, window, "r")
    click(qtbot, window, "D3")
    assert window.isWindowModified()
    assert window.files.save()
    assert not window.isWindowModified()
    text = crab_file.read_text(encoding="utf-8")
    assert text == window.model.text()
    assert "  A1: [beach]\n" in text
    assert "  D3: [beach, meadow]\n" in text
    reopened = open_layout(crab_file)
    assert reopened.layout is not None
    assert reopened.layout.spaces == window.model.layout.spaces
    # saved outside the repository: no $schema line that would not resolve there
    assert dump_layout(reopened.layout, header=None) == text
    assert window.recent.files()[0] == crab_file.resolve()
    # undoing past the save point makes the window dirty again
    window.undo_action.trigger()
    assert window.isWindowModified()


def test_the_bundled_layout_is_saved_elsewhere(
    open_window, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    win = open_window()
    win.board.transform(0, True)
    target = tmp_path / "mine.layout.yaml"
    prompts.save_paths = [target]
    assert win.files.save()
    assert prompts.asked[-1][0] == "save as"
    assert target.exists()
    assert win.model.path == target
    assert win.windowTitle() == "mine.layout.yaml[*] — Seastack"


def test_closing_with_unsaved_work_asks(
    qtbot: QtBot, window: MainWindow, prompts: ScriptedPrompts, crab_file: Path
) -> None:
    original = crab_file.read_text(encoding="utf-8")
    click(qtbot, window, "A1")
    prompts.unsaved_answers = ["cancel"]
    assert not window.close()
    assert window.isVisible()
    assert prompts.asked[-1] == ("unsaved", "crab.layout.yaml")
    prompts.unsaved_answers = ["save"]
    assert window.close()
    assert crab_file.read_text(encoding="utf-8") != original
    assert "A1: [beach]" in crab_file.read_text(encoding="utf-8")


def test_discarding_on_close_leaves_the_file(
    qtbot: QtBot, window: MainWindow, prompts: ScriptedPrompts, crab_file: Path
) -> None:
    original = crab_file.read_text(encoding="utf-8")
    click(qtbot, window, "A1")
    prompts.unsaved_answers = ["discard"]
    assert window.close()
    assert crab_file.read_text(encoding="utf-8") == original


def test_opening_another_file_asks_first(
    qtbot: QtBot, window: MainWindow, prompts: ScriptedPrompts, repo_root: Path
) -> None:
    click(qtbot, window, "A1")
    robot = repo_root / "layouts" / "robot.layout.yaml"
    prompts.unsaved_answers = ["cancel", "discard"]
    assert not window.files.open_file(robot)
    assert window.model.layout.id == "crustacean"
    assert window.files.open_file(robot)
    assert window.model.layout.id == "robot"
    assert window.undo_stack.count() == 0
    assert not window.isWindowModified()


def test_file_open_on_a_content_file_opens_it_in_a_tab_and_keeps_the_layout(
    qtbot: QtBot, window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    click(qtbot, window, "A1")  # an unsaved edit: a content file does not put it at risk
    cards = tmp_path / "cards.yaml"
    cards.write_text("cards: []\n", "utf-8")
    prompts.open_paths = [cards]
    assert window.files.open_file()
    assert [kind for kind, _ in prompts.asked] == ["open"]  # no question about the layout
    tab = window.documents.current()
    assert tab is not None and tab.path == cards.resolve()
    assert window.model.layout.id == "crustacean"
    assert window.is_dirty
    # a dialog closed without a choice asks nothing more
    prompts.open_paths = [None]
    assert not window.files.open_file()
    assert [kind for kind, _ in prompts.asked] == ["open", "open"]


def test_a_broken_file_is_refused_with_its_problems(
    window: MainWindow, prompts: ScriptedPrompts, bad_dir: Path
) -> None:
    assert not window.files.open_file(bad_dir / "layouts" / "syntax.layout.yaml")
    kind, text = prompts.asked[-1]
    assert kind == "error"
    assert "syntax.layout.yaml" in text
    assert window.model.layout.id == "crustacean"


def test_new_layout_on_a_chosen_board(window: MainWindow, prompts: ScriptedPrompts) -> None:
    prompts.texts = ["New layout"]  # File > New asks the name first (tests/ui/shell)
    prompts.boards = ["snails-expert"]
    assert window.files.new_file()
    kind, offered = prompts.asked[-1]
    assert kind == "board"
    # every bundled board is offered, whatever its game
    assert offered.split(", ") == ["snails-expert", "snakes-table", "snit-beach"]
    assert window.model.layout.spaces == {}
    assert window.model.path is None
    assert window.windowTitle() == "New layout (unsaved)[*] — Seastack"
    assert len(window.board_view.board_scene.space_items) == 120
    assert window.palette.line_texts()[2] == "3  Mountain 0 of 8 placed"


def test_settings_remember_the_window(
    open_window, crab_file: Path, settings_file: Path, qtbot: QtBot
) -> None:
    first = open_window(crab_file)
    first.resize(1000, 700)
    first.board.set_label_mode(LabelMode.HOVER)
    first.palette_dock.hide()
    first.close()
    assert settings_file.exists()
    second = open_window(crab_file)
    assert second.board_view.board_scene.label_mode is LabelMode.HOVER
    assert second.palette_dock.isHidden()
    assert QSettings(str(settings_file), QSettings.Format.IniFormat).value("labels") == "hover"


# --- live checks ----------------------------------------------------------------------------


def test_problems_follow_the_edits(qtbot: QtBot, window: MainWindow) -> None:
    assert window.diagnostics == []
    click(qtbot, window, "A1")  # a 27th beach: more than the packs hold
    qtbot.waitUntil(lambda: any(d.code == "stock-exceeded" for d in window.diagnostics))
    assert "1 problem" in window.summary_label.text()
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: window.diagnostics == [])
    assert window.summary_label.text().endswith("no problems")


# --- autosave -------------------------------------------------------------------------------


def test_autosave_is_offered_back_after_a_crash(
    qtbot: QtBot, open_window, crab_file: Path, prompts: ScriptedPrompts
) -> None:
    crashed = open_window(crab_file)
    click(qtbot, crashed, "A1")
    assert crashed.autosave.now()
    left_behind = crashed.autosave.autosaver.file
    assert left_behind.exists()
    edited = crashed.model.text()
    # the crashed editor is gone from the screen: its watch must not ask about the save below
    crashed.hide()

    # a second editor starts while the first never closed (as after a crash)
    prompts.recovers = [True]
    second = open_window(crab_file)
    assert second.files.offer_recovery()
    assert prompts.asked[-1][0] == "recover"
    assert "crab.layout.yaml" in prompts.asked[-1][1]
    assert second.model.text() == edited
    assert second.model.stack("A1") == ("beach",)
    assert second.model.path == crab_file
    assert second.isWindowModified()
    assert not left_behind.exists()
    assert second.autosave.autosaver.file.exists()  # the restored work is kept safe again
    assert "A1" not in crab_file.read_text(encoding="utf-8")
    assert second.files.save()
    assert not second.autosave.autosaver.file.exists()
    assert "A1: [beach]" in crab_file.read_text(encoding="utf-8")


def test_declined_autosave_is_thrown_away(
    qtbot: QtBot, open_window, crab_file: Path, prompts: ScriptedPrompts
) -> None:
    crashed = open_window(crab_file)
    click(qtbot, crashed, "A1")
    crashed.autosave.now()
    prompts.recovers = [False]
    second = open_window(crab_file)
    assert not second.files.offer_recovery()
    assert not crashed.autosave.autosaver.file.exists()
    assert second.model.stack("A1") == ()


def test_autosave_follows_the_edits_and_goes_on_save(qtbot: QtBot, window: MainWindow) -> None:
    assert not window.autosave.now()  # nothing unsaved
    click(qtbot, window, "A1")
    qtbot.waitUntil(window.autosave.autosaver.file.exists, timeout=10000)  # the debounce fired
    assert window.files.save()
    assert not window.autosave.autosaver.file.exists()


def test_a_never_saved_layout_is_restored_too(
    qtbot: QtBot, open_window, crab_file: Path, prompts: ScriptedPrompts
) -> None:
    crashed = open_window(crab_file)
    prompts.texts = ["New layout"]
    prompts.boards = ["snails-expert"]
    crashed.files.new_file()
    click(qtbot, crashed, "F5")
    crashed.autosave.now()
    prompts.recovers = [True]
    second = open_window(crab_file)
    assert second.files.offer_recovery()
    assert second.model.path is None
    assert second.model.layout.spaces == {"F5": ("beach",)}
    assert second.isWindowModified()


# --- the Problems and Statistics panels, and images -----------------------------------------


def test_a_problem_appears_clears_and_leads_to_its_space(qtbot: QtBot, window: MainWindow) -> None:
    panel = window.problems_panel
    assert panel.count() == 0
    key(qtbot, window, "3")
    assert window.palette.tile == "mountain"
    click(qtbot, window, "L1")  # a mountain straight on the sea floor
    qtbot.waitUntil(lambda: panel.count() > 0)
    codes = {d.code for d in panel.diagnostics}
    assert "illegal-stack" in codes
    row = next(i for i, d in enumerate(panel.diagnostics) if d.code == "illegal-stack")
    assert panel.space_of(row) == "L1"
    assert window.problems_dock.windowTitle().startswith("Problems")
    window.board.select_space("A1")
    panel.space_activated.emit(panel.space_of(row))
    assert window.board_view.board_scene.selected == "L1"
    assert window.inspector.title.text() == "L1"
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: panel.count() == 0)


def test_statistics_follow_the_edits(qtbot: QtBot, window: MainWindow) -> None:
    before = window.statistics_panel.text()
    assert before
    key(qtbot, window, "c")
    click(qtbot, window, "D3")
    qtbot.waitUntil(lambda: window.statistics_panel.text() != before)


def test_export_image(window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path) -> None:
    target = tmp_path / "crab.png"
    prompts.export_paths = [target, tmp_path / "crab.svg", tmp_path / "crab.gif"]
    assert window.files.export()
    image = QImage(str(target))
    assert not image.isNull()
    assert image.width() > 100
    assert window.files.export()
    assert (tmp_path / "crab.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert not window.files.export()
    assert prompts.asked[-1][0] == "error"
    assert "crab.gif" in prompts.asked[-1][1]


def test_an_export_writes_labels_only_when_they_always_show(
    window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    images: dict[LabelMode, bytes] = {}
    for mode in LabelMode:
        window.board.set_label_mode(mode)
        target = tmp_path / f"{mode.value}.png"
        prompts.export_paths = [target]
        assert window.files.export()
        images[mode] = target.read_bytes()
    # nothing is hovered in an image: "on hover" writes no label, as "off" does
    assert images[LabelMode.HOVER] == images[LabelMode.OFF]
    assert images[LabelMode.ALWAYS] != images[LabelMode.OFF]


def test_space_and_drag_pans_instead_of_painting(qtbot: QtBot, window: MainWindow) -> None:
    view = window.board_view
    view.zoom_by(3)
    # zooming keeps the point under the mouse, wherever an earlier test left it: centre the
    # board so that the drag has room to scroll
    view.centerOn(view.board_scene.sceneRect().center())
    start = (view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    view.setFocus()
    qtbot.keyPress(view, Qt.Key.Key_Space)
    drag(qtbot, window, ["E5", "F7"])
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    assert (view.horizontalScrollBar().value(), view.verticalScrollBar().value()) != start
    assert window.undo_stack.count() == 0
    assert not view.panning


def test_recent_files_menu_reopens(
    window: MainWindow, crab_file: Path, repo_root: Path, tmp_path: Path
) -> None:
    other = tmp_path / "robot.layout.yaml"
    other.write_text((repo_root / "layouts" / "robot.layout.yaml").read_text(encoding="utf-8"))
    assert window.files.open_file(other)
    assert window.files.open_file(crab_file)
    assert window.recent.files()[:2] == [crab_file.resolve(), other.resolve()]
    window.recent.fill_menu()
    actions = window.recent.menu.actions()
    # each name with its folder (tests/ui/shell/test_recent_files.py)
    assert [a.text().split(" — ")[0] for a in actions[:2]] == [
        "&1 crab.layout.yaml",
        "&2 robot.layout.yaml",
    ]
    actions[1].trigger()
    assert window.model.layout.id == "robot"


def test_the_cursor_tells_the_tool(qtbot: QtBot, window: MainWindow) -> None:
    port = window.board_view.viewport()
    assert port.cursor().shape() == Qt.CursorShape.PointingHandCursor  # Stack
    key(qtbot, window, "i")
    assert port.cursor().shape() == Qt.CursorShape.CrossCursor
    key(qtbot, window, "v")
    assert port.cursor().shape() == Qt.CursorShape.ArrowCursor


@pytest.mark.parametrize(
    "name", ["unknown-board-and-pack", "off-board", "unknown-tile", "illegal-stack"]
)
def test_layouts_with_problems_open_and_list_them(
    qtbot: QtBot, window: MainWindow, prompts: ScriptedPrompts, bad_dir: Path, name: str
) -> None:
    assert window.files.open_file(bad_dir / "layouts" / f"{name}.layout.yaml")
    assert window.problems_panel.count() > 0
    assert window.model.labels  # something to draw and edit
    label = next(iter(window.model.labels))
    key(qtbot, window, "s")
    before = window.model.stack(label)
    click(qtbot, window, label)
    assert window.model.stack(label) == (*before, "beach")
    window.undo_action.trigger()
    assert window.model.stack(label) == before


def test_a_layout_without_a_known_board_cannot_be_turned(
    window: MainWindow, prompts: ScriptedPrompts, bad_dir: Path
) -> None:
    assert window.files.open_file(bad_dir / "layouts" / "unknown-board-and-pack.layout.yaml")
    assert not window.board.transform(1, False)
    assert prompts.asked[-1] == ("error", "no board 'snails-beginner' to turn the layout on")


def test_a_layout_on_an_unknown_board_is_fitted_at_a_boards_scale_and_says_so(
    window: MainWindow, bad_dir: Path
) -> None:
    known = window.board_view.current_scale()
    assert window.files.open_file(bad_dir / "layouts" / "unknown-board-and-pack.layout.yaml")
    view = window.board_view
    # one space is drawn, not blown up to fill the window
    assert list(view.board_scene.space_items) == ["D4"]
    hex_width = view.mapFromScene(QRectF(0, 0, 80, 80)).boundingRect().width()
    assert hex_width < view.viewport().width() / 5
    assert view.current_scale() <= known * 1.5
    assert window.summary_label.text().startswith(
        "unknown board 'snails-beginner' (only its spaces shown) · 1 land space"
    )


def test_typing_a_name_does_not_switch_tools(qtbot: QtBot, window: MainWindow) -> None:
    edit = window.inspector.name_edit
    window.activateWindow()
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "Crabs 2")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert window.palette.tool is Tool.STACK
    assert window.palette.tile == "beach"
    assert window.model.layout.name == "Crabs 2"
    assert window.undo_stack.undoText() == "Rename layout"


# --- tile backs, tokens and start spaces in the inspector ------------------------------------


def choose_back(window: MainWindow, back: str | None) -> None:
    """Pick a back in the inspector's chooser as a user does (``activated`` fires)."""
    combo = window.inspector.back_choice
    index = combo.findData(back)
    assert index >= 0, [combo.itemText(i) for i in range(combo.count())]
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def test_pin_a_back_add_a_token_mark_a_start_undo_save_reopen(
    window: MainWindow, crab_file: Path
) -> None:
    inspector = window.inspector
    scene = window.board_view.board_scene
    window.board.set_show_backs(True)
    window.board.select_space("D5")  # beach, meadow
    inspector.select_level(1)
    combo = inspector.back_choice
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Dealt at random",
        "Blank (10 in stock)",
        "Turnip (1 in stock)",
        "Turnip and a card (1 in stock)",
        "Eggshells (2 in stock)",
    ]
    choose_back(window, "eggshells")
    assert window.model.layout.value("backs") == {"D5": (None, "eggshells")}
    assert window.undo_stack.undoText() == "Pin Eggshells on Meadow (tile 2 of 2) of D5"
    assert "back: Eggshells (pinned)" in inspector.stack_lines()[0]
    assert scene.item_for("D5").tile_marks == ["?", "Eg"]

    inspector.count_spins["tokens"]["fire"].stepUp()
    assert window.model.layout.value("tokens") == {"D5": {"fire": 1}}
    assert window.undo_stack.undoText() == "Fire tokens on D5: 1"
    assert scene.item_for("D5").counters == ["fire"]
    assert inspector.count_texts["tokens"].text() == "<b>Tokens:</b> 1 Fire"

    assert not inspector.mark_checks["starts"].isChecked()
    inspector.mark_checks["starts"].click()
    assert window.model.layout.value("starts") == ("D5",)
    assert window.undo_stack.undoText() == "Mark D5 as a start space"
    assert scene.item_for("D5").badge == "S"
    assert scene.item_for("D5").toolTip() == "D5: beach, meadow\ntokens: 1 fire\nstart space"
    assert window.undo_stack.count() == 3

    edited = window.model.text()
    assert edited.endswith(
        "backs:\n  D5: [null, eggshells]\ntokens:\n  D5: {fire: 1}\nstarts: [D5]\n"
    )
    window.undo_action.trigger()
    assert (window.model.layout.value("starts"), scene.item_for("D5").badge) == ((), None)
    assert not inspector.mark_checks["starts"].isChecked()
    window.undo_action.trigger()
    assert (window.model.layout.value("tokens"), scene.item_for("D5").counters) == ({}, [])
    assert inspector.count_spins["tokens"]["fire"].value() == 0
    window.undo_action.trigger()
    assert (window.model.layout.value("backs"), scene.item_for("D5").tile_marks) == ({}, ["?", "?"])
    assert inspector.back_choice.currentData() is None
    # the copy's text as it was, less the bundled $schema line that does not resolve here
    header, rest = crab_file.read_text(encoding="utf-8").split("\n", 1)
    assert header.startswith("# yaml-language-server:") and window.model.text() == rest
    for _ in range(3):
        window.redo_action.trigger()
    assert window.model.text() == edited

    assert window.files.save()
    assert crab_file.read_text(encoding="utf-8") == edited
    reopened = open_layout(crab_file)
    # the one start space seats fewer snails than a full table brings: a warning, no error
    assert reopened.layout is not None
    assert [d.code for d in reopened.diagnostics] == ["too-small"]
    assert reopened.layout == window.model.layout
    assert reopened.layout.value("backs") == {"D5": (None, "eggshells")}
    assert reopened.layout.value("tokens") == {"D5": {"fire": 1}}
    assert reopened.layout.value("starts") == ("D5",)


def test_token_steps_merge_and_a_back_goes_back_to_random(window: MainWindow) -> None:
    inspector = window.inspector
    window.board.select_space("D4")
    spin = inspector.count_spins["tokens"]["fire"]
    spin.stepUp()
    spin.stepUp()
    assert window.model.layout.value("tokens") == {"D4": {"fire": 2}}
    assert window.undo_stack.count() == 1  # the arrows' steps are one edit
    assert window.undo_stack.undoText() == "Fire tokens on D4: 2"
    spin.setValue(0)  # typed: one more step of the same edit, which now changes nothing
    assert window.model.layout.value("tokens") == {}
    assert window.undo_stack.count() == 0
    assert not window.isWindowModified()
    inspector.select_level(0)
    choose_back(window, "twin-barrels")
    choose_back(window, None)
    assert window.model.layout.value("backs") == {}
    assert window.undo_stack.undoText() == "Deal the back of Beach (tile 1 of 2) on D4 at random"


def test_tools_keep_backs_with_their_tiles_and_clearing_drops_all(
    qtbot: QtBot, window: MainWindow
) -> None:
    inspector = window.inspector
    window.board.select_space("D3")  # beach, meadow, mountain
    inspector.select_level(2)
    choose_back(window, "salt-deposits")
    inspector.select_level(0)
    choose_back(window, "twin-barrels")
    inspector.count_spins["tokens"]["fire"].stepUp()
    inspector.mark_checks["starts"].click()
    layout = window.model.layout
    assert layout.value("backs") == {"D3": ("twin-barrels", None, "salt-deposits")}
    saved = window.model.text()

    # moving the mountain down a level takes its back along
    inspector.select_level(2)
    inspector.down_button.click()
    assert window.model.stack("D3") == ("beach", "mountain", "meadow")
    assert window.model.layout.value("backs") == {"D3": ("twin-barrels", "salt-deposits", None)}
    window.undo_action.trigger()

    # the Remove tool takes the top tile and its pinned back; tokens and start stay
    key(qtbot, window, "r")
    click(qtbot, window, "D3")
    layout = window.model.layout
    assert layout.spaces["D3"] == ("beach", "meadow")
    assert layout.value("backs") == {"D3": ("twin-barrels", None)}
    assert (layout.value("tokens"), layout.value("starts")) == ({"D3": {"fire": 1}}, ("D3",))
    window.undo_action.trigger()
    assert window.model.text() == saved

    # clearing makes water: no backs, tokens or start mark; undo brings every one back
    key(qtbot, window, "c")
    click(qtbot, window, "D3")
    layout = window.model.layout
    assert "D3" not in layout.spaces
    assert (layout.value("backs"), layout.value("tokens"), layout.value("starts")) == ({}, {}, ())
    item = window.board_view.board_scene.item_for("D3")
    assert (item.counters, item.badge) == ([], None)
    assert not inspector.mark_checks["starts"].isEnabled()
    assert not inspector.count_spins["tokens"]["fire"].isEnabled()
    window.undo_action.trigger()
    assert window.model.text() == saved
    assert (item.counters, item.badge) == (["fire"], "S")
    assert (
        inspector.mark_checks["starts"].isChecked()
        and inspector.count_spins["tokens"]["fire"].value() == 1
    )


def test_turning_the_layout_carries_backs_tokens_and_starts(window: MainWindow) -> None:
    inspector = window.inspector
    window.board.select_space("C4")  # a beach; mirrored about column F it lands on I4
    inspector.select_level(0)
    choose_back(window, "fertilizers")
    inspector.count_spins["tokens"]["damaged"].stepUp()
    inspector.mark_checks["starts"].click()
    assert window.board.transform(0, True)
    layout = window.model.layout
    assert (layout.value("backs"), layout.value("tokens"), layout.value("starts")) == (
        {"I4": ("fertilizers",)},
        {"I4": {"damaged": 1}},
        ("I4",),
    )
    assert window.board_view.board_scene.item_for("I4").badge == "S"
    assert window.board_view.board_scene.item_for("C4").badge is None


def test_turns_go_by_the_grids_step_and_a_spot_moves_in_one_command(
    open_window: WindowFactory, prompts: ScriptedPrompts, square_game: registry.Game
) -> None:
    window = open_window()
    assert isinstance(window, MainWindow)
    assert window.rotate_cw_action.text() == "Rotate Layout 60° &Clockwise"
    assert window.rotate_ccw_action.text() == "Rotate Layout 60° Co&unterclockwise"
    assert window.files.open_file(SQUARE_DATA / "yard.layout.yaml")
    assert window.rotate_cw_action.text() == "Rotate Layout 90° &Clockwise"

    # the square game's home is a spot: checking it on another cell moves it there
    scene = window.board_view.board_scene
    home = window.inspector.mark_checks["home"]
    window.board.select_space("1,1")
    assert home.text() == "Home cell" and home.isEnabled() and not home.isChecked()
    home.click()
    assert window.model.layout.value("home") == "1,1"
    assert window.undo_stack.count() == 1
    assert window.undo_stack.undoText() == "Move home cell to 1,1"
    assert (scene.item_for("1,1").badge, scene.item_for("0,1").badge) == ("H", None)
    assert window.model.text().endswith('home: "1,1"\n')
    window.undo_action.trigger()
    assert window.model.layout.value("home") == "0,1"
    assert (scene.item_for("1,1").badge, scene.item_for("0,1").badge) == (None, "H")

    prompts.confirms = [True]  # a 4 x 3 yard turned a quarter may lose cells
    assert window.board.transform(1, False)
    assert window.undo_stack.undoText().startswith("Rotate layout 90° clockwise")
