"""The heatmap overlay: drawn from a batch's results over the board, switched, with a legend,
kept when the board's scene is rebuilt, cleared when there are no results."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from editor.core.layouts import Layout
from editor.core.resources import layouts_dir
from editor.core.workspace import Workspace, load_workspace
from editor.studio.board_picture import BoardPicture, layout_picture
from editor.ui.board.board_view import BoardView
from editor.ui.board.heatmap_layer import (
    HeatmapCombo,
    HeatmapLayer,
    HeatmapMenu,
    heat,
    ramp_colour,
)


def record(deaths_at: dict[str, dict[str, int]], destroyed_at: dict[str, list[int]]) -> Any:
    return {
        "rounds": 5,
        "error": None,
        "metrics": {"deaths_at": deaths_at, "destroyed_at": destroyed_at},
    }


@pytest.fixture(scope="module")
def crab() -> tuple[Workspace, Layout]:
    ws = load_workspace([layouts_dir() / "crustacean.layout.yaml"])
    return ws, ws.layouts["crustacean"]


@pytest.fixture
def view(qtbot: QtBot, crab: tuple[Workspace, Layout]) -> BoardView:
    ws, layout = crab
    board = BoardView(layout_picture(ws, layout))
    qtbot.addWidget(board)
    board.resize(900, 700)
    board.show()
    qtbot.waitExposed(board)
    return board


def land(layout: Layout) -> list[str]:
    return sorted(label for label, stack in layout.spaces.items() if stack)


def pixel(view: BoardView, label: str) -> QColor:
    """The colour shown half way between a space's centre and its right corner."""
    item = view.board_scene.item_for(label)
    point = view.mapFromScene(item.center.x() + item.size * 0.55, item.center.y())
    return view.viewport().grab().toImage().pixelColor(point)


def test_results_offer_heatmaps_and_the_chosen_one_colours_the_board(
    view: BoardView, crab: tuple[Workspace, Layout]
) -> None:
    ws, layout = crab
    hot, cold = land(layout)[:2]
    layer = HeatmapLayer(view)
    before = pixel(view, hot)
    layer.show_results([record({hot: {"water": 4}}, {})] * 2, layout, ws)
    assert [m.id for m in layer.heatmaps()] == ["deaths", "drowned", "survival", "sunk"]
    assert layer.current() is None and not layer.legend.isVisible()  # nothing chosen yet
    assert pixel(view, hot) == before

    layer.set_current("deaths")
    assert layer.value_at(hot) == 4.0 and layer.value_at(cold) == 0.0
    assert layer.colour_at(hot) == ramp_colour(1.0)
    assert layer.colour_at(cold) == ramp_colour(0.0)
    shown = pixel(view, hot)
    assert shown != before
    assert shown.red() > shown.blue() + 60  # the hot end of the ramp is red
    assert layer.legend.isVisible()
    assert layer.legend.title.text() == "Where snails die"
    assert layer.legend.ends.text() == "0  …  4"
    assert layer.legend.unit.text() == "deaths per game · 2 games"


def test_how_long_a_space_lasts_runs_hot_for_spaces_that_sink_early(
    view: BoardView, crab: tuple[Workspace, Layout]
) -> None:
    ws, layout = crab
    early = land(layout)[0]
    height = len(layout.spaces[early])
    layer = HeatmapLayer(view)
    layer.show_results([record({}, {early: [1] * height})], layout, ws)
    layer.set_current("survival")
    survival = layer.current()
    assert survival is not None and not survival.hot_high
    assert layer.value_at(early) == 1.0
    assert heat(survival, 1.0) == 1.0  # sunk in round 1: the alarming end
    assert layer.legend.bar.hot_high is False


def test_cycling_runs_through_every_heatmap_then_none(
    view: BoardView, crab: tuple[Workspace, Layout]
) -> None:
    ws, layout = crab
    layer = HeatmapLayer(view)
    layer.show_results([record({}, {})], layout, ws)
    seen = [getattr(layer.cycle(), "id", None) for _ in range(5)]
    assert seen == ["deaths", "drowned", "survival", "sunk", None]


def test_no_results_clear_the_overlay_and_a_new_batch_brings_the_choice_back(
    view: BoardView, crab: tuple[Workspace, Layout]
) -> None:
    ws, layout = crab
    layer = HeatmapLayer(view)
    layer.show_results([record({}, {})], layout, ws)
    layer.set_current("drowned")
    layer.show_results([], layout, ws)
    assert layer.heatmaps() == [] and layer.current() is None
    item = layer.item
    assert item is not None and not item.isVisible()
    assert not layer.legend.isVisible()
    layer.show_results([record({}, {})], layout, ws)
    current = layer.current()
    assert current is not None and current.id == "drowned"


def test_the_overlay_survives_a_rebuilt_scene(
    view: BoardView, crab: tuple[Workspace, Layout]
) -> None:
    ws, layout = crab
    layer = HeatmapLayer(view)
    hot = land(layout)[0]
    layer.show_results([record({hot: {"attack": 1}}, {})], layout, ws)
    layer.set_current("deaths")
    # another board: the scene drops every item and builds new ones
    view.board_scene.set_picture(BoardPicture.rectangle("Small", 3, 3, {"A1": ["beach"]}))
    assert layer.item is None
    layer.refresh()
    item = layer.item
    assert item is not None and item.scene() is view.board_scene and item.isVisible()


def test_the_menu_and_the_combo_follow_the_layer(
    view: BoardView, crab: tuple[Workspace, Layout]
) -> None:
    ws, layout = crab
    layer = HeatmapLayer(view)
    menu = HeatmapMenu(layer, view)
    combo = HeatmapCombo(layer, view)
    assert list(menu.choices) == [None] and not combo.isEnabled()
    layer.show_results([record({}, {})], layout, ws)
    assert list(menu.choices) == [None, "deaths", "drowned", "survival", "sunk"]
    menu.choices["sunk"].trigger()
    current = layer.current()
    assert current is not None and current.id == "sunk"
    assert combo.currentText() == "How often each space sinks"
    combo.setCurrentIndex(combo.findData("deaths"))
    current = layer.current()
    assert current is not None and current.id == "deaths"
    assert menu.choices["deaths"].isChecked() and not menu.choices["sunk"].isChecked()
    menu.next_action.trigger()
    current = layer.current()
    assert current is not None and current.id == "drowned"


def test_in_the_window_h_switches_the_heatmap_and_edits_keep_it(
    qtbot: QtBot, open_window: Any, crab_file: Any
) -> None:
    from tests.ui.test_editor import click, key

    window = open_window(crab_file)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    layer = window.heatmap_layer
    model = window.model
    hot = land(model.layout)[0]
    layer.show_results([record({hot: {"water": 2}}, {})], model.layout, model.workspace)
    key(qtbot, window, "h")
    current = layer.current()
    assert current is not None and current.id == "deaths"
    assert window.heatmap_combo.currentData() == "deaths"
    assert window.heatmap_menu.choices["deaths"].isChecked()
    # an edit on the board: the overlay is still drawn, over the space as it is now
    key(qtbot, window, "c")  # the Clear tool
    click(qtbot, window, hot)
    assert window.model.stack(hot) == ()
    item = layer.item
    assert item is not None and item.isVisible() and item.scene() is window.board_view.board_scene
    assert layer.colour_at(hot) == ramp_colour(1.0)
    # opening the layout afresh clears the last batch's heatmaps
    window.set_model(window.model)
    assert layer.heatmaps() == [] and not window.heatmap_combo.isEnabled()


def test_a_failing_game_hook_leaves_no_heatmap_and_says_why(
    view: BoardView, crab: tuple[Workspace, Layout], monkeypatch: pytest.MonkeyPatch
) -> None:
    from types import SimpleNamespace

    from editor.ui.board import heatmap_layer

    ws, layout = crab
    layer = HeatmapLayer(view)
    combo = HeatmapCombo(layer)
    layer.show_results([record({}, {})], layout, ws)
    assert layer.heatmaps()

    def broken(*_args: object) -> list[Any]:
        raise KeyError("deaths_at")

    monkeypatch.setattr(
        heatmap_layer.registry, "playable", lambda _game: SimpleNamespace(heatmaps=broken)
    )
    layer.show_results([record({}, {})], layout, ws)  # no exception out of the slot
    assert layer.heatmaps() == [] and layer.current() is None
    assert "deaths_at" in layer.problem
    assert "deaths_at" in combo.toolTip()
    assert not combo.isEnabled()
