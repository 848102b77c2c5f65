"""A file of a pack folder is judged with its own folder, even when the pack's id is also a
bundled pack's (a designer's edited copy of ``snails-base``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor import cli
from editor.core.resources import content_dir
from editor.core.workspace import load_workspace

pytestmark = pytest.mark.usefixtures("leave_nothing")


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """An edited copy of snails-base: the Pirates' card is one no pack defines."""
    folder = tmp_path / "copy" / "snails-base"
    shutil.copytree(content_dir() / "snails-base", folder)
    factions = folder / "factions.yaml"
    text = factions.read_text(encoding="utf-8")
    assert text.count("    card: claw\n") == 1
    factions.write_text(text.replace("    card: claw\n", "    card: no-such-card\n"))
    return folder


def _line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").split("\n").index(text) + 1


def test_one_file_of_a_copy_is_judged_with_its_own_folder(copy: Path) -> None:
    factions = copy / "factions.yaml"
    ws = load_workspace([factions])
    assert ws.packs["snails-base"].folder.resolve() == copy.resolve()
    found = [(d.code, d.line) for d in ws.report()]
    assert ("unknown-id", _line_of(factions, "    card: no-such-card")) in found
    assert {d.path for d in ws.report()} == {str(factions)}


def test_the_file_and_the_folder_give_the_same_verdict_on_it(
    copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    factions = copy / "factions.yaml"
    alone = [d for d in load_workspace([factions]).report() if d.path == str(factions)]
    folder = [d for d in load_workspace([copy]).report() if d.path == str(factions)]
    assert alone == folder and alone
    assert cli.main(["validate", str(factions)]) == 1
    assert "unknown-id: no card 'no-such-card'" in capsys.readouterr().out


def test_another_file_of_the_copy_sees_the_copys_factions(copy: Path) -> None:
    """cards.yaml is unchanged, but the copy's Pirates no longer name the claw."""
    cards = copy / "cards.yaml"
    codes = {d.code for d in load_workspace([cards]).report()}
    assert "bad-value" in codes


def test_an_unedited_copy_of_one_file_is_clean(tmp_path: Path) -> None:
    folder = tmp_path / "snails-base"
    shutil.copytree(content_dir() / "snails-base", folder)
    for name in ("factions.yaml", "cards.yaml", "pack.yaml"):
        assert load_workspace([folder / name]).report() == [], name


def test_the_bundled_pack_is_still_judged_as_bundled() -> None:
    bundled = content_dir() / "snails-base" / "factions.yaml"
    ws = load_workspace([bundled])
    assert ws.packs["snails-base"].bundled
    assert ws.report() == []
