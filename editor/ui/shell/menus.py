"""The editor window's menus: File, Edit, View, Tools and Help, with their shortcuts.

The actions are kept on the window (``window.save_action``...), so that tests and the
window's own code reach them; what they do lives in the window and its helpers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from editor.ui.board.board_view import LabelMode
from editor.ui.board.heatmap_layer import HeatmapMenu
from editor.ui.shell.window_settings import APP_NAME

if TYPE_CHECKING:
    from editor.ui.shell.main_window import MainWindow


def _action(
    window: MainWindow, text: str, slot: object, shortcut: str | QKeySequence | None = None
) -> QAction:
    """A window-wide action with an optional shortcut that calls ``slot``."""
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
    window.addAction(action)
    return action


def name_turns(window: MainWindow, step: int) -> None:
    """Word the turn actions by one step of the layout's grid (60° on hexes, 90° on squares)."""
    window.rotate_cw_action.setText(f"Rotate Layout {step}° &Clockwise")
    window.rotate_ccw_action.setText(f"Rotate Layout {step}° Co&unterclockwise")


def build_menus(window: MainWindow) -> None:
    """The window's menus and their shortcuts: File, Edit, View, Tools, Help."""
    menus = window.menuBar()
    file_menu = menus.addMenu("&File")
    files = window.files
    window.new_action = _action(window, "&New…", files.new_file, QKeySequence.StandardKey.New)
    window.open_action = _action(window, "&Open…", files.open_file, QKeySequence.StandardKey.Open)
    # Ctrl+S saves the current tab: a content file, or the layout on the board tab
    window.save_action = _action(
        window, "&Save", window.save_current, QKeySequence.StandardKey.Save
    )
    window.save_as_action = _action(
        window, "Save &As…", window.save_current_as, QKeySequence.StandardKey.SaveAs
    )
    window.quit_action = QAction("&Quit", window)
    window.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
    window.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
    window.quit_action.triggered.connect(window.close)
    file_menu.addAction(window.new_action)
    file_menu.addAction(window.open_action)
    file_menu.addMenu(window.recent.menu)
    window.open_pack_folder_action = _action(
        window, "Open &Pack Folder…", window.project_browser.open_pack_folder
    )
    file_menu.addAction(window.open_pack_folder_action)
    file_menu.addSeparator()
    file_menu.addAction(window.save_action)
    file_menu.addAction(window.save_as_action)
    file_menu.addAction(window.documents.close_action)
    file_menu.addSeparator()
    window.export_action = _action(window, "&Export Image…", files.export, "Ctrl+E")
    file_menu.addAction(window.export_action)
    file_menu.addSeparator()
    window.file_menu = file_menu
    file_menu.addAction(window.quit_action)

    edit_menu = menus.addMenu("&Edit")
    window.undo_action = window.undo_stack.createUndoAction(window, "&Undo")
    window.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
    window.redo_action = window.undo_stack.createRedoAction(window, "&Redo")
    window.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    edit_menu.addAction(window.undo_action)
    edit_menu.addAction(window.redo_action)
    # a content file's tab undoes in its own text; only one pair is visible at a time
    edit_menu.addAction(window.documents.undo_action)
    edit_menu.addAction(window.documents.redo_action)
    edit_menu.addAction(window.documents.find_action)
    edit_menu.addSeparator()
    # a turn is one step of the board's grid: the texts are set for each layout
    board = window.board
    window.rotate_cw_action = _action(window, "", lambda: board.transform(1, False), "Ctrl+]")
    window.rotate_ccw_action = _action(window, "", lambda: board.transform(-1, False), "Ctrl+[")
    name_turns(window, 60)
    window.mirror_action = _action(
        window, "&Mirror Layout Left to Right", lambda: board.transform(0, True), "Ctrl+M"
    )
    # Delete clears the selected space like one click of the Clear tool; only while the
    # board has the focus, so Delete in a text field or the inspector's list edits those
    window.clear_space_action = QAction("C&lear Selected Space", window)
    window.clear_space_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
    window.clear_space_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    window.clear_space_action.triggered.connect(lambda _=False: board.clear_selected())
    window.board_view.addAction(window.clear_space_action)
    edit_menu.addAction(window.clear_space_action)
    edit_menu.addSeparator()
    edit_menu.addAction(window.rotate_cw_action)
    edit_menu.addAction(window.rotate_ccw_action)
    edit_menu.addAction(window.mirror_action)

    view_menu = menus.addMenu("&View")
    view_menu.addAction(window.board_view.zoom_in_action)
    view_menu.addAction(window.board_view.zoom_out_action)
    view_menu.addAction(window.board_view.fit_action)
    view_menu.addSeparator()
    labels_menu = view_menu.addMenu("&Labels")
    window.label_group = QActionGroup(window)
    window.label_actions: dict[LabelMode, QAction] = {}
    for mode, text in (
        (LabelMode.ALWAYS, "&Always"),
        (LabelMode.HOVER, "On &Hover"),
        (LabelMode.OFF, "&Off"),
    ):
        action = QAction(text, window)
        action.setCheckable(True)
        action.triggered.connect(lambda _=False, m=mode: board.set_label_mode(m))
        window.label_group.addAction(action)
        labels_menu.addAction(action)
        window.label_actions[mode] = action
    window.label_actions[LabelMode.ALWAYS].setChecked(True)
    board.label_mode_changed.connect(lambda m: window.label_actions[m].setChecked(True))
    labels_menu.addSeparator()
    window.cycle_labels_action = _action(
        window, "&Next Label Mode", board.cycle_label_mode, QKeySequence("L")
    )
    labels_menu.addAction(window.cycle_labels_action)
    window.backs_action = QAction("Show Tile &Backs", window)
    window.backs_action.setCheckable(True)
    window.backs_action.setShortcut(QKeySequence("B"))
    window.backs_action.toggled.connect(board.set_show_backs)
    board.show_backs_changed.connect(window.backs_action.setChecked)  # no toggle when equal
    window.addAction(window.backs_action)
    view_menu.addAction(window.backs_action)
    window.heatmap_menu = HeatmapMenu(window.heatmap_layer, window)
    window.addAction(window.heatmap_menu.next_action)
    view_menu.addMenu(window.heatmap_menu)
    view_menu.addSeparator()
    window.docks_menu = view_menu.addMenu("&Panels")
    for dock in (
        window.palette_dock,
        window.inspector_dock,
        window.problems_dock,
        window.statistics_dock,
        window.simulator_dock,
        window.history_dock,
        window.project_dock,
        window.preview_dock,
    ):
        window.docks_menu.addAction(dock.toggleViewAction())

    tools_menu = menus.addMenu("&Tools")
    for action in window.palette.tool_actions.values():
        tools_menu.addAction(action)
        window.addAction(action)
    tools_menu.addSeparator()
    window.tile_menu = tools_menu.addMenu("&Tile Type")
    window.tile_actions: list[QAction] = []
    for index in range(9):
        action = QAction(f"Tile {index + 1}", window)
        action.setShortcut(QKeySequence(str(index + 1)))
        action.triggered.connect(lambda _=False, i=index: board.choose_tile_index(i))
        window.addAction(action)
        window.tile_actions.append(action)

    help_menu = menus.addMenu("&Help")
    window.about_action = QAction(f"&About {APP_NAME}", window)
    window.about_action.setMenuRole(QAction.MenuRole.AboutRole)
    window.about_action.triggered.connect(window.show_about)
    help_menu.addAction(window.about_action)
