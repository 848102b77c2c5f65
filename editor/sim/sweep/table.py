"""A sweep's results as text tables (each measure, with its 95% interval, per value) and
as JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from editor.sim.sweep.measures import Measure
from editor.sim.sweep.plan import place
from editor.sim.sweep.run import Played, Sweep

#: Combinations side by side in one text table; more make another table below.
COLUMNS = 4


def to_json(sweep: Sweep, played: Sequence[Played]) -> dict[str, Any]:
    """Everything a sweep found, the same for the same command (no times, no paths of this
    machine)."""
    plan = sweep.plan
    return {
        "layout": sweep.ready.layout.id,
        "game": sweep.ready.game_id,
        "seed": plan.seed,
        "games": plan.games,
        "players": plan.players,
        "bots": list(plan.bots),
        "modules": sorted(plan.modules),
        "factions": plan.faction_mode if plan.faction_mode != "fixed" else list(plan.factions),
        "varies": [
            {
                "path": vary.path,
                "place": place(vary.location),
                "written": vary.location.value,
                "values": [value.number for value in vary.values],
            }
            for vary in sweep.varies
        ],
        "combinations": [
            {
                "values": p.combination.values(),
                "seed": p.seed,
                "finished": p.summary["finished"],
                "rerun": p.rerun,
                "measures": [m.to_json() for m in p.measures],
                "errors": p.summary["errors"],
            }
            for p in played
        ],
    }


def cell(measure: Measure | None) -> str:
    """``52.0% [40.1, 63.7]`` for a rate, ``5.90 [5.71, 6.09]`` for a mean; ``-`` for none."""
    if measure is None or not measure.n:
        return "-"
    if measure.kind == "rate":
        return f"{100 * measure.value:.1f}% [{100 * measure.low:.1f}, {100 * measure.high:.1f}]"
    return f"{measure.value:.2f} [{measure.low:.2f}, {measure.high:.2f}]"


def _grid(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    lines = []
    for row in (header, *rows):
        cells = [
            f"{x:<{w}}" if i == 0 else f"{x:>{w}}"
            for i, (x, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def text(sweep: Sweep, played: Sequence[Played]) -> str:
    """Each group of measures as a table: a row per measure, a column per combination."""
    plan = sweep.plan
    names = ", ".join(vary.path for vary in sweep.varies)
    lines = [
        f"{sweep.ready.layout.id}: {len(played)} combinations of {names},"
        f" {plan.games} games each; {plan.players} players, seed {plan.seed}",
    ]
    for vary in sweep.varies:
        lines.append(f"  {vary.path} is {vary.location.value} at {vary.location.where}")
    groups: dict[str, list[str]] = {}
    for p in played:
        for m in p.measures:
            names_in = groups.setdefault(m.group, [])
            if m.name not in names_in:
                names_in.append(m.name)
    lookup = [{m.name: m for m in p.measures} for p in played]
    for group, measure_names in groups.items():
        for start in range(0, len(played), COLUMNS):
            shown = range(start, min(start + COLUMNS, len(played)))
            header = [group, *(_label(sweep, played[i]) for i in shown)]
            rows = [[name, *(cell(lookup[i].get(name)) for i in shown)] for name in measure_names]
            lines += ["", *_grid(header, rows)]
    failed = sum(len(p.summary["errors"]) for p in played)
    if failed:
        lines += ["", f"{failed} games failed (see --json for their seeds)"]
    return "\n".join(lines)


def _label(sweep: Sweep, played: Played) -> str:
    if len(sweep.varies) == 1:
        return played.combination.settings[0][1].text
    return " ".join(value.text for _vary, value in played.combination.settings)
