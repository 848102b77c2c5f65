"""A bug inside the editor keeps the work, writes a log and says so, instead of a traceback."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

import pytest

from editor.ui.shell import crash_guard
from editor.ui.shell.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts

#: What the dialog says when the unsaved work is in an up-to-date autosave file.
SAVED_ASIDE = "Your unsaved work was autosaved and will be offered back if you restart."


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
    window.board.select_space("E4")
    window.inspector.add_button.click()  # an unsaved edit
    assert window.is_dirty
    _raise_inside_the_guard(window, tmp_path / "logs", RuntimeError("the board fell over"))
    errors = [text for kind, text in prompts.asked if kind == "error"]
    assert len(errors) == 1
    assert "RuntimeError: the board fell over" in errors[0] and SAVED_ASIDE in errors[0]
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
    assert "ValueError: odd" in errors[0] and SAVED_ASIDE not in errors[0]


def test_work_already_autosaved_by_the_timer_is_still_reported_safe(
    window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    window.board.select_space("E4")
    window.inspector.add_button.click()
    assert window.autosave.now()  # the timer got there first: the autosave is current
    _raise_inside_the_guard(window, tmp_path / "logs", RuntimeError("late"))
    errors = [text for kind, text in prompts.asked if kind == "error"]
    assert SAVED_ASIDE in errors[0]
    assert window.autosave.autosaver.file.exists()


def test_an_edit_after_the_last_autosave_is_written_before_it_is_reported_safe(
    window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    window.board.select_space("E4")
    window.inspector.add_button.click()
    window.autosave.now()
    window.inspector.add_button.click()  # newer than the autosave file
    _raise_inside_the_guard(window, tmp_path / "logs", RuntimeError("later"))
    errors = [text for kind, text in prompts.asked if kind == "error"]
    assert SAVED_ASIDE in errors[0]
    recovered = window.autosave.autosaver.file.read_text(encoding="utf-8")
    assert json.loads(recovered)["text"] == window.model.text()


def test_a_failed_autosave_is_not_reported_safe(
    window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    window.board.select_space("E4")
    window.inspector.add_button.click()
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the autosave folder should be")
    usable = window.autosave.autosaver.folder
    window.autosave.autosaver.folder = blocker
    try:
        _raise_inside_the_guard(window, tmp_path / "logs", RuntimeError("no room"))
    finally:
        window.autosave.autosaver.folder = usable
    errors = [text for kind, text in prompts.asked if kind == "error"]
    assert "RuntimeError: no room" in errors[0] and SAVED_ASIDE not in errors[0]


class _FrozenClock(datetime):
    """A clock stuck on one second, so two crashes happen within it."""

    @classmethod
    def now(cls, tz=None):  # type: ignore[no-untyped-def, override]
        return cls(2026, 11, 30, 5, 0, 0, tzinfo=tz)


def test_two_crashes_in_one_second_keep_two_logs(
    window: MainWindow, prompts: ScriptedPrompts, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(crash_guard, "datetime", _FrozenClock)
    _raise_inside_the_guard(window, tmp_path / "logs", RuntimeError("first"))
    _raise_inside_the_guard(window, tmp_path / "logs", RuntimeError("second"))
    logs = sorted((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 2
    assert {log.read_text().splitlines()[-1] for log in logs} == {
        "RuntimeError: first",
        "RuntimeError: second",
    }
    errors = [text for kind, text in prompts.asked if kind == "error"]
    assert str(logs[0]) in errors[0] or str(logs[0]) in errors[1]
    assert str(logs[1]) in errors[0] or str(logs[1]) in errors[1]


def test_the_hook_is_put_back(window: MainWindow, tmp_path: Path) -> None:
    before = sys.excepthook
    previous = crash_guard.install(window, tmp_path)
    assert sys.excepthook is not before and previous is before
    sys.excepthook = previous
