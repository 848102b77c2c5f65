"""What the playtest view's charts show, without Qt: a batch's summary, and a pinned
baseline's beside it, as bars with their intervals, a histogram, lines over the rounds and
one stacked bar of how games ended.

Every series is built from :func:`editor.sim.summary.summarize` output and names no game:
win rates per seat and per faction, game length and endings are what every summary has;
the lines come from the game's sections of kind ``per-round`` (rows are rounds 1, 2...,
each mean or rate column one line). Rates are drawn in percent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from editor.studio.playtest_names import display_name, words

#: How the charts call the batch played last and the one pinned to compare with.
CURRENT, BASELINE = "this batch", "baseline"
#: The kind of a section whose rows are rounds (see ``editor/sim/summary.py``).
PER_ROUND = "per-round"
#: A dash for a figure there is nothing to compute from (no games).
NONE = "–"


@dataclass(frozen=True)
class PlaytestBatch:
    """A batch's summary, the names of the ids it speaks in and what the charts call it."""

    summary: Mapping[str, Any]
    names: Mapping[str, str] = field(default_factory=dict)
    label: str = CURRENT

    def name(self, identifier: str) -> str:
        """An id's display name (the id itself when no pack names it)."""
        return display_name(self.names, identifier)


def batches_of(
    current: PlaytestBatch | None, baseline: PlaytestBatch | None
) -> tuple[PlaytestBatch, ...]:
    """The batches a chart shows side by side: the baseline first, then the current one."""
    return tuple(b for b in (baseline, current) if b is not None)


# --- intervals in words --------------------------------------------------------------------


def rate_interval(rate: Mapping[str, Any]) -> str:
    """A rate with the half-width of its 95% interval: ``27.5% ±6.3``."""
    if not rate["trials"]:
        return NONE
    low, high = rate["ci95"]
    return f"{100 * rate['rate']:.1f}% ±{50 * (high - low):.1f}"


def mean_interval(mean: Mapping[str, Any]) -> str:
    """A mean with the half-width of its 95% interval: ``5.90 ±0.19``."""
    if not mean["n"]:
        return NONE
    low, high = mean["ci95"]
    if mean["n"] == 1:
        return f"{mean['mean']:.2f}"
    return f"{mean['mean']:.2f} ±{(high - low) / 2:.2f}"


def rate_detail(rate: Mapping[str, Any]) -> str:
    """A rate in full, for a tooltip: ``27.5%: 11 of 40, 95% interval 16.1% to 42.8%``."""
    if not rate["trials"]:
        return "no games to count"
    low, high = rate["ci95"]
    return (
        f"{100 * rate['rate']:.1f}%: {rate['successes']} of {rate['trials']},"
        f" 95% interval {100 * low:.1f}% to {100 * high:.1f}%"
    )


def mean_detail(mean: Mapping[str, Any]) -> str:
    """A mean in full, for a tooltip: ``5.90 over 200 games, 95% interval 5.71 to 6.09``."""
    if not mean["n"]:
        return "no values"
    low, high = mean["ci95"]
    return f"{mean['mean']:.2f} over {mean['n']} games, 95% interval {low:.2f} to {high:.2f}"


# --- bars with whiskers ---------------------------------------------------------------------


@dataclass(frozen=True)
class Bar:
    """One bar: its value, the 95% interval drawn as a whisker, and its tooltip."""

    value: float
    low: float
    high: float
    tooltip: str = ""


@dataclass(frozen=True)
class BarSet:
    """One batch's bars, one per category of its chart (None where it has none)."""

    label: str
    bars: tuple[Bar | None, ...]


@dataclass(frozen=True)
class BarChartData:
    """A bar chart: categories (names; ``keys`` are their ids), a set of bars per batch, and
    a reference value drawn as a line (the fair share of wins)."""

    title: str
    categories: tuple[str, ...]
    keys: tuple[str, ...]
    sets: tuple[BarSet, ...]
    #: What the value axis measures.
    axis: str = "%"
    #: What the category axis says (empty: the categories speak for themselves).
    category_axis: str = ""
    reference: float | None = None
    reference_label: str = ""
    #: Whether the bars carry intervals (win rates do, a histogram does not).
    whiskers: bool = True


def _rate_bar(rate: Mapping[str, Any], what: str) -> Bar | None:
    if not rate["trials"]:
        return None
    low, high = rate["ci95"]
    return Bar(100 * rate["rate"], 100 * low, 100 * high, f"{what}: {rate_detail(rate)}")


def fair_share(summary: Mapping[str, Any]) -> float | None:
    """The share of wins each seat would have if the design were fair, in percent."""
    players = int(summary["players"])
    return 100 / players if players >= 2 else None


def _reference(batches: Sequence[PlaytestBatch]) -> tuple[float | None, str]:
    fair = fair_share(batches[-1].summary) if batches else None
    return fair, "" if fair is None else f"fair share {fair:.0f}%"


def seats_chart(batches: Sequence[PlaytestBatch]) -> BarChartData:
    """Win rate per seat, each batch's bars beside the other's."""
    seats = sorted({int(s["seat"]) for b in batches for s in b.summary["seats"]})
    sets = []
    for batch in batches:
        by_seat = {int(s["seat"]): s for s in batch.summary["seats"]}
        bars = []
        for seat in seats:
            entry = by_seat.get(seat)
            what = f"{batch.label}, seat {seat} ({entry['bot']} bot)" if entry else ""
            bars.append(_rate_bar(entry["wins"], what) if entry else None)
        sets.append(BarSet(batch.label, tuple(bars)))
    fair, said = _reference(batches)
    return BarChartData(
        "Win rate per seat (95% interval)",
        tuple(f"Seat {seat}" for seat in seats),
        tuple(f"seat {seat}" for seat in seats),
        tuple(sets),
        axis="wins, % of games",
        reference=fair,
        reference_label=said,
    )


def factions_chart(batches: Sequence[PlaytestBatch]) -> BarChartData | None:
    """Win rate per faction (or side), by name; None when no batch played factions."""
    ids: list[str] = []
    for batch in reversed(batches):  # the current batch's order, then the baseline's others
        ids += [f["faction"] for f in batch.summary["factions"] if f["faction"] not in ids]
    if not ids:
        return None
    sets = []
    for batch in batches:
        by_id = {f["faction"]: f["wins"] for f in batch.summary["factions"]}
        bars = tuple(
            _rate_bar(by_id[i], f"{batch.label}, {batch.name(i)}") if i in by_id else None
            for i in ids
        )
        sets.append(BarSet(batch.label, bars))
    fair, said = _reference(batches)
    return BarChartData(
        "Win rate per faction (95% interval)",
        tuple(_name(batches, i) for i in ids),
        tuple(ids),
        tuple(sets),
        axis="wins, % of seats played",
        reference=fair,
        reference_label=said,
    )


def _name(batches: Sequence[PlaytestBatch], identifier: str) -> str:
    for batch in reversed(batches):
        if identifier in batch.names:
            return batch.name(identifier)
    return identifier


#: Most bars a game-length histogram has: longer spans are grouped into bins.
MOST_BARS = 20
#: The bin widths a histogram may group rounds by, narrowest first.
BIN_WIDTHS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)


def length_bins(lengths: Sequence[int]) -> list[tuple[int, int]]:
    """The histogram's bars as (first, last) rounds: one per length when they are few, else
    bins of a round width starting on a multiple of it, at most :data:`MOST_BARS`."""
    if not lengths:
        return []
    low, high = min(lengths), max(lengths)
    width = next((w for w in BIN_WIDTHS if high // w - low // w + 1 <= MOST_BARS), BIN_WIDTHS[-1])
    start = low // width * width
    return [(a, a + width - 1) for a in range(start, high + 1, width)]


def length_chart(batches: Sequence[PlaytestBatch]) -> BarChartData:
    """Game length as a histogram: the share of each batch's games that lasted so many
    rounds (shares, so batches of different sizes compare); long spans in bins."""
    lengths = sorted({int(k) for b in batches for k in b.summary["rounds"]["histogram"]})
    bins = length_bins(lengths)
    # a bin is named by its first round on the axis, by its span in the tooltip
    labels = [str(a) if a == b else f"{a}\u2013{b}" for a, b in bins]
    width = bins[0][1] - bins[0][0] + 1 if bins else 1
    binned = f", bins of {width}" if width > 1 else ""
    sets = []
    for batch in batches:
        counts = {int(k): int(v) for k, v in batch.summary["rounds"]["histogram"].items()}
        total = sum(counts.values())
        bars = []
        for (first, last), said in zip(bins, labels, strict=True):
            count = sum(c for rounds, c in counts.items() if first <= rounds <= last)
            share = 100 * count / total if total else 0.0
            tip = f"{batch.label}: {count} of {total} games ({share:.1f}%) lasted {said} rounds"
            bars.append(Bar(share, share, share, tip) if total else None)
        sets.append(BarSet(batch.label, tuple(bars)))
    means = ", ".join(f"{b.label} {mean_interval(b.summary['rounds'])}" for b in batches)
    return BarChartData(
        "Game length in rounds",
        tuple(str(a) for a, _ in bins),
        tuple(labels),
        tuple(sets),
        axis="% of games",
        category_axis=f"rounds{binned}; mean: {means}" if batches else "rounds",
        whiskers=False,
    )


# --- one stacked bar of endings ----------------------------------------------------------


@dataclass(frozen=True)
class Segment:
    """One way games ended: its share of each batch's games (percent) and tooltips."""

    label: str
    key: str
    values: tuple[float, ...]
    tooltips: tuple[str, ...]


@dataclass(frozen=True)
class StackChartData:
    """One stacked bar per batch (``bars``), made of the same segments."""

    title: str
    bars: tuple[str, ...]
    segments: tuple[Segment, ...]


def endings_chart(batches: Sequence[PlaytestBatch]) -> StackChartData:
    """How games ended: one bar per batch, a segment per ending."""
    reasons: list[str] = []
    for batch in reversed(batches):
        reasons += [r for r in batch.summary["endings"] if r not in reasons]
    segments = []
    for reason in reasons:
        values, tips = [], []
        for batch in batches:
            rate = batch.summary["endings"].get(reason)
            values.append(100 * rate["rate"] if rate else 0.0)
            said = rate_detail(rate) if rate else f"none of {batch.summary['finished']} games"
            tips.append(f"{batch.label}, ended by {_ending(batches, reason)}: {said}")
        segments.append(Segment(_ending(batches, reason), reason, tuple(values), tuple(tips)))
    return StackChartData("How games ended", tuple(b.label for b in batches), tuple(segments))


def _ending(batches: Sequence[PlaytestBatch], reason: str) -> str:
    named = _name(batches, reason)
    return named if named != reason else words(reason)


# --- lines over the rounds ------------------------------------------------------------------


@dataclass(frozen=True)
class Point:
    """One round's value on a line, with its 95% interval and a tooltip."""

    x: int
    y: float
    low: float
    high: float
    tooltip: str = ""


@dataclass(frozen=True)
class Line:
    """One measure of one batch over the rounds."""

    label: str
    batch: str
    points: tuple[Point, ...]
    #: Drawn dashed: the baseline's lines.
    dashed: bool = False


@dataclass(frozen=True)
class LineChartData:
    """A game's per-round section as lines: a line per mean or rate column and batch."""

    title: str
    lines: tuple[Line, ...]
    note: str = ""
    #: Whether the values are rates, drawn in percent.
    percent: bool = False


def section_kind(section: Mapping[str, Any]) -> str:
    """How a game's section is drawn: ``per-round`` lines, else a ``table``."""
    return PER_ROUND if section.get("kind") == PER_ROUND else "table"


def sections_of_kind(batches: Sequence[PlaytestBatch], kind: str) -> list[str]:
    """The titles of the sections of one kind in any batch: the current batch's order first,
    then the baseline's others."""
    titles: list[str] = []
    for batch in reversed(batches):
        for section in batch.summary["sections"]:
            if section_kind(section) == kind and section["title"] not in titles:
                titles.append(section["title"])
    return titles


def section_of(batch: PlaytestBatch, title: str) -> Mapping[str, Any] | None:
    """A batch's section with this title, if it has one."""
    return next((s for s in batch.summary["sections"] if s["title"] == title), None)


def round_charts(batches: Sequence[PlaytestBatch]) -> list[LineChartData]:
    """Every per-round section of the batches as a chart of lines."""
    return [round_chart(batches, title) for title in sections_of_kind(batches, PER_ROUND)]


def round_chart(batches: Sequence[PlaytestBatch], title: str) -> LineChartData:
    """One per-round section: for each batch, a line per mean or rate column."""
    lines = []
    note = ""
    percent = False
    for batch in batches:
        section = section_of(batch, title)
        if section is None:
            continue
        note = section.get("note", note)
        for column in _columns(section):
            points = []
            for x, row in enumerate(section["rows"], start=1):
                point = _point(row["cells"].get(column), x, f"{batch.label}, {row['label']}")
                if point is not None:
                    points.append(point)
                    percent = percent or "rate" in row["cells"][column]
            if points:
                dashed = batch.label == BASELINE
                lines.append(Line(column, batch.label, tuple(points), dashed))
    return LineChartData(title, tuple(lines), note, percent)


def _columns(section: Mapping[str, Any]) -> list[str]:
    listed = section["columns"] or sorted({c for r in section["rows"] for c in r["cells"]})
    return [
        c
        for c in listed
        if any(
            "mean" in r["cells"].get(c, {}) or "rate" in r["cells"].get(c, {})
            for r in section["rows"]
        )
    ]


def _point(cell: Mapping[str, Any] | None, x: int, where: str) -> Point | None:
    if cell is None:
        return None
    if "mean" in cell and cell["mean"]["n"]:
        mean = cell["mean"]
        low, high = mean["ci95"]
        return Point(x, mean["mean"], low, high, f"{where}: {mean_detail(mean)}")
    if "rate" in cell and cell["rate"]["trials"]:
        rate = cell["rate"]
        low, high = rate["ci95"]
        tip = f"{where}: {rate_detail(rate)}"
        return Point(x, 100 * rate["rate"], 100 * low, 100 * high, tip)
    return None


def describe_batch(summary: Mapping[str, Any], layout_name: str = "") -> str:
    """A batch in a line: ``200 games on Crustacean, 4 players, heuristic bots, seed 0``."""
    games = int(summary["finished"])
    where = f" on {layout_name}" if layout_name else ""
    bots = sorted(set(summary["bots"]))
    played = f"{', '.join(bots)} bot{'s' * (len(summary['bots']) != 1)}"
    modules = f", modules {', '.join(summary['modules'])}" if summary["modules"] else ""
    return (
        f"{games} game{'s' * (games != 1)}{where}, {summary['players']} players, {played}"
        f"{modules}, seed {summary['seed']}"
    )
