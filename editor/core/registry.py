"""The game registry: each game registers one :class:`Game`; the core names none of them."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from editor.core.diagnostics import Diagnostic
    from editor.core.documents import Document
    from editor.core.engine import Decision, Engine, Metrics
    from editor.core.layout_fields import LayoutField
    from editor.core.layouts import Layout
    from editor.core.workspace import Workspace

GridKind = Literal["hex", "square", "none"]
Check = Callable[["Workspace"], Iterable["Diagnostic"]]
Colours = Callable[["Workspace", "Layout"], Mapping[str, str]]
#: Runs one rules example whose envelope is valid: the errors that stop it from running, else
#: (no errors) the differences between what it expects and what happened; none means it passed.
ExampleRunner = Callable[["Workspace", "Document"], tuple[list["Diagnostic"], list[str]]]


@dataclass(frozen=True)
class TileKind:
    """A tile type the editor's palette offers: id, display name, colour and stock."""

    id: str
    name: str
    colour: str
    stock: int


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


@dataclass(frozen=True)
class TemplatePart:
    """One entry a template adds: the pack file it goes in, its top key and its YAML.

    ``text`` is one list item written at column 0 (``- id: {id}`` ...); ``{id}`` and
    ``{name}`` are filled in, and the item is indented like the file's other items.
    ``header`` starts the file when the pack has none yet (it ends with ``top_key:``).
    """

    file: str
    top_key: str
    header: str
    text: str


@dataclass(frozen=True)
class Template:
    """Something new a designer may add to a pack (a card, a faction), from the game's text."""

    key: str
    label: str
    #: The id the new entry gets when it is free (``new-card``), else ``new-card-2``...
    base_id: str
    base_name: str
    parts: tuple[TemplatePart, ...]


@dataclass(frozen=True)
class FaceLine:
    """One line of a card or faction face: what (``Range``, ``Triangle``) and its words."""

    label: str
    text: str


@dataclass(frozen=True)
class TileArt:
    """A tile seen from above, as plain data to draw: its colour and the paths on it, for
    tiles whose paths meet across their sides (roads, rivers, railways).

    ``paths`` are the sides (the grid's direction names: ``N``, ``E``, ``S``, ``W`` on a
    square) a path runs to from the tile's middle, drawn in ``path_colour``. ``ends`` are
    round end marks: ``""`` at the middle, or a side, with the mark near it and a short path
    from that side to it, drawn in ``end_colour`` ("": the path's colour; another when the
    end belongs to another path than the one through the middle). ``cross`` lays a cross of
    that colour over the tile ("" for none); ``text`` is written in its middle and
    ``corner`` in its top left corner (a letter or two). ``shape`` is the grid kind of its
    outline.
    """

    fill: str
    paths: tuple[str, ...] = ()
    path_colour: str = "#1b1b1b"
    ends: tuple[str, ...] = ()
    end_colour: str = ""
    cross: str = ""
    text: str = ""
    corner: str = ""
    shape: str = "square"


@dataclass(frozen=True)
class Face:
    """A card, faction or other entry as a reader sees it, for the editor's Preview dock."""

    name: str
    kind: str
    id: str = ""
    #: Facts such as range, target, dice, copies, faction.
    details: tuple[FaceLine, ...] = ()
    #: What each die result does, in words.
    results: tuple[FaceLine, ...] = ()
    #: What always happens (after the results), in words.
    effects: tuple[str, ...] = ()
    #: Abilities (of a faction, a soldier type, a token), one line each.
    abilities: tuple[FaceLine, ...] = ()
    text: str = ""
    #: Tiles drawn from above, each with its caption (a tile type's shapes).
    art: tuple[tuple[str, TileArt], ...] = ()


#: The face of one entry of a content file, from its file kind (``cards``) and validated data.
Preview = Callable[[str, Mapping[str, Any]], "Face | None"]


@dataclass(frozen=True)
class PlaytestCheck:
    """A playtest warning raised only when the 95% interval of a measure clears a threshold.

    Games cannot import the simulator, so they hand over plain numbers: ``rate`` as
    (successes, trials), judged by its Wilson interval, or ``values`` (one per game), judged
    by the t interval of their mean. The warning stands when the interval lies wholly above
    ``above`` or wholly below ``below``; ``{measure}`` in ``text`` is filled with the figure
    and its interval (in percent for a rate, and for values when ``percent``).
    """

    text: str
    rate: tuple[int, int] | None = None
    values: tuple[float, ...] = ()
    above: float | None = None
    below: float | None = None
    percent: bool = False


@dataclass(frozen=True)
class Heatmap:
    """One measure per board space over a batch of simulated matches, for a board overlay.

    ``values`` holds the spaces the measure speaks of (others are left undrawn);
    ``low``..``high`` is the scale's range; ``hot_high`` says whether high values are the
    alarming end (drawn hot); ``reading`` says in words what a number means.
    """

    id: str
    title: str
    #: The unit of a value, such as ``deaths per game``.
    unit: str
    values: Mapping[str, float]
    low: float
    high: float
    reading: str
    hot_high: bool = True
    #: How many matches the values come from.
    games: int = 0


@dataclass(frozen=True)
class FramePiece:
    """A piece on a replay frame, as plain data to draw.

    ``name``, owner ``seat``, space ``label`` (None: off the board) and whether it is
    ``alive`` are what every game has; ``attributes`` are the game's own read-outs of the piece
    as ``(key, value)`` pairs in the game's order (Snails: ``(("health", 20), ("guarded",
    "in its shell"))``); ``note`` says the piece's state in words, ``badge`` is the short
    text drawn on the piece (Snails: its health) and ``ring`` asks for a ring around it
    (Snails: in its shell). The fields are plain values, so a frame is hashable and pickles.
    """

    name: str
    seat: int
    label: str | None
    alive: bool
    #: The game's read-outs of the piece, ``(key, value)`` pairs in the game's order.
    attributes: tuple[tuple[str, str | int], ...] = ()
    #: What the game says of the piece's state in words (e.g. why it is guarded).
    note: str = ""
    #: A short text drawn on the piece (a number, a letter or two).
    badge: str = ""
    #: Whether the piece is drawn with a ring (the game's sign of a guarded state).
    ring: bool = False

    def attribute(self, key: str, default: str | int | None = None) -> str | int | None:
        """The value of one of :attr:`attributes`, or ``default`` when the game gave none."""
        return next((value for name, value in self.attributes if name == key), default)


@dataclass(frozen=True)
class Frame:
    """The board at one step of a replayed match, as plain data to draw.

    ``stacks`` gives every space's tiles bottom to top (``()`` is an empty space),
    ``counters`` the non-zero counter counts by space (tokens, markers: the game's kinds),
    ``status`` short lines the game words about the match (its situation, who is out);
    ``art`` how the tile on a space looks from above, for games whose tiles carry paths
    (drawn instead of its stack).
    """

    stacks: Mapping[str, tuple[str, ...]]
    pieces: tuple[FramePiece, ...]
    counters: Mapping[str, Mapping[str, int]]
    round: int
    phase: str
    status: tuple[str, ...] = ()
    art: Mapping[str, TileArt] = field(default_factory=dict)


#: The tile types of the packs a layout uses, in the packs' order.
TileKinds = Callable[["Workspace", "Layout"], Sequence[TileKind]]
#: A layout's statistics as sections of text, for the editor's Statistics dock.
LayoutStatistics = Callable[["Workspace", "Layout"], Sequence[StatSection]]
#: Warnings a playtester would raise about a batch: (the engine's prepared content, the
#: layout, the finished matches as ``GameResult.to_json()`` records, the modules on); plain
#: text stands as it is, a :class:`PlaytestCheck` only when its interval clears its threshold.
Playtest = Callable[
    [Any, "Layout", Sequence[Mapping[str, Any]], frozenset[str]], Sequence["str | PlaytestCheck"]
]
#: Heatmaps of a batch: its finished matches (``GameResult.to_json()`` records) on a layout.
Heatmaps = Callable[[Sequence[Mapping[str, Any]], "Workspace", "Layout"], Sequence[Heatmap]]
#: The board of a match in progress (the engine's state), for replays.
ReplayFrame = Callable[[Any], Frame]
#: A seat's name in a match (the engine's state, the seat).
SeatName = Callable[[Any, int], str]


@dataclass(frozen=True)
class ReplayWords:
    """How a game words a replay: a choice about to be taken, and an event just logged.

    Both take the match in progress (the engine's state); ``choice`` is called before the
    choice is applied, so the state still tells what the decision is about.
    """

    choice: Callable[[Any, Decision, Hashable], str]
    event: Callable[[Any, tuple[Any, ...]], str]


@dataclass(frozen=True)
class TemplateGroup:
    """Templates of one kind of entry, for one New ... button: ``New Card`` offers the attack
    and special card templates; ``key`` names the group (``card``), ``label`` the button."""

    key: str
    label: str
    templates: tuple[Template, ...]


Dynamics = Literal["sequential", "simultaneous"]
Sides = Literal["factions", "colours", "none"]


@dataclass(frozen=True)
class GameType:
    """What a game is, as OpenSpiel's game type says it: seats, how moves are made, secrets.

    ``dynamics`` is ``sequential`` when one player decides at a time and ``simultaneous``
    when players commit secret orders that are revealed together; ``hidden`` names in words
    what a player may not see of the others (``hands``, ``programs until revealed``);
    ``sides`` says what a seat plays as: a faction chosen per match, a colour, or nothing.
    """

    min_players: int
    max_players: int
    dynamics: Dynamics = "sequential"
    hidden: tuple[str, ...] = ()
    sides: Sides = "none"
    #: Whether chance (a seeded random generator) plays a part.
    chance: bool = True

    @property
    def has_factions(self) -> bool:
        """Whether a match draws one faction per seat."""
        return self.sides == "factions"


@dataclass(frozen=True)
class GameContent:
    """A game's content: its file kinds, their checks, the templates and the preview."""

    #: File kinds this game adds (``tiles`` for ``tiles.yaml``) and the schema ``$id`` of each.
    file_kinds: Mapping[str, str] = field(default_factory=dict)
    #: Semantic checks, run over this game's packs, boards, layouts and examples only.
    checks: tuple[Check, ...] = ()
    #: What the project browser's New ... buttons offer, one group per button.
    templates: tuple[TemplateGroup, ...] = ()
    #: The readable face of a card, faction... for the Preview dock.
    preview: Preview | None = None
    #: Extra per-space fields this game's layouts may hold (see ``layout_fields.py``).
    layout_fields: tuple[LayoutField, ...] = ()


@dataclass(frozen=True)
class GamePlay:
    """A game's engine part: its rules engine and type, and what is measured of matches."""

    engine: Engine
    type: GameType
    #: What the simulator measures in this game's matches beyond wins and length.
    metrics: Metrics | None = None
    #: Runs the game's rules examples (``seastack examples``), for games that have them.
    examples: ExampleRunner | None = None
    #: Warnings about a simulated batch (cards never played...), for the live simulator.
    playtest: Playtest | None = None
    #: Per-space measures of a batch of matches, for the board's heatmap overlay.
    heatmaps: Heatmaps | None = None
    #: The board of a match in progress as a :class:`Frame`, for the editor's replays.
    replay_frame: ReplayFrame | None = None
    #: The replay's choices and events in the game's words (names, not numbers).
    replay_words: ReplayWords | None = None
    #: The name a designer knows a seat by (its clan's), from a match just set up (the
    #: engine's state); None: a replay names a seat by its faction, else ``Player 1``.
    seat_name: SeatName | None = None


@dataclass(frozen=True)
class GameEditor:
    """A game's editor part: what the board view paints and the docks offer for a layout."""

    #: What the board view paints each tile type with, for a layout and its packs.
    colours: Colours | None = None
    #: The colour of a space with nothing on it, and the word for it in the inspector.
    empty_colour: str = "#d9d9d9"
    empty_word: str = "empty"
    #: The line around an empty space and its label's colour ("": derived from the fill).
    empty_border: str = ""
    empty_ink: str = ""
    #: What the status line calls a space holding a tile or more, singular and plural.
    filled_words: tuple[str, str] = ("land space", "land spaces")
    #: The most tiles a space takes (0: no limit; stacks are drawn as terraces).
    stack_limit: int = 0
    #: Whether its tiles are drawn from above with their art (a :class:`TileArt`), not as
    #: coloured terraces.
    tile_art: bool = False
    #: What the palette offers for a layout: tile types with names, colours, stock.
    tile_kinds: TileKinds | None = None
    #: A layout's statistics, worded, for the editor's Statistics dock.
    statistics: LayoutStatistics | None = None


@dataclass(frozen=True)
class Game:
    """What a game tells the core, the simulator and the editor, in three parts."""

    id: str
    name: str
    #: The grid its boards use (``hex``, ``square``) or ``none`` for a game without boards.
    grid: GridKind
    content: GameContent = field(default_factory=GameContent)
    #: The engine part, for games that can be played (simulated, examples run).
    play: GamePlay | None = None
    editor: GameEditor = field(default_factory=GameEditor)

    @property
    def engine(self) -> Engine | None:
        """The rules engine, when the game can be played."""
        return self.play.engine if self.play is not None else None

    def with_play(self, **changes: Any) -> Game:
        """The same game with some fields of its engine part replaced (tests swap engines)."""
        if self.play is None:
            raise ValueError(f"{self.name} has no engine part to change")
        return replace(self, play=replace(self.play, **changes))


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (again with the same id replaces it)."""
    _GAMES[game.id] = game
    return game


def get(game_id: str) -> Game | None:
    """The registered game with this id, if any."""
    return _GAMES.get(game_id)


def playable(game_id: str) -> GamePlay | None:
    """The engine part of a registered game, when it has one."""
    game = _GAMES.get(game_id)
    return game.play if game is not None else None


def games() -> tuple[Game, ...]:
    """Every registered game, by id."""
    return tuple(_GAMES[k] for k in sorted(_GAMES))
