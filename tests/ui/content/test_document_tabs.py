"""Content files in the window's tabs: live checks, Problems, save, reload, close, autosave."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot

from editor.core.resources import content_dir
from editor.studio.studio import Change
from editor.ui.content import document_tabs
from editor.ui.content.document_tabs import DocumentTab
from editor.ui.shell.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts


@pytest.fixture
def pack(scratch_pack: Path) -> Path:
    """A copy of the bundled base pack the tests may edit (``scratch_pack``)."""
    return scratch_pack


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    return open_window(crab_file)


@pytest.fixture
def cards(window: MainWindow, pack: Path) -> DocumentTab:
    """The pack's cards.yaml open in a tab."""
    assert window.open_file_tab(pack / "cards.yaml")
    tab = window.documents.current()
    assert tab is not None
    return tab


def line_of(tab: DocumentTab, text: str) -> int:
    """The 1-based number of the first line that is exactly `text`."""
    return tab.text().split("\n").index(text) + 1


def type_at_end_of_line(qtbot: QtBot, tab: DocumentTab, line: int, text: str) -> None:
    block = tab.editor.document().findBlockByNumber(line - 1)
    cursor = QTextCursor(block)
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
    tab.editor.setTextCursor(cursor)
    tab.editor.setFocus()
    qtbot.keyClicks(tab.editor, text)


def test_a_file_opens_in_a_tab_after_the_board_and_the_replay(
    window: MainWindow, pack: Path
) -> None:
    assert window.tabs.count() == 3
    assert window.tabs.widget(0) is window.board_view
    assert window.tabs.widget(1) is window.replay_panel
    assert window.tabs.widget(2) is window.playtest
    assert window.open_file_tab(pack / "cards.yaml")
    assert window.tabs.count() == 4
    assert window.tabs.tabText(3) == "snails-base/cards.yaml"
    assert window.open_file_tab(pack / "factions.yaml")
    assert window.open_file_tab(pack / "cards.yaml")  # focuses the open tab, no second one
    assert window.tabs.count() == 5
    assert window.tabs.currentIndex() == 3
    texts = window.studio.texts()
    assert set(texts) == {(pack / "cards.yaml").resolve(), (pack / "factions.yaml").resolve()}
    assert texts[(pack / "cards.yaml").resolve()] == (pack / "cards.yaml").read_text("utf-8")
    assert not window.documents.close_index(0)  # the board never closes
    assert not window.documents.close_index(1)  # nor does the replay
    assert window.tabs.widget(0) is window.board_view


def test_a_syntax_error_shows_in_problems_underlined_and_leads_there(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    assert window.problems_panel.content_diagnostics == []
    line = line_of(cards, "    kind: attack")
    changed: list[object] = []
    window.studio.subscribe(Change.TEXT_CHANGED, changed.append)
    type_at_end_of_line(qtbot, cards, line, ": oops")
    qtbot.waitUntil(lambda: bool(changed))
    assert window.tabs.tabText(3) == "snails-base/cards.yaml*"
    assert window.studio.texts()[cards.path].split("\n")[line - 1] == "    kind: attack: oops"
    qtbot.waitUntil(lambda: window.problems_panel.content_diagnostics != [], timeout=5000)
    (problem,) = window.problems_panel.content_diagnostics
    assert problem.code == "yaml-syntax"
    assert (problem.line, problem.column) == (line, 17)  # the second colon
    assert problem.path.endswith("cards.yaml")
    assert cards.editor.underlines() == [(line, 17, 1, problem.severity)]  # the colon
    assert problem in window.problems_panel.diagnostics  # listed with the layout's
    row = window.problems_panel.diagnostics.index(problem)
    item = window.problems_panel.list.item(row)
    assert "cards.yaml · line" in item.text()
    # the status line counts it, apart from the layout's own problems
    assert window.summary_label.text().endswith("no problems · 1 problem in open files")

    window.tabs.setCurrentIndex(0)
    cards.editor.go_to(1, 1)
    window.problems_panel.list.itemActivated.emit(item)
    assert window.documents.current() is cards
    assert cards.editor.position() == (line, 17)

    # fixing it clears the problem
    qtbot.keyClick(cards.editor, Qt.Key.Key_End)
    for _ in range(6):
        qtbot.keyClick(cards.editor, Qt.Key.Key_Backspace)
    qtbot.waitUntil(lambda: window.problems_panel.content_diagnostics == [], timeout=5000)
    assert cards.editor.underlines() == []
    assert window.summary_label.text().endswith("no problems")


def test_a_schema_error_is_found_as_you_type(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    line = line_of(cards, "    kind: attack")
    type_at_end_of_line(qtbot, cards, line, "x")
    qtbot.waitUntil(lambda: window.problems_panel.content_diagnostics != [], timeout=5000)
    codes = {(d.code, d.line, d.column) for d in window.problems_panel.content_diagnostics}
    assert ("bad-value", line, 11) in codes


def test_completion_and_key_description_in_a_tab(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    line = line_of(cards, "    kind: attack")
    cards.editor.go_to(line, 6)
    assert cards.help_label.text().startswith("Kind: attack (red)")
    cards.editor.go_to(line, 17)
    assert cards.editor.completions() == ["attack", "special", "faction"]


def test_ctrl_s_saves_the_file_atomically_and_clears_the_mark(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab, monkeypatch: pytest.MonkeyPatch
) -> None:
    written: list[Path] = []
    real = document_tabs.write_text_atomic

    def spy(path: Path, text: str) -> None:
        written.append(path)
        real(path, text)

    monkeypatch.setattr(document_tabs, "write_text_atomic", spy)
    line = line_of(cards, "    copies: 3")
    type_at_end_of_line(qtbot, cards, line, "0")
    assert cards.is_dirty
    layout_text = window.model.path.read_text("utf-8")
    qtbot.keyClick(cards.editor, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert written == [cards.path]
    assert "    copies: 30\n" in cards.path.read_text("utf-8")
    assert not cards.is_dirty
    assert window.tabs.tabText(3) == "snails-base/cards.yaml"
    assert window.model.path.read_text("utf-8") == layout_text  # the layout is not touched
    # on the board tab Ctrl+S is the layout's Save again (nothing to write: a clean layout)
    window.tabs.setCurrentIndex(0)
    assert window.save_current()
    assert written == [cards.path]


def test_undo_in_the_edit_menu_acts_on_the_current_tab(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    before = cards.text()
    type_at_end_of_line(qtbot, cards, 1, " more")
    assert window.documents.undo_action.isVisible()
    assert not window.undo_action.isVisible()  # the layout's undo waits for the board tab
    assert window.documents.undo_action.isEnabled()
    window.documents.undo_action.trigger()
    assert cards.text() == before
    assert not cards.is_dirty
    window.documents.redo_action.trigger()
    assert cards.text() != before
    window.tabs.setCurrentIndex(0)
    assert window.undo_action.isVisible()
    assert not window.documents.undo_action.isVisible()


def test_an_external_change_reloads_a_clean_tab(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    changed = cards.text().replace("name: Revolver", "name: Six-shooter")
    cards.path.write_text(changed, encoding="utf-8")  # another program writes it
    qtbot.waitUntil(lambda: cards.text() == changed, timeout=5000)
    assert not cards.is_dirty
    assert "Reloaded" in window.statusBar().currentMessage()


def test_an_external_change_to_an_edited_tab_is_offered_for_reload(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab, prompts: ScriptedPrompts
) -> None:
    type_at_end_of_line(qtbot, cards, 1, " mine")
    mine = cards.text()
    theirs = (cards.path.read_text("utf-8")).replace("name: Revolver", "name: Six-shooter")
    prompts.reloads = [False]
    cards.path.write_text(theirs, encoding="utf-8")
    qtbot.waitUntil(lambda: ("reload", "snails-base/cards.yaml") in prompts.asked, timeout=5000)
    assert cards.text() == mine  # kept
    assert cards.is_dirty

    prompts.reloads = [True]
    again = theirs.replace("Six-shooter", "Peacemaker")
    # an atomic replace by the other program: the new file is watched as well
    tmp = cards.path.with_name("cards.yaml.tmp")
    tmp.write_text(again, encoding="utf-8")
    tmp.replace(cards.path)
    qtbot.waitUntil(lambda: cards.text() == again, timeout=5000)
    assert not cards.is_dirty
    assert [a for a in prompts.asked if a[0] == "reload"] == [
        ("reload", "snails-base/cards.yaml")
    ] * 2


def test_closing_a_dirty_tab_asks(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab, prompts: ScriptedPrompts
) -> None:
    original = cards.path.read_text("utf-8")
    type_at_end_of_line(qtbot, cards, 1, " edit")
    prompts.unsaved_answers = ["cancel"]
    qtbot.keyClick(cards.editor, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert prompts.asked[-1] == ("unsaved", "snails-base/cards.yaml")
    assert window.documents.current() is cards
    prompts.unsaved_answers = ["discard"]
    assert window.documents.close_current()
    assert window.documents.all() == []
    assert cards.path.read_text("utf-8") == original
    assert window.studio.texts() == {}
    # saving on close writes the file
    assert window.open_file_tab(cards.path)
    again = window.documents.current()
    assert again is not None
    type_at_end_of_line(qtbot, again, 1, " kept")
    prompts.unsaved_answers = ["save"]
    assert window.documents.close_current()
    assert cards.path.read_text("utf-8").split("\n")[0].endswith(" kept")


def test_closing_the_window_asks_about_each_dirty_tab(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab, prompts: ScriptedPrompts
) -> None:
    type_at_end_of_line(qtbot, cards, 1, " edit")
    prompts.unsaved_answers = ["cancel"]
    assert not window.close()
    assert window.isVisible()
    assert prompts.asked[-1] == ("unsaved", "snails-base/cards.yaml")
    prompts.unsaved_answers = ["discard"]
    assert window.close()


def test_unsaved_files_are_autosaved_and_offered_back(
    qtbot: QtBot,
    open_window,
    crab_file: Path,
    pack: Path,
    prompts: ScriptedPrompts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(document_tabs, "AUTOSAVE_DELAY_MS", 50)
    crashed = open_window(crab_file)
    assert crashed.open_file_tab(pack / "cards.yaml")
    tab = crashed.documents.current()
    assert tab is not None
    type_at_end_of_line(qtbot, tab, 1, " unsaved")
    edited = tab.text()
    qtbot.waitUntil(crashed.documents.autosaver.file.exists, timeout=5000)  # the debounce
    left_behind = crashed.documents.autosaver.file
    crashed.documents.watcher.removePaths(crashed.documents.watcher.files())  # it is gone

    second = open_window(crab_file)
    prompts.recovers = [True]
    assert second.files.offer_recovery()
    assert prompts.asked[-1][0] == "recover"
    assert "cards.yaml" in prompts.asked[-1][1]
    restored = second.documents.current()
    assert restored is not None
    assert restored.path == (pack / "cards.yaml").resolve()
    assert restored.text() == edited
    assert restored.is_dirty
    assert not left_behind.exists()
    assert second.documents.autosaver.file.exists()  # the restored text is kept safe again
    prompts.unsaved_answers = ["save"]
    assert second.documents.close_current()
    assert not second.documents.autosaver.file.exists()
    assert (pack / "cards.yaml").read_text("utf-8") == edited


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "binary file"),
        (b"name: caf\xe9\n", "not valid UTF-8 text (byte 0xe9)"),
        (None, "does not exist"),
    ],
)
def test_a_file_that_cannot_be_edited_is_refused_plainly(
    window: MainWindow,
    prompts: ScriptedPrompts,
    tmp_path: Path,
    content: bytes | None,
    expected: str,
) -> None:
    path = tmp_path / "cards.yaml"
    if content is not None:
        path.write_bytes(content)
    assert not window.open_file_tab(path)
    kind, message = prompts.asked[-1]
    assert kind == "error"
    assert expected in message
    assert "cards.yaml" in message
    assert window.documents.all() == []


def test_a_folder_is_not_opened(
    window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    assert not window.open_file_tab(tmp_path)
    assert prompts.asked[-1] == ("error", f"{tmp_path.name} is a folder, not a file")


def test_the_current_tab_tells_its_text_and_cursor(
    qtbot: QtBot, window: MainWindow, pack: Path
) -> None:
    seen: list[tuple[object, str]] = []
    moves: list[tuple[object, int, int]] = []
    window.documents.current_text_changed.connect(lambda p, t: seen.append((p, t)))
    window.documents.cursor_moved.connect(lambda p, line, col: moves.append((p, line, col)))
    assert window.open_file_tab(pack / "tokens.yaml")
    tab = window.documents.current()
    assert tab is not None
    assert seen[-1] == (tab.path, tab.text())
    tab.editor.go_to(3, 2)
    assert moves[-1] == (tab.path, 3, 2)
    type_at_end_of_line(qtbot, tab, 1, "!")
    assert seen[-1] == (tab.path, tab.text())
    window.tabs.setCurrentIndex(0)
    assert seen[-1] == (None, "")


def test_letters_typed_in_a_tab_are_text_not_board_shortcuts(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    mode = window.board_view.board_scene.label_mode
    tool = window.palette.tool
    backs = window.backs_action.isChecked()
    type_at_end_of_line(qtbot, cards, 1, " lb1hsLBH")
    assert cards.text().split("\n")[0].endswith(" lb1hsLBH")
    assert window.board_view.board_scene.label_mode == mode
    assert window.palette.tool == tool
    assert window.backs_action.isChecked() == backs


def test_a_layout_problem_still_leads_to_its_space_on_the_board(
    qtbot: QtBot, open_window, bad_dir: Path, pack: Path
) -> None:
    window = open_window(bad_dir / "layouts" / "illegal-stack.layout.yaml")
    assert window.open_file_tab(pack / "cards.yaml")
    panel = window.problems_panel
    rows = [row for row in range(panel.count()) if panel.space_of(row)]
    assert rows  # the layout's problems are listed beside the (clean) file's
    space = panel.space_of(rows[0])
    panel.list.itemActivated.emit(panel.list.item(rows[0]))
    assert window.tabs.currentIndex() == 0
    assert window.board_view.board_scene.selected == space


def test_a_file_with_crlf_lines_keeps_them_when_saved(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "notes" / "tokens.yaml"
    path.parent.mkdir()
    path.write_bytes(b"tokens:\r\n  - id: x\r\n")
    assert window.open_file_tab(path)
    tab = window.documents.current()
    assert tab is not None
    assert tab.text() == "tokens:\n  - id: x\n"
    type_at_end_of_line(qtbot, tab, 2, "y")
    assert window.save_current()
    assert path.read_bytes() == b"tokens:\r\n  - id: xy\r\n"


def test_a_file_deleted_on_disk_stays_open_as_unsaved(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    cards.path.unlink()
    qtbot.waitUntil(lambda: cards.is_dirty, timeout=5000)
    assert "deleted or moved" in window.statusBar().currentMessage()
    assert window.save_current()
    assert cards.path.read_text("utf-8") == cards.text()


def test_completion_offers_the_ids_of_the_open_packs(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    line = line_of(cards, "    faction: pirates")
    cards.editor.go_to(line, 14)
    assert "pirates" in cards.editor.completions()


def test_a_crash_keeps_unsaved_file_tabs_aside(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    assert not window.autosave.saved_aside()  # nothing unsaved anywhere
    type_at_end_of_line(qtbot, cards, 1, " unsaved")
    assert window.autosave.saved_aside()  # what the crash guard asks before its message
    assert window.documents.autosaver.file.exists()
    assert not window.autosave.autosaver.file.exists()  # the layout has nothing to keep


#: A bundled file the tests try edits on (never written).
BUNDLED_TOKENS = content_dir() / "snails-base" / "tokens.yaml"


@pytest.fixture
def tried_original() -> bytes:
    """The bundled tokens file as shipped."""
    return BUNDLED_TOKENS.read_bytes()


@pytest.fixture
def tried(qtbot: QtBot, window: MainWindow, tried_original: bytes) -> DocumentTab:
    """The bundled tokens file open in a tab with " tried" typed at the end of line 1."""
    assert window.open_file_tab(BUNDLED_TOKENS)
    tab = window.documents.current()
    assert tab is not None
    type_at_end_of_line(qtbot, tab, 1, " tried")
    return tab


def test_a_bundled_file_can_be_tried_out_but_not_overwritten(
    window: MainWindow, tried: DocumentTab, prompts: ScriptedPrompts, tried_original: bytes
) -> None:
    tab = tried
    assert window.studio.texts()[tab.path].split("\n")[0].endswith(" tried")
    assert not window.save_current()
    assert prompts.asked[-1][0] == "error"
    assert "comes with Seastack" in prompts.asked[-1][1]
    assert BUNDLED_TOKENS.read_bytes() == tried_original
    assert tab.is_dirty
    prompts.unsaved_answers = ["discard"]
    assert window.documents.close_current()


def test_save_as_on_a_file_tab_saves_that_file_under_a_new_name(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab, prompts: ScriptedPrompts
) -> None:
    old = cards.path
    old_text = old.read_text("utf-8")
    layout_text = window.model.path.read_text("utf-8")
    line = line_of(cards, "    copies: 3")
    type_at_end_of_line(qtbot, cards, line, "0")
    target = old.with_name("more-cards.yaml")
    prompts.save_paths = [target]
    qtbot.keyClick(
        cards.editor,
        Qt.Key.Key_S,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert prompts.asked[-1] == ("save file as", str(old))
    assert "    copies: 30\n" in target.read_text("utf-8")
    assert old.read_text("utf-8") == old_text  # the old file keeps its text
    assert window.model.path.read_text("utf-8") == layout_text  # the layout is not touched
    assert cards.path == target.resolve()
    assert not cards.is_dirty
    assert window.tabs.tabText(window.tabs.indexOf(cards)) == "snails-base/more-cards.yaml"
    assert target.resolve() in window.studio.texts()
    assert old not in window.studio.texts()


def test_save_as_of_a_bundled_file_goes_to_a_folder_of_ones_own(
    window: MainWindow,
    tried: DocumentTab,
    prompts: ScriptedPrompts,
    tmp_path: Path,
    tried_original: bytes,
) -> None:
    tab = tried
    prompts.save_paths = [BUNDLED_TOKENS.with_name("tokens-copy.yaml"), tmp_path / "mine.yaml"]
    assert not window.save_current_as()  # not among the bundled files
    assert prompts.asked[-1][0] == "error"
    assert not BUNDLED_TOKENS.with_name("tokens-copy.yaml").exists()
    assert window.save_current_as()
    assert (tmp_path / "mine.yaml").read_text("utf-8").split("\n")[0].endswith(" tried")
    assert BUNDLED_TOKENS.read_bytes() == tried_original
    assert not tab.is_dirty


def test_ctrl_f_finds_text_in_the_file_tab_and_wraps(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab
) -> None:
    cards.editor.setFocus()
    qtbot.keyClick(cards.editor, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    bar = cards.find_bar
    assert bar.isVisible()
    qtbot.keyClicks(bar.field, "BAZOOKA")  # case does not matter
    qtbot.keyClick(bar.field, Qt.Key.Key_Return)
    first = cards.editor.position()
    assert cards.editor.textCursor().selectedText() == "bazooka"
    assert first[0] == line_of(cards, "  - id: bazooka")
    qtbot.keyClick(bar.field, Qt.Key.Key_Return)
    second = cards.editor.position()
    assert second[0] > first[0]
    assert cards.editor.textCursor().selectedText().lower() == "bazooka"
    # backwards from the first match wraps to the last one in the file
    qtbot.keyClick(bar.field, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert cards.editor.position() == first
    qtbot.keyClick(bar.field, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert cards.editor.position()[0] >= second[0]
    assert bar.result.text() == "wrapped"
    bar.field.setText("no such words here")
    assert not bar.find()
    assert bar.result.text() == "not found"
    qtbot.keyClick(bar.field, Qt.Key.Key_Escape)
    assert not bar.isVisible()
    assert cards.editor.hasFocus()
    window.tabs.setCurrentIndex(0)
    assert not window.documents.find_in_current()  # the board has nothing to find in


def test_a_deletion_seen_just_before_the_window_goes_does_not_raise_later(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab, request: pytest.FixtureRequest
) -> None:
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    cards.path.unlink()
    window.documents.disk_changed(str(cards.path))  # looks again in a moment
    window.close()
    request.node.qt_widgets.clear()  # deleted here: qtbot must not close it again
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    # the look again must not run on the deleted window (an error in the event loop)
    qtbot.wait(document_tabs.GONE_RECHECK_MS + 200)
    QApplication.processEvents()


def test_a_file_tab_brings_the_preview_forward_and_the_board_the_space_inspector(
    qtbot: QtBot, window: MainWindow, pack: Path
) -> None:
    def seen(dock: object) -> bool:
        return not dock.visibleRegion().isEmpty()  # type: ignore[attr-defined]

    assert seen(window.inspector_dock) and not seen(window.preview_dock)
    assert window.open_file_tab(pack / "cards.yaml")
    qtbot.waitUntil(lambda: seen(window.preview_dock), timeout=2000)
    assert not seen(window.inspector_dock)
    window.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: seen(window.inspector_dock), timeout=2000)
    # a panel the designer chose stays: Statistics is not replaced by the Preview
    window.statistics_dock.raise_()
    qtbot.waitUntil(lambda: not seen(window.inspector_dock), timeout=2000)
    window.tabs.setCurrentIndex(3)  # the file's tab, after Board, Replay and Playtest
    qtbot.wait(50)
    assert seen(window.statistics_dock) and not seen(window.preview_dock)


def test_save_when_closing_a_tried_bundled_file_asks_for_a_new_name(
    window: MainWindow,
    tried: DocumentTab,
    prompts: ScriptedPrompts,
    tmp_path: Path,
    tried_original: bytes,
) -> None:
    prompts.unsaved_answers = ["save"]
    prompts.save_paths = [tmp_path / "my-tokens.yaml"]
    assert window.documents.close_current()
    assert [kind for kind, _ in prompts.asked[-2:]] == ["unsaved", "save file as"]
    assert (tmp_path / "my-tokens.yaml").read_text("utf-8").split("\n")[0].endswith(" tried")
    assert BUNDLED_TOKENS.read_bytes() == tried_original
    assert window.documents.all() == []


def test_an_unsaved_file_tab_marks_the_window_title(
    qtbot: QtBot, window: MainWindow, cards: DocumentTab, prompts: ScriptedPrompts
) -> None:
    assert not window.isWindowModified()
    type_at_end_of_line(qtbot, cards, 1, " edit")
    assert window.isWindowModified()
    cards.editor.document().undo()
    assert not window.isWindowModified()
    type_at_end_of_line(qtbot, cards, 1, " edit")
    prompts.unsaved_answers = ["discard"]
    assert window.documents.close_current()
    assert not window.isWindowModified()


def test_the_layout_is_checked_against_the_unsaved_text_of_an_open_pack_file(
    qtbot: QtBot, window: MainWindow, pack: Path
) -> None:
    window.set_project_folders([pack.parent])
    assert window.open_file_tab(pack / "tiles.yaml")
    tiles = window.documents.current()
    assert tiles is not None
    window.run_checks()
    assert not [d for d in window.diagnostics if d.code == "stock-exceeded"]
    # ten fewer blank beaches in the editor, not on disk: the layout now holds too many
    old = "{tile: beach, back: blank, count: 20}"
    assert old in tiles.text()
    tiles.editor.selectAll()
    tiles.editor.insertPlainText(tiles.text().replace(old, old.replace("20", "10")))
    qtbot.waitUntil(
        lambda: any(d.code == "stock-exceeded" for d in window.diagnostics), timeout=5000
    )
    assert "count: 20" in (pack / "tiles.yaml").read_text("utf-8")
