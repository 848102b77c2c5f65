"""The Simulator dock's results as HTML: win rates with intervals, game length, endings and
the game's sections, from a batch summary (:func:`editor.sim.summary.summarize`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from editor.sim.summary import cell_text, mean_text, rate_text

#: Width of the longest bar of the game-length histogram, in characters.
BAR_WIDTH = 24


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
