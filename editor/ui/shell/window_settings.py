"""What the editor window remembers between runs (QSettings): size, docks, view options and
the designer's pack folders."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow

from editor.studio.studio import Change, Studio
from editor.ui.board.board_room import BoardRoom
from editor.ui.board.board_view import LabelMode
from editor.ui.content.project_browser import SETTINGS_KEY

#: The name QSettings and the title bar use.
APP_NAME = "Seastack"
ORGANISATION = "Seastack"


def restore_settings(
    window: QMainWindow,
    settings: QSettings,
    board: BoardRoom,
    side_docks: Sequence[QDockWidget],
) -> None:
    """Give the window its remembered size and docks, and the board its label mode and tile
    backs option; a first run sizes the window and the ``side_docks`` (left, right)."""
    geometry = settings.value("geometry")
    if isinstance(geometry, QByteArray) and not geometry.isEmpty():
        window.restoreGeometry(geometry)
    else:
        first_size(window, side_docks)
    state = settings.value("windowState")
    if isinstance(state, QByteArray) and not state.isEmpty():
        window.restoreState(state)
    mode = str(settings.value("labels", LabelMode.ALWAYS.value))
    board.set_label_mode(next((m for m in LabelMode if m.value == mode), LabelMode.ALWAYS))
    backs = settings.value("showBacks", False)
    board.set_show_backs(backs in (True, "true", "1", 1))


def first_size(window: QMainWindow, side_docks: Sequence[QDockWidget] = ()) -> None:
    """Most of a big screen (up to 1600x1000); on a small one (a laptop) all of it fits."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(1280, 820)
        return
    room = screen.availableGeometry()
    # the frame (title bar, borders) is not known before the window is shown: leave room
    width = min(1600, room.width() - 40)
    height = min(1000, room.height() - 60)
    window.resize(max(width, 400), max(height, 300))
    # the side docks take their share of a narrow window, not a fixed 570 pixels of it
    sides = [min(270, window.width() * 22 // 100), min(300, window.width() * 25 // 100)]
    docks = list(side_docks)
    window.resizeDocks(docks, sides[: len(docks)], Qt.Orientation.Horizontal)
    frame = window.frameGeometry()
    frame.moveCenter(room.center())
    window.move(max(frame.left(), room.left()), max(frame.top(), room.top()))


def save_settings(window: QMainWindow, settings: QSettings, board: BoardRoom) -> None:
    """Remember the window's size and docks and the board's view options."""
    settings.setValue("geometry", window.saveGeometry())
    settings.setValue("windowState", window.saveState())
    settings.setValue("labels", board.board_view.board_scene.label_mode.value)
    settings.setValue("showBacks", board.show_backs)
    settings.sync()


def remember_pack_folders(studio: Studio, settings: QSettings) -> None:
    """Remember the studio's pack folders whenever they change (``PACKS_CHANGED``)."""

    def remember(folders: tuple[Path, ...]) -> None:
        settings.setValue(SETTINGS_KEY, [str(folder) for folder in folders])

    studio.subscribe(Change.PACKS_CHANGED, remember)
