"""The Sweep dialog: a number of the open YAML played at several values, the plot filling in.

Opened from the Simulator dock with the number under the cursor of the open file tab as
its path (:func:`editor.studio.sweep_target.sweep_path`). The designer types the values
(``1..5``, ``0.1,0.2``), the games per value and, to play on a Dask cluster, its
scheduler's address (remembered in the settings; empty plays on local worker processes).
Every value is checked before a game is played; the sweep runs on a background thread
(:class:`~editor.sim.sweep.run.Sweep`) and each finished value redraws the plot (the
matplotlib figure rendered to an image). Cancel stops it at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.sim.design import Design
from editor.sim.executors import Executor
from editor.sim.executors import dask as dask_backend
from editor.sim.executors.local import LocalPool
from editor.sim.play import RunnerError
from editor.sim.sweep import plot
from editor.sim.sweep.plan import Combination, combinations
from editor.sim.sweep.run import Played, Sweep, SweepError, default_plan, open_sweep
from editor.sim.sweep.values import ValuesError, parse_values

#: The plot's dots per inch on a screen of pixel ratio 1 (its texts' size).
PLOT_DPI = 90

#: Where the Dask scheduler's address is remembered.
DASK_KEY = "sweep/dask_address"

#: What the dialog asks of the editor: the open file tab's path, text and 1-based cursor.
CursorSource = Callable[[], "tuple[Path, str, int, int] | None"]


class _Bridge(QObject):
    played = Signal(object)
    finished = Signal(str)


class SweepDialog(QDialog):
    """Values of one number played in turn, the plot of win rates filling in."""

    def __init__(
        self,
        design: Callable[[], Design],
        path: str = "",
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        jobs: int = 1,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Sweep")
        self._design = design
        self._settings = settings
        self._jobs = jobs
        self.sweep: Sweep | None = None
        self.played: list[Played] = []
        self._executor: Executor | None = None
        self._thread: threading.Thread | None = None
        self.bridge = _Bridge(self)
        self.bridge.played.connect(self._add, Qt.ConnectionType.QueuedConnection)
        self.bridge.finished.connect(self._finished, Qt.ConnectionType.QueuedConnection)

        self.path_edit = QLineEdit(path, self)
        self.path_edit.setPlaceholderText("ruleset.rounds (put the cursor on a number first)")
        self.values_edit = QLineEdit(self)
        self.values_edit.setPlaceholderText("1..5 or 0.1,0.2,0.4")
        self.games = QSpinBox(self)
        self.games.setRange(1, 100_000)
        self.games.setValue(50)
        self.dask_edit = QLineEdit(self)
        self.dask_edit.setPlaceholderText("empty: this machine; or tcp://HOST:PORT")
        if settings is not None:
            self.dask_edit.setText(str(settings.value(DASK_KEY, "") or ""))
        form = QFormLayout()
        form.addRow("Number (path)", self.path_edit)
        form.addRow("Values", self.values_edit)
        form.addRow("Games per value", self.games)
        form.addRow("Dask scheduler", self.dask_edit)
        self.run_button = QPushButton("Run", self)
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.picture = QLabel(self)
        self.picture.setMinimumSize(480, 300)
        # the label takes the room the dialog gives it; the plot is drawn to its size
        self.picture.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(150)
        self._redraw.timeout.connect(self.draw)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.picture, 1)

    @property
    def running(self) -> bool:
        """Whether a sweep is being played."""
        return self._thread is not None

    def start(self) -> bool:
        """Check the path and every value, then play on a background thread; False (and
        the reason shown) when something is refused."""
        if self.running:
            return False
        try:
            values = parse_values(self.values_edit.text())
            design = self._design()
            ready, varies = open_sweep(design, [(self.path_edit.text().strip(), values)])
            sweep = Sweep(design, ready, varies, default_plan(ready, self.games.value()))
            every = combinations(sweep.varies)
            refused = sweep.check(every)
            if refused:
                raise SweepError([line for r in refused for line in r.lines()])
            executor = self._executor_for(self.dask_edit.text().strip())
        except (ValuesError, SweepError, ValueError, RunnerError) as exc:
            self.status.setText(str(exc))
            return False
        if self._settings is not None:
            self._settings.setValue(DASK_KEY, self.dask_edit.text().strip())
        self.sweep, self.played, self._executor = sweep, [], executor
        self.status.setText(f"playing {len(every)} values, {sweep.plan.games} games each...")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self._thread = threading.Thread(
            target=self._play, args=(sweep, every, executor), daemon=True
        )
        self._thread.start()
        return True

    def _executor_for(self, address: str) -> Executor:
        if not address:
            return LocalPool(self._jobs)
        if not dask_backend.available():
            raise RunnerError(dask_backend.missing())
        if "://" not in address:
            raise RunnerError(f"{address} is not a scheduler's address (tcp://HOST:PORT)")
        return dask_backend.DaskExecutor.connect(address)

    def _play(self, sweep: Sweep, every: list[Combination], executor: Executor) -> None:
        message = ""
        try:
            for played in sweep.play(every, executor):
                self.bridge.played.emit((sweep, played))
        except (RunnerError, SweepError) as exc:
            message = str(exc)
        finally:
            executor.close()
        self.bridge.finished.emit(message or ("cancelled" if sweep.cancelled else "done"))

    def _add(self, item: tuple[Sweep, Played]) -> None:
        sweep, played = item
        if sweep is not self.sweep:  # a sweep cancelled before this one
            return
        self.played.append(played)
        self.draw()
        self.status.setText(f"{len(self.played)} values played; last {played.combination.label}")

    def draw(self) -> None:
        """Draw the plot of the values played so far at the size the dialog gives it."""
        if self.sweep is None or not self.played:
            return
        ratio = self.picture.devicePixelRatioF()
        width, height = max(self.picture.width(), 320), max(self.picture.height(), 200)
        dpi = round(PLOT_DPI * ratio)
        size = (width * ratio / dpi, height * ratio / dpi)
        image = QPixmap()
        image.loadFromData(plot.png(self.played, self.sweep.varies, size, dpi, self.sweep.names))
        image.setDevicePixelRatio(ratio)
        self.picture.setPixmap(image)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Resized: the plot is drawn again to fill its room (once the resizing settles)."""
        super().resizeEvent(event)
        if self.played:
            self._redraw.start()

    def _finished(self, message: str) -> None:
        if self._thread is not None:
            self._thread.join()
        self._thread = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.status.setText(f"{len(self.played)} values played: {message}")

    def cancel(self) -> None:
        """Stop the sweep now: no value starts, the games in flight end."""
        if self.sweep is not None:
            self.sweep.cancel()
        if self._executor is not None:
            self._executor.terminate()

    def done(self, result: int) -> None:
        """Close the dialog; a sweep in flight is cancelled first."""
        self.cancel()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        super().done(result)


def path_under_cursor(widget: QWidget) -> str:
    """The sweep path of the number under the cursor of the file tab shown in ``widget``'s
    window; empty when no file tab is shown or no number is under its cursor."""
    from editor.studio.sweep_target import sweep_path
    from editor.ui.content.document_tabs import DocumentTab

    for tab in widget.window().findChildren(DocumentTab):
        if tab.isVisible():
            cursor = tab.editor.textCursor()
            line = cursor.blockNumber() + 1
            column = cursor.positionInBlock() + 1
            return sweep_path(tab.path, tab.editor.toPlainText(), line, column) or ""
    return ""


def open_dialog(
    parent: QWidget, design: Callable[[], Design], settings: QSettings | None, jobs: int
) -> SweepDialog:
    """The Sweep dialog, opened on the number under the cursor of the file tab shown."""
    dialog = SweepDialog(design, path_under_cursor(parent), settings, parent, jobs=jobs)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
