"""The game-free rules-examples runner: finding files, dispatching, verdict lines, exit codes.

A toy game registered for these tests only runs examples whose ``given.count`` grows by each
step's ``add`` and whose ``expect.count`` says what it should be, so the runner's behaviour is
checked without any real rules engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from editor.cli import main
from editor.core import registry
from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document
from editor.core.workspace import Workspace
from editor.sim.examples import Status, run_examples
from tests.sim.test_runner import RaceEngine


def _toy_runner(ws: Workspace, document: Document) -> tuple[list[Diagnostic], list[str]]:
    data: dict[str, Any] = document.data
    if data["given"].get("crash"):
        raise RuntimeError("the toy broke")
    count = data["given"].get("count")
    if not isinstance(count, int):
        return [document.error_at(("given",), "missing-key", "the toy needs given.count")], []
    for step in data["steps"]:
        count += step.get("add", 0)
    expected = data["expect"].get("count")
    if expected != count:
        return [], [f"count: expected {expected}, got {count}"]
    return [], []


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game with an examples hook, and one without, registered for one test."""
    play = registry.GamePlay(RaceEngine(), registry.GameType(1, 4), examples=_toy_runner)
    game = registry.Game(id="toy", name="Toy", grid="none", play=play)
    mute = registry.Game(id="mute", name="Mute", grid="none")
    monkeypatch.setitem(registry._GAMES, "toy", game)
    monkeypatch.setitem(registry._GAMES, "mute", mute)


def _example(folder: Path, name: str, *, count: int = 1, add: int = 1, expect: int = 2) -> Path:
    path = folder / f"{name}.example.yaml"
    path.write_text(
        f"example: Toy {name}\ngame: toy\ngiven: {{count: {count}}}\n"
        f"steps:\n  - {{add: {add}}}\nexpect: {{count: {expect}}}\n",
        encoding="utf-8",
    )
    return path


def _cli(capsys: pytest.CaptureFixture[str], *paths: Path | str) -> tuple[int, str, str]:
    code = main(["examples", *(str(p) for p in paths)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.usefixtures("toy")
def test_passing_examples_print_pass_lines_and_exit_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _example(tmp_path, "one")
    _example(tmp_path, "two", count=5, add=-5, expect=0)
    (tmp_path / "notes.txt").write_text("not an example")
    code, out, err = _cli(capsys, ".")
    assert code == 0
    assert out.splitlines() == ["PASS one.example.yaml: Toy one", "PASS two.example.yaml: Toy two"]
    assert "2 examples: 2 passed, 0 failed" in err


@pytest.mark.usefixtures("toy")
def test_a_failing_example_says_what_differed_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _example(tmp_path, "good")
    _example(tmp_path, "bad", add=2, expect=2)
    code, out, _ = _cli(capsys, "good.example.yaml", "bad.example.yaml")
    assert code == 1
    assert out.splitlines() == [
        "FAIL bad.example.yaml: Toy bad: count: expected 2, got 3",
        "PASS good.example.yaml: Toy good",
    ]


@pytest.mark.usefixtures("toy")
def test_a_file_that_cannot_be_run_exits_2_with_file_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _example(tmp_path, "good")
    _example(tmp_path, "failing", expect=9)
    (tmp_path / "syntax.example.yaml").write_text("example: x\ngame: [toy\n")
    (tmp_path / "schema.example.yaml").write_text(
        "example: x\ngame: toy\ngiven: {}\nsteps: []\nexpect: {}\nextra: 1\n"
    )
    (tmp_path / "hook.example.yaml").write_text(
        "example: Hook\ngame: toy\ngiven: {}\nsteps: []\nexpect: {}\n"
    )
    (tmp_path / "mute.example.yaml").write_text(
        "example: Mute\ngame: mute\ngiven: {}\nsteps: []\nexpect: {}\n"
    )
    code, out, err = _cli(capsys, ".")
    assert code == 2  # a broken file wins over a failing one
    assert [line.split(":")[0] for line in out.splitlines()] == [
        "FAIL failing.example.yaml",
        "PASS good.example.yaml",
    ]
    assert "syntax.example.yaml:3:1: error yaml-syntax:" in err
    assert "schema.example.yaml:6:1: error unknown-key: unknown key 'extra'" in err
    assert "hook.example.yaml:3:8: error missing-key: the toy needs given.count" in err
    assert "mute.example.yaml:2:7: error no-examples:" in err
    assert "could not be run" in err


@pytest.mark.usefixtures("toy")
def test_paths_that_hold_no_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli(capsys, tmp_path / "missing")[0] == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = _cli(capsys, empty)
    assert code == 2 and "no *.example.yaml file" in err
    other = tmp_path / "island.layout.yaml"
    other.write_text("id: island\n")
    code, _, err = _cli(capsys, other)
    assert code == 2 and "not a rules example" in err
    assert _cli(capsys, " ")[0] == 2


@pytest.mark.usefixtures("toy")
def test_results_in_file_order_with_statuses(tmp_path: Path) -> None:
    _example(tmp_path, "b-fails", expect=7)
    _example(tmp_path, "a-passes")
    run = run_examples([tmp_path])
    assert [r.status for r in run.results] == [Status.PASSED, Status.FAILED]
    assert run.results[1].differences == ("count: expected 7, got 2",)
    assert run.exit_code == 1
    assert run.summary() == "2 examples: 1 passed, 1 failed"


@pytest.mark.usefixtures("toy")
def test_a_crash_of_the_game_makes_that_example_unrunnable_and_the_others_still_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _example(tmp_path, "fine")
    (tmp_path / "crash.example.yaml").write_text(
        "example: Crash\ngame: toy\ngiven: {crash: true}\nsteps: []\nexpect: {}\n"
    )
    code, out, err = _cli(capsys, ".")
    # not the example's failure: it could not be run, and the others still are
    assert code == 2
    assert out.splitlines() == ["PASS fine.example.yaml: Toy fine"]
    assert (
        "crash.example.yaml:1:1: error internal-error: internal error of the Toy rules"
        " (RuntimeError: the toy broke); please report it"
    ) in err
