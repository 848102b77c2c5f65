"""The layout being edited, without Qt: stacks by label, change callbacks, stock and checks.

Opening files is :mod:`editor.ui.layout_files`, one space and its pinned backs
:mod:`editor.ui.spaces`, the tools and strokes :mod:`editor.ui.tools`.

The model holds no game rules and names no game. Tile types, token kinds, stock counts,
colours and diagnostics all come from the core and from the hooks the layout's game registers
(:class:`editor.core.registry.Game`); the model only keeps the current
:class:`~editor.core.layouts.Layout` and tells its listeners which spaces changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from editor.core import registry
from editor.core.boards import Board
from editor.core.diagnostics import Diagnostic
from editor.core.hexgrid import sort_key
from editor.core.layouts import Layout, dump_layout, transform_layout
from editor.core.registry import BackShare as BackShare  # re-exported for the doctests
from editor.core.registry import TileKind, TokenKind
from editor.core.workspace import Workspace
from editor.ui.board_picture import START_MARK, BoardPicture, pinned_mark, token_marks
from editor.ui.layout_files import check_text
from editor.ui.spaces import SpaceState, Stack, follow_stack

#: Called with the labels whose stacks changed, or None when the whole layout was replaced.
Listener = Callable[[frozenset[str] | None], None]
_V = TypeVar("_V")


#: A tile type a layout may use, as its game's palette hook gives it.
TileType = TileKind
#: A kind of token a layout may place, as its game's hook gives it.
TokenType = TokenKind


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
        self._source_dump = dump_layout(self._layout) if source is not None else None
        self._listeners: list[Listener] = []
        #: The designer's pack folders the layout is checked with (besides the bundled packs).
        self.pack_folders: tuple[Path, ...] = ()
        self._tiles = _tile_types(ws, layout)
        self._tokens = _token_types(ws, layout)
        game = registry.get(layout.game)
        self.colours: dict[str, str] = (
            dict(game.colours(ws, layout)) if game is not None and game.colours else {}
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
        return tuple(sorted(self._layout.spaces, key=sort_key))

    def has_space(self, label: str) -> bool:
        """Whether a label is a space that can be edited."""
        board = self.board
        return board.has_space(label) if board is not None else label in self._layout.spaces

    def stack(self, label: str) -> Stack:
        """The tiles on a space, bottom to top; ``()`` for water."""
        return self._layout.spaces.get(label, ())

    def space(self, label: str) -> SpaceState:
        """Everything the layout says about one space."""
        layout = self._layout
        return SpaceState(
            stack=layout.spaces.get(label, ()),
            backs=layout.backs.get(label, ()),
            tokens=tuple(sorted(layout.tokens.get(label, {}).items())),
            start=label in layout.starts,
        )

    def token_types(self) -> list[TokenType]:
        """The kinds of token of the packs in use, in the packs' order."""
        return list(self._tokens)

    def token_name(self, token_id: str) -> str:
        """A token kind's display name (its id when unknown)."""
        return next((t.name for t in self._tokens if t.id == token_id), token_id)

    def back_name(self, back_id: str) -> str:
        """A tile back's display name (its id when no tile type of the packs has it)."""
        for tile in self._tiles:
            for share in tile.backs:
                if share.back == back_id:
                    return share.name
        return back_id

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
        """The canonical file text of the layout as it is now."""
        return dump_layout(self._layout)

    def back_marks(self, label: str) -> list[str | None]:
        """The back mark of each tile on a space, bottom to top: the pinned back's mark, else
        :func:`back_mark` (certain when the stock has one back for that type, else ``?``)."""
        space = self.space(label)
        return [
            pinned_mark(space.back(index)) or back_mark(self.tile_type(tile))
            for index, tile in enumerate(space.stack)
        ]

    def token_marks(self, label: str) -> list[str]:
        """The tokens on a space as the board draws them: one id per token."""
        return token_marks(self._layout.tokens.get(label, {}))

    def picture(self) -> BoardPicture:
        """What the board view draws."""
        layout = self._layout
        return BoardPicture(
            title=layout.name,
            labels=list(self.labels),
            stacks={label: list(stack) for label, stack in layout.spaces.items()},
            colours=dict(self.colours),
            backs={label: self.back_marks(label) for label in layout.spaces},
            tokens={label: self.token_marks(label) for label in layout.tokens},
            starts=dict.fromkeys(layout.starts, START_MARK),
            token_colours={kind.id: kind.colour for kind in self._tokens if kind.colour},
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
        """The layout turned and/or mirrored on its board, and the labels that would fall off."""
        board = self.board
        if board is None:
            raise ValueError(f"no board {self._layout.board!r} to turn the layout on")
        return transform_layout(self._layout, board.hexes, rotate_steps, mirror)

    # --- changing -----------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` after every change."""
        self._listeners.append(listener)

    def apply(self, stacks: Mapping[str, Iterable[str] | SpaceState]) -> None:
        """Set some spaces and tell the listeners which changed.

        A value is a whole :class:`SpaceState`, or just a stack (``()`` makes a space water):
        then the space's pinned backs follow their tiles (:func:`follow_stack`) and a space
        that becomes water loses its tokens and start mark.
        """
        layout = self._layout
        spaces = dict(layout.spaces)
        backs = dict(layout.backs)
        tokens = {label: dict(counts) for label, counts in layout.tokens.items()}
        starts = list(layout.starts)
        changed: set[str] = set()
        for label, value in stacks.items():
            old = self.space(label)
            new = value if isinstance(value, SpaceState) else follow_stack(old, tuple(value))
            if new == old:
                continue
            changed.add(label)
            _put(spaces, label, new.stack)
            _put(backs, label, new.backs if any(b is not None for b in new.backs) else ())
            _put(tokens, label, dict(new.tokens))
            if new.start and label not in starts:
                starts.append(label)
            elif not new.start and label in starts:
                starts.remove(label)
        if not changed:
            return
        self._layout = replace(
            layout, spaces=spaces, backs=backs, tokens=tokens, starts=tuple(starts)
        )
        self._notify(frozenset(changed))

    def replace_layout(self, layout: Layout) -> None:
        """Put another layout in place (a turn, a mirror, a restored file)."""
        self._layout = replace(layout, spaces={k: tuple(v) for k, v in layout.spaces.items()})
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


def _token_types(ws: Workspace, layout: Layout) -> list[TokenType]:
    game = registry.get(layout.game)
    return list(game.token_kinds(ws, layout)) if game is not None and game.token_kinds else []


def _tile_types(ws: Workspace, layout: Layout) -> list[TileType]:
    game = registry.get(layout.game)
    return list(game.tile_kinds(ws, layout)) if game is not None and game.tile_kinds else []


def back_text(tile: TileType | None) -> str:
    """What is known of a tile's back: a layout does not fix it, the deal at setup does.

    >>> back_text(TileType("beach", "Beach", "#fff", 26, ()))
    'back: dealt at random'
    >>> back_text(TileType("beach", "Beach", "#fff", 2, (BackShare("blank", "Blank", 2),)))
    'back: Blank (the only back in stock)'
    """
    if tile is None:
        return "back: unknown tile type"
    if len(tile.backs) == 1:
        return f"back: {tile.backs[0].name} (the only back in stock)"
    shares = ", ".join(f"{b.name} {b.count}" for b in tile.backs)
    return "back: dealt at random" + (f" from {shares}" if shares else "")


def back_mark(tile: TileType | None) -> str:
    """A short mark of a tile's back on the board: its mark when certain, else ``?``."""
    if tile is not None and len(tile.backs) == 1:
        return pinned_mark(tile.backs[0].back) or "?"
    return "?"
