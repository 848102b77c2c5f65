"""The window's side of :class:`~editor.ui.common.services.ContentServices`.

The content room (file tabs, Project dock) asks the window for a few things only it can do;
:class:`WindowContentServices` answers them from the parts of the window it is given, so the
room never sees the window itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QStatusBar

from editor.ui.common.prompts import Prompts


@dataclass(frozen=True)
class WindowContentServices:
    """What the content room may ask of one editor window (see ``ContentServices``)."""

    #: The questions asked of the user (scripted in tests).
    prompts: Prompts
    #: The user's data folder (autosaves live under it).
    data_dir: Path
    #: The window's status line.
    status_bar: QStatusBar
    #: Opens a layout file in the window (File > Open with a path).
    open_file: Callable[[Path], bool]
    #: Whether the open layout has unsaved edits.
    is_dirty: Callable[[], bool]

    def status(self, message: str, ms: int = 4000) -> None:
        """Show ``message`` in the window's status line for ``ms`` milliseconds."""
        self.status_bar.showMessage(message, ms)

    def open_layout(self, path: Path) -> bool:
        """Open a layout file in the window, asking before unsaved work is lost."""
        return self.open_file(path)

    def layout_is_dirty(self) -> bool:
        """Whether the open layout has edits not saved to its file."""
        return self.is_dirty()
