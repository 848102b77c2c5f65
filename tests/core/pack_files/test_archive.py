"""Building pack files: only clean content, the same bytes each time, a manifest of every
file, the dependencies on request, and a layout with its packs as a scenario file."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from editor.core.pack_files.archive import build_pack, build_scenario
from editor.core.pack_files.hardening import open_pack_file
from editor.core.pack_files.problems import PackFileError, PackPathError
from editor.core.resources import content_dir, layouts_dir
from tests.core.pack_files.kit import CARDS, make_layout, make_pack


def _entries(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_a_pack_is_written_with_a_manifest_of_every_file(tmp_path: Path) -> None:
    folder = make_pack(tmp_path / "proj" / "zaps")
    (folder / "README.md").write_text("notes\n")
    (folder / ".hidden.yaml").write_text("x: 1\n")
    built = build_pack(folder, tmp_path / "out")
    assert built.written == [tmp_path / "out" / "zaps-0.3.0.seastack"]
    assert built.left_out == [folder / "README.md"]
    entries = _entries(built.written[0])
    assert sorted(entries) == [
        "packs/zaps/cards.yaml",
        "packs/zaps/pack.yaml",
        "seastack-manifest.json",
    ]
    manifest = json.loads(entries["seastack-manifest.json"])
    assert manifest["kind"] == "pack"
    assert manifest["packs"] == [
        {"id": "zaps", "version": "0.3.0", "game": "snails", "folder": "packs/zaps"}
    ]
    for item in manifest["files"]:
        body = entries[item["path"]]
        assert item["size"] == len(body)
        assert item["sha256"] == hashlib.sha256(body).hexdigest()
    assert entries["packs/zaps/cards.yaml"] == CARDS.encode()
    opened = open_pack_file(built.written[0])  # what it wrote, an import reads
    opened.archive.close()
    assert [p.id for p in opened.manifest.packs] == ["zaps"]


def test_the_same_pack_gives_the_same_bytes(tmp_path: Path) -> None:
    folder = make_pack(tmp_path / "zaps")
    first = build_pack(folder, tmp_path / "a").written[0].read_bytes()
    (folder / "cards.yaml").touch()  # a new modification time changes nothing
    assert build_pack(folder, tmp_path / "b").written[0].read_bytes() == first
    again = build_pack(folder, tmp_path / "a")
    assert again.written == [] and again.unchanged == [tmp_path / "a" / "zaps-0.3.0.seastack"]


def test_a_pack_with_errors_writes_nothing_and_names_the_place(tmp_path: Path) -> None:
    folder = make_pack(tmp_path / "zaps", cards=CARDS.replace("copies: 4", "copies: lots"))
    with pytest.raises(PackFileError) as caught:
        build_pack(folder, tmp_path / "out")
    found = caught.value.diagnostics[0]
    assert found.path == str(folder / "cards.yaml")
    assert (found.line, found.column) == (5, 13)
    assert not (tmp_path / "out").exists()


def test_another_file_of_that_name_is_replaced_only_with_force(tmp_path: Path) -> None:
    folder = make_pack(tmp_path / "zaps")
    out = tmp_path / "out"
    out.mkdir()
    mine = out / "zaps-0.3.0.seastack"
    mine.write_bytes(b"something else")
    with pytest.raises(PackPathError) as caught:
        build_pack(folder, out)
    assert "--force" in str(caught.value)
    assert mine.read_bytes() == b"something else"
    assert build_pack(folder, out, force=True).written == [mine]
    assert mine.read_bytes()[:2] == b"PK"


def test_a_named_output_file_is_used(tmp_path: Path) -> None:
    folder = make_pack(tmp_path / "zaps")
    built = build_pack(folder, tmp_path / "mine.seastack")
    assert built.written == [tmp_path / "mine.seastack"]


def test_with_deps_writes_the_packs_it_depends_on_that_are_not_bundled(tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    make_pack(proj / "rocks", "rocks", "1.0.0", cards=None)
    zaps = make_pack(proj / "zaps", dependencies={"snails-base": ">=1", "rocks": ">=1.0,<2"})
    built = build_pack(zaps, tmp_path / "out", with_deps=True, pack_folders=[proj])
    names = sorted(p.name for p in built.written)
    assert names == ["rocks-1.0.0.seastack", "zaps-0.3.0.seastack"]
    alone = build_pack(zaps, tmp_path / "alone", pack_folders=[proj])
    assert [p.name for p in alone.written] == ["zaps-0.3.0.seastack"]
    with pytest.raises(PackPathError):
        build_pack(zaps, tmp_path / "one.seastack", with_deps=True, pack_folders=[proj])


def test_a_missing_dependency_refuses_the_build(tmp_path: Path) -> None:
    zaps = make_pack(tmp_path / "zaps", dependencies={"rocks": ">=1.0,<2"})
    with pytest.raises(PackFileError) as caught:
        build_pack(zaps, tmp_path / "out", with_deps=True)
    found = caught.value.diagnostics[0]
    assert found.code == "missing-dependency"
    assert "needs rocks >=1.0,<2" in found.message
    assert not (tmp_path / "out").exists()


def test_a_copy_of_a_bundled_pack_cannot_be_built(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "snails-base"
    shutil.copytree(content_dir() / "snails-base", folder)
    with pytest.raises(PackFileError) as caught:
        build_pack(folder, tmp_path / "out")
    assert caught.value.diagnostics[0].code == "bundled-id"
    assert caught.value.diagnostics[0].line == 2


def test_a_folder_that_is_not_a_pack_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PackPathError) as caught:
        build_pack(tmp_path, tmp_path / "out")
    assert "holds no pack.yaml" in str(caught.value)


def test_a_scenario_holds_the_layout_and_the_packs_it_uses(tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    make_pack(proj / "packs" / "zaps")
    make_pack(proj / "packs" / "unused", "unused")
    layout = make_layout(proj)
    built = build_scenario(layout, tmp_path / "out", pack_folders=[proj / "packs"])
    assert built.written == [tmp_path / "out" / "zapland-scenario.seastack"]
    entries = _entries(built.written[0])
    assert sorted(entries) == [
        "layout/zapland.layout.yaml",
        "packs/zaps/cards.yaml",
        "packs/zaps/pack.yaml",
        "seastack-manifest.json",
    ]
    manifest = json.loads(entries["seastack-manifest.json"])
    assert manifest["kind"] == "scenario"
    assert manifest["layout"] == {
        "id": "zapland",
        "game": "snails",
        "path": "layout/zapland.layout.yaml",
    }
    assert entries["layout/zapland.layout.yaml"] == layout.read_bytes()


def test_a_scenario_whose_pack_is_not_given_is_refused(tmp_path: Path) -> None:
    layout = make_layout(tmp_path / "proj")  # names zaps, which no folder given holds
    with pytest.raises(PackFileError) as caught:
        build_scenario(layout, tmp_path / "out")
    assert any("no pack 'zaps'" in d.message for d in caught.value.diagnostics)
    assert not (tmp_path / "out").exists()


def test_a_board_outside_the_packs_would_not_travel_and_is_refused(tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    make_pack(proj / "packs" / "zaps")
    board = (layouts_dir() / "snails-expert.board.yaml").read_text()
    (proj / "mine.board.yaml").write_text(board.replace("id: snails-expert", "id: mine"))
    layout = make_layout(proj)
    layout.write_text(layout.read_text().replace("board: snails-expert", "board: mine"))
    with pytest.raises(PackFileError) as caught:
        build_scenario(
            layout, tmp_path / "out", pack_folders=[proj / "packs", proj / "mine.board.yaml"]
        )
    found = caught.value.diagnostics[0]
    assert found.code == "board-not-in-pack"
    assert found.path == str(layout)
    assert not (tmp_path / "out").exists()
    # in the pack, it travels
    (proj / "mine.board.yaml").rename(proj / "packs" / "zaps" / "mine.board.yaml")
    built = build_scenario(layout, tmp_path / "out", pack_folders=[proj / "packs"])
    assert "packs/zaps/mine.board.yaml" in _entries(built.written[0])
