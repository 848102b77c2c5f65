"""Two batches compared: every rate and mean of one summary beside the other's, with the
difference and its 95% interval.

Game-free and Qt-free: both sides are :func:`editor.sim.summary.summarize` output. Rates
(counts out of trials) differ by Newcombe's hybrid score interval, which is built from each
side's Wilson interval (Newcombe 1998, method 10): like the Wilson interval it stays sensible
at 0% and 100% and for a few games. Means differ by Welch's t interval, which does not
assume both batches spread alike. A difference whose whole interval lies on one side of zero
is one a playtester may trust; one whose interval holds zero could be chance.

>>> d = rate_difference({"successes": 43, "trials": 100}, {"successes": 31, "trials": 100})
>>> difference_text(d, "Pirates")
'Pirates: 43% → 31%, −12 ±13'
>>> d.excludes_zero
False
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from editor.sim.stats import t95, wilson
from editor.sim.summary import format_summary

#: The groups every summary has, in the order they are compared.
SEATS, FACTIONS, LENGTH, ENDINGS = "seats", "factions", "game length", "endings"
#: The minus sign differences are written with (a hyphen reads as a dash in a sentence).
MINUS = "\u2212"

Kind = Literal["rate", "mean"]


@dataclass(frozen=True, slots=True)
class Difference:
    """One measure in two batches: ``before`` (the baseline), ``after`` and the 95% interval
    ``low``..``high`` of ``after - before``. Rates are fractions (0.43), not percents."""

    #: Where the measure lives: :data:`SEATS`, :data:`FACTIONS`, :data:`LENGTH`,
    #: :data:`ENDINGS`, or a game's section title.
    group: str
    #: What it is within the group: a seat number, a faction id, an ending, a row label.
    key: str
    kind: Kind
    before: float
    after: float
    low: float
    high: float
    #: The section's column the measure is in ("" for the groups every summary has).
    column: str = ""

    @property
    def change(self) -> float:
        """``after - before``."""
        return self.after - self.before

    @property
    def margin(self) -> float:
        """The ``±`` of the change: how far its interval reaches from it toward zero.

        The interval need not be symmetric (a rate near 0% or 100% moves less one way), and
        the side toward zero is the one that says whether the change could be chance: the
        change is beyond chance exactly when it is larger than this margin."""
        if self.change > 0:
            return self.change - self.low
        if self.change < 0:
            return self.high - self.change
        return max(self.high, -self.low)

    @property
    def excludes_zero(self) -> bool:
        """Whether the whole interval lies on one side of zero (not chance, at 95%)."""
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "group": self.group,
            "key": self.key,
            "column": self.column,
            "kind": self.kind,
            "before": round(self.before, 6),
            "after": round(self.after, 6),
            "change": round(self.change, 6),
            "ci95": [round(self.low, 6), round(self.high, 6)],
            "excludes_zero": self.excludes_zero,
        }


def newcombe(before: tuple[int, int], after: tuple[int, int]) -> tuple[float, float]:
    """The 95% interval of ``after - before`` for two rates given as (successes, trials),
    from their Wilson intervals (Newcombe's method 10)."""
    first, second = wilson(*before), wilson(*after)
    change = second.rate - first.rate
    low = change - math.hypot(second.rate - second.low, first.high - first.rate)
    high = change + math.hypot(second.high - second.rate, first.rate - first.low)
    return max(-1.0, low), min(1.0, high)


def welch(
    before: tuple[int, float, float], after: tuple[int, float, float]
) -> tuple[float, float] | None:
    """The 95% interval of ``after - before`` for two means given as (n, mean, sd), by
    Welch's t; None when either side has fewer than two values (no spread to judge by)."""
    (n1, m1, s1), (n2, m2, s2) = before, after
    if n1 < 2 or n2 < 2:
        return None
    v1, v2 = s1 * s1 / n1, s2 * s2 / n2
    change = m2 - m1
    if v1 + v2 == 0:
        return change, change
    # Welch-Satterthwaite degrees of freedom, rounded down (the safer side)
    df = (v1 + v2) ** 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))
    half = t95(max(1, math.floor(df))) * math.sqrt(v1 + v2)
    return change - half, change + half


def rate_difference(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    group: str = "",
    key: str = "",
    column: str = "",
) -> Difference | None:
    """Two rates of a summary (``{"successes", "trials", ...}``) compared; None when either
    has no trials."""
    b = int(before["successes"]), int(before["trials"])
    a = int(after["successes"]), int(after["trials"])
    if not b[1] or not a[1]:
        return None
    low, high = newcombe(b, a)
    return Difference(group, key, "rate", b[0] / b[1], a[0] / a[1], low, high, column)


def mean_difference(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    group: str = "",
    key: str = "",
    column: str = "",
) -> Difference | None:
    """Two means of a summary (``{"n", "mean", "sd", ...}``) compared; None when either
    has fewer than two values."""
    b = int(before["n"]), float(before["mean"]), float(before["sd"])
    a = int(after["n"]), float(after["mean"]), float(after["sd"])
    interval = welch(b, a)
    if interval is None:
        return None
    return Difference(group, key, "mean", b[1], a[1], *interval, column)


def compare(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Difference]:
    """Every measure two summaries share, compared: win rates per seat and per faction, game
    length, how games ended, and each rate and mean of the game's sections (matched by
    section title, row label and column)."""
    out: list[Difference] = []
    seats = {str(s["seat"]): s["wins"] for s in before["seats"]}
    for seat in after["seats"]:
        if (was := seats.get(str(seat["seat"]))) is not None:
            out += _some(rate_difference(was, seat["wins"], SEATS, str(seat["seat"])))
    factions = {f["faction"]: f["wins"] for f in before["factions"]}
    for faction in after["factions"]:
        if (was := factions.get(faction["faction"])) is not None:
            out += _some(rate_difference(was, faction["wins"], FACTIONS, faction["faction"]))
    out += _some(mean_difference(before["rounds"], after["rounds"], LENGTH, "rounds"))
    out += _endings(before, after)
    sections = {s["title"]: s for s in before["sections"]}
    for section in after["sections"]:
        if (old := sections.get(section["title"])) is not None:
            out += _section(old, section)
    return out


def _some(difference: Difference | None) -> list[Difference]:
    return [] if difference is None else [difference]


def _endings(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Difference]:
    """Each way a game ended in either batch; a way one batch never saw is 0 of its games."""
    reasons = list(before["endings"]) + [r for r in after["endings"] if r not in before["endings"]]
    out: list[Difference] = []
    for reason in reasons:
        b = before["endings"].get(reason, {"successes": 0, "trials": before["finished"]})
        a = after["endings"].get(reason, {"successes": 0, "trials": after["finished"]})
        out += _some(rate_difference(b, a, ENDINGS, reason))
    return out


def _section(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Difference]:
    rows = {row["label"]: row["cells"] for row in before["rows"]}
    out: list[Difference] = []
    for row in after["rows"]:
        old = rows.get(row["label"])
        if old is None:
            continue
        for column, cell in row["cells"].items():
            was = old.get(column)
            if was is None:
                continue
            if "rate" in cell and "rate" in was:
                found = rate_difference(
                    was["rate"], cell["rate"], after["title"], row["label"], column
                )
            elif "mean" in cell and "mean" in was:
                found = mean_difference(
                    was["mean"], cell["mean"], after["title"], row["label"], column
                )
            else:
                continue
            out += _some(found)
    return out


def signed(value: float, digits: int) -> str:
    """A change with its sign (``+5``, ``−12``), none on one that rounds to nothing."""
    text = f"{abs(value):.{digits}f}"
    if float(text) == 0:  # no sign on a change that rounds to nothing
        return text
    return ("+" if value > 0 else MINUS) + text


def difference_text(difference: Difference, name: str) -> str:
    """``Pirates: 43% → 31%, −12 ±5``: the measure before and after, the change and its
    :attr:`~Difference.margin` (in percentage points for a rate)."""
    d = difference
    if d.kind == "rate":
        # whole points, unless the interval is so narrow that a decimal tells something
        digits = 0 if 100 * d.margin >= 1 else 1
        was, now = f"{100 * d.before:.{digits}f}%", f"{100 * d.after:.{digits}f}%"
        change = f"{signed(100 * d.change, digits)} ±{100 * d.margin:.{digits}f}"
    else:
        digits = 2 if d.margin < 1 else 1
        was, now = f"{d.before:.{digits}f}", f"{d.after:.{digits}f}"
        change = f"{signed(d.change, digits)} ±{d.margin:.{digits}f}"
    return f"{name}: {was} → {now}, {change}"


def verdict(difference: Difference) -> str:
    """Whether the change is beyond chance, in words."""
    if difference.excludes_zero:
        return "its 95% interval excludes zero"
    return "could be chance (its 95% interval holds zero)"


def default_name(difference: Difference) -> str:
    """How a difference is named without the packs' names: the seat, faction or ending id,
    or the section's row and column."""
    d = difference
    if d.group == SEATS:
        return f"seat {d.key}"
    if d.group == LENGTH:
        return "game length in rounds"
    if d.group == ENDINGS:
        return f"ended by {d.key}"
    if d.column:
        return f"{d.group}, {d.key}, {d.column}"
    return d.key


def comparison_lines(
    differences: Iterable[Difference], names: Mapping[str, str] | None = None
) -> list[str]:
    """One line per difference, ``Pirates: 43% → 31%, −12 ±5 (its 95% interval excludes
    zero)``; faction and row ids are given their names from ``names`` when it has them."""
    names = names or {}
    lines = []
    for d in differences:
        name = default_name(d)
        if d.group == FACTIONS:
            name = names.get(d.key, d.key)
        elif d.column and d.key in names:
            name = f"{d.group}, {names[d.key]}, {d.column}"
        lines.append(f"{difference_text(d, name)} ({verdict(d)})")
    return lines


def format_comparison(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    *,
    before_name: str = "baseline",
    after_name: str = "this batch",
) -> str:
    """The comparison as text for a terminal: a heading, then the shared groups and each
    section, differences beyond chance marked with ``*``."""
    differences = compare(before, after)
    lines = [
        f"Compared: {before_name} ({before['finished']} games) → {after_name}"
        f" ({after['finished']} games); change with its 95% interval, * beyond chance"
    ]
    groups: dict[str, list[Difference]] = {}
    for d in differences:
        groups.setdefault(d.group, []).append(d)
    for group, found in groups.items():
        lines.append("")
        lines.append(group[:1].upper() + group[1:])
        for d, line in zip(found, _short_lines(found), strict=True):
            lines.append(f"  {'*' if d.excludes_zero else ' '} {line}")
    if not differences:
        lines.append("  (the two batches share no measure to compare)")
    return "\n".join(lines)


def _short_lines(differences: Sequence[Difference]) -> list[str]:
    out = []
    for d in differences:
        name = default_name(d)
        if d.column:
            name = f"{d.key}, {d.column}"
        out.append(difference_text(d, name))
    return out


def comparison_json(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every difference as plain data, for ``--json``."""
    return [d.to_json() for d in compare(before, after)]


def compare_output(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    *,
    before_name: str,
    after_name: str,
    as_json: bool = False,
) -> str:
    """What ``seastack simulate A --compare B`` prints: both summaries and the changes from
    A to B, as text, or as one JSON object (``before``, ``after``, ``changes``)."""
    if as_json:
        data = {"before": before, "after": after, "changes": comparison_json(before, after)}
        return json.dumps(data, indent=2)
    return "\n\n".join(
        (
            f"{before_name}\n{format_summary(before)}",
            f"{after_name}\n{format_summary(after)}",
            format_comparison(before, after, before_name=before_name, after_name=after_name),
        )
    )
