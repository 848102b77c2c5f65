"""Each game's layout schema on disk is the shared one with the game's declared fields."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.core import registry
from editor.core.documents import parse_document
from editor.core.layout_schema import compose_layout_schema, layout_schema_name
from editor.core.resources import schemas_dir
from editor.core.schemas import schema_id, shared_registry
from editor.core.workspace import load_workspace

REWRITE = (
    'python -c "import editor.games; from editor.core.layout_schema import write_all; write_all()"'
)


@pytest.mark.parametrize("game", [g for g in registry.games() if g.content.layout_fields])
def test_the_bundled_layout_schema_is_the_composed_one(game: registry.Game) -> None:
    path = schemas_dir() / layout_schema_name(game)
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk == compose_layout_schema(game), f"out of date: run {REWRITE}"


def test_a_layout_is_checked_against_its_games_schema() -> None:
    snails = registry.get("snails")
    assert snails is not None
    composed = compose_layout_schema(snails)
    assert {"backs", "tokens", "starts"} <= set(composed["properties"])
    shared = json.loads((schemas_dir() / "layout.schema.json").read_text(encoding="utf-8"))
    assert not {"backs", "tokens", "starts"} & set(shared["properties"])
    text = "id: t\nname: T\ngame: snails\nboard: snails-expert\nspaces: {D5: [beach]}\n"
    doc, _ = parse_document(text + "starts: [D5]\nlegs: 3\n", "t.layout.yaml")
    assert doc is not None
    problems = shared_registry().validate(doc, composed["$id"], "layout")
    assert [(p.line, p.code) for p in problems] == [(7, "unknown-key")]


def test_a_layout_of_an_unknown_game_gets_the_shared_schema(tmp_path: Path) -> None:
    # the shared schema lets a game's own keys through: only the unknown game is an error
    text = "id: t\nname: T\ngame: chess\nboard: b\nspaces: {}\nstarts: [D5]\n"
    path = tmp_path / "t.layout.yaml"
    path.write_text(text, encoding="utf-8")
    found = [(d.line, d.code) for d in load_workspace([path]).report()]
    assert found == [(3, "unknown-game"), (4, "unknown-id")]  # its board b is unknown too


def test_a_layout_with_the_old_shared_header_is_checked_as_its_games() -> None:
    # files written before a game declared its fields point at the shared schema, which
    # accepts their keys; Seastack checks them against the game's schema all the same
    text = (
        "# yaml-language-server: $schema=../schemas/layout.schema.json\nid: t\nname: T\n"
        "game: snails\nboard: snails-expert\nspaces: {D5: [beach]}\nstarts: [D5]\nleg: 1\n"
    )
    doc, _ = parse_document(text, "t.layout.yaml")
    assert doc is not None
    assert shared_registry().validate(doc, schema_id("layout.schema.json"), "layout") == []
    snails = registry.get("snails")
    assert snails is not None
    codes = [
        p.code
        for p in shared_registry().validate(doc, schema_id(layout_schema_name(snails)), "layout")
    ]
    assert codes == ["unknown-key"]
