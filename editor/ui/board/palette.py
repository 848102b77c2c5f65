"""The palette dock: editing tools, tile types with their stock, and the colour legend.

Swatches are small spaces drawn by the painter of the board's grid (hexes or squares), and the
legend's last entry is the game's empty space (its colour and word), unless a tile type bears
that name; under the legend, what the board shows of a space, from what its game declares (how
many tiles a space takes, whether tiles carry art): see :meth:`Palette.set_board`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.studio.board_picture import DEFAULT_EMPTY_COLOUR, DEFAULT_EMPTY_WORD
from editor.studio.layout_model import StockLine
from editor.studio.tools import Tool
from editor.ui.board.painters import FALLBACK_COLOUR, for_grid

#: Tool, menu text, shortcut, what it does (the tooltip and the hint under the tools);
#: ``{empty}`` is the game's word for an empty space.
TOOLS: tuple[tuple[Tool, str, str, str], ...] = (
    (Tool.SELECT, "Se&lect", "V", "Click a space to inspect it"),
    (Tool.STACK, "&Stack", "S", "Click or drag: put the chosen tile on top of each space"),
    (Tool.REMOVE, "&Remove Top", "R", "Click or drag: take the top tile off each space"),
    (Tool.CLEAR, "&Clear", "C", "Click or drag: make each space {empty}"),
    (Tool.PICK, "&Eyedropper", "I", "Click a space to pick up its stack for painting"),
    (Tool.PAINT, "&Paint", "P", "Click or drag: give each space the picked stack"),
)
OVER_COLOUR = "#c62828"
#: What the board shows where tiles stack (the painters draw a stack as terraces).
TERRACES_HELP = (
    "Tiles stack as terraces: the rim is the bottom tile, the centre the top; the number"
    " counts the tiles."
)
#: The chosen tool stands out; the others stay quiet.
STYLE = """
QToolButton { border: 1px solid #b8c2cc; border-radius: 4px; padding: 3px 6px;
              background: #f6f8fa; }
QToolButton:hover { background: #e8eef4; }
QToolButton:checked { background: #2f6aa6; color: white; border-color: #24527f; }
"""


def swatch(colour: str, size: int = 18, grid: str = "hex") -> QIcon:
    """A small space of a grid (a flat-top hex, a square) in a colour, for lists and menus."""
    return for_grid(grid).swatch(colour, size)


#: The Tiles list's place when the packs in use offer no tile for the board.
#: The tools that put tile types down (the Eyedropper picks a stack up for Paint).
PLACING_TOOLS = (Tool.STACK, Tool.PICK, Tool.PAINT)

NO_TILES = (
    "The packs in use offer no tiles to place on this board: its games start from it as it"
    " is (the Replay tab shows them)."
)


def board_help(stack_limit: int = 0, tile_art: bool = False, empty_word: str = "") -> str:
    """What the board shows of a space, from what its game declares: tiles drawn with their
    art, one tile a space, or stacks (as terraces, up to ``stack_limit`` when it is above 1).

    >>> board_help(1, empty_word="bare")
    'Each space takes one tile, shown in its colour; a space with none is bare.'
    """
    if tile_art:
        return "Each space takes one tile, drawn from above with its art, as replays show it."
    if stack_limit == 1:
        none = f"; a space with none is {empty_word}" if empty_word else ""
        return f"Each space takes one tile, shown in its colour{none}."
    if stack_limit > 1:
        return f"{TERRACES_HELP} A space takes at most {stack_limit}."
    return TERRACES_HELP


def legend_entries(
    tiles: Sequence[tuple[str, str]], empty_word: str, empty_colour: str
) -> list[tuple[str, str]]:
    """The legend's (name, colour) pairs: the tile types, then the empty space, unless a tile
    type bears its name (that tile is the entry: each name is shown once).

    >>> legend_entries([("Sea", "#00f"), ("Sand", "#ff0")], "sand", "#eee")
    [('Sea', '#00f'), ('Sand', '#ff0')]
    """
    entries: list[tuple[str, str]] = []
    seen: set[str] = set()
    for name, colour in [*tiles, (empty_word.capitalize(), empty_colour)]:
        if name.casefold() not in seen:
            seen.add(name.casefold())
            entries.append((name, colour))
    return entries


def stack_text(names: Sequence[str], empty_word: str = DEFAULT_EMPTY_WORD) -> str:
    """``"Beach › Meadow › Mountain"`` (bottom to top), or the word for an empty space."""
    return " › ".join(names) if names else empty_word


class Palette(QWidget):
    """Tool buttons, the tile types of the packs in use with stock counts, and a legend."""

    tool_changed = Signal(object)
    tile_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = Tool.STACK
        self.tile: str | None = None
        self._lines: list[StockLine] = []
        self._unknown: list[str] = []
        #: The board's grid kind (the swatches' shape) and its game's empty colour and word.
        self.grid = "hex"
        self.empty_colour = DEFAULT_EMPTY_COLOUR
        self.empty_word = DEFAULT_EMPTY_WORD
        #: What the board's game declares of its spaces: the most tiles one takes (0: no
        #: limit) and whether tiles are drawn with their art.
        self.stack_limit = 0
        self.tile_art = False

        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.tool_actions: dict[Tool, QAction] = {}
        grid = QGridLayout()
        grid.setSpacing(4)
        for index, (tool, text, key, tip) in enumerate(TOOLS):
            action = QAction(text, self)
            action.setCheckable(True)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.setToolTip(f"{text.replace('&', '')} ({key}): {self._tip(tip)}")
            action.setData(tool)
            # the button shows the action's icon text; keeping the key in it (not only in the
            # button) stops Qt from dropping the key whenever the action is checked
            action.setIconText(f"{text.replace('&', '')}  {key}")
            action.triggered.connect(lambda _=False, t=tool: self.set_tool(t))
            self.tool_group.addAction(action)
            self.tool_actions[tool] = action
            button = QToolButton(self)
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setMinimumHeight(28)
            button.setSizePolicy(
                button.sizePolicy().Policy.Expanding, button.sizePolicy().Policy.Fixed
            )
            grid.addWidget(button, index // 2, index % 2)
        self.tool_actions[self.tool].setChecked(True)

        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #4a5560;")

        self.tiles = QListWidget(self)
        self.tiles.setIconSize(QSize(22, 22))
        self.tiles.setSpacing(1)
        self.tiles.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tiles.currentRowChanged.connect(self._row_changed)
        self.tiles.setToolTip("The tile types of the packs in use: press 1, 2, 3... to choose")

        #: Said instead of the list when the packs in use offer no tile for the board.
        self.no_tiles = QLabel(NO_TILES, self)
        self.no_tiles.setWordWrap(True)
        self.no_tiles.setStyleSheet("color: #4a5560;")
        self.no_tiles.hide()
        self.stamp_label = QLabel(self)
        self.stamp_label.setWordWrap(True)
        self.legend = QLabel(self)
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        #: The names the legend shows, in order.
        self.legend_names: list[str] = []
        #: What the board shows of a space (stacks as terraces, one tile, tiles' art).
        self.board_help = QLabel(board_help(), self)
        self.board_help.setWordWrap(True)
        self.board_help.setStyleSheet("color: #4a5560;")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(_heading("Tools"))
        layout.addLayout(grid)
        layout.addWidget(self.hint)
        layout.addWidget(_heading("Tiles"))
        layout.addWidget(self.tiles)
        layout.addWidget(self.no_tiles)
        layout.addWidget(self.stamp_label)
        layout.addWidget(_heading("Legend"))
        layout.addWidget(self.legend)
        layout.addWidget(self.board_help)
        layout.addStretch(1)
        self.setStyleSheet(STYLE)
        self._update_hint()

    # --- tools and tiles --------------------------------------------------------------

    def set_tool(self, tool: Tool) -> None:
        """Choose a tool (also what its shortcut does)."""
        self.tool = tool
        self.tool_actions[tool].setChecked(True)
        self._update_hint()
        self.tool_changed.emit(tool)

    def set_tile(self, tile: str) -> None:
        """Choose the tile type the Stack tool puts down."""
        for row, line in enumerate(self._lines):
            if line.tile.id == tile:
                self.tiles.setCurrentRow(row)
                return

    def _row_changed(self, row: int) -> None:
        if 0 <= row < len(self._lines):
            self.tile = self._lines[row].tile.id
            self._update_hint()
            self.tile_changed.emit(self.tile)

    def _tip(self, tip: str) -> str:
        return tip.format(empty=self.empty_word)

    def _update_hint(self) -> None:
        tip = next(t for tool, _, _, t in TOOLS if tool is self.tool)
        self.hint.setText(self._tip(tip))

    def set_board(
        self,
        grid: str,
        empty_colour: str,
        empty_word: str,
        stack_limit: int = 0,
        tile_art: bool = False,
    ) -> None:
        """Draw swatches for a board of ``grid`` and name its game's empty space (a board's
        picture has all three: ``grid``, ``empty_colour`` and ``empty_word``); say what the
        board shows of a space from what the game declares (``stack_limit``, ``tile_art``)."""
        changed = (grid, empty_colour, empty_word) != (
            self.grid,
            self.empty_colour,
            self.empty_word,
        )
        self.grid, self.empty_colour, self.empty_word = grid, empty_colour, empty_word
        self.stack_limit, self.tile_art = stack_limit, tile_art
        self.board_help.setText(board_help(stack_limit, tile_art, empty_word))
        for tool, text, key, tip in TOOLS:
            self.tool_actions[tool].setToolTip(f"{text.replace('&', '')} ({key}): {self._tip(tip)}")
        self._update_hint()
        if changed and self._lines:
            self.show_stock(self._lines, self._unknown)

    def set_stamp(self, names: Sequence[str]) -> None:
        """Show what the Paint tool puts down (bottom to top)."""
        self.stamp_label.setText(f"<b>Paint stamp:</b> {stack_text(names, self.empty_word)}")

    # --- stock ------------------------------------------------------------------------

    def show_stock(self, lines: Sequence[StockLine], unknown: Sequence[str] = ()) -> None:
        """List the tile types with how many are placed; keep the chosen one."""
        keep = self.tile
        same = [ln.tile.id for ln in lines] == [ln.tile.id for ln in self._lines]
        self._lines = list(lines)
        self._unknown = list(unknown)
        if not same:
            self.tiles.blockSignals(True)
            self.tiles.clear()
            for _ in lines:
                self.tiles.addItem(QListWidgetItem())
            self.tiles.blockSignals(False)
        for row, line in enumerate(lines):
            item = self.tiles.item(row)
            key = f"{row + 1}  " if row < 9 else ""
            mark = "  ⚠ over" if line.over else ""
            item.setText(f"{key}{line.text()}{mark}")
            item.setIcon(swatch(line.tile.colour or FALLBACK_COLOUR, grid=self.grid))
            item.setForeground(QColor(OVER_COLOUR) if line.over else QColor("#1b1b1b"))
            item.setToolTip(
                f"{line.tile.name}: the layout places {line.used}, the packs in use hold"
                f" {line.tile.stock}" + (" (too many)" if line.over else "")
            )
        # as wide as its longest line, so no count is cut off over a sideways scroll bar
        spacing = 2 * self.tiles.spacing() + 2 * self.tiles.frameWidth()
        self.tiles.setMinimumWidth(self.tiles.sizeHintForColumn(0) + spacing + 4)
        # as tall as its lines, so the legend sits right under them
        row_height = max(self.tiles.sizeHintForRow(0), self.tiles.iconSize().height() + 4)
        self.tiles.setFixedHeight(
            max(len(lines), 1) * (row_height + 2) + 2 * self.tiles.frameWidth() + 4
        )
        # nothing to choose from: say so rather than show an empty list and a stamp of nothing
        self.tiles.setVisible(bool(lines))
        self.stamp_label.setVisible(bool(lines))
        self.no_tiles.setVisible(not lines)
        self._enable_placing(bool(lines))
        ids = [ln.tile.id for ln in lines]
        if keep in ids:
            self.tiles.setCurrentRow(ids.index(keep))
        elif lines:
            self.tiles.setCurrentRow(0)
        else:
            self.tile = None
        entries = legend_entries(
            [(ln.tile.name, ln.tile.colour) for ln in lines], self.empty_word, self.empty_colour
        )
        shape = "⬢" if self.grid == "hex" else "■"
        legend = " ".join(
            f"<span style='color:{c}; font-size:16px'>{shape}</span>&nbsp;{html.escape(name)}"
            "&nbsp;&nbsp;"
            for name, c in entries
        )
        if unknown:
            legend += (
                f"<br><span style='color:{OVER_COLOUR}'>Unknown tiles:"
                f" {html.escape(', '.join(unknown))}</span>"
            )
        self.legend.setText(legend)
        self.legend_names = [name for name, _ in entries]

    def _enable_placing(self, enabled: bool) -> None:
        """The tools that put tiles down work only when the packs offer some: without, they
        are greyed out (their keys too) and Select is chosen in their place."""
        for tool in PLACING_TOOLS:
            self.tool_actions[tool].setEnabled(enabled)
        if not enabled and self.tool in PLACING_TOOLS:
            self.set_tool(Tool.SELECT)

    def line_texts(self) -> list[str]:
        """The texts of the tile lines, as shown."""
        return [self.tiles.item(row).text() for row in range(self.tiles.count())]


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("font-weight: bold; color: #26323d; margin-top: 4px;")
    return label
