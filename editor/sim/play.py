"""Playing the matches of a plan: bots against an engine, one match at a time, wherever
the batch runs (this process, a local worker process or a Dask worker).

A match's error (the engine's, a bot's, running out of its decision budget or of memory)
becomes its failed :class:`GameResult`, with its seed and the choices that replay it; it is
never raised to the batch.
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from editor.core.engine import Bot, BotFactory, Decision, Engine, GameState, MatchSpec, Outcome
from editor.sim.plan import MAX_STEPS, BatchPlan, bot_rng, match_spec
from editor.sim.results import GameResult, event_digest

try:  # not on Windows: no memory limit there
    import resource
except ImportError:  # pragma: no cover - Linux and macOS have it
    resource = None  # type: ignore[assignment]

#: Measures one finished match from its event log: small, picklable, JSON-ready numbers.
Measure = Callable[[Sequence[tuple[Any, ...]], Outcome, MatchSpec], Mapping[str, Any]]


class RunnerError(Exception):
    """The batch itself failed (its workers cannot set the design up, its cluster is gone),
    not one of its matches."""


def play_match(
    state: GameState,
    bots: Sequence[Bot],
    *,
    max_steps: int = MAX_STEPS,
    record: list[Hashable] | None = None,
) -> tuple[Outcome, int]:
    """Let the bots play a match to its end; returns the outcome and the decisions taken.

    ``max_steps`` is the decision budget: once that many choices are applied without the
    match ending, :func:`over_budget`'s :class:`RunnerError` is raised. A bot that declares
    ``uses_view = False`` is handed no view, which saves building one per decision for bots
    that do not look (the random bot). ``record``, when given, receives
    each choice before it is applied.
    """
    looks = [bot.uses_view for bot in bots]
    steps = 0
    decision: Decision | None = state.decision()
    while decision is not None:
        seat = decision.player
        view = state.view(seat) if looks[seat] else None
        choice: Hashable = bots[seat].choose(decision, view)
        if record is not None:
            record.append(choice)
        state.apply(choice)
        steps += 1
        if steps >= max_steps:
            raise over_budget(steps, decision.kind)
        decision = state.decision()
    outcome = state.outcome()
    if outcome is None:
        raise RunnerError("the match stopped asking for decisions but has no outcome")
    return outcome, steps


def over_budget(steps: int, kind: str) -> RunnerError:
    """The error of a match stopped by its decision budget (``max_steps``) after ``steps``
    decisions, the last of kind ``kind`` (the runner's and the replay's, word for word)."""
    return RunnerError(
        f"no end after {steps} decisions (last: {kind}): the decision budget (max_steps) is {steps}"
    )


class MatchPlayer:
    """Plays the matches of one plan on one prepared design: engine, bots and measure."""

    def __init__(
        self, engine: Engine, prepared: Any, plan: BatchPlan, measure: Measure | None
    ) -> None:
        self.engine = engine
        self.prepared = prepared
        self.plan = plan
        self.measure = measure
        factories: Mapping[str, BotFactory] = engine.bots()
        self.factories = [factories[name] for name in plan.bots]

    def play(self, index: int) -> GameResult:
        """:meth:`run`, or the bare facts of the match when even reporting its failure runs
        out of memory."""
        try:
            return self.run(index)
        except MemoryError:
            spec = match_spec(self.plan, index)
            error = "MemoryError: the match ran out of memory"
            return GameResult(index, spec.seed, spec.factions, error=error)

    def run(self, index: int) -> GameResult:
        """Play match ``index`` of the plan; an error becomes a failed result, never raised.

        Running out of memory is such an error too. The failed match's state is let go
        before its choices are recorded (by playing it again), so the record starts with
        the memory the first run took given back.
        """
        spec = match_spec(self.plan, index)
        try:
            return self._play(index, spec)
        except MemoryError:
            error = self._memory_error()
        except Exception as exc:  # one broken match is reported with its seed, not fatal
            error = _describe_safely(exc)
        # the exception and its frames (the match's state) are gone here
        try:
            choices = self._choices(spec)
        except MemoryError:  # recording them failed as well: the seed still replays it
            choices = ()
        return GameResult(index, spec.seed, spec.factions, error=error, choices=choices)

    def _play(self, index: int, spec: MatchSpec) -> GameResult:
        state = self.engine.new_match(self.prepared, spec)
        bots = [make(s, bot_rng(spec.seed, s)) for s, make in enumerate(self.factories)]
        outcome, steps = play_match(state, bots, max_steps=self.plan.max_steps)
        metrics = self.measure(state.events, outcome, spec) if self.measure else {}
        return GameResult(
            index=index,
            seed=spec.seed,
            factions=spec.factions,
            winners=tuple(outcome.winners),
            reason=outcome.reason,
            rounds=outcome.rounds,
            steps=steps,
            metrics=metrics,
            digest=event_digest(state.events) if self.plan.digest else "",
        )

    def _memory_error(self) -> str:
        """The error of a match that ran out of memory, naming the worker's limit if set."""
        limit = worker_memory_limit()
        if limit is None:
            return "MemoryError: the match ran out of memory"
        return (
            "MemoryError: the match ran out of memory: a worker may take"
            f" {_megabytes(limit)} (memory_limit)"
        )

    def _choices(self, spec: MatchSpec) -> tuple[Hashable, ...]:
        """The choices of a failed match, found by playing it again while recording.

        The match is fixed by its spec and the bots' generators, so the second run takes
        the same choices up to the same failure; recording only here keeps the normal path
        free of it.
        """
        record: list[Hashable] = []
        with contextlib.suppress(Exception):  # the failure again, as expected: the record
            self._replay(spec, record)
        # the replay's state is gone with its frame: only the record is left
        return tuple(record)

    def _replay(self, spec: MatchSpec, record: list[Hashable]) -> None:
        state = self.engine.new_match(self.prepared, spec)
        bots = [make(s, bot_rng(spec.seed, s)) for s, make in enumerate(self.factories)]
        play_match(state, bots, max_steps=self.plan.max_steps, record=record)


def describe_error(exc: BaseException) -> str:
    """``Type: message (file:line)``, the line being where it was raised."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" ({os.path.basename(frames[-1].filename)}:{frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def _describe_safely(exc: BaseException) -> str:
    """:func:`describe_error`, or just the type's name when even that runs out of memory."""
    try:
        return describe_error(exc)
    except MemoryError:
        return f"{type(exc).__name__} (not described: out of memory)"


def _megabytes(size: int) -> str:
    return f"{size / 1024**2:,.0f} MB"


#: The memory limit this worker process took on (bytes beyond its start), or None.
_MEMORY_LIMIT_SET: int | None = None
#: Whether this process is a worker (:func:`become_worker`): only workers are limited.
_WORKER_PROCESS = False
#: Whether this worker has settled its limit (it does so once, at its first job).
_LIMIT_SETTLED = False
#: A process that must never be limited: the one that started the batch (the editor's or
#: the CLI's), which a Dask worker running in threads of that process would otherwise hit.
_PROTECTED_PID: int | None = None


def _address_space() -> int | None:
    """The bytes of address space this process holds now (Linux), or None if unknown."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def limit_memory(limit: int | None) -> int | None:
    """Let this process take at most ``limit`` more bytes of address space (``RLIMIT_AS``);
    returns the limit set, or None where none could be (not Linux, no ``resource``, a
    stricter limit already in place). For worker processes only: never call it in the
    editor's or the CLI's own process."""
    if limit is None or resource is None or not sys.platform.startswith("linux"):
        return None
    held = _address_space()
    if held is None:
        return None
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = held + limit
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, hard)
        if soft != resource.RLIM_INFINITY and soft <= wanted:
            return None  # already held tighter by whoever started us
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (OSError, ValueError):
        return None
    return limit


def worker_memory_limit() -> int | None:
    """The memory limit this process took on for its matches (None: none, or not a worker)."""
    return _MEMORY_LIMIT_SET


def protect_this_process() -> None:
    """Never let :func:`settle_worker_memory` limit this process (the batch's caller)."""
    global _PROTECTED_PID
    _PROTECTED_PID = os.getpid()


def become_worker() -> None:
    """Mark this process as a worker, which :func:`settle_worker_memory` may limit (a
    process started to play matches; never the editor's or the CLI's)."""
    global _WORKER_PROCESS
    _WORKER_PROCESS = os.getpid() != _PROTECTED_PID


def settle_worker_memory(limit: int | None) -> int | None:
    """In a worker process, take on the plan's memory limit once (at its first job, after
    its own set-up, which is not its matches'); later calls keep the first. Returns the
    limit in force: None in a process that is not a worker (:func:`become_worker`)."""
    global _MEMORY_LIMIT_SET, _LIMIT_SETTLED
    if not _WORKER_PROCESS or os.getpid() == _PROTECTED_PID:
        return None
    if not _LIMIT_SETTLED:
        _LIMIT_SETTLED = True
        _MEMORY_LIMIT_SET = limit_memory(limit)
    return _MEMORY_LIMIT_SET
