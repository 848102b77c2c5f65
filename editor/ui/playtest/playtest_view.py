"""The Playtest tab: the live simulator's latest batch as charts and tables, beside a pinned
baseline when there is one.

Built from the :class:`~editor.studio.studio.Studio`, the tab listens to it:
``RESULTS_ARRIVED`` brings the batch so far (its snapshot), drawn at most every
:data:`REFRESH_MS` (the series are updated in place, so a streaming batch does not
flicker) and only while the tab is in sight (results that came meanwhile are drawn when it
is shown); ``BATCH_STARTED`` says a new batch is on its way (the last one stays in sight
until the new one has games); ``LAYOUT_REPLACED`` clears the batch of the layout open
before (a pinned baseline stays, to compare two layouts).

**Pin as baseline** keeps the current batch; every chart then shows it beside the batches
played after (edit, and watch the bars move), the tables gain the baseline's figures and the
change, and a list says each change in words (``Pirates: 43% → 31%, −12 ±5``), bold when
its 95% interval excludes zero.

The tab tells :attr:`PlaytestView.shown_changed` when it is shown or hidden: the shell lets
the simulator play while the tab or the Simulator dock is in sight.
"""

from __future__ import annotations

import dataclasses
import time

from PySide6.QtCore import QMimeData, QTimer, Signal
from PySide6.QtGui import QFont, QGuiApplication, QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from editor.core.pack_names import pack_names
from editor.sim.live import Snapshot
from editor.studio.playtest_changes import ChangeLine, changes, headline
from editor.studio.playtest_data import (
    BASELINE,
    CURRENT,
    PlaytestBatch,
    batches_of,
    describe_batch,
    endings_chart,
    factions_chart,
    length_chart,
    round_charts,
    seats_chart,
)
from editor.studio.playtest_tables import table_sections
from editor.studio.simulator_report import report_html, report_text
from editor.studio.studio import Change, Studio
from editor.ui.playtest.charts.bars import LengthChart, WinRateChart
from editor.ui.playtest.charts.endings import EndingsChart
from editor.ui.playtest.charts.per_round import RoundChart
from editor.ui.playtest.charts.section_table import SectionTable

#: Redraw at most this often while a batch streams in (about three times a second).
REFRESH_MS = 300
#: What the tab says before any batch.
NOTHING_YET = (
    "No batch yet. The Simulator plays the design as you edit it (while this tab or the"
    " Simulator dock is in sight); its games are drawn here as they finish."
)


class PlaytestView(QWidget):
    """The Playtest tab; see the module docstring."""

    #: The tab was shown (True) or hidden (False).
    shown_changed = Signal(bool)

    def __init__(self, studio: Studio, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.studio = studio
        self._snapshot: Snapshot | None = None
        self._stale = False  # a new batch started; the charts still show the last one
        self._unseen = False  # results came while the tab was hidden
        self.current: PlaytestBatch | None = None
        self.baseline: PlaytestBatch | None = None
        self._layout_name = ""
        self._names: tuple[object, dict[str, str]] = (None, {})
        self._redraws = 0

        self.status = QLabel(NOTHING_YET, self)
        self.status.setWordWrap(True)
        self.pin_button = QPushButton("Pin as baseline", self)
        self.pin_button.setToolTip(
            "Keep this batch to compare with: every chart then shows it beside the next batches"
        )
        self.pin_button.clicked.connect(self.pin_baseline)
        self.clear_button = QPushButton("Clear baseline", self)
        self.clear_button.clicked.connect(self.clear_baseline)
        self.copy_button = QPushButton("Copy figures", self)
        self.copy_button.setToolTip("Copy every figure as a table (HTML and text)")
        self.copy_button.clicked.connect(self.copy_figures)
        self.baseline_label = QLabel(self)
        self.baseline_label.setWordWrap(True)
        self.changes_title = QLabel(
            "Changes from the baseline (bold: beyond chance, its 95% interval excludes zero)",
            self,
        )
        self.changes = QListWidget(self)
        self.changes.setMaximumHeight(170)

        self.seats = WinRateChart(self)
        self.factions = WinRateChart(self)
        self.lengths = LengthChart(self)
        self.endings = EndingsChart(self)
        self.round_charts: dict[str, RoundChart] = {}
        self.tables: dict[str, SectionTable] = {}

        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.pin_button)
        buttons.addWidget(self.clear_button)
        buttons.addWidget(self.copy_button)
        self.grid = QGridLayout()
        self.grid.setColumnStretch(0, 1)
        self.grid.setColumnStretch(1, 1)
        #: The tab's content, scrolled: every chart and table.
        self.body = body = QWidget(self)
        column = QVBoxLayout(body)
        column.addLayout(buttons)
        column.addWidget(self.baseline_label)
        column.addWidget(self.changes_title)
        column.addWidget(self.changes)
        column.addLayout(self.grid)
        self.table_column = QVBoxLayout()
        column.addLayout(self.table_column)
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self._placed: tuple[str, ...] = ()

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        studio.subscribe(Change.RESULTS_ARRIVED, self._results_arrived)
        studio.subscribe(Change.BATCH_STARTED, lambda _none: self._batch_started())
        studio.subscribe(Change.LAYOUT_REPLACED, lambda _model: self.layout_replaced())
        self.refresh()

    # --- what the studio tells ----------------------------------------------------------

    def _results_arrived(self, snapshot: Snapshot | None) -> None:
        # a snapshot with no games yet leaves the last batch in sight (a stand-in for one,
        # as the Replay tab's tests publish, may carry no summary at all)
        if getattr(snapshot, "summary", None) is None:
            return
        self._snapshot = snapshot
        self._stale = False
        if not self.isVisible():
            self._unseen = True  # drawn when the tab is shown: no work for charts unseen
        elif not self._timer.isActive():
            self._timer.start()

    def _batch_started(self) -> None:
        self._stale = self.current is not None
        self._show_status()

    def layout_replaced(self) -> None:
        """Another layout is open: its batches are not the old one's (a baseline stays)."""
        self._snapshot = None
        self.current = None
        self._stale = False
        self.refresh()

    # --- the baseline -------------------------------------------------------------------

    def pin_baseline(self) -> None:
        """Keep the current batch as the baseline the next batches are compared with."""
        if self.current is None:
            return
        self.baseline = dataclasses.replace(self.current, label=BASELINE)
        said = describe_batch(self.current.summary, self._layout_name)
        self.baseline_label.setText(f"Baseline: {said}; pinned at {time.strftime('%H:%M:%S')}")
        self.refresh()

    def clear_baseline(self) -> None:
        """Compare with nothing any more."""
        self.baseline = None
        self.refresh()

    # --- drawing ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Draw the latest batch (and the baseline) now."""
        self._timer.stop()
        self._unseen = False
        self._redraws += 1
        snap = self._snapshot
        if snap is not None and snap.summary is not None:
            self.current = PlaytestBatch(snap.summary, self._names_of(snap), CURRENT)
            if snap.ready is not None:
                self._layout_name = snap.ready.layout.name
        batches = batches_of(self.current, self.baseline)
        self.seats.show_data(seats_chart(batches) if batches else None)
        self.factions.show_data(factions_chart(batches))
        self.lengths.show_data(length_chart(batches) if batches else None)
        self.endings.show_data(endings_chart(batches) if batches else None)
        self._show_rounds(batches)
        self._show_tables()
        self._show_changes()
        self._show_status()

    @property
    def redraws(self) -> int:
        """How many times the tab has drawn (a streaming batch redraws a few times a second)."""
        return self._redraws

    def _names_of(self, snap: Snapshot) -> dict[str, str]:
        ready = snap.ready
        if ready is None:
            return self._names[1]
        if self._names[0] is not ready:  # the same design set up: the same names
            self._names = (ready, pack_names(ready.loaded.workspace, ready.layout))
        return self._names[1]

    def _show_rounds(self, batches: tuple[PlaytestBatch, ...]) -> None:
        charts = round_charts(batches)
        titles = [c.title for c in charts]
        for title in list(self.round_charts):
            if title not in titles:
                self.round_charts.pop(title).deleteLater()
        for data in charts:
            chart = self.round_charts.get(data.title)
            if chart is None:
                chart = self.round_charts[data.title] = RoundChart(self.body)
            chart.show_data(data)
        self._place(tuple(titles))

    def _place(self, titles: tuple[str, ...]) -> None:
        """The charts two by two: win rates, then length and endings, then the rounds'."""
        shown = self.factions.data is not None
        key = (str(shown), *titles)
        if key == self._placed:
            return
        self._placed = key
        for widget in (self.seats, self.factions, self.lengths, self.endings):
            self.grid.removeWidget(widget)
        for chart in self.round_charts.values():
            self.grid.removeWidget(chart)
        order: list[QWidget] = [self.seats]
        if shown:
            order.append(self.factions)
        order += [self.lengths, self.endings]
        order += [self.round_charts[t] for t in titles]
        self.factions.setVisible(shown)
        for index, placed in enumerate(order):
            self.grid.addWidget(placed, index // 2, index % 2)
            if placed is not self.factions:
                placed.show()

    def _show_tables(self) -> None:
        tables = table_sections(self.current, self.baseline)
        titles = [t.title for t in tables]
        for title in list(self.tables):
            if title not in titles:
                self.tables.pop(title).deleteLater()
        for index, data in enumerate(tables):
            table = self.tables.get(data.title)
            if table is None:
                table = self.tables[data.title] = SectionTable(self.body)
            if self.table_column.indexOf(table) != index:
                self.table_column.removeWidget(table)
                self.table_column.insertWidget(index, table)
                table.show()  # at once, not when the layout gets round to it
            table.show_data(data)

    def _show_changes(self) -> None:
        self.clear_button.setEnabled(self.baseline is not None)
        self.pin_button.setEnabled(self.current is not None)
        self.copy_button.setEnabled(self.current is not None or self.baseline is not None)
        compared = self.baseline is not None and self.current is not None
        self.baseline_label.setVisible(self.baseline is not None)
        self.changes_title.setVisible(compared)
        self.changes.setVisible(compared)
        every = self.all_changes()
        lines = headline(every)
        texts = [self._verdict(every), *(line.text for line in lines)] if compared else []
        if [self.changes.item(i).text() for i in range(self.changes.count())] == texts:
            return
        self.changes.clear()
        if compared:
            self.changes.addItem(texts[0])
        for line in lines:
            item = QListWidgetItem(line.text)
            item.setToolTip(line.tooltip)
            if line.excludes_zero:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
            self.changes.addItem(item)

    @staticmethod
    def _verdict(lines: list[ChangeLine]) -> str:
        beyond = sum(line.excludes_zero for line in lines)
        # with many measures compared, about one in twenty crosses by chance alone
        compared = len(lines)
        if not beyond:
            return "No change is beyond chance: every 95% interval below holds zero."
        those = "change is" if beyond == 1 else "changes are"
        return (
            f"{beyond} {those} beyond chance (bold). Of {compared} measures compared, about"
            f" {compared / 20:.0f} would be by chance alone, even with nothing changed."
        )

    def all_changes(self) -> list[ChangeLine]:
        """Every change from the baseline, worded (none without both batches)."""
        if self.baseline is None or self.current is None:
            return []
        return changes(self.baseline, self.current)

    def change_lines(self) -> list[ChangeLine]:
        """The changes listed in the tab: the shared measures', and the game's sections'
        only when beyond chance."""
        return headline(self.all_changes())

    def _show_status(self) -> None:
        snap = self._snapshot
        if self.current is None or snap is None:
            self.status.setText(NOTHING_YET if self.baseline is None else "No batch since.")
            return
        said = describe_batch(self.current.summary, self._layout_name)
        if self._stale:
            text = f"The design changed: a new batch is starting. Shown: {said}"
        elif snap.state in ("loading", "running"):
            text = f"Playing: {snap.done} of {snap.planned} games so far. {said}"
        else:
            text = f"{snap.state.capitalize()}: {said}"
        self.status.setText(text)

    # --- copying ------------------------------------------------------------------------

    def copy_figures(self) -> str:
        """Copy every figure (and the baseline's, with the changes) as HTML and as text."""
        mime = QMimeData()
        html = report_html(self.current, self.baseline)
        text = report_text(self.current, self.baseline)
        mime.setHtml(html)
        mime.setText(text)
        QGuiApplication.clipboard().setMimeData(mime)
        return text

    # --- in sight -----------------------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        """Shown (its tab chosen): the simulator may play."""
        super().showEvent(event)
        if self._unseen:
            self.refresh()
        self.shown_changed.emit(True)

    def hideEvent(self, event: QHideEvent) -> None:
        """Hidden (another tab chosen)."""
        super().hideEvent(event)
        self.shown_changed.emit(False)
