"""The board room on its own: built from a Studio and a fake window's services, it paints the
layout, follows the studio's changes, and turns every edit into one undo command."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtGui import QUndoStack
from pytestqt.qtbot import QtBot

from editor.core.resources import layouts_dir
from editor.studio.layout_files import open_layout
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Studio
from editor.studio.tools import Tool
from editor.ui.board.board_room import BoardRoom
from editor.ui.common.prompts import Prompts
from editor.ui.common.services import BoardServices


class FakeServices:
    """What the board room asks of a window: an undo stack, prompts, a status line."""

    def __init__(self) -> None:
        self.prompts = Prompts(None)
        self.undo_stack = QUndoStack()
        self.messages: list[tuple[str, int]] = []
        self.file_problems = 0

    def status(self, message: str, ms: int = 4000) -> None:
        self.messages.append((message, ms))

    def open_file_problems(self) -> int:
        return self.file_problems


def model_of(name: str) -> LayoutModel:
    path = layouts_dir() / f"{name}.layout.yaml"
    opened = open_layout(path)
    assert opened.workspace is not None and opened.layout is not None
    return LayoutModel(opened.workspace, opened.layout, Path(path))


@pytest.fixture
def services() -> FakeServices:
    return FakeServices()


@pytest.fixture
def room(qtbot: QtBot, services: FakeServices) -> BoardRoom:
    fake: BoardServices = services  # the fake satisfies the protocol
    built = BoardRoom(Studio(model_of("crustacean")), fake)
    for widget in (built.board_view, built.palette, built.inspector, built.statistics_panel):
        qtbot.addWidget(widget)
    built.board_view.resize(900, 700)
    built.board_view.show()
    qtbot.waitExposed(built.board_view)
    return built


def stack_on(room: BoardRoom, label: str) -> list[str]:
    return list(room.board_view.board_scene.item_for(label).stack)


def test_the_room_paints_the_studio_layout(room: BoardRoom) -> None:
    assert stack_on(room, "C2") == ["beach", "meadow", "mountain"]
    assert stack_on(room, "A1") == []
    assert room.picture.land_count == 26
    assert room.summary_label.text() == "26 land spaces · 48 tiles · no problems"
    assert room.palette.line_texts()[0].startswith("1  Beach 26 of 26")
    assert room.inspector.isEnabled()


def test_an_edit_through_the_studio_model_refreshes_its_space(room: BoardRoom) -> None:
    room.board_view.hovered.emit("A1")
    assert room.hover_label.text() == "A1: water"
    room.studio.model.apply({"A1": ("beach",)})
    assert stack_on(room, "A1") == ["beach"]
    assert room.hover_label.text() == "A1: Beach"  # the hovered space tells its new stack
    assert room.summary_label.text().startswith("27 land spaces · 49 tiles")


def test_a_stroke_is_one_undo_command(room: BoardRoom, services: FakeServices) -> None:
    room.palette.set_tool(Tool.STACK)
    room.palette.set_tile("beach")
    view = room.board_view
    view.stroke_started.emit("A1")
    view.stroke_moved.emit("A2")
    view.stroke_moved.emit("A3")
    view.stroke_ended.emit()
    assert services.undo_stack.count() == 1
    assert [stack_on(room, label) for label in ("A1", "A2", "A3")] == [["beach"]] * 3
    services.undo_stack.undo()
    assert [stack_on(room, label) for label in ("A1", "A2", "A3")] == [[]] * 3


def test_clearing_nothing_selected_tells_the_status_line(
    room: BoardRoom, services: FakeServices
) -> None:
    room.select_space(None)
    assert not room.clear_selected()
    assert services.messages == [("Select a space to clear it", 4000)]
    room.select_space("B4")
    assert room.clear_selected()
    assert stack_on(room, "B4") == [] and services.undo_stack.count() == 1


def test_checks_update_the_statistics_and_the_summary(
    room: BoardRoom, services: FakeServices
) -> None:
    assert room.statistics_panel.heading.text() == "No layout"  # nothing checked yet
    room.studio.check()
    assert room.statistics_panel.heading.text() == "Crustacean"
    assert "Land: 26 of 120 spaces" in room.statistics_panel.text()
    room.studio.model.apply({"A1": ("mountain",)})  # a mountain on the sea floor
    services.file_problems = 2
    room.studio.check()
    assert "Land: 27 of 120 spaces" in room.statistics_panel.text()
    summary = room.summary_label.text()
    assert "error" in summary and summary.endswith(" · 2 problems in open files")


def test_another_layout_replaces_the_board_and_clears_the_heatmap(room: BoardRoom) -> None:
    studio = room.studio
    workspace, layout = studio.model.workspace, studio.model.layout
    records: list[Any] = [
        {
            "rounds": 5,
            "error": None,
            "metrics": {"deaths_at": {"C2": {"drowned": 2}}, "destroyed_at": {"B4": [2]}},
        }
    ]
    ready = SimpleNamespace(layout=layout, loaded=SimpleNamespace(workspace=workspace))
    studio.results_arrived(SimpleNamespace(results=records, ready=ready))
    assert room.heatmap_layer.heatmaps()
    robot = model_of("robot")
    studio.set_model(robot)
    assert room.model is robot
    scene = room.board_view.board_scene
    assert {label for label, item in scene.space_items.items() if item.stack} == {
        label for label, stack in robot.layout.spaces.items() if stack
    }
    assert room.heatmap_layer.heatmaps() == []
    # the old layout's edits say nothing; the new one's reach the board
    robot.apply({"A1": ("beach",)})
    assert stack_on(room, "A1") == ["beach"]
    studio.results_arrived(None)
    assert room.heatmap_layer.heatmaps() == []
