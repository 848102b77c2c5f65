"""What a room of the editor may ask of the window that holds it, as narrow protocols.

A room (the board, content editing...) is built from the :class:`~editor.studio.studio.Studio`
it shows and one services object: the few things only the window can do (ask the user, tell
the status line, open a layout). It never imports the window; the shell hands it an object
that satisfies the room's protocol, and a test hands it a fake.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QUndoStack

from editor.ui.common.prompts import Prompts


class ContentServices(Protocol):
    """What the content room (file tabs, Project dock) asks of the window."""

    @property
    def prompts(self) -> Prompts:
        """The questions asked of the user (scripted in tests)."""
        ...

    @property
    def data_dir(self) -> Path:
        """The user's data folder: the open files' autosave lives in ``autosave/`` under it."""
        ...

    def status(self, message: str, ms: int = 4000) -> None:
        """Tell the user something in the status line for ``ms`` milliseconds."""
        ...

    def open_layout(self, path: Path) -> bool:
        """Open a layout file in the window (asking before unsaved work is lost)."""
        ...

    def layout_is_dirty(self) -> bool:
        """Whether the open layout has edits not saved to its file."""
        ...

    @property
    def undo_stack(self) -> QUndoStack:
        """The window's undo stack (New Pack attaches the new pack as one undo step)."""
        ...


class BoardServices(Protocol):
    """What the board room (board view, palette, inspector, statistics, heatmap) asks of the
    window: the questions, the undo stack every board edit goes on, the status line, and how
    many problems the open content files have (the board's status text counts them)."""

    @property
    def prompts(self) -> Prompts:
        """The questions asked of the user (scripted in tests)."""
        ...

    @property
    def undo_stack(self) -> QUndoStack:
        """The window's undo stack: every edit of the layout is a command pushed on it."""
        ...

    def status(self, message: str, ms: int = 4000) -> None:
        """Tell the user something in the status line for ``ms`` milliseconds."""
        ...

    def open_file_problems(self) -> int:
        """How many problems the open content files have now."""
        ...
