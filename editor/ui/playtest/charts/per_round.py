"""A game's per-round section as lines over the rounds: one line per measure and batch (the
baseline's dashed), the current batch's 95% interval as a faint band around its line.

Series are rebuilt only when the lines change (another measure, a baseline pinned); a
streaming batch replaces the points in place. :meth:`RoundChart.points` and
:meth:`RoundChart.band` read the figures back from the chart's series.
"""

from __future__ import annotations

import math

from PySide6.QtCharts import QAreaSeries, QLineSeries, QValueAxis
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QWidget

from editor.studio.playtest_data import Line, LineChartData
from editor.ui.playtest.charts.base import ChartPanel

#: How opaque an interval band is: enough to see, faint enough to read the lines through.
BAND_ALPHA = 0.16


class RoundChart(ChartPanel):
    """Lines over the rounds for one per-round section."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: LineChartData | None = None
        self._shape: tuple[object, ...] = ()
        self._lines: dict[tuple[str, str], QLineSeries] = {}
        #: The interval bands: the area and its two edges (kept: the area does not own them).
        self._bands: dict[tuple[str, str], tuple[QAreaSeries, QLineSeries, QLineSeries]] = {}
        self._x, self._y = QValueAxis(), QValueAxis()
        self._x.setLabelFormat("%d")
        self._x.setTitleText("round")
        self.add_axis(self._x, Qt.AlignmentFlag.AlignBottom)
        self.add_axis(self._y, Qt.AlignmentFlag.AlignLeft)

    def show_data(self, data: LineChartData | None) -> None:
        """Show these lines (None: an empty chart)."""
        self.data = data
        if data is None:
            self.clear()
            self._shape, self._lines, self._bands = (), {}, {}
            self.chart().setTitle("")
            return
        shape = tuple((line.label, line.batch, line.dashed) for line in data.lines)
        if shape != self._shape:
            self._build(data)
            self._shape = shape
        self._fill(data)

    def _build(self, data: LineChartData) -> None:
        self.clear()
        self._lines, self._bands = {}, {}
        x, y = self._x, self._y
        y.setLabelFormat("%.0f%%" if data.percent else "%.1f")
        solid = {line.label for line in data.lines if not line.dashed}
        for line in data.lines:
            key = (line.label, line.batch)
            if not line.dashed:  # the band first, so the lines are drawn over it
                upper, lower = QLineSeries(), QLineSeries()
                area = QAreaSeries(upper, lower)
                self.add_series(area, x, y, legend=False)
                self._bands[key] = (area, upper, lower)
            series = QLineSeries()
            series.setName(line.label)
            series.setPointsVisible(True)
            series.hovered.connect(lambda point, state, k=key: self._hovered(k, point, state))
            # one legend entry per measure: the baseline's dashed twin is told in the title
            self.add_series(series, x, y, legend=not line.dashed or line.label not in solid)
            self._lines[key] = series
        self.restyle()

    def _fill(self, data: LineChartData) -> None:
        baseline = any(line.dashed for line in data.lines)
        self.chart().setTitle(f"{data.title} (dashed: baseline)" if baseline else data.title)
        self.setToolTip(data.note)
        last, top = 1, 0.0
        for line in data.lines:
            key = (line.label, line.batch)
            self._lines[key].replace([QPointF(p.x, p.y) for p in line.points])
            if key in self._bands:
                _, upper, lower = self._bands[key]
                upper.replace([QPointF(p.x, p.high) for p in line.points])
                lower.replace([QPointF(p.x, p.low) for p in line.points])
            for p in line.points:
                last = max(last, p.x)
                top = max(top, p.high, p.y)
        self._x.setRange(1, max(last, 2))
        self._x.setTickCount(min(max(last, 2), 13))
        self._y.setRange(0, _nice(top))

    def restyle(self) -> None:
        """A colour per measure; the baseline's lines dashed; bands faint."""
        if self.data is None:
            return
        labels: list[str] = []
        for line in self.data.lines:
            if line.label not in labels:
                labels.append(line.label)
        for line in self.data.lines:
            key = (line.label, line.batch)
            colour = self.colours.category(labels.index(line.label))
            if key in self._lines:
                style = Qt.PenStyle.DashLine if line.dashed else Qt.PenStyle.SolidLine
                self._lines[key].setPen(QPen(colour, 2.0, style))
                self._lines[key].setColor(colour)
            if key in self._bands:
                area = self._bands[key][0]
                fill = QColor(colour)
                fill.setAlphaF(BAND_ALPHA)
                area.setBrush(QBrush(fill))
                area.setPen(QPen(Qt.PenStyle.NoPen))

    def _hovered(self, key: tuple[str, str], point: QPointF, state: bool) -> None:
        line = self._line(key)
        if not state or line is None or not line.points:
            self.show_tip("")
            return
        nearest = min(line.points, key=lambda p: abs(p.x - point.x()))
        self.show_tip(f"{line.label}, {nearest.tooltip}")

    def _line(self, key: tuple[str, str]) -> Line | None:
        if self.data is None:
            return None
        return next((ln for ln in self.data.lines if (ln.label, ln.batch) == key), None)

    # --- what the chart holds (read back from the series) -------------------------------

    def lines(self) -> list[tuple[str, str]]:
        """The lines drawn, as (measure, batch)."""
        return list(self._lines)

    def points(self, label: str, batch: str) -> list[tuple[float, float]]:
        """One line's points (round, value), as its series holds them."""
        return [(p.x(), p.y()) for p in self._lines[(label, batch)].points()]

    def band(self, label: str, batch: str) -> list[tuple[float, float, float]]:
        """One line's interval band (round, low, high), from its area's edges."""
        _, upper, lower = self._bands[(label, batch)]
        return [
            (u.x(), lo.y(), u.y()) for u, lo in zip(upper.points(), lower.points(), strict=True)
        ]

    def is_dashed(self, label: str, batch: str) -> bool:
        """Whether a line is drawn dashed (the baseline's)."""
        return self._lines[(label, batch)].pen().style() == Qt.PenStyle.DashLine


def _nice(value: float) -> float:
    """The value axis's end: a little above the highest figure, on a round number."""
    if value <= 0:
        return 1.0
    step = 10 ** math.floor(math.log10(value))
    return float(math.ceil(value * 1.05 / step) * step)
