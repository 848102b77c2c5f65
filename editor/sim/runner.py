"""Run batches of matches of any registered engine and stream their results.

A :class:`Batch` hands index ranges to an executor (:mod:`editor.sim.executors`): the
local process pool by default, or a Dask cluster. Work travels to workers as JSON jobs and
results come back as JSON records as matches finish; callers key them by index
(:func:`in_order`) before aggregating. A match is fixed by the batch seed and its index
alone (:mod:`editor.sim.plan`), so a batch gives the same results on every executor and
with any number of workers. The event log stays in the worker: the game's ``measure``
function turns it into a few numbers there.

This module also gathers the simulator's public names from the modules that hold them,
so that ``from editor.sim.runner import BatchPlan, GameResult, play_match`` keeps working.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from editor.core.engine import Engine
from editor.sim.collector import paced_for_records
from editor.sim.executors import Executor, Lost, Setup
from editor.sim.executors.jobs import Content
from editor.sim.executors.local import LARGEST_RANGE, WATCHDOG_PERIOD, LocalPool
from editor.sim.plan import (
    MAX_STEPS,
    MEMORY_LIMIT,
    BatchPlan,
    FactionMode,
    bot_rng,
    derive_seed,
    factions_for,
    game_seed,
    match_spec,
)
from editor.sim.play import (
    MatchPlayer,
    Measure,
    RunnerError,
    describe_error,
    limit_memory,
    over_budget,
    play_match,
)
from editor.sim.results import GameResult, event_digest

__all__ = [
    "MAX_STEPS",
    "MEMORY_LIMIT",
    "WATCHDOG_PERIOD",
    "Batch",
    "BatchPlan",
    "Content",
    "Executor",
    "FactionMode",
    "GameResult",
    "LocalPool",
    "MatchPlayer",
    "Measure",
    "RunnerError",
    "bot_rng",
    "derive_seed",
    "describe_error",
    "event_digest",
    "factions_for",
    "game_seed",
    "in_order",
    "limit_memory",
    "match_spec",
    "over_budget",
    "play_match",
    "run_batch",
]


#: Near a batch's end, a range holds at most 1/(TAPER x workers) of the games left.
TAPER = 4


class Batch:
    """A batch of matches being played; iterate it for results as they finish.

    Results arrive in completion order (by index when ``jobs`` is 1). :meth:`cancel` ends
    the iteration at the next result: no match starts after it, and the results of matches
    still running in workers are dropped (a cancelled batch is stale; its caller wants a
    new one, not the rest of this one).

    Where it plays: in this process when ``jobs`` is 1 and neither ``processes`` nor an
    ``executor`` is given; else on ``executor`` (which the caller keeps and closes), or on
    a :class:`LocalPool` of ``jobs`` worker processes started for this batch (``context``
    is their start method). ``processes`` plays in worker processes even with one job (a
    GUI never plays in its own process). ``content`` is the design as texts: workers then
    rebuild the set-up from it (a Dask cluster needs it); without it the local pool hands
    them ``engine`` and ``prepared`` themselves. ``ramp`` hands out single matches first
    and bigger chunks later, so the first results come back as soon as possible.

    :attr:`rerun` counts the games handed out again because a worker holding them was lost.
    """

    def __init__(
        self,
        engine: Engine,
        prepared: Any,
        plan: BatchPlan,
        *,
        jobs: int = 1,
        measure: Measure | None = None,
        chunk: int | None = None,
        context: str | None = None,
        processes: bool = False,
        ramp: bool = False,
        executor: Executor | None = None,
        content: Content | None = None,
    ) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.engine = engine
        self.prepared = prepared
        self.plan = plan
        self.executor = executor
        workers = executor.workers if executor is not None else jobs
        self.jobs = min(workers, max(1, plan.games))
        self.measure = measure
        # Small chunks stream results and cancel quickly; bigger ones spare the backend.
        largest = executor.largest_range if executor is not None else LARGEST_RANGE
        self.chunk = chunk or max(1, min(largest, plan.games // (self.jobs * 8) or 1))
        #: Whether ranges shrink near the batch's end (chunks chosen here, several workers).
        self.taper = chunk is None and self.jobs > 1
        #: The multiprocessing start method (``spawn``, ``fork``...; None: the platform's).
        self.context = context
        self.processes = processes
        self.ramp = ramp
        self.content = content
        #: Games handed out again because the worker holding them was lost.
        self.rerun = 0
        #: The workers lost while the batch played (``process 1234: killed by SIGKILL``).
        self.lost: list[str] = []
        self._cancelled = threading.Event()
        #: The executor while the batch plays on one (for :meth:`terminate`).
        self._playing: Executor | None = None

    def cancel(self) -> None:
        """Stop starting matches; safe to call from another thread."""
        self._cancelled.set()

    def terminate(self) -> None:
        """End this batch's work in flight outright (its worker processes, and no other
        process): for a match that never ends, which :meth:`cancel` would wait for. Safe
        from another thread."""
        playing = self._playing
        if playing is not None:
            playing.terminate()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancelled.is_set()

    def __iter__(self) -> Iterator[GameResult]:
        if self.executor is None and self.jobs == 1 and not self.processes:
            yield from self._in_process()
        else:
            yield from self._on_executor()

    def _in_process(self) -> Iterator[GameResult]:
        player = MatchPlayer(self.engine, self.prepared, self.plan, self.measure)
        for index in range(self.plan.games):
            if self._cancelled.is_set():
                return
            yield player.run(index)

    def ranges(self) -> Iterator[tuple[int, int]]:
        """Index ranges to hand out: ``chunk`` at a time, or growing from one with ``ramp``,
        and shrinking near the end (:attr:`taper`); none once the batch is cancelled."""
        games = self.plan.games
        size = 1 if self.ramp else self.chunk
        handed = 0
        start = 0
        while start < games and not self._cancelled.is_set():
            stop = min(start + size, games)
            if self.taper:
                # a worker holds a few ranges at once, so the last ones handed out decide
                # how long the others wait for it at the end: a range is at most a share of
                # what is left, and the last ones are single games
                stop = min(stop, start + -(-(games - start) // (TAPER * self.jobs)))
            yield start, stop
            start = stop
            handed += 1
            if self.ramp and handed % (2 * self.jobs) == 0:
                size = min(2 * size, self.chunk)

    def _on_executor(self) -> Iterator[GameResult]:
        owned = self.executor is None
        executor = self.executor or LocalPool(self.jobs, context=self.context)
        setup = Setup(self.engine, self.prepared, self.plan, self.measure, self.content)
        self._playing = executor
        try:
            stream = executor.play(setup, self.ranges())
            # (records pour into this process: see editor.sim.collector)
            with paced_for_records():
                try:
                    for item in stream:
                        if isinstance(item, Lost):
                            self.rerun += item.games
                            # one worker lost with several ranges of games is one loss
                            loss = f"{item.worker}: {item.reason}"
                            if loss not in self.lost:
                                self.lost.append(loss)
                            continue
                        yield item
                        if self._cancelled.is_set():
                            break
                finally:
                    stream.close()
        finally:
            self._playing = None
            if owned:
                executor.close()


def run_batch(
    engine: Engine,
    prepared: Any,
    plan: BatchPlan,
    *,
    jobs: int = 1,
    measure: Measure | None = None,
    on_result: Callable[[GameResult], object] | None = None,
    context: str | None = None,
    executor: Executor | None = None,
    content: Content | None = None,
) -> list[GameResult]:
    """Play a whole batch and return its results by index; ``on_result`` sees each one."""
    results = []
    batch = Batch(
        engine,
        prepared,
        plan,
        jobs=jobs,
        measure=measure,
        context=context,
        executor=executor,
        content=content,
    )
    for result in batch:
        if on_result is not None:
            on_result(result)
        results.append(result)
    return in_order(results)


def in_order(results: Sequence[GameResult]) -> list[GameResult]:
    """Results sorted by match index, the order every aggregate is computed in."""
    return sorted(results, key=lambda r: r.index)
