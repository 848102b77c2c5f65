"""How games ended as one stacked bar per batch: a segment per ending, its share of games.

Rebuilt only when the endings or the batches change; new figures replace the values in
place. :meth:`EndingsChart.shares` reads them back from the chart's series.
"""

from __future__ import annotations

from PySide6.QtCharts import QBarCategoryAxis, QBarSet, QHorizontalStackedBarSeries, QValueAxis
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from editor.studio.playtest_data import StackChartData
from editor.ui.playtest.charts.base import MIN_HEIGHT, ChartPanel

#: The height of a bar, as a share of its row.
BAR_WIDTH = 0.6


class EndingsChart(ChartPanel):
    """One stacked bar per batch (the first batch at the top)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(MIN_HEIGHT)  # shorter, and the axis labels are elided
        self.data: StackChartData | None = None
        self._shape: tuple[object, ...] = ()
        self._sets: list[QBarSet] = []
        self._rows = QBarCategoryAxis()
        self._shares = QValueAxis()
        self._shares.setRange(0, 100)
        self._shares.setLabelFormat("%.0f%%")
        self._shares.setTitleText("% of games")
        self.add_axis(self._rows, Qt.AlignmentFlag.AlignLeft)
        self.add_axis(self._shares, Qt.AlignmentFlag.AlignBottom)

    def show_data(self, data: StackChartData | None) -> None:
        """Show these bars (None: an empty chart)."""
        self.data = data
        if data is None:
            self.clear()
            self._shape, self._sets = (), []
            self._rows.clear()
            self.chart().setTitle("")
            return
        shape = (data.bars, tuple(s.key for s in data.segments))
        if shape != self._shape:
            self._build(data)
            self._shape = shape
        self.chart().setTitle(data.title)
        for qset, segment in zip(self._sets, data.segments, strict=True):
            qset.setLabel(segment.label)
            for i, value in enumerate(segment.values):
                qset.replace(self._row(i), value)

    def _row(self, index: int) -> int:
        assert self.data is not None
        return len(self.data.bars) - 1 - index  # bars run bottom to top

    def _build(self, data: StackChartData) -> None:
        self.clear()
        series = QHorizontalStackedBarSeries()
        series.setBarWidth(BAR_WIDTH)
        self._sets = []
        for segment in data.segments:
            qset = QBarSet(segment.label)
            qset.append([0.0] * len(data.bars))
            series.append(qset)
            self._sets.append(qset)
        series.hovered.connect(self._hovered)
        self._rows.clear()
        self._rows.append(list(reversed(data.bars)))
        self.add_series(series, self._rows, self._shares)
        self.restyle()

    def restyle(self) -> None:
        """A colour per ending."""
        for index, qset in enumerate(self._sets):
            colour = self.colours.category(index)
            qset.setColor(colour)
            qset.setBorderColor(self.colours.ground)

    def _hovered(self, status: bool, index: int, qset: QBarSet) -> None:
        if not status or self.data is None or qset not in self._sets:
            self.show_tip("")
            return
        segment = self.data.segments[self._sets.index(qset)]
        self.show_tip(segment.tooltips[self._row(index)])

    def shares(self, bar: str) -> dict[str, float]:
        """One batch's share of games per ending (by the ending's id), from the series."""
        assert self.data is not None
        row = self._row(self.data.bars.index(bar))
        return {s.key: q.at(row) for s, q in zip(self.data.segments, self._sets, strict=True)}
