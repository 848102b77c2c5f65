"""What the editor window remembers between runs (QSettings): size, docks and view options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QGuiApplication

from editor.ui.board.board_view import LabelMode

if TYPE_CHECKING:
    from editor.ui.shell.main_window import MainWindow

#: The name QSettings and the title bar use.
APP_NAME = "Seastack"
ORGANISATION = "Seastack"


def restore_settings(window: MainWindow) -> None:
    """Give the window its remembered size, docks, label mode and tile backs option."""
    settings = window.settings
    geometry = settings.value("geometry")
    if isinstance(geometry, QByteArray) and not geometry.isEmpty():
        window.restoreGeometry(geometry)
    else:
        first_size(window)
    state = settings.value("windowState")
    if isinstance(state, QByteArray) and not state.isEmpty():
        window.restoreState(state)
    mode = str(settings.value("labels", LabelMode.ALWAYS.value))
    window.board.set_label_mode(next((m for m in LabelMode if m.value == mode), LabelMode.ALWAYS))
    backs = settings.value("showBacks", False)
    window.board.set_show_backs(backs in (True, "true", "1", 1))


def first_size(window: MainWindow) -> None:
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
    window.resizeDocks(
        [window.palette_dock, window.inspector_dock], sides, Qt.Orientation.Horizontal
    )
    frame = window.frameGeometry()
    frame.moveCenter(room.center())
    window.move(max(frame.left(), room.left()), max(frame.top(), room.top()))


def save_settings(window: MainWindow) -> None:
    """Remember the window's size, docks and view options."""
    settings = window.settings
    settings.setValue("geometry", window.saveGeometry())
    settings.setValue("windowState", window.saveState())
    settings.setValue("labels", window.board_view.board_scene.label_mode.value)
    settings.setValue("showBacks", window.backs_action.isChecked())
    settings.sync()
