"""Where the window puts the rooms' widgets: the central tabs, the docks and the status line.

The window builds the rooms; these place them (the same object names, areas and tabs as
ever: ``restoreState`` finds them by name) and tie the few things that are the window's
own: a file tab brings the Preview forward where the Space inspector was, the Simulator plays
only while its dock is in sight, a replay asked for brings the Replay tab forward.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QMainWindow,
    QScrollArea,
    QStyle,
    QTabBar,
    QTabWidget,
    QWidget,
)

from editor.sim.runner import GameResult
from editor.ui.content.document_tabs import DocumentTabs
from editor.ui.playtest.playtest_view import PlaytestView
from editor.ui.replay.replay_panel import ReplayPanel


def make_dock(
    window: QMainWindow, title: str, name: str, widget: QWidget, *, scrolled: bool = False
) -> QDockWidget:
    """A movable, floatable, closable dock named ``name`` (``restoreState`` finds it so).

    ``scrolled`` puts a tall widget in a vertical scroll area: the dock then asks for little
    height, so the window fits a laptop's screen (768 pixels) and the widget scrolls there.
    """
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    if scrolled:
        area = QScrollArea(dock)
        area.setObjectName(f"{name}Scroll")
        area.setWidget(widget)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # as wide as the widget needs beside the scroll bar: it scrolls up and down only
        bar = area.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        area.setMinimumWidth(widget.minimumSizeHint().width() + bar)
        dock.setWidget(area)
    else:
        dock.setWidget(widget)
    dock.setFeatures(
        QDockWidget.DockWidgetFeature.DockWidgetMovable
        | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        | QDockWidget.DockWidgetFeature.DockWidgetClosable
    )
    return dock


def central_tabs(window: QMainWindow, board_view: QWidget) -> QTabWidget:
    """The central tabs with the board first (it never closes); the window's central widget."""
    tabs = QTabWidget(window)
    tabs.setObjectName("DocumentTabs")
    tabs.addTab(board_view, "Board")
    window.setCentralWidget(tabs)
    return tabs


def add_replay_tab(tabs: QTabWidget, replay_panel: ReplayPanel) -> None:
    """The Replay tab right after the board; like the board, it never closes."""
    tabs.insertTab(1, replay_panel, "Replay")
    tabs.setTabToolTip(1, "Step through a simulated game on a board of its own")
    for side in (QTabBar.ButtonPosition.LeftSide, QTabBar.ButtonPosition.RightSide):
        tabs.tabBar().setTabButton(1, side, None)


def add_playtest_tab(tabs: QTabWidget, view: PlaytestView) -> None:
    """The Playtest tab after the Replay tab: the batch's charts; it never closes either."""
    index = tabs.insertTab(2, view, "Playtest")
    tabs.setTabToolTip(index, "The simulated batch as charts, beside a pinned baseline")
    for side in (QTabBar.ButtonPosition.LeftSide, QTabBar.ButtonPosition.RightSide):
        tabs.tabBar().setTabButton(index, side, None)


def show_replay(tabs: QTabWidget, replay_panel: ReplayPanel, result: GameResult | None) -> None:
    """Bring the Replay tab forward, replaying ``result`` (a failed game up to its error)."""
    tabs.setCurrentWidget(replay_panel)
    if result is not None:
        replay_panel.replay_game(result)


@dataclass(frozen=True)
class Docks:
    """The window's docks, each holding one room's widget."""

    palette: QDockWidget
    inspector: QDockWidget
    history: QDockWidget
    problems: QDockWidget
    statistics: QDockWidget
    project: QDockWidget
    preview: QDockWidget
    simulator: QDockWidget

    def in_menu(self) -> list[QDockWidget]:
        """The docks in the order View > Panels lists them."""
        return [
            self.palette,
            self.inspector,
            self.problems,
            self.statistics,
            self.simulator,
            self.history,
            self.project,
            self.preview,
        ]


def place_docks(window: QMainWindow, docks: Docks, status_words: Sequence[QWidget] = ()) -> None:
    """Tiles and Project on the left; Space, Statistics, History and Preview tabbed on the
    right; Problems under the board (the Simulator is :func:`place_simulator`'s); the status
    line gets ``status_words`` (the first stretches on the left, the others sit on the
    right)."""
    left = Qt.DockWidgetArea.LeftDockWidgetArea
    right = Qt.DockWidgetArea.RightDockWidgetArea
    window.addDockWidget(left, docks.palette)
    window.addDockWidget(right, docks.inspector)
    window.addDockWidget(right, docks.history)
    window.addDockWidget(right, docks.statistics)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, docks.problems)
    window.tabifyDockWidget(docks.inspector, docks.statistics)
    window.tabifyDockWidget(docks.statistics, docks.history)
    window.addDockWidget(left, docks.project)
    window.tabifyDockWidget(docks.palette, docks.project)
    docks.palette.raise_()
    window.addDockWidget(right, docks.preview)
    window.tabifyDockWidget(docks.history, docks.preview)
    docks.inspector.raise_()
    # the side docks run the window's full height; Problems sits under the board only
    window.setCorner(Qt.Corner.BottomLeftCorner, left)
    window.setCorner(Qt.Corner.BottomRightCorner, right)
    window.resizeDocks([docks.problems], [120], Qt.Orientation.Vertical)
    window.resizeDocks([docks.palette, docks.inspector], [270, 300], Qt.Orientation.Horizontal)
    # the status line: the hovered space's words, then the summary and the rest at the right
    for index, widget in enumerate(status_words):
        if index == 0:
            window.statusBar().addWidget(widget, 1)
        else:
            window.statusBar().addPermanentWidget(widget)


def place_simulator(window: QMainWindow, docks: Docks) -> None:
    """The Simulator below the Space tabs, in sight: it plays only while it can be seen.

    Placed after the Replay tab joins the central tabs, as ever: the first window's size
    depends on the order (the docks share what the central tabs leave them)."""
    window.addDockWidget(
        Qt.DockWidgetArea.RightDockWidgetArea, docks.simulator, Qt.Orientation.Vertical
    )
    docks.inspector.raise_()


class PreviewSwap(QObject):
    """A file tab brings the Preview forward in place of the Space inspector (it has nothing
    to say there); back on the board, the Space inspector returns (only if it was the one
    replaced)."""

    def __init__(self, tabs: QTabWidget, documents: DocumentTabs, docks: Docks) -> None:
        super().__init__(tabs)
        self.documents = documents
        self.inspector = docks.inspector
        self.preview = docks.preview
        self._inspector_seen = True
        self._preview_raised = False
        self.inspector.visibilityChanged.connect(self._inspector_visibility)
        tabs.currentChanged.connect(self._central_changed)

    def _inspector_visibility(self, visible: bool) -> None:
        self._inspector_seen = visible

    def _central_changed(self, _index: int) -> None:
        on_file = self.documents.current() is not None
        if on_file and self._inspector_seen and not self.preview.isFloating():
            self.preview.raise_()
            self._preview_raised = True
        elif not on_file and self._preview_raised:
            self._preview_raised = False
            self.inspector.raise_()


def bring_forward(dock: QDockWidget) -> None:
    """Show a dock and raise it over the docks tabbed with it."""
    dock.show()
    dock.raise_()
