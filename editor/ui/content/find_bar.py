"""The find bar under a file tab's editor: Ctrl+F opens it, Enter finds the next match.

Shift+Enter finds the previous one, Escape closes the bar; the search wraps around the
file and ignores case.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QTextCursor, QTextDocument
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QWidget


class FindField(QLineEdit):
    """The text to find; Enter and Shift+Enter search, Escape closes the bar."""

    def __init__(self, bar: FindBar) -> None:
        super().__init__(bar)
        self.bar = bar

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter: next match; Shift+Enter: previous; Escape: back to the text."""
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            backward = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.bar.find(backward=backward)
            return
        if key == Qt.Key.Key_Escape:
            self.bar.close_bar()
            return
        super().keyPressEvent(event)


class FindBar(QWidget):
    """Finds text in one editor, wrapping at either end; hidden until asked for."""

    def __init__(self, editor: QPlainTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.field = FindField(self)
        self.field.setPlaceholderText("Find (Enter: next, Shift+Enter: previous, Esc: close)")
        self.field.setClearButtonEnabled(True)
        self.result = QLabel(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.field, 1)
        layout.addWidget(self.result)
        self.hide()

    def open_bar(self) -> None:
        """Show the bar with the editor's selection (if on one line) to find, ready to type."""
        selected = self.editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:  # Qt's paragraph separator: several lines
            self.field.setText(selected)
        self.result.clear()
        self.show()
        self.field.setFocus()
        self.field.selectAll()

    def close_bar(self) -> None:
        """Hide the bar; the text gets the keyboard back."""
        self.hide()
        self.editor.setFocus()

    def find(self, *, backward: bool = False) -> bool:
        """Select the next (or previous) match from the cursor, wrapping; False if none."""
        text = self.field.text()
        if not text:
            self.result.clear()
            return False
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        if self.editor.find(text, flags):
            self.result.clear()
            return True
        # wrap around: search again from the other end of the file
        cursor = self.editor.textCursor()
        cursor.movePosition(
            QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start
        )
        self.editor.setTextCursor(cursor)
        if self.editor.find(text, flags):
            self.result.setText("wrapped")
            return True
        self.result.setText("not found")
        return False
