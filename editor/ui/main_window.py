"""The editor's main window: the board in the middle, docks around it, files and undo.

Every edit goes through an undo command on :attr:`MainWindow.undo_stack`; the model
(:class:`~editor.ui.layout_model.LayoutModel`) tells the window what changed and the window
updates the board, the palette, the inspector, the live checks and the autosave.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QUndoView,
    QWidget,
)

import editor
from editor.core.atomic import write_text_atomic
from editor.core.diagnostics import Diagnostic
from editor.ui.autosave import Autosaver, Recovery
from editor.ui.board_picture import BoardPicture, describe_space
from editor.ui.board_view import BoardView, LabelMode
from editor.ui.commands import ReplaceLayout, SetStacks
from editor.ui.export_image import ExportError, export_image
from editor.ui.inspector import Inspector
from editor.ui.layout_files import (
    Opened,
    bundled_workspace,
    is_bundled,
    new_layout,
    open_layout,
    open_text,
    read_source,
)
from editor.ui.layout_model import LayoutModel
from editor.ui.palette import Palette
from editor.ui.problems_panel import ProblemsPanel
from editor.ui.prompts import Prompts
from editor.ui.statistics_panel import StatisticsPanel
from editor.ui.tools import Stroke, Tool

APP_NAME = "Seastack"
ORGANISATION = "Seastack"
MAX_RECENT = 8
CHECK_DELAY_MS = 350
AUTOSAVE_DELAY_MS = 3000
#: The cursor over the board tells which tool is active.
TOOL_CURSORS = {
    Tool.SELECT: Qt.CursorShape.ArrowCursor,
    Tool.STACK: Qt.CursorShape.PointingHandCursor,
    Tool.REMOVE: Qt.CursorShape.PointingHandCursor,
    Tool.CLEAR: Qt.CursorShape.PointingHandCursor,
    Tool.PICK: Qt.CursorShape.CrossCursor,
    Tool.PAINT: Qt.CursorShape.PointingHandCursor,
}


def default_data_dir() -> Path:
    """The user's data folder for Seastack (autosaves live in ``autosave/`` under it)."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) if location else Path.home() / ".seastack"


class MainWindow(QMainWindow):
    """The layout editor: board view, palette, inspector, history, menus and status line."""

    def __init__(
        self,
        model: LayoutModel,
        parent: QWidget | None = None,
        *,
        settings: QSettings | None = None,
        prompts: Prompts | None = None,
        data_dir: Path | None = None,
        autosave_seconds: int = 30,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("MainWindow")
        self.settings = settings if settings is not None else QSettings(ORGANISATION, APP_NAME)
        self.prompts = prompts if prompts is not None else Prompts(self)
        self.autosaver = Autosaver((data_dir or default_data_dir()) / "autosave")
        self.model = model
        self.diagnostics: list[Diagnostic] = []
        self._stroke: Stroke | None = None
        self._stamp: tuple[str, ...] = ()
        self._autosaved_text: str | None = None
        self._hovered_space = ""

        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

        self.board_view = BoardView(model.picture(), self)
        self.setCentralWidget(self.board_view)
        self.board_view.stroke_started.connect(self._stroke_started)
        self.board_view.stroke_moved.connect(self._stroke_moved)
        self.board_view.stroke_ended.connect(self._stroke_ended)
        self.board_view.hovered.connect(self._hovered)

        self.palette = Palette(self)
        self.palette.tile_changed.connect(self._tile_changed)
        self.palette.tool_changed.connect(self._tool_changed)
        self.inspector = Inspector(self)
        self.inspector.stack_edit.connect(self._inspector_edit)
        self.inspector.rename.connect(self._rename)
        self.inspector.command.connect(self.undo_stack.push)
        self.history = QUndoView(self.undo_stack, self)
        self.history.setEmptyLabel("<opened>")
        self.problems_panel = ProblemsPanel(self)
        self.problems_panel.space_activated.connect(self.show_space)
        self.statistics_panel = StatisticsPanel(self)

        self.palette_dock = self._dock("Tiles", "PaletteDock", self.palette)
        self.inspector_dock = self._dock("Space", "InspectorDock", self.inspector)
        self.history_dock = self._dock("History", "HistoryDock", self.history)
        self.problems_dock = self._dock("Problems", "ProblemsDock", self.problems_panel)
        self.statistics_dock = self._dock("Statistics", "StatisticsDock", self.statistics_panel)
        self.problems_panel.title_changed.connect(self.problems_dock.setWindowTitle)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.palette_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.statistics_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.problems_dock)
        self.tabifyDockWidget(self.inspector_dock, self.statistics_dock)
        self.tabifyDockWidget(self.statistics_dock, self.history_dock)
        self.inspector_dock.raise_()
        self.resizeDocks([self.problems_dock], [120], Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.palette_dock, self.inspector_dock], [270, 300], Qt.Orientation.Horizontal
        )

        self.hover_label = QLabel(self)
        self.summary_label = QLabel(self)
        self.status_label = self.summary_label
        self.statusBar().addWidget(self.hover_label, 1)
        self.statusBar().addPermanentWidget(self.summary_label)

        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.run_checks)
        self._autosave_soon = QTimer(self)
        self._autosave_soon.setSingleShot(True)
        self._autosave_soon.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_soon.timeout.connect(self.autosave_now)
        self._autosave_every = QTimer(self)
        self._autosave_every.setInterval(max(1, autosave_seconds) * 1000)
        self._autosave_every.timeout.connect(self.autosave_now)
        self._autosave_every.start()

        self._build_menus()
        self._restore_settings()
        self.set_model(model)
        self._tool_changed(self.palette.tool)

    # --- construction -----------------------------------------------------------------

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        return dock

    def _action(
        self, text: str, slot: object, shortcut: str | QKeySequence | None = None
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        menus = self.menuBar()
        file_menu = menus.addMenu("&File")
        self.new_action = self._action("&New…", self.new_file, QKeySequence.StandardKey.New)
        self.open_action = self._action("&Open…", self.open_file, QKeySequence.StandardKey.Open)
        self.recent_menu = QMenu("Open &Recent", self)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.save_action = self._action("&Save", self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(
            "Save &As…", self.save_as, QKeySequence.StandardKey.SaveAs
        )
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addSeparator()
        self.export_action = self._action("&Export Image…", self.export, "Ctrl+E")
        file_menu.addAction(self.export_action)
        file_menu.addSeparator()
        self.file_menu = file_menu
        file_menu.addAction(self.quit_action)

        edit_menu = menus.addMenu("&Edit")
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        self.rotate_cw_action = self._action(
            "Rotate Layout 60° &Clockwise", lambda: self.transform(1, False), "Ctrl+]"
        )
        self.rotate_ccw_action = self._action(
            "Rotate Layout 60° Co&unterclockwise", lambda: self.transform(-1, False), "Ctrl+["
        )
        self.mirror_action = self._action(
            "&Mirror Layout Left to Right", lambda: self.transform(0, True), "Ctrl+M"
        )
        # Delete clears the selected space like one click of the Clear tool; only while the
        # board has the focus, so Delete in a text field or the inspector's list edits those
        self.clear_space_action = QAction("C&lear Selected Space", self)
        self.clear_space_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.clear_space_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.clear_space_action.triggered.connect(lambda _=False: self.clear_selected())
        self.board_view.addAction(self.clear_space_action)
        edit_menu.addAction(self.clear_space_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.rotate_cw_action)
        edit_menu.addAction(self.rotate_ccw_action)
        edit_menu.addAction(self.mirror_action)

        view_menu = menus.addMenu("&View")
        view_menu.addAction(self.board_view.zoom_in_action)
        view_menu.addAction(self.board_view.zoom_out_action)
        view_menu.addAction(self.board_view.fit_action)
        view_menu.addSeparator()
        labels_menu = view_menu.addMenu("&Labels")
        self.label_group = QActionGroup(self)
        self.label_actions: dict[LabelMode, QAction] = {}
        for mode, text in (
            (LabelMode.ALWAYS, "&Always"),
            (LabelMode.HOVER, "On &Hover"),
            (LabelMode.OFF, "&Off"),
        ):
            action = QAction(text, self)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, m=mode: self.set_label_mode(m))
            self.label_group.addAction(action)
            labels_menu.addAction(action)
            self.label_actions[mode] = action
        self.label_actions[LabelMode.ALWAYS].setChecked(True)
        labels_menu.addSeparator()
        self.cycle_labels_action = self._action(
            "&Next Label Mode", self.cycle_label_mode, QKeySequence("L")
        )
        labels_menu.addAction(self.cycle_labels_action)
        self.backs_action = QAction("Show Tile &Backs", self)
        self.backs_action.setCheckable(True)
        self.backs_action.setShortcut(QKeySequence("B"))
        self.backs_action.toggled.connect(self.set_show_backs)
        self.addAction(self.backs_action)
        view_menu.addAction(self.backs_action)
        view_menu.addSeparator()
        self.docks_menu = view_menu.addMenu("&Panels")
        for dock in (
            self.palette_dock,
            self.inspector_dock,
            self.problems_dock,
            self.statistics_dock,
            self.history_dock,
        ):
            self.docks_menu.addAction(dock.toggleViewAction())

        tools_menu = menus.addMenu("&Tools")
        for action in self.palette.tool_actions.values():
            tools_menu.addAction(action)
            self.addAction(action)
        tools_menu.addSeparator()
        self.tile_menu = tools_menu.addMenu("&Tile Type")
        self.tile_actions: list[QAction] = []
        for index in range(9):
            action = QAction(f"Tile {index + 1}", self)
            action.setShortcut(QKeySequence(str(index + 1)))
            action.triggered.connect(lambda _=False, i=index: self.choose_tile_index(i))
            self.addAction(action)
            self.tile_actions.append(action)

        help_menu = menus.addMenu("&Help")
        self.about_action = QAction(f"&About {APP_NAME}", self)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

    # --- the document -----------------------------------------------------------------

    @property
    def picture(self) -> BoardPicture:
        """What the board shows now."""
        return self.board_view.picture

    def set_model(self, model: LayoutModel, *, restored: bool = False) -> None:
        """Edit another layout (the undo history starts again)."""
        self.model = model
        self._stroke = None
        self.undo_stack.clear()
        if restored:
            self.undo_stack.resetClean()
        model.subscribe(self._model_changed)
        self.board_view.board_scene.set_picture(model.picture())
        self.board_view.board_scene.select(None)
        self.board_view.fit()
        self.inspector.set_model(model)
        self.inspector.show_space(None)
        self._fill_tile_menu()
        self._refresh_palette()
        self._stamp = (self.palette.tile,) if self.palette.tile else ()
        self.palette.set_stamp([model.tile_name(t) for t in self._stamp])
        self._autosaved_text = None
        self._update_title()
        self._update_summary()
        self.run_checks()

    @property
    def is_dirty(self) -> bool:
        """Whether there are changes not saved to the file."""
        return not self.undo_stack.isClean()

    def _clean_changed(self, _clean: bool) -> None:
        self._update_title()

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self.model.display_name}[*] — {APP_NAME}")
        self.setWindowModified(self.is_dirty)

    def _update_summary(self) -> None:
        picture = self.picture
        land = picture.land_count
        tiles = picture.tile_count
        problems = len(self.diagnostics)
        errors = sum(d.is_error for d in self.diagnostics)
        if problems:
            found = f"{problems} problem{'s' * (problems != 1)}"
            found += f" ({errors} error{'s' * (errors != 1)})"
        else:
            found = "no problems"
        board = ""
        if self.model.board is None:
            # only the layout's own spaces are drawn: say why the board looks cut down
            board = f"unknown board '{self.model.layout.board}' (only its spaces shown) · "
        self.summary_label.setText(
            f"{board}{land} land space{'s' * (land != 1)} · {tiles} tile{'s' * (tiles != 1)}"
            f" · {found}"
        )

    def _refresh_palette(self) -> None:
        self.palette.show_stock(self.model.stock_lines(), self.model.unknown_tiles())

    def _fill_tile_menu(self) -> None:
        self.tile_menu.clear()
        tiles = self.model.tile_types()
        for index, action in enumerate(self.tile_actions):
            if index < len(tiles):
                action.setText(tiles[index].name)
                action.setEnabled(True)
                self.tile_menu.addAction(action)
            else:
                action.setEnabled(False)

    def _model_changed(self, changed: frozenset[str] | None) -> None:
        scene = self.board_view.board_scene
        model = self.model
        if changed is None:
            scene.set_picture(model.picture())
            self.inspector.refresh_layout()
        else:
            scene.refresh_spaces(model.picture(), changed)
        selected = scene.selected
        if selected is not None and (changed is None or selected in changed):
            self.inspector.show_space(selected)
        hovered = self._hovered_space
        if hovered and (changed is None or hovered in changed):
            self._hovered(hovered)  # the status line tells the stack as it is now
        self._refresh_palette()
        self._update_summary()
        self._update_title()
        self._check_timer.start()
        self._autosave_soon.start()

    # --- edits ------------------------------------------------------------------------

    def select_space(self, label: str | None) -> None:
        """Select a space on the board and show it in the inspector."""
        self.board_view.board_scene.select(label)
        self.inspector.show_space(label)

    def _stroke_started(self, label: str) -> None:
        self.select_space(label)
        tool = self.palette.tool
        if tool is Tool.SELECT:
            return
        if tool is Tool.PICK:
            self.pick(label)
            return
        self._stroke = Stroke(self.model, tool, self.palette.tile, self._stamp)
        self._stroke.touch(label)

    def _stroke_moved(self, label: str) -> None:
        if self._stroke is not None:
            self._stroke.touch(label)
            self.select_space(label)

    def _stroke_ended(self) -> None:
        stroke, self._stroke = self._stroke, None
        if stroke is None:
            return
        before, after = stroke.changes()
        if after:
            self.undo_stack.push(
                SetStacks(self.model, before, after, stroke.describe(), applied=True)
            )

    def clear_selected(self) -> bool:
        """Make the selected space water (one undo command); False when nothing changed."""
        label = self.board_view.board_scene.selected
        if label is None:
            self.statusBar().showMessage("Select a space to clear it", 4000)
            return False
        stroke = Stroke(self.model, Tool.CLEAR, self.palette.tile, self._stamp)
        if not stroke.touch(label):
            return False
        before, after = stroke.changes()
        self.undo_stack.push(SetStacks(self.model, before, after, stroke.describe(), applied=True))
        return True

    def pick(self, label: str) -> None:
        """The eyedropper: take a space's stack as the paint stamp and switch to Paint."""
        stack = self.model.stack(label)
        if stack:
            self.palette.set_tile(stack[-1])  # first: choosing a tile resets the stamp
        self._stamp = stack
        self.palette.set_stamp([self.model.tile_name(t) for t in stack])
        self.palette.set_tool(Tool.PAINT)
        self.hover_label.setText(f"Picked up {describe_space(label, list(stack))}")

    def _tool_changed(self, tool: Tool) -> None:
        self.board_view.set_edit_cursor(TOOL_CURSORS[tool])

    def _tile_changed(self, tile: str) -> None:
        self._stamp = (tile,)
        self.palette.set_stamp([self.model.tile_name(tile)])
        self.inspector.choose_tile(tile)

    def choose_tile_index(self, index: int) -> None:
        """Choose the n-th tile type of the palette (the 1, 2, 3... shortcuts)."""
        tiles = self.model.tile_types()
        if 0 <= index < len(tiles):
            self.palette.set_tile(tiles[index].id)

    def _inspector_edit(self, label: str, stack: list[str], text: str) -> None:
        before = {label: self.model.stack(label)}
        after = {label: tuple(stack)}
        if before != after:
            self.undo_stack.push(SetStacks(self.model, before, after, text))

    def _rename(self, name: str, ident: str) -> None:
        layout = dataclasses.replace(self.model.layout, name=name, id=ident)
        self.undo_stack.push(ReplaceLayout(self.model, layout, "Rename layout"))

    def transform(self, rotate_steps: int, mirror: bool) -> bool:
        """Turn (60° steps, clockwise) or mirror the layout; asks before losing stacks."""
        if mirror:
            text = "Mirror layout"
        else:
            text = f"Rotate layout 60° {'clockwise' if rotate_steps > 0 else 'counterclockwise'}"
        try:
            layout, lost = self.model.transformed(rotate_steps % 6, mirror)
        except ValueError as exc:
            self.prompts.error("Cannot turn the layout", str(exc))
            return False
        if lost:
            question = (
                f"The stacks on {', '.join(lost)} would fall off the board and be lost."
                f" {text} anyway?"
            )
            if not self.prompts.confirm("Stacks would be lost", question):
                return False
            text += f" (drops {', '.join(lost)})"
        self.undo_stack.push(ReplaceLayout(self.model, layout, text))
        return True

    # --- view -------------------------------------------------------------------------

    def set_label_mode(self, mode: LabelMode) -> None:
        """Show labels always, on hover, or never."""
        self.label_actions[mode].setChecked(True)
        self.board_view.board_scene.set_label_mode(mode)

    def cycle_label_mode(self) -> LabelMode:
        """Go to the next label mode, always → on hover → off → always (the L key)."""
        modes = list(LabelMode)
        current = self.board_view.board_scene.label_mode
        mode = modes[(modes.index(current) + 1) % len(modes)]
        self.set_label_mode(mode)
        self.statusBar().showMessage(
            f"Labels: {self.label_actions[mode].text().replace('&', '')}", 3000
        )
        return mode

    def set_show_backs(self, show: bool) -> None:
        """Show each tile's back mark instead of the tile count."""
        if self.backs_action.isChecked() != show:
            self.backs_action.setChecked(show)
        self.board_view.board_scene.set_show_backs(show)

    def _hovered(self, label: str) -> None:
        self._hovered_space = label
        if not label:
            self.hover_label.setText("")
            return
        names = [self.model.tile_name(t) for t in self.model.stack(label)]
        self.hover_label.setText(describe_space(label, names))

    # --- checks -----------------------------------------------------------------------

    def run_checks(self) -> None:
        """Check the layout as it is now with the core's loader and show the problems."""
        self._check_timer.stop()
        self.diagnostics = self.model.check()
        self.show_diagnostics(self.diagnostics)
        self._update_summary()

    def show_diagnostics(self, diagnostics: list[Diagnostic]) -> None:
        """List diagnostics in the Problems panel and refresh the statistics."""
        self.problems_panel.show_diagnostics(diagnostics, self.model.checked_text())
        self.statistics_panel.show_layout(self.model.workspace, self.model.layout)

    def show_space(self, label: str) -> None:
        """Select a space and scroll the board to it (a problem was clicked)."""
        if label not in self.board_view.board_scene.space_items:
            return
        self.select_space(label)
        self.board_view.centerOn(self.board_view.board_scene.item_for(label))
        # the inspector may sit under the Statistics or History tab: bring it forward
        self.inspector_dock.show()
        self.inspector_dock.raise_()

    # --- files ------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Before unsaved work goes away: save, discard or cancel. True to go ahead."""
        if not self.is_dirty:
            return True
        answer = self.prompts.unsaved(self.model.display_name)
        if answer == "save":
            return self.save()
        if answer == "discard":
            self.autosaver.remove()
            return True
        return False

    def save(self) -> bool:
        """Save to the layout's file (atomically); a new or bundled layout asks where."""
        path = self.model.path
        if path is None or is_bundled(path):
            return self.save_as()
        return self._write(path)

    def save_as(self) -> bool:
        """Save to a file the user chooses."""
        current = self.model.path
        folder = current.parent if current is not None and not is_bundled(current) else Path.home()
        path = self.prompts.save_path(folder / f"{self.model.layout.id}.layout.yaml")
        if path is None:
            return False
        return self._write(path)

    def _write(self, path: Path) -> bool:
        text = self.model.text()
        try:
            write_text_atomic(path, text)
        except OSError as exc:
            # strerror, not str(exc): the latter names the temporary file, not the user's
            reason = exc.strerror or str(exc)
            self.prompts.error(
                "Could not save",
                f"{path.name} could not be saved in {path.parent}: {reason}.\n"
                "Nothing is lost: the layout stays open with its changes;"
                " use File > Save As to save it in another folder.",
            )
            return False
        self.model.path = path
        self.model.saved(text)
        self.undo_stack.setClean()
        self.autosaver.remove()
        self._autosaved_text = None
        self.add_recent(path)
        self._update_title()
        self.statusBar().showMessage(f"Saved {path}", 4000)
        self.run_checks()
        return True

    def open_file(self, path: Path | None = None) -> bool:
        """Open a layout file (asks which when ``path`` is None); asks before losing work."""
        if not self.maybe_save():
            return False
        if path is None:
            current = self.model.path
            path = self.prompts.open_path(current.parent if current else Path.home())
            if path is None:
                return False
        opened = open_layout(Path(path))
        if opened.layout is None or opened.workspace is None:
            self.prompts.error("Cannot open the layout", _failure_text(opened))
            self.remove_recent(Path(path))
            return False
        self.autosaver.remove()
        model = LayoutModel(opened.workspace, opened.layout, Path(path), read_source(Path(path)))
        self.set_model(model)
        self.add_recent(Path(path))
        return True

    def new_file(self) -> bool:
        """Start an empty layout on a board the user chooses."""
        if not self.maybe_save():
            return False
        ws = self.model.workspace if self.model.workspace.boards else bundled_workspace()
        boards = sorted((b.id, b.name) for b in ws.boards.values())
        board_id = self.prompts.choose_board(boards)
        if board_id is None:
            return False
        self.autosaver.remove()
        self.set_model(LayoutModel(ws, new_layout(ws, board_id), None))
        return True

    def export(self) -> bool:
        """Write the board as a PNG or SVG image, drawn as the board view draws it.

        Labels are written only in the "always" label mode: nothing is hovered in an image,
        so "on hover" exports like "off" (``seastack render`` writes them unless
        ``--no-labels``).
        """
        current = self.model.path
        folder = current.parent if current is not None and not is_bundled(current) else Path.home()
        path = self.prompts.export_path(folder / f"{self.model.layout.id}.png")
        if path is None:
            return False
        scene = self.board_view.board_scene
        try:
            written = export_image(
                self.model.picture(),
                path,
                labels=scene.label_mode is LabelMode.ALWAYS,
                backs=scene.show_backs,
            )
        except ExportError as exc:
            self.prompts.error("Could not export the image", str(exc))
            return False
        self.statusBar().showMessage(f"Exported {written}", 4000)
        return True

    def recent_files(self) -> list[Path]:
        """Layouts opened or saved lately, newest first."""
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [Path(v) for v in value or [] if v]

    def add_recent(self, path: Path) -> None:
        """Put a file at the top of the recent files."""
        path = Path(path).resolve()
        if is_bundled(path):
            return
        files = [p for p in self.recent_files() if p != path]
        self.settings.setValue("recentFiles", [str(p) for p in [path, *files][:MAX_RECENT]])

    def remove_recent(self, path: Path) -> None:
        """Forget a file that cannot be opened any more."""
        path = Path(path).resolve()
        self.settings.setValue("recentFiles", [str(p) for p in self.recent_files() if p != path])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        if not files:
            empty = self.recent_menu.addAction("No recent files")
            empty.setEnabled(False)
            return
        for index, path in enumerate(files):
            action = self.recent_menu.addAction(f"&{index + 1} {path.name}")
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_file(p))

    # --- autosave and recovery --------------------------------------------------------

    def autosave_now(self) -> bool:
        """Write unsaved work to the autosave file (nothing when all is saved)."""
        if not self.is_dirty:
            self.autosaver.remove()
            self._autosaved_text = None
            return False
        text = self.model.text()
        if text == self._autosaved_text and self.autosaver.file.exists():
            return False
        try:
            self.autosaver.write(self.model.path, self.model.layout.name, text)
        except OSError as exc:
            self.statusBar().showMessage(f"Autosave failed: {exc}", 6000)
            return False
        self._autosaved_text = text
        return True

    def offer_recovery(self) -> bool:
        """Offer back work a crashed editor left behind; True when some was restored."""
        for recovery in self.autosaver.pending():
            if self.prompts.recover(recovery):
                if self.restore(recovery):
                    return True
            else:
                recovery.file.unlink(missing_ok=True)
        return False

    def restore(self, recovery: Recovery) -> bool:
        """Open autosaved work as an unsaved layout (saved to its file only when asked)."""
        opened = open_text(recovery.text, recovery.path)
        if opened.layout is None or opened.workspace is None:
            self.prompts.error("Cannot restore the unsaved work", _failure_text(opened))
            return False
        path = recovery.path if recovery.path is not None and recovery.path.exists() else None
        self.set_model(LayoutModel(opened.workspace, opened.layout, path), restored=True)
        self.autosave_now()
        recovery.file.unlink(missing_ok=True)
        self.statusBar().showMessage(
            f"Restored the unsaved work on {recovery.describe()}; save it to keep it", 15000
        )
        return True

    # --- settings and closing ---------------------------------------------------------

    def _restore_settings(self) -> None:
        geometry = self.settings.value("geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self._first_size()
        state = self.settings.value("windowState")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        mode = str(self.settings.value("labels", LabelMode.ALWAYS.value))
        self.set_label_mode(next((m for m in LabelMode if m.value == mode), LabelMode.ALWAYS))
        backs = self.settings.value("showBacks", False)
        self.set_show_backs(backs in (True, "true", "1", 1))

    def _first_size(self) -> None:
        """1280x820 on a big enough screen; on a small one (a laptop) all of it fits."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(1280, 820)
            return
        room = screen.availableGeometry()
        # the frame (title bar, borders) is not known before the window is shown: leave room
        width = min(1280, room.width() - 40)
        height = min(820, room.height() - 60)
        self.resize(max(width, 400), max(height, 300))
        # the side docks take their share of a narrow window, not a fixed 570 pixels of it
        sides = [min(270, self.width() * 22 // 100), min(300, self.width() * 25 // 100)]
        self.resizeDocks([self.palette_dock, self.inspector_dock], sides, Qt.Orientation.Horizontal)
        frame = self.frameGeometry()
        frame.moveCenter(room.center())
        self.move(max(frame.left(), room.left()), max(frame.top(), room.top()))

    def save_settings(self) -> None:
        """Remember the window's size, docks and view options."""
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("windowState", self.saveState())
        self.settings.setValue("labels", self.board_view.board_scene.label_mode.value)
        self.settings.setValue("showBacks", self.backs_action.isChecked())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask before losing unsaved work; then remember the settings and drop the autosave."""
        if not self.maybe_save():
            event.ignore()
            return
        self.save_settings()
        self.autosaver.remove()
        self._autosave_every.stop()
        self._autosave_soon.stop()
        event.accept()

    # --- help -------------------------------------------------------------------------

    def about_text(self) -> str:
        """What the About box says: the version and what this editor does today."""
        return (
            f"<b>{APP_NAME} {editor.__version__}</b><br>"
            "A studio for designers of hex and tile board games. This editor shapes"
            " layouts on a hex board, with undo, live checks against the packs' rules,"
            " statistics and PNG or SVG images.<br>"
            "Bot matches and rules examples run from the command line:"
            " <tt>seastack simulate</tt> and <tt>seastack examples</tt>."
        )

    def show_about(self) -> None:
        """Show the About box (Help > About)."""
        QMessageBox.about(self, f"About {APP_NAME}", self.about_text())


def _failure_text(opened: Opened) -> str:
    if not opened.diagnostics:
        return opened.error or "The file is not a layout Seastack can edit."
    # opened.error repeats the first diagnostic; name the file once, then each problem once
    name = opened.path.name if opened.path is not None else "The file"
    lines = [f"{name} cannot be opened as a layout:"]
    lines += [d.format() for d in opened.diagnostics[:8]]
    if len(opened.diagnostics) > 8:
        lines.append(f"… and {len(opened.diagnostics) - 8} more")
    return "\n".join(lines)
