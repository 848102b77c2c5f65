"""What a board view shows: a plain, Qt-free description of one board and its stacks.

The caller (the CLI, the editor's models) builds a :class:`BoardPicture` from validated
content; the Qt code only draws it, with the painter of the picture's grid. Nothing here knows
a game's rules: a stack is a list of tile ids, bottom to top, colours map tile ids to colour
strings, and the colour and word of an empty space are the game's.

>>> picture = BoardPicture.rectangle("Tiny", 2, 2, {"A1": ["beach", "meadow"]})
>>> picture.labels
['A1', 'A2', 'B1', 'B2']
>>> picture.stack("A2"), picture.land_count, picture.tile_count
([], 1, 2)
>>> describe_space("A1", ["beach", "meadow"]), describe_space("B1", [], "water")
('A1: beach, meadow', 'B1: water')
>>> table = BoardPicture("Table", ["0,0"], {"0,0": ["road"]}, grid="square", open=True)
>>> table.spaces(margin=True)
['-1,0', '0,-1', '0,0', '0,1', '1,0']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from editor.core import registry
from editor.core.grid import Coord, Grid, grid_for
from editor.core.hexgrid import from_offset
from editor.core.layouts import Layout
from editor.core.registry import GameEditor, TileArt
from editor.core.workspace import Workspace
from editor.studio.field_marks import picture_extras, workspace_options

#: What an empty space is called and painted when the picture's game says nothing.
DEFAULT_EMPTY_COLOUR = GameEditor.empty_colour
DEFAULT_EMPTY_WORD = GameEditor.empty_word


def describe_space(label: str, stack: list[str], empty_word: str = DEFAULT_EMPTY_WORD) -> str:
    """The text a view shows for a space: ``"D10: beach, meadow"``, or the label and the
    game's word for an empty space (``"D10: water"`` in Snails)."""
    return f"{label}: {', '.join(stack) if stack else empty_word}"


def rectangle_labels(grid: str, columns: int, rows: int) -> list[str]:
    """The labels of a columns x rows rectangle of spaces, in canonical order.

    >>> rectangle_labels("hex", 2, 2), rectangle_labels("square", 2, 2)
    (['A1', 'A2', 'B1', 'B2'], ['0,0', '0,1', '1,0', '1,1'])
    """
    geometry = grid_for(grid)
    coords: list[Coord]
    if grid == "hex":  # hex columns are offset: (column, row) is not an axial coordinate
        coords = [from_offset(c, r + 1) for c in range(columns) for r in range(rows)]
    else:
        coords = [(c, r) for c in range(columns) for r in range(rows)]
    return sorted((geometry.format(coord) for coord in coords), key=geometry.sort_key)


class BoardLook(TypedDict):
    """The keywords of a :class:`BoardPicture` that come from its board and its game."""

    grid: str
    open: bool
    empty_colour: str
    empty_word: str
    empty_border: str
    empty_ink: str


def board_look(ws: Workspace, layout: Layout) -> BoardLook:
    """The grid and openness of a layout's board, and its game's empty colour and word
    (hex, bounded and the defaults when the workspace knows neither)."""
    board = ws.boards.get(layout.board)
    game = registry.get(layout.game)
    editor = game.editor if game is not None else GameEditor()
    if board is not None:
        grid, table = board.grid, board.open
    else:
        grid, table = (game.grid if game is not None and game.grid != "none" else "hex"), False
    return BoardLook(
        grid=grid,
        open=table,
        empty_colour=editor.empty_colour,
        empty_word=editor.empty_word,
        empty_border=editor.empty_border,
        empty_ink=editor.empty_ink,
    )


@dataclass
class BoardPicture:
    """One board to draw.

    ``labels`` lists every space of the board in canonical order (on an open table: the
    cells the picture names); ``stacks`` gives the tiles of a space bottom to top (a missing
    label or ``[]`` is an empty space); ``colours`` maps a tile id to a colour string
    (``"#8d8175"``; unknown ids are grey). ``grid`` is the board's grid kind (``"hex"`` or
    ``"square"``) and ``open`` says it is an open square table (no fixed list of spaces).
    An empty space is painted ``empty_colour`` and called ``empty_word``. ``tile_marks``,
    ``counters`` and ``badges`` are drawn when given.
    """

    title: str
    labels: list[str]
    stacks: dict[str, list[str]] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)
    #: The grid kind, as in board files: ``"hex"`` or ``"square"``.
    grid: str = "hex"
    #: An open square table: any cell may be used, the view shows a margin round the used.
    open: bool = False
    #: The colour of an empty space (the game's ``editor.empty_colour``).
    empty_colour: str = DEFAULT_EMPTY_COLOUR
    #: What an empty space is called (the game's ``editor.empty_word``).
    empty_word: str = DEFAULT_EMPTY_WORD
    #: The line round an empty space and the ink of its label ("": from the empty colour).
    empty_border: str = ""
    empty_ink: str = ""
    #: Optional marks of the tiles, one per tile bottom to top (None: no mark).
    tile_marks: dict[str, list[str | None]] = field(default_factory=dict)
    #: Optional counters lying on spaces, by label: one id per counter, drawn as dots.
    counters: dict[str, list[str]] = field(default_factory=dict)
    #: Optional badges: label to a short text drawn on the space.
    badges: dict[str, str] = field(default_factory=dict)
    #: The colour of each counter kind its game gives; others get one derived from the id.
    counter_colours: dict[str, str] = field(default_factory=dict)
    #: How the tile on a space looks from above, by label, drawn instead of its stack (a
    #: replay's frame of a game whose tiles carry paths).
    art: dict[str, TileArt] = field(default_factory=dict)

    @classmethod
    def rectangle(
        cls,
        title: str,
        columns: int,
        rows: int,
        stacks: dict[str, list[str]],
        colours: dict[str, str] | None = None,
        grid: str = "hex",
    ) -> BoardPicture:
        """A picture of a board on which every space of a columns x rows rectangle exists."""
        labels = rectangle_labels(grid, columns, rows)
        unknown = sorted(set(stacks) - set(labels))
        if unknown:
            raise ValueError(f"stacks for spaces off the board: {', '.join(unknown)}")
        return cls(title, labels, dict(stacks), dict(colours or {}), grid=grid)

    @property
    def geometry(self) -> Grid:
        """The picture's grid (labels, neighbours, pixels)."""
        return grid_for(self.grid)

    def spaces(self, margin: bool = False) -> list[str]:
        """The spaces to draw, in canonical order: the board's labels, and on an open table
        every cell that holds tiles; with ``margin``, on an open table also the empty cells
        next to them (where the next tile can go; the starter cell when none is used)."""
        if not self.open:
            return list(self.labels)
        geometry = self.geometry
        named = set(self.labels) | {label for label, stack in self.stacks.items() if stack}
        if margin:
            around = {n for label in named for n in geometry.neighbours(label)}
            named |= around or {geometry.format((0, 0))}
        return sorted(named, key=geometry.sort_key)

    def stack(self, label: str) -> list[str]:
        """The tiles of a space, bottom to top; ``[]`` for an empty space."""
        return list(self.stacks.get(label, []))

    @property
    def land_count(self) -> int:
        """How many spaces hold at least one tile."""
        return sum(1 for label in self.spaces() if self.stacks.get(label))

    @property
    def tile_count(self) -> int:
        """How many tiles the board holds."""
        return sum(len(self.stacks.get(label, [])) for label in self.spaces())

    def describe(self, label: str) -> str:
        """See :func:`describe_space` (with this picture's word for an empty space)."""
        return describe_space(label, self.stack(label), self.empty_word)


def layout_picture(ws: Workspace, layout: Layout) -> BoardPicture:
    """The picture of a loaded layout on its board, coloured by its game, with what its
    declared fields put on the board (tile marks drawn on demand, counters, badges)."""
    board = ws.boards.get(layout.board)
    look = board_look(ws, layout)
    labels = (
        list(board.labels)
        if board is not None and not board.open
        else sorted(layout.spaces, key=grid_for(look["grid"]).sort_key)
    )
    game = registry.get(layout.game)
    colours = (
        dict(game.editor.colours(ws, layout)) if game is not None and game.editor.colours else {}
    )
    extras = picture_extras(layout, workspace_options(ws, layout))
    return BoardPicture(
        title=layout.name,
        labels=labels,
        stacks={label: list(stack) for label, stack in layout.spaces.items()},
        colours=colours,
        tile_marks=extras.tile_marks,
        counters=extras.counters,
        badges=extras.badges,
        counter_colours=extras.counter_colours,
        **look,
    )
