"""Which packs a design can use: bundled, installed (one version each, by range) and the
folders given; never a pack.yaml found far above a file."""

from __future__ import annotations

import os
from pathlib import Path

from editor.core.pack_files.archive import build_pack
from editor.core.pack_files.discovery import (
    InstalledPack,
    choose_installed,
    demands_of,
    installed_packs,
    pack_root_of,
)
from editor.core.pack_files.install import install_pack_file
from editor.core.workspace import load_workspace
from tests.core.pack_files.kit import make_layout, make_pack


def _install(tmp_path: Path, pack_id: str, version: str, **kw: object) -> Path:
    folder = make_pack(tmp_path / "src" / f"{pack_id}-{version}", pack_id, version, **kw)  # type: ignore[arg-type]
    return install_pack_file(build_pack(folder, tmp_path / "built").written[0]).folders[0]


def test_a_file_belongs_to_the_pack_at_most_two_folders_above(tmp_path: Path) -> None:
    pack = make_pack(tmp_path / "zaps")
    deep = pack / "cards" / "more"
    deep.mkdir(parents=True)
    (deep / "x.cards.yaml").write_text("cards: []\n")
    assert pack_root_of(deep / "x.cards.yaml") == pack
    deeper = deep / "again"
    deeper.mkdir()
    assert pack_root_of(deeper / "x.cards.yaml") is None


def test_another_projects_pack_yaml_far_above_is_not_taken(tmp_path: Path) -> None:
    stray = make_pack(tmp_path / "home", "stray", cards=None)
    mine = stray / "projects" / "game" / "loose"
    mine.mkdir(parents=True)
    cards = mine / "extra.cards.yaml"
    cards.write_text("cards: []\n")
    ws = load_workspace([cards])
    assert "stray" not in ws.packs
    assert [d.code for d in ws.report()] == ["not-in-pack"]


def test_a_pack_inside_a_pack_keeps_its_own_files(tmp_path: Path) -> None:
    outer = make_pack(tmp_path / "outer", "outer", cards=None)
    inner = make_pack(outer / "inner", "inner")
    ws = load_workspace([outer / "pack.yaml"])
    assert [k for k, _doc in ws.packs["outer"].documents] == []
    ws = load_workspace([inner / "cards.yaml"])
    assert [k for k, _doc in ws.packs["inner"].documents] == ["cards"]


def test_installed_packs_are_read_from_their_folders(tmp_path: Path, data_dir: Path) -> None:
    _install(tmp_path, "zaps", "0.3.0")
    _install(tmp_path, "zaps", "0.10.0")
    root = data_dir / "packs"
    # what an install never makes is passed over
    (root / "zaps" / "9.9.9").mkdir()
    (root / ".hidden" / "1.0.0").mkdir(parents=True)
    wrong = make_pack(root / "zaps" / "1.0.0", "zaps", "2.0.0", cards=None)  # says another
    os.symlink(root / "zaps" / "0.3.0", root / "zaps" / "5.0.0")
    assert wrong.is_dir()
    found = [(p.id, p.version) for p in installed_packs(root)]
    assert found == [("zaps", "0.3.0"), ("zaps", "0.10.0")]


def _offer(pack_id: str, version: str, **deps: str) -> InstalledPack:
    return InstalledPack(
        pack_id, version, "g", pack_id, Path(pack_id, version), tuple(sorted(deps.items()))
    )


def test_the_highest_version_every_range_accepts_is_chosen() -> None:
    offers = [_offer("rocks", "0.5.0"), _offer("rocks", "1.2.0"), _offer("rocks", "2.0.0")]
    chosen = choose_installed(offers, ["rocks"])
    assert [(p.id, p.version) for p in chosen] == [("rocks", "2.0.0")]
    chosen = choose_installed(offers, ["rocks"], {"rocks": [">=1.0,<2"]})
    assert [(p.id, p.version) for p in chosen] == [("rocks", "1.2.0")]
    # nothing fits: the highest, so that the dependency check names the conflict
    chosen = choose_installed(offers, ["rocks"], {"rocks": [">=3"]})
    assert [(p.id, p.version) for p in chosen] == [("rocks", "2.0.0")]
    assert choose_installed(offers, ["lava"]) == []
    assert choose_installed(offers, ["rocks"], provided={"rocks"}) == []


def test_an_installed_packs_dependencies_come_with_it_and_narrow_the_choice() -> None:
    offers = [
        _offer("rocks", "1.0.0"),
        _offer("rocks", "2.0.0"),
        _offer("zaps", "0.3.0", rocks="<2"),
    ]
    chosen = choose_installed(offers, ["zaps"])
    assert [(p.id, p.version) for p in chosen] == [("rocks", "1.0.0"), ("zaps", "0.3.0")]


def test_demands_come_from_layouts_and_manifests_however_malformed() -> None:
    demands = demands_of(
        [
            ("layout", {"packs": ["zaps", 3, None]}),
            ("pack", {"id": "mine", "dependencies": {"rocks": ">=1", "lava": 2}}),
            ("pack", {"id": ["odd"], "dependencies": "none"}),
            ("layout", "not a mapping"),
            ("cards", {"packs": ["ignored"]}),
        ]
    )
    assert demands.named == {"zaps", "rocks", "lava"}
    assert demands.ranges == {"rocks": [">=1"], "lava": ["2"]}
    assert demands.provided == {"mine"}


def test_a_layout_uses_an_installed_pack_it_names(tmp_path: Path) -> None:
    _install(tmp_path, "zaps", "0.3.0")
    _install(tmp_path, "unused", "1.0.0")
    layout = make_layout(tmp_path / "proj")
    ws = load_workspace([layout])
    assert ws.report() == []
    assert ws.packs["zaps"].origin == "installed"
    assert "unused" not in ws.packs  # installed, but not named: not loaded
    assert load_workspace([layout], installed=False).report() != []


def test_the_version_a_designers_pack_accepts_is_loaded(tmp_path: Path) -> None:
    _install(tmp_path, "rocks", "0.5.0", cards=None)
    _install(tmp_path, "rocks", "1.2.0", cards=None)
    mine = make_pack(tmp_path / "proj" / "mine", "mine", dependencies={"rocks": "<1"})
    ws = load_workspace([mine])
    assert ws.packs["rocks"].version == "0.5.0"
    assert ws.report() == []
    ws = load_workspace([make_pack(tmp_path / "proj2" / "mine", "mine", dependencies={})])
    assert "rocks" not in ws.packs


def test_a_designers_folder_wins_over_the_installed_pack_of_its_id(tmp_path: Path) -> None:
    _install(tmp_path, "zaps", "0.3.0")
    mine = make_pack(tmp_path / "proj" / "zaps", "zaps", "0.4.0")
    layout = make_layout(tmp_path / "proj")
    ws = load_workspace([layout, mine])
    assert ws.packs["zaps"].version == "0.4.0"
    assert ws.packs["zaps"].origin == "folder"
    assert ws.report() == []
