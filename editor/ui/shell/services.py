"""What the shell's own helpers ask of the window, as narrow protocols.

The File menu's work (:mod:`editor.ui.shell.file_actions`), autosaving
(:mod:`editor.ui.shell.autosave_control`) and the crash guard (:mod:`editor.ui.shell.crash_guard`)
never import the window: each is handed the :class:`~editor.studio.studio.Studio` and an object
that satisfies its protocol here (the window's :class:`~editor.ui.shell.window_services.
WindowServices`, or a test's fake). The rooms' protocols are in :mod:`editor.ui.common.services`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from editor.studio.layout_model import LayoutModel
from editor.ui.common.prompts import Prompts


class AutosaveServices(Protocol):
    """What autosaving asks of the window: is the layout unsaved, the status line, the
    prompts (an autosave that fails is told), and whether the open content files' work is
    safe in their own autosave."""

    @property
    def prompts(self) -> Prompts:
        """The questions asked of the user (scripted in tests)."""
        ...

    def layout_is_dirty(self) -> bool:
        """Whether the open layout has edits not saved to its file."""
        ...

    def status(self, message: str, ms: int = 4000) -> None:
        """Tell the user something in the status line for ``ms`` milliseconds."""
        ...

    def open_files_saved_aside(self) -> bool | None:
        """Whether the open files' unsaved texts are autosaved (None: none is unsaved)."""
        ...


class FileServices(Protocol):
    """What the File menu's work asks of the window."""

    @property
    def prompts(self) -> Prompts:
        """The questions asked of the user (scripted in tests)."""
        ...

    def status(self, message: str, ms: int = 4000) -> None:
        """Tell the user something in the status line for ``ms`` milliseconds."""
        ...

    def layout_is_dirty(self) -> bool:
        """Whether the open layout has edits not saved to its file."""
        ...

    def edit_layout(self, model: LayoutModel, *, restored: bool = False) -> None:
        """Edit another layout (the undo history starts again; ``restored``: unsaved work)."""
        ...

    def layout_saved(self) -> None:
        """The layout was written to its file: it is clean, titled and checked again."""
        ...

    def open_file_tab(self, path: Path) -> bool:
        """Open a content file in a tab of its own; False when it cannot."""
        ...

    def save_file_tab(self, *, as_new: bool) -> bool | None:
        """Save the current content file tab (under a new name when ``as_new``); None when
        the current tab is not a content file's."""
        ...

    def recover_open_files(self) -> bool:
        """Offer back the content files' unsaved texts a crash left; True when restored."""
        ...

    def export_options(self) -> tuple[bool, bool]:
        """How the board is drawn now for an image: (labels always shown, tile backs shown)."""
        ...


class WorkSaver(Protocol):
    """Puts unsaved work aside (the autosave)."""

    def saved_aside(self) -> bool:
        """Whether the unsaved work is in an up-to-date autosave, writing it first if not."""
        ...


class GuardedWindow(Protocol):
    """What the crash guard asks of the window: its questions and its autosave."""

    @property
    def prompts(self) -> Prompts:
        """The questions asked of the user (the crash is told through them)."""
        ...

    @property
    def autosave(self) -> WorkSaver:
        """Where the unsaved work is put aside before the user is told."""
        ...
