"""The Problems panel: the open layout's diagnostics, each leading to the space it concerns.

The diagnostics come from the core's loader (the same checks as ``seastack validate``); this
panel only lists them. Which space a problem concerns is worked out by the core
(:func:`editor.core.locate.space_of_diagnostic`) from the layout's text. When the simulator
refuses a design the checks passed (its engine cannot set it up, or a pack file that is not
open has errors), the panel lists the simulator's reason too
(:mod:`editor.studio.design_refusal`), so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QListView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QWidget,
)

from editor.core.diagnostics import Diagnostic, Severity
from editor.core.documents import Document, parse_document
from editor.core.locate import space_of_diagnostic
from editor.sim.live import Snapshot
from editor.studio.design_refusal import may_be_refused, refusal, refusal_problems
from editor.studio.studio import Change, Studio
from editor.ui.common.headed import lay_out_headed

TITLE = "Problems"
DIAGNOSTIC_ROLE = Qt.ItemDataRole.UserRole
SPACE_ROLE = Qt.ItemDataRole.UserRole + 1

_ICONS = {
    Severity.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
    Severity.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
    Severity.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
}


def panel_title(diagnostics: Sequence[Diagnostic]) -> str:
    """``"Problems"`` when there are none, else ``"Problems (3)"``."""
    return f"{TITLE} ({len(diagnostics)})" if diagnostics else TITLE


def summary_text(diagnostics: Sequence[Diagnostic]) -> str:
    """``"2 errors, 1 warning"``, or ``"No problems found"``."""
    if not diagnostics:
        return "No problems found"
    parts = []
    for severity, word in ((Severity.ERROR, "error"), (Severity.WARNING, "warning")):
        count = sum(d.severity is severity for d in diagnostics)
        if count:
            parts.append(f"{count} {word}{'s' * (count != 1)}")
    others = sum(d.severity is Severity.INFO for d in diagnostics)
    if others:
        parts.append(f"{others} note{'s' * (others != 1)}")
    return ", ".join(parts)


def where_text(diagnostic: Diagnostic, space: str | None) -> str:
    """``"D4 · line 7:5"`` for a problem at a space, else ``"line 3:5"``.

    >>> d = Diagnostic("a.layout.yaml", 7, 5, Severity.ERROR, "illegal-stack", "bad")
    >>> where_text(d, "D4"), where_text(d, None)
    ('D4 · line 7:5', 'line 7:5')
    """
    where = f"line {diagnostic.line}:{diagnostic.column}"
    return f"{space} · {where}" if space is not None else where


class ProblemsPanel(QWidget):
    """A list of diagnostics; activating one that concerns a space emits its label."""

    #: The label of the space a clicked or activated problem concerns.
    space_activated = Signal(str)
    #: Any clicked or activated problem.
    diagnostic_activated = Signal(object)
    #: The title with the count changed (for the dock that holds the panel).
    title_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._diagnostics: list[Diagnostic] = []
        self._layout: list[Diagnostic] = []
        self._layout_text: str | None = None
        #: The open content files' problems, listed after the layout's.
        self._content: list[Diagnostic] = []
        #: Why the simulator refuses a design the checks passed (after the layout's).
        self._refusal: list[Diagnostic] = []
        self._studio: Studio | None = None
        self.list = QListWidget(self)
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setUniformItemSizes(False)
        self.list.setAlternatingRowColors(True)
        self.list.setSpacing(1)
        self.list.itemClicked.connect(self._activated)
        self.list.itemActivated.connect(self._activated)
        self.summary = lay_out_headed(self, TITLE, summary_text([]), self.list)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """The diagnostics shown now."""
        return list(self._diagnostics)

    def count(self) -> int:
        """How many problems are listed."""
        return len(self._diagnostics)

    def title(self) -> str:
        """The panel's title with the count, e.g. ``"Problems (3)"``."""
        return panel_title(self._diagnostics)

    def listen_to(self, studio: Studio) -> None:
        """List the studio's layout problems each time it is checked (``CHECKED``), and
        the simulator's refusal of its design (:meth:`simulator_said`)."""

        def checked(diagnostics: list[Diagnostic]) -> None:
            if any(d.is_error for d in diagnostics):
                self._refusal = []  # the simulator refuses for these now
            self.show_diagnostics(diagnostics, studio.model.checked_text())

        self._studio = studio
        studio.subscribe(Change.CHECKED, checked)

    def simulator_said(self, snapshot: Snapshot) -> None:
        """The Simulator dock shows a new snapshot: when it refuses a design the checks
        passed, list its reason (worked out again from the studio's design, as the
        simulator does); once it plays the design, drop it."""
        studio = self._studio
        if studio is None:
            return
        if not may_be_refused(snapshot, studio.diagnostics):
            if self._refusal and snapshot.ready is not None:
                self.show_refusal([])  # it plays the design now
            return
        refused = refusal(studio.design())
        self.show_refusal(refusal_problems(refused, studio.model.display_name) if refused else [])

    def show_diagnostics(self, diagnostics: Sequence[Diagnostic], text: str | None = None) -> None:
        """List these diagnostics; ``text`` is the layout's text, to tell each one's space."""
        self._layout = list(diagnostics)
        self._layout_text = text
        self._fill()

    @property
    def content_diagnostics(self) -> list[Diagnostic]:
        """The open content files' problems shown now."""
        return list(self._content)

    @property
    def refusal(self) -> list[Diagnostic]:
        """Why the simulator refuses the design, as listed now (empty when it does not)."""
        return list(self._refusal)

    def show_refusal(self, diagnostics: Sequence[Diagnostic]) -> None:
        """List why the simulator refuses the design, after the layout's problems."""
        if list(diagnostics) == self._refusal:
            return
        self._refusal = list(diagnostics)
        self._fill()

    def show_content_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """List the open content files' problems after the layout's (each names its file)."""
        self._content = list(diagnostics)
        self._fill()

    def _fill(self) -> None:
        document = _layout_document(self._layout_text)
        layout_rows = len(self._layout)
        self._diagnostics = [*self._layout, *self._refusal, *self._content]
        self.list.clear()
        style = self.style()
        icons = {sev: style.standardIcon(pixmap) for sev, pixmap in _ICONS.items()}
        for row, diagnostic in enumerate(self._diagnostics):
            if row >= layout_rows:  # a content file's problem: no space, its file named
                space = None
                where = f"{Path(diagnostic.path).name} · {where_text(diagnostic, None)}"
            else:
                space = _space_of(document, diagnostic)
                where = where_text(diagnostic, space)
            item = QListWidgetItem(f"{diagnostic.message}\n{where}")
            item.setIcon(icons.get(diagnostic.severity, QIcon()))
            item.setToolTip(diagnostic.format())
            item.setData(DIAGNOSTIC_ROLE, diagnostic)
            item.setData(SPACE_ROLE, space)
            self.list.addItem(item)
        self.summary.setText(summary_text(self._diagnostics))
        title = self.title()
        if title != self.windowTitle():
            self.setWindowTitle(title)
        self.title_changed.emit(title)

    def space_of(self, row: int) -> str | None:
        """The space the problem in a row concerns, if any."""
        item = self.list.item(row)
        space = None if item is None else item.data(SPACE_ROLE)
        return space if isinstance(space, str) else None

    def _activated(self, item: QListWidgetItem) -> None:
        diagnostic = item.data(DIAGNOSTIC_ROLE)
        if diagnostic is not None:
            self.diagnostic_activated.emit(diagnostic)
        space = item.data(SPACE_ROLE)
        if space:
            self.space_activated.emit(str(space))


def _layout_document(text: str | None) -> Document | None:
    """The layout's text parsed, to tell each problem's space; None if it does not parse."""
    if text is None:
        return None
    document, _ = parse_document(text, "layout")
    return document


def _space_of(document: Document | None, diagnostic: Diagnostic) -> str | None:
    """The space a problem concerns, whichever file name the diagnostic carries."""
    if document is None:
        return None
    return space_of_diagnostic(document, replace(diagnostic, path=document.path))
