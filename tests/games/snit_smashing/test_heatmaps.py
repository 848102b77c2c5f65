"""The Snit Smashing heatmaps: where Snits are smashed and where they reach safety."""

from __future__ import annotations

import pytest

from editor.core import registry
from editor.core.workspace import Workspace
from editor.games.snit_smashing.engine import ENGINE, Prepared
from editor.games.snit_smashing.heatmaps import heatmaps, hex_labels
from editor.games.snit_smashing.metrics import METRICS
from editor.sim.runner import BatchPlan, run_batch


def _record(smashed: dict[str, int], grab: dict[str, int], sea: dict[str, int]) -> dict:
    return {
        "error": None,
        "metrics": {"smashed_at": smashed, "safe_at_snandergrab": grab, "safe_in_sea": sea},
    }


def test_the_hexes_are_named_as_the_engine_numbers_them(
    bundled: Workspace, prepared: Prepared
) -> None:
    assert hex_labels(bundled, bundled.layouts["snit-beach"]) == prepared.tables.labels


def test_counts_become_values_per_game_by_label(bundled: Workspace, prepared: Prepared) -> None:
    layout = bundled.layouts["snit-beach"]
    index = prepared.tables.index
    d4, b1 = str(index["D4"]), str(index["B1"])
    records = [
        _record({d4: 2}, {str(index["D9"]): 1}, {b1: 3}),
        _record({d4: 1, b1: 1}, {}, {}),
        {"error": "RunnerError: boom", "metrics": {}},  # a failed game counts for nothing
    ]
    maps = {m.id: m for m in heatmaps(records, bundled, layout)}
    assert set(maps) == {"smashed", "safe-snandergrab", "safe-sea"}
    smashed = maps["smashed"]
    assert smashed.games == 2 and smashed.values["D4"] == 1.5 and smashed.values["B1"] == 0.5
    assert smashed.values["A5"] == 0.0 and len(smashed.values) == len(prepared.tables.labels)
    assert smashed.high == 1.5 and smashed.low == 0.0 and smashed.hot_high
    grab = maps["safe-snandergrab"]
    assert grab.values["D9"] == 0.5 and "B1" not in grab.values  # sand only
    sea = maps["safe-sea"]
    assert set(sea.values) == {"A1", "A2", "B1", "C1", "D1", "E1", "F1", "G1", "G2"}
    assert sea.values["B1"] == 1.5
    assert heatmaps([], bundled, layout) == []


def test_real_games_fill_them(bundled: Workspace, prepared: Prepared) -> None:
    plan = BatchPlan(games=10, players=4, bots=("heuristic",) * 4, seed=2)
    results = run_batch(ENGINE, prepared, plan, measure=METRICS.measure)
    records = [r.to_json() for r in results]
    hook = registry.playable("snit-smashing").heatmaps  # type: ignore[union-attr]
    assert hook is heatmaps
    maps = {m.id: m for m in hook(records, bundled, bundled.layouts["snit-beach"])}
    smashed = sum(sum(r.metrics["trophies"]) + sum(r.metrics["own_smashed"]) for r in results)
    assert sum(maps["smashed"].values.values()) * 10 == pytest.approx(smashed)
    living = sum(sum(r.metrics["living"]) for r in results)
    safe_sea = sum(maps["safe-sea"].values.values()) * 10
    assert safe_sea >= living > 0  # the living at the end all reached the sea in the last run
    cover = {
        prepared.tables.labels[h]
        for h in range(prepared.tables.size)
        if (prepared.tables.cover[prepared.grab_start] >> h) & 1
    }
    hot = {label for label, v in maps["safe-snandergrab"].values.items() if v > 0}
    assert hot and hot - cover  # the Snandergrab was moved, and Snits reached it elsewhere too
