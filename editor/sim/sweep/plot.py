"""The sweep's plot: win rate per faction (or per seat) against the first varied number,
each line with its 95% interval as a band and the fair share dashed.

Drawn with matplotlib's Agg canvas on a figure of its own (never pyplot, so no GUI backend
and no global state): :func:`save` writes a PNG or SVG, :func:`png` gives the bytes the
editor shows.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from editor.sim.sweep.plan import Vary
from editor.sim.sweep.run import Played

#: Whole values played up to this many get a tick each (more: matplotlib's own ticks).
MOST_TICKS = 15


class PlotError(OSError):
    """The image cannot be written."""


def lines(
    played: Sequence[Played], varies: Sequence[Vary], names: Mapping[str, str] | None = None
) -> dict[str, list[tuple[float, float, float, float]]]:
    """Each line of the plot by its label: (value, rate, low, high) points in value order.

    Factions' win rates when the game has factions (by the display names ``names`` gives
    their ids, the id when it gives none), else the seats'; with several varies, one line per
    value of the others (``Pirates (ruleset.rounds=6)``).
    """
    names = names or {}
    factions = any(m.name.startswith("faction:") for p in played for m in p.measures)
    kind = "faction:" if factions else "seat:"
    out: dict[str, list[tuple[float, float, float, float]]] = {}
    for p in played:
        settings = p.combination.settings
        x = float(settings[0][1].number)
        others = ", ".join(f"{vary.path}={value.text}" for vary, value in settings[1:])
        for m in p.measures:
            if m.name.startswith(kind) and m.n:
                label = m.name.removeprefix(kind).removesuffix(" win")
                label = f"seat {label}" if kind == "seat:" else names.get(label, label)
                if others:
                    label = f"{label} ({others})"
                out.setdefault(label, []).append((x, m.value, m.low, m.high))
    return {label: sorted(points) for label, points in sorted(out.items())}


def figure(
    played: Sequence[Played],
    varies: Sequence[Vary],
    size: tuple[float, float] = (8, 5),
    names: Mapping[str, str] | None = None,
) -> Figure:
    """The plot as a matplotlib figure (with an Agg canvas)."""
    fig = Figure(figsize=size, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.add_subplot()
    for label, points in lines(played, varies, names).items():
        xs = [p[0] for p in points]
        (line,) = axes.plot(xs, [p[1] for p in points], marker="o", label=label)
        axes.fill_between(
            xs, [p[2] for p in points], [p[3] for p in points], alpha=0.2, color=line.get_color()
        )
    if played:
        players = played[0].summary["players"]
        axes.axhline(1 / players, linestyle="--", color="grey", linewidth=1, label="fair share")
    played_at = sorted({float(p.combination.settings[0][1].number) for p in played})
    if played_at and len(played_at) <= MOST_TICKS and all(x.is_integer() for x in played_at):
        axes.set_xticks(played_at)  # whole numbers: a tick at each one played, none between
    axes.set_xlabel(varies[0].path if varies else "value")
    axes.set_ylabel("win rate (95% interval)")
    axes.set_ylim(0, 1)
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize="small")
    return fig


def save(
    played: Sequence[Played],
    varies: Sequence[Vary],
    out: Path,
    names: Mapping[str, str] | None = None,
) -> None:
    """Write the plot to ``out`` (.png or .svg)."""
    kind = out.suffix.lower().lstrip(".")
    if kind not in ("png", "svg"):
        raise PlotError(f"cannot write {out}: the name must end with .png or .svg")
    try:
        figure(played, varies, names=names).savefig(out, format=kind)
    except OSError as exc:
        raise PlotError(f"cannot write {out}: {exc.strerror or exc}") from None


def png(
    played: Sequence[Played],
    varies: Sequence[Vary],
    size: tuple[float, float] = (8, 5),
    dpi: int = 96,
    names: Mapping[str, str] | None = None,
) -> bytes:
    """The plot as PNG bytes."""
    buffer = io.BytesIO()
    figure(played, varies, size, names).savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()
