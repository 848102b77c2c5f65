"""The inspector dock: the selected space, its stack with each tile's back, and edits of it.

The inspector never changes the model itself: it asks for a new stack through
``stack_edit(label, stack, text)`` and the window turns that into an undo command; pinned
backs, tokens and the start mark go out as ready undo commands through ``command``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.ui import hexpaint
from editor.ui.commands import SetSpace
from editor.ui.layout_model import LayoutModel, back_text
from editor.ui.palette import swatch
from editor.ui.spaces import SpaceState


class Inspector(QWidget):
    """Shows one space and edits its stack; also the layout's name and id."""

    stack_edit = Signal(str, list, str)
    rename = Signal(str, str)
    #: An undo command for the window's undo stack (pinned backs, tokens, start mark).
    command = Signal(object)

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
        self.stack_list.currentRowChanged.connect(lambda _row: self._show_back_choice())

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

        self.back_choice = QComboBox(self)
        self.back_choice.setToolTip(
            "The back of the selected tile: dealt at random from the stock at set-up, or"
            " pinned to one back of that tile type's stock"
        )
        self.back_choice.activated.connect(self._back_chosen)
        backs = QFormLayout()
        backs.setContentsMargins(0, 0, 0, 0)
        backs.addRow("Back", self.back_choice)

        self.tokens_text = QLabel(self)
        self.tokens_text.setWordWrap(True)
        self.tokens_form = QFormLayout()
        self.tokens_form.setContentsMargins(0, 0, 0, 0)
        self.token_spins: dict[str, QSpinBox] = {}
        self.start_check = QCheckBox("Start space: pieces may start here at set-up", self)
        self.start_check.setToolTip(
            "Without any start space, the game's set-up rules decide where pieces start"
        )
        self.start_check.clicked.connect(self._start_clicked)
        self._showing = False

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
        layout.addLayout(backs)
        layout.addSpacing(6)
        layout.addWidget(_heading("At the start"))
        layout.addWidget(self.tokens_text)
        layout.addLayout(self.tokens_form)
        layout.addWidget(self.start_check)
        self.show_space(None)

    # --- showing ----------------------------------------------------------------------

    def set_model(self, model: LayoutModel) -> None:
        """Inspect another layout."""
        self.model = model
        self.tile_choice.clear()
        for tile in model.tile_types():
            self.tile_choice.addItem(swatch(tile.colour), tile.name, tile.id)
        while self.tokens_form.rowCount():
            self.tokens_form.removeRow(0)
        self.token_spins = {}
        for token in model.token_types():
            spin = QSpinBox(self)
            spin.setRange(0, 99)
            spin.setKeyboardTracking(False)  # typed numbers count when finished, not per key
            spin.setSpecialValueText("none")
            spin.setToolTip(f"{token.name} tokens lying on this space when the game starts")
            spin.valueChanged.connect(lambda value, t=token.id: self._token_changed(t, value))
            icon = QLabel(self)
            icon.setPixmap(token_swatch(token.id, token.colour))
            row = QHBoxLayout()
            row.addWidget(icon)
            row.addWidget(QLabel(token.name, self), 1)
            row.addWidget(spin)
            self.tokens_form.addRow(row)
            self.token_spins[token.id] = spin
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
            self.tokens_text.hide()  # an empty line would only push the token rows down
            self._show_extras(None)
            self._update_buttons()
            return
        model = self.model
        space = model.space(label)
        stack = space.stack
        self.title.setText(label)
        if len(stack) == 1:
            self.summary.setText("Land, 1 tile.")
        elif stack:
            count = len(stack)
            # positions in the stack, not levels: a game's ruleset gives each tile type its
            # level (the Statistics dock shows those), which need not match its position
            self.summary.setText(
                f"Land, {count} tiles, listed from the top (tile {count} of {count})"
                f" down to the bottom (tile 1 of {count})."
            )
        else:
            self.summary.setText("Water: no tiles. Add one with the chooser below.")
        for level in range(len(stack), 0, -1):
            tile_id = stack[level - 1]
            tile = model.tile_type(tile_id)
            name = tile.name if tile is not None else tile_id
            where = " (top)" if level == len(stack) else " (bottom)" if level == 1 else ""
            pinned = space.back(level - 1)
            back = f"back: {model.back_name(pinned)} (pinned)" if pinned else back_text(tile)
            item = QListWidgetItem(f"{level}. {name}{where}\n    {back}")
            colour = tile.colour if tile is not None else hexpaint.FALLBACK_COLOUR
            item.setIcon(swatch(colour))
            item.setData(Qt.ItemDataRole.UserRole, level - 1)
            if tile is None:
                item.setForeground(QColor("#c62828"))
            self.stack_list.addItem(item)
        if 0 <= keep < self.stack_list.count():
            self.stack_list.setCurrentRow(keep)
        tokens = ", ".join(f"{count} {model.token_name(t)}" for t, count in space.tokens)
        self.tokens_text.setText(f"<b>Tokens:</b> {tokens or 'none'}")
        self.tokens_text.show()
        self._show_extras(space)
        self._update_buttons()

    def _show_extras(self, space: SpaceState | None) -> None:
        """Token counts, start mark and the selected tile's back of a space (None: none)."""
        self._showing = True  # what is shown is not an edit
        try:
            land = space is not None and bool(space.stack)
            kinds = {t.id: t for t in self.model.token_types()} if self.model else {}
            for token, spin in self.token_spins.items():
                count = space.token_count(token) if space is not None else 0
                spin.setValue(count)
                # on water only a kind that floats may be added; any may be taken away
                floats = token in kinds and kinds[token].on_water
                spin.setEnabled(space is not None and (land or floats or count > 0))
            self.start_check.setChecked(space is not None and space.start)
            self.start_check.setEnabled(space is not None and (land or space.start))
        finally:
            self._showing = False
        self._show_back_choice()

    def _show_back_choice(self) -> None:
        """The back chooser for the selected tile: random, or each back of its type's stock."""
        self._showing = True
        try:
            self.back_choice.clear()
            index = self._selected_index()
            model = self.model
            if model is None or self.label is None or index is None:
                self.back_choice.addItem("Select a tile of the stack")
                self.back_choice.setEnabled(False)
                return
            space = model.space(self.label)
            if index >= len(space.stack):
                self.back_choice.setEnabled(False)
                return
            tile = model.tile_type(space.stack[index])
            self.back_choice.addItem("Dealt at random", None)
            for share in tile.backs if tile is not None else ():
                self.back_choice.addItem(f"{share.name} ({share.count} in stock)", share.back)
            pinned = space.back(index)
            if pinned is not None and self.back_choice.findData(pinned) < 0:
                # a back the stock of this type does not hold: the checks say so; show it
                self.back_choice.addItem(f"{model.back_name(pinned)} (not in stock)", pinned)
            self.back_choice.setCurrentIndex(max(self.back_choice.findData(pinned), 0))
            self.back_choice.setEnabled(True)
        finally:
            self._showing = False

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
        where = f"tile {index + 1} of {len(stack)}"
        self._emit(stack, f"Change {where} on {self.label} to {name}", index)

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

    def pin_back(self, back: str | None) -> None:
        """Pin a back on the selected tile (None: deal it at random), as an undo command."""
        index = self._selected_index()
        model = self.model
        if model is None or self.label is None or index is None:
            return
        space = model.space(self.label)
        if index >= len(space.stack) or space.back(index) == back:
            return
        backs = [space.back(i) for i in range(len(space.stack))]
        backs[index] = back
        name = model.tile_name(space.stack[index])
        where = f"tile {index + 1} of {len(space.stack)}"
        if back is None:
            text = f"Deal the back of {name} ({where}) on {self.label} at random"
        else:
            text = f"Pin {model.back_name(back)} on {name} ({where}) of {self.label}"
        new = replace(space, backs=tuple(backs) if any(b is not None for b in backs) else ())
        self.command.emit(SetSpace(model, self.label, new, text))
        self.select_level(index)

    def _back_chosen(self, row: int) -> None:
        if self._showing or row < 0:
            return
        value = self.back_choice.itemData(row)
        self.pin_back(str(value) if value is not None else None)

    def set_token_count(self, token: str, count: int) -> None:
        """Put ``count`` tokens of a kind on the space (0 takes them all), as an undo command."""
        model = self.model
        if model is None or self.label is None:
            return
        space = model.space(self.label)
        old = space.token_count(token)
        if count == old or count < 0:
            return
        tokens = dict(space.tokens)
        if count:
            tokens[token] = count
        else:
            tokens.pop(token, None)
        name = model.token_name(token)
        if count == 0:
            text = f"Take {name} tokens off {self.label}"
        else:
            text = f"{name} tokens on {self.label}: {count}"
        new = replace(space, tokens=tuple(sorted(tokens.items())))
        self.command.emit(SetSpace(model, self.label, new, text, merge_key=(self.label, token)))

    def _token_changed(self, token: str, value: int) -> None:
        if not self._showing:
            self.set_token_count(token, value)

    def set_start(self, start: bool) -> None:
        """Mark the space as a start space or not, as an undo command."""
        model = self.model
        if model is None or self.label is None:
            return
        space = model.space(self.label)
        if space.start == start:
            return
        text = f"{'Mark' if start else 'Unmark'} {self.label} as a start space"
        self.command.emit(SetSpace(model, self.label, replace(space, start=start), text))

    def _start_clicked(self, checked: bool) -> None:
        if not self._showing:
            self.set_start(checked)

    def _renamed(self) -> None:
        if self.model is None:
            return
        name = self.name_edit.text().strip()
        ident = self.id_edit.text().strip()
        layout = self.model.layout
        if (name, ident) != (layout.name, layout.id) and name and ident:
            self.rename.emit(name, ident)


def token_swatch(token: str, colour: str = "", size: int = 14) -> QPixmap:
    """A small disc in a token kind's colour (derived from its id without one), as drawn."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QColor(hexpaint.BORDER_COLOUR))
        painter.setBrush(hexpaint.token_colour(token, {token: colour}))
        painter.drawEllipse(1, 1, size - 2, size - 2)
    finally:
        painter.end()
    return pixmap


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("font-weight: bold; color: #26323d; margin-top: 4px;")
    return label
