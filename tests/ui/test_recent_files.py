"""Recent files: newest first, at most eight, bundled layouts never, gone ones forgotten."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from editor.ui.layout_files import default_layout_path
from editor.ui.recent_files import MAX_RECENT, RecentFiles


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
