"""Recent files: newest first, at most eight, bundled layouts never, gone ones forgotten."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from editor.studio.layout_files import default_layout_path
from editor.ui.shell.recent_files import MAX_RECENT, RecentFiles


def test_recent_files_keep_order_limit_and_menu(qtbot: QtBot, tmp_path: Path) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    opened: list[Path] = []
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    recent = RecentFiles(settings, opened.append, parent)
    recent.fill_menu()
    assert [(a.text(), a.isEnabled()) for a in recent.menu.actions()] == [
        ("No recent files", False)
    ]
    paths = [tmp_path / f"l{i}.layout.yaml" for i in range(MAX_RECENT + 2)]
    for path in paths:
        recent.add(path)
    recent.add(paths[3])  # opened again: back on top, listed once
    recent.add(default_layout_path())  # a bundled layout is never listed
    files = recent.files()
    assert len(files) == MAX_RECENT
    assert files[:3] == [paths[3].resolve(), paths[-1].resolve(), paths[-2].resolve()]
    recent.remove(paths[3])
    assert paths[3].resolve() not in recent.files()
    recent.fill_menu()
    first = recent.menu.actions()[0]
    assert first.text() == f"&1 {paths[-1].name}"
    first.trigger()
    assert opened == [paths[-1].resolve()]


def test_a_recent_file_with_errors_stays_listed(open_window, prompts, crab_file: Path) -> None:
    # the designer will fix the file and open it again: keep it in File > Open Recent
    window = open_window(crab_file)
    broken = crab_file.with_name("broken.layout.yaml")
    broken.write_text("id: broken\nboard: [unclosed\n", encoding="utf-8")
    window.recent.add(broken)
    assert not window.files.open_file(broken)
    assert prompts.asked[-1][0] == "error"
    assert broken.resolve() in window.recent.files()
    assert window.model.path == crab_file


def test_a_recent_file_that_is_gone_is_dropped(open_window, prompts, crab_file: Path) -> None:
    window = open_window(crab_file)
    gone = crab_file.with_name("gone.layout.yaml")
    window.recent.add(gone)
    assert not window.files.open_file(gone)
    assert prompts.asked[-1][0] == "error"
    assert gone.resolve() not in window.recent.files()
