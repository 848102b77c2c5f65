"""`seastack pack build|install|check|list|remove`: exit codes and what each prints."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor import cli
from editor.core.pack_files.user_folders import DATA_DIR_VARIABLE
from tests.core.pack_files.kit import CARDS, make_layout, make_pack, manifest_for, write_zip


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder of the test's own, and a working folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(folder))
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    return folder


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["pack", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_build_install_list_check_remove(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = make_pack(tmp_path / "zaps")
    code, out, _ = _run(capsys, "build", str(pack), "-o", str(tmp_path / "out"))
    built = tmp_path / "out" / "zaps-0.3.0.seastack"
    assert (code, out) == (0, f"wrote {built}\n")

    code, out, err = _run(capsys, "check", str(built))
    assert code == 0
    assert out == f"{built}: OK, zaps 0.3.0 (snails); 2 files\n"
    assert not data_dir.exists()

    code, out, _ = _run(capsys, "install", str(built))
    folder = data_dir / "packs" / "zaps" / "0.3.0"
    assert (code, out) == (0, f"installed zaps 0.3.0 in {folder}\n")
    assert (folder / "cards.yaml").read_text() == CARDS

    code, out, err = _run(capsys, "install", str(built))
    assert code == 1
    assert "already-installed: zaps 0.3.0 is installed already" in out
    assert "--force" in out
    assert "refused; nothing installed" in err
    assert _run(capsys, "install", "--force", str(built))[0] == 0

    code, out, _ = _run(capsys, "list")
    assert code == 0
    assert out.split() == ["zaps", "0.3.0", "snails", "Zaps"]
    code, out, _ = _run(capsys, "list", "--json")
    listed = json.loads(out)
    assert [(p["id"], p["version"], p["folder"]) for p in listed["packs"]] == [
        ("zaps", "0.3.0", str(folder))
    ]
    assert listed["packs"][0]["dependencies"] == {"snails-base": ">=1.0,<2"}

    code, out, _ = _run(capsys, "remove", "zaps")
    assert (code, out) == (0, f"removed zaps 0.3.0 ({folder})\n")
    assert not folder.exists()
    code, _, err = _run(capsys, "remove", "zaps")
    assert code == 2
    assert "no pack 'zaps' is installed" in err
    code, out, err = _run(capsys, "list")
    assert (code, out) == (0, "")
    assert "no pack is installed" in err


def test_build_refuses_a_pack_with_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = make_pack(tmp_path / "zaps", cards=CARDS.replace("copies: 4", "copies: 0"))
    code, out, err = _run(capsys, "build", str(pack), "-o", str(tmp_path / "out"))
    assert code == 1
    assert out.startswith(f"{pack / 'cards.yaml'}:5:13: error out-of-range:")
    assert "refused; nothing written" in err
    assert not (tmp_path / "out").exists()


def test_unusable_paths_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "build", str(tmp_path / "nothing"))
    assert code == 2 and "no such file or folder" in err
    code, _, err = _run(capsys, "install", str(tmp_path / "nothing.seastack"))
    assert code == 2 and "no such file" in err
    code, _, err = _run(capsys, "check", str(tmp_path))
    assert code == 2 and "is a folder" in err
    code, _, err = _run(capsys, "build", str(tmp_path), "--packs", str(tmp_path / "nope"))
    assert code == 2 and "--packs" in err
    with pytest.raises(SystemExit) as caught:
        cli.main(["pack"])
    assert caught.value.code == 2


def test_a_hostile_file_is_refused_with_its_entry_named(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {"packs/zaps/pack.yaml": b"id: zaps\n", "../../evil.yaml": b"x: 1\n"}
    path = write_zip(tmp_path / "evil.seastack", files, manifest_for(files))
    code, out, _err = _run(capsys, "install", str(path))
    assert code == 1
    assert f"{path}:1:1: error unsafe-entry: the entry '../../evil.yaml' is refused" in out
    assert not (tmp_path.parent / "evil.yaml").exists()
    assert not list(data_dir.rglob("*.yaml"))


def test_a_scenario_is_built_installed_and_played(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    proj = tmp_path / "proj"
    make_pack(proj / "zaps")
    layout = make_layout(proj)
    code, out, _ = _run(capsys, "build", str(layout), "--packs", str(proj), "-o", str(tmp_path))
    built = tmp_path / "zapland-scenario.seastack"
    assert (code, out) == (0, f"wrote {built}\n")
    code, _, _ = _run(capsys, "build", str(layout), "--with-deps", "--packs", str(proj))
    assert code == 2
    code, out, err = _run(capsys, "install", str(built))
    placed = data_dir / "scenarios" / "zapland" / "zapland.layout.yaml"
    assert code == 0
    assert out.splitlines()[-1] == f"installed the layout {placed}"
    assert f"seastack simulate {placed}" in err
    code, out, _ = _run(capsys, "list")
    assert f"scenario  {placed}" in out
