"""Bar charts with whiskers: a set of bars per batch (the baseline's beside the current
one's), each bar's 95% interval drawn as a whisker with caps, and a reference value (the
fair share of wins) drawn as a dashed line across.

The bars' series and whiskers are rebuilt only when the categories or the batches change;
new figures of the same batch replace the values in place, so a streaming batch does not
flicker. :meth:`BarChart.values` and :meth:`BarChart.whiskers` read the figures back from
the chart's own series (what the tests check).
"""

from __future__ import annotations

import math

from PySide6.QtCharts import (
    QAbstractBarSeries,
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QHorizontalBarSeries,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QWidget

from editor.studio.playtest_data import BASELINE, Bar, BarChartData
from editor.ui.playtest.charts.base import ChartPanel

#: The share of a category's room its bars take (the rest is the gap between categories).
BAR_WIDTH = 0.8
#: A whisker's caps, as a share of one bar's thickness.
CAP = 0.5
#: More upright bars than this and their labels are turned on end.
CROWDED = 12


class BarChart(ChartPanel):
    """Bars per category and batch; ``horizontal`` bars suit long names (factions)."""

    def __init__(self, horizontal: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.horizontal = horizontal
        self.data: BarChartData | None = None
        self._shape: tuple[object, ...] = ()
        self._series: QAbstractBarSeries | None = None
        self._sets: list[QBarSet] = []
        #: One whisker per (set, category), in the sets' and the categories' order.
        self._whiskers: list[list[QLineSeries]] = []
        self._reference: QLineSeries | None = None
        self._categories = QBarCategoryAxis()
        self._values_axis = QValueAxis()
        self._values_axis.setLabelFormat("%.0f")
        self._values_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        self._values_axis.setTickAnchor(0)
        if horizontal:
            self.add_axis(self._categories, Qt.AlignmentFlag.AlignLeft)
            self.add_axis(self._values_axis, Qt.AlignmentFlag.AlignBottom)
        else:
            self.add_axis(self._categories, Qt.AlignmentFlag.AlignBottom)
            self.add_axis(self._values_axis, Qt.AlignmentFlag.AlignLeft)

    # --- what the chart shows -----------------------------------------------------------

    def show_data(self, data: BarChartData | None) -> None:
        """Show these bars (None: an empty chart)."""
        self.data = data
        if data is None:
            self.clear()
            self._shape = ()
            self._series, self._sets, self._whiskers, self._reference = None, [], [], None
            self._categories.clear()
            self.chart().setTitle("")
            return
        labels = tuple(s.label for s in data.sets)
        shape = (data.categories, labels, data.whiskers, data.reference is not None)
        if shape != self._shape:
            self._build(data)
            self._shape = shape
        self._fill(data)

    def _order(self, index: int) -> int:
        # horizontal bars run bottom to top: the first category is drawn at the top
        assert self.data is not None
        return len(self.data.categories) - 1 - index if self.horizontal else index

    def _build(self, data: BarChartData) -> None:
        self.clear()
        chart = self.chart()
        series: QAbstractBarSeries = QHorizontalBarSeries() if self.horizontal else QBarSeries()
        series.setBarWidth(BAR_WIDTH)
        self._sets = []
        for bar_set in data.sets:
            qset = QBarSet(bar_set.label)
            qset.append([0.0] * len(data.categories))
            series.append(qset)
            self._sets.append(qset)
        series.hovered.connect(self._hovered)
        categories, values = self._categories, self._values_axis
        names = list(data.categories)
        categories.clear()
        categories.append(list(reversed(names)) if self.horizontal else names)
        # many upright bars leave each label little room: turned, it is not elided
        crowded = not self.horizontal and len(names) > CROWDED
        categories.setLabelsAngle(-90 if crowded else 0)
        self._series = series
        self.add_series(series, categories, values)
        self._whiskers = []
        if data.whiskers:
            for _ in data.sets:
                row = []
                for _ in data.categories:
                    whisker = QLineSeries()
                    self.add_series(whisker, categories, values, legend=False)
                    row.append(whisker)
                self._whiskers.append(row)
        self._reference = None
        if data.reference is not None:
            line = QLineSeries()
            line.setName(data.reference_label)
            self.add_series(line, categories, values)
            self._reference = line
        chart.legend().setVisible(len(data.sets) > 1 or data.reference is not None)
        self.restyle()

    def _fill(self, data: BarChartData) -> None:
        self.chart().setTitle(data.title)
        top = 0.0
        count = len(data.categories)
        for j, bar_set in enumerate(data.sets):
            qset = self._sets[j]
            for i, bar in enumerate(bar_set.bars):
                value = bar.value if bar is not None else 0.0
                qset.replace(self._order(i), value)
                top = max(top, bar.high if bar is not None else 0.0)
                if self._whiskers:
                    self._whiskers[j][i].replace(self._whisker(j, i, bar))
        if self._reference is not None and data.reference is not None:
            self._reference.setName(data.reference_label)
            self._reference.replace(self._line_across(data.reference, count))
            top = max(top, data.reference)
        top = _nice_top(top)
        self._values_axis.setRange(0.0, top)
        self._values_axis.setTickInterval(10.0 if top <= 60 else 20.0)
        self._values_axis.setTitleText(data.axis)
        self._categories.setTitleText(data.category_axis)

    def _centre(self, set_index: int, category: int) -> float:
        """Where a bar's middle lies along the category axis (categories at 0, 1, 2...)."""
        sets = max(len(self._sets), 1)
        thickness = BAR_WIDTH / sets
        return self._order(category) - BAR_WIDTH / 2 + (set_index + 0.5) * thickness

    def _whisker(self, set_index: int, category: int, bar: Bar | None) -> list[QPointF]:
        if bar is None or bar.high <= bar.low:
            return []
        at = self._centre(set_index, category)
        cap = CAP * BAR_WIDTH / max(len(self._sets), 1) / 2

        def point(value: float, across: float) -> QPointF:
            return QPointF(value, across) if self.horizontal else QPointF(across, value)

        # one polyline: the low cap, along the interval, the high cap
        return [
            point(bar.low, at - cap),
            point(bar.low, at + cap),
            point(bar.low, at),
            point(bar.high, at),
            point(bar.high, at - cap),
            point(bar.high, at + cap),
        ]

    def _line_across(self, value: float, count: int) -> list[QPointF]:
        ends = (-0.5, count - 0.5)
        if self.horizontal:
            return [QPointF(value, ends[0]), QPointF(value, ends[1])]
        return [QPointF(ends[0], value), QPointF(ends[1], value)]

    def restyle(self) -> None:
        """The current batch's bars in the strong colour, the baseline's muted, whiskers in
        ink, the reference dashed."""
        colours = self.colours
        for qset in self._sets:
            colour = colours.baseline if qset.label() == BASELINE else colours.current
            qset.setColor(colour)
            qset.setBorderColor(colour)
        ink = QPen(colours.ink, 1.4)
        for row in self._whiskers:
            for whisker in row:
                whisker.setPen(ink)
        if self._reference is not None:
            pen = QPen(colours.reference, 1.6, Qt.PenStyle.DashLine)
            self._reference.setPen(pen)

    def _hovered(self, status: bool, index: int, qset: QBarSet) -> None:
        if not status or self.data is None:
            self.show_tip("")
            return
        j = self._sets.index(qset) if qset in self._sets else -1
        i = self._order(index)
        bar = self.data.sets[j].bars[i] if 0 <= j < len(self.data.sets) else None
        key = self.data.keys[i]
        tip = bar.tooltip if bar is not None else "no figure in this batch"
        name = self.data.categories[i]
        # a named category (a faction) tells its id too; a histogram's bar says its span
        named = self.data.whiskers and key and key != name
        self.show_tip(f"{tip}\n(id: {key})" if named else tip)

    # --- what the chart holds (read back from the series) -------------------------------

    def values(self, label: str) -> list[float]:
        """The bars of one batch, in the categories' order, as the chart's series hold them."""
        qset = next(s for s in self._sets if s.label() == label)
        count = qset.count()
        return [qset.at(self._order(i)) for i in range(count)]

    def whiskers(self, label: str) -> list[tuple[float, float] | None]:
        """The whiskers of one batch, (low, high) per category, from the chart's series."""
        j = next(j for j, s in enumerate(self._sets) if s.label() == label)
        out: list[tuple[float, float] | None] = []
        for whisker in self._whiskers[j] if self._whiskers else ():
            points = whisker.points()
            if not points:
                out.append(None)
                continue
            along = [p.x() if self.horizontal else p.y() for p in points]
            out.append((min(along), max(along)))
        return out

    def categories(self) -> list[str]:
        """The category names, in the data's order (first at the top of horizontal bars)."""
        names = list(self._categories.categories())
        return list(reversed(names)) if self.horizontal else names

    def reference(self) -> float | None:
        """Where the reference line stands, from its series."""
        if self._reference is None or not self._reference.points():
            return None
        point = self._reference.points()[0]
        return point.x() if self.horizontal else point.y()

    def bar_colour(self, label: str) -> QColor:
        """The colour one batch's bars are painted in."""
        return next(s for s in self._sets if s.label() == label).color()


def _nice_top(value: float) -> float:
    """The value axis's end: the highest figure rounded up to a tenth (at most 100)."""
    if value <= 0:
        return 10.0
    return float(min(100, max(10, math.ceil(value / 10) * 10)))


class WinRateChart(BarChart):
    """Win rates as horizontal bars (names read along them), whiskers and the fair share."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(True, parent)


class LengthChart(BarChart):
    """Game length as a histogram: upright bars, one per number of rounds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(False, parent)
