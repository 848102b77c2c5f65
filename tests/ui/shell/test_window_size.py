"""The main window's first size: a first start (no remembered geometry, or one Qt cannot
restore) takes a comfortable share of the screen, centred; a remembered size still wins.

Each window is opened in a process of its own on an offscreen screen of 1600x1000 (the size
the editor was seen opening too small on), by ``window_size_probe.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QByteArray, QRect, QSettings, QSize, Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from editor.ui.shell.docks import make_dock
from editor.ui.shell.window_settings import (
    BELOW_RIGHT_DOCK,
    FIRST_SHARE,
    first_geometry,
    show_all_of,
)

ROOT = Path(__file__).resolve().parents[3]
SCREEN = {"name": "wide", "x": 0, "y": 0, "width": 1600, "height": 1000, "logicalDpi": 96}
SCREEN.update({"logicalBaseDpi": 96, "dpr": 1})


@pytest.fixture
def screen_config(tmp_path: Path) -> Path:
    """An offscreen platform configuration with one 1600x1000 screen."""
    path = tmp_path / "screen.json"
    path.write_text(json.dumps({"windowFrameMargins": False, "screens": [SCREEN]}))
    return path


def open_window(
    tmp_path: Path, screen_config: Path, settings: Path, resize: tuple[int, int] | None = None
) -> dict[str, Any]:
    """The window's geometry as the probe saw it, opened with these settings."""
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={screen_config}")
    command = [
        sys.executable,
        str(Path(__file__).with_name("window_size_probe.py")),
        str(settings),
        str(tmp_path / "data"),
    ]
    if resize is not None:
        command += ["--resize", str(resize[0]), str(resize[1])]
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    told: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return told


def expected_first(told: dict[str, Any]) -> QRect:
    room = QRect(*told["room"])
    assert (room.width(), room.height()) == (1600, 1000)
    return first_geometry(room)


def test_a_first_start_takes_most_of_the_screen_centred(
    tmp_path: Path, screen_config: Path
) -> None:
    told = open_window(tmp_path, screen_config, tmp_path / "fresh.ini")
    place = expected_first(told)
    assert told["size"] == [place.width(), place.height()] == [1280, 800]
    assert told["frame"] == [place.x(), place.y(), place.width(), place.height()]
    assert told["size"][0] >= FIRST_SHARE * 1600 - 1


@pytest.mark.parametrize(
    "record",
    [
        pytest.param(b"junk", id="refused"),
        # Qt's header, then bytes it reads as a 1x1 window
        pytest.param(b"\x01\xd9\xd0\xcb\x00\x03not a geometry", id="restored-to-nothing"),
    ],
)
def test_a_remembered_geometry_qt_cannot_use_is_a_first_start(
    tmp_path: Path, screen_config: Path, record: bytes
) -> None:
    # a geometry Qt refuses, or restores to nothing, left the window at Qt's default size or
    # its minimum, a corner of this screen
    settings_file = tmp_path / "stale.ini"
    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    settings.setValue("geometry", QByteArray(record))
    settings.sync()
    told = open_window(tmp_path, screen_config, settings_file)
    place = expected_first(told)
    assert told["size"] == [place.width(), place.height()]


def test_a_remembered_size_still_wins(tmp_path: Path, screen_config: Path) -> None:
    settings_file = tmp_path / "kept.ini"
    first = open_window(tmp_path, screen_config, settings_file, resize=(1100, 820))
    assert first["resized"] == [1100, 820]
    again = open_window(tmp_path, screen_config, settings_file)
    assert again["size"] == [1100, 820]


def test_first_geometry_is_a_share_of_the_room_centred_on_it() -> None:
    room = QRect(100, 50, 1000, 600)
    place = first_geometry(room, 0.5, QSize(0, 0))
    assert (place.width(), place.height()) == (500, 300)
    assert place.center() == room.center()
    # a small screen (a laptop's) is nearly all taken: 80% of it would squeeze the board
    small = first_geometry(QRect(0, 0, 1366, 740))
    assert (small.width(), small.height()) == (1280, 680)
    assert QRect(0, 0, 1366, 740).contains(small)


def test_the_first_window_fits_a_laptops_screen(tmp_path: Path) -> None:
    # 1366x768, the commonest laptop screen: the window opens at its first size, whole on
    # the screen (the Space inspector scrolls rather than make the window taller than that)
    laptop = dict(SCREEN, name="laptop", width=1366, height=768)
    config = tmp_path / "laptop.json"
    config.write_text(json.dumps({"windowFrameMargins": False, "screens": [laptop]}))
    told = open_window(tmp_path, config, tmp_path / "fresh.ini")
    room = QRect(*told["room"])
    assert (room.width(), room.height()) == (1366, 768)
    place = first_geometry(room)
    assert told["size"] == [place.width(), place.height()] == [1280, 708]
    assert room.contains(QRect(*told["frame"]))


def test_a_scrolled_dock_is_made_tall_enough_to_show_its_content(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("board"))
    tall = QWidget()
    tall.setMinimumHeight(500)
    inspector = make_dock(window, "Space", "InspectorDock", tall, scrolled=True)
    below = make_dock(window, "Simulator", "SimulatorDock", QLabel("buttons"))
    right = Qt.DockWidgetArea.RightDockWidgetArea
    window.addDockWidget(right, inspector)
    window.addDockWidget(right, below, Qt.Orientation.Vertical)
    window.resize(900, 800)
    window.show()
    qtbot.waitExposed(window)
    area = inspector.widget()
    assert isinstance(area, QScrollArea)

    def split(height: int) -> None:  # as Qt may share the column out at first
        total = inspector.height() + below.height()
        window.resizeDocks([inspector, below], [height, total - height], Qt.Orientation.Vertical)
        qtbot.waitUntil(lambda: abs(inspector.height() - height) < 20)

    split(250)
    assert area.verticalScrollBar().maximum() > 0
    show_all_of(window, inspector, below)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() == 0)
    assert below.height() >= BELOW_RIGHT_DOCK  # the dock under it keeps its room
    # on a window too short for all of it, it takes what leaves the dock under it its room
    window.resize(900, 560)
    qtbot.waitUntil(lambda: window.height() == 560)
    split(200)
    show_all_of(window, inspector, below)
    qtbot.waitUntil(lambda: below.height() <= BELOW_RIGHT_DOCK + 10)
    assert area.verticalScrollBar().maximum() > 0
