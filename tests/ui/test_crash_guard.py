"""A bug inside the editor keeps the work, writes a log and says so, instead of a traceback."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from editor.ui import crash_guard
from editor.ui.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    return open_window(crab_file)


def _raise_inside_the_guard(window: MainWindow, logs: Path, exc: BaseException) -> None:
    previous = crash_guard.install(window, logs)
    try:
        try:
            raise exc
        except type(exc):
            sys.excepthook(*sys.exc_info())
    finally:
        sys.excepthook = previous


def test_a_bug_autosaves_the_work_logs_it_and_tells_the_user(
    window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    window.select_space("E4")
    window.inspector.add_button.click()  # an unsaved edit
    assert window.is_dirty
    _raise_inside_the_guard(window, tmp_path / "logs", RuntimeError("the board fell over"))
    errors = [text for kind, text in prompts.asked if kind == "error"]
    assert len(errors) == 1
    assert "RuntimeError: the board fell over" in errors[0] and "autosaved" in errors[0]
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and "the board fell over" in logs[0].read_text()
    assert str(logs[0]) in errors[0]
    assert window.autosave.autosaver.file.exists()
    assert window.isVisible()  # the editor carries on


def test_with_nothing_unsaved_there_is_nothing_to_autosave(
    window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    _raise_inside_the_guard(window, tmp_path / "logs", ValueError("odd"))
    errors = [text for kind, text in prompts.asked if kind == "error"]
    assert "ValueError: odd" in errors[0] and "autosaved" not in errors[0]


def test_the_hook_is_put_back(window: MainWindow, tmp_path: Path) -> None:
    before = sys.excepthook
    previous = crash_guard.install(window, tmp_path)
    assert sys.excepthook is not before and previous is before
    sys.excepthook = previous
