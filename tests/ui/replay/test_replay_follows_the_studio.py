"""The live simulator's results reach the board's heatmap and the Replay tab; a game the
simulator asks to replay comes up in the Replay tab; a seed plays before any batch."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.sim.runner import BatchPlan, GameResult, run_batch
from editor.ui.replay.replay_panel import ReplayPanel


def publish(window: Any, results: list[GameResult], snapshot: Any) -> None:
    """What the simulator dock hands the studio: its snapshot with the results of the layout
    open now, or None when there is no batch to speak of (the board's heatmap and the Replay
    tab listen to the studio)."""
    shown = None if snapshot is None else SimpleNamespace(**vars(snapshot), results=tuple(results))
    window.studio.results_arrived(shown if results else None)


def a_batch(window: Any) -> tuple[list[GameResult], Any]:
    """A real batch on the window's layout and a snapshot that says how it was played."""
    model = window.model
    game = registry.playable(model.layout.game)
    assert game is not None and game.engine is not None and game.metrics is not None
    prepared = game.engine.prepare(model.workspace, model.layout)
    plan = BatchPlan(
        games=5,
        players=2,
        bots=("random", "random"),
        seed=2,
        factions=tuple(game.engine.factions(prepared)),
        digest=True,
    )
    results = run_batch(game.engine, prepared, plan, measure=game.metrics.measure)
    ready = SimpleNamespace(
        engine=game.engine,
        prepared=prepared,
        layout=model.layout,
        loaded=SimpleNamespace(workspace=model.workspace),
    )
    return results, SimpleNamespace(plan=plan, ready=ready)


def test_results_feed_the_heatmap_and_the_replay_tab(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    assert window.tabs.indexOf(window.replay_panel) == 1
    results, snapshot = a_batch(window)
    publish(window, results, snapshot)
    assert [m.id for m in window.heatmap_layer.heatmaps()][:2] == ["deaths", "drowned"]
    assert window.replay_panel.games.rowCount() == 5
    # the simulator asks for game 3: the Replay tab comes forward with it, the same end proven
    window.simulator.replay_requested.emit(results[2])
    assert window.tabs.currentWidget() is window.replay_panel
    shown = window.replay_panel.replay
    assert shown is not None and shown.spec.seed == results[2].seed
    assert "the same end as the simulated game" in window.replay_panel.status.text()
    # a new batch begins with no results: the heatmap clears, the list empties
    publish(window, [], None)
    assert window.heatmap_layer.heatmaps() == []
    assert window.replay_panel.games.rowCount() == 0


def test_the_replay_tab_and_the_simulator_share_the_windows_studio(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    # a Replay tab without a studio follows nothing: no layout to play a seed on
    alone = ReplayPanel()
    qtbot.addWidget(alone)
    assert alone.fallback is None and not alone.seed_button.isEnabled()
    # the window's simulator publishes to the studio its Replay tab listens to
    assert window.simulator.studio is window.studio
    assert window.replay_panel.fallback is not None


def test_a_seed_plays_on_the_edited_layout_before_any_batch(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    panel = window.replay_panel
    assert panel.seed_button.isEnabled()
    panel.seed_edit.setText("99")
    panel.seed_button.click()
    played = panel.replay
    assert played is not None and played.spec.seed == 99 and played.outcome is not None
    assert panel.board.board_scene.item_for("A1") is not None
    # the editing board is untouched by the replay's board
    assert window.board_view.board_scene is not panel.board.board_scene
    # an edit drops the context made from the old layout; the next seed uses the new one
    assert panel.context is not None
    window.studio.text_changed(None)  # a change to the design
    assert panel.context is None


def test_results_may_come_from_the_snapshot_alone(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    results, snapshot = a_batch(window)
    snapshot.results = tuple(results)
    window.studio.results_arrived(snapshot)
    assert window.replay_panel.games.rowCount() == len(results)
    assert window.heatmap_layer.heatmaps()


def test_the_live_simulator_feeds_the_heatmap_and_its_games_replay_to_the_same_end(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    simulator = window.simulator
    simulator.play_now()
    qtbot.waitUntil(lambda: simulator.snapshot().state == "done", timeout=180_000)
    results = simulator.results()
    finished = [r for r in results if r.ok]
    assert finished
    qtbot.waitUntil(lambda: window.replay_panel.games.rowCount() == len(results))
    assert window.heatmap_layer.heatmaps()
    deaths = next(m for m in window.heatmap_layer.heatmaps() if m.id == "deaths")
    assert deaths.games == len(finished)
    for result in finished[:3]:
        simulator.replay_requested.emit(result)
        shown = window.replay_panel.replay
        assert shown is not None and shown.spec.seed == result.seed
        assert "the same end as the simulated game" in window.replay_panel.status.text()


def test_another_layout_shows_nothing_of_the_old_layouts_batch(
    qtbot: QtBot, open_window: Any, crab_file: Path, prompts: Any
) -> None:
    from editor.core.resources import layouts_dir
    from editor.sim.live import Snapshot

    window = open_window(crab_file)
    results, snap = a_batch(window)

    def old_batch(generation: int, games: int) -> Snapshot:
        return Snapshot(
            generation, "running", results=tuple(results[:games]), plan=snap.plan, ready=snap.ready
        )

    window.simulator._received(old_batch(1, 3))
    assert window.heatmap_layer.heatmaps()
    assert window.replay_panel.games.rowCount() == 3
    assert window.files.open_file(layouts_dir() / "robot.layout.yaml")
    assert window.heatmap_layer.heatmaps() == []
    assert window.replay_panel.games.rowCount() == 0
    assert window.replay_panel.context is None  # a seed entered now plays the new layout
    # the old batch goes on (a hidden dock lets it finish), or a paused simulator hands it
    # on under a new generation: neither is drawn over the new layout
    window.simulator._received(old_batch(1, 5))
    window.simulator._received(old_batch(2, 5))
    assert window.heatmap_layer.heatmaps() == []
    assert window.replay_panel.games.rowCount() == 0
    # the new layout's own batch is shown
    fresh, fresh_snap = a_batch(window)
    window.simulator._received(
        Snapshot(3, "running", results=tuple(fresh), plan=fresh_snap.plan, ready=fresh_snap.ready)
    )
    assert window.heatmap_layer.heatmaps()
    assert window.replay_panel.games.rowCount() == len(fresh)


def test_closing_the_window_stops_a_replay_playing(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    assert window.replay_panel.replay_seed(5) is not None
    window.replay_panel.play()
    assert window.replay_panel.playing
    assert window.close()
    assert not window.replay_panel.playing
