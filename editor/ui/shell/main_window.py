"""The editor's main window: it builds the rooms and places them, with the menus.

The window holds the :class:`~editor.studio.studio.Studio` (:attr:`MainWindow.studio`), what
the designer has open, and builds the rooms that listen to it: the board room
(:attr:`MainWindow.board`, :mod:`editor.ui.board.board_room`), the content room (file tabs,
Project and Preview docks), the Replay and Playtest tabs and the Simulator dock. Each is
handed the studio and the narrow services it asks for (:mod:`editor.ui.shell.window_services`),
never the window. The shell's own helpers work the same way: the undo history, title and live checks
(:mod:`editor.ui.shell.session`), the File menu's work (:mod:`editor.ui.shell.file_actions`),
autosaving (:mod:`editor.ui.shell.autosave_control`), recent files, the menus
(:mod:`editor.ui.shell.menus`), where the docks go (:mod:`editor.ui.shell.docks`) and what the
window remembers (:mod:`editor.ui.shell.window_settings`).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtGui import QCloseEvent, QUndoStack
from PySide6.QtWidgets import QMainWindow, QUndoView, QWidget

from editor.core.diagnostics import Diagnostic
from editor.sim.runner import GameResult
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Studio
from editor.ui.board.board_room import BoardRoom
from editor.ui.common.prompts import Prompts
from editor.ui.content.document_tabs import DocumentTabs
from editor.ui.content.preview import PreviewPanel
from editor.ui.content.project_browser import SETTINGS_KEY, ProjectBrowser, remembered_folders
from editor.ui.playtest.playtest_view import PlaytestView
from editor.ui.playtest.simulator_dock import SimulatorPanel
from editor.ui.replay.replay_panel import ReplayPanel
from editor.ui.shell import docks
from editor.ui.shell.autosave_control import AutosaveControl
from editor.ui.shell.file_actions import FileActions
from editor.ui.shell.menus import Menus, about_text
from editor.ui.shell.problems_panel import ProblemsPanel
from editor.ui.shell.recent_files import RecentFiles
from editor.ui.shell.session import LayoutSession
from editor.ui.shell.window_services import WindowServices
from editor.ui.shell.window_settings import (
    APP_NAME,
    ORGANISATION,
    remember_pack_folders,
    restore_settings,
    save_settings,
)


def default_data_dir() -> Path:
    """The user's data folder for Seastack (autosaves live in ``autosave/`` under it)."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(location) if location else Path.home() / ".seastack"


class MainWindow(QMainWindow):
    """The layout editor: board view, palette, inspector, history, menus and status line."""

    #: What the About box says (Help > About).
    about_text = staticmethod(about_text)

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
        #: What the designer has open: the layout, pack folders, open texts, problems, results.
        self.studio = Studio(model, remembered_folders(self.settings.value(SETTINGS_KEY)))
        remember_pack_folders(self.studio, self.settings)
        self.undo_stack = QUndoStack(self)
        #: What the rooms and the shell's helpers may ask of this window.
        self.services = WindowServices(
            self.prompts, self.data_dir, self.statusBar(), self.undo_stack
        )
        self._build_rooms()
        self._build_helpers(autosave_seconds)
        self._place_docks()
        self._build_menus()
        side_docks = [self.palette_dock, self.inspector_dock, self.simulator_dock]
        restore_settings(self, self.settings, self.board, side_docks)
        if not live_simulation:
            # tests and scripts: no batch starts unless the Simulator dock is opened
            self.simulator_dock.hide()
        self.set_model(model)
        reloaded = self.project_browser.adopt_layout_packs()
        if reloaded is not None:
            self.set_model(reloaded)  # the layout again, with the packs beside it

    # --- construction -----------------------------------------------------------------

    def _build_rooms(self) -> None:
        """The rooms on the studio: the board, content editing, replay and playtest."""
        studio, services = self.studio, self.services
        #: The board room: board view, palette, inspector, statistics, heatmap, status words.
        self.board = services.board = BoardRoom(studio, services, self)
        self.board_view, self.palette = self.board.board_view, self.board.palette
        self.inspector, self.statistics_panel = self.board.inspector, self.board.statistics_panel
        self.heatmap_layer, self.heatmap_combo = self.board.heatmap_layer, self.board.heatmap_combo
        self.hover_label, self.summary_label = self.board.hover_label, self.board.summary_label
        #: The central tabs: the board and the replay (never closed), then open content files.
        self.tabs = docks.central_tabs(self, self.board_view)
        self.history = QUndoView(self.undo_stack, self)
        self.history.setEmptyLabel("<opened>")
        self.problems_panel = ProblemsPanel(self)
        self.problems_panel.listen_to(studio)
        #: The content room: file tabs (the YAML editor), the Project and Preview docks.
        self.documents = services.documents = DocumentTabs(studio, services, self, self.tabs)
        self.project_browser = ProjectBrowser(studio, services, self, self.documents)
        self.preview_panel = PreviewPanel(self)
        #: Replays of simulated games on a board of their own: the central tab after the board.
        self.replay_panel = ReplayPanel(studio, self)
        #: The live simulator: bot matches on the design as it is edited, below the Space tabs.
        self.simulator = SimulatorPanel(studio, self.settings, self)
        #: The batch's charts and tables, beside a pinned baseline: the tab after the replay.
        self.playtest = PlaytestView(studio, self)
        self._connect_rooms()

    def _connect_rooms(self) -> None:
        """What one room tells another: problems lead to their space or line, the preview
        follows the current file's text, a replay asked for comes up in the Replay tab."""
        board, documents, problems = self.board, self.documents, self.problems_panel
        problems.space_activated.connect(board.show_space)
        problems.diagnostic_activated.connect(documents.show_problem)
        documents.diagnostics_changed.connect(problems.show_content_diagnostics)
        documents.diagnostics_changed.connect(lambda _found: board.update_summary())
        documents.current_text_changed.connect(self.preview_panel.text_changed)
        documents.cursor_moved.connect(self.preview_panel.cursor_moved)
        documents.saved_as.connect(lambda _path: self.project_browser.refresh())
        self.project_browser.file_activated.connect(self.open_file_tab)
        self.simulator.replay_requested.connect(self.show_replay)
        # the Problems dock says why the simulator refuses a design the checks pass
        self.simulator.results_changed.connect(problems.simulator_said)
        self.simulator.charts_requested.connect(partial(self.tabs.setCurrentWidget, self.playtest))
        # the simulator plays while its results are in sight: the dock or the Playtest tab
        self.playtest.shown_changed.connect(partial(self.simulator.set_viewer, "playtest"))

    def _build_helpers(self, autosave_seconds: int) -> None:
        """The undo history and checks, autosaving, recent files and the File menu's work."""
        services = self.services
        self.session = services.session = LayoutSession(
            self.studio, self, self.undo_stack, self.documents
        )
        self.autosave = AutosaveControl(
            self.studio, services, self.data_dir / "autosave", autosave_seconds, self
        )
        self.recent = RecentFiles(self.settings, lambda path: self.files.open_file(path), self)
        self.files = services.files = FileActions(self.studio, services, self.autosave, self.recent)
        self.files.playtest_baseline = lambda: self.playtest.baseline  # for the report

    def _place_docks(self) -> None:
        """Every room's widget in its dock, the docks around the board, the status words."""
        dock = partial(docks.make_dock, self)
        self.palette_dock = dock("Tiles", "PaletteDock", self.palette)
        self.inspector_dock = dock("Space", "InspectorDock", self.inspector, scrolled=True)
        self.history_dock = dock("History", "HistoryDock", self.history)
        self.problems_dock = dock("Problems", "ProblemsDock", self.problems_panel)
        self.statistics_dock = dock("Statistics", "StatisticsDock", self.statistics_panel)
        self.project_dock = dock("Project", "ProjectDock", self.project_browser)
        self.preview_dock = dock("Preview", "PreviewDock", self.preview_panel)
        self.simulator_dock = dock("Simulator", "SimulatorDock", self.simulator)
        self.docks = docks.Docks(
            self.palette_dock,
            self.inspector_dock,
            self.history_dock,
            self.problems_dock,
            self.statistics_dock,
            self.project_dock,
            self.preview_dock,
            self.simulator_dock,
        )
        status_words = (self.hover_label, self.summary_label, self.heatmap_combo)
        docks.place_docks(self, self.docks, status_words)
        docks.add_replay_tab(self.tabs, self.replay_panel)
        docks.add_playtest_tab(self.tabs, self.playtest)
        docks.place_simulator(self, self.docks)
        self.problems_panel.title_changed.connect(self.problems_dock.setWindowTitle)
        self.simulator_dock.visibilityChanged.connect(self.simulator.set_shown)
        self.board.inspector_wanted.connect(partial(docks.bring_forward, self.inspector_dock))
        self._preview_swap = docks.PreviewSwap(self.tabs, self.documents, self.docks)

    def _build_menus(self) -> None:
        """The menus; their actions are kept on the window too (``window.undo_action``...)."""
        self.menus = menus = Menus(
            self,
            self.studio,
            files=self.files,
            recent_menu=self.recent.menu,
            documents=self.documents,
            board=self.board,
            undo_stack=self.undo_stack,
            open_pack_folder=self.project_browser.open_pack_folder,
            docks=self.docks.in_menu(),
        )
        self.undo_action, self.redo_action = menus.undo_action, menus.redo_action
        self.rotate_cw_action, self.rotate_ccw_action = (
            menus.rotate_cw_action,
            menus.rotate_ccw_action,
        )
        self.quit_action, self.backs_action = menus.quit_action, menus.backs_action
        self.cycle_labels_action, self.label_actions = (
            menus.cycle_labels_action,
            menus.label_actions,
        )
        self.open_pack_folder_action = menus.open_pack_folder_action
        self.docks_menu, self.heatmap_menu = menus.docks_menu, menus.heatmap_menu

    # --- what the window offers (each the studio's or a helper's) ---------------------

    @property
    def model(self) -> LayoutModel:
        """The layout being edited (the studio's)."""
        return self.studio.model

    @property
    def is_dirty(self) -> bool:
        """Whether there are changes not saved to the file."""
        return self.session.is_dirty

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """The layout's problems found by the latest check (the studio's)."""
        return self.studio.diagnostics

    @property
    def project_folders(self) -> list[Path]:
        """The designer's own pack folders, loaded with the bundled packs (the studio's)."""
        return list(self.studio.folders)

    def set_project_folders(self, folders: list[Path]) -> None:
        """The designer's pack folders: remembered, checked with the layout, listed."""
        self.studio.set_folders(folders)

    def set_model(self, model: LayoutModel, *, restored: bool = False) -> None:
        """Edit another layout (the undo history starts again)."""
        self.session.set_model(model, restored=restored)

    def run_checks(self) -> None:
        """Check the layout now; the Problems dock and the board room show what was found."""
        self.session.run_checks()

    def open_file_tab(self, path: Path) -> bool:
        """Open a content file in a tab (or bring its tab forward); False when it cannot."""
        return self.documents.open(path)

    def save_current(self) -> bool:
        """Ctrl+S: save the current file tab, or the layout on the board tab."""
        return self.files.save_current()

    def save_current_as(self) -> bool:
        """Ctrl+Shift+S: the current file tab under a new name, or the layout on the board."""
        return self.files.save_current_as()

    def show_replay(self, result: GameResult | None = None) -> None:
        """Bring the Replay tab forward, replaying ``result`` when given."""
        docks.show_replay(self.tabs, self.replay_panel, result)

    # --- closing ----------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask before losing unsaved work; then remember the settings and drop the autosave."""
        if not self.documents.may_close_all() or not self.files.maybe_save():
            event.ignore()
            return
        save_settings(self, self.settings, self.board)
        self.autosave.discard()
        self.autosave.stop()
        self.documents.shutdown()
        self.replay_panel.pause()  # a replay playing on would tick in a closed window
        self.session.stop()
        self.simulator.shutdown()  # cancels the batch; no worker process outlives the window
        event.accept()
