"""The Simulator dock: the design as edited is played in worker processes, a content edit in
the YAML editor changes the next batch, invalid text pauses, a change cancels the batch in
flight, failed games reach the dock, and closing the window leaves no worker process."""

from __future__ import annotations

import json
import multiprocessing
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QScrollArea
from pytestqt.qtbot import QtBot

from editor.sim.live import Snapshot
from editor.sim.replay import choices_json
from editor.sim.runner import GameResult, game_seed

#: Generous bounds on waiting for background work (not speed requirements).
WAIT_MS = 60_000


def start(window: Any, games: int) -> None:
    """Few games per batch, then show the dock (a hidden dock plays nothing)."""
    window.simulator.form.games.setValue(games)
    window.simulator_dock.show()
    window.simulator_dock.raise_()


def wait_for(qtbot: QtBot, window: Any, test: Any) -> Snapshot:
    qtbot.waitUntil(lambda: test(window.simulator.snapshot()), timeout=WAIT_MS)
    snap: Snapshot = window.simulator.snapshot()
    return snap


def attack_deaths(snapshot: Snapshot) -> int:
    assert snapshot.summary is not None
    losses = next(s for s in snapshot.summary["sections"] if s["title"] == "Snails lost")
    row = next(r for r in losses["rows"] if r["label"] == "to attack")
    return int(row["cells"]["total"]["count"])


def test_the_dock_sits_in_sight_below_the_space_tabs_and_in_the_view_menu(
    open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file, live_simulation=True)
    assert window.simulator_dock.widget() is window.simulator
    assert window.dockWidgetArea(window.simulator_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.tabifiedDockWidgets(window.simulator_dock) == []
    assert window.simulator_dock.isVisible()
    assert window.simulator.simulator is not None  # in sight, so it plays
    titles = [a.text() for a in window.docks_menu.actions()]
    assert "Simulator" in titles
    design = window.studio.design()
    assert design.layout_path == crab_file
    assert design.layout_text == window.model.checked_text()


def test_editing_a_cards_damage_in_the_yaml_editor_changes_the_next_batch(
    qtbot: QtBot, open_window: Any, crab_file: Path, scratch_pack: Path
) -> None:
    window = open_window(crab_file)
    window.set_project_folders([scratch_pack.parent])
    start(window, 6)
    before = wait_for(qtbot, window, lambda s: s.state == "done")
    assert before.done == 6
    qtbot.waitUntil(lambda: "Done" in window.simulator.state_label.text(), timeout=WAIT_MS)
    # the figures are charted in the Playtest tab, which listens to the studio
    window.simulator.charts_button.click()
    qtbot.waitUntil(lambda: "Snails lost" in window.playtest.tables, timeout=WAIT_MS)
    assert window.simulator.rate_label.text().endswith("games/s")
    assert window.simulator.progress.value() == 6

    cards = scratch_pack / "cards.yaml"
    assert window.open_file_tab(cards)
    tab = window.documents.tab_of(cards)
    hard = re.sub(r"\{damage: \d+\}", "{damage: 99}", tab.text())
    tab.editor.setPlainText(hard)  # typed, not saved
    after = wait_for(
        qtbot, window, lambda s: s.generation > before.generation and s.state == "done"
    )
    assert after.done == 6
    assert cards.read_text() != hard
    # same seed, same bots: only the edited cards differ, and every hit now kills
    assert attack_deaths(after) > attack_deaths(before)


def test_a_syntax_error_pauses_the_simulator_with_the_reason(
    qtbot: QtBot, open_window: Any, crab_file: Path, scratch_pack: Path
) -> None:
    window = open_window(crab_file)
    window.set_project_folders([scratch_pack.parent])
    cards = scratch_pack / "cards.yaml"
    assert window.open_file_tab(cards)
    tab = window.documents.tab_of(cards)
    lines = tab.text().splitlines(keepends=True)
    line = next(i for i, text in enumerate(lines) if "copies: 3" in text)
    lines[line] = lines[line].replace("copies: 3", "copies: [3")
    tab.editor.setPlainText("".join(lines))
    start(window, 4)
    snap = wait_for(qtbot, window, lambda s: s.state == "paused")
    assert "fix" in snap.reason and snap.results == ()
    assert re.search(r"cards\.yaml:\d+:\d+: error", snap.diagnostics[0])
    qtbot.waitUntil(lambda: "Paused" in window.simulator.state_label.text(), timeout=WAIT_MS)
    assert "cards.yaml:" in window.simulator.state_label.text()
    # fixing the text plays again
    tab.editor.setPlainText(cards.read_text())
    fixed = wait_for(qtbot, window, lambda s: s.state == "done")
    assert fixed.done == 4


def test_a_change_during_a_batch_cancels_it(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    shown: list[Snapshot] = []
    window.simulator.results_changed.connect(shown.append)
    start(window, 5000)
    running = wait_for(qtbot, window, lambda s: s.state == "running" and s.done > 0)
    first = running.generation
    label = next(lb for lb, stack in window.model.layout.spaces.items() if stack)
    window.board.select_space(label)
    assert window.board.clear_selected()  # a layout edit: design_changed
    later = wait_for(qtbot, window, lambda s: s.generation > first and s.done > 0)
    assert later.ready is not None and label not in later.ready.layout.spaces
    generations = [s.generation for s in shown]
    assert generations == sorted(generations)  # nothing older after something newer
    assert max(s.done for s in shown if s.generation == first) < 5000
    window.simulator.form.games.setValue(3)  # a settings change plays again too
    done = wait_for(qtbot, window, lambda s: s.state == "done" and s.planned == 3)
    assert [r.seed for r in done.results] == [game_seed(0, i) for i in range(3)]


def test_closing_the_window_leaves_no_worker_process(
    qtbot: QtBot, open_window: Any, crab_file: Path, alive: Any
) -> None:
    window = open_window(crab_file)
    start(window, 5000)
    wait_for(qtbot, window, lambda s: s.state == "running" and s.done > 0)
    workers = [p.pid for p in multiprocessing.active_children() if p.pid]
    assert workers
    window.close()
    assert multiprocessing.active_children() == []
    assert not [pid for pid in workers if alive(pid)]


def test_a_failed_game_reaches_the_dock_with_its_seed_and_choices(
    qtbot: QtBot, open_window: Any, crab_file: Path, flaky_snails: Any
) -> None:
    flaky = flaky_snails()
    window = open_window(crab_file)
    window.simulator.context = "fork"  # forked workers know this module's engine
    start(window, 6)
    snap = wait_for(qtbot, window, lambda s: s.state == "done")
    failed = snap.failures
    failing = [i for i in range(6) if flaky.fails(game_seed(0, i))]
    assert [r.index for r in failed] == failing and failing
    qtbot.waitUntil(lambda: window.simulator.failures.topLevelItemCount() == len(failing))
    assert window.simulator.failed_box.isVisible()
    item = window.simulator.failures.topLevelItem(0)
    assert item.text(1) == str(failed[0].seed)
    assert item.text(3).startswith("RuntimeError: flaky engine")
    assert len(failed[0].choices) == flaky.fail_at
    text = window.simulator.copy_failures()
    ready = window.simulator.snapshot().ready
    assert ready is not None
    engine = ready.engine  # the choices as the engine's JSON
    line = next(
        json.loads(x.removeprefix("  choices: "))
        for x in text.splitlines()
        if x.startswith("  choices: ")
    )
    assert f"seed {failed[0].seed}" in text and line == choices_json(engine, failed[0].choices)
    assert any(
        "failed" in window.simulator.warnings.item(i).text()
        for i in range(window.simulator.warnings.count())
    )
    requested: list[GameResult] = []
    window.simulator.replay_requested.connect(requested.append)
    window.simulator.failures.setCurrentItem(item)
    window.simulator.replay_button.click()
    assert requested == [failed[0]]


def test_the_settings_are_remembered(
    open_window: Any, crab_file: Path, settings_file: Path
) -> None:
    window = open_window(crab_file)
    window.simulator.form.players.setValue(3)
    window.simulator.form.games.setValue(17)
    window.close()
    again = open_window(
        crab_file, settings=QSettings(str(settings_file), QSettings.Format.IniFormat)
    )
    settings = again.simulator.form.settings()
    assert (settings.players, settings.games) == (3, 17)


def test_pause_resume_and_run_again(qtbot: QtBot, open_window: Any, crab_file: Path) -> None:
    window = open_window(crab_file)
    panel = window.simulator
    start(window, 5000)
    running = wait_for(qtbot, window, lambda s: s.state == "running" and s.done > 0)
    panel.pause_button.click()
    paused = wait_for(qtbot, window, lambda s: s.state == "paused")
    assert paused.reason.startswith("paused by you")
    assert panel.pause_button.text() == "Resume"
    # a change while paused is remembered, not played
    window.studio.text_changed(None)  # a change to the design
    qtbot.waitUntil(lambda: panel.snapshot().generation > running.generation, timeout=WAIT_MS)
    assert panel.snapshot().state == "paused"
    panel.form.games.setValue(2)
    panel.pause_button.click()  # resume: the latest design and settings
    resumed = wait_for(qtbot, window, lambda s: s.state == "done" and s.planned == 2)
    assert [r.seed for r in resumed.results] == [game_seed(0, i) for i in range(2)]
    assert panel.pause_button.text() == "Pause"
    panel.again_button.click()  # the next batch seed
    again = wait_for(qtbot, window, lambda s: s.generation > resumed.generation and s.done == 2)
    assert [r.seed for r in again.results] == [game_seed(1, i) for i in range(2)]


def test_a_hidden_dock_plays_nothing_until_shown(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    window.simulator.form.games.setValue(2)
    assert not window.simulator_dock.isVisible()  # the test windows open it closed
    window.studio.text_changed(None)  # a change to the design
    qtbot.wait(600)  # longer than the debounce
    assert window.simulator.simulator is None
    assert window.simulator.snapshot().state == "idle"
    window.simulator_dock.show()
    done = wait_for(qtbot, window, lambda s: s.state == "done")
    assert done.done == 2


def test_the_settings_fold_away_behind_a_one_line_summary(
    open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    panel = window.simulator
    window.simulator_dock.show()
    assert not panel.form.isVisible()
    panel.form.players.setValue(3)
    assert panel.settings_line.text().startswith("3 players")
    panel.settings_button.click()
    assert panel.form.isVisible() and not panel.settings_line.isVisible()
    panel.settings_button.click()
    assert not panel.form.isVisible() and panel.settings_line.isVisible()


def test_failed_games_and_warnings_show_only_when_there_are_some(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    start(window, 2)
    snap = wait_for(qtbot, window, lambda s: s.state == "done")
    assert snap.failures == []
    assert not window.simulator.failed_box.isVisible()
    shown = window.simulator.warnings
    assert shown.isVisible() == bool(snap.warnings)
    assert [shown.item(i).text() for i in range(shown.count())] == [f"⚠ {w}" for w in snap.warnings]


def test_the_dock_names_the_packs_played_and_warns_of_an_open_pack_left_out(
    qtbot: QtBot, open_window: Any, crab_file: Path, tmp_path: Path
) -> None:
    own = tmp_path / "packs" / "my-cards"
    own.mkdir(parents=True)
    (own / "pack.yaml").write_text(
        "id: my-cards\nname: My cards\nversion: 0.2.0\ngame: snails\n", "utf-8"
    )
    (own / "cards.yaml").write_text("cards: []\n", "utf-8")
    window = open_window(crab_file)
    window.set_project_folders([own.parent])
    start(window, 4)
    wait_for(qtbot, window, lambda s: s.state == "done")
    qtbot.waitUntil(
        lambda: "snails-base 1.0.0" in window.simulator.packs_label.text(), timeout=WAIT_MS
    )
    warnings = [
        window.simulator.warnings.item(i).text() for i in range(window.simulator.warnings.count())
    ]
    assert not any("my-cards" in w for w in warnings)  # not open: nothing to warn of
    assert window.open_file_tab(own / "cards.yaml")
    start(window, 4)  # the file's tab may bring another dock forward: keep the dock in sight
    qtbot.waitUntil(
        lambda: any(
            "my-cards is open but not attached" in window.simulator.warnings.item(i).text()
            for i in range(window.simulator.warnings.count())
        ),
        timeout=WAIT_MS,
    )
    assert "my-cards" not in window.simulator.packs_label.text()


def test_the_dock_fits_its_place_beside_the_board_without_a_sideways_scroll(
    open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file, live_simulation=False)
    window.simulator_dock.show()
    scroll = window.simulator.findChild(QScrollArea)
    assert scroll is not None
    # the narrowest the right docks are given (a fifth of a 1280 window, less the frame)
    assert scroll.widget().minimumSizeHint().width() <= 240
    for button in (window.simulator.pause_button, window.simulator.sweep_button):
        assert button.isVisibleTo(window.simulator)
