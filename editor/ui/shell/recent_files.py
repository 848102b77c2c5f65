"""The layouts opened or saved lately: kept in QSettings, listed in File > Open Recent.

Each entry shows the file's name and its folder, and as much more of the path as it takes to
tell two files of the same name apart (``crab.layout.yaml — ~/designs/reef`` beside
``crab.layout.yaml — ~/old/reef``); the whole path is its tooltip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path, PurePath

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu, QWidget

from editor.studio.layout_files import is_bundled

MAX_RECENT = 8
KEY = "recentFiles"
#: Between a recent file's name and its folder in the menu.
SEPARATOR = " — "


def _shown_folder(folder: PurePath, home: PurePath | None) -> list[str]:
    """A folder's parts as the menu writes them, the home folder as ``~``."""
    if home is not None and folder.is_relative_to(home) and folder != home.parent:
        return ["~", *folder.relative_to(home).parts]
    return list(folder.parts)


def _tail(parts: Sequence[str], count: int) -> str:
    """The last ``count`` parts of a folder, after ``…`` when more than one is left out."""
    if len(parts) - count <= 1:  # leaving out one part (the root, ``~``) saves nothing
        return "/".join(part.rstrip("/\\") for part in parts) or "/"
    return "/".join(["…", *parts[-count:]])


def menu_labels(paths: Sequence[PurePath], home: PurePath | None = None) -> list[str]:
    """What Open Recent shows for each file: its name, then the end of its folder's path,
    one folder at first and more where two files of the same name would read alike.

    >>> menu_labels([PurePath("/a/x/crab.layout.yaml"), PurePath("/b/x/crab.layout.yaml"),
    ...              PurePath("/b/y/reef.layout.yaml")])
    ['crab.layout.yaml — /a/x', 'crab.layout.yaml — /b/x', 'reef.layout.yaml — …/y']
    """
    folders = [_shown_folder(PurePath(p).parent, home) for p in paths]
    depth = [1] * len(paths)
    while True:
        labels = [
            f"{PurePath(p).name}{SEPARATOR}{_tail(f, d)}"
            for p, f, d in zip(paths, folders, depth, strict=True)
        ]
        seen: dict[str, list[int]] = {}
        for index, label in enumerate(labels):
            seen.setdefault(label, []).append(index)
        grew = False
        for same in seen.values():
            if len(same) < 2:
                continue
            for index in same:
                if depth[index] < len(folders[index]):
                    depth[index] += 1
                    grew = True
        if not grew:
            return labels


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
        items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        return [Path(v) for v in items if v]

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
        labels = menu_labels(files, Path.home())
        for index, (path, label) in enumerate(zip(files, labels, strict=True)):
            # an ampersand in a name is written, not taken for a shortcut's mark
            action = self.menu.addAction(f"&{index + 1} {label.replace('&', '&&')}")
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self._open_file(p))
