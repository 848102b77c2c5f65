"""The editor's main window: the board in the middle, docks around it, menus and undo.

Every edit goes through an undo command on :attr:`MainWindow.undo_stack`. The window holds the
:class:`~editor.studio.studio.Studio` (:attr:`MainWindow.studio`) and composes the rooms that
listen to it: the board room (:attr:`MainWindow.board`, :mod:`editor.ui.board.board_room`:
board view, palette, inspector, statistics, heatmap, status words) redraws itself on the
studio's changes; the window marks the title, runs the live checks and autosaves. The File
menu's work is :mod:`editor.ui.shell.file_actions` (:attr:`MainWindow.files`), recent files
:mod:`editor.ui.shell.recent_files`, autosaving :mod:`editor.ui.shell.autosave_control` and what the
window remembers :mod:`editor.ui.shell.window_settings`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDockWidget,
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
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Change, Studio
from editor.ui.board.board_room import BoardRoom
from editor.ui.common.prompts import Prompts
from editor.ui.content.document_tabs import DocumentTabs
from editor.ui.content.preview import PreviewPanel
from editor.ui.content.project_browser import SETTINGS_KEY, ProjectBrowser, remembered_folders
from editor.ui.playtest.simulator_dock import SimulatorPanel
from editor.ui.replay.replay_panel import ReplayPanel, default_context
from editor.ui.replay.sim_links import link_simulator
from editor.ui.shell.autosave_control import AutosaveControl
from editor.ui.shell.content_services import WindowContentServices
from editor.ui.shell.file_actions import FileActions
from editor.ui.shell.menus import build_menus, name_turns
from editor.ui.shell.problems_panel import ProblemsPanel
from editor.ui.shell.recent_files import RecentFiles
from editor.ui.shell.window_settings import APP_NAME, ORGANISATION, restore_settings, save_settings

CHECK_DELAY_MS = 350


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
        #: What the designer has open: the layout, pack folders, open texts, problems, results.
        self.studio = Studio(model, remembered_folders(self.settings.value(SETTINGS_KEY)))

        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

        #: The board room: board view, palette, inspector, statistics, heatmap, status words.
        self.board = BoardRoom(self.studio, self, self)
        self.board_view = self.board.board_view
        self.palette = self.board.palette
        self.inspector = self.board.inspector
        self.statistics_panel = self.board.statistics_panel
        self.heatmap_layer = self.board.heatmap_layer
        self.heatmap_combo = self.board.heatmap_combo
        self.hover_label = self.board.hover_label
        self.summary_label = self.board.summary_label
        #: The central tabs: the board and the replay (never closed), then open content files.
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("DocumentTabs")
        self.tabs.addTab(self.board_view, "Board")
        self.setCentralWidget(self.tabs)
        self.studio.subscribe(Change.LAYOUT_EDITED, self._model_changed)

        self.history = QUndoView(self.undo_stack, self)
        self.history.setEmptyLabel("<opened>")
        self.problems_panel = ProblemsPanel(self)
        self.problems_panel.space_activated.connect(self.board.show_space)
        #: The content room: file tabs (the YAML editor), the Project and Preview docks.
        content = WindowContentServices(
            prompts=self.prompts,
            data_dir=self.data_dir,
            status_bar=self.statusBar(),
            open_file=lambda path: self.files.open_file(path),
            is_dirty=lambda: self.is_dirty,
        )
        self.documents = DocumentTabs(self.studio, content, self, self.tabs)
        self.documents.diagnostics_changed.connect(self.problems_panel.show_content_diagnostics)
        self.documents.diagnostics_changed.connect(lambda _found: self.board.update_summary())
        self.documents.dirty_changed.connect(self.update_title)
        self.documents.file_tab_current.connect(self._file_tab_current)
        self.problems_panel.diagnostic_activated.connect(self.documents.show_problem)
        self.project_browser = ProjectBrowser(self.studio, content, self, self.documents)
        self.project_browser.file_activated.connect(self.open_file_tab)
        self.documents.saved_as.connect(lambda _path: self.project_browser.refresh())
        self.preview_panel = PreviewPanel(self)
        # the preview follows the current file tab's text and cursor
        self.documents.current_text_changed.connect(self.preview_panel.text_changed)
        self.documents.cursor_moved.connect(self.preview_panel.cursor_moved)
        # an open file's text is the design too: the checks and the simulator take it
        self.studio.subscribe(Change.TEXT_CHANGED, lambda _path: self.design_changed.emit())
        self.studio.subscribe(Change.PACKS_CHANGED, self._packs_changed)

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

        self.statusBar().addWidget(self.hover_label, 1)
        self.statusBar().addPermanentWidget(self.summary_label)

        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.run_checks)
        # a content file edited in a tab can change what the layout may hold (its stock...)
        self.design_changed.connect(self._check_timer.start)

        # the heatmap over the board from the latest batch of simulated games (View > Heatmap)
        self.statusBar().addPermanentWidget(self.heatmap_combo)
        self.board.inspector_wanted.connect(self._show_inspector)
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
        reloaded = self.project_browser.adopt_layout_packs()
        if reloaded is not None:
            self.set_model(reloaded)  # the layout again, with the packs beside it
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

    def _file_tab_current(self, on_file: bool) -> None:
        """A file tab's Undo and Redo act while it is current; the board's elsewhere."""
        for board_action in (self.undo_action, self.redo_action):
            board_action.setVisible(not on_file)

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

    def set_model(self, model: LayoutModel, *, restored: bool = False) -> None:
        """Edit another layout (the undo history starts again)."""
        self.model = model
        self.undo_stack.clear()
        if restored:
            self.undo_stack.resetClean()
        # the board room shows it (its heatmap of the last batch cleared)
        self.studio.set_model(model)
        # another layout: the last batch's games and seeds are not its own
        self.replay_panel.layout_replaced(model.picture())
        self.simulator.layout_replaced()  # and the simulator plays it
        self._fill_tile_menu()
        name_turns(self, self.model.rotation_step())
        self.autosave.forget_written()
        self.update_title()
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

    def _model_changed(self, _changed: frozenset[str] | None) -> None:
        # the board room redraws what changed; the window marks, checks and autosaves
        self.update_title()
        self._check_timer.start()
        self.autosave.edited()
        self.design_changed.emit()

    @property
    def project_folders(self) -> list[Path]:
        """The designer's own pack folders, loaded with the bundled packs (the studio's)."""
        return list(self.studio.folders)

    def set_project_folders(self, folders: list[Path]) -> None:
        """The designer's pack folders: remembered, checked with the layout, listed."""
        self.studio.set_folders(folders)

    def _packs_changed(self, folders: tuple[Path, ...]) -> None:
        """The pack folders changed (here or in the Project dock): remember them."""
        self.settings.setValue(SETTINGS_KEY, [str(f) for f in folders])
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

    # --- what the board room asks of the window ----------------------------------------

    def status(self, message: str, ms: int = 4000) -> None:
        """Tell the user something in the status line for ``ms`` milliseconds."""
        self.statusBar().showMessage(message, ms)

    def open_file_problems(self) -> int:
        """How many problems the open content files have now (the board's status text)."""
        documents = getattr(self, "documents", None)  # None while the window is being built
        return len(documents.diagnostics) if documents is not None else 0

    def _show_inspector(self) -> None:
        # the inspector may sit under the Statistics or History tab: bring it forward
        self.inspector_dock.show()
        self.inspector_dock.raise_()

    # --- checks -----------------------------------------------------------------------

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """The layout's problems found by the latest check (the studio's)."""
        return self.studio.diagnostics

    def run_checks(self) -> None:
        """Check the layout as it is now with the core's loader and show the problems (the
        board room shows the statistics and the status text when the studio is checked)."""
        self._check_timer.stop()
        self.show_diagnostics(self.studio.check())

    def show_diagnostics(self, diagnostics: list[Diagnostic]) -> None:
        """List diagnostics in the Problems panel."""
        self.problems_panel.show_diagnostics(diagnostics, self.model.checked_text())

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
