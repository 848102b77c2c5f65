"""When the editor autosaves: soon after an edit and every so often, while work is unsaved.

The files themselves (where, what format, what is pending after a crash) are
:mod:`editor.studio.autosave`; offering the work back is :mod:`editor.ui.shell.file_actions`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from editor.studio.autosave import Autosaver
from editor.studio.studio import Change, Studio
from editor.ui.common.save_errors import save_failure, tell_autosave_failed
from editor.ui.shell.services import AutosaveServices

#: How long after the last edit the work is autosaved.
AUTOSAVE_DELAY_MS = 3000


class AutosaveControl(QObject):
    """Autosaves the studio's unsaved layout; forgets the autosave once the work is safe.

    It listens to the studio: an edit (``LAYOUT_EDITED``) autosaves soon, another layout
    (``LAYOUT_REPLACED``) is written afresh by the next autosave."""

    def __init__(
        self,
        studio: Studio,
        services: AutosaveServices,
        folder: Path,
        every_seconds: int = 30,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.studio = studio
        self.services = services
        self.autosaver = Autosaver(folder)
        self._written: str | None = None
        #: Whether the last autosave failed (the user was told; the next failure is not).
        self._failing = False
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(AUTOSAVE_DELAY_MS)
        self._soon.timeout.connect(self.now)
        self._every = QTimer(self)
        self._every.setInterval(max(1, every_seconds) * 1000)
        self._every.timeout.connect(self.now)
        self._every.start()
        studio.subscribe(Change.LAYOUT_EDITED, lambda _changed: self.edited())
        studio.subscribe(Change.LAYOUT_REPLACED, lambda _model: self.forget_written())

    def edited(self) -> None:
        """The layout changed: autosave it shortly (a burst of edits is written once)."""
        self._soon.start()

    def now(self, *, tell: bool = True) -> bool:
        """Write unsaved work to the autosave file (nothing when all is saved).

        The first failure after a success is told in a dialog (``tell``), later ones in the
        status line only."""
        if not self.services.layout_is_dirty():
            self.discard()
            return False
        model = self.studio.model
        text = model.text()
        if text == self._written and self.autosaver.file.exists():
            return False
        try:
            self.autosaver.write(model.path, model.layout.name, text)
        except (OSError, ValueError) as exc:
            reason = save_failure(exc)
            self.services.status(f"Autosave failed: {reason}", 6000)
            if tell and not self._failing:  # told once, not every few seconds
                self._failing = True
                tell_autosave_failed(
                    self.services.prompts,
                    self.autosaver.folder,
                    reason,
                    "layout",
                    "the layout stays open with its changes; save it to keep it"
                    " (File > Save As to choose another folder).",
                )
            return False
        self._written = text
        self._failing = False
        return True

    def saved_aside(self) -> bool:
        """Whether unsaved work is in an up-to-date autosave file, autosaving it first if not.

        :meth:`now` answers whether it wrote, which is False when the timer already did;
        this answers whether the work is safe. A failure is not told here: the caller (the
        crash guard) says whether the work is safe.
        """
        self.now(tell=False)
        dirty = self.services.layout_is_dirty()
        layout = (
            dirty and self._written == self.studio.model.text() and self.autosaver.file.exists()
        )
        # the open content files have their own autosave (editor.ui.content.document_tabs)
        files = self.services.open_files_saved_aside()
        if files is None:
            return layout
        return files if not dirty else layout and files

    def discard(self) -> None:
        """The work is saved, thrown away or replaced: remove its autosave."""
        self.autosaver.remove()
        self._written = None

    def forget_written(self) -> None:
        """Another layout is in the window: the next autosave writes whatever it holds."""
        self._written = None

    def stop(self) -> None:
        """No more autosaves (the window is closing)."""
        self._every.stop()
        self._soon.stop()
