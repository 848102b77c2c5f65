"""The inspector dock: the selected space, its stack with each tile's back, and edits of it.

The inspector never changes the model itself: it asks for a new stack through
``stack_edit(label, stack, text)`` and the window turns that into an undo command.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.ui import hexpaint
from editor.ui.layout_model import LayoutModel, back_text
from editor.ui.palette import swatch


class Inspector(QWidget):
    """Shows one space and edits its stack; also the layout's name and id."""

    stack_edit = Signal(str, list, str)
    rename = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model: LayoutModel | None = None
        self.label: str | None = None

        self.name_edit = QLineEdit(self)
        self.id_edit = QLineEdit(self)
        self.name_edit.editingFinished.connect(self._renamed)
        self.id_edit.editingFinished.connect(self._renamed)
        self.board_text = QLabel(self)
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Name", self.name_edit)
        form.addRow("Id", self.id_edit)
        form.addRow("Board", self.board_text)

        self.title = QLabel("No space selected", self)
        font = QFont()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.title.setFont(font)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("color: #4a5560;")

        self.stack_list = QListWidget(self)
        self.stack_list.setIconSize(QSize(20, 20))
        self.stack_list.setWordWrap(True)
        self.stack_list.currentRowChanged.connect(lambda _row: self._update_buttons())

        self.tile_choice = QComboBox(self)
        self.add_button = QPushButton("Add on Top", self)
        self.change_button = QPushButton("Change", self)
        self.up_button = QPushButton("Move Up", self)
        self.down_button = QPushButton("Move Down", self)
        self.remove_button = QPushButton("Remove", self)
        self.add_button.clicked.connect(self.add_on_top)
        self.change_button.clicked.connect(self.change_selected)
        self.up_button.clicked.connect(lambda: self.move_selected(+1))
        self.down_button.clicked.connect(lambda: self.move_selected(-1))
        self.remove_button.clicked.connect(self.remove_selected)
        self.add_button.setToolTip("Put the chosen tile type on top of this space")
        self.change_button.setToolTip("Make the selected tile the chosen tile type")

        choose = QHBoxLayout()
        choose.addWidget(self.tile_choice, 1)
        choose.addWidget(self.add_button)
        choose.addWidget(self.change_button)
        moves = QHBoxLayout()
        moves.addWidget(self.up_button)
        moves.addWidget(self.down_button)
        moves.addWidget(self.remove_button)

        self.tokens_text = QLabel(self)
        self.tokens_text.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(_heading("Layout"))
        layout.addLayout(form)
        layout.addSpacing(6)
        layout.addWidget(_heading("Space"))
        layout.addWidget(self.title)
        layout.addWidget(self.summary)
        layout.addWidget(self.stack_list, 1)
        layout.addLayout(choose)
        layout.addLayout(moves)
        layout.addWidget(self.tokens_text)
        self.show_space(None)

    # --- showing ----------------------------------------------------------------------

    def set_model(self, model: LayoutModel) -> None:
        """Inspect another layout."""
        self.model = model
        self.tile_choice.clear()
        for tile in model.tile_types():
            self.tile_choice.addItem(swatch(tile.colour), tile.name, tile.id)
        self.refresh_layout()
        self.show_space(self.label if self.label and model.has_space(self.label) else None)

    def refresh_layout(self) -> None:
        """Show the layout's name, id and board again."""
        if self.model is None:
            return
        layout = self.model.layout
        if not self.name_edit.hasFocus():
            self.name_edit.setText(layout.name)
        if not self.id_edit.hasFocus():
            self.id_edit.setText(layout.id)
        board = self.model.board
        self.board_text.setText(board.name if board is not None else layout.board)

    def choose_tile(self, tile: str | None) -> None:
        """Preselect a tile type in the chooser (follows the palette)."""
        index = self.tile_choice.findData(tile)
        if index >= 0:
            self.tile_choice.setCurrentIndex(index)

    def show_space(self, label: str | None) -> None:
        """Inspect a space (None: nothing selected)."""
        self.label = label
        keep = self.stack_list.currentRow()
        self.stack_list.clear()
        if label is None or self.model is None:
            self.title.setText("No space selected")
            self.summary.setText("Click a space on the board to inspect it.")
            self.tokens_text.setText("")
            self._update_buttons()
            return
        model = self.model
        stack = model.stack(label)
        self.title.setText(label)
        if stack:
            count = len(stack)
            self.summary.setText(
                f"Land, {count} tile{'s' * (count != 1)}, listed from the top (level {count})"
                " down to the bottom (level 1)."
            )
        else:
            self.summary.setText("Water: no tiles. Add one with the chooser below.")
        for level in range(len(stack), 0, -1):
            tile_id = stack[level - 1]
            tile = model.tile_type(tile_id)
            name = tile.name if tile is not None else tile_id
            where = " (top)" if level == len(stack) else " (bottom)" if level == 1 else ""
            item = QListWidgetItem(f"{level}. {name}{where}\n    {back_text(tile)}")
            colour = tile.colour if tile is not None else hexpaint.FALLBACK_COLOUR
            item.setIcon(swatch(colour))
            item.setData(Qt.ItemDataRole.UserRole, level - 1)
            if tile is None:
                item.setForeground(QColor("#c62828"))
            self.stack_list.addItem(item)
        if 0 <= keep < self.stack_list.count():
            self.stack_list.setCurrentRow(keep)
        tokens = model.picture().tokens.get(label, [])
        self.tokens_text.setText(
            f"<b>Tokens:</b> {', '.join(tokens)}" if tokens else "<b>Tokens:</b> none"
        )
        self._update_buttons()

    def _update_buttons(self) -> None:
        has_space = self.label is not None and self.model is not None
        index = self._selected_index()
        height = len(self.model.stack(self.label)) if has_space and self.label else 0
        self.add_button.setEnabled(has_space and self.tile_choice.count() > 0)
        self.change_button.setEnabled(index is not None and self.tile_choice.count() > 0)
        self.remove_button.setEnabled(index is not None)
        self.up_button.setEnabled(index is not None and index < height - 1)
        self.down_button.setEnabled(index is not None and index > 0)

    def _selected_index(self) -> int | None:
        """The stack index (0 = bottom) of the selected tile line."""
        item = self.stack_list.currentItem()
        if item is None:
            return None
        value = item.data(Qt.ItemDataRole.UserRole)
        return int(value) if value is not None else None

    def select_level(self, index: int) -> None:
        """Select a tile of the stack by its index from the bottom (0)."""
        for row in range(self.stack_list.count()):
            if self.stack_list.item(row).data(Qt.ItemDataRole.UserRole) == index:
                self.stack_list.setCurrentRow(row)
                return

    def stack_lines(self) -> list[str]:
        """The lines of the stack list, as shown (top first)."""
        return [self.stack_list.item(r).text() for r in range(self.stack_list.count())]

    # --- editing ----------------------------------------------------------------------

    def _chosen(self) -> str | None:
        value = self.tile_choice.currentData()
        return str(value) if value is not None else None

    def _emit(self, stack: Sequence[str], text: str, keep: int | None = None) -> None:
        assert self.label is not None
        self.stack_edit.emit(self.label, list(stack), text)
        if keep is not None:
            self.select_level(keep)

    def add_on_top(self) -> None:
        """Stack the chosen tile type on the space."""
        tile = self._chosen()
        if self.model is None or self.label is None or tile is None:
            return
        stack = self.model.stack(self.label)
        self._emit(
            (*stack, tile), f"Stack {self.model.tile_name(tile)} on {self.label}", len(stack)
        )

    def change_selected(self) -> None:
        """Make the selected tile the chosen tile type."""
        tile = self._chosen()
        index = self._selected_index()
        if self.model is None or self.label is None or tile is None or index is None:
            return
        stack = list(self.model.stack(self.label))
        if stack[index] == tile:
            return
        stack[index] = tile
        name = self.model.tile_name(tile)
        self._emit(stack, f"Change level {index + 1} of {self.label} to {name}", index)

    def move_selected(self, by: int) -> None:
        """Move the selected tile up (+1) or down (-1) its stack."""
        index = self._selected_index()
        if self.model is None or self.label is None or index is None:
            return
        stack = list(self.model.stack(self.label))
        other = index + by
        if not 0 <= other < len(stack):
            return
        stack[index], stack[other] = stack[other], stack[index]
        direction = "up" if by > 0 else "down"
        name = self.model.tile_name(stack[other])
        self._emit(stack, f"Move {name} {direction} in {self.label}", other)

    def remove_selected(self) -> None:
        """Take the selected tile out of its stack."""
        index = self._selected_index()
        if self.model is None or self.label is None or index is None:
            return
        stack = list(self.model.stack(self.label))
        name = self.model.tile_name(stack.pop(index))
        self._emit(stack, f"Remove {name} from {self.label}", min(index, len(stack) - 1))

    def _renamed(self) -> None:
        if self.model is None:
            return
        name = self.name_edit.text().strip()
        ident = self.id_edit.text().strip()
        layout = self.model.layout
        if (name, ident) != (layout.name, layout.id) and name and ident:
            self.rename.emit(name, ident)


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("font-weight: bold; color: #26323d; margin-top: 4px;")
    return label
