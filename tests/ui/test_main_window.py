"""The main window as a designer meets it: the status line, messages, keys and docks.

Companion of ``test_editor.py`` (same fixtures): these tests came out of a review of the
editor driven on a real X display.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.ui.main_window import MainWindow
from tests.ui.test_editor import click


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    return open_window(crab_file)


def hover(qtbot: QtBot, window: MainWindow, label: str) -> None:
    view = window.board_view
    qtbot.mouseMove(view.viewport(), view.scene_point_of(label))


def test_the_status_line_tells_the_hovered_stack_after_an_edit(
    qtbot: QtBot, window: MainWindow
) -> None:
    hover(qtbot, window, "E4")
    assert window.hover_label.text() == "E4: water"
    click(qtbot, window, "E4")  # the Stack tool with Beach, the mouse still over E4
    assert window.model.stack("E4") == ("beach",)
    assert window.hover_label.text() == "E4: Beach"
    window.undo_stack.undo()
    assert window.hover_label.text() == "E4: water"
