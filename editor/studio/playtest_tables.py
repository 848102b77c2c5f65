"""A game's table sections as the playtest view's sortable tables, without Qt.

Each row leads with a name (the id, when a pack names it, goes to the tooltip); each figure
is one line, right-aligned, sorted by its number: a count, a mean or a rate with the
half-width of its 95% interval (``27.5% ±6.3``). With a baseline pinned, every mean or rate
column is followed by the baseline's figure and the change, marked when its interval
excludes zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from editor.sim.compare import Difference, mean_difference, rate_difference, signed, verdict
from editor.studio.playtest_data import (
    BASELINE,
    PER_ROUND,
    PlaytestBatch,
    batches_of,
    mean_detail,
    mean_interval,
    rate_detail,
    rate_interval,
    section_of,
    sections_of_kind,
)
from editor.studio.playtest_names import label_name, words

#: How a missing figure sorts: below every number.
MISSING = float("-inf")


@dataclass(frozen=True)
class Cell:
    """One cell: its one-line text, what it sorts by, its tooltip, whether it is a figure
    (right-aligned) and whether it stands out (a change beyond chance)."""

    text: str
    sort: float | str
    tooltip: str = ""
    numeric: bool = True
    strong: bool = False


@dataclass(frozen=True)
class TableData:
    """A section as a table: headers (with tooltips), rows of cells, and each row's key."""

    title: str
    headers: tuple[str, ...]
    header_tips: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    keys: tuple[str, ...]
    note: str = ""


def figure(cell: Mapping[str, Any] | None) -> Cell:
    """One figure of a section (count, mean, rate or histogram) as a cell."""
    if cell is None:
        return Cell("", MISSING)
    if "rate" in cell:
        rate = cell["rate"]
        sort = rate["rate"] if rate["trials"] else MISSING
        return Cell(rate_interval(rate), sort, rate_detail(rate))
    if "mean" in cell:
        mean = cell["mean"]
        return Cell(mean_interval(mean), mean["mean"] if mean["n"] else MISSING, mean_detail(mean))
    if "count" in cell:
        return Cell(str(cell["count"]), float(cell["count"]))
    histogram = cell["histogram"]
    text = " ".join(f"{k}:{v}" for k, v in histogram.items())
    return Cell(text, float(sum(histogram.values())), text)


def change_cell(difference: Difference | None) -> Cell:
    """The change from the baseline: ``−12.0 ±5.1`` (percentage points for a rate)."""
    if difference is None:
        return Cell("", MISSING)
    d = difference
    scale, unit = (100, " points") if d.kind == "rate" else (1, "")
    digits = 1 if d.kind == "rate" else 2
    text = f"{signed(scale * d.change, digits)} ±{scale * d.margin:.{digits}f}"
    tip = (
        f"{scale * d.change:+.{digits}f}{unit}, 95% interval {scale * d.low:.{digits}f} to"
        f" {scale * d.high:.{digits}f}: {verdict(d)}"
    )
    return Cell(text, scale * d.change, tip, strong=d.excludes_zero)


def _columns(section: Mapping[str, Any]) -> list[str]:
    return list(section["columns"]) or sorted({c for r in section["rows"] for c in r["cells"]})


def _compared(cell: Mapping[str, Any] | None, was: Mapping[str, Any] | None) -> bool:
    return (
        cell is not None
        and was is not None
        and (("rate" in cell and "rate" in was) or ("mean" in cell and "mean" in was))
    )


def section_table(current: PlaytestBatch, title: str, baseline: PlaytestBatch | None) -> TableData:
    """One section of the current batch (or the baseline's alone), with the baseline's
    figures and the changes beside each mean or rate when both batches have the section."""
    section = section_of(current, title)
    before = section_of(baseline, title) if baseline is not None else None
    owner = current if section is not None else baseline
    assert owner is not None
    return make_table(title, section, before, owner)


def make_table(
    title: str,
    section: Mapping[str, Any] | None,
    before: Mapping[str, Any] | None,
    owner: PlaytestBatch,
) -> TableData:
    """A section as a table (``before``, the baseline's, beside it); a section only the
    baseline has is shown alone. ``owner`` names the rows' ids; a row may carry its own
    ``name``."""
    shown = section if section is not None else before
    assert shown is not None, f"no section {title!r} in either batch"
    old_rows = {r["label"]: r["cells"] for r in before["rows"]} if before and section else {}
    columns = _columns(shown)
    compared = [
        c
        for c in columns
        if section is not None
        and before is not None
        and any(_interval(r["cells"].get(c)) for r in shown["rows"])
    ]
    headers, tips = [""], ["names; the id is in each name's tooltip"]
    for column in columns:
        headers.append(column)
        tips.append(column)
        if column in compared:
            headers += [BASELINE, "change"]
            tips += [
                f"{column} in the baseline",
                f"{column}: this batch minus the baseline, ± how far its 95% interval reaches"
                " toward zero; bold when the interval excludes zero",
            ]
    rows, keys = [], []
    for row in shown["rows"]:
        label = str(row["label"])
        name = str(row.get("name") or label_name(owner.names, label))
        cells = [Cell(name, name.lower(), label if name != label else "", numeric=False)]
        old = old_rows.get(label, {})
        for column in columns:
            cell = row["cells"].get(column)
            cells.append(figure(cell))
            if column in compared:
                was = old.get(column)
                cells.append(figure(was) if was is not None else Cell("", MISSING))
                cells.append(change_cell(_difference(was, cell) if _compared(cell, was) else None))
        rows.append(tuple(cells))
        keys.append(label)
    if section is None:
        title = f"{title} ({BASELINE} only)"
    return TableData(
        title, tuple(headers), tuple(tips), tuple(rows), tuple(keys), str(shown.get("note", ""))
    )


def _interval(cell: Mapping[str, Any] | None) -> bool:
    return cell is not None and ("rate" in cell or "mean" in cell)


def _difference(was: Any, cell: Any) -> Difference | None:
    if "rate" in cell:
        return rate_difference(was["rate"], cell["rate"])
    return mean_difference(was["mean"], cell["mean"])


def table_sections(
    current: PlaytestBatch | None, baseline: PlaytestBatch | None
) -> list[TableData]:
    """Every table section of the batches (the current batch's, then any only the baseline
    has), as tables."""
    batches = batches_of(current, baseline)
    lead = current if current is not None else baseline
    if lead is None:
        return []
    other = baseline if current is not None else None
    return [section_table(lead, title, other) for title in sections_of_kind(batches, "table")]


def shared_sections(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What every summary has (win rates per seat and per faction, game length, endings) as
    sections in the summary's own cell format, so they are tabled like the game's."""
    seats = [
        {
            "label": f"seat {s['seat']}",
            "name": f"Seat {s['seat']} ({s['bot']})",
            "cells": {"win rate": {"rate": s["wins"]}},
        }
        for s in summary["seats"]
    ]
    out: list[dict[str, Any]] = [
        {"title": "Win rate per seat", "columns": ["win rate"], "rows": seats}
    ]
    if summary["factions"]:
        factions = [
            {"label": f["faction"], "cells": {"win rate": {"rate": f["wins"]}}}
            for f in summary["factions"]
        ]
        out.append({"title": "Win rate per faction", "columns": ["win rate"], "rows": factions})
    lengths = [
        {
            "label": "mean",
            "name": "all games",
            "cells": {
                "rounds": {"mean": summary["rounds"]},
                "games": {"count": summary["finished"]},
            },
        }
    ]
    histogram = sorted(summary["rounds"]["histogram"].items(), key=lambda kv: int(kv[0]))
    lengths += [{"label": f"{k} rounds", "cells": {"games": {"count": v}}} for k, v in histogram]
    out.append({"title": "Game length in rounds", "columns": ["rounds", "games"], "rows": lengths})
    endings = [
        {"label": reason, "name": words(reason), "cells": {"share of games": {"rate": rate}}}
        for reason, rate in summary["endings"].items()
    ]
    out.append({"title": "How games ended", "columns": ["share of games"], "rows": endings})
    return out


def report_tables(current: PlaytestBatch | None, baseline: PlaytestBatch | None) -> list[TableData]:
    """Every figure of the batches as tables: what every summary has, then each of the
    game's sections (per-round ones too), the baseline's beside the current batch's."""
    lead = current if current is not None else baseline
    if lead is None:
        return []
    other = baseline if current is not None else None
    tables = []
    before = {s["title"]: s for s in shared_sections(other.summary)} if other else {}
    for section in shared_sections(lead.summary):
        tables.append(make_table(section["title"], section, before.get(section["title"]), lead))
    for title in sections_of_kind(batches_of(current, baseline), PER_ROUND) + sections_of_kind(
        batches_of(current, baseline), "table"
    ):
        tables.append(section_table(lead, title, other))
    return tables
