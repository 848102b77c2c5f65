"""The line-number gutter painted beside a plain-text editor."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from editor.ui.content.code_editor import CodeEditor


class LineNumbers(QWidget):
    """Shows the number of each visible line of its editor; the editor sizes and scrolls it."""

    def __init__(self, editor: CodeEditor) -> None:
        super().__init__(editor)
        self.editor = editor

    def width_needed(self) -> int:
        """Pixels for the largest line number, with a margin."""
        digits = max(2, len(str(max(1, self.editor.blockCount()))))
        return 10 + self.fontMetrics().horizontalAdvance("9") * digits

    def sizeHint(self) -> QSize:
        """As wide as the numbers."""
        return QSize(self.width_needed(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint the numbers of the visible lines; the cursor's line in bold."""
        painter = QPainter(self)
        painter.fillRect(event.rect(), QColor("#f0f0f0"))
        editor = self.editor
        block = editor.firstVisibleBlock()
        number = block.blockNumber()
        top = round(editor.blockBoundingGeometry(block).translated(editor.contentOffset()).top())
        bottom = top + round(editor.blockBoundingRect(block).height())
        current = editor.textCursor().blockNumber()
        height = self.fontMetrics().height()
        font = painter.font()
        while block.isValid() and top <= event.rect().bottom():
            if block.isVisible() and bottom >= event.rect().top():
                font.setBold(number == current)
                painter.setFont(font)
                painter.setPen(QColor("#202020" if number == current else "#909090"))
                painter.drawText(
                    QRect(0, top, self.width() - 5, height),
                    int(Qt.AlignmentFlag.AlignRight),
                    str(number + 1),
                )
            block = block.next()
            top = bottom
            bottom = top + round(editor.blockBoundingRect(block).height())
            number += 1
        painter.end()
