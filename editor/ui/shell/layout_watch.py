"""The open layout's file, watched: changed on disk by another program, it is offered for
reload, as content tabs are (a clean layout is read again at once; one with unsaved edits
asks first).

The watch follows the studio's layout (``LAYOUT_REPLACED``). What Seastack itself writes is
told with :meth:`LayoutWatch.saved`, so a save is not taken for another program's change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer
from PySide6.QtWidgets import QWidget

from editor.studio.layout_files import is_bundled, read_source
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Change, Studio
from editor.ui.shell.services import FileServices

#: Wait this long after the last change event: a program may write a file in several steps.
SETTLE_MS = 250


class LayoutWatch(QObject):
    """Notices when the layout's file changes on disk, and reloads it or asks."""

    def __init__(
        self,
        studio: Studio,
        services: FileServices,
        reload: Callable[[Path], object],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.studio = studio
        self.services = services
        self._reload = reload
        self.path: Path | None = None
        #: The file's text as Seastack last read or wrote it.
        self.known: str | None = None
        self._asking = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.check)
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(lambda _path: self._timer.start())
        self.watcher.directoryChanged.connect(lambda _path: self._timer.start())
        studio.subscribe(Change.LAYOUT_REPLACED, self.follow)
        self.follow(studio.model)

    def follow(self, model: LayoutModel) -> None:
        """Watch the file of the layout now open (none for a new or a bundled one)."""
        path = model.path if model.path is not None and not is_bundled(model.path) else None
        self.known = read_source(path) if path is not None else None
        self.path = path
        self._watch()

    def _watch(self) -> None:
        old = self.watcher.files() + self.watcher.directories()
        if old:
            self.watcher.removePaths(old)
        if self.path is not None and self.path.exists():
            # a program that saves by renaming replaces the file: its folder is watched too
            self.watcher.addPaths([str(self.path), str(self.path.parent)])

    def saved(self, path: Path, text: str) -> None:
        """Seastack wrote the layout's file: that text is not another program's."""
        self.path = path
        self.known = text
        self._watch()

    def check(self) -> bool:
        """Read the file: changed since Seastack read or wrote it, reload it or ask. True when
        it was reloaded."""
        self._timer.stop()
        path = self.path
        if path is None or self._asking or not self._window_open():
            return False
        text = read_source(path)
        self._watch()  # a file replaced by a rename is watched again
        if text is None or text == self.known:
            return False  # gone (a rename in progress, or deleted: the open layout stays)
        self.known = text
        if self.services.layout_is_dirty():
            self._asking = True  # one question at a time, however many changes come
            try:
                if not self.services.prompts.reload_changed(path.name):
                    return False
            finally:
                self._asking = False
        self._reload(path)
        self.services.status(f"Reloaded {path.name}: it was changed on disk", 6000)
        return True

    def _window_open(self) -> bool:
        """Whether the window this watch belongs to is open (a closed one asks nothing)."""
        owner = self.parent()
        while owner is not None and not isinstance(owner, QWidget):
            owner = owner.parent()
        return owner is None or owner.isVisible()
