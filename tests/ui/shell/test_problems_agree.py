"""The Problems dock and the simulator agree: when the simulator refuses a design the live
checks pass (its engine cannot set it up, a pack file that is not open has errors), the
dock lists the simulator's reason with its file, line and column; once it plays, the reason
goes. And a "stock exceeded" the last edit brought points at the space edited."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.resources import content_dir
from editor.sim.live import Snapshot
from editor.studio.design_refusal import CODE
from editor.ui.shell.problems_panel import summary_text

#: Generous bounds on waiting for background work (not speed requirements).
WAIT_MS = 60_000


def simulate(window: Any) -> None:
    window.simulator.form.games.setValue(2)
    window.simulator_dock.show()
    window.simulator_dock.raise_()


def wait_for(qtbot: QtBot, window: Any, test: Any) -> Snapshot:
    qtbot.waitUntil(lambda: test(window.simulator.snapshot()), timeout=WAIT_MS)
    snap: Snapshot = window.simulator.snapshot()
    return snap


def test_an_engine_refusal_is_a_problem_in_the_dock(
    qtbot: QtBot, open_window: Any, crab_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = registry.get("snails")
    assert game is not None and game.engine is not None

    def prepare(ws: Any, layout: Any) -> Any:
        raise ValueError("the sea would rise past the end of its track")

    monkeypatch.setattr(game.engine, "prepare", prepare)
    window = open_window(crab_file)
    panel = window.problems_panel
    assert panel.diagnostics == []  # the checks find nothing wrong
    simulate(window)
    snap = wait_for(qtbot, window, lambda s: s.state == "paused" and "cannot set up" in s.reason)
    qtbot.waitUntil(lambda: bool(panel.refusal), timeout=WAIT_MS)
    lead = panel.refusal[0]
    assert lead.code == CODE and lead.is_error
    assert snap.reason in lead.message  # the simulator's own words
    assert "the sea would rise past the end of its track" in lead.message
    assert panel.summary.text() == summary_text(panel.diagnostics) == "1 error"
    assert panel.list.item(0).text().startswith("the simulator cannot play this design")

    # the engine takes the design again: once the simulator plays it, the dock is clear
    monkeypatch.undo()  # the engine as it is (its batches travel to worker processes)
    window.simulator.run_again()
    wait_for(qtbot, window, lambda s: s.ready is not None and s.state in ("running", "done"))
    qtbot.waitUntil(lambda: panel.refusal == [], timeout=WAIT_MS)
    assert panel.summary.text() == "No problems found"


def test_errors_in_a_pack_file_not_open_are_listed_as_the_simulator_says(
    qtbot: QtBot, open_window: Any, crab_file: Path, tmp_path: Path
) -> None:
    # the designer's own copy of the base pack (same id: it replaces the bundled one), with
    # a card whose damage is not a number; the file is not open in a tab
    packs = tmp_path / "packs"
    shutil.copytree(content_dir() / "snails-base", packs / "snails-base")
    cards = packs / "snails-base" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert "damage: " in text
    broken = text.replace("damage: ", "damage: lots-", 1)
    cards.write_text(broken, encoding="utf-8")
    window = open_window(crab_file)
    window.set_project_folders([packs])
    window.run_checks()
    panel = window.problems_panel
    assert not [d for d in panel.diagnostics if d.is_error]  # the layout's own checks pass
    simulate(window)
    snap = wait_for(qtbot, window, lambda s: s.state == "paused" and bool(s.diagnostics))
    qtbot.waitUntil(lambda: bool(panel.refusal), timeout=WAIT_MS)
    listed = [d.format() for d in panel.refusal[1:]]
    assert listed == list(snap.diagnostics)  # the same problems, file, line and column
    assert all(Path(d.path).name == "cards.yaml" for d in panel.refusal[1:])


def test_stock_exceeded_points_at_the_space_just_painted(open_window: Any, crab_file: Path) -> None:
    window = open_window(crab_file)
    panel = window.problems_panel
    window.model.apply({"A1": ["beach"]})  # every beach is placed already: one too many
    window.run_checks()
    rows = [row for row, d in enumerate(panel.diagnostics) if d.code == "stock-exceeded"]
    assert len(rows) == 1
    assert panel.space_of(rows[0]) == "A1"
    assert panel.list.item(rows[0]).text().split("\n")[1].startswith("A1 · line")
