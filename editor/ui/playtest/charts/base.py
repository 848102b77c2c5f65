"""What every chart of the playtest view shares: a chart in a view, with no animation (a
batch streams in several times a second), coloured from the palette and again whenever the
palette changes, with tooltips on hover and the axes styled alike."""

from __future__ import annotations

from PySide6.QtCharts import QAbstractAxis, QAbstractSeries, QChart, QChartView
from PySide6.QtCore import QEvent, QMargins, Qt
from PySide6.QtGui import QBrush, QCursor, QFont, QPainter, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from editor.ui.playtest.charts.theme import ChartColours, colours_for

#: The least height a chart is given: room for its title, axes and a legend line.
MIN_HEIGHT = 250


class ChartPanel(QChartView):
    """A chart in its view; subclasses build their series and colour them in :meth:`restyle`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        chart = QChart()
        chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        chart.setBackgroundRoundness(0)
        chart.setMargins(QMargins(4, 4, 4, 4))
        super().__init__(chart, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(MIN_HEIGHT)
        self.colours: ChartColours = colours_for(self.palette())
        self._theme()

    def changeEvent(self, event: QEvent) -> None:
        """A new palette (light or dark) colours the chart anew."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.colours = colours_for(self.palette())
            self._theme()
            self.restyle()

    def restyle(self) -> None:
        """Colour the series from :attr:`colours` (after a build or a palette change)."""

    def _theme(self) -> None:
        chart, colours = self.chart(), self.colours
        chart.setBackgroundBrush(QBrush(colours.ground))
        chart.setBackgroundPen(QPen(Qt.PenStyle.NoPen))
        self.setBackgroundBrush(QBrush(colours.ground))
        chart.setTitleBrush(QBrush(colours.ink))
        title = QFont(self.font())
        title.setBold(True)
        chart.setTitleFont(title)
        chart.legend().setLabelColor(colours.ink)
        for axis in chart.axes():
            self.style_axis(axis)

    def style_axis(self, axis: QAbstractAxis) -> None:
        """An axis in the palette's ink, its grid faint."""
        colours = self.colours
        axis.setLabelsColor(colours.ink)
        axis.setTitleBrush(QBrush(colours.ink))
        axis.setLinePenColor(colours.grid)
        axis.setGridLineColor(colours.grid)
        font = QFont(self.font())
        axis.setLabelsFont(font)
        small = QFont(font)
        small.setPointSizeF(max(font.pointSizeF() - 1, 6.0))
        axis.setTitleFont(small)

    def add_series(
        self, series: QAbstractSeries, *axes: QAbstractAxis, legend: bool = True
    ) -> None:
        """Put a series on the chart, on these axes; ``legend=False`` keeps it out of the
        legend (whiskers, interval bands)."""
        chart = self.chart()
        chart.addSeries(series)
        for axis in axes:
            series.attachAxis(axis)
        if not legend:
            for marker in chart.legend().markers(series):
                marker.setVisible(False)

    def add_axis(self, axis: QAbstractAxis, where: Qt.AlignmentFlag) -> None:
        """Put an axis on the chart, styled."""
        self.chart().addAxis(axis, where)
        self.style_axis(axis)

    def clear(self) -> None:
        """Take every series off the chart. The axes stay: a chart makes its axes once and
        changes their ranges and categories (an axis taken off a chart and replaced leaves
        its labels drawn)."""
        self.chart().removeAllSeries()

    @staticmethod
    def show_tip(text: str) -> None:
        """A tooltip at the mouse (hovering a bar or a point)."""
        if text:
            QToolTip.showText(QCursor.pos(), text)
        else:
            QToolTip.hideText()
