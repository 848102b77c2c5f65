"""The bundled tile set and ruleset load clean and hold the rulebook's numbers; a designer
adds a shape or a tile type, or changes counts, without Python."""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from pathlib import Path

from editor.core.engine import MatchSpec
from editor.core.resources import content_dir, layouts_dir, schemas_dir
from editor.core.workspace import Workspace, load_workspace
from editor.games.snakes_of_wrath.content import RULESET_KEYS, load_content
from editor.games.snakes_of_wrath.engine import Rules, new_match, prepare_packs
from editor.games.snakes_of_wrath.engine.rules import BODY, HEAD, INJURY, TODD
from editor.games.snakes_of_wrath.engine.setup import Prepared
from tests.games.snakes_of_wrath.conftest import BASE, WritePack, found
from tests.games.snakes_of_wrath.invariants import check


def test_the_bundled_pack_and_scenario_load_with_no_diagnostics() -> None:
    ws = load_workspace([content_dir() / BASE, layouts_dir() / "snakes-of-wrath.layout.yaml"])
    assert found(ws) == []
    assert ws.default_packs("snakes-of-wrath") == [BASE]
    assert ws.layouts["snakes-of-wrath"].board == "snakes-table"
    assert ws.boards["snakes-table"].open


def test_the_sack_holds_90_tiles_of_the_seven_types(bundled: Workspace) -> None:
    content = load_content(bundled, [BASE])
    counts = {t.id: t.count for t in content.tile_types.values()}
    assert counts == {
        "starter": 1,
        "body": 30,
        "armored": 8,
        "injured": 12,
        "head": 24,
        "todd": 3,
        "body-head": 12,
    }
    assert content.tiles == 90
    roles = {t.id: (t.role, t.armored) for t in content.tile_types.values()}
    assert roles["armored"] == ("body", True) and roles["injured"] == ("injury", False)
    assert roles["body-head"] == ("body", False) and roles["todd"] == ("todd", False)


def test_the_ruleset_holds_the_rulebooks_numbers(rules: Rules) -> None:
    numbers = (rules.players, rules.rack, rules.swap, rules.target)
    assert numbers == (2, 8, 4, 13)
    assert (rules.body_points, rules.todd_points, rules.min_bodies) == (1, 1, 2)
    assert (
        rules.colours == ("red", "blue") and rules.kind_of(rules.starter_tile).type_id == "starter"
    )


def test_shapes_are_data_and_their_turns_come_from_it(rules: Rules) -> None:
    ways = {(k.type_id, k.shape_id): len(k.orients) for k in rules.kinds}
    assert ways[("body", "straight")] == 2 and ways[("body", "corner")] == 4
    assert ways[("body", "tee")] == 4 and ways[("head", "head")] == 4
    assert ways[("todd", "plain")] == 1 and ways[("body-head", "straight-head")] == 4
    roles = Counter(k.role for k in rules.kinds for _ in range(k.count))
    assert roles == {BODY: 51, HEAD: 24, INJURY: 12, TODD: 3}
    # an injury fits the body of the same shape whatever its name: compared as data
    straight = next(k for k in rules.kinds if (k.type_id, k.shape_id) == ("body", "straight"))
    hurt = next(k for k in rules.kinds if (k.type_id, k.shape_id) == ("injured", "straight"))
    assert set(straight.turn_of) == set(hurt.turn_of)


NEW_TYPES = """\
tile_types:
  - id: armored-head
    name: Armored body with head
    role: body
    armored: true
    colour: "#455a64"
    shapes:
      - {id: cross, name: Crossing, body: [N, E, S, W], count: 3}
      - {id: bend-head, body: [N, E], head: S, count: 2}
"""


def test_a_pack_adds_a_shape_and_a_tile_type_of_the_same_parts(write_pack: WritePack) -> None:
    folder = write_pack({"tileset.yaml": NEW_TYPES})
    ws = load_workspace([folder])
    assert found(ws) == []
    rules = prepare_packs(ws, ["test-pack"]).rules
    assert len(rules.box) == 95
    cross = next(k for k in rules.kinds if k.shape_id == "cross")
    assert cross.armored and len(cross.orients) == 1  # a crossing lies one way
    _play_out(rules, seed=4)


def test_a_copy_of_the_pack_with_other_counts_plays_them(tmp_path: Path) -> None:
    folder = tmp_path / BASE
    shutil.copytree(content_dir() / BASE, folder)
    tileset = folder / "tileset.yaml"
    tileset.write_text(
        tileset.read_text().replace("head: S, count: 24", "head: S, count: 30"), encoding="utf-8"
    )
    ws = load_workspace([folder])
    assert found(ws) == []
    rules = prepare_packs(ws, [BASE]).rules
    assert sum(1 for k in rules.box if rules.kinds[k].type_id == "head") == 30
    _play_out(rules, seed=9)


def _play_out(rules: Rules, seed: int) -> None:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=seed))
    rng = random.Random(seed)
    while (decision := st.decision()) is not None:
        st.apply(decision.options[rng.randrange(len(decision.options))])
        check(st)
    assert st.outcome() is not None


def test_the_ruleset_schema_and_the_engine_know_the_same_keys(bundled: Workspace) -> None:
    schema = json.loads((schemas_dir() / "snakes-of-wrath/ruleset.schema.json").read_text())
    assert set(schema["properties"]) == set(RULESET_KEYS)
    assert schema["$defs"]["complete"]["required"] == list(RULESET_KEYS)
    path = next(p for p in bundled.documents if p.endswith(f"{BASE}/ruleset.yaml"))
    assert set(bundled.documents[path].data) == set(
        RULESET_KEYS
    )  # the bundled pack gives every key
