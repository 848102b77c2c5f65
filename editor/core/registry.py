"""The game registry: each game registers one :class:`Game`; the core names none of them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from editor.core.diagnostics import Diagnostic
    from editor.core.documents import Document
    from editor.core.engine import Engine, Metrics
    from editor.core.layouts import Layout
    from editor.core.workspace import Workspace

BoardKind = Literal["hex", "square", "none"]
Check = Callable[["Workspace"], Iterable["Diagnostic"]]
Colours = Callable[["Workspace", "Layout"], Mapping[str, str]]
#: Runs one rules example whose envelope is valid: the errors that stop it from running, else
#: (no errors) the differences between what it expects and what happened; none means it passed.
ExampleRunner = Callable[["Workspace", "Document"], tuple[list["Diagnostic"], list[str]]]


@dataclass(frozen=True)
class BackShare:
    """How many tiles of one type carry one back in the packs' stock."""

    back: str
    name: str
    count: int


@dataclass(frozen=True)
class TileKind:
    """A tile type the editor's palette offers: id, display name, colour, stock and backs."""

    id: str
    name: str
    colour: str
    stock: int
    backs: tuple[BackShare, ...] = ()


@dataclass(frozen=True)
class TokenKind:
    """A kind of token a layout may place: id, display name, colour (empty: none given)."""

    id: str
    name: str
    on_water: bool = False
    colour: str = ""


@dataclass(frozen=True)
class StatRow:
    """One line of a statistics section: what, how many, whether it is a problem, details."""

    what: str
    value: str
    problem: bool = False
    detail: str = ""


@dataclass(frozen=True)
class StatSection:
    """A section of a layout's statistics: its title, a one-line summary and its rows."""

    title: str
    summary: str
    rows: tuple[StatRow, ...] = ()


#: The tile types (or token kinds) of the packs a layout uses, in the packs' order.
TileKinds = Callable[["Workspace", "Layout"], Sequence[TileKind]]
TokenKinds = Callable[["Workspace", "Layout"], Sequence[TokenKind]]
#: A layout's statistics as sections of text, for the editor's Statistics dock.
LayoutStatistics = Callable[["Workspace", "Layout"], Sequence[StatSection]]


@dataclass(frozen=True)
class Game:
    """What a game tells the core and the editor: id, file kinds, checks, engine, what to draw."""

    id: str
    name: str
    board_kind: BoardKind
    #: File kinds this game adds (``tiles`` for ``tiles.yaml``) and the schema ``$id`` of each.
    file_kinds: Mapping[str, str] = field(default_factory=dict)
    #: Semantic checks run over a loaded workspace after the schemas have passed.
    checks: tuple[Check, ...] = ()
    #: What the board view paints each tile type with, for a layout and its packs.
    colours: Colours | None = None
    #: The rules engine, for games that can be played (simulated, examples run).
    engine: Engine | None = None
    #: What the simulator measures in this game's matches beyond wins and length.
    metrics: Metrics | None = None
    #: Runs the game's rules examples (``seastack examples``), for games that have them.
    examples: ExampleRunner | None = None
    #: What the editor's palette offers for a layout: tile types with names, colours, stock.
    tile_kinds: TileKinds | None = None
    #: The kinds of token a layout may place, with names and colours.
    token_kinds: TokenKinds | None = None
    #: A layout's statistics, worded, for the editor's Statistics dock.
    statistics: LayoutStatistics | None = None


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (again with the same id replaces it)."""
    _GAMES[game.id] = game
    return game


def get(game_id: str) -> Game | None:
    """The registered game with this id, if any."""
    return _GAMES.get(game_id)


def games() -> tuple[Game, ...]:
    """Every registered game, by id."""
    return tuple(_GAMES[k] for k in sorted(_GAMES))
