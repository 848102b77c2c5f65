"""What the designer has open, without Qt: one model the editor's docks subscribe to.

A :class:`Studio` holds the layout being edited (a :class:`LayoutModel`), the designer's
pack folders, the open content files' texts (saved or not), the live checks' problems and
the latest batch of simulated games. Each kind of change is one :class:`Change`; a dock or a
view subscribes to the changes it shows (``studio.subscribe(Change.LAYOUT_EDITED, ...)``)
instead of the window relaying every change by hand.

>>> from editor.core.layouts import Layout
>>> from editor.core.workspace import Workspace
>>> from editor.core.schemas import shared_registry
>>> ws = Workspace(schemas=shared_registry())
>>> studio = Studio(LayoutModel(ws, Layout("t", "T", "toy", "b", {"A1": ("rock",)})))
>>> seen = []
>>> studio.subscribe(Change.LAYOUT_EDITED, seen.append)
>>> studio.model.apply({"A2": ("rock",)})
>>> seen
[frozenset({'A2'})]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from pathlib import Path
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.sim.design import Design, design_to_play
from editor.sim.live import Snapshot
from editor.studio.layout_model import LayoutModel
from editor.studio.problem_focus import ProblemFocus


class Change(Enum):
    """The kinds of change a studio tells its subscribers about, and what each is given."""

    #: Another layout is open (the model was replaced): given the new :class:`LayoutModel`.
    LAYOUT_REPLACED = "layout replaced"
    #: The layout was edited: given the labels whose spaces changed, or None for all.
    LAYOUT_EDITED = "layout edited"
    #: An open content file's text changed (typed, saved, reloaded, closed): given its path.
    TEXT_CHANGED = "text changed"
    #: The designer's pack folders changed: given the folders.
    PACKS_CHANGED = "packs changed"
    #: The live checks of the layout found these problems: given the diagnostics.
    CHECKED = "checked"
    #: A batch of simulated games started on the design: given nothing.
    BATCH_STARTED = "batch started"
    #: Results of the current batch arrived: given the simulator's snapshot.
    RESULTS_ARRIVED = "results arrived"


Listener = Callable[[Any], object]
#: Gives the text of every open content file, saved or not, by path.
TextSource = Callable[[], Mapping[Path, str]]


class Studio:
    """The open design: layout, pack folders, open texts, problems and the latest results."""

    def __init__(self, model: LayoutModel, folders: Iterable[Path] = ()) -> None:
        self._listeners: dict[Change, list[Listener]] = {change: [] for change in Change}
        self._folders: tuple[Path, ...] = tuple(unique_folders(folders))
        self._texts: TextSource = dict
        self.diagnostics: list[Diagnostic] = []
        #: The latest snapshot of the live simulator (None before the first batch).
        self.results: Snapshot | None = None
        #: Moves a problem the edits brought to the space just edited (stock exceeded).
        self._focus = ProblemFocus()
        self.model = model
        self._adopt(model)

    # --- subscribing ----------------------------------------------------------------------

    def subscribe(self, change: Change, listener: Listener) -> None:
        """Call ``listener`` with what each change of this kind gives (see :class:`Change`)."""
        self._listeners[change].append(listener)

    def unsubscribe(self, change: Change, listener: Listener) -> None:
        """Stop calling ``listener`` for this kind of change."""
        if listener in self._listeners[change]:
            self._listeners[change].remove(listener)

    def emit(self, change: Change, value: Any = None) -> None:
        """Tell every subscriber of ``change`` (in the order they subscribed)."""
        for listener in list(self._listeners[change]):
            listener(value)

    # --- the layout -----------------------------------------------------------------------

    def set_model(self, model: LayoutModel) -> None:
        """Edit another layout: the docks show it, the checks and the simulator take it.

        The layout open already may be set again (the docks show it afresh); its edits are
        still told once each."""
        if model is not self.model:
            self.model = model
            self._adopt(model)
        self._focus.start()
        self.emit(Change.LAYOUT_REPLACED, model)

    def _adopt(self, model: LayoutModel) -> None:
        model.pack_folders = self._folders

        def edited(changed: frozenset[str] | None) -> None:
            self._edited(model, changed)

        model.subscribe(edited)

    def _edited(self, model: LayoutModel, changed: frozenset[str] | None) -> None:
        if model is self.model:  # a layout no longer open says nothing
            self._focus.layout_edited(changed)
            self.emit(Change.LAYOUT_EDITED, changed)

    # --- the designer's packs and open files ---------------------------------------------

    @property
    def folders(self) -> tuple[Path, ...]:
        """The designer's own pack folders, loaded with the bundled packs."""
        return self._folders

    def set_folders(self, folders: Iterable[Path]) -> None:
        """Use these pack folders (duplicates and nested repeats dropped)."""
        self._folders = tuple(unique_folders(folders))
        self.model.pack_folders = self._folders
        self._focus.other_change()
        self.emit(Change.PACKS_CHANGED, self._folders)

    def read_texts_from(self, source: TextSource) -> None:
        """Where the open content files' texts come from (the editor's file tabs)."""
        self._texts = source

    def texts(self) -> dict[Path, str]:
        """The text of every open content file, saved or not, by path."""
        return dict(self._texts())

    def text_changed(self, path: Path | None) -> None:
        """An open content file's text changed: the design the simulator plays did too."""
        self._focus.other_change()
        self.emit(Change.TEXT_CHANGED, path)

    # --- checks and results ---------------------------------------------------------------

    def check(self) -> list[Diagnostic]:
        """Check the layout as it is now, with the open files' texts, and tell the docks; a
        problem the last edits brought points at the space edited
        (:mod:`editor.studio.problem_focus`)."""
        found = self.model.check(self.texts())
        self.diagnostics = self._focus.focus(found, self.model.checked_text())
        self.emit(Change.CHECKED, self.diagnostics)
        return self.diagnostics

    def design(self) -> Design:
        """What the simulator plays: the layout as edited, the pack folders, open texts; or,
        when the open content files are all of another game than the layout's, that game's
        first bundled layout with their pack (``design_to_play``)."""
        own = Design(
            layout_path=self.model.path,
            layout_text=self.model.checked_text(),
            pack_folders=self._folders,
            texts=self.texts(),
        )
        return design_to_play(own, self.model.layout.game)

    def batch_started(self) -> None:
        """The simulator started a batch on the design."""
        self.emit(Change.BATCH_STARTED)

    def results_arrived(self, snapshot: Snapshot | None) -> None:
        """The simulator's latest results (on the editor's thread)."""
        self.results = snapshot
        self.emit(Change.RESULTS_ARRIVED, snapshot)


def unique_folders(folders: Iterable[Path]) -> list[Path]:
    """Folders in order, each once (by resolved path), only those that exist."""
    out: list[Path] = []
    seen: set[Path] = set()
    for folder in folders:
        folder = Path(folder)
        if not folder.is_dir():
            continue
        resolved = folder.resolve()
        if resolved not in seen:
            seen.add(resolved)
            out.append(folder)
    return out
