"""Summaries of a batch: what every game shares, plus the sections a game's metrics add.

A game may register a ``metrics`` object (``editor.core.engine.Metrics``) offering
``measure(events, outcome, spec) -> dict`` (run in the worker, per match) and
``summarize(games) -> list[section]`` over the matches' ``GameResult.to_json()`` records.
Games cannot import the simulator, so sections are plain data: ``{"title", "columns",
"rows": [{"label", "cells": {column: cell}}], "note"?}`` where a cell is ``{"count": n}``,
``{"rate": [successes, trials]}`` (shown with a Wilson interval), ``{"values": [...]}``
(shown as a mean with its t interval) or ``{"histogram": {value: count}}``. A section may
say its ``"kind"``: ``"per-round"`` when its rows are rounds 1, 2, 3... in order (the editor
draws its means and rates as lines over the rounds); without one it is a table. The
simulator turns them into intervals and text here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core import registry
from editor.core.engine import Metrics
from editor.sim.runner import BatchPlan, GameResult
from editor.sim.stats import bar_lines, histogram, mean_ci, wilson


def game_metrics(game_id: str) -> Metrics | None:
    """The metrics the game registered, if it has any."""
    game = registry.playable(game_id)
    return game.metrics if game is not None else None


def summarize(
    results: Sequence[GameResult],
    plan: BatchPlan,
    metrics: Metrics | None = None,
    *,
    meta: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON-ready summary of a batch (results in index order, for stable output)."""
    ordered = sorted(results, key=lambda r: r.index)
    finished = [r for r in ordered if r.ok]
    seats = []
    for seat in range(plan.players):
        wins = sum(seat in r.winners for r in finished)
        rate = wilson(wins, len(finished)).to_json()
        seats.append({"seat": seat + 1, "bot": plan.bots[seat], "wins": rate})
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for r in finished:
        for seat, faction in enumerate(r.factions):
            played[faction] = played.get(faction, 0) + 1
            won[faction] = won.get(faction, 0) + (seat in r.winners)
    factions = [{"faction": f, "wins": wilson(won[f], played[f]).to_json()} for f in sorted(played)]
    reasons: dict[str, int] = {}
    for r in finished:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    rounds = [r.rounds for r in finished]
    sections = []
    if metrics is not None and finished:
        sections = [_section(s) for s in metrics.summarize([r.to_json() for r in finished])]
    return {
        **(dict(meta) if meta else {}),
        "games": len(ordered),
        "finished": len(finished),
        "seed": plan.seed,
        "players": plan.players,
        "bots": list(plan.bots),
        "modules": sorted(plan.modules),
        "seats": seats,
        "factions": factions,
        "shared_wins": sum(len(r.winners) > 1 for r in finished),
        "rounds": {
            # the mean cannot exceed the longest match seen (the round limit is the engine's)
            **mean_ci(rounds, floor=0, ceiling=max(rounds, default=0)).to_json(),
            "histogram": {str(k): v for k, v in histogram(rounds).items()},
        },
        "steps": mean_ci([r.steps for r in finished], floor=0).to_json(),
        "endings": {
            reason: wilson(count, len(finished)).to_json()
            for reason, count in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))
        },
        "sections": sections,
        "errors": [
            {"index": r.index, "seed": r.seed, "factions": list(r.factions), "error": r.error}
            for r in ordered
            if not r.ok
        ],
    }


def _section(section: Mapping[str, Any]) -> dict[str, Any]:
    rows = []
    for row in section.get("rows", ()):
        cells = {column: _cell(cell) for column, cell in row.get("cells", {}).items()}
        rows.append({"label": str(row["label"]), "cells": cells})
    out: dict[str, Any] = {
        "title": str(section["title"]),
        "columns": list(section.get("columns", ())),
        "rows": rows,
    }
    if section.get("note"):
        out["note"] = str(section["note"])
    if section.get("kind"):  # how the section is drawn: "per-round" rows are rounds 1, 2...
        out["kind"] = str(section["kind"])
    return out


def _cell(cell: Mapping[str, Any]) -> dict[str, Any]:
    if "rate" in cell:
        successes, trials = cell["rate"]
        return {"rate": wilson(int(successes), int(trials)).to_json()}
    if "values" in cell:
        return {"mean": mean_ci(cell["values"], floor=0).to_json()}
    if "histogram" in cell:
        return {"histogram": {str(k): int(v) for k, v in cell["histogram"].items()}}
    if "count" in cell:
        return {"count": int(cell["count"])}
    raise ValueError(f"unknown metrics cell {dict(cell)!r}")


def rate_text(data: Mapping[str, Any]) -> str:
    """A rate with its interval and counts: ``52.0% [40.1, 63.7] (26/50)``; ``-`` for none."""
    trials = data["trials"]
    if not trials:
        return "-"
    low, high = data["ci95"]
    return (
        f"{100 * data['rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        f" ({data['successes']}/{trials})"
    )


def mean_text(data: Mapping[str, Any]) -> str:
    """A mean with its interval: ``5.90 [5.71, 6.09]``; ``-`` for no values."""
    if not data["n"]:
        return "-"
    low, high = data["ci95"]
    return f"{data['mean']:.2f} [{low:.2f}, {high:.2f}]"


def cell_text(cell: Mapping[str, Any] | None) -> str:
    """One cell of a game's section as text (empty for a missing cell)."""
    if cell is None:
        return ""
    if "rate" in cell:
        return rate_text(cell["rate"])
    if "mean" in cell:
        return mean_text(cell["mean"])
    if "count" in cell:
        return str(cell["count"])
    return " ".join(f"{k}:{v}" for k, v in cell["histogram"].items())


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(x)) for x in column) for column in zip(header, *rows, strict=True)]
    lines = []
    for line in (header, *rows):
        pairs = enumerate(zip(line, widths, strict=True))
        cells = [f"{x:<{w}}" if i == 0 else f"{x:>{w}}" for i, (x, w) in pairs]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def format_summary(summary: Mapping[str, Any]) -> str:
    """The summary as text for a terminal."""
    lines = []
    head = f"{summary['finished']} of {summary['games']} games finished"
    if "layout" in summary:
        head = f"{summary['layout']}: {head}"
    modules = ", ".join(summary["modules"]) or "none"
    lines.append(
        f"{head}; {summary['players']} players, seed {summary['seed']}, modules: {modules}"
    )
    if summary.get("packs"):
        lines.append("packs: " + ", ".join(f"{p['id']} {p['version']}" for p in summary["packs"]))
    lines.append("")
    lines.append("Win rate per seat (95% Wilson interval; a shared win counts for each winner)")
    lines += _table(
        ("seat", "bot", "win rate"),
        [(str(s["seat"]), s["bot"], rate_text(s["wins"])) for s in summary["seats"]],
    )
    if summary["factions"]:
        lines.append("")
        lines.append("Win rate per faction")
        lines += _table(
            ("faction", "win rate"),
            [(f["faction"], rate_text(f["wins"])) for f in summary["factions"]],
        )
    lines.append("")
    lines.append(f"Game length in rounds: {mean_text(summary['rounds'])}")
    lengths = {int(k): v for k, v in summary["rounds"]["histogram"].items()}
    if lengths:
        lines.append("  rounds played: games")
        lines += [f"  {line}" for line in bar_lines({f"{k:>13}:": v for k, v in lengths.items()})]
    lines.append("")
    lines.append("How games ended")
    lines += _table(("ending", "share"), [(k, rate_text(v)) for k, v in summary["endings"].items()])
    if summary["shared_wins"]:
        lines.append(f"  shared wins: {summary['shared_wins']}")
    for section in summary["sections"]:
        lines.append("")
        lines.append(section["title"])
        columns = section["columns"] or sorted({c for r in section["rows"] for c in r["cells"]})
        rows = [
            (row["label"], *(cell_text(row["cells"].get(c)) for c in columns))
            for row in section["rows"]
        ]
        lines += _table(("", *columns), rows)
        if section.get("note"):
            lines.append(f"  ({section['note']})")
    if summary["errors"]:
        lines.append("")
        lines.append(f"{len(summary['errors'])} games failed:")
        for e in summary["errors"][:20]:
            lines.append(f"  game {e['index']} (seed {e['seed']}): {e['error']}")
        if len(summary["errors"]) > 20:
            lines.append(f"  ... and {len(summary['errors']) - 20} more (see --json)")
    return "\n".join(lines)
