"""The layouts opened or saved lately: kept in QSettings, listed in File > Open Recent."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu, QWidget

from editor.studio.layout_files import is_bundled

MAX_RECENT = 8
KEY = "recentFiles"


class RecentFiles:
    """The recent files, newest first, and the menu that offers them."""

    def __init__(
        self, settings: QSettings, open_file: Callable[[Path], object], parent: QWidget
    ) -> None:
        self.settings = settings
        self._open_file = open_file
        self.menu = QMenu("Open &Recent", parent)
        self.menu.aboutToShow.connect(self.fill_menu)

    def files(self) -> list[Path]:
        """Layouts opened or saved lately, newest first."""
        value = self.settings.value(KEY, [])
        if isinstance(value, str):
            value = [value]
        return [Path(v) for v in value or [] if v]

    def add(self, path: Path) -> None:
        """Put a file at the top of the recent files (a bundled layout is never listed)."""
        path = Path(path).resolve()
        if is_bundled(path):
            return
        files = [p for p in self.files() if p != path]
        self.settings.setValue(KEY, [str(p) for p in [path, *files][:MAX_RECENT]])

    def remove(self, path: Path) -> None:
        """Forget a file that is gone or cannot be read any more."""
        path = Path(path).resolve()
        self.settings.setValue(KEY, [str(p) for p in self.files() if p != path])

    def fill_menu(self) -> None:
        """List the recent files in :attr:`menu` (done each time it is about to show)."""
        self.menu.clear()
        files = self.files()
        if not files:
            empty = self.menu.addAction("No recent files")
            empty.setEnabled(False)
            return
        for index, path in enumerate(files):
            action = self.menu.addAction(f"&{index + 1} {path.name}")
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self._open_file(p))
