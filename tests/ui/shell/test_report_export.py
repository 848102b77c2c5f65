"""File > Export Playtest Report on the real window: the live simulator's batch (and the
baseline pinned in the Playtest tab) written as one HTML file in the folder chosen; nothing
to report, a file already there and a folder that cannot be written are told, never a crash."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from editor.sim.live import Snapshot
from tests.studio.report.test_report import parse, table_rows
from tests.ui.conftest import ScriptedPrompts

#: Generous bounds on waiting for background work (not speed requirements).
WAIT_MS = 60_000


def play(qtbot: QtBot, window: Any, games: int, after: int = 0) -> Snapshot:
    """Let the live simulator play a batch in the Playtest tab and wait for its end."""
    window.simulator.form.games.setValue(games)
    window.tabs.setCurrentWidget(window.playtest)

    def done() -> bool:
        snap: Snapshot = window.simulator.snapshot()
        return snap.generation > after and snap.state == "done"

    qtbot.waitUntil(done, timeout=WAIT_MS)
    snap: Snapshot = window.simulator.snapshot()

    def arrived() -> bool:  # the studio has it too (it comes by a queued signal)
        told = window.studio.results
        return told is not None and (told.generation, told.state) == (snap.generation, "done")

    qtbot.waitUntil(arrived, timeout=WAIT_MS)
    told: Snapshot = window.studio.results
    return told


def test_the_latest_batch_is_exported_as_a_report(
    qtbot: QtBot, open_window: Any, crab_file: Path, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    window = open_window(crab_file)
    assert window.menus.export_report_action in window.menus.file_menu.actions()
    snap = play(qtbot, window, 4)
    out_folder = tmp_path / "reports"
    out_folder.mkdir()
    prompts.folder_paths = [out_folder]
    window.menus.export_report_action.trigger()
    out = out_folder / "crustacean-playtest.html"
    assert out.is_file()
    doc = parse(out)
    assert window.model.layout.name in doc.find("h1").text()
    settings = dict(table_rows(doc.find("section", id="settings")))
    assert settings["seed"] == str(snap.plan.seed)  # type: ignore[union-attr]
    finished = [r for r in snap.results if r.ok]
    seats = doc.find("div", **{"data-table": "Win rate per seat"})
    for seat, row in enumerate(table_rows(seats.find("table"))[1:]):
        wins = sum(seat in r.winners for r in finished)
        assert row[1].startswith(f"{100 * wins / len(finished):.1f}% ±")
    warnings = [li.text() for li in doc.find("section", id="warnings").find_all("li")]
    assert warnings == list(snap.warnings)
    assert not doc.find_all("section", id="baseline")

    # pin it, play again: the report shows the baseline beside the new batch
    qtbot.waitUntil(lambda: window.playtest.current is not None, timeout=WAIT_MS)
    window.playtest.pin_baseline()
    assert window.playtest.baseline is not None
    first = snap.generation
    window.simulator.run_again()
    play(qtbot, window, 4, after=first)
    prompts.folder_paths = [out_folder]
    prompts.confirms = [True]  # the report of the first batch is there: replace it
    window.files.export_playtest_report()
    assert prompts.asked[-1][0] == "confirm"
    compared = parse(out)
    changes = compared.find("section", id="baseline").find_all("li")
    assert any(li.text().startswith("Seat 1:") for li in changes)


def test_nothing_to_report_is_told(
    open_window: Any, crab_file: Path, prompts: ScriptedPrompts
) -> None:
    window = open_window(crab_file)
    assert window.files.export_playtest_report() is None
    kind, text = prompts.asked[-1]
    assert kind == "error" and "not played this design yet" in text


def test_a_folder_that_cannot_be_written_is_told(
    qtbot: QtBot, open_window: Any, crab_file: Path, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    window = open_window(crab_file)
    play(qtbot, window, 2)
    prompts.folder_paths = [tmp_path / "no such folder"]
    assert window.files.export_playtest_report() is None
    kind, text = prompts.asked[-1]
    assert kind == "error" and "could not be written" in text
    assert window.isVisible()  # told, not crashed
