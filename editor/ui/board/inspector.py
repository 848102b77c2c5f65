"""The inspector dock: the selected space, its stack, the layout's fields on it, and edits.

The layout's own part shows its name, id, board and packs (attach, detach and order:
:mod:`editor.ui.board.layout_packs`). The inspector never changes the model itself: it asks
for a new stack through ``stack_edit(label, stack, text)`` and the window turns that into an
undo command; edits of the fields the layout's game declares (and of its packs) go out as
ready undo commands through ``command``.

Its editors are built from the declared fields (:mod:`editor.core.layout_fields`), by shape:

- ``per-tile``: a chooser under the stack for the selected tile: dealt at random, or an option;
- ``counts``: a line of what lies on the space, and a spin box per option;
- ``marks``: a check box with the field's word;
- ``tags``: a chooser of the options, or none;
- ``spot``: a check box with the field's word; checking it moves the spot here.
"""

from __future__ import annotations

from collections.abc import Sequence

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

from editor.core import layout_fields
from editor.core.layout_fields import LayoutField, SpaceValue
from editor.studio.board_picture import board_look
from editor.studio.layout_model import LayoutModel, back_text
from editor.studio.spaces import SpaceState
from editor.ui.board.commands import SetSpace
from editor.ui.board.layout_packs import LayoutPacks
from editor.ui.board.painters import BORDER_COLOUR, FALLBACK_COLOUR, counter_colour
from editor.ui.board.palette import swatch


class Inspector(QWidget):
    """Shows one space and edits its stack and the layout's fields on it; also the layout's
    name and id."""

    stack_edit = Signal(str, list, str)
    rename = Signal(str, str)
    #: An undo command for the window's undo stack (an edit of a declared field).
    command = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model: LayoutModel | None = None
        #: The grid kind of the layout's board: the swatches are its spaces' shape.
        self.grid = "hex"
        self.label: str | None = None
        #: The editors of the declared fields, by field key (see the module's table).
        self.item_choices: dict[str, QComboBox] = {}
        self.count_texts: dict[str, QLabel] = {}
        self.count_spins: dict[str, dict[str, QSpinBox]] = {}
        self.mark_checks: dict[str, QCheckBox] = {}
        self.tag_choices: dict[str, QComboBox] = {}
        self._fields: dict[str, LayoutField] = {}

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
        #: The layout's packs: attach, detach and order (each edit an undo command).
        self.packs = LayoutPacks(self)
        self.packs.command.connect(self.command.emit)
        form.addRow("Packs", self.packs)

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
        self.stack_list.currentRowChanged.connect(lambda _row: self._show_item_choices())

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

        # the per-tile fields' choosers, then the other fields: rebuilt for each game
        self.tile_fields = QFormLayout()
        self.tile_fields.setContentsMargins(0, 0, 0, 0)
        self.space_heading = _heading("At the start")
        self.space_fields = QVBoxLayout()
        self.space_fields.setContentsMargins(0, 0, 0, 0)
        self._field_widgets: list[QWidget] = []
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
        layout.addLayout(self.tile_fields)
        layout.addSpacing(6)
        layout.addWidget(self.space_heading)
        layout.addLayout(self.space_fields)
        self.show_space(None)

    # --- the declared fields' editors -------------------------------------------------

    @property
    def back_choice(self) -> QComboBox | None:
        """The chooser of the first ``per-tile`` field (a tile's back), if the game has one."""
        return next(iter(self.item_choices.values()), None)

    def _build_fields(self, model: LayoutModel) -> None:
        """One editor per declared field, by its shape."""
        while self.tile_fields.rowCount():
            self.tile_fields.removeRow(0)
        for widget in self._field_widgets:
            widget.setParent(None)
            widget.deleteLater()
        self._field_widgets = []
        self.item_choices, self.count_texts, self.count_spins = {}, {}, {}
        self.mark_checks, self.tag_choices = {}, {}
        self._fields = {spec.key: spec for spec in model.fields()}
        for spec in model.fields():
            about = spec.tooltip
            if spec.shape == "per-tile":
                combo = QComboBox(self)
                combo.setToolTip(about)
                combo.activated.connect(lambda row, k=spec.key: self._item_chosen(k, row))
                self.tile_fields.addRow(spec.word or spec.title, combo)
                self.item_choices[spec.key] = combo
            elif spec.shape == "counts":
                self._build_counts(model, spec, about)
            elif spec.shape in ("marks", "spot"):
                check = QCheckBox(spec.word or spec.title, self)
                check.setToolTip(about)
                check.clicked.connect(lambda on, k=spec.key: self._mark_clicked(k, on))
                self._add_field_widget(check)
                self.mark_checks[spec.key] = check
            else:
                combo = QComboBox(self)
                combo.setToolTip(about)
                combo.addItem("None", None)
                for option in model.field_options(spec.key):
                    combo.addItem(option.name, option.id)
                combo.activated.connect(lambda row, k=spec.key: self._tag_chosen(k, row))
                row = QWidget(self)
                line = QHBoxLayout(row)
                line.setContentsMargins(0, 0, 0, 0)
                line.addWidget(QLabel(spec.word or spec.title, row))
                line.addWidget(combo, 1)
                self._add_field_widget(row)
                self.tag_choices[spec.key] = combo
        self.space_heading.setVisible(any(s.shape != "per-tile" for s in model.fields()))

    def _build_counts(self, model: LayoutModel, spec: LayoutField, about: str) -> None:
        """A ``counts`` field: a line of what lies on the space, one spin box per option."""
        text = QLabel(self)
        text.setWordWrap(True)
        self._add_field_widget(text)
        self.count_texts[spec.key] = text
        spins: dict[str, QSpinBox] = {}
        for option in model.field_options(spec.key):
            spin = QSpinBox(self)
            spin.setRange(0, 99)
            spin.setKeyboardTracking(False)  # typed numbers count when finished, not per key
            spin.setSpecialValueText("none")
            spin.setToolTip(spec.option_tooltip(option.name))
            spin.valueChanged.connect(
                lambda value, k=spec.key, o=option.id: self._count_changed(k, o, value)
            )
            row = QWidget(self)
            row.setToolTip(about)
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            icon = QLabel(row)
            icon.setPixmap(token_swatch(option.id, option.colour))
            line.addWidget(icon)
            line.addWidget(QLabel(option.name, row), 1)
            line.addWidget(spin)
            self._add_field_widget(row)
            spins[option.id] = spin
        self.count_spins[spec.key] = spins

    def _add_field_widget(self, widget: QWidget) -> None:
        self.space_fields.addWidget(widget)
        self._field_widgets.append(widget)

    # --- showing ----------------------------------------------------------------------

    def set_model(self, model: LayoutModel) -> None:
        """Inspect another layout."""
        self.model = model
        self.grid = board_look(model.workspace, model.layout)["grid"]
        self._fill_tile_choice(model)
        self._build_fields(model)
        self.packs.set_model(model)
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
        self.packs.refresh()
        # another pack list brings other tile types
        shown = [self.tile_choice.itemData(i) for i in range(self.tile_choice.count())]
        if shown != [tile.id for tile in self.model.tile_types()]:
            self._fill_tile_choice(self.model)

    def _fill_tile_choice(self, model: LayoutModel) -> None:
        chosen = self.tile_choice.currentData()
        self.tile_choice.clear()
        for tile in model.tile_types():
            self.tile_choice.addItem(swatch(tile.colour, grid=self.grid), tile.name, tile.id)
        self.choose_tile(chosen)

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
            for text in self.count_texts.values():
                text.setText("")
                text.hide()  # an empty line would only push the rows below it down
            self._show_fields(None)
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
            empty = model.empty_word()
            self.summary.setText(
                f"{empty[:1].upper()}{empty[1:]}: no tiles. Add one with the chooser below."
            )
        per_tile = [spec for spec in self._fields.values() if spec.shape == "per-tile"]
        for level in range(len(stack), 0, -1):
            tile_id = stack[level - 1]
            tile = model.tile_type(tile_id)
            name = tile.name if tile is not None else tile_id
            where = " (top)" if level == len(stack) else " (bottom)" if level == 1 else ""
            lines = [f"{level}. {name}{where}"]
            for spec in per_tile:
                word = (spec.word or spec.title).lower()
                pinned = layout_fields.item_at(space.get(spec), level - 1)
                if pinned:
                    lines.append(
                        f"    {word}: {model.option_name(spec.key, pinned, tile_id)} (pinned)"
                    )
                else:
                    options = model.field_options(spec.key, tile_id)
                    lines.append(f"    {back_text(tile, options, word)}")
            item = QListWidgetItem("\n".join(lines))
            colour = tile.colour if tile is not None else FALLBACK_COLOUR
            item.setIcon(swatch(colour, grid=self.grid))
            item.setData(Qt.ItemDataRole.UserRole, level - 1)
            if tile is None:
                item.setForeground(QColor("#c62828"))
            self.stack_list.addItem(item)
        if 0 <= keep < self.stack_list.count():
            self.stack_list.setCurrentRow(keep)
        for key, text in self.count_texts.items():
            spec = self._fields[key]
            counts = ", ".join(
                f"{count} {model.option_name(key, kind)}" for kind, count in space.get(spec)
            )
            text.setText(f"<b>{spec.word or spec.title}:</b> {counts or 'none'}")
            text.show()
        self._show_fields(space)
        self._update_buttons()

    def _show_fields(self, space: SpaceState | None) -> None:
        """The declared fields' values on a space (None: nothing selected)."""
        self._showing = True  # what is shown is not an edit
        try:
            land = space is not None and bool(space.stack)
            model = self.model
            for key, spins in self.count_spins.items():
                spec = self._fields[key]
                for kind, spin in spins.items():
                    count = layout_fields.count_of(space.get(spec), kind) if space else 0
                    spin.setValue(count)
                    # on an empty space only what may lie there may be added; any may be
                    # taken away
                    option = model.option(key, kind) if model is not None else None
                    lies = not spec.needs_tiles or (option is not None and option.on_empty)
                    spin.setEnabled(space is not None and (land or lies or count > 0))
            for key, check in self.mark_checks.items():
                spec = self._fields[key]
                on = space is not None and bool(space.get(spec))
                check.setChecked(on)
                check.setEnabled(space is not None and (land or not spec.needs_tiles or on))
            for key, combo in self.tag_choices.items():
                spec = self._fields[key]
                tag = space.get(spec) if space is not None else None
                index = combo.findData(tag)
                if tag is not None and index < 0:
                    # a tag the packs do not offer: the checks say so; show it
                    combo.addItem(f"{tag} (unknown)", tag)
                    index = combo.count() - 1
                combo.setCurrentIndex(max(index, 0))
                combo.setEnabled(
                    space is not None and (land or not spec.needs_tiles or tag is not None)
                )
        finally:
            self._showing = False
        self._show_item_choices()

    def _show_item_choices(self) -> None:
        """Each per-tile field's chooser for the selected tile: dealt at random, or each
        option of its type (the back chooser: each back of the type's stock)."""
        self._showing = True
        try:
            for key, combo in self.item_choices.items():
                self._show_item_choice(self._fields[key], combo)
        finally:
            self._showing = False

    def _show_item_choice(self, spec: LayoutField, combo: QComboBox) -> None:
        combo.clear()
        index = self._selected_index()
        model = self.model
        if model is None or self.label is None or index is None:
            combo.addItem("Select a tile of the stack")
            combo.setEnabled(False)
            return
        space = model.space(self.label)
        if index >= len(space.stack):
            combo.setEnabled(False)
            return
        tile_id = space.stack[index]
        combo.addItem("Dealt at random", None)
        for option in model.field_options(spec.key, tile_id):
            count = option.count
            shown = f"{option.name} ({count} in stock)" if count is not None else option.name
            combo.addItem(shown, option.id)
        pinned = layout_fields.item_at(space.get(spec), index)
        if pinned is not None and combo.findData(pinned) < 0:
            # an option the stock of this type does not hold: the checks say so; show it
            name = model.option_name(spec.key, pinned)
            combo.addItem(f"{name} (not in stock)", pinned)
        combo.setCurrentIndex(max(combo.findData(pinned), 0))
        combo.setEnabled(True)

    def _update_buttons(self) -> None:
        has_space = self.label is not None and self.model is not None
        index = self._selected_index()
        height = len(self.model.stack(self.label)) if self.model is not None and self.label else 0
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

    # --- editing the stack ------------------------------------------------------------

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

    # --- editing the declared fields --------------------------------------------------

    def _set_field(
        self, key: str, value: SpaceValue, text: str, merge_key: tuple[str, ...] | None = None
    ) -> None:
        """Give one field a new value on the space, as one undo command."""
        assert self.model is not None and self.label is not None
        new = self.model.space(self.label).with_field(key, value)
        self.command.emit(SetSpace(self.model, self.label, new, text, merge_key=merge_key))

    def pin_item(self, key: str, item: str | None) -> None:
        """Pin an option of a ``per-tile`` field on the selected tile (None: leave it to be
        dealt at random), as an undo command (the back of a tile)."""
        index = self._selected_index()
        model = self.model
        spec = self._fields.get(key)
        if model is None or self.label is None or index is None or spec is None:
            return
        space = model.space(self.label)
        at = space.get(spec)
        if index >= len(space.stack) or layout_fields.item_at(at, index) == item:
            return
        items = [layout_fields.item_at(at, i) for i in range(len(space.stack))]
        items[index] = item
        tile_id = space.stack[index]
        name = model.tile_name(tile_id)
        where = f"tile {index + 1} of {len(space.stack)}"
        word = (spec.word or spec.title).lower()
        if item is None:
            text = f"Deal the {word} of {name} ({where}) on {self.label} at random"
        else:
            shown = model.option_name(key, item, tile_id)
            text = f"Pin {shown} on {name} ({where}) of {self.label}"
        self._set_field(key, tuple(items), text)
        self.select_level(index)

    def _item_chosen(self, key: str, row: int) -> None:
        if self._showing or row < 0:
            return
        value = self.item_choices[key].itemData(row)
        self.pin_item(key, str(value) if value is not None else None)

    def set_count(self, key: str, kind: str, count: int) -> None:
        """Put ``count`` of one option of a ``counts`` field on the space (0 takes them all),
        as an undo command (tokens on a space)."""
        model = self.model
        spec = self._fields.get(key)
        if model is None or self.label is None or spec is None or count < 0:
            return
        counts = dict(model.space(self.label).get(spec))
        if counts.get(kind, 0) == count:
            return
        if count:
            counts[kind] = count
        else:
            counts.pop(kind, None)
        name = model.option_name(key, kind)
        word = (spec.word or spec.title).lower()
        if count == 0:
            text = f"Take {name} {word} off {self.label}"
        else:
            text = f"{name} {word} on {self.label}: {count}"
        value = tuple(sorted(counts.items()))
        self._set_field(key, value, text, merge_key=(self.label, key, kind))

    def _count_changed(self, key: str, kind: str, value: int) -> None:
        if not self._showing:
            self.set_count(key, kind, value)

    def set_mark(self, key: str, on: bool) -> None:
        """Mark the space with a ``marks`` field or not, or move a ``spot`` field here (or
        take it off), as an undo command (a start space)."""
        model = self.model
        spec = self._fields.get(key)
        if model is None or self.label is None or spec is None:
            return
        if bool(model.space(self.label).get(spec)) == on:
            return
        what = spec.title.lower()
        if spec.shape == "spot":
            text = f"Move {what} to {self.label}" if on else f"Take {what} off {self.label}"
        else:
            one = f"a {what[:-1] if what.endswith('s') else what}"
            text = f"{'Mark' if on else 'Unmark'} {self.label} as {one}"
        self._set_field(key, on, text)

    def _mark_clicked(self, key: str, on: bool) -> None:
        if not self._showing:
            self.set_mark(key, on)

    def set_tag(self, key: str, tag: str | None) -> None:
        """Give the space one option of a ``tags`` field (None: none), as an undo command."""
        model = self.model
        spec = self._fields.get(key)
        if model is None or self.label is None or spec is None:
            return
        if model.space(self.label).get(spec) == tag:
            return
        what = spec.title.lower()
        if tag is None:
            text = f"Clear {what} of {self.label}"
        else:
            text = f"Set {what} of {self.label} to {model.option_name(key, tag)}"
        self._set_field(key, tag, text)

    def _tag_chosen(self, key: str, row: int) -> None:
        if self._showing or row < 0:
            return
        value = self.tag_choices[key].itemData(row)
        self.set_tag(key, str(value) if value is not None else None)

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
        painter.setPen(QColor(BORDER_COLOUR))
        painter.setBrush(counter_colour(token, {token: colour}))
        painter.drawEllipse(1, 1, size - 2, size - 2)
    finally:
        painter.end()
    return pixmap


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("font-weight: bold; color: #26323d; margin-top: 4px;")
    return label
