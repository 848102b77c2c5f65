"""Qt tests run headless: pick the offscreen platform before anything imports Qt.

Editor windows in tests keep their settings and autosaves in the test's temporary folder and
answer every question from a script (:class:`ScriptedPrompts`), so no test waits for a click.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from editor.core.resources import layouts_dir
from editor.studio.autosave import Recovery
from editor.ui.common.prompts import Answer, Prompts


class ScriptedPrompts(Prompts):
    """Answers the editor's questions from lists set by the test, and records each question."""

    def __init__(self) -> None:
        super().__init__(None)
        self.unsaved_answers: list[Answer] = []
        self.open_paths: list[Path | None] = []
        self.save_paths: list[Path | None] = []
        self.boards: list[str | None] = []
        self.export_paths: list[Path | None] = []
        self.confirms: list[bool] = []
        self.recovers: list[bool] = []
        self.folder_paths: list[Path | None] = []
        self.texts: list[str | None] = []
        self.choices: list[str | None] = []
        self.reloads: list[bool] = []
        self.asked: list[tuple[str, str]] = []

    def unsaved(self, name: str) -> Answer:
        self.asked.append(("unsaved", name))
        # a window closed at the end of a test with unscripted changes throws them away
        return self.unsaved_answers.pop(0) if self.unsaved_answers else "discard"

    def open_path(self, folder: Path) -> Path | None:
        self.asked.append(("open", str(folder)))
        return self.open_paths.pop(0)

    def save_path(self, suggested: Path) -> Path | None:
        self.asked.append(("save as", str(suggested)))
        return self.save_paths.pop(0)

    def save_file_path(self, suggested: Path) -> Path | None:
        self.asked.append(("save file as", str(suggested)))
        return self.save_paths.pop(0)

    def export_path(self, suggested: Path) -> Path | None:
        self.asked.append(("export", str(suggested)))
        return self.export_paths.pop(0)

    def choose_board(self, boards: list[tuple[str, str]]) -> str | None:
        self.asked.append(("board", ", ".join(b for b, _ in boards)))
        return self.boards.pop(0)

    def confirm(self, title: str, text: str) -> bool:
        self.asked.append(("confirm", text))
        return self.confirms.pop(0)

    def recover(self, recovery: Recovery) -> bool:
        self.asked.append(("recover", recovery.describe()))
        return self.recovers.pop(0)

    def folder_path(self, title: str, folder: Path) -> Path | None:
        self.asked.append(("folder", title))
        return self.folder_paths.pop(0)

    def text(self, title: str, label: str, default: str = "") -> str | None:
        self.asked.append(("text", label))
        return self.texts.pop(0)

    def choose(self, title: str, label: str, options: list[str]) -> str | None:
        self.asked.append(("choose", ", ".join(options)))
        return self.choices.pop(0)

    def reload_changed(self, name: str) -> bool:
        self.asked.append(("reload", name))
        return self.reloads.pop(0)

    def error(self, title: str, text: str) -> None:
        self.asked.append(("error", text))


@pytest.fixture
def prompts() -> ScriptedPrompts:
    """Scripted answers for the window under test."""
    return ScriptedPrompts()


@pytest.fixture
def settings_file(tmp_path: Path) -> Path:
    """Where the window under test keeps its QSettings."""
    return tmp_path / "settings" / "seastack.ini"


@pytest.fixture
def crab_file(tmp_path: Path) -> Path:
    """A copy of the bundled Crustacean layout that tests may save over."""
    target = tmp_path / "work" / "crab.layout.yaml"
    target.parent.mkdir()
    shutil.copy(layouts_dir() / "crustacean.layout.yaml", target)
    return target


WindowFactory = Callable[..., "object"]


@pytest.fixture
def open_window(
    qtbot: QtBot, tmp_path: Path, prompts: ScriptedPrompts, settings_file: Path
) -> WindowFactory:
    """Make and show an editor window on a layout file, with test settings and prompts."""
    from editor.ui.shell.app import make_window

    def make(path: Path | None = None, **options: object) -> object:
        options.setdefault("settings", QSettings(str(settings_file), QSettings.Format.IniFormat))
        options.setdefault("prompts", prompts)
        options.setdefault("data_dir", tmp_path / "data")
        # no batch of bot games in every test's window; simulator tests open the dock
        options.setdefault("live_simulation", False)
        window = make_window(path, **options)
        qtbot.addWidget(window)
        window.resize(1200, 800)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make
