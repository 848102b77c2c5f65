"""Recent files: newest first, at most eight, bundled layouts never, gone ones forgotten."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from editor.studio.layout_files import default_layout_path
from editor.ui.shell.recent_files import MAX_RECENT, SEPARATOR, RecentFiles, menu_labels


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
    assert first.text().startswith(f"&1 {paths[-1].name} — ")
    assert first.toolTip() == str(paths[-1].resolve())
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


def test_two_files_of_the_same_name_are_told_apart(qtbot: QtBot, tmp_path: Path) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    recent = RecentFiles(settings, lambda _path: None, parent)
    # the same name in folders whose own names are the same too: more of the path is shown
    deep = [tmp_path / side / "designs" / "reef" / "crab.layout.yaml" for side in ("mine", "old")]
    other = tmp_path / "mine" / "island.layout.yaml"
    for path in [*deep, other]:
        path.parent.mkdir(parents=True, exist_ok=True)
        recent.add(path)
    recent.fill_menu()
    texts = [a.text() for a in recent.menu.actions()]
    assert len(set(texts)) == len(texts) == 3
    by_tip = {a.toolTip(): a.text() for a in recent.menu.actions()}
    for path in deep:
        shown = by_tip[str(path.resolve())]
        name, folder = shown.split(" ", 1)[1].split(SEPARATOR)
        assert name == "crab.layout.yaml"
        # the folder shown is the end of the real folder, enough to hold what differs
        assert str(path.resolve().parent).endswith(folder.lstrip("…"))
        assert path.parent.parent.parent.name in folder  # "mine" or "old"
    # a name no other file has shows only its own folder
    assert by_tip[str(other.resolve())].endswith(f"island.layout.yaml{SEPARATOR}…/mine")


def test_menu_labels_use_the_home_folder_and_escape_ampersands(
    qtbot: QtBot, tmp_path: Path
) -> None:
    home = PurePosixPath("/home/ann")
    labels = menu_labels(
        [home / "a" / "crab.layout.yaml", PurePosixPath("/srv/a/crab.layout.yaml")], home
    )
    # the home folder reads as ~; the other file's folder is as much as tells them apart
    assert labels == [f"crab.layout.yaml{SEPARATOR}~/a", f"crab.layout.yaml{SEPARATOR}…/a"]
    assert (
        menu_labels([PurePosixPath("/srv/a/crab.layout.yaml")] * 2)
        == [f"crab.layout.yaml{SEPARATOR}/srv/a"] * 2
    )  # the same file twice cannot be told apart: the whole folder, no loop
    parent = QWidget()
    qtbot.addWidget(parent)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    recent = RecentFiles(settings, lambda _path: None, parent)
    odd = tmp_path / "R&D" / "crab.layout.yaml"
    odd.parent.mkdir()
    recent.add(odd)
    recent.fill_menu()
    assert recent.menu.actions()[0].text().endswith("R&&D")
