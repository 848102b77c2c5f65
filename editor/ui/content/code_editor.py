"""The YAML code editor: line numbers, colours, diagnostics underlined, schema help, completion.

What the schema says at the cursor comes from :mod:`editor.core.schema_help` (Qt-free); the
diagnostics are the core loader's, given by the document tabs. This widget only shows them.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QRect, QStringListModel, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QHelpEvent,
    QKeyEvent,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QCompleter, QPlainTextEdit, QTextEdit, QToolTip, QWidget

from editor.core.diagnostics import Diagnostic, Severity
from editor.core.schema_help import Help, help_at
from editor.core.schemas import SchemaRegistry
from editor.ui.content.line_numbers import LineNumbers
from editor.ui.content.yaml_highlighter import YamlHighlighter

INDENT = "  "
#: Underline colours by severity.
UNDERLINES = {
    Severity.ERROR: QColor("#d32f2f"),
    Severity.WARNING: QColor("#e69500"),
    Severity.INFO: QColor("#1976d2"),
}
_CURRENT_LINE = QColor("#f5f8ff")


def underline_span(text: str, column: int) -> tuple[int, int]:
    """0-based start and length in a line of the word a diagnostic at 1-based `column` marks.

    The word runs to the next blank or the end of the line; past the end, the last character.

    >>> underline_span("  kind: atack", 9)
    (8, 5)
    >>> underline_span("cards:", 40), underline_span("", 1)
    ((5, 1), (0, 0))
    """
    if not text:
        return 0, 0
    start = min(max(column - 1, 0), len(text) - 1)
    end = start
    while end < len(text) and not text[end].isspace():
        end += 1
    return start, max(end - start, 1)


class CodeEditor(QPlainTextEdit):
    """A plain-text YAML editor with a gutter, colours, underlined problems and schema help."""

    #: The schema's words on the key under the cursor ("" when there is nothing to say).
    help_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabChangesFocus(False)
        self.highlighter = YamlHighlighter(self.document())
        self.gutter = LineNumbers(self)
        self._diagnostics: list[Diagnostic] = []
        self._marks: list[tuple[int, int, int, Diagnostic]] = []  # block, start, length
        self.schemas: SchemaRegistry | None = None
        self.schema_uri: str | None = None
        #: Ids listed in content files, offered for values that name one (see schema_help).
        self.ids: dict[str, list[str]] = {}
        self.help_text = ""
        self._help: Help | None = None

        self.completer = QCompleter(self)
        self.completer.setModel(QStringListModel(self))
        self.completer.setWidget(self)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.activated.connect(self.insert_completion)
        self.completer.highlighted.connect(self._completion_highlighted)
        self._inserts: dict[str, str] = {}
        self._details: dict[str, str] = {}

        self.blockCountChanged.connect(self._fit_gutter)
        self.updateRequest.connect(self._scroll_gutter)
        self.cursorPositionChanged.connect(self._cursor_moved)
        self._fit_gutter()
        self._paint_selections()

    # --- the gutter ---------------------------------------------------------------------

    def _fit_gutter(self, _count: int = 0) -> None:
        self.setViewportMargins(self.gutter.width_needed(), 0, 0, 0)

    def _scroll_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the gutter beside the text."""
        super().resizeEvent(event)
        area = self.contentsRect()
        self.gutter.setGeometry(
            QRect(area.left(), area.top(), self.gutter.width_needed(), area.height())
        )

    # --- diagnostics --------------------------------------------------------------------

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """The problems underlined now."""
        return list(self._diagnostics)

    def set_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Underline these problems (wavy, coloured by severity) at their line and column."""
        self._diagnostics = list(diagnostics)
        self._marks = []
        document = self.document()
        for diagnostic in self._diagnostics:
            block = document.findBlockByNumber(max(diagnostic.line - 1, 0))
            if not block.isValid():
                block = document.lastBlock()
            start, length = underline_span(block.text(), diagnostic.column)
            self._marks.append((block.blockNumber(), start, length, diagnostic))
        self._paint_selections()

    def underlines(self) -> list[tuple[int, int, int, Severity]]:
        """What is underlined: 1-based line, 1-based column, length, severity."""
        return [(b + 1, s + 1, n, d.severity) for b, s, n, d in self._marks]

    def diagnostics_at(self, line: int, column: int) -> list[Diagnostic]:
        """The problems underlined over a 1-based line and column (or marking that line's end)."""
        return [
            d for b, s, n, d in self._marks if b == line - 1 and s <= column - 1 <= s + max(n, 1)
        ]

    def _paint_selections(self) -> None:
        selections: list[QTextEdit.ExtraSelection] = []
        line = QTextEdit.ExtraSelection()
        line.format.setBackground(_CURRENT_LINE)
        line.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        line.cursor = self.textCursor()
        line.cursor.clearSelection()
        selections.append(line)
        document = self.document()
        for block_number, start, length, diagnostic in self._marks:
            block = document.findBlockByNumber(block_number)
            cursor = QTextCursor(block)
            cursor.setPosition(block.position() + start)
            cursor.setPosition(block.position() + start + length, QTextCursor.MoveMode.KeepAnchor)
            mark = QTextEdit.ExtraSelection()
            mark.format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            mark.format.setUnderlineColor(
                UNDERLINES.get(diagnostic.severity, UNDERLINES[Severity.INFO])
            )
            mark.format.setToolTip(diagnostic.message)
            mark.cursor = cursor
            selections.append(mark)
        self.setExtraSelections(selections)

    def event(self, event: QEvent) -> bool:
        """Hovering an underlined problem shows its message."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            point = event.pos()
            point.setX(point.x() - self.viewportMargins().left())
            cursor = self.cursorForPosition(point)
            found = self.diagnostics_at(cursor.blockNumber() + 1, cursor.positionInBlock() + 1)
            if found:
                QToolTip.showText(event.globalPos(), "\n".join(d.message for d in found), self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    # --- schema help and completion -----------------------------------------------------

    def set_schema(self, schemas: SchemaRegistry | None, uri: str | None) -> None:
        """The schema the text is written against (None: no help, no completion)."""
        self.schemas = schemas
        self.schema_uri = uri
        self._cursor_moved()

    def position(self) -> tuple[int, int]:
        """The cursor's 1-based line and column."""
        cursor = self.textCursor()
        return cursor.blockNumber() + 1, cursor.positionInBlock() + 1

    def go_to(self, line: int, column: int) -> None:
        """Put the cursor at a 1-based line and column (clamped to the text) and show it."""
        document = self.document()
        block = document.findBlockByNumber(max(line - 1, 0))
        if not block.isValid():
            block = document.lastBlock()
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + min(max(column - 1, 0), len(block.text())))
        self.setTextCursor(cursor)
        self.centerCursor()
        self.setFocus()

    def schema_help(self) -> Help | None:
        """What the schema says at the cursor now (None without a schema)."""
        if self.schemas is None:
            return None
        line, column = self.position()
        return help_at(self.toPlainText(), line, column, self.schemas, self.schema_uri, self.ids)

    def _cursor_moved(self) -> None:
        self._paint_selections()
        self.gutter.update()
        found = self.schema_help()
        self._help = found
        text = ""
        if found is not None and found.key is not None:
            title = found.title or found.key
            text = f"{title}: {found.description}" if found.description else title
        if text != self.help_text:
            self.help_text = text
            self.help_changed.emit(text)

    def completions(self) -> list[str]:
        """What completion offers at the cursor now."""
        found = self.schema_help()
        return [c.label for c in found.candidates] if found is not None else []

    def complete(self) -> bool:
        """Open the completion list at the cursor; False when there is nothing to offer."""
        found = self.schema_help()
        if found is None or not found.candidates:
            self.completer.popup().hide()
            return False
        self._inserts = {c.label: c.insert for c in found.candidates}
        self._details = {c.label: c.detail for c in found.candidates}
        model = self.completer.model()
        assert isinstance(model, QStringListModel)
        model.setStringList([c.label for c in found.candidates])
        self.completer.setCompletionPrefix(found.prefix)
        if self.completer.completionCount() == 0:
            self.completer.popup().hide()
            return False
        popup = self.completer.popup()
        popup.setCurrentIndex(self.completer.completionModel().index(0, 0))
        rect = self.cursorRect()
        rect.setWidth(popup.sizeHintForColumn(0) + popup.verticalScrollBar().sizeHint().width() + 8)
        self.completer.complete(rect)
        return True

    def _completion_highlighted(self, label: str) -> None:
        """The schema's words on the completion the user is looking at, in the help line."""
        detail = self._details.get(label, "")
        self.help_text = f"{label}: {detail}" if detail else label
        self.help_changed.emit(self.help_text)

    def insert_completion(self, label: str) -> None:
        """Replace the word being typed with a chosen completion."""
        found = self.schema_help()
        typed = len(found.prefix) if found is not None else 0
        cursor = self.textCursor()
        cursor.beginEditBlock()
        cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor, typed)
        cursor.insertText(self._inserts.get(label, label))
        cursor.endEditBlock()
        self.setTextCursor(cursor)

    # --- typing -------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter keeps the indentation, Tab indents by two spaces, Ctrl+Space completes."""
        popup = self.completer.popup()
        key = event.key()
        if popup.isVisible() and key in (
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
            Qt.Key.Key_Tab,
            Qt.Key.Key_Escape,
            Qt.Key.Key_Backtab,
        ):
            event.ignore()  # the completer's popup takes these
            return
        modifiers = event.modifiers()
        if key == Qt.Key.Key_Space and modifiers & Qt.KeyboardModifier.ControlModifier:
            self.complete()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
            modifiers & Qt.KeyboardModifier.ShiftModifier
        ):
            self._new_line()
            return
        if key == Qt.Key.Key_Tab and not modifiers & ~Qt.KeyboardModifier.KeypadModifier:
            self.textCursor().insertText(INDENT)
            return
        super().keyPressEvent(event)
        typed = event.text()
        if typed and (typed.isalnum() or typed in "_-") and self.schemas is not None:
            found = self.schema_help()
            if (
                found is not None and found.position == "key" and found.prefix and found.candidates
            ) or popup.isVisible():
                self.complete()
        elif popup.isVisible() and key == Qt.Key.Key_Backspace:
            self.complete()
        elif popup.isVisible() and typed:
            popup.hide()  # a blank, a colon, a bracket: the word is done

    def _new_line(self) -> None:
        """A new line indented like this one, one step more after a line ending in ``:``."""
        cursor = self.textCursor()
        line = cursor.block().text()[: cursor.positionInBlock()]
        indent = line[: len(line) - len(line.lstrip(" "))]
        stripped = line.strip()
        if stripped.startswith("- ") or stripped == "-":
            indent += "  "  # under the item's first key, not the dash
        if stripped.endswith(":") and not stripped.startswith("#"):
            indent += INDENT
        cursor.insertText("\n" + indent)
        self.setTextCursor(cursor)
