"""The playtest charts drawn as SVG with matplotlib, for a report: the same chart data the
Playtest tab draws with Qt Charts (:mod:`editor.studio.playtest_data`), on paper colours.

Each chart is one ``<svg>`` element as text, with its text kept as text (searchable, and
read by the report's tests) and no date or random ids in it, so the same batch gives the same
file. matplotlib is imported when the first chart is drawn, never with the editor or the
simulator; figures are made without pyplot, so no window and no GUI backend is involved.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Literal

from editor.studio.playtest_data import (
    BASELINE,
    BarChartData,
    LineChartData,
    StackChartData,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: The current batch's colour, the baseline's, the reference line's, the ink and the grid.
CURRENT_COLOUR = "#1f6fb4"
BASELINE_COLOUR = "#b4bac4"
REFERENCE_COLOUR = "#d55e00"
INK = "#1b1b1b"
GRID = "#dddddd"
#: Colours of categories (segments, lines): Okabe and Ito's colour-blind-safe set.
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
#: A chart's size in inches (at 96 dots an inch in a browser: about 700 by 310 pixels).
WIDTH, HEIGHT = 7.2, 3.2
#: Room for a horizontal bar's name, per bar, in inches.
ROW_HEIGHT = 0.32
#: The style every chart is drawn in: text kept as text, ids from a fixed salt (no random
#: ids, so a report of the same batch is the same file).
STYLE: dict[str, Any] = {
    "svg.fonttype": "none",
    "svg.hashsalt": "seastack-report",
    "font.family": ["DejaVu Sans", "sans-serif"],
    "font.size": 9.0,
    "axes.edgecolor": "#888888",
    "axes.labelcolor": INK,
    "text.color": INK,
    "xtick.color": INK,
    "ytick.color": INK,
    "axes.titleweight": "bold",
    "axes.titlesize": 10.0,
}
_PROLOGUE = re.compile(r"^.*?(?=<svg\b)", re.DOTALL)


@contextmanager
def _figure(width: float = WIDTH, height: float = HEIGHT) -> Iterator[Figure]:
    import matplotlib

    with matplotlib.rc_context(STYLE):  # type: ignore[arg-type]  # keys typed as literals
        from matplotlib.figure import Figure

        yield Figure(figsize=(width, height), layout="constrained")


def to_svg(figure: Figure) -> str:
    """A figure as one ``<svg>`` element (no XML prologue, no doctype, no date)."""
    import matplotlib

    out = io.StringIO()
    with matplotlib.rc_context(STYLE):  # type: ignore[arg-type]
        figure.savefig(out, format="svg", metadata={"Date": None, "Creator": "Seastack"})
    return _PROLOGUE.sub("", out.getvalue(), count=1).strip()


def _colour(label: str) -> str:
    return BASELINE_COLOUR if label == BASELINE else CURRENT_COLOUR


def _style(axes: Axes, value_axis: Literal["x", "y"]) -> None:
    axes.grid(axis=value_axis, color=GRID, linewidth=0.6)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)


def bar_chart_svg(data: BarChartData, *, horizontal: bool = False) -> str:
    """Bars per category and batch, with whiskers (95% intervals) when the data has them,
    each bar's value written at its end, and the reference (a fair share) as a dashed line.
    ``horizontal`` bars suit long names (factions)."""
    count = max(len(data.categories), 1)
    height = (
        max(HEIGHT, 0.9 + ROW_HEIGHT * count * max(len(data.sets), 1)) if horizontal else HEIGHT
    )
    with _figure(WIDTH, height) as figure:
        axes = figure.add_subplot()
        sets = [s for s in data.sets if any(bar is not None for bar in s.bars)] or list(data.sets)
        width = 0.8 / max(len(sets), 1)
        top = 0.0
        for index, bar_set in enumerate(sets):
            offset = (index - (len(sets) - 1) / 2) * width
            where = [i + offset for i, bar in enumerate(bar_set.bars) if bar is not None]
            bars = [bar for bar in bar_set.bars if bar is not None]
            values = [bar.value for bar in bars]
            top = max([top, *values, *(bar.high for bar in bars)])
            errors = (
                [[b.value - b.low for b in bars], [b.high - b.value for b in bars]]
                if data.whiskers
                else None
            )
            style: dict[str, Any] = {
                "color": _colour(bar_set.label),
                "label": bar_set.label,
                "error_kw": {"ecolor": INK, "elinewidth": 0.9, "capsize": 3},
                "gid": f"bars-{bar_set.label}",
            }
            if horizontal:
                drawn = axes.barh(where, values, width * 0.92, xerr=errors, **style)
            else:
                drawn = axes.bar(where, values, width * 0.92, yerr=errors, **style)
            if data.whiskers:  # the value at the bar's end (a histogram's are in its table)
                suffix = "%" if "%" in data.axis else ""
                labels = [f"{v:.1f}{suffix}" for v in values]
                axes.bar_label(drawn, labels=labels, padding=3, fontsize=7.5, color=INK)
        categories = list(data.categories)
        ticks = list(range(len(categories)))
        if horizontal:
            axes.set_yticks(ticks, categories)
            axes.invert_yaxis()  # the first category at the top, as read
            axes.set_xlabel(data.axis)
            axes.set_xlim(0, _room(top, data.reference))
            _style(axes, "x")
        else:
            axes.set_xticks(ticks, categories, rotation=90 if len(categories) > 12 else 0)
            axes.set_ylabel(data.axis)
            axes.set_ylim(0, _room(top, data.reference))
            if data.category_axis:
                axes.set_xlabel(data.category_axis)
            _style(axes, "y")
        if data.reference is not None:
            line = axes.axvline if horizontal else axes.axhline
            line(
                data.reference,
                color=REFERENCE_COLOUR,
                linestyle="--",
                linewidth=1.2,
                label=data.reference_label,
                gid="reference",
            )
        axes.set_title(data.title, loc="left")
        if len(sets) > 1 or data.reference is not None:
            axes.legend(loc="best", fontsize=8, frameon=False)
        return to_svg(figure)


def _room(top: float, reference: float | None) -> float:
    # room above the tallest whisker for its value's text
    highest = max(top, reference or 0.0)
    return highest * 1.15 + 1 if highest > 0 else 1.0


def stack_chart_svg(data: StackChartData) -> str:
    """One stacked bar per batch, a segment per way the games ended (percent of games)."""
    height = max(1.8, 1.2 + 0.45 * len(data.bars))
    with _figure(WIDTH, height + 0.3 * ((len(data.segments) + 2) // 3)) as figure:
        axes = figure.add_subplot()
        left = [0.0] * len(data.bars)
        rows = list(range(len(data.bars)))
        for index, segment in enumerate(data.segments):
            colour = CATEGORY_COLOURS[index % len(CATEGORY_COLOURS)]
            drawn = axes.barh(
                rows,
                segment.values,
                0.6,
                left=left,
                color=colour,
                label=segment.label,
                gid=f"segment-{segment.key}",
            )
            labels = [f"{v:.0f}%" if v >= 6 else "" for v in segment.values]
            axes.bar_label(drawn, labels=labels, label_type="center", fontsize=7.5, color=INK)
            left = [a + b for a, b in zip(left, segment.values, strict=True)]
        axes.set_yticks(rows, list(data.bars))
        axes.invert_yaxis()
        axes.set_xlim(0, 100)
        axes.set_xlabel("% of games")
        axes.set_title(data.title, loc="left")
        _style(axes, "x")
        axes.legend(
            loc="upper center",
            bbox_to_anchor=(0.5, -0.35),
            ncols=min(3, max(len(data.segments), 1)),
            fontsize=8,
            frameon=False,
        )
        return to_svg(figure)


def line_chart_svg(data: LineChartData) -> str:
    """A game's per-round measures: a line per measure and batch over the rounds, each with
    its 95% interval as a band; the baseline's lines dashed."""
    from matplotlib.ticker import MaxNLocator

    with _figure() as figure:
        axes = figure.add_subplot()
        measures: list[str] = []
        for line in data.lines:
            if line.label not in measures:
                measures.append(line.label)
        for line in data.lines:
            colour = CATEGORY_COLOURS[measures.index(line.label) % len(CATEGORY_COLOURS)]
            xs = [p.x for p in line.points]
            axes.fill_between(
                xs,
                [p.low for p in line.points],
                [p.high for p in line.points],
                color=colour,
                alpha=0.12 if line.dashed else 0.2,
                linewidth=0,
            )
            axes.plot(
                xs,
                [p.y for p in line.points],
                color=colour,
                linestyle="--" if line.dashed else "-",
                marker="o",
                markersize=3,
                linewidth=1.4,
                label=f"{line.label} ({line.batch})" if _batches(data) > 1 else line.label,
                gid=f"line-{line.batch}-{line.label}",
            )
        axes.set_xlabel("round")
        axes.set_ylabel("%" if data.percent else "")
        axes.set_ylim(bottom=0)
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_title(data.title, loc="left")
        _style(axes, "y")
        if data.lines:
            axes.legend(loc="best", fontsize=8, frameon=False)
        return to_svg(figure)


def _batches(data: LineChartData) -> int:
    return len({line.batch for line in data.lines})
