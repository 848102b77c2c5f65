"""The YAML code editor widget: colours, gutter, underlined problems, schema help, typing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QHelpEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

import editor.games  # noqa: F401 - registers the games' file kinds
from editor.core.diagnostics import Diagnostic, Severity, error, warning
from editor.core.schema_help import schema_for_file
from editor.core.schemas import SchemaRegistry
from editor.ui.content.code_editor import UNDERLINES, CodeEditor
from editor.ui.content.yaml_highlighter import FORMATS, spans

CARDS = "cards:\n  - id: revolver\n    kind: atack # oops\n    copies: 3\n"


@pytest.fixture(scope="module")
def schemas() -> SchemaRegistry:
    return SchemaRegistry()


@pytest.fixture
def code(qtbot: QtBot, schemas: SchemaRegistry) -> CodeEditor:
    widget = CodeEditor()
    qtbot.addWidget(widget)
    widget.resize(600, 400)
    widget.setPlainText(CARDS)
    widget.set_schema(schemas, schema_for_file("pack/cards.yaml"))
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def to_end(code: CodeEditor) -> None:
    cursor = code.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    code.setTextCursor(cursor)


def test_lines_are_coloured_by_what_they_hold(code: CodeEditor) -> None:
    line = "  - id: &first 'rev' # note"
    assert [(line[s : s + n], kind) for s, n, kind in spans(line)] == [
        ("&first", "anchor"),
        ("id", "key"),
        ("'rev'", "string"),
        ("# note", "comment"),
    ]
    assert [kind for _, _, kind in spans("copies: 3")] == ["number", "key"]
    assert [kind for _, _, kind in spans("los: true")] == ["constant", "key"]
    assert [kind for _, _, kind in spans("x: !!str 5")] == ["number", "tag", "key"]
    # the highlighter applied them to the document: "kind" in line 3 has the key colour
    block = code.document().findBlockByNumber(2)
    ranges = block.layout().formats()
    colours = {(r.start, r.length): r.format.foreground().color().name() for r in ranges}
    italic = {(r.start, r.length): r.format.fontItalic() for r in ranges}
    assert colours[(4, 4)] == FORMATS["key"].foreground().color().name()
    assert colours[(16, 6)] == FORMATS["comment"].foreground().color().name()
    assert italic[(16, 6)]


def test_the_gutter_is_as_wide_as_the_line_numbers(code: CodeEditor) -> None:
    assert code.viewportMargins().left() == code.gutter.width_needed() > 0
    code.setPlainText("\n" * 1500)
    wide = code.gutter.width_needed()
    assert wide > code.gutter.fontMetrics().horizontalAdvance("999")
    assert code.viewportMargins().left() == wide


def test_problems_are_underlined_at_their_line_and_column(code: CodeEditor) -> None:
    bad = error("cards.yaml", 3, 11, "bad-value", "'atack' is not allowed")
    note = warning("cards.yaml", 4, 13, "odd", "three copies?")
    code.set_diagnostics([bad, note])
    assert code.underlines() == [(3, 11, 5, Severity.ERROR), (4, 13, 1, Severity.WARNING)]
    marks = code.extraSelections()[1:]  # the first is the cursor's line
    assert [s.format.underlineStyle() for s in marks] == [
        QTextCharFormat.UnderlineStyle.WaveUnderline
    ] * 2
    assert marks[0].format.underlineColor() == UNDERLINES[Severity.ERROR]
    assert marks[1].format.underlineColor() == UNDERLINES[Severity.WARNING]
    assert marks[0].cursor.selectedText() == "atack"
    assert code.diagnostics_at(3, 13) == [bad]
    assert code.diagnostics_at(2, 13) == []


def test_hovering_a_problem_shows_its_message(qtbot: QtBot, code: CodeEditor) -> None:
    bad = error("cards.yaml", 3, 11, "bad-value", "'atack' is not allowed")
    code.set_diagnostics([bad])
    cursor = QTextCursor(code.document().findBlockByNumber(2))
    cursor.setPosition(cursor.position() + 12)
    rect = code.cursorRect(cursor)
    point = QPoint(rect.center().x() + code.viewportMargins().left(), rect.center().y())
    event = QHelpEvent(QHelpEvent.Type.ToolTip, point, code.mapToGlobal(point))
    QApplication.sendEvent(code, event)
    assert QToolTip.text() == "'atack' is not allowed"


def test_the_key_under_the_cursor_is_described(qtbot: QtBot, code: CodeEditor) -> None:
    with qtbot.waitSignal(code.help_changed) as signal:
        code.go_to(3, 6)
    assert signal.args[0].startswith("Kind: attack (red)")
    assert code.help_text == signal.args[0]
    code.go_to(1, 2)
    assert code.help_text.startswith("Cards")


def test_completion_offers_the_schemas_keys_and_values(qtbot: QtBot, code: CodeEditor) -> None:
    code.go_to(3, 16)  # after "atack"
    assert code.completions() == ["attack", "special", "faction"]
    to_end(code)
    code.insertPlainText("    ")
    offered = code.completions()
    assert "name" in offered and "target" in offered
    assert "kind" not in offered and "copies" not in offered  # the card has them
    assert code.complete()
    assert code.completer.popup().isVisible()
    code.insert_completion("name")
    assert code.textCursor().block().text() == "    name: "
    assert code.schema_help() is not None
    assert code.schema_help().path == ("cards", 0, "name")  # type: ignore[union-attr]


def test_typing_a_key_opens_the_completion_list(qtbot: QtBot, code: CodeEditor) -> None:
    to_end(code)
    code.setFocus()
    qtbot.keyClicks(code, "    ta")
    assert code.completer.popup().isVisible()
    assert code.completer.currentCompletion() == "target"
    code.completer.highlighted.emit("target")  # as moving through the list does
    assert code.help_text == "target: What the player picks."
    qtbot.keyClick(code.completer.popup(), Qt.Key.Key_Return)
    assert code.textCursor().block().text() == "    target: "


def test_ctrl_space_completes_a_value(qtbot: QtBot, code: CodeEditor) -> None:
    to_end(code)
    code.insertPlainText("    action: ")
    code.setFocus()
    qtbot.keyClick(code, Qt.Key.Key_Space, Qt.KeyboardModifier.ControlModifier)
    assert code.completer.popup().isVisible()
    assert code.completer.completionCount() == 6  # crawl, dig, hit, aim, shell, swap


def test_enter_keeps_the_indentation_and_tab_inserts_two_spaces(
    qtbot: QtBot, code: CodeEditor
) -> None:
    code.setPlainText("cards:\n  - id: x\n    results:")
    to_end(code)
    code.setFocus()
    qtbot.keyClick(code, Qt.Key.Key_Return)
    assert code.textCursor().block().text() == "      "  # one step in after a "key:"
    qtbot.keyClicks(code, "circle: []")
    qtbot.keyClick(code, Qt.Key.Key_Return)
    assert code.textCursor().block().text() == "      "
    qtbot.keyClick(code, Qt.Key.Key_Tab)
    assert code.textCursor().block().text() == "        "
    code.go_to(2, 16)
    qtbot.keyClick(code, Qt.Key.Key_Return)
    assert code.textCursor().block().text() == "    "  # under the item's first key


def test_no_schema_means_no_completion(qtbot: QtBot) -> None:
    plain = CodeEditor()
    qtbot.addWidget(plain)
    plain.setPlainText("a: b\n")
    assert plain.completions() == []
    assert not plain.complete()
    assert plain.help_text == ""


def test_a_problem_past_the_end_of_the_text_is_underlined_on_the_last_line(
    code: CodeEditor,
) -> None:
    code.set_diagnostics([Diagnostic("cards.yaml", 99, 1, Severity.ERROR, "x", "late")])
    assert code.underlines()[0][0] == code.document().blockCount()
