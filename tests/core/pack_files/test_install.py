"""Installing pack files into the data folder: versions side by side, dependencies by
range, replacing only when asked, atomic moves, and removing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from editor.core.pack_files import install as install_module
from editor.core.pack_files.archive import build_pack, build_scenario
from editor.core.pack_files.install import (
    check_pack_file,
    install_pack_file,
    list_installed,
    remove_installed,
)
from editor.core.pack_files.problems import AlreadyInstalled, PackFileError, PackPathError
from editor.core.workspace import load_workspace
from tests.core.pack_files.kit import (
    CARDS,
    everything_under,
    make_layout,
    make_pack,
    manifest_for,
    pack_bytes,
    write_zip,
)


def _pack_file(tmp_path: Path, pack_id: str = "zaps", version: str = "0.3.0", **kw: object) -> Path:
    folder = make_pack(tmp_path / "src" / f"{pack_id}-{version}", pack_id, version, **kw)  # type: ignore[arg-type]
    built = build_pack(folder, tmp_path / "out")
    return [*built.written, *built.unchanged][0]


def _hand_made(tmp_path: Path, dependencies: dict[str, str]) -> Path:
    """A pack file that ``build`` would refuse to write: its dependencies are not met here."""
    files = pack_bytes(dependencies=dependencies)
    return write_zip(tmp_path / "zaps-0.3.0.seastack", files, manifest_for(files))


def test_two_versions_sit_side_by_side(tmp_path: Path, data_dir: Path) -> None:
    first = install_pack_file(_pack_file(tmp_path, version="0.3.0"))
    second = install_pack_file(_pack_file(tmp_path, version="0.4.0"))
    assert first.folders == [data_dir / "packs" / "zaps" / "0.3.0"]
    assert second.folders == [data_dir / "packs" / "zaps" / "0.4.0"]
    assert [(p.id, p.version) for p in list_installed()] == [("zaps", "0.3.0"), ("zaps", "0.4.0")]


def test_installing_a_version_again_needs_force(tmp_path: Path, data_dir: Path) -> None:
    install_pack_file(_pack_file(tmp_path))
    cards = data_dir / "packs" / "zaps" / "0.3.0" / "cards.yaml"
    assert cards.read_text() == CARDS
    changed = CARDS.replace("name: Zap", "name: Zap Two")
    again = make_pack(tmp_path / "again", cards=changed)
    path = build_pack(again, tmp_path / "out2").written[0]
    with pytest.raises(AlreadyInstalled) as caught:
        install_pack_file(path)
    assert caught.value.installed == ["zaps 0.3.0"]
    assert "--force" in str(caught.value)
    assert cards.read_text() == CARDS  # nothing changed
    installed = install_pack_file(path, force=True)
    assert installed.replaced == [data_dir / "packs" / "zaps" / "0.3.0"]
    assert cards.read_text() == changed
    assert not any((data_dir / "packs" / ".staging").iterdir())


def test_a_missing_dependency_is_named_with_what_would_satisfy_it(
    tmp_path: Path, data_dir: Path
) -> None:
    path = _hand_made(tmp_path, {"snails-base": ">=1.0,<2", "rocks": ">=1.0,<2"})
    with pytest.raises(PackFileError) as caught:
        install_pack_file(path)
    found = caught.value.diagnostics[0]
    assert found.code == "missing-dependency"
    assert found.path.endswith("zaps-0.3.0.seastack/packs/zaps/pack.yaml")
    assert (found.line, found.column) == (7, 3)
    assert "needs rocks >=1.0,<2, which is neither bundled nor installed" in found.message
    assert "install a version of rocks that matches >=1.0,<2" in found.message
    assert not (data_dir / "packs" / "zaps").exists()

    install_pack_file(_pack_file(tmp_path, "rocks", "0.5.0", cards=None))
    with pytest.raises(PackFileError) as caught:
        install_pack_file(path)
    message = caught.value.diagnostics[0].message
    assert "but only rocks 0.5.0 (installed) is there" in message

    install_pack_file(_pack_file(tmp_path, "rocks", "1.2.0", cards=None))
    assert install_pack_file(path).folders == [data_dir / "packs" / "zaps" / "0.3.0"]


def test_a_dependency_out_of_range_of_the_bundled_pack_is_refused(tmp_path: Path) -> None:
    path = _hand_made(tmp_path, {"snails-base": ">=2.0"})
    with pytest.raises(PackFileError) as caught:
        check_pack_file(path)
    assert "but only snails-base 1.0.0 (bundled) is there" in caught.value.diagnostics[0].message


def test_the_dependency_in_the_same_file_satisfies_it(tmp_path: Path, data_dir: Path) -> None:
    rocks = make_pack(tmp_path / "proj" / "rocks", "rocks", "1.0.0", cards=None)
    zaps = make_pack(tmp_path / "proj" / "zaps", dependencies={"rocks": ">=1.0,<2"})
    layout = make_layout(tmp_path / "proj", packs=["zaps"])
    assert rocks.is_dir() and zaps.is_dir()
    path = build_scenario(layout, tmp_path / "out", pack_folders=[tmp_path / "proj"]).written[0]
    installed = install_pack_file(path)
    assert installed.folders == [
        data_dir / "packs" / "rocks" / "1.0.0",
        data_dir / "packs" / "zaps" / "0.3.0",
    ]
    assert installed.layout == data_dir / "scenarios" / "zapland" / "zapland.layout.yaml"
    ws = load_workspace([installed.layout])
    assert [d for d in ws.report() if d.is_error] == []
    layout_loaded = ws.layout_at(str(installed.layout))
    assert layout_loaded is not None
    used = [(p.id, p.origin) for p in ws.packs_in_use(layout_loaded)]
    assert ("zaps", "installed") in used and ("rocks", "installed") in used


def test_a_pack_file_cannot_take_a_bundled_id(tmp_path: Path, data_dir: Path) -> None:
    files = pack_bytes("snails-base", "9.0.0")
    files["packs/snails-base/pack.yaml"] = (
        b"id: snails-base\nname: Fake\nversion: 9.0.0\ngame: snails\n"
    )
    path = write_zip(
        tmp_path / "fake.seastack", files, manifest_for(files, [("snails-base", "9.0.0", "snails")])
    )
    with pytest.raises(PackFileError) as caught:
        install_pack_file(path)
    assert caught.value.diagnostics[0].code == "bundled-id"
    assert not (data_dir / "packs" / "snails-base").exists()


def test_a_failed_move_undoes_the_moves_made(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scenario's second pack cannot be moved in: the first is moved back, the version it
    replaced is restored, and the data folder is as it was."""
    make_pack(tmp_path / "proj" / "rocks", "rocks", "1.0.0", cards=None)
    make_pack(tmp_path / "proj" / "zaps", dependencies={"rocks": ">=1.0,<2"})
    layout = make_layout(tmp_path / "proj", packs=["zaps"])
    path = build_scenario(layout, tmp_path / "out", pack_folders=[tmp_path / "proj"]).written[0]
    install_pack_file(_pack_file(tmp_path, "rocks", "1.0.0", cards=None))
    old = (data_dir / "packs" / "rocks" / "1.0.0" / "pack.yaml").read_bytes()
    before = everything_under(data_dir)
    real = os.replace

    def failing(source: object, target: object) -> None:
        if Path(str(target)) == data_dir / "packs" / "zaps" / "0.3.0":
            raise OSError(28, "No space left on device")
        real(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(install_module.os, "replace", failing)
    with pytest.raises(PackPathError) as caught:
        install_pack_file(path, force=True)
    assert "No space left on device" in str(caught.value)
    monkeypatch.setattr(install_module.os, "replace", real)
    assert everything_under(data_dir) == before
    assert (data_dir / "packs" / "rocks" / "1.0.0" / "pack.yaml").read_bytes() == old


def test_removing_a_pack_another_needs_is_refused_unless_forced(
    tmp_path: Path, data_dir: Path
) -> None:
    install_pack_file(_pack_file(tmp_path, "rocks", "1.0.0", cards=None))
    install_pack_file(_pack_file(tmp_path, dependencies={"rocks": ">=1.0,<2"}))
    with pytest.raises(PackFileError) as caught:
        remove_installed("rocks")
    assert "zaps 0.3.0 (needs rocks >=1.0,<2)" in str(caught.value)
    assert (data_dir / "packs" / "rocks" / "1.0.0").is_dir()
    removed = remove_installed("rocks", force=True)
    assert [(p.id, p.version) for p in removed] == [("rocks", "1.0.0")]
    assert not (data_dir / "packs" / "rocks").exists()
    assert [p.id for p in list_installed()] == ["zaps"]


def test_removing_one_version_keeps_the_others(tmp_path: Path, data_dir: Path) -> None:
    install_pack_file(_pack_file(tmp_path, version="0.3.0"))
    install_pack_file(_pack_file(tmp_path, version="0.4.0"))
    remove_installed("zaps", "0.3.0")
    assert [(p.id, p.version) for p in list_installed()] == [("zaps", "0.4.0")]
    with pytest.raises(PackPathError) as caught:
        remove_installed("zaps", "0.3.0")
    assert "installed versions of zaps: 0.4.0" in str(caught.value)
    with pytest.raises(PackPathError) as caught:
        remove_installed("lava")
    assert "no pack 'lava' is installed; installed: zaps" in str(caught.value)


def test_check_installs_nothing(tmp_path: Path, data_dir: Path) -> None:
    checked = check_pack_file(_pack_file(tmp_path))
    assert [(p.id, p.version) for p in checked.manifest.packs] == [("zaps", "0.3.0")]
    assert not data_dir.exists()


def test_what_a_killed_install_left_is_swept_by_the_next(tmp_path: Path, data_dir: Path) -> None:
    staging = data_dir / "packs" / ".staging"
    old = staging / "unpack-killed"
    (old / "packs" / "zaps").mkdir(parents=True)
    (old / "packs" / "zaps" / "pack.yaml").write_text("id: zaps\n")
    fresh = staging / "unpack-running"
    fresh.mkdir()
    hour_ago = os.stat(old).st_mtime - 2 * install_module.STALE_STAGING_SECONDS
    os.utime(old, (hour_ago, hour_ago))
    install_pack_file(_pack_file(tmp_path))
    assert not old.exists()
    assert fresh.exists()  # another install may be writing it
