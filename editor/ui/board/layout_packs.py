"""The layout's pack list in the inspector: attach, detach and order, each an undo command.

What an edit means (dependencies brought along, places that a detach would break) is worked
out by :mod:`editor.studio.pack_list`; this widget shows the list, offers the packs not in it
and says in its note what an edit did, why one was refused, and which of the designer's open
packs the layout does not use (the simulator plays without them).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.studio import pack_list
from editor.studio.layout_model import LayoutModel
from editor.studio.pack_list import PackEdit
from editor.ui.common.pack_commands import SetPacks

ID_ROLE = Qt.ItemDataRole.UserRole


class LayoutPacks(QWidget):
    """The packs the layout lists, in order, with what else may be attached."""

    #: An undo command for the window's undo stack.
    command = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model: LayoutModel | None = None
        self.list = QListWidget(self)
        self.list.setObjectName("LayoutPacks")
        self.list.setMaximumHeight(84)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # a long pack name wraps onto a second line, whole, rather than losing its middle
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.currentRowChanged.connect(lambda _row: self._update_buttons())
        self.choice = QComboBox(self)
        self.attach_button = QPushButton("Attach", self)
        self.detach_button = QPushButton("Detach", self)
        self.up_button = QPushButton("Up", self)
        self.down_button = QPushButton("Down", self)
        self.attach_button.setToolTip("Use the chosen pack in this layout (one undo step)")
        self.detach_button.setToolTip("Stop using the selected pack (refused if tiles need it)")
        self.up_button.setToolTip("Earlier packs are overridden by later ones")
        self.attach_button.clicked.connect(lambda: self._attach_chosen())
        self.detach_button.clicked.connect(lambda: self._detach_selected())
        self.up_button.clicked.connect(lambda: self._move_selected(-1))
        self.down_button.clicked.connect(lambda: self._move_selected(+1))
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #8a4b00;")
        self._said = ""

        # compact: the inspector shares a small screen with the space's editors
        buttons = QVBoxLayout()
        buttons.setSpacing(2)
        for button in (self.up_button, self.down_button, self.detach_button):
            buttons.addWidget(button)
        listing = QHBoxLayout()
        listing.addWidget(self.list, 1)
        listing.addLayout(buttons)
        attach = QHBoxLayout()
        attach.addWidget(self.choice, 1)
        attach.addWidget(self.attach_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(listing)
        layout.addLayout(attach)
        layout.addWidget(self.note)

    # --- showing ----------------------------------------------------------------------

    def set_model(self, model: LayoutModel) -> None:
        """Show another layout's packs."""
        self.model = model
        self._said = ""
        self.refresh()

    def refresh(self) -> None:
        """Show the list as the layout says it now, and what may be attached."""
        model = self.model
        if model is None:
            return
        selected = self.selected()
        offered = {c.id: c for c in pack_list.choices(model)}
        listed = pack_list.listed(model)
        self.list.clear()
        for pack_id in listed:
            choice = offered.get(pack_id)
            text = _short(choice) if choice is not None else f"{pack_id} · not found"
            item = QListWidgetItem(text)
            item.setData(ID_ROLE, pack_id)
            item.setToolTip(_tip(choice) if choice is not None else f"no pack {pack_id!r} found")
            self.list.addItem(item)
            if pack_id == selected:
                self.list.setCurrentItem(item)
        for pack_id in pack_list.in_use(model):
            if pack_id not in listed:  # a dependency of a listed pack
                choice = offered.get(pack_id)
                text = _short(choice) if choice is not None else pack_id
                item = QListWidgetItem(f"{text} · needed by a pack")
                item.setToolTip(_tip(choice) if choice is not None else pack_id)
                item.setData(ID_ROLE, None)
                item.setForeground(Qt.GlobalColor.gray)
                self.list.addItem(item)
        self.choice.clear()
        for choice in offered.values():
            if choice.id not in listed:
                self.choice.addItem(_short(choice), choice.id)
                self.choice.setItemData(
                    self.choice.count() - 1, _tip(choice), Qt.ItemDataRole.ToolTipRole
                )
        # the offered packs' list opens as wide as their longest name
        view = self.choice.view()
        view.setTextElideMode(Qt.TextElideMode.ElideNone)
        if self.choice.count():
            view.setMinimumWidth(view.sizeHintForColumn(0) + 2 * view.frameWidth() + 8)
        self._update_buttons()
        self._show_note()

    def listed_ids(self) -> list[str]:
        """The ids shown as listed, in order (dependencies in use but not listed left out)."""
        ids = (self.list.item(row).data(ID_ROLE) for row in range(self.list.count()))
        return [pack_id for pack_id in ids if pack_id is not None]

    def selected(self) -> str | None:
        """The id of the selected listed pack."""
        item = self.list.currentItem()
        pack_id = item.data(ID_ROLE) if item is not None else None
        return str(pack_id) if pack_id is not None else None

    def select(self, pack_id: str) -> bool:
        """Select a listed pack; False when it is not listed."""
        for row in range(self.list.count()):
            if self.list.item(row).data(ID_ROLE) == pack_id:
                self.list.setCurrentRow(row)
                return True
        return False

    def _update_buttons(self) -> None:
        chosen = self.selected()
        ids = self.listed_ids()
        self.detach_button.setEnabled(chosen is not None)
        self.up_button.setEnabled(chosen is not None and ids.index(chosen) > 0)
        self.down_button.setEnabled(chosen is not None and ids.index(chosen) < len(ids) - 1)
        self.attach_button.setEnabled(self.choice.count() > 0)

    def _show_note(self) -> None:
        lines = [self._said] if self._said else []
        model = self.model
        if model is not None:
            for choice in pack_list.unattached(model):
                lines.append(
                    f"{choice.name} ({choice.id}) is open but not attached: the layout does not"
                    " use it, and the simulator plays without it."
                )
        self.note.setText("\n".join(lines))
        self.note.setVisible(bool(lines))

    # --- edits ------------------------------------------------------------------------

    def attach_pack(self, pack_id: str) -> bool:
        """Attach a pack (with the dependencies the list lacks); False when nothing changed."""
        if self.model is None:
            return False
        edit = pack_list.attach(self.model, pack_id)
        said = []
        if edit.added:
            said.append(f"Also attached {', '.join(edit.added)}, which {pack_id} needs.")
        said += [f"{line[0].upper()}{line[1:]}." for line in edit.missing]
        if not self._push(edit, " ".join(said)):
            return False
        self.select(pack_id)
        return True

    def detach_pack(self, pack_id: str) -> bool:
        """Detach a pack, unless the layout needs it (the note names the places)."""
        if self.model is None:
            return False
        edit = pack_list.detach(self.model, pack_id)
        said = ""
        if edit.kept_by:
            said = f"{pack_id} stays in use: {', '.join(edit.kept_by)} depends on it."
        return self._push(edit, said)

    def move_pack(self, pack_id: str, by: int) -> bool:
        """Move a listed pack up (-1) or down (+1)."""
        if self.model is None:
            return False
        edit = pack_list.move(self.model, pack_id, by)
        return edit is not None and self._push(edit, "")

    def _push(self, edit: PackEdit, said: str) -> bool:
        model = self.model
        assert model is not None
        if edit.refused:
            self._said = "Not changed: " + "; ".join(edit.refused) + "."
            self._show_note()
            return False
        workspace = pack_list.workspace_for(model, edit.packs)
        if workspace is None:
            self._said = "Not changed: the packs could not be loaded."
            self._show_note()
            return False
        self._said = said
        self.command.emit(SetPacks(model, edit.packs, workspace, edit.text))
        return True

    def _attach_chosen(self) -> None:
        pack_id = self.choice.currentData()
        if pack_id is not None:
            self.attach_pack(str(pack_id))

    def _detach_selected(self) -> None:
        pack_id = self.selected()
        if pack_id is not None:
            self.detach_pack(pack_id)

    def _move_selected(self, by: int) -> None:
        pack_id = self.selected()
        if pack_id is not None:
            self.move_pack(pack_id, by)
            self.select(pack_id)


def _short(choice: pack_list.PackChoice) -> str:
    """``Lava 0.3.0 · your folder``: what fits a narrow dock (the id is in the tooltip)."""
    return f"{choice.name} {choice.version} · {pack_list.ORIGIN_WORDS.get(choice.origin, '')}"


def _tip(choice: pack_list.PackChoice) -> str:
    where = f"\n{choice.folder}" if choice.folder is not None else ""
    return f"{choice.label}{where}"
