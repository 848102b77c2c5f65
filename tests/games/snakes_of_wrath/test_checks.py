"""Tile sets, rulesets and scenarios a schema cannot judge alone: each problem reported at
its file, line and column, and content that passes plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.workspace import load_workspace
from editor.games.snakes_of_wrath.content import ContentError, load_content
from editor.games.snakes_of_wrath.engine import prepare_packs
from tests.games.snakes_of_wrath.conftest import WritePack, found

BAD_TILESET = """\
tile_types:
  - id: body
    name: Body again
    role: body
    colour: "#000000"
    shapes: [{id: s, body: [W, E], count: 1}]
  - id: twisted
    name: Twisted
    role: body
    colour: "#000000"
    shapes:
      - id: knot
        body: [N, N]
        count: 1
      - id: knot
        body: [W, E]
        head: E
        count: 1
  - id: flying-head
    name: Flying head
    role: head
    armored: true
    colour: "#000000"
    shapes:
      - {id: h, body: [W, E], count: 1}
  - id: scratch
    name: Scratch
    role: injury
    colour: "#000000"
    shapes:
      - {id: cross, body: [N, E, S, W], count: 1}
"""


def test_a_tile_set_with_every_kind_of_mistake(write_pack: WritePack) -> None:
    folder = write_pack({"tileset.yaml": BAD_TILESET})
    ws = load_workspace([folder])
    assert found(ws) == sorted(
        [
            "tileset.yaml duplicate-id 2:9",  # body is the base pack's
            "tileset.yaml side-twice 13:19",  # N twice
            "tileset.yaml duplicate-id 15:13",  # knot twice in one type
            "tileset.yaml side-twice 17:15",  # the head's side is the body's
            "tileset.yaml wrong-role 22:14",  # an armored head
            "tileset.yaml shape-role 25:9",  # a head with a body
            "tileset.yaml never-playable 31:9",  # an injury no body fits (a warning)
        ]
    )
    messages = [d.message for d in ws.report()]
    assert any(
        "'body' is already defined in" in m and "snakes-of-wrath-base" in m for m in messages
    )
    assert any("leaves by side N twice" in m for m in messages)
    assert [d.severity.name for d in ws.report() if d.code == "never-playable"] == ["WARNING"]


def test_the_schema_bounds_a_tile_set(write_pack: WritePack) -> None:
    text = """\
tile_types:
  - id: odd
    name: Odd
    role: tail
    colour: "#000000"
    shapes:
      - {id: a, body: [W, X], count: 0}
"""
    ws = load_workspace([write_pack({"tileset.yaml": text})])
    codes = [line.split()[1] for line in found(ws)]
    assert sorted(codes) == ["bad-value", "bad-value", "out-of-range"]
    assert [line.split()[2] for line in found(ws)] == sorted(["4:11", "7:27", "7:38"])


STANDALONE_TILES = """\
tile_types:
  - id: starter
    name: Starter
    role: {starter_role}
    colour: "#000000"
    shapes: [{{id: s, body: [W, E], head: N, count: {starter_count}}}]
  - id: body
    name: Body
    role: body
    colour: "#000000"
    shapes: [{{id: s, body: [W, E], count: 3}}]
"""
STANDALONE_RULES = """\
players: 2
colours: [red, blue]
rack: 3
swap: 4
target: 500
points: {body: 1, todd: 1}
min_bodies: 2
starter: {tile: missing}
first_player: first
"""


def test_a_ruleset_whose_numbers_cannot_play(write_pack: WritePack) -> None:
    tiles = STANDALONE_TILES.format(starter_role="body", starter_count=1)
    folder = write_pack({"tileset.yaml": tiles, "ruleset.yaml": STANDALONE_RULES}, base=False)
    ws = load_workspace([folder])
    assert found(ws) == sorted(
        [
            "pack.yaml missing-key 1:5",  # no idle_turns anywhere
            "ruleset.yaml out-of-range 4:7",  # swap 4 of a rack of 3
            "ruleset.yaml unknown-id 8:17",  # no starter tile type 'missing'
            "ruleset.yaml not-enough-tiles 3:7",  # 3 tiles besides the starter, 2 racks of 3
            "ruleset.yaml unreachable 5:9",  # 500 points: a warning
        ]
    )
    with pytest.raises(ContentError, match="have errors"):
        load_content(ws, ["test-pack"])


@pytest.mark.parametrize(
    ("role", "count", "code"), [("head", 1, "wrong-role"), ("body", 2, "out-of-range")]
)
def test_the_starter_is_one_body_tile(
    write_pack: WritePack, role: str, count: int, code: str
) -> None:
    tiles = STANDALONE_TILES.format(starter_role=role, starter_count=count)
    rules = STANDALONE_RULES.replace("missing", "starter").replace("swap: 4", "swap: 1")
    rules = rules.replace("rack: 3", "rack: 1") + "idle_turns: 12\n"
    folder = write_pack({"tileset.yaml": tiles, "ruleset.yaml": rules}, base=False)
    problems = [line for line in found(load_workspace([folder])) if "unreachable" not in line]
    if role == "head":  # a head's shape with a body is also refused
        problems = [line for line in problems if "shape-role" not in line]
    assert problems == [f"ruleset.yaml {code} 8:17"]


def test_too_many_tiles_for_the_table(write_pack: WritePack) -> None:
    shapes = "".join(f"      - {{id: s{i}, body: [W, E], count: 500}}\n" for i in range(4))
    head = 'tile_types:\n  - id: more\n    name: More\n    role: body\n    colour: "#000000"\n'
    text = f"{head}    shapes:\n{shapes}"
    ws = load_workspace([write_pack({"tileset.yaml": text})])
    assert found(ws) == ["tileset.yaml out-of-range 10:39"]  # 89 + 4 x 500 passes 2,000 here


def test_a_scenario_holds_no_spaces_and_names_an_open_table(tmp_path: Path) -> None:
    board = "id: edged\nname: Edged\ngame: snakes-of-wrath\ngrid: square\ncolumns: 5\nrows: 5\n"
    (tmp_path / "edged.board.yaml").write_text(board)
    layout = (
        "id: bad-scenario\nname: Bad\ngame: snakes-of-wrath\nboard: edged\nspaces:\n  0,0: [body]\n"
    )
    (tmp_path / "bad.layout.yaml").write_text(layout)
    ws = load_workspace([tmp_path])
    assert found(ws) == ["bad.layout.yaml closed-table 4:8", "bad.layout.yaml not-empty 6:3"]


def test_content_that_passes_its_checks_compiles_and_deals(write_pack: WritePack) -> None:
    tiles = STANDALONE_TILES.format(starter_role="body", starter_count=1)
    rules = STANDALONE_RULES.replace("missing", "starter").replace("swap: 4", "swap: 1")
    rules = rules.replace("rack: 3", "rack: 1").replace("target: 500", "target: 3")
    folder = write_pack(
        {"tileset.yaml": tiles, "ruleset.yaml": rules + "idle_turns: 12\n"}, base=False
    )
    ws = load_workspace([folder])
    assert found(ws) == []
    compiled = prepare_packs(ws, ["test-pack"]).rules
    assert (compiled.rack, compiled.swap, compiled.target, len(compiled.box)) == (1, 1, 3, 4)
