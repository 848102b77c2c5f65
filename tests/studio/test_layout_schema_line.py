"""A layout file's ``$schema`` line resolves from where the file is saved, or there is none:
in the repository (or the installed bundle) the relative path to the game's layout schema,
elsewhere (a designer's folder) no line that would point nowhere once the file is sent on."""

from __future__ import annotations

from pathlib import Path

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.layouts import schema_header, schema_header_at
from editor.core.resources import bundled_root, layouts_dir
from editor.core.workspace import load_workspace
from editor.studio.layout_files import layout_text_at, open_layout
from editor.studio.layout_model import LayoutModel

PREFIX = "# yaml-language-server: $schema="


def target(header: str, folder: Path) -> Path:
    assert header.startswith(PREFIX)
    return (folder / header.removeprefix(PREFIX)).resolve()


@pytest.mark.parametrize("game", sorted(g.id for g in registry.games()))
def test_in_the_bundle_the_line_resolves_to_the_games_schema(game: str) -> None:
    folder = layouts_dir()
    header = schema_header_at(game, folder)
    assert header is not None
    schema = target(header, folder)
    assert schema.is_file() and schema.name == "layout.schema.json"
    # the bundled layouts' own line is this one
    assert header == schema_header(game)
    # deeper in the repository too: the path climbs out to the same schema
    deeper = bundled_root() / "docs" / "rules"
    assert target(schema_header_at(game, deeper) or "", deeper) == schema


def test_a_designers_folder_gets_no_line(tmp_path: Path) -> None:
    assert schema_header_at("snails", tmp_path) is None
    ws = load_workspace([layouts_dir() / "crustacean.layout.yaml"])
    crab = ws.layouts["crustacean"]
    text = layout_text_at(crab, tmp_path / "crab.layout.yaml")
    assert not text.startswith("#") and text.startswith("id: crustacean\n")
    # and the file still opens clean, line or no line
    path = tmp_path / "crab.layout.yaml"
    path.write_text(text, encoding="utf-8")
    opened = open_layout(path)
    assert opened.layout is not None and not [d for d in opened.diagnostics if d.is_error]


def test_the_model_writes_the_line_its_file_takes(tmp_path: Path) -> None:
    ws = load_workspace([layouts_dir() / "crustacean.layout.yaml"])
    crab = ws.layouts["crustacean"]
    bundled = LayoutModel(ws, crab, layouts_dir() / "crustacean.layout.yaml")
    assert bundled.text() == (layouts_dir() / "crustacean.layout.yaml").read_text("utf-8")
    elsewhere = LayoutModel(ws, crab, tmp_path / "crab.layout.yaml")
    assert elsewhere.text() == bundled.text().split("\n", 1)[1]
