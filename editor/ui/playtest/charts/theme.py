"""The charts' colours, from the widget's palette: a light palette gets dark ink on a light
ground, a dark one the reverse, and the series keep colours that read on both."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette

#: Colours for a chart's categories (a colour-blind-safe set, Okabe and Ito's).
CATEGORY_COLOURS = (
    "#0072b2",
    "#e69f00",
    "#009e73",
    "#cc79a7",
    "#56b4e9",
    "#d55e00",
    "#f0e442",
    "#999999",
)


@dataclass(frozen=True)
class ChartColours:
    """What a chart is painted with: its ground, ink and grid, the two batches' bars, the
    reference line and the colours of categories."""

    dark: bool
    ground: QColor
    ink: QColor
    grid: QColor
    current: QColor
    baseline: QColor
    reference: QColor

    def category(self, index: int) -> QColor:
        """The colour of a chart's ``index``-th category (segments, lines)."""
        colour = QColor(CATEGORY_COLOURS[index % len(CATEGORY_COLOURS)])
        return colour.lighter(125) if self.dark and index % len(CATEGORY_COLOURS) == 0 else colour


def is_dark(palette: QPalette) -> bool:
    """Whether a palette is a dark one (light text on a dark ground)."""
    ground = palette.color(QPalette.ColorRole.Base)
    ink = palette.color(QPalette.ColorRole.Text)
    return ground.lightness() < ink.lightness()


def colours_for(palette: QPalette) -> ChartColours:
    """The chart colours that go with a palette."""
    dark = is_dark(palette)
    ground = palette.color(QPalette.ColorRole.Base)
    ink = palette.color(QPalette.ColorRole.Text)
    grid = QColor(ink)
    grid.setAlphaF(0.18)
    return ChartColours(
        dark=dark,
        ground=ground,
        ink=ink,
        grid=grid,
        current=QColor("#5aa9e6" if dark else "#1f6fb4"),
        baseline=QColor("#7b8494" if dark else "#b4bac4"),
        reference=QColor("#ff8a4c" if dark else "#d55e00"),
    )
