"""The open layout as the shell keeps it: its undo history, the window's title, live checks.

A :class:`LayoutSession` listens to the :class:`~editor.studio.studio.Studio`: an edit
(``LAYOUT_EDITED``) marks the title and checks the layout after a pause; a content file's
text (``TEXT_CHANGED``) can change what the layout may hold (its stock...), so it checks
again too. :meth:`LayoutSession.set_model` edits another layout: the undo history starts
again and the studio tells the rooms.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from editor.core.diagnostics import Diagnostic
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Change, Studio
from editor.ui.content.document_tabs import DocumentTabs
from editor.ui.shell.window_settings import APP_NAME

#: Check the layout this long after the last change.
CHECK_DELAY_MS = 350


class LayoutSession(QObject):
    """The undo history, title and live checks of the studio's layout in one window."""

    def __init__(
        self, studio: Studio, window: QWidget, undo_stack: QUndoStack, documents: DocumentTabs
    ) -> None:
        super().__init__(window)
        self.studio = studio
        self.window = window
        self.undo_stack = undo_stack
        self.documents = documents
        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.run_checks)
        undo_stack.cleanChanged.connect(self._clean_changed)
        documents.dirty_changed.connect(self.update_title)
        studio.subscribe(Change.LAYOUT_EDITED, self._edited)
        studio.subscribe(Change.TEXT_CHANGED, lambda _path: self._check_timer.start())

    @property
    def is_dirty(self) -> bool:
        """Whether the layout has changes not saved to its file."""
        return not self.undo_stack.isClean()

    def set_model(self, model: LayoutModel, *, restored: bool = False) -> None:
        """Edit another layout (the undo history starts again; ``restored``: unsaved work
        brought back, so not clean); the studio tells the rooms, then it is checked."""
        self.undo_stack.clear()
        if restored:
            self.undo_stack.resetClean()
        self.studio.set_model(model)
        self.update_title()
        self.run_checks()

    def saved(self) -> None:
        """The layout was written to its file: clean, titled and checked again."""
        self.undo_stack.setClean()
        self.update_title()
        self.run_checks()

    def _clean_changed(self, _clean: bool) -> None:
        self.update_title()

    def update_title(self) -> None:
        """The layout's name in the title bar, marked while it or an open file is unsaved."""
        if not shiboken6.isValid(self.window):
            return  # the window is being destroyed (its undo stack clears itself)
        self.window.setWindowTitle(f"{self.studio.model.display_name}[*] — {APP_NAME}")
        files = any(tab.is_dirty for tab in self.documents.all())
        self.window.setWindowModified(self.is_dirty or files)

    def _edited(self, _changed: frozenset[str] | None) -> None:
        self.update_title()
        self._check_timer.start()

    def run_checks(self) -> list[Diagnostic]:
        """Check the layout now with the open files' texts; the rooms listening to the
        studio's ``CHECKED`` show the problems."""
        self._check_timer.stop()
        return self.studio.check()

    def stop(self) -> None:
        """No more checks (the window is closing)."""
        self._check_timer.stop()
