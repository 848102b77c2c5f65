"""The Simulator dock's results as HTML: win rates with intervals, game length, endings and
the game's sections, from a batch summary (:func:`editor.sim.summary.summarize`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

#: Width of the longest bar of the game-length histogram, in characters.
BAR_WIDTH = 24


def rate_text(data: Mapping[str, Any]) -> str:
    """``52.0% [40.1, 63.7] (26/50)``, or ``-`` with no trials."""
    trials = data["trials"]
    if not trials:
        return "-"
    low, high = data["ci95"]
    return (
        f"{100 * data['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        f" ({data['successes']}/{trials})"
    )


def mean_text(data: Mapping[str, Any]) -> str:
    """``5.90 [5.71, 6.09]``, or ``-`` with no values."""
    if not data["n"]:
        return "-"
    low, high = data["ci95"]
    return f"{data['mean']:.2f} [{low:.2f}, {high:.2f}]"


def cell_text(cell: Mapping[str, Any] | None) -> str:
    """One cell of a game's section as text."""
    if cell is None:
        return ""
    if "rate" in cell:
        return rate_text(cell["rate"])
    if "mean" in cell:
        return mean_text(cell["mean"])
    if "count" in cell:
        return str(cell["count"])
    return " ".join(f"{k}:{v}" for k, v in cell.get("histogram", {}).items())


def _table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th align='left'>{escape(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<h4>{escape(title)}</h4><table cellspacing='6'><tr>{head}</tr>{body}</table>"


def histogram_rows(histogram: Mapping[str, int]) -> list[tuple[str, str]]:
    """Game length histogram rows: rounds, a bar and the count."""
    if not histogram:
        return []
    top = max(histogram.values())
    rows = []
    for rounds, count in sorted(histogram.items(), key=lambda kv: int(kv[0])):
        bar = "█" * max(1, round(BAR_WIDTH * count / top))
        rows.append((rounds, f"{bar} {count}"))
    return rows


def summary_html(summary: Mapping[str, Any]) -> str:
    """The whole report."""
    parts = [
        _table(
            "Win rate per seat (95% interval)",
            ("seat", "bot", "win rate"),
            [(str(s["seat"]), s["bot"], rate_text(s["wins"])) for s in summary["seats"]],
        )
    ]
    if summary["factions"]:
        parts.append(
            _table(
                "Win rate per faction",
                ("faction", "win rate"),
                [(f["faction"], rate_text(f["wins"])) for f in summary["factions"]],
            )
        )
    parts.append(
        _table(
            f"Game length in rounds: {mean_text(summary['rounds'])}",
            ("rounds", "games"),
            histogram_rows(summary["rounds"]["histogram"]),
        )
    )
    parts.append(
        _table(
            "How games ended",
            ("ending", "share"),
            [(k, rate_text(v)) for k, v in summary["endings"].items()],
        )
    )
    for section in summary["sections"]:
        columns = section["columns"] or sorted({c for r in section["rows"] for c in r["cells"]})
        rows = [
            (row["label"], *(cell_text(row["cells"].get(c)) for c in columns))
            for row in section["rows"]
        ]
        parts.append(_table(section["title"], ("", *columns), rows))
        if section.get("note"):
            parts.append(f"<p><i>{escape(section['note'])}</i></p>")
    return "".join(parts)
