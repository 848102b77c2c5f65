"""The Replay tab: pick a simulated game of the latest batch (or enter a seed) and step
through it on a board of its own, with its event log.

The replay itself is :mod:`editor.sim.replay` (Qt-free); the board of each step comes from
the layout game's ``replay_frame`` hook. The tab's board is read-only and separate from the
editing board. Keys while the tab has the focus: Left/Right step, Home/End jump, Space plays
or pauses.

Built with the :class:`~editor.studio.studio.Studio`, the tab listens to it:
``RESULTS_ARRIVED`` lists the batch's games and replays them with the batch's set-up
(:func:`context_of`); ``LAYOUT_REPLACED`` drops the old layout's games and seeds;
``LAYOUT_EDITED``, ``TEXT_CHANGED`` and ``PACKS_CHANGED`` drop a context made from the design
before them. A seed entered before any batch plays on the studio's layout.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSplitter,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.core import registry
from editor.core.engine import Engine, MatchSpec
from editor.core.layouts import Layout
from editor.core.pack_names import pack_names
from editor.core.registry import Frame
from editor.core.workspace import Workspace
from editor.sim.live import Snapshot
from editor.sim.replay import Replay, differences, replay_result, replay_seed
from editor.sim.runner import BatchPlan, GameResult, describe_error
from editor.studio.board_picture import BoardPicture, describe_space, layout_picture
from editor.studio.field_marks import counter_marks
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Change, Studio
from editor.ui.board.board_view import BoardView
from editor.ui.replay.replay_log import EventLog
from editor.ui.replay.replay_pieces import PiecesItem, describe_piece, seat_name
from editor.ui.replay.seat_names import match_seat_names, seat_names

#: Play speeds offered: label and milliseconds per step.
SPEEDS = (("½×", 1000), ("1×", 500), ("2×", 250), ("4×", 125), ("8×", 60))
DEFAULT_SPEED = 1
#: How many players a replay plays when no batch set the plan (a seed entered at once).
DEFAULT_PLAYERS = 2
#: The games list's columns.
COLUMNS = ("#", "seed", "factions", "winner", "rounds")
FACTIONS_COLUMN = COLUMNS.index("factions")
#: The most of the tab's width the games list and the log take at first (the board the rest).
LIST_SHARE = 0.5


@dataclass(frozen=True)
class ReplayContext:
    """What replays of a batch need: engine, prepared content, plan, layout and workspace."""

    engine: Engine
    prepared: Any
    plan: BatchPlan
    layout: Layout
    workspace: Workspace


def default_context(workspace: Workspace, layout: Layout) -> ReplayContext:
    """A context for a seed entered before any batch: the layout's engine, two seats, the
    game's heuristic bot when it has one (else its first), every faction of the packs.

    Raises ValueError when the layout's game cannot be played.
    """
    game = registry.get(layout.game)
    if game is None or game.engine is None:
        raise ValueError(f"the game {layout.game!r} has no rules engine to replay")
    engine = game.engine
    prepared = engine.prepare(workspace, layout)
    bots = list(engine.bots())
    bot = "heuristic" if "heuristic" in bots else bots[0]
    plan = BatchPlan(
        games=0,
        players=DEFAULT_PLAYERS,
        bots=(bot,) * DEFAULT_PLAYERS,
        factions=tuple(engine.factions(prepared)),
    )
    return ReplayContext(engine, prepared, plan, layout, workspace)


def context_of(snapshot: Snapshot | None) -> ReplayContext | None:
    """How a simulator's snapshot was played, for replaying its games: its engine, prepared
    content, plan, layout and workspace (None: no results, plan or set-up to replay)."""
    if snapshot is None:
        return None
    results, plan, ready = snapshot.results, snapshot.plan, snapshot.ready
    if not results or plan is None or ready is None:
        return None
    return ReplayContext(ready.engine, ready.prepared, plan, ready.layout, ready.loaded.workspace)


def _button(icon: QStyle.StandardPixmap, text: str, tip: str, parent: QWidget) -> QToolButton:
    button = QToolButton(parent)
    button.setIcon(parent.style().standardIcon(icon))
    button.setText(text)  # read by screen readers; the icon is what is shown
    button.setToolTip(tip)
    button.setAutoRaise(True)
    return button


class ReplayPanel(QWidget):
    """Games of the batch, a seed entry, the replay's board, step controls and event log."""

    #: The step shown changed.
    step_changed = Signal(int)

    def __init__(self, studio: Studio | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context: ReplayContext | None = None
        #: Makes a context from the layout being edited, for a seed entered before any batch.
        self.fallback: Callable[[], ReplayContext] | None = None
        #: Whether the context is the fallback's (dropped when the design changes).
        self._from_fallback = False
        self.results: list[GameResult] = []
        self.replay: Replay | None = None
        #: The simulated game the replay shows (None for a seed entered by hand).
        self.result: GameResult | None = None
        self.step = 0
        self._base: BoardPicture | None = None
        #: The board of the replay shown (its context's, kept when the context changes).
        self._replay_base: BoardPicture | None = None
        #: The names of the replay's seats, as a designer knows them (a faction's, a clan's).
        self.seat_names: tuple[str, ...] = ()
        #: The display names the context's packs give their ids (factions...).
        self._pack_names: dict[str, str] = {}
        #: Seat names of the context's matches by spec, so a listed game is named once.
        self._names_of: dict[MatchSpec, tuple[str, ...]] = {}

        # the games of the batch, and a seed entry
        self.games = QTableWidget(0, len(COLUMNS), self)
        self.games.setHorizontalHeaderLabels(list(COLUMNS))
        self.games.verticalHeader().setVisible(False)
        # long faction lists wrap at their spaces onto a second line, not off the edge
        self.games.setWordWrap(True)
        self.games.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.games.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.games.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.games.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.games.itemActivated.connect(lambda item: self.replay_row(item.row()))
        self.games.cellClicked.connect(lambda row, _col: self.replay_row(row))
        self.seed_edit = QLineEdit(self)
        self.seed_edit.setPlaceholderText("seed")
        self.seed_edit.setToolTip("Play a match of the batch's settings with this seed")
        self.seed_edit.returnPressed.connect(self._seed_entered)
        self.seed_button = QPushButton("Play Seed", self)
        self.seed_button.clicked.connect(self._seed_entered)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_edit, 1)
        seed_row.addWidget(self.seed_button)
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("Games of the latest batch", left))
        left_layout.addWidget(self.games, 1)
        left_layout.addLayout(seed_row)

        # the board and the controls
        self.board = BoardView(BoardPicture("Replay", []), self)
        for action in (
            self.board.zoom_in_action,
            self.board.zoom_out_action,
            self.board.fit_action,
        ):
            action.setShortcuts([])  # the editing board owns Ctrl+= / Ctrl+- / Ctrl+0
        self.pieces = PiecesItem(self.board.board_scene)
        self.board.board_scene.addItem(self.pieces)
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        #: The frame's status lines (the sea, the wind, who is out).
        self.situation = QLabel(self)
        self.situation.setWordWrap(True)
        pixmaps = QStyle.StandardPixmap
        self.start_button = _button(
            pixmaps.SP_MediaSkipBackward, "Start", "Jump to the set-up (Home)", self
        )
        self.back_button = _button(
            pixmaps.SP_MediaSeekBackward, "Back", "One step back (Left)", self
        )
        self.play_button = _button(pixmaps.SP_MediaPlay, "Play", "Play or pause (Space)", self)
        self.forward_button = _button(
            pixmaps.SP_MediaSeekForward, "Forward", "One step forward (Right)", self
        )
        self.end_button = _button(pixmaps.SP_MediaSkipForward, "End", "Jump to the end (End)", self)
        self.start_button.clicked.connect(self.to_start)
        self.back_button.clicked.connect(self.step_back)
        self.play_button.clicked.connect(self.toggle_play)
        self.forward_button.clicked.connect(self.step_forward)
        self.end_button.clicked.connect(self.to_end)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setRange(0, 0)
        self.slider.valueChanged.connect(self.set_step)
        self.step_label = QLabel(self)
        self.speed = QComboBox(self)
        for text, ms in SPEEDS:
            self.speed.addItem(text, ms)
        self.speed.setCurrentIndex(DEFAULT_SPEED)
        self.speed.setToolTip("Play speed")
        self.speed.currentIndexChanged.connect(self._speed_changed)
        controls = QHBoxLayout()
        for widget in (
            self.start_button,
            self.back_button,
            self.play_button,
            self.forward_button,
            self.end_button,
        ):
            controls.addWidget(widget)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.speed)
        # the step, then the situation, each on lines of their own the board's width (side by
        # side, a long step squeezed the situation into a column a word wide); the controls
        # stay narrow, so the games list keeps the width its columns need beside the board
        self.step_label.setWordWrap(True)
        where = QVBoxLayout()
        where.setSpacing(2)
        where.addWidget(self.step_label)
        where.addWidget(self.situation)
        middle = QWidget(self)
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(0, 0, 0, 0)
        middle_layout.addWidget(self.title)
        middle_layout.addWidget(self.board, 1)
        middle_layout.addLayout(where)
        middle_layout.addLayout(controls)
        middle_layout.addWidget(self.status)

        self.log = EventLog(self)
        self.log.step_chosen.connect(self.set_step)

        # the games over the event log on the left, as wide as the games' columns need;
        # the board takes the rest, the largest room there is for it
        lists = QSplitter(Qt.Orientation.Vertical, self)
        lists.addWidget(left)
        lists.addWidget(self.log)
        lists.setStretchFactor(0, 2)
        lists.setStretchFactor(1, 3)
        self.splitter = splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(lists)
        splitter.addWidget(middle)
        splitter.setStretchFactor(1, 1)
        splitter.splitterMoved.connect(self._splitter_moved)
        #: Whether the user moved the splitter (then the lists keep the width chosen).
        self._user_sized = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

        self.timer = QTimer(self)
        self.timer.setInterval(SPEEDS[DEFAULT_SPEED][1])
        self.timer.timeout.connect(self._tick)

        self.keys: dict[str, QAction] = {}
        for key, slot in (
            ("Left", self.step_back),
            ("Right", self.step_forward),
            ("Home", self.to_start),
            ("End", self.to_end),
            ("Space", self.toggle_play),
        ):
            action = QAction(key, self)
            action.setShortcut(QKeySequence(key))
            # only while the tab has the focus: the editing board keeps its own keys
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False, s=slot: s())
            self.addAction(action)
            self.keys[key] = action
        self._update_controls()
        if studio is not None:
            self.listen_to(studio)

    def listen_to(self, studio: Studio) -> None:
        """Follow the studio: its batches' games, its layouts, its design's changes; a seed
        entered before any batch plays on its layout."""

        def fallback() -> ReplayContext:
            return default_context(studio.model.workspace, studio.model.layout)

        def replaced(model: LayoutModel) -> None:
            self.layout_replaced(model.picture())

        def changed(_value: object) -> None:
            self.design_changed()

        self.set_fallback(fallback)
        studio.subscribe(Change.RESULTS_ARRIVED, self.show_snapshot)
        studio.subscribe(Change.LAYOUT_REPLACED, replaced)
        for change in (Change.LAYOUT_EDITED, Change.TEXT_CHANGED, Change.PACKS_CHANGED):
            studio.subscribe(change, changed)

    # --- the batch --------------------------------------------------------------------

    def set_context(self, context: ReplayContext | None) -> None:
        """What replays are played with (engine, prepared content, plan, layout)."""
        old = self.context
        if (
            context is None
            or old is None
            or context.prepared is not old.prepared
            or context.workspace is not old.workspace
        ):
            # another design: its packs name the factions, its matches the seats
            self._names_of = {}
            self._pack_names = (
                {} if context is None else pack_names(context.workspace, context.layout)
            )
        self.context = context
        self._from_fallback = False
        self._base = None if context is None else layout_picture(context.workspace, context.layout)
        if self.replay is None and self._base is not None:
            # nothing replayed yet: the board the games are played on, not an empty view
            self._replay_base = self._base
            self._draw(None)
        self._update_controls()

    def set_batch(
        self,
        results: Sequence[GameResult],
        plan: BatchPlan,
        engine: Engine,
        prepared: Any,
        layout: Layout,
        workspace: Workspace,
    ) -> None:
        """List a batch's games (the replay shown stays until another is chosen)."""
        self.set_context(ReplayContext(engine, prepared, plan, layout, workspace))
        self.show_results(results)

    def show_snapshot(self, snapshot: Any) -> None:
        """A simulator's latest results (the studio's ``RESULTS_ARRIVED``): its games listed,
        replayed with its set-up; None, or a snapshot with nothing to replay, lists no games
        (the context and a replay shown stay)."""
        context = context_of(snapshot)
        if context is None:
            self.clear_batch()
            return
        self.set_context(context)
        self.show_results(snapshot.results)

    def show_results(self, results: Sequence[GameResult]) -> None:
        """List games by index: number, seed, factions, winner (or failed), rounds."""
        ordered = sorted(results, key=lambda r: r.index)
        if ordered == self.results:
            return  # the simulator repeats itself while a batch runs: keep the selection
        chosen = self.games.currentRow()
        picked = self.results[chosen].index if 0 <= chosen < len(self.results) else None
        self.results = ordered
        self.games.setRowCount(len(self.results))
        for row, result in enumerate(self.results):
            if result.ok:
                names = self.names_for(self._result_spec(result))
                won = ", ".join(seat_name(s, names) for s in result.winners) or "nobody"
                rounds = str(result.rounds)
            else:
                won, rounds = "failed", ""
            cells = [str(result.index + 1), str(result.seed), self.factions_text(result.factions)]
            for col, text in enumerate([*cells, won, rounds]):
                item = QTableWidgetItem(text)
                if not result.ok:
                    item.setForeground(QBrush(QColor("#c62828")))
                    item.setToolTip(result.error or "")
                self.games.setItem(row, col, item)
        self.fit_columns()
        rows = [row for row, r in enumerate(self.results) if r.index == picked]
        self.games.blockSignals(True)
        self.games.setCurrentCell(rows[0] if rows else -1, 0)
        self.games.blockSignals(False)

    def _result_spec(self, result: GameResult) -> MatchSpec:
        plan = self.context.plan if self.context is not None else None
        players = plan.players if plan is not None else max(len(result.factions), 1)
        modules = plan.modules if plan is not None else frozenset()
        return MatchSpec(players, tuple(result.factions), modules, result.seed)

    def factions_text(self, factions: Sequence[str]) -> str:
        """Factions by the names the design's packs give them: ``Knights vs Mobsters``."""
        return " vs ".join(self._pack_names.get(f, f) for f in factions)

    def names_for(self, spec: MatchSpec) -> tuple[str, ...]:
        """The seats' names in a match of the context: the game's (a clan's), else their
        factions' names from the design's packs, else ``Player 1``..."""
        known = self._names_of.get(spec)
        if known is not None:
            return known
        context = self.context
        if context is None:
            return seat_names(spec.players, spec.factions)
        game = registry.playable(context.layout.game)
        hook = game.seat_name if game is not None else None
        names = match_seat_names(context.engine, context.prepared, spec, hook, self._pack_names)
        self._names_of[spec] = names
        return names

    def fit_columns(self) -> None:
        """Every column of the games list in sight: each as wide as its texts, the factions
        wrapped two a line, and the lists given the width that takes (at first, and up to
        :data:`LIST_SHARE` of the tab, until the user moves the splitter)."""
        games = self.games
        # a game without factions (seats play clans) has nothing to show there
        games.setColumnHidden(FACTIONS_COLUMN, not any(r.factions for r in self.results))
        games.resizeColumnsToContents()
        metrics = games.fontMetrics()
        pairs = [
            self.factions_text(r.factions[i : i + 2])
            for r in self.results
            for i in range(0, len(r.factions), 2)
        ]
        if pairs:
            pad = 2 * games.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 12
            widest = max(metrics.horizontalAdvance(pair) for pair in pairs) + pad
            games.setColumnWidth(FACTIONS_COLUMN, min(games.columnWidth(FACTIONS_COLUMN), widest))
        games.resizeRowsToContents()
        if not self._user_sized:
            self._size_lists()

    def list_width(self) -> int:
        """The width the games list needs to show every column: the columns, its frame and
        its vertical scroll bar."""
        games = self.games
        columns = sum(games.columnWidth(c) for c in range(games.columnCount()))
        bar = games.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        return columns + 2 * games.frameWidth() + bar + 2

    def _size_lists(self) -> None:
        total = sum(self.splitter.sizes())
        if total <= 0:
            return
        left = min(self.list_width(), int(total * LIST_SHARE))
        self.splitter.setSizes([left, total - left])

    def _splitter_moved(self, _pos: int, _index: int) -> None:
        self._user_sized = True

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Resized: the lists keep the width their columns need (until the user chooses)."""
        super().resizeEvent(event)
        if not self._user_sized and self.results:
            self._size_lists()

    def showEvent(self, event: QShowEvent) -> None:
        """Shown (its tab chosen): the games listed while it was hidden get their width."""
        super().showEvent(event)
        if not self._user_sized and self.results:
            self._size_lists()

    def set_fallback(self, fallback: Callable[[], ReplayContext] | None) -> None:
        """How to make a context from the layout being edited when no batch gave one."""
        self.fallback = fallback
        self._update_controls()

    def design_changed(self) -> None:
        """The design changed: a context made from the old layout is dropped (a batch's is
        kept, its games still replay as they were played)."""
        if self._from_fallback:
            self.set_context(None)

    def layout_replaced(self, picture: BoardPicture | None = None) -> None:
        """Another layout is open: no games or seeds of the old one (a replay shown stays);
        with nothing replayed, the board shows ``picture``, the new layout."""
        self.set_context(None)
        self.clear_batch()
        if self.replay is None and picture is not None:
            self._replay_base = picture
            self._draw(None)

    def clear_batch(self) -> None:
        """No batch: no games listed (a replay shown stays, it is still a true replay)."""
        self.show_results([])

    # --- choosing a replay ------------------------------------------------------------

    def replay_row(self, row: int) -> None:
        """Replay the game on a row of the list."""
        if 0 <= row < len(self.results):
            self.replay_game(self.results[row])

    def replay_game(self, result: GameResult) -> Replay | None:
        """Replay a simulated game of the batch (a failed one up to its error)."""
        context = self.context
        if context is None:
            self.status.setText("No batch to replay yet.")
            return None
        frame, words = self._frame_hook(), self._words_hook()
        try:
            played = replay_result(
                context.engine, context.prepared, context.plan, result, frame=frame, words=words
            )
        except Exception as exc:  # a bug in a game's frame hook must not take the editor down
            self.status.setText(f"Could not replay game {result.index + 1}: {describe_error(exc)}")
            return None
        self.show_replay(played, result)
        return played

    def replay_seed(self, seed: int) -> Replay | None:
        """Play a match with the batch's settings and this seed."""
        context = self.context
        if context is None and self.fallback is not None:
            try:
                context = self.fallback()
            except Exception as exc:  # the layout cannot be played: say why
                self.status.setText(f"Cannot play a seed on this layout: {describe_error(exc)}")
                return None
            self.set_context(context)
            self._from_fallback = True
        if context is None:
            self.status.setText("No layout to play a seed on yet.")
            return None
        frame, words = self._frame_hook(), self._words_hook()
        try:
            played = replay_seed(
                context.engine, context.prepared, context.plan, seed, frame=frame, words=words
            )
        except Exception as exc:  # as above: said in the tab, never a crash
            self.status.setText(f"Could not play seed {seed}: {describe_error(exc)}")
            return None
        self.show_replay(played, None)
        return played

    def _seed_entered(self) -> None:
        text = self.seed_edit.text().strip()
        try:
            seed = int(text, 0)
        except ValueError:
            self.status.setText(f"A seed is a whole number, not {text!r}.")
            return
        if seed < 0:
            self.status.setText("A seed cannot be negative.")
            return
        self.replay_seed(seed)

    def _frame_hook(self) -> registry.ReplayFrame | None:
        context = self.context
        game = registry.playable(context.layout.game) if context is not None else None
        return game.replay_frame if game is not None else None

    def _words_hook(self) -> registry.ReplayWords | None:
        context = self.context
        game = registry.playable(context.layout.game) if context is not None else None
        return game.replay_words if game is not None else None

    # --- showing a replay -------------------------------------------------------------

    def show_replay(self, played: Replay, result: GameResult | None = None) -> None:
        """Show a replay from its set-up; ``result`` is the simulated game it replays."""
        self.pause()
        self.replay = played
        self.result = result
        # the board the replay was played on: it stays when the batch or the layout changes
        self._replay_base = self._base
        self.seat_names = self.names_for(played.spec)
        self.log.show_steps(played.steps, self.seat_names)
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(played.steps) - 1)
        self.slider.blockSignals(False)
        self.title.setText(self._title(played, result))
        self.status.setText(self._verdict(played, result))
        self.status.setStyleSheet("color: #c62828;" if played.error else "")
        self.step = -1
        self.set_step(0)

    def _title(self, played: Replay, result: GameResult | None) -> str:
        spec = played.spec
        which = f"Game {result.index + 1}" if result is not None else "Seed entered"
        factions = self.factions_text(spec.factions) or f"{spec.players} players"
        text = f"{which} · seed {spec.seed} · {factions}"
        outcome = played.outcome
        if outcome is not None:
            won = ", ".join(seat_name(s, self.seat_names) for s in outcome.winners) or "nobody"
            text += f" · {won} won in round {outcome.rounds} ({outcome.reason})"
        return text

    def _verdict(self, played: Replay, result: GameResult | None) -> str:
        if played.error is not None:
            return f"Failed at step {played.steps[-1].number}: {played.error}"
        if played.outcome is None:
            return "The recorded choices end before the game does."
        if result is None:
            return f"{played.decisions} decisions."
        found = differences(played, result)
        if found:
            return "This replay differs from the simulated game: " + "; ".join(found)
        return f"{played.decisions} decisions; the same end as the simulated game."

    def frame(self) -> Frame | None:
        """The board shown now: the current step's frame, or the last one before it (a
        failed step may have none)."""
        if self.replay is None:
            return None
        for step in reversed(self.replay.steps[: self.step + 1]):
            if step.frame is not None:
                return step.frame
        return None

    def set_step(self, step: int) -> None:
        """Show the board after a step (0: the set-up)."""
        played = self.replay
        if played is None:
            return
        step = max(0, min(step, len(played.steps) - 1))
        if step == self.step:
            return
        self.step = step
        self.slider.blockSignals(True)
        self.slider.setValue(step)
        self.slider.blockSignals(False)
        self.log.mark(step)
        self._draw(self.frame())
        self._update_controls()
        self.step_changed.emit(step)

    def _draw(self, frame: Frame | None) -> None:
        base = self._replay_base
        if base is None:
            return
        scene = self.board.board_scene
        if frame is None:
            self._set_picture(base)
            self.pieces.set_pieces(())
            return
        picture = dataclasses.replace(
            base,
            labels=list(base.labels),
            stacks={label: list(stack) for label, stack in frame.stacks.items() if stack},
            colours=dict(base.colours),
            tile_marks={},
            counters={
                label: counter_marks(dict(counts)) for label, counts in frame.counters.items()
            },
            badges={},
            counter_colours=dict(base.counter_colours),
            art=dict(frame.art),
        )
        self._set_picture(picture)
        self.pieces.set_pieces(frame.pieces)
        for label, item in scene.space_items.items():
            lines = [describe_space(label, list(frame.stacks.get(label, ())), base.empty_word)]
            lines += [describe_piece(p, self.seat_names) for p in self.pieces.at(label)]
            item.setToolTip("\n".join(lines))

    def _set_picture(self, picture: BoardPicture) -> None:
        scene = self.board.board_scene
        fresh = picture.grid != scene.picture.grid or picture.spaces(margin=True) != list(
            scene.space_items
        )
        scene.set_picture(picture)
        if fresh or not shiboken6.isValid(self.pieces) or self.pieces.scene() is not scene:
            # a new board: the scene dropped its items, the pieces with them
            self.pieces = PiecesItem(scene)
            scene.addItem(self.pieces)
            self.board.fit()

    def _update_controls(self) -> None:
        played = self.replay
        last = len(played.steps) - 1 if played is not None else 0
        has = played is not None
        self.start_button.setEnabled(has and self.step > 0)
        self.back_button.setEnabled(has and self.step > 0)
        self.forward_button.setEnabled(has and self.step < last)
        self.end_button.setEnabled(has and self.step < last)
        self.play_button.setEnabled(has and last > 0)
        self.slider.setEnabled(has)
        seeds = self.context is not None or self.fallback is not None
        self.seed_edit.setEnabled(seeds)
        self.seed_button.setEnabled(seeds)
        if played is None:
            self.step_label.setText("no replay")
            self.situation.setText("")
            return
        frame = self.frame()
        where = f" · round {frame.round} · {frame.phase}" if frame is not None else ""
        self.step_label.setText(f"step {self.step} of {last}{where}")
        self.situation.setText(" · ".join(frame.status) if frame is not None else "")

    # --- moving -----------------------------------------------------------------------

    def step_forward(self) -> None:
        """One step on (Right)."""
        self.set_step(self.step + 1)

    def step_back(self) -> None:
        """One step back (Left)."""
        self.set_step(self.step - 1)

    def to_start(self) -> None:
        """The set-up (Home)."""
        self.set_step(0)

    def to_end(self) -> None:
        """The last step (End)."""
        if self.replay is not None:
            self.set_step(len(self.replay.steps) - 1)

    @property
    def playing(self) -> bool:
        """Whether the replay plays on by itself."""
        return self.timer.isActive()

    def play(self) -> None:
        """Play on from the current step (from the start when at the end)."""
        played = self.replay
        if played is None or len(played.steps) < 2:
            return
        if self.step >= len(played.steps) - 1:
            self.set_step(0)
        self.timer.start()
        self.play_button.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPause))
        self.play_button.setText("Pause")

    def pause(self) -> None:
        """Stop playing."""
        self.timer.stop()
        self.play_button.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPlay))
        self.play_button.setText("Play")

    def toggle_play(self) -> None:
        """Play or pause (Space)."""
        if self.playing:
            self.pause()
        else:
            self.play()

    def _tick(self) -> None:
        played = self.replay
        if played is None or self.step >= len(played.steps) - 1:
            self.pause()
            return
        self.step_forward()
        if self.step >= len(played.steps) - 1:
            self.pause()

    def _speed_changed(self, index: int) -> None:
        self.timer.setInterval(int(self.speed.itemData(index)))
