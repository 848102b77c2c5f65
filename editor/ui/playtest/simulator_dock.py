"""The Simulator dock: bot matches on the design as it is edited, played as they finish.

The dock is built from the :class:`~editor.studio.studio.Studio` and listens to what makes a
new design: ``LAYOUT_EDITED``, ``TEXT_CHANGED`` and ``PACKS_CHANGED`` (played after a pause
in the changes) and ``LAYOUT_REPLACED`` (batches played before are not the new layout's).
It hands :meth:`Studio.design() <editor.studio.studio.Studio.design>` to a
:class:`~editor.sim.live.LiveSimulator`, which plays in worker processes on a background
thread and cancels the batch in flight. Its snapshots cross to the GUI thread through a
queued Qt signal; the dock redraws at most every :data:`REFRESH_MS`. The dock is compact:
the settings, the progress, games per second, the warnings and the failed games; the
figures are charted in the Playtest tab (:mod:`editor.ui.playtest.playtest_view`), which
the **Charts** button brings forward (:attr:`SimulatorPanel.charts_requested`). The
simulator plays only while someone can see its results (:meth:`SimulatorPanel.set_viewer`:
the dock, wired to its ``visibilityChanged``, or the Playtest tab); unseen, it keeps the
cores free and plays the latest design when shown again.

What it plays goes through the studio: :meth:`Studio.batch_started` when it hands a design
over, :meth:`Studio.results_arrived` on the GUI thread with each snapshot it shows (holding
only the results of the layout open now; None when there is no batch to speak of), which
the board's heatmap and the Replay tab listen to. :attr:`SimulatorPanel.results_changed`,
:meth:`SimulatorPanel.results`, :meth:`SimulatorPanel.snapshot` and
:attr:`SimulatorPanel.replay_requested` (a failed or chosen ``GameResult``) remain for the
shell and the tests.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.core.pack_names import pack_names
from editor.sim.design import open_packs_not_played, packs_played
from editor.sim.live import LiveSimulator, Snapshot
from editor.sim.runner import GameResult
from editor.sim.simulate import default_jobs
from editor.studio.playtest_names import display_name
from editor.studio.studio import Change, Studio
from editor.ui.playtest import sweep_dialog
from editor.ui.playtest.simulator_settings import SimulatorSettings

#: Wait this long after the last change before playing: typing a word is one change.
DEBOUNCE_MS = 350
#: Redraw at most this often (five times a second).
REFRESH_MS = 200
STATE_WORDS = {
    "idle": "Idle",
    "loading": "Loading",
    "running": "Running",
    "done": "Done",
    "paused": "Paused",
    "cancelled": "Cancelled",
    "failed": "Failed",
}


def worker_count() -> int:
    """Worker processes for the live simulator: every core but one, for the editor itself."""
    return max(1, default_jobs() - 1)


class _Bridge(QObject):
    """Carries snapshots from the simulator's thread to the GUI thread (queued signal)."""

    snapshot = Signal(object)


class SimulatorPanel(QWidget):
    """The Simulator dock's widget; see the module docstring."""

    #: New results (or a new state) shown; carries the :class:`Snapshot`. GUI thread.
    results_changed = Signal(object)
    #: The designer asked to replay a game; carries its :class:`GameResult`.
    replay_requested = Signal(object)
    #: The designer asked for the charts (the Playtest tab).
    charts_requested = Signal()

    def __init__(
        self,
        studio: Studio,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        jobs: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.studio = studio
        self._qsettings = settings
        self._jobs = jobs or worker_count()
        #: The workers' start method (None: the live simulator's choice, a forkserver).
        self.context: str | None = None
        self._sim: LiveSimulator | None = None
        self._seed = 0
        self._pending = True  # a design waits to be played (played when the dock is shown)
        self._latest = Snapshot(0, "idle", "waiting for the design")
        #: Batches of generations below this one played a layout no longer open.
        self._floor = 0
        #: The latest snapshot's set-up and the generation that brought it first (a paused
        #: simulator hands the old batch on under a new generation).
        self._ready: object = None
        self._ready_from = 0
        self._shown: Snapshot | None = None
        self._closed = False
        self._visible = False
        #: Who can see the results now (the dock, the Playtest tab): it plays while any can.
        self._viewers: set[str] = set()
        self._names: tuple[object, dict[str, str]] = (None, {})

        self.bridge = _Bridge(self)
        self.bridge.snapshot.connect(self._received, Qt.ConnectionType.QueuedConnection)

        self.form = SimulatorSettings(self)
        if settings is not None:
            self.form.restore(settings)
        self.form.changed.connect(self._settings_changed)
        # the settings fold away: the results need the room, the settings rarely change
        self.settings_button = QToolButton(self)
        self.settings_button.setText("Settings")
        self.settings_button.setCheckable(True)
        self.settings_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.settings_button.setArrowType(Qt.ArrowType.RightArrow)
        self.settings_button.toggled.connect(self.show_settings)
        self.settings_line = QLabel(self)
        self.settings_line.setWordWrap(True)
        self.form.changed.connect(self._settings_summary)
        self.form.setVisible(False)
        self.state_label = QLabel(self)
        self.state_label.setWordWrap(True)
        self.state_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar(self)
        self.rate_label = QLabel(self)
        #: Which packs (id and version) the batch plays.
        self.packs_label = QLabel(self)
        self.packs_label.setWordWrap(True)
        self.packs_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pause_button = QPushButton("Pause", self)
        self.pause_button.clicked.connect(self.toggle_pause)
        self.again_button = QPushButton("Run again", self)
        self.again_button.setToolTip("Play another batch of the same design with a new seed")
        self.again_button.clicked.connect(self.run_again)
        self.charts_button = QPushButton("Charts", self)
        self.charts_button.setToolTip("Show the batch's charts and tables (the Playtest tab)")
        self.charts_button.clicked.connect(self.charts_requested.emit)
        self.sweep_button = QPushButton("Sweep...", self)
        self.sweep_button.setToolTip("Play the number under the cursor at several values")
        self.sweep_button.clicked.connect(
            lambda: sweep_dialog.open_dialog(self, studio.design, settings, self._jobs)
        )
        self.warnings = QListWidget(self)
        self.warnings.setToolTip("What a playtester would raise about this batch")
        self.warnings.setWordWrap(True)
        self.failures = QTreeWidget(self)
        self.failures.setHeaderLabels(["game", "seed", "sides", "error"])
        self.failures.setRootIsDecorated(False)
        self.failures.itemActivated.connect(self._failure_activated)
        self.copy_button = QPushButton("Copy seeds and choices", self)
        self.copy_button.clicked.connect(self.copy_failures)
        self.replay_button = QPushButton("Replay", self)
        self.replay_button.clicked.connect(self._replay_selected)

        # two by two: in a row, the four made the dock wider than its place beside the board
        # (a sideways scroll bar, the settings line cut off)
        buttons = QGridLayout()
        buttons.addWidget(self.pause_button, 0, 0)
        buttons.addWidget(self.again_button, 0, 1)
        buttons.addWidget(self.charts_button, 1, 0)
        buttons.addWidget(self.sweep_button, 1, 1)
        buttons.setColumnStretch(2, 1)
        progress = QHBoxLayout()
        progress.addWidget(self.progress, 1)
        progress.addWidget(self.rate_label)
        failed_buttons = QHBoxLayout()
        failed_buttons.addWidget(self.copy_button)
        failed_buttons.addWidget(self.replay_button)
        failed_buttons.addStretch(1)
        failed_box = self.failed_box = QWidget(self)
        failed_layout = QVBoxLayout(failed_box)
        failed_layout.setContentsMargins(0, 0, 0, 0)
        failed_layout.addWidget(QLabel("Failed games", failed_box))
        failed_layout.addWidget(self.failures)
        failed_layout.addLayout(failed_buttons)
        split = QSplitter(Qt.Orientation.Vertical, self)
        # the warnings first: they are what a playtester would say before any chart
        split.addWidget(self.warnings)
        split.addWidget(failed_box)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        failed_box.setVisible(False)  # shown only when a game failed
        body = QWidget(self)
        layout = QVBoxLayout(body)
        header = QHBoxLayout()
        header.addWidget(self.settings_button)
        header.addWidget(self.settings_line, 1)
        layout.addLayout(header)
        layout.addWidget(self.form)
        layout.addWidget(self.state_label)
        layout.addWidget(self.packs_label)
        layout.addLayout(progress)
        layout.addLayout(buttons)
        layout.addWidget(split, 1)
        # the dock may be small (tabbed beside Statistics on a small screen): it scrolls
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self.play_now)
        self._refresh = QTimer(self)
        self._refresh.setInterval(REFRESH_MS)
        self._refresh.timeout.connect(self._redraw)
        self._redraw()
        studio.subscribe(Change.LAYOUT_REPLACED, lambda _model: self.layout_replaced())
        for change in (Change.LAYOUT_EDITED, Change.TEXT_CHANGED, Change.PACKS_CHANGED):
            studio.subscribe(change, self._design_changed)

    def show_settings(self, shown: bool) -> None:
        """Unfold (or fold away) the settings form."""
        if self.settings_button.isChecked() != shown:
            self.settings_button.setChecked(shown)
        self.settings_button.setArrowType(
            Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        )
        self.form.setVisible(shown)
        self.settings_line.setVisible(not shown)
        self._settings_summary()

    def _settings_summary(self) -> None:
        self.settings_line.setText(self.form.summary())

    # --- what other docks read -----------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The latest snapshot received (its generation, state, summary and results)."""
        return self._latest

    def results(self) -> tuple[GameResult, ...]:
        """The latest batch's results so far, in index order (none from another layout)."""
        return self._latest.results if self._ready_from >= self._floor else ()

    def published(self) -> Snapshot | None:
        """The latest snapshot as the other rooms are given it: only the results of the
        layout open now (it may still hold a batch of the layout open before); None when
        there is no batch to speak of (no results, or no plan or set-up to replay them)."""
        results = self.results()
        snap = self._latest
        if not results or snap.plan is None or snap.ready is None:
            return None
        return dataclasses.replace(snap, results=tuple(results))

    def _publish(self) -> None:
        self.studio.results_arrived(self.published())

    @property
    def simulator(self) -> LiveSimulator | None:
        """The live simulator, once the dock has played something."""
        return self._sim

    # --- when to play -------------------------------------------------------------------

    def _design_changed(self, _value: Any) -> None:
        self.design_changed()

    def design_changed(self) -> None:
        """The design changed: play it after a pause in the changes."""
        self._pending = True
        if self._closed:
            return
        if self._visible:
            self._debounce.start()

    def layout_replaced(self) -> None:
        """Another layout is open: batches played before are not its own; play it."""
        submitted = self._sim.generation if self._sim is not None else 0
        self._floor = max(submitted, self._latest.generation) + 1
        self.design_changed()

    def _settings_changed(self) -> None:
        if self._qsettings is not None:
            self.form.save(self._qsettings)
        self.design_changed()

    def play_now(self) -> int:
        """Hand the current design to the simulator now; returns its generation."""
        self._debounce.stop()
        if self._closed:
            return self._latest.generation
        self._pending = False
        sim = self._ensure_simulator()
        try:
            design = self.studio.design()
        except Exception as exc:  # a design that cannot even be gathered pauses, not crashes
            self._latest = Snapshot(self._latest.generation, "paused", f"no design: {exc}")
            self._redraw()
            return self._latest.generation
        generation = sim.submit(design, self.form.settings(self._seed))
        self.studio.batch_started()
        self._refresh.start()
        return generation

    def run_again(self) -> int:
        """Play the design again with the next batch seed."""
        self._seed += 1
        if self._sim is not None and self._sim.paused:
            self._sim.resume()
        return self.play_now()

    def toggle_pause(self) -> None:
        """Pause the batch in flight, or resume with the latest design."""
        sim = self._ensure_simulator()
        if sim.paused:
            sim.resume()
            self._refresh.start()
        else:
            sim.pause()
        self.pause_button.setText("Resume" if sim.paused else "Pause")

    def _ensure_simulator(self) -> LiveSimulator:
        if self._sim is None:
            self._sim = LiveSimulator(
                jobs=self._jobs, context=self.context, on_update=self.bridge.snapshot.emit
            )
        return self._sim

    @property
    def shown(self) -> bool:
        """Whether the designer can see the results (the dock or another view of them)."""
        return self._visible

    def set_shown(self, shown: bool) -> None:
        """The dock was shown or hidden (its ``visibilityChanged``, tabs included)."""
        self.set_viewer("dock", shown)

    def set_viewer(self, viewer: str, shown: bool) -> None:
        """A view of the results (``dock``, ``playtest``) was shown or hidden.

        While any is in sight the simulator plays the design it has not played yet; when
        none is, it starts no batch (the one in flight finishes), so results nobody looks
        at keep the cores free.
        """
        if shown:
            self._viewers.add(viewer)
        else:
            self._viewers.discard(viewer)
        self._visible = bool(self._viewers)
        if self._closed:
            return
        if not self._visible:
            self._debounce.stop()
            return
        self._ensure_simulator()  # starts the worker server while the debounce runs
        if self._pending:
            self._debounce.start()

    def shutdown(self) -> None:
        """Cancel the batch and end the worker processes (the window is closing)."""
        self._closed = True
        self._debounce.stop()
        self._refresh.stop()
        if self._sim is not None:
            self._sim.close()

    # --- showing ------------------------------------------------------------------------

    def _received(self, snapshot: Snapshot) -> None:
        # queued from the simulator's thread; an older generation's snapshot is stale
        if snapshot.generation >= self._latest.generation:
            self._latest = snapshot
            if snapshot.ready is not self._ready:
                self._ready, self._ready_from = snapshot.ready, snapshot.generation
            if not self._refresh.isActive():
                self._redraw()

    def _redraw(self) -> None:
        snap = self._latest
        if snap is self._shown:
            if snap.state not in ("loading", "running"):
                self._refresh.stop()
            return
        self._shown = snap
        state = STATE_WORDS.get(snap.state, snap.state)
        text = f"<b>{state}</b>: {snap.reason}" if snap.reason else f"<b>{state}</b>"
        if snap.diagnostics:
            lines = "<br>".join(_escape(line) for line in snap.diagnostics)
            text += f"<br><tt>{lines}</tt>"
        self.state_label.setText(text)
        self.progress.setMaximum(max(snap.planned, 1))
        self.progress.setValue(min(snap.done, max(snap.planned, 1)))
        self.progress.setFormat(f"{snap.done} of {snap.planned} games")
        self.rate_label.setText(f"{snap.games_per_second:.0f} games/s" if snap.done else "")
        self._show_warnings(snap)
        self._show_failures(snap)
        if snap.bots_available:
            self.form.offer(
                snap.factions_available,
                snap.modules_available,
                snap.bots_available,
                seats=snap.seats_available,
            )
        self._settings_summary()
        paused = self._sim is not None and self._sim.paused
        self.pause_button.setText("Resume" if paused else "Pause")
        self._publish()  # the board's heatmap and the Replay tab listen to the studio
        self.results_changed.emit(snap)

    def _show_warnings(self, snap: Snapshot | None) -> None:
        if snap is None:
            return
        warnings = [*self._pack_warnings(snap), *snap.warnings]
        self.warnings.clear()
        self.warnings.addItems([f"⚠ {warning}" for warning in warnings])
        self.warnings.setVisible(bool(warnings))

    def _pack_warnings(self, snap: Snapshot) -> list[str]:
        """Say which packs the batch plays, and warn of open packs it does not play."""
        if snap.ready is None:
            self.packs_label.setText("")
            return []
        played = ", ".join(f"{pack_id} {version}" for pack_id, version in packs_played(snap.ready))
        self.packs_label.setText(f"Packs: {_escape(played)}")
        return [
            f"{pack_id} is open but not attached to this layout, so the batch plays without"
            " it: attach it under Packs in the Space inspector"
            for pack_id in open_packs_not_played(snap.ready, self.studio.texts())
        ]

    def _show_failures(self, snap: Snapshot) -> None:
        self.failures.clear()
        names = self._names_of(snap)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for result in snap.failures:
            sides = ", ".join(display_name(names, faction) for faction in result.factions)
            item = QTreeWidgetItem([str(result.index), str(result.seed), sides, result.error or ""])
            item.setData(0, Qt.ItemDataRole.UserRole, result.index)
            item.setTextAlignment(0, right)
            item.setTextAlignment(1, right)
            item.setToolTip(2, ", ".join(result.factions))  # the ids
            item.setToolTip(3, result.error or "")
            self.failures.addTopLevelItem(item)
        has = bool(snap.failures)
        self.failed_box.setVisible(has)
        self.copy_button.setEnabled(has)
        self.replay_button.setEnabled(has)

    def _names_of(self, snap: Snapshot) -> dict[str, str]:
        ready = snap.ready
        if ready is not None and self._names[0] is not ready:
            self._names = (ready, pack_names(ready.loaded.workspace, ready.layout))
        return self._names[1]

    def _result_of(self, item: QTreeWidgetItem | None) -> GameResult | None:
        if item is None:
            return None
        index = item.data(0, Qt.ItemDataRole.UserRole)
        return next((r for r in self._latest.results if r.index == index), None)

    def _failure_activated(self, item: QTreeWidgetItem, _column: int) -> None:
        self._request_replay(self._result_of(item))

    def _request_replay(self, result: GameResult | None) -> None:
        if result is not None:
            self._publish()  # the Replay tab replays it with its own batch's set-up
            self.replay_requested.emit(result)

    def _replay_selected(self) -> None:
        item = self.failures.currentItem() or self.failures.topLevelItem(0)
        self._request_replay(self._result_of(item))

    def copy_failures(self) -> str:
        """Copy the failed games' seeds, factions, errors and choices to the clipboard."""
        text = self._latest.failures_text()
        QGuiApplication.clipboard().setText(text)
        return text


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
