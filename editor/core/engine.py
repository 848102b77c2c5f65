"""What every rules engine offers the simulator, the examples runner and the editor.

An engine is plain Python. A match is built from validated content and a seed; its state
says which :class:`Decision` it waits for and takes :meth:`GameState.apply`. Chance comes
from a random generator held by the state, so a match replays from its seed and its choices.
The simulator speaks to engines only through these protocols, so it runs every game.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import random

    from editor.core.layouts import Layout
    from editor.core.workspace import Workspace


class IllegalChoice(ValueError):
    """A choice the state refused; the state is left exactly as it was."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What a state waits for: whose choice, what kind of choice, and the legal options.

    ``options`` is any sequence: a tuple, or a lazy sequence for combinatorial choices (a
    whole program of cards) that computes the option at an index and answers ``in`` cheaply.
    A bot picks ``options[i]``; ``apply`` refuses anything not ``in`` the options.
    """

    player: int
    kind: str
    options: Sequence[Hashable]
    #: A short human description, for replays and error messages.
    prompt: str = ""


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
    """A player that chooses among a decision's options from what its seat may see."""

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

    def choose(self, decision: Decision, view: Any) -> Hashable:
        """One option, drawn uniformly by index (never materializes a lazy sequence)."""
        options = decision.options
        count = len(options)
        if count == 0:
            raise ValueError(f"decision {decision.kind!r} offers no options")
        return options[self.rng.randrange(count)]


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
        """A few JSON-ready numbers about one finished match (run in the worker)."""

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
        """The faction ids a match may use."""

    def bots(self) -> Mapping[str, BotFactory]:
        """The bots by name (``random``, ``heuristic``...)."""
