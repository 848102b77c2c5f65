"""A designer's pack and layout exported, installed into an empty data folder, validated and
simulated with the same seed: the same JSON as from the source folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor import cli
from editor.core.pack_files.archive import build_scenario
from editor.core.pack_files.install import install_pack_file
from tests.core.pack_files.kit import make_layout, make_pack

SIMULATE = ["--games", "6", "--seed", "11", "--jobs", "1", "--json"]


def _simulate(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    capsys.readouterr()
    assert cli.main(["simulate", *args, *SIMULATE]) == 0
    summary: dict[str, object] = json.loads(capsys.readouterr().out)
    return summary


def test_an_exported_scenario_plays_the_same_once_installed(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    proj = tmp_path / "proj"
    make_pack(proj / "packs" / "zaps")
    layout = make_layout(proj)
    before = _simulate(capsys, str(layout), "--packs", str(proj / "packs"))
    # the designer's card plays a part: without the pack the same seed plays otherwise
    bare = make_layout(tmp_path / "bare", packs=())
    assert _simulate(capsys, str(bare)) != before

    exported = build_scenario(layout, tmp_path / "out", pack_folders=[proj / "packs"])
    assert not data_dir.exists()  # the data folder starts empty
    installed = install_pack_file(exported.written[0])
    assert installed.layout is not None
    assert installed.layout.read_bytes() == layout.read_bytes()

    capsys.readouterr()
    assert cli.main(["validate", str(installed.layout)]) == 0
    assert capsys.readouterr().out == ""
    after = _simulate(capsys, str(installed.layout))
    assert after == before
