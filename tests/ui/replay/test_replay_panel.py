"""The Replay tab: a batch's games listed, one replayed step by step on the tab's own board
(pieces move, spaces sink), the event log in step, keys and play, a failed game's error."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.sim.runner import BatchPlan, GameResult, run_batch
from editor.studio.board_picture import layout_picture
from editor.ui.replay.replay_panel import FACTIONS_COLUMN, ReplayPanel, default_context


@pytest.fixture(scope="module")
def batch() -> dict[str, Any]:
    ws = load_workspace([layouts_dir() / "crustacean.layout.yaml"])
    layout = ws.layouts["crustacean"]
    game = registry.get("snails")
    assert game is not None and game.engine is not None
    engine = game.engine
    prepared = engine.prepare(ws, layout)
    plan = BatchPlan(
        games=6,
        players=2,
        bots=("heuristic", "random"),
        seed=21,
        factions=tuple(engine.factions(prepared)),
        digest=True,
    )
    results = run_batch(engine, prepared, plan)
    return {
        "ws": ws,
        "layout": layout,
        "engine": engine,
        "prepared": prepared,
        "plan": plan,
        "results": results,
    }


@pytest.fixture
def panel(qtbot: QtBot, batch: dict[str, Any]) -> ReplayPanel:
    widget = ReplayPanel()
    qtbot.addWidget(widget)
    widget.resize(1200, 600)
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_batch(
        batch["results"],
        batch["plan"],
        batch["engine"],
        batch["prepared"],
        batch["layout"],
        batch["ws"],
    )
    return widget


def faction_names(batch: dict[str, Any]) -> dict[str, str]:
    """The factions' display names by id, read from the packs' faction files."""
    names: dict[str, str] = {}
    for pack in batch["ws"].packs_in_use(batch["layout"]):
        for kind, document in pack.documents:
            if kind == "factions":
                names.update({f["id"]: f["name"] for f in document.data["factions"]})
    return names


def stack_shown(panel: ReplayPanel, label: str) -> list[str]:
    return panel.board.board_scene.item_for(label).stack


def test_the_games_of_the_batch_are_listed(panel: ReplayPanel, batch: dict[str, Any]) -> None:
    results: list[GameResult] = batch["results"]
    assert panel.games.rowCount() == len(results)
    first = results[0]
    row = [panel.games.item(0, col).text() for col in range(5)]
    assert not panel.games.isColumnHidden(FACTIONS_COLUMN)
    assert row[0] == "1" and row[1] == str(first.seed)
    # the factions and the winner by the names the packs give them
    names = faction_names(batch)
    assert row[2] == " vs ".join(names[f] for f in first.factions)
    assert all(names[f] != f for f in first.factions)  # names, not ids
    assert len(set(first.factions)) == len(first.factions)  # no faction twice: no numbers
    assert first.winners and row[3] == ", ".join(names[first.factions[s]] for s in first.winners)
    assert row[4] == str(first.rounds)
    # the same results again (a running batch repeats itself) keep the row chosen; more
    # results keep it too, on the same game
    panel.games.setCurrentCell(2, 0)
    panel.show_results(results)
    assert panel.games.currentRow() == 2
    panel.show_results(list(reversed(results)))
    assert panel.games.currentRow() == 2
    panel.show_results(results[1:])
    assert panel.games.currentRow() == 1 and panel.games.rowCount() == len(results) - 1


def test_stepping_moves_the_pieces_and_ends_on_the_replays_last_frame(
    qtbot: QtBot, panel: ReplayPanel, batch: dict[str, Any]
) -> None:
    qtbot.mouseClick(
        panel.games.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.games.visualItemRect(panel.games.item(0, 0)).center(),
    )
    played = panel.replay
    assert played is not None and panel.step == 0
    assert "the same end as the simulated game" in panel.status.text()
    assert panel.title.text().startswith("Game 1 · seed ")
    # step 1 places the first piece: it is on the board after the step, not before
    first_place = next(e for e in played.steps[1].events if e[0] == "place")
    label = first_place[2]
    assert panel.pieces.at(label) == []
    panel.step_forward()
    assert panel.step == 1
    names = [p.name for p in panel.pieces.at(label)]
    assert len(names) == 1
    assert names[0] in panel.board.board_scene.item_for(label).toolTip()
    # the log says it in words: the space chosen, the piece named
    header, *events = panel.log.texts_of(1)
    seat = played.steps[1].seat
    assert seat is not None
    faction = faction_names(batch)[played.spec.factions[seat]]
    assert header.startswith(f"step 1 · {faction} · ") and header.endswith(f"→ {label}")
    assert f"    {names[0]} starts on {label}" in events
    panel.step_back()
    assert panel.pieces.at(label) == []
    # the end shows the replay's last frame
    panel.to_end()
    last = played.steps[-1].frame
    assert last is not None and panel.frame() == last
    assert panel.step == len(played.steps) - 1 == panel.slider.value()
    for space, stack in last.stacks.items():
        assert stack_shown(panel, space) == list(stack)
    assert panel.situation.text() == " · ".join(last.status)
    assert panel.situation.text().startswith("contamination: ")
    living = sorted(p.name for p in last.pieces if p.alive)
    shown = sorted(p.name for lb in last.stacks for p in panel.pieces.at(lb))
    assert shown == living
    assert not panel.forward_button.isEnabled() and panel.back_button.isEnabled()


def test_pieces_show_their_health_as_the_badge_and_a_ring_in_the_shell(
    panel: ReplayPanel, batch: dict[str, Any]
) -> None:
    panel.replay_row(0)
    played = panel.replay
    assert played is not None
    factions = [faction_names(batch)[f] for f in played.spec.factions]
    seen = 0
    for step in range(len(played.steps)):
        panel.set_step(step)
        frame = panel.frame()
        assert frame is not None
        for piece in frame.pieces:
            health = piece.attribute("health")
            assert isinstance(health, int)
            assert piece.badge == str(health)
            assert piece.ring == (piece.attribute("guarded") == "in its shell")
            if piece.alive and piece.label is not None:
                tip = panel.board.board_scene.item_for(piece.label).toolTip()
                assert f"{piece.name} ({factions[piece.seat]}): {health} health" in tip
                seen += 1
    assert seen


def test_a_sunk_space_turns_to_water_at_its_step_and_back_before_it(
    panel: ReplayPanel, batch: dict[str, Any]
) -> None:
    found = None
    for row in range(panel.games.rowCount()):
        panel.replay_row(row)
        played = panel.replay
        assert played is not None
        for step in played.steps[1:]:
            for event in step.events:
                if event[0] == "destroyed" and step.frame and step.frame.stacks[event[1]] == ():
                    found = (step.number, event[1])
                    break
            if found:
                break
        if found:
            break
    assert found is not None, "no game of the batch sank a space"
    number, label = found
    panel.set_step(number)
    assert stack_shown(panel, label) == []
    panel.set_step(number - 1)
    assert stack_shown(panel, label) != []


def test_the_log_follows_the_step_and_a_click_on_an_event_jumps_there(
    qtbot: QtBot, panel: ReplayPanel
) -> None:
    panel.replay_row(1)
    played = panel.replay
    assert played is not None
    panel.set_step(3)
    assert panel.log.currentRow() == panel.log.rows_of(3)[0]
    assert panel.log.texts_of(3)[0].startswith("step 3 · ")
    seat = played.steps[3].seat
    assert seat is not None and f" · {panel.seat_names[seat]} · " in panel.log.texts_of(3)[0]
    rows = panel.log.rows_of(5)
    target = panel.log.item(rows[-1])
    panel.log.scrollToItem(target)
    qtbot.mouseClick(
        panel.log.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.log.visualItemRect(target).center(),
    )
    assert panel.step == 5
    assert panel.slider.value() == 5


def test_keys_step_jump_and_play_while_the_dock_has_the_focus(
    qtbot: QtBot, panel: ReplayPanel
) -> None:
    panel.replay_row(2)
    played = panel.replay
    assert played is not None
    panel.activateWindow()
    panel.log.setFocus()
    qtbot.waitUntil(lambda: panel.log.hasFocus())
    qtbot.keyClick(panel.log, Qt.Key.Key_Right)
    qtbot.keyClick(panel.log, Qt.Key.Key_Right)
    assert panel.step == 2
    qtbot.keyClick(panel.log, Qt.Key.Key_Left)
    assert panel.step == 1
    qtbot.keyClick(panel.log, Qt.Key.Key_End)
    assert panel.step == len(played.steps) - 1
    qtbot.keyClick(panel.log, Qt.Key.Key_Home)
    assert panel.step == 0
    qtbot.keyClick(panel.log, Qt.Key.Key_Space)
    assert panel.playing
    panel.speed.setCurrentIndex(panel.speed.count() - 1)
    qtbot.waitUntil(lambda: panel.step >= 2)
    qtbot.keyClick(panel.log, Qt.Key.Key_Space)
    assert not panel.playing
    panel.to_end()
    panel.play()  # at the end, play starts again from the set-up
    assert panel.step == 0 and panel.playing
    panel.pause()


def test_a_seed_entered_plays_that_seed(qtbot: QtBot, panel: ReplayPanel) -> None:
    panel.seed_edit.setText("12345")
    qtbot.mouseClick(panel.seed_button, Qt.MouseButton.LeftButton)
    played = panel.replay
    assert played is not None and played.spec.seed == 12345
    assert panel.title.text().startswith("Seed entered · seed 12345")
    assert panel.result is None
    panel.seed_edit.setText("twelve")
    qtbot.mouseClick(panel.seed_button, Qt.MouseButton.LeftButton)
    assert "whole number" in panel.status.text()
    assert panel.replay is played


def test_a_failed_game_replays_its_choices_up_to_its_error(
    panel: ReplayPanel, batch: dict[str, Any]
) -> None:
    good: GameResult = batch["results"][0]
    panel.replay_game(good)
    played = panel.replay
    assert played is not None
    # the same match, but its 6th choice is one no rule allows: the engine refuses it
    failed = dataclasses.replace(
        good,
        winners=(),
        reason="",
        rounds=0,
        steps=0,
        digest="",
        error="IllegalChoice: refused",
        choices=(*played.choices[:5], "no such choice"),
    )
    panel.show_results([failed])
    assert panel.games.item(0, 3).text() == "failed"
    panel.replay_row(0)
    again = panel.replay
    assert again is not None and again.error is not None
    assert again.error.startswith("IllegalChoice: ")
    assert panel.status.text().startswith("Failed at step 6: IllegalChoice")
    panel.to_end()
    assert panel.step == 6
    assert panel.log.texts_of(6)[-1].startswith("    error: IllegalChoice")
    # the refused choice changed nothing: the board is the one after step 5
    assert panel.frame() == played.steps[5].frame


def test_a_seed_before_any_batch_uses_the_layouts_own_engine(
    qtbot: QtBot, batch: dict[str, Any]
) -> None:
    widget = ReplayPanel()
    qtbot.addWidget(widget)
    assert not widget.seed_button.isEnabled()
    widget.set_context(default_context(batch["ws"], batch["layout"]))
    assert widget.seed_button.isEnabled()
    played = widget.replay_seed(7)
    assert played is not None and played.outcome is not None
    assert played.spec.players == 2


def test_a_broken_frame_hook_is_said_in_the_dock_not_a_crash(
    panel: ReplayPanel, batch: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(state: Any) -> Any:
        raise KeyError("no board")

    monkeypatch.setattr(panel, "_frame_hook", lambda: broken)
    assert panel.replay_game(batch["results"][0]) is None
    assert panel.status.text().startswith("Could not replay game 1: KeyError: 'no board'")


def test_a_replay_shown_still_steps_on_its_board_after_another_layout_opens(
    panel: ReplayPanel,
) -> None:
    panel.replay_row(0)
    played = panel.replay
    assert played is not None
    panel.layout_replaced()  # no batch, no context: the replay shown stays, a true replay
    assert panel.context is None and panel.games.rowCount() == 0
    panel.to_end()
    last = played.steps[-1].frame
    assert last is not None
    for label, stack in last.stacks.items():
        assert stack_shown(panel, label) == list(stack)
    alive = [p for p in last.pieces if p.label]
    assert alive and all(p in panel.pieces.at(p.label) for p in alive)


def test_before_any_replay_the_tab_shows_the_batchs_board(
    panel: ReplayPanel, batch: dict[str, Any]
) -> None:
    assert panel.replay is None
    layout = batch["layout"]
    land = sorted(label for label, stack in layout.spaces.items() if stack)
    assert land
    for label in land:
        assert stack_shown(panel, label) == list(layout.spaces[label])
    assert panel.pieces.pieces == ()


def test_another_layout_shows_on_the_replay_board_while_nothing_is_replayed(
    panel: ReplayPanel,
) -> None:
    robot_ws = load_workspace([layouts_dir() / "robot.layout.yaml"])
    robot = robot_ws.layouts["robot"]
    panel.layout_replaced(layout_picture(robot_ws, robot))
    for label, stack in robot.spaces.items():
        if stack:
            assert stack_shown(panel, label) == list(stack)


def test_the_step_and_the_situation_each_take_the_boards_width(
    qtbot: QtBot, panel: ReplayPanel, batch: dict[str, Any]
) -> None:
    panel.replay_game(batch["results"][0])
    panel.to_end()
    qtbot.waitUntil(lambda: bool(panel.situation.text()))
    # side by side, a long step left the situation a column a word wide beside it
    width = panel.board.width()
    assert panel.situation.width() >= 0.9 * width
    assert panel.step_label.width() >= 0.9 * width
    assert panel.situation.geometry().top() >= panel.step_label.geometry().bottom()
