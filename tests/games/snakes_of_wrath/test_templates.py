"""Every Snakes of Wrath template, added to a new pack, loads clean and plays."""

from __future__ import annotations

from pathlib import Path

from editor.core import registry
from editor.core.templates import add_from_template, default_dependencies, new_pack
from editor.core.workspace import load_workspace
from editor.games.snakes_of_wrath.engine import prepare_packs
from editor.games.snakes_of_wrath.templates import TEMPLATE_GROUPS


def test_the_game_offers_new_tile_types() -> None:
    game = registry.get("snakes-of-wrath")
    assert game is not None
    groups = [(g.key, g.label, [t.key for t in g.templates]) for g in game.content.templates]
    assert groups == [("tile-type", "Tile Type", ["body-tile", "head-tile"])]


def test_each_template_twice_in_a_new_pack_loads_and_compiles(tmp_path: Path) -> None:
    deps = default_dependencies(load_workspace(), "snakes-of-wrath")
    folder = new_pack(tmp_path, "Template Test", "snakes-of-wrath", dependencies=deps)
    added = [
        add_from_template(folder, template).id
        for _ in range(2)
        for group in TEMPLATE_GROUPS
        for template in group.templates
    ]
    assert added == ["new-body", "new-head", "new-body-2", "new-head-2"]
    ws = load_workspace([folder])
    assert ws.report() == []
    rules = prepare_packs(ws, ["template-test"]).rules
    assert {k.type_id for k in rules.kinds} >= set(added)
    assert len(rules.box) == 90 + 2 * (4 + 2)
