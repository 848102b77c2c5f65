"""What the editor window remembers between runs (QSettings): size, docks, view options and
the designer's pack folders."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QByteArray, QRect, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QDockWidget, QMainWindow, QScrollArea

from editor.studio.studio import Change, Studio
from editor.ui.board.board_room import BoardRoom
from editor.ui.board.board_view import LabelMode
from editor.ui.content.project_browser import SETTINGS_KEY

#: The name QSettings and the title bar use.
APP_NAME = "Seastack"
ORGANISATION = "Seastack"
#: The share of the screen's free room (its available geometry) a first start takes...
FIRST_SHARE = 0.8
#: ...but at least this much, on a screen that has it: the board beside the docks.
FIRST_LEAST = QSize(1280, 800)
#: Room left round a first window (its frame, the title bar, is not known before it shows).
FIRST_MARGIN = QSize(40, 60)


def restore_settings(
    window: QMainWindow,
    settings: QSettings,
    board: BoardRoom,
    side_docks: Sequence[QDockWidget],
) -> None:
    """Give the window its remembered size and docks, and the board its label mode and tile
    backs option; a first run sizes the window and the ``side_docks`` (left, right, and the
    one under the right), as does a remembered geometry that Qt cannot restore or that
    restores to less than the window's minimum (another Qt's record, a damaged file): the
    window would open at Qt's own default or its minimum, a corner of a large screen."""
    geometry = settings.value("geometry")
    restored = (
        isinstance(geometry, QByteArray)
        and not geometry.isEmpty()
        and window.restoreGeometry(geometry)
    )
    smallest = window.minimumSizeHint().expandedTo(window.minimumSize())
    width, height = window.width(), window.height()
    # restored to nothing: Qt left the window at its minimum both ways (or under it)
    squeezed = width <= smallest.width() and height <= smallest.height()
    if not restored or squeezed or width < smallest.width() or height < smallest.height():
        first_size(window, side_docks)
    state = settings.value("windowState")
    if isinstance(state, QByteArray) and not state.isEmpty():
        window.restoreState(state)
    mode = str(settings.value("labels", LabelMode.ALWAYS.value))
    board.set_label_mode(next((m for m in LabelMode if m.value == mode), LabelMode.ALWAYS))
    backs = settings.value("showBacks", False)
    board.set_show_backs(backs in (True, "true", "1", 1))


#: What a first start leaves the dock under the right one: the Simulator's settings,
#: progress and buttons.
BELOW_RIGHT_DOCK = 225


def first_geometry(room: QRect, share: float = FIRST_SHARE, least: QSize = FIRST_LEAST) -> QRect:
    """The window's first place, centred on the screen's free ``room``: ``share`` of it each
    way, at least ``least`` where the room has it (a small screen is nearly all taken).

    >>> first_geometry(QRect(0, 0, 1600, 1000)), first_geometry(QRect(0, 0, 2000, 1200))
    (PySide6.QtCore.QRect(160, 100, 1280, 800), PySide6.QtCore.QRect(200, 120, 1600, 960))
    >>> first_geometry(QRect(0, 0, 1366, 740)).size()
    PySide6.QtCore.QSize(1280, 680)
    """
    wanted = QSize(round(room.width() * share), round(room.height() * share)).expandedTo(least)
    size = wanted.boundedTo(room.size() - FIRST_MARGIN)
    place = QRect(room.topLeft(), size)
    place.moveCenter(room.center())
    return place


def first_size(window: QMainWindow, side_docks: Sequence[QDockWidget] = ()) -> None:
    """A first start: most of the screen's free room, centred on it (:func:`first_geometry`)."""
    # Qt's stubs say a screen is always there; with no display there may be none
    screens: list[QScreen | None] = [window.screen(), QGuiApplication.primaryScreen()]
    screen = next((s for s in screens if s is not None), None)
    if screen is None:
        window.resize(1280, 820)
        return
    room = screen.availableGeometry()
    place = first_geometry(room)
    window.resize(place.size())
    # the side docks take their share of a narrow window, not a fixed 570 pixels of it
    sides = [min(270, window.width() * 22 // 100), min(300, window.width() * 25 // 100)]
    docks = list(side_docks)
    across = docks[:2]  # the left and the right dock
    window.resizeDocks(across, sides[: len(across)], Qt.Orientation.Horizontal)
    if len(docks) > 2:
        # once laid out, the right dock (the Space inspector) as tall as its content where
        # the window has the room, the dock under it (the Simulator) keeping its buttons
        right, below = docks[1], docks[2]
        QTimer.singleShot(0, window, lambda: show_all_of(window, right, below))
    # centred as it is (a window cannot be smaller than its docks' minimum sizes)
    frame = window.frameGeometry()
    frame.moveCenter(room.center())
    window.move(max(frame.left(), room.left()), max(frame.top(), room.top()))


def show_all_of(window: QMainWindow, dock: QDockWidget, below: QDockWidget) -> None:
    """Make a dock whose content scrolls tall enough to show all of it, taking the height
    from the dock ``below`` it, as far as that one keeps :data:`BELOW_RIGHT_DOCK` pixels."""
    area = dock.widget()
    if not isinstance(area, QScrollArea) or not below.isVisible():
        return
    total = dock.height() + below.height()
    wanted = min(dock.height() + area.verticalScrollBar().maximum(), total - BELOW_RIGHT_DOCK)
    if wanted > dock.height():  # taller only
        window.resizeDocks([dock, below], [wanted, total - wanted], Qt.Orientation.Vertical)


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
