"""The questions the editor asks the user, behind one object so tests can answer them.

:class:`Prompts` shows real dialogs; a test passes its own subclass with scripted answers, so
no test ever waits for a click.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from editor.studio.autosave import Recovery

Answer = Literal["save", "discard", "cancel"]
LAYOUT_FILTER = "Seastack layouts (*.layout.yaml);;All files (*)"
OPEN_FILTER = "Seastack layouts (*.layout.yaml);;Content files (*.yaml *.yml);;All files (*)"
IMAGE_FILTER = "PNG image (*.png);;SVG image (*.svg)"
CONTENT_FILTER = "YAML files (*.yaml *.yml);;All files (*)"
PACK_FILTER = "Seastack pack files (*.seastack);;All files (*)"


class Prompts:
    """Dialogs, parented to the editor window."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def unsaved(self, name: str) -> Answer:
        """Save, discard or cancel before the unsaved layout ``name`` is closed."""
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setText(f"Save the changes to {name}?")
        box.setInformativeText("Your changes are lost if you don't save them.")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return "save"
        if answer == QMessageBox.StandardButton.Discard:
            return "discard"
        return "cancel"

    def open_path(self, folder: Path) -> Path | None:
        """A layout file to open (or a content file, which opens in a tab)."""
        name, _ = QFileDialog.getOpenFileName(self.parent, "Open", str(folder), OPEN_FILTER)
        return Path(name) if name else None

    def pack_file_path(self, folder: Path) -> Path | None:
        """A pack file to import (``*.seastack``)."""
        name, _ = QFileDialog.getOpenFileName(self.parent, "Import Pack", str(folder), PACK_FILTER)
        return Path(name) if name else None

    def save_path(self, suggested: Path) -> Path | None:
        """Where to save a layout."""
        name, _ = QFileDialog.getSaveFileName(
            self.parent, "Save Layout As", str(suggested), LAYOUT_FILTER
        )
        if not name:
            return None
        path = Path(name)
        if not path.name.endswith(".layout.yaml"):
            path = path.with_name(path.name.removesuffix(".yaml") + ".layout.yaml")
            if not self._may_replace(path):
                return None
        return path

    def save_file_path(self, suggested: Path) -> Path | None:
        """Where to save a content file under a new name (File > Save As on its tab)."""
        name, _ = QFileDialog.getSaveFileName(
            self.parent, "Save File As", str(suggested), CONTENT_FILTER
        )
        if not name:
            return None
        path = Path(name)
        if path.suffix.lower() not in (".yaml", ".yml"):
            path = path.with_name(path.name + ".yaml")
            if not self._may_replace(path):
                return None
        return path

    def export_path(self, suggested: Path) -> Path | None:
        """Where to write an image of the board (.png or .svg)."""
        name, chosen = QFileDialog.getSaveFileName(
            self.parent, "Export Image", str(suggested), IMAGE_FILTER
        )
        if not name:
            return None
        path = Path(name)
        if path.suffix.lower() not in (".png", ".svg"):
            path = path.with_name(path.name + (".svg" if "svg" in chosen.lower() else ".png"))
            if not self._may_replace(path):
                return None
        return path

    def _may_replace(self, path: Path) -> bool:
        """Ask before overwriting a file whose name Seastack completed.

        The file dialog asked about the name as typed ("crab"), not about the file that will
        be written ("crab.layout.yaml"); without this a file could be replaced unasked.
        """
        if not path.exists():
            return True
        return self.confirm(
            "Replace the file?", f"{path.name} already exists in {path.parent}. Replace it?"
        )

    def choose_board(self, boards: list[tuple[str, str]]) -> str | None:
        """One board id from ``(id, name)`` pairs, for a new layout."""
        names = [f"{name} ({board_id})" for board_id, name in boards]
        chosen, ok = QInputDialog.getItem(
            self.parent, "New Layout", "Build the new layout on:", names, 0, False
        )
        if not ok or chosen not in names:
            return None
        return boards[names.index(chosen)][0]

    def folder_path(self, title: str, folder: Path) -> Path | None:
        """A folder (a pack folder to open, where to create a new pack)."""
        name = QFileDialog.getExistingDirectory(self.parent, title, str(folder))
        return Path(name) if name else None

    def text(self, title: str, label: str, default: str = "") -> str | None:
        """A line of text (a new pack's name); None when cancelled."""
        value, ok = QInputDialog.getText(self.parent, title, label, text=default)
        return value if ok else None

    def choose(self, title: str, label: str, options: list[str]) -> str | None:
        """One of ``options`` (a pack, a template); None when cancelled."""
        if not options:
            return None
        chosen, ok = QInputDialog.getItem(self.parent, title, label, options, 0, False)
        return chosen if ok and chosen in options else None

    def confirm(self, title: str, text: str) -> bool:
        """Yes or no (No is the default)."""
        answer = QMessageBox.question(
            self.parent,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def recover(self, recovery: Recovery) -> bool:
        """Whether to restore unsaved work found after a crash (no: it is thrown away)."""
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Restore unsaved work?")
        box.setText("Seastack was not closed properly last time.")
        box.setInformativeText(f"Restore the unsaved work on {recovery.describe()}?")
        restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(restore)
        box.exec()
        return box.clickedButton() is restore

    def reload_changed(self, name: str) -> bool:
        """A file with unsaved edits changed on disk: reload it (losing the edits) or keep mine."""
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("File changed on disk")
        box.setText(f"{name} was changed on disk by another program.")
        box.setInformativeText(
            "Reload it from the disk (your unsaved edits are lost), or keep your edits"
            " (saving then replaces the file on disk)?"
        )
        reload = box.addButton("Reload from Disk", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("Keep My Edits", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.exec()
        return box.clickedButton() is reload

    def error(self, title: str, text: str) -> None:
        """Tell the user something went wrong."""
        QMessageBox.warning(self.parent, title, text)
