"""The editor's main window: the board in the middle, docks around it, menus and undo.

Every edit goes through an undo command on :attr:`MainWindow.undo_stack`; the model
(:class:`~editor.studio.layout_model.LayoutModel`) tells the window what changed and the window
updates the board, the palette, the inspector, the live checks and the autosave. The File
menu's work is :mod:`editor.ui.shell.file_actions` (:attr:`MainWindow.files`), recent files
:mod:`editor.ui.shell.recent_files`, autosaving :mod:`editor.ui.shell.autosave_control` and what the
window remembers :mod:`editor.ui.shell.window_settings`.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabBar,
    QTabWidget,
    QUndoView,
    QWidget,
)

import editor
from editor.core.diagnostics import Diagnostic
from editor.sim.design import Design
from editor.studio.board_picture import BoardPicture, describe_space
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import unique_folders
from editor.studio.tools import Stroke, Tool
from editor.ui.board.board_view import BoardView, LabelMode
from editor.ui.board.commands import ReplaceLayout, SetStacks
from editor.ui.board.heatmap_layer import HeatmapCombo, HeatmapLayer
from editor.ui.board.inspector import Inspector
from editor.ui.board.palette import Palette
from editor.ui.board.statistics_panel import StatisticsPanel
from editor.ui.common.prompts import Prompts
from editor.ui.content.document_tabs import DocumentTabs
from editor.ui.content.preview import PreviewPanel
from editor.ui.content.project_browser import SETTINGS_KEY, ProjectBrowser, remembered_folders
from editor.ui.playtest.simulator_dock import SimulatorPanel
from editor.ui.replay.replay_panel import ReplayPanel, default_context
from editor.ui.replay.sim_links import link_simulator
from editor.ui.shell.autosave_control import AutosaveControl
from editor.ui.shell.file_actions import FileActions
from editor.ui.shell.menus import build_menus, name_turns
from editor.ui.shell.problems_panel import ProblemsPanel
from editor.ui.shell.recent_files import RecentFiles
from editor.ui.shell.window_settings import APP_NAME, ORGANISATION, restore_settings, save_settings

CHECK_DELAY_MS = 350
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

    #: The design the simulator plays changed: a layout edit, or an edit to a content file.
    design_changed = Signal()
    #: The designer's pack folders changed (the Project dock lists them again).
    project_changed = Signal()

    def __init__(
        self,
        model: LayoutModel,
        parent: QWidget | None = None,
        *,
        settings: QSettings | None = None,
        prompts: Prompts | None = None,
        data_dir: Path | None = None,
        autosave_seconds: int = 30,
        live_simulation: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("MainWindow")
        self.settings = settings if settings is not None else QSettings(ORGANISATION, APP_NAME)
        self.prompts = prompts if prompts is not None else Prompts(self)
        #: The user's data folder: autosaves and crash logs live here.
        self.data_dir = data_dir or default_data_dir()
        self.autosave = AutosaveControl(self, self.data_dir / "autosave", autosave_seconds)
        self.files = FileActions(self)
        self.recent = RecentFiles(self.settings, self.files.open_file, self)
        self.model = model
        self.diagnostics: list[Diagnostic] = []
        #: The designer's own pack folders, loaded with the bundled packs.
        self.project_folders: list[Path] = remembered_folders(self.settings.value(SETTINGS_KEY))
        self._stroke: Stroke | None = None
        self._stamp: tuple[str, ...] = ()
        self._hovered_space = ""

        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

        self.board_view = BoardView(model.picture(), self)
        #: The central tabs: the board and the replay (never closed), then open content files.
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("DocumentTabs")
        self.tabs.addTab(self.board_view, "Board")
        self.setCentralWidget(self.tabs)
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
        #: The content-file tabs (the YAML editor), see :mod:`editor.ui.content.document_tabs`.
        self.documents = DocumentTabs(self, self.tabs)
        self.project_browser = ProjectBrowser(self)
        self.project_browser.file_activated.connect(self.open_file_tab)
        self.project_changed.connect(self.project_browser.refresh)
        self.preview_panel = PreviewPanel(self)
        # the preview follows the current file tab's text and cursor
        self.documents.current_text_changed.connect(self.preview_panel.text_changed)
        self.documents.cursor_moved.connect(self.preview_panel.cursor_moved)
        self.documents.diagnostics_changed.connect(self._update_summary)

        self.palette_dock = self._dock("Tiles", "PaletteDock", self.palette)
        self.inspector_dock = self._dock("Space", "InspectorDock", self.inspector)
        self.history_dock = self._dock("History", "HistoryDock", self.history)
        self.problems_dock = self._dock("Problems", "ProblemsDock", self.problems_panel)
        self.statistics_dock = self._dock("Statistics", "StatisticsDock", self.statistics_panel)
        self.project_dock = self._dock("Project", "ProjectDock", self.project_browser)
        self.preview_dock = self._dock("Preview", "PreviewDock", self.preview_panel)
        self.problems_panel.title_changed.connect(self.problems_dock.setWindowTitle)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.palette_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.statistics_dock)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.problems_dock)
        self.tabifyDockWidget(self.inspector_dock, self.statistics_dock)
        self.tabifyDockWidget(self.statistics_dock, self.history_dock)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.project_dock)
        self.tabifyDockWidget(self.palette_dock, self.project_dock)
        self.palette_dock.raise_()
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.preview_dock)
        self.tabifyDockWidget(self.history_dock, self.preview_dock)
        self.inspector_dock.raise_()
        # the side docks run the window's full height; Problems sits under the board only
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.resizeDocks([self.problems_dock], [120], Qt.Orientation.Vertical)
        self.resizeDocks(
            [self.palette_dock, self.inspector_dock], [270, 300], Qt.Orientation.Horizontal
        )

        self.hover_label = QLabel(self)
        self.summary_label = QLabel(self)
        self.statusBar().addWidget(self.hover_label, 1)
        self.statusBar().addPermanentWidget(self.summary_label)

        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.run_checks)
        # a content file edited in a tab can change what the layout may hold (its stock...)
        self.design_changed.connect(self._check_timer.start)

        #: The heatmap over the board from the latest batch of simulated games (View > Heatmap).
        self.heatmap_layer = HeatmapLayer(self.board_view, self)
        self.heatmap_combo = HeatmapCombo(self.heatmap_layer, self)
        self.statusBar().addPermanentWidget(self.heatmap_combo)
        self.design_changed.connect(self.heatmap_layer.refresh)
        #: Replays of simulated games on a board of their own: the central tab after the board.
        self.replay_panel = ReplayPanel(self)
        self.replay_panel.set_fallback(
            lambda: default_context(self.model.workspace, self.model.layout)
        )
        self.design_changed.connect(self.replay_panel.design_changed)
        self.tabs.insertTab(1, self.replay_panel, "Replay")
        self.tabs.setTabToolTip(1, "Step through a simulated game on a board of its own")
        for side in (QTabBar.ButtonPosition.LeftSide, QTabBar.ButtonPosition.RightSide):
            self.tabs.tabBar().setTabButton(1, side, None)  # like the board, it stays
        #: The live simulator: bot matches on the design as it is edited, below the Space tabs.
        self.simulator = SimulatorPanel(self.current_design, self.settings, self)
        self.design_changed.connect(self.simulator.design_changed)
        self.simulator_dock = self._dock("Simulator", "SimulatorDock", self.simulator)
        self.simulator_dock.visibilityChanged.connect(self.simulator.set_shown)
        # below the Space tabs, in sight: the simulator plays only while it can be seen
        self.addDockWidget(
            Qt.DockWidgetArea.RightDockWidgetArea, self.simulator_dock, Qt.Orientation.Vertical
        )
        self.inspector_dock.raise_()
        # a file tab shows the Preview where the Space inspector was (it has nothing to say)
        self._inspector_seen = True
        self._preview_raised = False
        self.inspector_dock.visibilityChanged.connect(self._inspector_visibility)
        self.tabs.currentChanged.connect(self._central_changed)

        build_menus(self)
        restore_settings(self)
        if not live_simulation:
            # tests and scripts: no batch starts unless the Simulator dock is opened
            self.simulator_dock.hide()
        self.set_model(model)
        self.project_browser.adopt_layout_packs()
        self._tool_changed(self.palette.tool)
        # the live simulator's results feed the heatmap and the Replay tab
        link_simulator(self)

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

    def _inspector_visibility(self, visible: bool) -> None:
        self._inspector_seen = visible

    def _central_changed(self, _index: int) -> None:
        """A file tab brings the Preview forward in place of the Space inspector; back on
        the board, the Space inspector returns (only if it was the one replaced)."""
        on_file = self.documents.current() is not None
        if on_file and self._inspector_seen and not self.preview_dock.isFloating():
            self.preview_dock.raise_()
            self._preview_raised = True
        elif not on_file and self._preview_raised:
            self._preview_raised = False
            self.inspector_dock.raise_()

    def show_replay(self) -> None:
        """Bring the Replay tab forward."""
        self.tabs.setCurrentWidget(self.replay_panel)

    # --- the document -----------------------------------------------------------------

    @property
    def picture(self) -> BoardPicture:
        """What the board shows now."""
        return self.board_view.picture

    def set_model(self, model: LayoutModel, *, restored: bool = False) -> None:
        """Edit another layout (the undo history starts again)."""
        self.model = model
        model.pack_folders = tuple(self.project_folders)
        self._stroke = None
        self.undo_stack.clear()
        if restored:
            self.undo_stack.resetClean()
        model.subscribe(self._model_changed)
        self.board_view.board_scene.set_picture(model.picture())
        self.board_view.board_scene.select(None)
        # another layout: the last batch's heatmaps, games and seeds are not its own
        self.heatmap_layer.clear()
        picture = model.picture()
        self.replay_panel.layout_replaced(picture)
        self.simulator.layout_replaced()  # and the simulator plays it
        self.board_view.fit()
        self.inspector.set_model(model)
        self.inspector.show_space(None)
        self._fill_tile_menu()
        name_turns(self, self.model.rotation_step())
        self.palette.set_board(picture.grid, picture.empty_colour, picture.empty_word)
        self._refresh_palette()
        self._stamp = (self.palette.tile,) if self.palette.tile else ()
        self.palette.set_stamp([model.tile_name(t) for t in self._stamp])
        self.autosave.forget_written()
        self.project_browser.refresh()
        self.update_title()
        self._update_summary()
        self.run_checks()

    @property
    def is_dirty(self) -> bool:
        """Whether there are changes not saved to the file."""
        return not self.undo_stack.isClean()

    def _clean_changed(self, _clean: bool) -> None:
        self.update_title()

    def update_title(self) -> None:
        """The layout's name in the title bar, marked while it or an open file is unsaved."""
        self.setWindowTitle(f"{self.model.display_name}[*] — {APP_NAME}")
        self.setWindowModified(self.is_dirty or any(t.is_dirty for t in self.documents.all()))

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
        # the open content files' problems too: the Problems dock lists them with these
        in_files = len(self.documents.diagnostics)
        if in_files:
            found += f" · {in_files} problem{'s' * (in_files != 1)} in open files"
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
        self.update_title()
        self._check_timer.start()
        self.autosave.edited()
        self.design_changed.emit()

    def set_project_folders(self, folders: list[Path]) -> None:
        """The designer's pack folders: remembered, checked with the layout, listed."""
        self.project_folders = unique_folders(folders)
        self.model.pack_folders = tuple(self.project_folders)
        self.settings.setValue(SETTINGS_KEY, [str(f) for f in self.project_folders])
        self.project_changed.emit()

    def current_design(self) -> Design:
        """What the simulator plays: the layout as edited, the project's packs, open texts."""
        return Design(
            layout_path=self.model.path,
            layout_text=self.model.checked_text(),
            pack_folders=tuple(self.project_folders),
            texts=self.unsaved_texts(),
        )

    def unsaved_texts(self) -> dict[Path, str]:
        """The text of every open content file, saved or not, by path (the layout excluded)."""
        return self.documents.unsaved_texts()

    def open_file_tab(self, path: Path) -> bool:
        """Open a content file in a tab (or bring its tab forward); False when it cannot."""
        return self.documents.open(path)

    def save_current(self) -> bool:
        """Ctrl+S: save the current file tab, or the layout on the board tab."""
        if self.documents.current() is not None:
            return self.documents.save_current()
        return self.files.save()

    def save_current_as(self) -> bool:
        """Ctrl+Shift+S: the current file tab under a new name, or the layout on the board."""
        if self.documents.current() is not None:
            return self.documents.save_current_as()
        return self.files.save_as()

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
        self.hover_label.setText(
            f"Picked up {describe_space(label, list(stack), self.model.empty_word())}"
        )

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
        """Turn (steps of the board's grid, clockwise: 60° on hexes, 90° on squares) or mirror
        the layout; asks before losing stacks."""
        if mirror:
            text = "Mirror layout"
        else:
            way = "clockwise" if rotate_steps > 0 else "counterclockwise"
            text = f"Rotate layout {self.model.rotation_step()}° {way}"
        try:
            layout, lost = self.model.transformed(rotate_steps % self.model.rotations(), mirror)
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
        self.hover_label.setText(describe_space(label, names, self.model.empty_word()))

    # --- checks -----------------------------------------------------------------------

    def run_checks(self) -> None:
        """Check the layout as it is now with the core's loader and show the problems."""
        self._check_timer.stop()
        self.diagnostics = self.model.check(self.unsaved_texts())
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

    # --- closing ----------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask before losing unsaved work; then remember the settings and drop the autosave."""
        if not self.documents.may_close_all() or not self.files.maybe_save():
            event.ignore()
            return
        save_settings(self)
        self.autosave.discard()
        self.autosave.stop()
        self.documents.shutdown()
        self.replay_panel.pause()  # a replay playing on would tick in a closed window
        self._check_timer.stop()
        self.simulator.shutdown()  # cancels the batch; no worker process outlives the window
        event.accept()

    # --- help -------------------------------------------------------------------------

    def about_text(self) -> str:
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

    def show_about(self) -> None:
        """Show the About box (Help > About)."""
        QMessageBox.about(self, f"About {APP_NAME}", self.about_text())
