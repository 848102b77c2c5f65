"""One window's answers to what its rooms and the shell's helpers may ask of it.

The rooms and helpers are typed against narrow protocols
(:class:`~editor.ui.common.services.BoardServices`,
:class:`~editor.ui.common.services.ContentServices`,
:class:`~editor.ui.shell.services.FileServices`,
:class:`~editor.ui.shell.services.AutosaveServices`); :class:`WindowServices` satisfies them
all from the window's parts, given as the window builds them (the file tabs, the file actions
and the session come after the rooms that ask for them), so nothing is handed the window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QStatusBar

from editor.studio.layout_model import LayoutModel
from editor.ui.board.board_room import BoardRoom
from editor.ui.board.board_view import LabelMode
from editor.ui.common.prompts import Prompts
from editor.ui.content.document_tabs import DocumentTabs
from editor.ui.shell.file_actions import FileActions
from editor.ui.shell.session import LayoutSession


class WindowServices:
    """What the rooms and helpers of one window may ask of it (see the module docstring)."""

    def __init__(
        self, prompts: Prompts, data_dir: Path, status_bar: QStatusBar, undo_stack: QUndoStack
    ) -> None:
        self._prompts = prompts
        self._data_dir = data_dir
        self.status_bar = status_bar
        self._undo_stack = undo_stack
        #: The parts built after the rooms that ask for them (None until then).
        self.board: BoardRoom | None = None
        self.documents: DocumentTabs | None = None
        self.session: LayoutSession | None = None
        self.files: FileActions | None = None

    # --- every room --------------------------------------------------------------------

    @property
    def prompts(self) -> Prompts:
        """The questions asked of the user (scripted in tests)."""
        return self._prompts

    @property
    def data_dir(self) -> Path:
        """The user's data folder (autosaves and crash logs live under it)."""
        return self._data_dir

    @property
    def undo_stack(self) -> QUndoStack:
        """The window's undo stack: every edit of the layout is a command pushed on it."""
        return self._undo_stack

    def status(self, message: str, ms: int = 4000) -> None:
        """Show ``message`` in the window's status line for ``ms`` milliseconds."""
        self.status_bar.showMessage(message, ms)

    def layout_is_dirty(self) -> bool:
        """Whether the open layout has edits not saved to its file."""
        return not self._undo_stack.isClean()

    # --- the board and content rooms ---------------------------------------------------

    def open_file_problems(self) -> int:
        """How many problems the open content files have now (none before the tabs exist)."""
        return len(self.documents.diagnostics) if self.documents is not None else 0

    def open_layout(self, path: Path) -> bool:
        """Open a layout file in the window, asking before unsaved work is lost."""
        return self._files().open_file(path)

    # --- autosaving and the File menu ---------------------------------------------------

    def open_files_saved_aside(self) -> bool | None:
        """Whether the open files' unsaved texts are autosaved (None: none is unsaved)."""
        return self.documents.saved_aside() if self.documents is not None else None

    def edit_layout(self, model: LayoutModel, *, restored: bool = False) -> None:
        """Edit another layout (the undo history starts again)."""
        self._session().set_model(model, restored=restored)

    def layout_saved(self) -> None:
        """The layout was written to its file: clean, titled and checked again."""
        self._session().saved()

    def open_file_tab(self, path: Path) -> bool:
        """Open a content file in a tab (or bring its tab forward); False when it cannot."""
        return self._documents().open(path)

    def save_file_tab(self, *, as_new: bool) -> bool | None:
        """Save the current content file tab; None when the board or replay tab is current."""
        documents = self._documents()
        if documents.current() is None:
            return None
        return documents.save_current_as() if as_new else documents.save_current()

    def recover_open_files(self) -> bool:
        """Offer back the content files' unsaved texts a crash left; True when restored."""
        return self._documents().offer_recovery()

    def export_options(self) -> tuple[bool, bool]:
        """(labels always shown, tile backs shown) on the board now."""
        if self.board is None:
            return True, False
        scene = self.board.board_view.board_scene
        return scene.label_mode is LabelMode.ALWAYS, scene.show_backs

    # --- the parts, once built ------------------------------------------------------------

    def _documents(self) -> DocumentTabs:
        if self.documents is None:
            raise RuntimeError("the window's file tabs are not built yet")
        return self.documents

    def _session(self) -> LayoutSession:
        if self.session is None:
            raise RuntimeError("the window's layout session is not built yet")
        return self.session

    def _files(self) -> FileActions:
        if self.files is None:
            raise RuntimeError("the window's file actions are not built yet")
        return self.files
