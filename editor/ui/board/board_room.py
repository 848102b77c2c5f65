"""The board room: the board view, palette, inspector, statistics and heatmap, on their own.

A :class:`BoardRoom` is built from the :class:`~editor.studio.studio.Studio` it shows and a
:class:`~editor.ui.common.services.BoardServices` (the window's undo stack, prompts and status
line). It owns its widgets; the window only places them (the board view in the central tabs,
the palette, inspector and statistics in docks, the labels and the heatmap combo in the status
bar). It listens to the studio instead of being told by the window:

- ``LAYOUT_REPLACED``: the new layout drawn and fitted, the inspector and the palette set up
  for it, the paint stamp chosen again, the heatmap of the old layout cleared;
- ``LAYOUT_EDITED``: the changed spaces redrawn, the inspector, the hovered space's words, the
  palette's stock and the status text brought up to date;
- ``CHECKED``: the statistics and the status text;
- ``RESULTS_ARRIVED``: the heatmaps of the batch (a snapshot's ``results`` and ``ready``);
- ``PACKS_CHANGED``: the inspector's pack list (which open packs the layout does not use).

Every edit the room makes (strokes, the inspector's edits, turning and mirroring, renaming)
is an undo command pushed on the services' undo stack.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel

from editor.core import registry
from editor.core.diagnostics import Diagnostic
from editor.sim.live import Snapshot
from editor.studio.board_picture import BoardPicture, describe_space
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Change, Studio
from editor.studio.tools import Stroke, Tool
from editor.ui.board.board_view import BoardView, LabelMode
from editor.ui.board.commands import ReplaceLayout, SetStacks
from editor.ui.board.heatmap_layer import HeatmapCombo, HeatmapLayer
from editor.ui.board.inspector import Inspector
from editor.ui.board.palette import Palette
from editor.ui.board.statistics_panel import StatisticsPanel
from editor.ui.common.services import BoardServices

#: The cursor over the board tells which tool is active.
TOOL_CURSORS = {
    Tool.SELECT: Qt.CursorShape.ArrowCursor,
    Tool.STACK: Qt.CursorShape.PointingHandCursor,
    Tool.REMOVE: Qt.CursorShape.PointingHandCursor,
    Tool.CLEAR: Qt.CursorShape.PointingHandCursor,
    Tool.PICK: Qt.CursorShape.CrossCursor,
    Tool.PAINT: Qt.CursorShape.PointingHandCursor,
}
#: How the status line words each label mode (the View > Labels menu's words).
LABEL_WORDS = {LabelMode.ALWAYS: "Always", LabelMode.HOVER: "On Hover", LabelMode.OFF: "Off"}


class BoardRoom(QObject):
    """The board and its docks for the studio's layout; every edit an undo command."""

    #: A space was brought into view for the user (a problem was clicked): show the inspector.
    inspector_wanted = Signal()
    #: The label mode changed (the View > Labels menu follows it).
    label_mode_changed = Signal(object)
    #: Tile backs are shown, or not (the View menu's check box follows it).
    show_backs_changed = Signal(bool)

    def __init__(
        self, studio: Studio, services: BoardServices, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.studio = studio
        self.services = services
        self._stroke: Stroke | None = None
        self._stamp: tuple[str, ...] = ()
        self._hovered_space = ""

        self.board_view = BoardView(studio.model.picture())
        self.board_view.stroke_started.connect(self._stroke_started)
        self.board_view.stroke_moved.connect(self._stroke_moved)
        self.board_view.stroke_ended.connect(self._stroke_ended)
        self.board_view.hovered.connect(self._hovered)
        self.palette = Palette()
        self.palette.tile_changed.connect(self._tile_changed)
        self.palette.tool_changed.connect(self._tool_changed)
        self.inspector = Inspector()
        self.inspector.stack_edit.connect(self._inspector_edit)
        self.inspector.rename.connect(self._rename)
        self.inspector.command.connect(lambda command: self.services.undo_stack.push(command))
        self.statistics_panel = StatisticsPanel()
        #: The heatmap over the board from the latest batch of simulated games.
        self.heatmap_layer = HeatmapLayer(self.board_view, self)
        self.heatmap_combo = HeatmapCombo(self.heatmap_layer)
        #: The status line's words: the space under the mouse, and the layout's summary.
        self.hover_label = QLabel()
        self.summary_label = QLabel()

        self._replaced(studio.model)
        self._tool_changed(self.palette.tool)
        studio.subscribe(Change.LAYOUT_REPLACED, self._replaced)
        studio.subscribe(Change.LAYOUT_EDITED, self._edited)
        studio.subscribe(Change.CHECKED, self._checked)
        studio.subscribe(Change.RESULTS_ARRIVED, self._results_arrived)
        studio.subscribe(Change.PACKS_CHANGED, lambda _folders: self.inspector.refresh_layout())

    # --- what the room shows ----------------------------------------------------------

    @property
    def model(self) -> LayoutModel:
        """The layout being edited (the studio's)."""
        return self.studio.model

    @property
    def game_editor(self) -> registry.GameEditor:
        """What the layout's game declares for the editor (the defaults for an unknown game)."""
        game = registry.get(self.model.layout.game)
        return game.editor if game is not None else registry.GameEditor()

    @property
    def picture(self) -> BoardPicture:
        """What the board shows now."""
        return self.board_view.picture

    @property
    def stamp(self) -> tuple[str, ...]:
        """The stack the Paint tool puts down, bottom to top."""
        return self._stamp

    def _replaced(self, model: LayoutModel) -> None:
        self._stroke = None
        scene = self.board_view.board_scene
        picture = model.picture()
        scene.set_picture(picture)
        scene.select(None)
        # another layout: the last batch's heatmaps are not its own
        self.heatmap_layer.clear()
        self.board_view.fit()
        self.inspector.set_model(model)
        self.inspector.show_space(None)
        editor = self.game_editor
        self.palette.set_board(
            picture.grid,
            picture.empty_colour,
            picture.empty_word,
            stack_limit=editor.stack_limit,
            tile_art=editor.tile_art,
        )
        self._refresh_palette()
        self._stamp = (self.palette.tile,) if self.palette.tile else ()
        self.palette.set_stamp([model.tile_name(t) for t in self._stamp])
        self.update_summary()

    def _edited(self, changed: frozenset[str] | None) -> None:
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
        self.update_summary()
        self.heatmap_layer.refresh()  # the scene may have been rebuilt

    def _checked(self, _diagnostics: list[Diagnostic]) -> None:
        self.statistics_panel.show_layout(self.model.workspace, self.model.layout)
        self.update_summary()

    def _results_arrived(self, snapshot: Snapshot | None) -> None:
        results = snapshot.results if snapshot is not None else ()
        ready = snapshot.ready if snapshot is not None else None
        if not results or ready is None:
            self.heatmap_layer.clear()
            return
        self.heatmap_layer.show_results(results, ready.layout, ready.loaded.workspace)

    def _refresh_palette(self) -> None:
        self.palette.show_stock(self.model.stock_lines(), self.model.unknown_tiles())

    def update_summary(self) -> None:
        """The status text: the spaces holding tiles (in the game's words), the tiles, the
        layout's problems and the open files'."""
        picture = self.picture
        filled = picture.land_count
        one, many = self.game_editor.filled_words
        tiles = picture.tile_count
        diagnostics = self.studio.diagnostics
        problems = len(diagnostics)
        errors = sum(d.is_error for d in diagnostics)
        if problems:
            found = f"{problems} problem{'s' * (problems != 1)}"
            found += f" ({errors} error{'s' * (errors != 1)})"
        else:
            found = "no problems"
        # the open content files' problems too: the Problems dock lists them with these
        in_files = self.services.open_file_problems()
        if in_files:
            found += f" · {in_files} problem{'s' * (in_files != 1)} in open files"
        board = ""
        if self.model.board is None:
            # only the layout's own spaces are drawn: say why the board looks cut down
            board = f"unknown board '{self.model.layout.board}' (only its spaces shown) · "
        self.summary_label.setText(
            f"{board}{filled} {one if filled == 1 else many} · {tiles} tile{'s' * (tiles != 1)}"
            f" · {found}"
        )

    # --- edits ------------------------------------------------------------------------

    def select_space(self, label: str | None) -> None:
        """Select a space on the board and show it in the inspector."""
        self.board_view.board_scene.select(label)
        self.inspector.show_space(label)

    def show_space(self, label: str) -> None:
        """Select a space and scroll the board to it (a problem was clicked)."""
        if label not in self.board_view.board_scene.space_items:
            return
        self.select_space(label)
        self.board_view.centerOn(self.board_view.board_scene.item_for(label))
        # the inspector may sit under another dock's tab: the window brings it forward
        self.inspector_wanted.emit()

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
            self.services.undo_stack.push(
                SetStacks(self.model, before, after, stroke.describe(), applied=True)
            )

    def clear_selected(self) -> bool:
        """Empty the selected space (one undo command); False when nothing changed."""
        label = self.board_view.board_scene.selected
        if label is None:
            self.services.status("Select a space to clear it", 4000)
            return False
        stroke = Stroke(self.model, Tool.CLEAR, self.palette.tile, self._stamp)
        if not stroke.touch(label):
            return False
        before, after = stroke.changes()
        self.services.undo_stack.push(
            SetStacks(self.model, before, after, stroke.describe(), applied=True)
        )
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
            self.services.undo_stack.push(SetStacks(self.model, before, after, text))

    def _rename(self, name: str, ident: str) -> None:
        layout = dataclasses.replace(self.model.layout, name=name, id=ident)
        self.services.undo_stack.push(ReplaceLayout(self.model, layout, "Rename layout"))

    def transform(self, rotate_steps: int, mirror: bool) -> bool:
        """Turn (steps of the board's grid, clockwise: 60° on hexes, 90° on squares) or mirror
        the layout; asks before losing stacks."""
        model = self.model
        if mirror:
            text = "Mirror layout"
        else:
            way = "clockwise" if rotate_steps > 0 else "counterclockwise"
            text = f"Rotate layout {model.rotation_step()}° {way}"
        prompts = self.services.prompts
        try:
            layout, lost = model.transformed(rotate_steps % model.rotations(), mirror)
        except ValueError as exc:
            prompts.error("Cannot turn the layout", str(exc))
            return False
        if lost:
            question = (
                f"The stacks on {', '.join(lost)} would fall off the board and be lost."
                f" {text} anyway?"
            )
            if not prompts.confirm("Stacks would be lost", question):
                return False
            text += f" (drops {', '.join(lost)})"
        self.services.undo_stack.push(ReplaceLayout(model, layout, text))
        return True

    # --- view -------------------------------------------------------------------------

    def set_label_mode(self, mode: LabelMode) -> None:
        """Show labels always, on hover, or never."""
        self.board_view.board_scene.set_label_mode(mode)
        self.label_mode_changed.emit(mode)

    def cycle_label_mode(self) -> LabelMode:
        """Go to the next label mode, always → on hover → off → always (the L key)."""
        modes = list(LabelMode)
        current = self.board_view.board_scene.label_mode
        mode = modes[(modes.index(current) + 1) % len(modes)]
        self.set_label_mode(mode)
        self.services.status(f"Labels: {LABEL_WORDS[mode]}", 3000)
        return mode

    @property
    def show_backs(self) -> bool:
        """Whether each tile's back mark is shown instead of the tile count."""
        return self.board_view.board_scene.show_backs

    def set_show_backs(self, show: bool) -> None:
        """Show each tile's back mark instead of the tile count."""
        self.board_view.board_scene.set_show_backs(show)
        self.show_backs_changed.emit(show)

    def _hovered(self, label: str) -> None:
        self._hovered_space = label
        if not label:
            self.hover_label.setText("")
            return
        names = [self.model.tile_name(t) for t in self.model.stack(label)]
        self.hover_label.setText(describe_space(label, names, self.model.empty_word()))
