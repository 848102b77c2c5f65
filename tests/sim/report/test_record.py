"""What a report says of a batch: the design's packs and versions (as their manifests say),
the settings in words and the seed, from a real batch's plan."""

from __future__ import annotations

import yaml

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.sim.report.record import BatchRecord
from editor.sim.runner import BatchPlan, run_batch
from editor.sim.summary import summarize


def _record(plan_seed: int = 5, **plan: object) -> BatchRecord:
    ws = load_workspace([layouts_dir() / "crustacean.layout.yaml"])
    layout = ws.layouts["crustacean"]
    game = registry.get("snails")
    assert game is not None and game.engine is not None
    prepared = game.engine.prepare(ws, layout)
    factions = tuple(game.engine.factions(prepared))
    batch_plan = BatchPlan(
        games=3,
        players=2,
        bots=("heuristic", "random"),
        seed=plan_seed,
        factions=factions[:2],
        faction_mode="fixed",
        **plan,  # type: ignore[arg-type]
    )
    results = run_batch(game.engine, prepared, batch_plan)
    return BatchRecord(ws, layout, batch_plan, summarize(results, batch_plan), where="1 worker")


def test_the_packs_are_those_in_use_with_their_manifests_versions() -> None:
    record = _record()
    packs = record.packs()
    assert packs, "the Crustacean layout uses packs"
    for line in packs:
        pack = record.workspace.packs[line.id]
        manifest = yaml.safe_load((pack.folder / "pack.yaml").read_text(encoding="utf-8"))
        assert (line.name, line.version) == (manifest["name"], str(manifest["version"]))
        assert line.origin == "bundled"
    # dependencies first: a pack is listed after every pack it depends on
    order = [line.id for line in packs]
    for line in packs:
        for needed in record.workspace.packs[line.id].dependencies:
            assert order.index(needed) < order.index(line.id)
    assert record.title == "Crustacean" and record.game_name == registry.get("snails").name


def test_the_settings_say_how_the_batch_was_played() -> None:
    record = _record(plan_seed=77)
    settings = dict(record.settings())
    plan = record.plan
    assert settings["seed"] == "77"
    assert settings["games"] == f"3 planned, {record.summary['finished']} finished"
    assert settings["players"] == "2"
    assert settings["bots"] == "seat 1: heuristic, seat 2: random"
    assert settings["factions"] == f"fixed, one a seat: {', '.join(plan.factions)}"
    assert settings["modules"] == "none"
    assert settings["decision budget"] == f"{plan.max_steps} decisions a game"
    assert "1 worker" in record.made_with()
