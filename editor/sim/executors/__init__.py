"""Where a batch's matches are played: one small interface, two backends.

An :class:`Executor` is handed a batch's :class:`Setup` and the index ranges to play, sends
each range to a worker as a JSON job (:mod:`editor.sim.executors.jobs`) and streams back
every match's :class:`~editor.sim.results.GameResult` as it comes, plus a :class:`Lost`
notice each time a worker was lost with games it had not returned: those games are handed
out again, to another worker. A game that loses its worker :data:`LOSSES_PER_GAME` times
(it is what kills them) becomes a failed game, with its seed, and the batch goes on.

- :class:`~editor.sim.executors.local.LocalPool`: worker processes on this machine (the
  default; ``seastack simulate --jobs N``).
- :class:`~editor.sim.executors.dask.DaskExecutor`: the workers of a Dask cluster, local or
  at a scheduler's address (``seastack simulate --dask [ADDRESS]``).

Which executor plays a batch changes none of its results: a match is fixed by the batch
seed and its index alone.
"""

from __future__ import annotations

import uuid
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from editor.core.engine import Engine
from editor.sim.executors.jobs import Content
from editor.sim.plan import BatchPlan, match_spec
from editor.sim.play import Measure
from editor.sim.results import GameResult

#: How many times a game may lose the worker playing it before it is a failed game.
LOSSES_PER_GAME = 3


@dataclass(frozen=True)
class Setup:
    """What a batch's workers play: the design set up, the plan and the game's measure.

    ``content`` is the design as texts, which workers rebuild the set-up from (a Dask
    cluster needs it). Without it only the local pool can play the batch: it hands its
    workers ``engine``, ``prepared`` and ``measure`` themselves, once each.
    """

    engine: Engine
    prepared: Any
    plan: BatchPlan
    measure: Measure | None = None
    content: Content | None = None
    #: The set-up's name in jobs: the content's digest, or a fresh token for objects.
    digest: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.digest:
            name = self.content.digest if self.content else f"local-{uuid.uuid4().hex}"
            object.__setattr__(self, "digest", name)


@dataclass(frozen=True)
class Lost:
    """A worker was lost (its process died) with ``games`` games it had not returned
    (perhaps none); they are handed out again."""

    games: int
    #: Which worker: ``process 1234``, a Dask worker's address.
    worker: str
    #: What happened to it, as far as is known: ``killed by signal 9``.
    reason: str = ""


#: What an executor streams: each match's result as it comes, and each lost worker.
Stream = Generator["GameResult | Lost", None, None]


class Executor(Protocol):
    """Plays the ranges of a batch somewhere and streams the results back."""

    @property
    def workers(self) -> int:
        """How many matches it plays at once (for the size of the ranges handed out)."""

    @property
    def largest_range(self) -> int:
        """The most matches worth handing out at once: each range costs the backend some
        fixed work (a message, a task), and bigger ranges stream and cancel more coarsely."""

    def play(self, setup: Setup, ranges: Iterator[tuple[int, int]]) -> Stream:
        """Play every range ``(start, stop)`` the iterator gives (it is read as workers
        free up, so it may stop early); yield each result as it comes and a :class:`Lost`
        for each lost worker. Closing the iterator drops the work still out.

        Raises :class:`~editor.sim.play.RunnerError` when the batch cannot go on.
        """

    def terminate(self) -> None:
        """End the work in flight outright (a match that never ends); safe from any thread."""

    def close(self) -> None:
        """Let the workers go (the ones this executor started end)."""


def lost_game(plan: BatchPlan, index: int, losses: int, reason: str) -> GameResult:
    """The failed result of a game whose worker was lost each time it was played."""
    spec = match_spec(plan, index)
    last = f" (last: {reason})" if reason else ""
    times = "once" if losses == 1 else f"{losses} times"
    error = f"WorkerLost: the worker playing it was lost {times}{last}"
    return GameResult(index, spec.seed, spec.factions, error=error)
