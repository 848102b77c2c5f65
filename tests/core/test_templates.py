"""New packs and new entries from templates: valid manifests, text kept, unique ids."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

import editor.games  # noqa: F401  (registers the games the loader needs)
from editor.core.documents import parse_document
from editor.core.registry import Template, TemplatePart
from editor.core.templates import (
    TemplateError,
    add_from_template,
    append_entry,
    default_dependencies,
    kebab_id,
    new_pack,
    unique_id,
)
from editor.core.workspace import load_workspace

THING = Template(
    key="thing",
    label="Thing",
    base_id="new-thing",
    base_name="New Thing",
    parts=(
        TemplatePart(
            file="things.yaml",
            top_key="things",
            header="# my things\nthings:\n",
            text="- id: {id}\n  name: {name}\n",
        ),
    ),
)


def test_new_pack_writes_a_valid_manifest_that_the_loader_accepts(tmp_path: Path) -> None:
    ws = load_workspace()
    deps = default_dependencies(ws, "snails")
    assert set(deps) == set(ws.default_packs("snails"))
    folder = new_pack(tmp_path, "My Volcanoes!", "snails", dependencies=deps)
    assert folder == tmp_path / "my-volcanoes"
    loaded = load_workspace([folder])
    assert loaded.report() == []
    pack = loaded.packs["my-volcanoes"]
    assert pack.name == "My Volcanoes!"
    assert pack.game == "snails"
    assert pack.dependencies == deps
    assert not pack.bundled
    # nothing else was left behind (the staging folder was renamed)
    assert [p.name for p in tmp_path.iterdir()] == ["my-volcanoes"]


def test_a_new_pack_folder_gets_the_umask_permissions_without_changing_the_umask(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mask = os.umask(0o022)
    os.umask(mask)

    def umask(_: int) -> int:  # setting it is process-wide: a thread's file would get it
        raise AssertionError("new_pack changed the process umask")

    monkeypatch.setattr(os, "umask", umask)
    folder = new_pack(tmp_path, "Open Pack", "snails", dependencies={})
    assert stat.S_IMODE(folder.stat().st_mode) == 0o777 & ~mask
    assert [p.name for p in tmp_path.iterdir()] == ["open-pack"]


@pytest.mark.parametrize(
    ("name", "pack_id", "words"),
    [
        ("", None, "needs a name"),
        ("!!!", None, "no letters or digits"),
        ("Fine", "Bad Id", "not a valid id"),
        ("Fine", "-bad", "not a valid id"),
    ],
)
def test_bad_pack_names_are_refused(
    tmp_path: Path, name: str, pack_id: str | None, words: str
) -> None:
    with pytest.raises(TemplateError, match=words):
        new_pack(tmp_path, name, "snails", dependencies={}, pack_id=pack_id)
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_or_pack_id_is_refused(tmp_path: Path) -> None:
    (tmp_path / "lava").mkdir()
    (tmp_path / "lava" / "keep.txt").write_text("mine")
    with pytest.raises(TemplateError, match="already exists"):
        new_pack(tmp_path, "Lava", "snails", dependencies={})
    assert (tmp_path / "lava" / "keep.txt").read_text() == "mine"
    with pytest.raises(TemplateError, match=r"snails-base.*already exists"):
        new_pack(tmp_path, "Snails Base", "snails", dependencies={}, taken_ids={"snails-base"})


def test_unique_ids_count_up() -> None:
    assert unique_id("new-card", set()) == "new-card"
    assert unique_id("new-card", {"new-card"}) == "new-card-2"
    assert kebab_id("Big  Gun 2") == "big-gun-2"


def _pack(tmp_path: Path) -> Path:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.yaml").write_text("id: p\nname: P\nversion: 0.1.0\ngame: snails\n")
    return folder


def test_a_missing_file_is_created_with_its_header(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    added = add_from_template(folder, THING)
    assert added.id == "new-thing"
    text = (folder / "things.yaml").read_text()
    assert text.startswith("# my things\nthings:\n")
    doc, problems = parse_document(text, "things.yaml")
    assert problems == []
    assert doc.data == {"things": [{"id": "new-thing", "name": "New Thing"}]}


def test_appending_keeps_the_designers_text_and_picks_a_free_id(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    mine = (
        "# top comment\nthings:\n"
        "- id: new-thing   # flush-left items\n  name: Mine\n"
        "# a trailing comment\n"
    )
    (folder / "things.yaml").write_text(mine)
    added = add_from_template(folder, THING, taken_ids={"new-thing-2"})
    assert added.id == "new-thing-3"
    assert added.name == "New Thing 3"
    text = (folder / "things.yaml").read_text()
    assert text.startswith(mine)  # every character the designer wrote is still there
    doc, _ = parse_document(text, "things.yaml")
    assert [t["id"] for t in doc.data["things"]] == ["new-thing", "new-thing-3"]


def test_a_named_entry_gets_the_id_of_its_name(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    added = add_from_template(folder, THING, name="Lava Lamp")
    assert (added.id, added.name) == ("lava-lamp", "Lava Lamp")


def test_indented_items_are_matched(tmp_path: Path) -> None:
    text = "things:\n    - id: a\n      name: A\n"
    out = append_entry(text, THING.parts[0], "b", "B", "things.yaml")
    doc, problems = parse_document(out, "things.yaml")
    assert problems == []
    assert [t["id"] for t in doc.data["things"]] == ["a", "b"]
    assert "\n    - id: b\n      name: B\n" in out


def test_a_file_it_cannot_append_to_is_left_alone(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    flow = "things: []\nother: 1\n"
    (folder / "things.yaml").write_text(flow)
    with pytest.raises(TemplateError, match="by hand"):
        add_from_template(folder, THING)
    assert (folder / "things.yaml").read_text() == flow
    (folder / "things.yaml").write_text("things:\n  - id: [unclosed\n")
    with pytest.raises(TemplateError, match="has errors"):
        add_from_template(folder, THING)


def test_adding_outside_a_pack_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match="not a pack folder"):
        add_from_template(tmp_path, THING)


def test_unsaved_text_is_appended_to_instead_of_the_file(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    path = folder / "things.yaml"
    path.write_text("things:\n  - id: old\n    name: Old\n")
    unsaved = "things:\n  - id: old\n    name: Old\n  - id: typed\n    name: Typed\n"
    add_from_template(folder, THING, texts={path: unsaved})
    doc, _ = parse_document(path.read_text(), "things.yaml")
    assert [t["id"] for t in doc.data["things"]] == ["old", "typed", "new-thing"]
