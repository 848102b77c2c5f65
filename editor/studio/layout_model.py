"""The layout being edited, without Qt: stacks by label, change callbacks, stock and checks.

Opening files is :mod:`editor.studio.layout_files`, one space and how its fields follow its stack
:mod:`editor.studio.spaces`, what the fields put on the board :mod:`editor.studio.field_marks`, the
tools and strokes :mod:`editor.studio.tools`.

The model holds no game rules and names no game. Tile types, the layout fields a game
declares (pinned backs, tokens, start spaces... with what each may hold), stock counts,
colours and diagnostics all come from the core and from the hooks the layout's game registers
(:class:`editor.core.registry.Game`); the model only keeps the current
:class:`~editor.core.layouts.Layout` and tells its listeners which spaces changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from editor.core import layout_fields, registry
from editor.core.boards import Board
from editor.core.diagnostics import Diagnostic
from editor.core.grid import GRID_KINDS, Grid, grid_for
from editor.core.layout_fields import LayoutField, Option
from editor.core.layouts import Layout, dump_layout, label_sort_key, transform_layout
from editor.core.registry import TileKind
from editor.core.workspace import Workspace
from editor.studio.board_picture import BoardPicture, board_look
from editor.studio.field_marks import (
    PictureExtras,
    picture_extras,
    workspace_options,
)
from editor.studio.layout_files import check_text, layout_text_at
from editor.studio.spaces import SpaceState, Stack, follow_stack

#: Called with the labels whose stacks changed, or None when the whole layout was replaced.
Listener = Callable[[frozenset[str] | None], None]
_V = TypeVar("_V")


#: A tile type a layout may use, as its game's palette hook gives it.
TileType = TileKind


@dataclass(frozen=True)
class StockLine:
    """One palette line: a tile type with how many the layout places and the packs hold."""

    tile: TileType
    used: int

    @property
    def over(self) -> bool:
        """True when the layout places more of this type than the packs hold."""
        return self.used > self.tile.stock

    def text(self) -> str:
        """``"Mountain 6 of 8 placed"``."""
        return f"{self.tile.name} {self.used} of {self.tile.stock} placed"


class LayoutModel:
    """The layout in the editor: current stacks, listeners, and the content it draws on."""

    def __init__(
        self, ws: Workspace, layout: Layout, path: Path | None = None, source: str | None = None
    ) -> None:
        self.workspace = ws
        self.path = path
        self._layout = replace(layout, spaces={k: tuple(v) for k, v in layout.spaces.items()})
        # ``source`` is the file's text as opened (see :meth:`checked_text`)
        self._source = source
        self._source_dump = self.text() if source is not None else None
        self._listeners: list[Listener] = []
        #: The designer's pack folders the layout is checked with (besides the bundled packs).
        self.pack_folders: tuple[Path, ...] = ()
        self._tiles = _tile_types(ws, layout)
        self._options = workspace_options(ws, self._layout)
        game = registry.get(layout.game)
        self.colours: dict[str, str] = (
            dict(game.editor.colours(ws, layout))
            if game is not None and game.editor.colours
            else {}
        )

    # --- reading ------------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """The layout as it is now (do not mutate it; edit through :meth:`apply`)."""
        return self._layout

    @property
    def board(self) -> Board | None:
        """The layout's board, when the workspace knows it."""
        return self.workspace.boards.get(self._layout.board)

    @property
    def labels(self) -> tuple[str, ...]:
        """Every space of the board (or of the layout, without a board) in canonical order."""
        board = self.board
        if board is not None:
            return board.labels
        return tuple(sorted(self._layout.spaces, key=label_sort_key))

    def has_space(self, label: str) -> bool:
        """Whether a label is a space that can be edited."""
        board = self.board
        return board.has_space(label) if board is not None else label in self._layout.spaces

    def stack(self, label: str) -> Stack:
        """The tiles on a space, bottom to top; ``()`` for an empty space."""
        return self._layout.spaces.get(label, ())

    def space(self, label: str) -> SpaceState:
        """Everything the layout says about one space: its stack and its fields' values."""
        return _space_of(self._layout, label)

    def fields(self) -> tuple[LayoutField, ...]:
        """The layout fields the layout's game declares, in declaration order."""
        return self._layout.declared()

    def field(self, key: str) -> LayoutField | None:
        """One declared field by key."""
        return next((f for f in self.fields() if f.key == key), None)

    def field_options(self, key: str, tile: str = "") -> list[Option]:
        """What a field may hold: for a ``per-tile`` field the options of one tile type, for
        the other shapes the field's kinds (``tile`` left empty), from the layout's packs."""
        spec = self.field(key)
        return list(self._options(spec, tile)) if spec is not None else []

    def option_name(self, key: str, option_id: str, tile: str = "") -> str:
        """An option's display name (its id when the packs do not offer it); for a
        ``per-tile`` field without ``tile``, the name any tile type's options give it."""
        tiles = [tile] if tile else ["", *(t.id for t in self._tiles)]
        for each in tiles:
            for option in self.field_options(key, each):
                if option.id == option_id:
                    return option.name
        return option_id

    def option(self, key: str, option_id: str, tile: str = "") -> Option | None:
        """One option of a field by id, if the packs offer it."""
        return next((o for o in self.field_options(key, tile) if o.id == option_id), None)

    def empty_word(self) -> str:
        """The game's word for a space that holds no tile (``empty`` by default)."""
        game = registry.get(self._layout.game)
        return game.editor.empty_word if game is not None else registry.GameEditor.empty_word

    @property
    def display_name(self) -> str:
        """The name shown in the title bar: the file name, or the layout's name if unsaved."""
        return self.path.name if self.path is not None else f"{self._layout.name} (unsaved)"

    def tile_types(self) -> list[TileType]:
        """The tile types of the packs in use, in the packs' order."""
        return list(self._tiles)

    def tile_type(self, tile_id: str) -> TileType | None:
        """One tile type by id."""
        return next((t for t in self._tiles if t.id == tile_id), None)

    def tile_name(self, tile_id: str) -> str:
        """A tile type's display name (its id when unknown)."""
        found = self.tile_type(tile_id)
        return found.name if found is not None else tile_id

    def stock_lines(self) -> list[StockLine]:
        """For each tile type, how many the layout places and how many the packs hold."""
        used = self._layout.tile_count()
        return [StockLine(tile, used.get(tile.id, 0)) for tile in self._tiles]

    def unknown_tiles(self) -> list[str]:
        """Tile ids on the layout that no pack in use defines."""
        known = {t.id for t in self._tiles}
        return sorted(t for t in self._layout.tile_count() if t not in known)

    def text(self) -> str:
        """The canonical file text of the layout as it is now (its ``$schema`` line one that
        resolves from its file's folder, or none: :func:`layout_text_at`)."""
        if self.path is None:
            return dump_layout(self._layout)
        return layout_text_at(self._layout, self.path)

    def picture_extras(self) -> PictureExtras:
        """What the declared fields put on the board (see :func:`picture_extras`)."""
        return picture_extras(self._layout, self._options, every_tile=True)

    def picture(self) -> BoardPicture:
        """What the board view draws."""
        layout = self._layout
        extras = self.picture_extras()
        return BoardPicture(
            title=layout.name,
            labels=list(self.labels),
            stacks={label: list(stack) for label, stack in layout.spaces.items()},
            colours=dict(self.colours),
            tile_marks=extras.tile_marks,
            counters=extras.counters,
            badges=extras.badges,
            counter_colours=extras.counter_colours,
            **board_look(self.workspace, layout),
        )

    def checked_text(self) -> str:
        """The text the live checks read.

        While the layout is as it was opened or last saved, that is the file's own text, so
        each problem is placed where it stands in the file and those a rewrite would hide (a
        duplicate key) are reported as ``seastack validate`` reports them; after an edit, it
        is the text a save would write.
        """
        if self._source is not None and self.text() == self._source_dump:
            return self._source
        return self.text()

    def saved(self, text: str) -> None:
        """The layout was written to :attr:`path` as ``text``."""
        self._source = text
        self._source_dump = self.text()

    def check(self, texts: Mapping[Path, str] | None = None) -> list[Diagnostic]:
        """The core's diagnostics for the layout as it is now (saved or not), with ``texts``
        (open content files' unsaved text) read instead of those files on disk."""
        return check_text(
            self.path,
            self.checked_text(),
            self.display_name,
            packs=self.pack_folders,
            texts=texts,
        )

    def transformed(self, rotate_steps: int = 0, mirror: bool = False) -> tuple[Layout, list[str]]:
        """The layout turned by the grid's steps (see :meth:`rotation_step`) and/or mirrored
        on its board, and the labels that would fall off."""
        board = self.board
        if board is None:
            raise ValueError(f"no board {self._layout.board!r} to turn the layout on")
        return transform_layout(self._layout, board, rotate_steps, mirror)

    # --- changing -----------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` after every change."""
        self._listeners.append(listener)

    def rotation_step(self) -> int:
        """The degrees of one turn of the board's grid (60 on hexes, 90 on squares)."""
        return self._grid().rotation_step

    def rotations(self) -> int:
        """How many turns make a full circle on the board's grid (6 on hexes, 4 on squares)."""
        return self._grid().rotations

    def _grid(self) -> Grid:
        """The board's grid, else its game's (hex for a game Seastack does not know)."""
        board = self.board
        if board is not None:
            return board.geometry
        game = registry.get(self._layout.game)
        return grid_for(game.grid if game is not None and game.grid in GRID_KINDS else "hex")

    def apply(self, stacks: Mapping[str, Iterable[str] | SpaceState]) -> None:
        """Set some spaces and tell the listeners which changed.

        A value is a whole :class:`SpaceState` (a field it leaves out is cleared on the
        space), or just a stack (``()`` empties a space): then the space's fields follow
        their tiles (:func:`follow_stack`) and a space that becomes empty loses every field
        that needs tiles. A field with one space for the whole layout (a ``spot``) moved
        here leaves the space it was on: that space is among the changed ones too.
        """
        layout, changed = self._applied(stacks)
        if not changed:
            return
        self._layout = layout
        self._notify(frozenset(changed))

    def changes(self, stacks: Mapping[str, Iterable[str] | SpaceState]) -> dict[str, SpaceState]:
        """What :meth:`apply` would make of every space it would change, without changing
        anything (an undo command's ``after``, including a spot's old space)."""
        layout, changed = self._applied(stacks)
        return {label: _space_of(layout, label) for label in sorted(changed, key=label_sort_key)}

    def _applied(self, stacks: Mapping[str, Iterable[str] | SpaceState]) -> tuple[Layout, set[str]]:
        """The layout with some spaces set, and the labels whose state changed."""
        layout = self._layout
        specs = layout.declared()
        spaces = dict(layout.spaces)
        values = {spec.key: layout.value(spec.key) for spec in specs}
        touched: set[str] = set()
        for label, value in stacks.items():
            old = self.space(label)
            if isinstance(value, SpaceState):
                new = SpaceState.of(value.stack, value.values())
            else:
                new = follow_stack(old, tuple(value), specs)
            if new == old:
                continue
            touched.add(label)
            _put(spaces, label, new.stack)
            for spec in specs:
                values[spec.key] = layout_fields.put_space(
                    spec, values[spec.key], label, new.get(spec)
                )
        if not touched:
            return layout, set()
        for spec in specs:  # a spot that moved changed the space it left too
            before = set(layout_fields.labels_of(spec, layout.value(spec.key)))
            touched |= before ^ set(layout_fields.labels_of(spec, values[spec.key]))
        new_layout = replace(layout, spaces=spaces, fields=values)
        changed = {lb for lb in touched if _space_of(new_layout, lb) != _space_of(layout, lb)}
        return (new_layout, changed) if changed else (layout, set())

    def replace_layout(self, layout: Layout, workspace: Workspace | None = None) -> None:
        """Put another layout in place (a turn, a mirror, a restored file); with
        ``workspace``, the content it draws on too (its pack list changed)."""
        self._layout = replace(layout, spaces={k: tuple(v) for k, v in layout.spaces.items()})
        if workspace is not None:
            self.workspace = workspace
            self._tiles = _tile_types(workspace, self._layout)
            self._options = workspace_options(workspace, self._layout)
            game = registry.get(layout.game)
            if game is not None and game.editor.colours:
                self.colours = dict(game.editor.colours(workspace, self._layout))
        self._notify(None)

    def _notify(self, changed: frozenset[str] | None) -> None:
        for listener in list(self._listeners):
            listener(changed)


def _put(mapping: dict[str, _V], label: str, value: _V) -> None:
    """Set ``mapping[label]``, or drop it when the value is empty (not written to the file)."""
    if value:
        mapping[label] = value
    else:
        mapping.pop(label, None)


def _space_of(layout: Layout, label: str) -> SpaceState:
    """One space of a layout: its stack and what each declared field says of it."""
    return SpaceState.of(
        layout.spaces.get(label, ()),
        {
            spec.key: layout_fields.at_space(spec, layout.value(spec.key), label)
            for spec in layout.declared()
        },
    )


def _tile_types(ws: Workspace, layout: Layout) -> list[TileType]:
    game = registry.get(layout.game)
    return (
        list(game.editor.tile_kinds(ws, layout))
        if game is not None and game.editor.tile_kinds
        else []
    )


def back_text(tile: TileType | None, options: Sequence[Option], word: str = "back") -> str:
    """What is known of a tile's item (its back) when none is pinned: a layout does not fix
    it, the deal at setup does. ``options`` are the per-tile field's options for the tile's
    type, with the stock's counts where it has them.

    >>> beach = TileType("beach", "Beach", "#fff", 26)
    >>> back_text(beach, [])
    'back: dealt at random'
    >>> back_text(beach, [Option("blank", "Blank", count=2)])
    'back: Blank (the only back in stock)'
    >>> back_text(beach, [Option("a", "A", count=3), Option("b", "B")], "pin")
    'pin: dealt at random from A 3, B'
    """
    if tile is None:
        return f"{word}: unknown tile type"
    if len(options) == 1:
        return f"{word}: {options[0].name} (the only {word} in stock)"
    shares = ", ".join(o.name if o.count is None else f"{o.name} {o.count}" for o in options)
    return f"{word}: dealt at random" + (f" from {shares}" if shares else "")
