"""The layout being edited, without Qt: stacks by label, change callbacks, stock and checks.

The model holds no game rules and names no game. Tile types, token kinds, stock counts,
colours and diagnostics all come from the core and from the hooks the layout's game registers
(:class:`editor.core.registry.Game`); the model only keeps the current
:class:`~editor.core.layouts.Layout` and tells its listeners which spaces changed.
"""

from __future__ import annotations

import dataclasses
import enum
import tempfile
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
from editor.core.resources import layouts_dir
from editor.core.workspace import PathError, Workspace, load_workspace
from editor.ui.board_picture import START_MARK, BoardPicture, pinned_mark, token_marks

Stack = tuple[str, ...]
#: Pinned backs of a stack's tiles, bottom to top (None: dealt at random).
Backs = tuple[str | None, ...]
#: Called with the labels whose stacks changed, or None when the whole layout was replaced.
Listener = Callable[[frozenset[str] | None], None]
_V = TypeVar("_V")


class Tool(enum.Enum):
    """What a click or a drag on the board does."""

    SELECT = "select"
    STACK = "stack"
    REMOVE = "remove"
    CLEAR = "clear"
    PICK = "pick"
    PAINT = "paint"


@dataclass(frozen=True)
class SpaceState:
    """Everything a layout says about one space: stack, pinned backs, tokens, start mark.

    ``backs`` is as the layout holds it (usually one item per tile, or empty when no back is
    pinned); ``tokens`` is ``(token id, count)`` pairs in id order.
    """

    stack: Stack = ()
    backs: Backs = ()
    tokens: tuple[tuple[str, int], ...] = ()
    start: bool = False

    def back(self, index: int) -> str | None:
        """The pinned back of the tile at ``index`` (0 = bottom), or None."""
        return self.backs[index] if 0 <= index < len(self.backs) else None

    def token_count(self, token: str) -> int:
        """How many tokens of one kind lie on the space."""
        return dict(self.tokens).get(token, 0)


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


@dataclass
class Opened:
    """The result of opening a layout file: the layout and its workspace, or the problems."""

    path: Path | None
    workspace: Workspace | None
    layout: Layout | None
    diagnostics: list[Diagnostic]
    error: str = ""


def is_bundled(path: Path | None) -> bool:
    """Whether a file is one of the layouts shipped with Seastack (not to be overwritten)."""
    if path is None:
        return False
    try:
        path.resolve().relative_to(layouts_dir().resolve())
    except ValueError:
        return False
    return True


def default_layout_path() -> Path:
    """The bundled Crustacean layout, opened when no file is named."""
    return layouts_dir() / "crustacean.layout.yaml"


def open_text(text: str, path: Path | None) -> Opened:
    """Load unsaved text as the layout at ``path`` (or as a layout never saved)."""
    if path is not None and path.exists():
        return open_layout(path, text)
    folder = Path(tempfile.mkdtemp(prefix="seastack-open-"))
    try:
        temp = folder / "untitled.layout.yaml"
        temp.write_text(text, encoding="utf-8")
        opened = open_layout(temp)
    finally:
        for file in folder.iterdir():
            file.unlink()
        folder.rmdir()
    opened.path = None
    return opened


def open_layout(path: Path, text: str | None = None) -> Opened:
    """Load a layout file (or ``text`` in its place) through the core's loader."""
    path = Path(path)
    if path.is_dir():
        # the loader would take the folder's first layout and the editor would save over a folder
        return Opened(
            path, None, None, [], f"{path} is a folder; choose a layout file (*.layout.yaml)"
        )
    try:
        ws = load_workspace([path], texts={path: text} if text is not None else None)
    except PathError as exc:
        return Opened(path, None, None, [], str(exc))
    diagnostics = ws.report()
    shown = next(iter(sorted(ws.targets)), "")
    layout = ws.layout_at(shown)
    if layout is None:
        first = next((d for d in diagnostics if d.is_error), None)
        reason = first.format() if first else f"{path} is not a layout"
        return Opened(path, ws, None, diagnostics, f"{path} cannot be opened: {reason}")
    return Opened(path, ws, layout, diagnostics)


def read_source(path: Path) -> str | None:
    """A layout file's text as the loader read it, for :class:`LayoutModel`; None if unreadable."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def bundled_workspace() -> Workspace:
    """The bundled boards and packs, for a new layout."""
    return load_workspace()


def new_layout(ws: Workspace, board_id: str) -> Layout:
    """An empty layout (all water) on a board, using the game's default packs."""
    board = ws.boards[board_id]
    return Layout(
        id="new-layout",
        name="New layout",
        game=board.game,
        board=board.id,
        spaces={},
        packs=tuple(ws.default_packs(board.game)) or None,
    )


def check_text(path: Path | None, text: str, shown: str = "untitled") -> list[Diagnostic]:
    """The diagnostics the core's loader reports for a layout's (unsaved) text.

    A layout that was never saved is checked as a file in a temporary folder; its
    diagnostics are then named ``shown``.
    """
    if path is not None and path.exists():
        try:
            return load_workspace([path], texts={path: text}).report()
        except PathError:
            pass
    with tempfile.TemporaryDirectory(prefix="seastack-check-") as folder:
        temp = Path(folder) / "untitled.layout.yaml"
        temp.write_text(text, encoding="utf-8")
        found = load_workspace([temp]).report()
    return [dataclasses.replace(d, path=shown) for d in found]


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

    def check(self) -> list[Diagnostic]:
        """The core's diagnostics for the layout as it is now (saved or not)."""
        return check_text(self.path, self.checked_text(), self.display_name)

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


def follow_stack(old: SpaceState, stack: Stack) -> SpaceState:
    """A space after its stack changed: pinned backs stay with their tiles.

    The tiles the old and new stacks share at the bottom and at the top keep their backs; two
    tiles that swapped places take theirs along; a tile new or changed in between starts with
    a random back. A space that becomes water keeps nothing: no backs, tokens or start mark.

    >>> old = SpaceState(("beach", "meadow", "mountain"), (None, "eggshells", "salt"))
    >>> follow_stack(old, ("beach", "mountain")).backs  # the meadow was taken out
    (None, 'salt')
    >>> follow_stack(old, ("beach", "mountain", "meadow")).backs  # the top two swapped
    (None, 'salt', 'eggshells')
    >>> follow_stack(old, (*old.stack, "mountain")).backs
    (None, 'eggshells', 'salt', None)
    >>> follow_stack(SpaceState(("beach",), (), (("fire", 1),), True), ())
    SpaceState(stack=(), backs=(), tokens=(), start=False)
    """
    if not stack:
        return SpaceState()
    before = old.stack
    backs: list[str | None] = [old.back(i) for i in range(len(before))]
    if len(before) == len(stack):
        diff = [i for i in range(len(stack)) if before[i] != stack[i]]
        if len(diff) == 2 and (before[diff[0]], before[diff[1]]) == (
            stack[diff[1]],
            stack[diff[0]],
        ):
            backs[diff[0]], backs[diff[1]] = backs[diff[1]], backs[diff[0]]
            return replace(old, stack=stack, backs=_trim(backs))
    head = 0
    while head < min(len(before), len(stack)) and before[head] == stack[head]:
        head += 1
    tail = 0
    while (
        tail < min(len(before), len(stack)) - head
        and before[len(before) - 1 - tail] == stack[len(stack) - 1 - tail]
    ):
        tail += 1
    middle = [None] * (len(stack) - head - tail)
    new = backs[:head] + middle + (backs[len(before) - tail :] if tail else [])
    return replace(old, stack=stack, backs=_trim(new))


def _trim(backs: list[str | None]) -> Backs:
    """No pinned back at all is written as no list."""
    return tuple(backs) if any(b is not None for b in backs) else ()


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


# --- tools: what one stroke across the board does --------------------------------------------


def tool_result(tool: Tool, stack: Stack, tile: str | None, stamp: Stack) -> Stack:
    """The stack a space gets when a tool touches it (SELECT and PICK leave it as it is)."""
    if tool is Tool.STACK and tile:
        return (*stack, tile)
    if tool is Tool.REMOVE:
        return stack[:-1]
    if tool is Tool.CLEAR:
        return ()
    if tool is Tool.PAINT:
        return stamp
    return stack


class Stroke:
    """One press-drag-release with an editing tool: each space is touched at most once.

    The model changes live as the stroke goes, so the view follows the cursor; when the
    stroke ends, :meth:`finish` gives the stacks before and after, for one undo command.
    """

    def __init__(self, model: LayoutModel, tool: Tool, tile: str | None, stamp: Stack) -> None:
        self.model = model
        self.tool = tool
        self.tile = tile
        self.stamp = stamp
        self.before: dict[str, SpaceState] = {}
        self.after: dict[str, SpaceState] = {}

    def touch(self, label: str) -> bool:
        """Apply the tool to a space not yet touched by this stroke; True if it changed."""
        if label in self.before or not self.model.has_space(label):
            return False
        old = self.model.space(label)
        new = tool_result(self.tool, old.stack, self.tile, self.stamp)
        self.before[label] = old
        if new == old.stack:
            return False
        self.model.apply({label: new})
        self.after[label] = self.model.space(label)
        return True

    def changes(self) -> tuple[dict[str, SpaceState], dict[str, SpaceState]]:
        """The changed spaces before and after the stroke (stacks, backs, tokens, starts)."""
        before = {label: self.before[label] for label in self.after}
        return before, dict(self.after)

    def describe(self) -> str:
        """A name for the undo command: ``"Stack Beach on D4"``, ``"Paint 7 spaces"``."""
        labels = sorted(self.after, key=sort_key)
        where = labels[0] if len(labels) == 1 else f"{len(labels)} spaces"
        tile = self.model.tile_name(self.tile) if self.tile else "tile"
        if self.tool is Tool.STACK:
            return f"Stack {tile} on {where}"
        if self.tool is Tool.REMOVE:
            return f"Remove top tile of {where}"
        if self.tool is Tool.CLEAR:
            return f"Clear {where}"
        if self.tool is Tool.PAINT:
            return f"Paint {where}"
        return f"Edit {where}"
