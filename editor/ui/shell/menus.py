"""The editor window's menus: File, Edit, View, Tools and Help, with their shortcuts.

A :class:`Menus` puts them on a window's menu bar and keeps every action
(``menus.save_action``...) for the window's code and the tests. The
actions call the shell's file actions and the rooms; the menus follow the studio: another
layout (``LAYOUT_REPLACED``) names its tile types in Tools > Tile Type and words the turn
actions by its grid's step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoStack
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QMessageBox, QWidget

import editor
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Change, Studio
from editor.ui.board.board_room import BoardRoom
from editor.ui.board.board_view import LabelMode
from editor.ui.board.heatmap_layer import HeatmapMenu
from editor.ui.content.document_tabs import DocumentTabs
from editor.ui.shell.file_actions import FileActions
from editor.ui.shell.window_settings import APP_NAME


def _action(
    window: QWidget, text: str, slot: Callable[[], object], shortcut: object = None
) -> QAction:
    """A window-wide action with an optional shortcut that calls ``slot``."""
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))  # type: ignore[call-overload]
    action.triggered.connect(lambda _checked=False: slot())
    window.addAction(action)
    return action


def about_text() -> str:
    """What the About box says: the version and what this editor does today."""
    return (
        f"<b>{APP_NAME} {editor.__version__}</b><br>"
        "A studio for designers of hex and tile board games. This editor shapes"
        " layouts on a hex board, with undo, live checks against the packs' rules,"
        " statistics and PNG or SVG images; edits cards, factions and other content"
        " files in YAML with a preview; and plays the design in a live simulator as you"
        " edit, with heatmaps on the board and replays of its games.<br>"
        "Large batches and rules examples run from the command line:"
        " <tt>seastack simulate</tt> and <tt>seastack examples</tt>."
    )


class Menus:
    """The window's menus and every action in them (see the module docstring)."""

    def __init__(
        self,
        window: QMainWindow,
        studio: Studio,
        *,
        files: FileActions,
        recent_menu: QMenu,
        documents: DocumentTabs,
        board: BoardRoom,
        undo_stack: QUndoStack,
        open_pack_folder: Callable[[], object],
        docks: Sequence[QDockWidget],
    ) -> None:
        self.window = window
        self.studio = studio
        self.board = board
        self.documents = documents
        self._file_menu(files, recent_menu, open_pack_folder)
        self._edit_menu(undo_stack)
        self._view_menu(docks)
        self._tools_menu()
        self._help_menu()
        # a file tab's Undo and Redo act while it is current; the board's elsewhere
        documents.file_tab_current.connect(self._file_tab_current)
        studio.subscribe(Change.LAYOUT_REPLACED, self._layout_replaced)

    def _file_menu(
        self, files: FileActions, recent_menu: QMenu, open_pack_folder: Callable[[], object]
    ) -> None:
        window = self.window
        file_menu = self.file_menu = window.menuBar().addMenu("&File")
        self.new_action = _action(window, "&New…", files.new_file, QKeySequence.StandardKey.New)
        self.open_action = _action(window, "&Open…", files.open_file, QKeySequence.StandardKey.Open)
        # Ctrl+S saves the current tab: a content file, or the layout on the board tab
        self.save_action = _action(
            window, "&Save", files.save_current, QKeySequence.StandardKey.Save
        )
        self.save_as_action = _action(
            window, "Save &As…", files.save_current_as, QKeySequence.StandardKey.SaveAs
        )
        self.quit_action = QAction("&Quit", window)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(window.close)
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        file_menu.addMenu(recent_menu)
        self.open_pack_folder_action = _action(window, "Open &Pack Folder…", open_pack_folder)
        file_menu.addAction(self.open_pack_folder_action)
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addAction(self.documents.close_action)
        file_menu.addSeparator()
        self.export_action = _action(window, "&Export Image…", files.export, "Ctrl+E")
        file_menu.addAction(self.export_action)
        self.export_report_action = _action(
            window, "Export Playtest &Report…", files.export_playtest_report
        )
        file_menu.addAction(self.export_report_action)
        # packs travel as pack files (docs/packs.md)
        self.export_pack_action = _action(window, "Export &Pack…", files.export_pack)
        self.export_scenario_action = _action(window, "Export S&cenario…", files.export_scenario)
        self.import_pack_action = _action(window, "&Import Pack…", files.import_pack)
        file_menu.addAction(self.export_pack_action)
        file_menu.addAction(self.export_scenario_action)
        file_menu.addAction(self.import_pack_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

    def _edit_menu(self, undo_stack: QUndoStack) -> None:
        window, board, documents = self.window, self.board, self.documents
        edit_menu = window.menuBar().addMenu("&Edit")
        self.undo_action = undo_stack.createUndoAction(window, "&Undo")
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.redo_action = undo_stack.createRedoAction(window, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        # a content file's tab undoes in its own text; only one pair is visible at a time
        edit_menu.addAction(documents.undo_action)
        edit_menu.addAction(documents.redo_action)
        edit_menu.addAction(documents.find_action)
        edit_menu.addSeparator()
        # a turn is one step of the board's grid: the texts are set for each layout
        self.rotate_cw_action = _action(window, "", lambda: board.transform(1, False), "Ctrl+]")
        self.rotate_ccw_action = _action(window, "", lambda: board.transform(-1, False), "Ctrl+[")
        self.name_turns(60)
        self.mirror_action = _action(
            window, "&Mirror Layout Left to Right", lambda: board.transform(0, True), "Ctrl+M"
        )
        # Delete clears the selected space like one click of the Clear tool; only while the
        # board has the focus, so Delete in a text field or the inspector's list edits those
        self.clear_space_action = QAction("C&lear Selected Space", window)
        self.clear_space_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.clear_space_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.clear_space_action.triggered.connect(lambda _=False: board.clear_selected())
        board.board_view.addAction(self.clear_space_action)
        edit_menu.addAction(self.clear_space_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.rotate_cw_action)
        edit_menu.addAction(self.rotate_ccw_action)
        edit_menu.addAction(self.mirror_action)

    def _view_menu(self, docks: Sequence[QDockWidget]) -> None:
        window, board = self.window, self.board
        view_menu = window.menuBar().addMenu("&View")
        view_menu.addAction(board.board_view.zoom_in_action)
        view_menu.addAction(board.board_view.zoom_out_action)
        view_menu.addAction(board.board_view.fit_action)
        view_menu.addSeparator()
        labels_menu = view_menu.addMenu("&Labels")
        self.label_group = QActionGroup(window)
        self.label_actions: dict[LabelMode, QAction] = {}
        for mode, text in (
            (LabelMode.ALWAYS, "&Always"),
            (LabelMode.HOVER, "On &Hover"),
            (LabelMode.OFF, "&Off"),
        ):
            action = QAction(text, window)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, m=mode: board.set_label_mode(m))
            self.label_group.addAction(action)
            labels_menu.addAction(action)
            self.label_actions[mode] = action
        self.label_actions[LabelMode.ALWAYS].setChecked(True)
        board.label_mode_changed.connect(lambda m: self.label_actions[m].setChecked(True))
        labels_menu.addSeparator()
        self.cycle_labels_action = _action(
            window, "&Next Label Mode", board.cycle_label_mode, QKeySequence("L")
        )
        labels_menu.addAction(self.cycle_labels_action)
        self.backs_action = QAction("Show Tile &Backs", window)
        self.backs_action.setCheckable(True)
        self.backs_action.setShortcut(QKeySequence("B"))
        self.backs_action.toggled.connect(board.set_show_backs)
        board.show_backs_changed.connect(self.backs_action.setChecked)  # no toggle when equal
        window.addAction(self.backs_action)
        view_menu.addAction(self.backs_action)
        self.heatmap_menu = HeatmapMenu(board.heatmap_layer, window)
        window.addAction(self.heatmap_menu.next_action)
        view_menu.addMenu(self.heatmap_menu)
        view_menu.addSeparator()
        self.docks_menu = view_menu.addMenu("&Panels")
        for dock in docks:
            self.docks_menu.addAction(dock.toggleViewAction())

    def _tools_menu(self) -> None:
        window, board = self.window, self.board
        tools_menu = window.menuBar().addMenu("&Tools")
        for action in board.palette.tool_actions.values():
            tools_menu.addAction(action)
            window.addAction(action)
        tools_menu.addSeparator()
        self.tile_menu = tools_menu.addMenu("&Tile Type")
        self.tile_actions: list[QAction] = []
        for index in range(9):
            action = QAction(f"Tile {index + 1}", window)
            action.setShortcut(QKeySequence(str(index + 1)))
            action.triggered.connect(lambda _=False, i=index: board.choose_tile_index(i))
            window.addAction(action)
            self.tile_actions.append(action)

    def _help_menu(self) -> None:
        window = self.window
        help_menu = window.menuBar().addMenu("&Help")
        self.about_action = QAction(f"&About {APP_NAME}", window)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

    # --- following the studio and the tabs ----------------------------------------------

    def name_turns(self, step: int) -> None:
        """Word the turn actions by one step of the layout's grid (60° on hexes, 90° on
        squares)."""
        self.rotate_cw_action.setText(f"Rotate Layout {step}° &Clockwise")
        self.rotate_ccw_action.setText(f"Rotate Layout {step}° Co&unterclockwise")

    def _layout_replaced(self, model: LayoutModel) -> None:
        self.fill_tile_menu(model)
        self.name_turns(model.rotation_step())

    def fill_tile_menu(self, model: LayoutModel) -> None:
        """Tools > Tile Type: the layout's tile types, one numbered key each."""
        self.tile_menu.clear()
        tiles = model.tile_types()
        for index, action in enumerate(self.tile_actions):
            if index < len(tiles):
                action.setText(tiles[index].name)
                action.setEnabled(True)
                self.tile_menu.addAction(action)
            else:
                action.setEnabled(False)

    def _file_tab_current(self, on_file: bool) -> None:
        for board_action in (self.undo_action, self.redo_action):
            board_action.setVisible(not on_file)

    def show_about(self) -> None:
        """Show the About box (Help > About)."""
        QMessageBox.about(self.window, f"About {APP_NAME}", about_text())
