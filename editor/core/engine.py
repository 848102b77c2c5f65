"""What every rules engine offers the simulator, the examples runner and the editor.

An engine is plain Python. A match is built from validated content and a seed; its state
says which :class:`Decision` it waits for and takes :meth:`GameState.apply`. Chance comes
from a random generator held by the state, so a match replays from its seed and its choices.
The simulator speaks to engines only through these protocols, so it runs every game.

Choices travel as JSON: each engine encodes its own choice types (:meth:`Engine.choice_to_json`
and back), so replays, failed-game reports and results from other machines need no pickles.
:func:`plain_choice_to_json` and :func:`plain_choice_from_json` serve engines whose choices
are plain values (ints, strings, booleans, None and tuples of them); :func:`choice_text` is a
compact one-line text of an encoded choice.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import FrozenInstanceError, dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

if TYPE_CHECKING:
    from editor.core.layouts import Layout
    from editor.core.workspace import Workspace


#: A JSON-ready value: what ``json.dumps`` writes and ``json.loads`` gives back unchanged
#: (lists, never tuples; string keys only).
JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"

#: Turns one choice into JSON-ready data (an engine's ``choice_to_json``).
ChoiceEncoder = Callable[[Hashable], JSON]
#: Turns JSON data back into the choice it encodes (an engine's ``choice_from_json``).
ChoiceDecoder = Callable[[JSON], Hashable]


class IllegalChoice(ValueError):
    """A choice the state refused; the state is left exactly as it was."""


class Decision:
    """What a state waits for: whose choice, what kind of choice, and the legal options.

    ``options`` is any sequence: a tuple, or a lazy sequence for combinatorial choices (a
    whole program of cards) that computes the option at an index and answers ``in`` cheaply.
    A bot picks ``options[i]``; ``apply`` refuses anything not ``in`` the options.

    Immutable, equal and hashed by its fields, like a frozen dataclass, but made in a fraction
    of the time (a match makes one per decision): the fields are set through their slots.
    """

    __slots__ = ("kind", "options", "player", "prompt")
    __match_args__ = ("player", "kind", "options", "prompt")

    player: int
    kind: str
    options: Sequence[Hashable]
    #: A short human description, for replays and error messages.
    prompt: str

    def __init__(
        self, player: int, kind: str, options: Sequence[Hashable], prompt: str = ""
    ) -> None:
        _set_player(self, player)
        _set_kind(self, kind)
        _set_options(self, options)
        _set_prompt(self, prompt)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def _fields(self) -> tuple[Any, ...]:
        return (self.player, self.kind, self.options, self.prompt)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, Decision)
            return self._fields() == other._fields()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"{type(self).__qualname__}(player={self.player!r}, kind={self.kind!r},"
            f" options={self.options!r}, prompt={self.prompt!r})"
        )

    def __reduce__(self) -> tuple[type[Decision], tuple[Any, ...]]:
        return (type(self), self._fields())


# the slots' own setters: Decision.__setattr__ refuses every assignment
_set_player = Decision.__dict__["player"].__set__
_set_kind = Decision.__dict__["kind"].__set__
_set_options = Decision.__dict__["options"].__set__
_set_prompt = Decision.__dict__["prompt"].__set__


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ended."""

    #: Seats of the winners (several when tied).
    winners: tuple[int, ...]
    #: Why it ended, a stable id such as ``last-standing`` or ``rounds``.
    reason: str
    #: How many rounds were played.
    rounds: int
    #: Game-specific numbers for metrics (snails lost to water, ...).
    details: Mapping[str, Any] = field(default_factory=dict)


class GameState(Protocol):
    """A match in progress."""

    def decision(self) -> Decision | None:
        """The decision waited for, or None when the match is over."""

    def apply(self, choice: Hashable) -> None:
        """Take a choice; raises :class:`IllegalChoice` and changes nothing if it is illegal."""

    def outcome(self) -> Outcome | None:
        """How the match ended, once it has."""

    def view(self, player: int) -> Any:
        """What one player may see (no other player's secret program or hand)."""

    @property
    def events(self) -> Sequence[tuple[Any, ...]]:
        """The event log: ``(kind, ...)`` tuples in the order things happened."""


class Bot(Protocol):
    """A player that chooses among a decision's options from what its seat may see.

    ``uses_view`` declares whether it reads the view: the runner builds none for a bot that
    says False (the random bot), which saves building one per decision.
    """

    uses_view: bool

    def choose(self, decision: Decision, view: Any) -> Hashable:
        """One of ``decision.options``."""


class BotFactory(Protocol):
    """Makes a bot for one seat with its own seeded generator."""

    def __call__(self, seat: int, rng: random.Random) -> Bot: ...


class RandomBot:
    """Picks uniformly among the legal options; lazy option sequences work too."""

    #: It never looks at the state, so the runner need not build a view for it.
    uses_view = False

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        #: The generator's own bits, when it is the library's (see :meth:`choose`).
        self._bits = rng.getrandbits if type(rng) is random.Random else None

    def choose(self, decision: Decision, view: Any) -> Hashable:
        """One option, drawn uniformly by index (never materializes a lazy sequence)."""
        options = decision.options
        n = len(options)
        if n == 0:
            raise ValueError(f"decision {decision.kind!r} offers no options")
        getrandbits = self._bits
        if getrandbits is None:
            return self.rng.choice(options)
        # rng.choice(options) written out, draw for draw (Random._randbelow: the bits of n,
        # drawn again until below it): this runs for every decision of every random game
        bits = n.bit_length()
        index = getrandbits(bits)
        while index >= n:
            index = getrandbits(bits)
        return options[index]


def random_bot(seat: int, rng: random.Random) -> RandomBot:
    """A :class:`RandomBot` for a seat (a ``BotFactory``)."""
    return RandomBot(seat, rng)


class Metrics(Protocol):
    """What a game measures in its matches, for the simulator's summaries.

    Games cannot import the simulator, so both methods return plain data; the simulator
    turns counts and rates into intervals and text (see ``editor/sim/summary.py``).
    """

    def measure(
        self, events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
    ) -> Mapping[str, Any]:
        """A few JSON-ready numbers about one finished match (run in the worker).

        Strict JSON: string keys, integers within 64 bits, lists, strings, finite numbers
        (a match whose measures are otherwise is a failed one; a NaN reads back as None).
        """

    def summarize(self, games: Sequence[Mapping[str, Any]]) -> Sequence[Mapping[str, Any]]:
        """Sections over all finished matches."""


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """Everything that fixes a match besides the choices made in it."""

    players: int
    #: One faction id per seat (a game without factions leaves this empty).
    factions: tuple[str, ...] = ()
    modules: frozenset[str] = frozenset()
    seed: int = 0


class Engine(Protocol):
    """What a game registers so that matches of it can be played."""

    def prepare(self, workspace: Workspace, layout: Layout) -> Any:
        """Compile content and layout once (tables, cards); the result is picklable."""

    def new_match(self, prepared: Any, spec: MatchSpec) -> GameState:
        """A fresh match, set up and waiting for its first decision."""

    def factions(self, prepared: Any) -> Sequence[str]:
        """The faction ids a match may use (none for a game without factions)."""

    def modules(self, prepared: Any) -> Sequence[str]:
        """The optional modules a match may switch on (none for a game without modules)."""

    def bots(self) -> Mapping[str, BotFactory]:
        """The bots by name (``random``, ``heuristic``...)."""

    def choice_to_json(self, choice: Hashable) -> JSON:
        """One of this engine's choices as JSON-ready data, without its decision.

        The data alone says which choice it is (no decision kind is needed to read it back),
        survives ``json.dumps``/``json.loads`` unchanged, and decodes to an equal choice of
        the same type: ``choice_from_json(choice_to_json(c)) == c``. Raises ``ValueError``
        for a value that is none of the engine's choice types.
        """

    def choice_from_json(self, data: JSON) -> Hashable:
        """The choice that :meth:`choice_to_json` encoded as ``data``.

        Raises ``ValueError``, saying what is wrong, for data that encodes no choice of this
        engine (a wrong type, a missing or unknown key...). Whether the choice is legal in a
        match is for the state's ``apply`` to judge.
        """


#: The scalar types a plain choice may have (exactly: not their subclasses).
_SCALARS = (bool, int, str)


def plain_choice_to_json(choice: Hashable) -> JSON:
    """A plain choice as JSON: None, booleans, ints and strings as they are, tuples as lists.

    For engines whose choices are only such values (nested tuples too). Anything else, a
    named tuple or a float included (neither would come back exactly), is a ``ValueError``.
    """
    if choice is None or (isinstance(choice, bool | int | str) and type(choice) in _SCALARS):
        return choice
    if type(choice) is tuple:
        return [plain_choice_to_json(item) for item in choice]
    raise ValueError(f"not a plain choice (None, bool, int, str or tuple): {choice!r}")


def plain_choice_from_json(data: JSON) -> Hashable:
    """The plain choice :func:`plain_choice_to_json` encoded: lists become tuples again.

    Raises ``ValueError`` for floats, objects and anything else no plain choice encodes to.
    """
    if data is None or (isinstance(data, bool | int | str) and type(data) in _SCALARS):
        return data
    if type(data) is list:
        return tuple(plain_choice_from_json(item) for item in data)
    raise ValueError(f"not the JSON of a plain choice: {data!r}")


def choice_text(data: JSON) -> str:
    """An encoded choice as one compact line of JSON (``[[3,0],[5,1]]``), for reports."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def choice_from_text(text: str) -> JSON:
    """The encoded choice :func:`choice_text` wrote; ``ValueError`` when it is not JSON."""
    try:
        data: JSON = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not the text of a choice: {text!r} ({exc.msg})") from None
    return data
