"""``seastack simulate ... --report OUT.html``: the batch played is written as the same
report the editor exports, its figures those of the batch (seed and results); a folder that
does not exist is refused before any game is played, in one line."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor.core.resources import layouts_dir
from editor.sim import simulate
from editor.studio.report import write_report
from tests.studio.report.test_report import parse, table_rows


def args_of(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="seastack")
    simulate.add_parser(parser.add_subparsers(dest="command"))
    return parser.parse_args(["simulate", *argv])


def test_the_report_is_written_with_the_batchs_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "crab.html"
    layout = str(layouts_dir() / "crustacean.layout.yaml")
    argv = [layout, "--games", "6", "--seed", "11", "--jobs", "1", "--players", "2"]
    code = simulate.simulate(args_of(*argv, "--report", str(out), "--json"), report=write_report)
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert f"report written to {out}" in printed.err
    summary = json.loads(printed.out)
    doc = parse(out)
    settings = dict(table_rows(doc.find("section", id="settings")))
    assert settings["seed"] == "11" and settings["players"] == "2"
    assert settings["games"].startswith("6 planned, 6 finished")
    seats = doc.find("div", **{"data-table": "Win rate per seat"})
    for entry, row in zip(summary["seats"], table_rows(seats.find("table"))[1:], strict=True):
        wins = entry["wins"]
        assert row[1].startswith(f"{100 * wins['successes'] / wins['trials']:.1f}% ±")
    assert "seastack simulate" in doc.find("p", **{"class": "made"}).text()


def test_a_report_into_a_missing_folder_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no such folder" / "crab.html"
    layout = str(layouts_dir() / "crustacean.layout.yaml")
    code = simulate.simulate(args_of(layout, "--report", str(out)), report=write_report)
    printed = capsys.readouterr()
    assert code == 2
    assert printed.err.strip().count("\n") == 0 and "does not exist" in printed.err
    assert "games in" not in printed.err  # no game was played
    assert not out.exists()


def test_without_a_writer_the_report_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = str(layouts_dir() / "crustacean.layout.yaml")
    code = simulate.simulate(args_of(layout, "--report", str(tmp_path / "x.html")))
    assert code == 2 and "--report" in capsys.readouterr().err
