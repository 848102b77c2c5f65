"""`seastack sweep`: the table, --json the same on every backend, --plot, --target, and bad
input said with file:line:col before any game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main
from editor.core.resources import layouts_dir

SNAKES = str(layouts_dir() / "snakes-of-wrath.layout.yaml")
CRAB = str(layouts_dir() / "crustacean.layout.yaml")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["sweep", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_table_of_each_measure_per_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, SNAKES, "--vary", "ruleset.target=4,12", "--games", "3", "--jobs", "1"
    )
    assert code == 0
    assert "2 combinations of ruleset.target, 3 games each" in out
    assert "ruleset.target is 13 at" in out and "ruleset.yaml:9:9" in out
    header = next(line for line in out.splitlines() if line.strip().startswith("win rates"))
    assert header.split()[-2:] == ["4", "12"]
    assert any(line.strip().startswith("seat:1 win") and "%" in line for line in out.splitlines())
    assert any(line.strip().startswith("rounds") for line in out.splitlines())


def test_json_is_the_same_for_any_jobs_and_on_dask(capsys: pytest.CaptureFixture[str]) -> None:
    args = (
        SNAKES,
        "--vary",
        "ruleset.target=5,9",
        "--vary",
        "ruleset.rack=6,8",
        "--games",
        "4",
        "--json",
    )
    one = run(capsys, *args, "--jobs", "1")
    two = run(capsys, *args, "--jobs", "2")
    on_dask = run(capsys, *args, "--jobs", "2", "--dask")
    assert one[0] == two[0] == on_dask[0] == 0
    assert one[1] == two[1] == on_dask[1]
    data = json.loads(one[1])
    assert [c["values"] for c in data["combinations"]] == [
        {"ruleset.target": 5, "ruleset.rack": 6},
        {"ruleset.target": 5, "ruleset.rack": 8},
        {"ruleset.target": 9, "ruleset.rack": 6},
        {"ruleset.target": 9, "ruleset.rack": 8},
    ]
    assert all(c["finished"] == 4 for c in data["combinations"])
    assert data["varies"][1]["place"] == "snakes-of-wrath-base/ruleset:rack"


def test_adding_a_value_leaves_the_others_results(capsys: pytest.CaptureFixture[str]) -> None:
    few = json.loads(run(capsys, SNAKES, "--vary", "ruleset.target=7", "--games", "3", "--json")[1])
    more = json.loads(
        run(capsys, SNAKES, "--vary", "ruleset.target=3,7", "--games", "3", "--json")[1]
    )
    assert few["combinations"][0] == more["combinations"][1]


def test_plots_are_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png, svg = tmp_path / "w.png", tmp_path / "w.svg"
    args = ("--vary", "ruleset.rounds=2,3", "--games", "2", "--jobs", "1", "--bots", "random")
    assert run(capsys, CRAB, *args, "--plot", str(png))[0] == 0
    assert png.read_bytes().startswith(b"\x89PNG")
    assert (
        run(capsys, SNAKES, "--vary", "ruleset.target=3,5", "--games", "2", "--plot", str(svg))[0]
        == 0
    )
    text = svg.read_text(encoding="utf-8")
    assert "<svg" in text and "seat 1" in text and "ruleset.target" in text
    code, _, err = run(
        capsys, SNAKES, "--vary", "ruleset.target=3", "--plot", str(tmp_path / "w.gif")
    )
    assert code == 2 and ".png or .svg" in err


def test_a_target_is_searched(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        SNAKES,
        "--vary",
        "ruleset.target=3..30",
        "--games",
        "6",
        "--target",
        "rounds=10",
        "--json",
    )
    found = json.loads(out)["target"]
    assert code == 0 and found["reached"] is True
    low, high = found["bracket"]
    assert high - low == 1 and low <= found["value"] <= high
    assert len(found["played"]) < 28  # bisection, not every value
    code, _, err = run(
        capsys,
        SNAKES,
        "--vary",
        "ruleset.target=3,4",
        "--vary",
        "ruleset.rack=6",
        "--target",
        "rounds=10",
    )
    assert code == 2 and "exactly one --vary" in err


@pytest.mark.parametrize(
    ("vary", "words"),
    [
        ("cards.revolver.results.square.damage=5", "cards.yaml:17:7: error sweep-path"),
        ("ruleset.contamination.per_round=-1,1", "ruleset.yaml:45:14: error out-of-range"),
        ("ruleset.rounds=1..x", "'x' in '1..x' is not a number"),
        ("ruleset.rounds", "is not PATH=VALUES"),
    ],
)
def test_bad_input_is_said_before_any_game(
    capsys: pytest.CaptureFixture[str], vary: str, words: str
) -> None:
    code, out, err = run(capsys, CRAB, "--vary", vary, "--games", "2")
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err
    assert all(line.startswith("seastack sweep: ") for line in err.splitlines())
