"""Run batches of matches of any registered engine, in worker processes, streaming results.

Every match is fixed by the batch seed and its index alone: the match seed, the factions
drawn for it and each bot's random generator are derived from them, so a batch gives the
same results whatever the number of workers. Results come back as matches finish; callers
key them by index (:func:`in_order`) before aggregating.

Workers follow the spawn-safe pattern: the engine object, the prepared (compiled, picklable)
content and the plan are handed to each worker once by its initializer, then only index
ranges travel to the workers and small :class:`GameResult` records travel back. The event
log stays in the worker: the game's ``measure`` function turns it into a few numbers there.
"""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import os
import pickle
import random
import sys
import threading
import time
import traceback
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Literal

from editor.core.engine import (
    Bot,
    BotFactory,
    ChoiceDecoder,
    ChoiceEncoder,
    Decision,
    Engine,
    GameState,
    MatchSpec,
    Outcome,
    plain_choice_from_json,
)

try:  # not on Windows: no memory limit there
    import resource
except ImportError:  # pragma: no cover - Linux and macOS have it
    resource = None  # type: ignore[assignment]

#: The decision budget of a match: one that has not ended after this many decisions is
#: stopped and reported as a failed game (an engine bug or content beyond what it can play).
MAX_STEPS = 100_000

#: How much memory a worker process may take beyond what it holds when it starts (bytes of
#: address space, ``RLIMIT_AS``, on Linux): a match past it fails with a MemoryError, which
#: is reported as that match's failure while the batch goes on.
MEMORY_LIMIT = 2 * 1024**3

FactionMode = Literal["fixed", "random", "rotate"]

#: Measures one finished match from its event log: small, picklable, JSON-ready numbers.
Measure = Callable[[Sequence[tuple[Any, ...]], Outcome, MatchSpec], Mapping[str, Any]]


class RunnerError(Exception):
    """The batch itself failed (a worker process died), not one of its matches."""


@dataclass(frozen=True, slots=True)
class BatchPlan:
    """What a batch plays: how many matches, seats, factions, modules, bots and the seed."""

    games: int
    players: int
    #: One bot name per seat.
    bots: tuple[str, ...]
    seed: int = 0
    modules: frozenset[str] = frozenset()
    #: ``fixed``: ``factions`` is one id per seat. ``random``: each match draws distinct
    #: factions from ``factions`` (the pool). ``rotate``: match i seats pool[(i + seat) % n],
    #: so that every faction plays every seat equally often.
    faction_mode: FactionMode = "random"
    factions: tuple[str, ...] = ()
    #: The decision budget of each match: past ``max_steps`` decisions it stops and is one
    #: failed game (``GameResult.error`` names the budget), with its seed and its choices.
    max_steps: int = MAX_STEPS
    #: Bytes of memory each worker process may take for its matches beyond what it holds
    #: when it starts (``RLIMIT_AS`` on Linux; ignored where there is no ``resource`` module
    #: or the system does not enforce it, and never applied to a batch played in the
    #: caller's own process). A match that runs out is one failed game. None: no limit.
    memory_limit: int | None = MEMORY_LIMIT
    #: Hash each finished match's event log into ``GameResult.digest`` (for replays).
    digest: bool = False

    def __post_init__(self) -> None:
        if self.games < 0:
            raise ValueError("the number of games cannot be negative")
        if self.players < 1:
            raise ValueError("a match needs at least one player")
        if self.max_steps < 1:
            raise ValueError("the decision budget (max_steps) must be at least 1")
        if self.memory_limit is not None and self.memory_limit <= 0:
            raise ValueError("the memory limit must be positive (or None for no limit)")
        if len(self.bots) != self.players:
            raise ValueError(f"{len(self.bots)} bots for {self.players} seats")
        if self.faction_mode == "fixed" and self.factions and len(self.factions) != self.players:
            raise ValueError(f"{len(self.factions)} factions for {self.players} seats")
        if self.faction_mode == "random" and 0 < len(self.factions) < self.players:
            raise ValueError(
                f"{self.players} players need {self.players} different factions;"
                f" only {len(self.factions)} to draw from"
            )


@dataclass(frozen=True, slots=True)
class GameResult:
    """One match of a batch: how it was set up and how it ended, or the error it raised."""

    index: int
    seed: int
    factions: tuple[str, ...]
    winners: tuple[int, ...] = ()
    reason: str = ""
    rounds: int = 0
    #: Decisions taken in the match.
    steps: int = 0
    #: The game's measurements of the match (see ``Measure``).
    metrics: Mapping[str, Any] = field(default_factory=dict)
    #: ``ExceptionType: message (file:line)`` when the match failed; None when it ended.
    error: str | None = None
    #: When the match failed: the choices handed to ``apply`` in order (the one whose
    #: ``apply`` raised last), so that the failure replays. Empty for a match that ended.
    #: The engine's own objects; :meth:`to_json` with the engine's encoder writes them.
    choices: tuple[Hashable, ...] = ()
    #: :func:`event_digest` of the final event log, when the plan asked for it (``digest``).
    digest: str = ""

    @property
    def ok(self) -> bool:
        """Whether the match ran to its end."""
        return self.error is None

    def to_json(self, encode: ChoiceEncoder | None = None) -> dict[str, Any]:
        """Plain data: what a game's metrics summarize and what ``--json`` prints.

        A finished match's record has the same keys as it always had, plus ``digest`` when
        there is one. A failed match's record also carries its ``choices`` when ``encode``
        (the engine's ``choice_to_json``: a result does not know its engine) is given.
        """
        data: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "factions": list(self.factions),
            "winners": list(self.winners),
            "reason": self.reason,
            "rounds": self.rounds,
            "steps": self.steps,
            "metrics": dict(self.metrics),
            "error": self.error,
        }
        if self.digest:
            data["digest"] = self.digest
        if encode is not None and not self.ok:
            data["choices"] = [encode(choice) for choice in self.choices]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], decode: ChoiceDecoder | None = None) -> GameResult:
        """The result a :meth:`to_json` record (or its ``json.loads``) describes.

        ``decode`` (the engine's ``choice_from_json``) reads the ``choices`` back; without
        it they are read as plain choices (lists become tuples). Raises ``ValueError`` for a
        record that is not one: a missing key, a value of the wrong type, choices that do
        not decode.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"a match record is an object, not {type(data).__name__}")
        read = decode if decode is not None else plain_choice_from_json
        error = data.get("error")
        if error is not None and not isinstance(error, str):
            raise ValueError(f"a match record's 'error' is a string or null, not {error!r}")
        metrics = data.get("metrics", {})
        if not isinstance(metrics, Mapping):
            raise ValueError(f"a match record's 'metrics' is an object, not {metrics!r}")
        digest = data.get("digest", "")
        if not isinstance(digest, str):
            raise ValueError(f"a match record's 'digest' is a string, not {digest!r}")
        choices = data.get("choices", [])
        if not isinstance(choices, list):
            raise ValueError(f"a match record's 'choices' is a list, not {choices!r}")
        try:
            decoded = tuple(read(choice) for choice in choices)
        except ValueError as exc:
            raise ValueError(f"a match record's choices do not decode: {exc}") from None
        return cls(
            index=_json_int(data, "index"),
            seed=_json_int(data, "seed"),
            factions=tuple(_json_list(data, "factions", str)),
            winners=tuple(_json_list(data, "winners", int)),
            reason=_json_str(data, "reason"),
            rounds=_json_int(data, "rounds"),
            steps=_json_int(data, "steps"),
            metrics=dict(metrics),
            error=error,
            choices=decoded,
            digest=digest,
        )


def _json_int(data: Mapping[str, Any], key: str) -> int:
    if key not in data:
        raise ValueError(f"a match record needs its {key!r}")
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"a match record's {key!r} is an int, not {value!r}")
    return value


def _json_str(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise ValueError(f"a match record's {key!r} is a string, not {value!r}")
    return value


def _json_list(data: Mapping[str, Any], key: str, kind: type) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple) or not all(
        isinstance(x, kind) and not isinstance(x, bool) for x in value
    ):
        raise ValueError(f"a match record's {key!r} is a list of {kind.__name__}, not {value!r}")
    return list(value)


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed from some parts; the same everywhere (no Python hash randomization)."""
    data = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def event_digest(events: Sequence[tuple[Any, ...]]) -> str:
    """A short hash of an event log: equal logs, equal digests, in any process."""
    hasher = hashlib.blake2b(digest_size=16)
    for event in events:
        hasher.update(repr(event).encode())
        hasher.update(b"\n")
    return hasher.hexdigest()


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of match ``index`` of a batch."""
    return derive_seed("game", batch_seed, index)


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random generator of the bot in ``seat`` of the match with this seed."""
    return random.Random(derive_seed("bot", seed, seat))


def factions_for(plan: BatchPlan, index: int, seed: int) -> tuple[str, ...]:
    """The factions of match ``index`` (one per seat; empty for a game without factions)."""
    pool = plan.factions
    if not pool:
        return ()
    if plan.faction_mode == "fixed":
        return pool
    if plan.faction_mode == "rotate":
        return tuple(pool[(index + seat) % len(pool)] for seat in range(plan.players))
    return tuple(random.Random(derive_seed("factions", seed)).sample(pool, plan.players))


def match_spec(plan: BatchPlan, index: int) -> MatchSpec:
    """The full spec of match ``index``."""
    seed = game_seed(plan.seed, index)
    return MatchSpec(
        players=plan.players,
        factions=factions_for(plan, index, seed),
        modules=plan.modules,
        seed=seed,
    )


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


class _Worker:
    """What one worker process holds: engine, prepared content, plan, bots and measure."""

    def __init__(
        self, engine: Engine, prepared: Any, plan: BatchPlan, measure: Measure | None
    ) -> None:
        self.engine = engine
        self.prepared = prepared
        self.plan = plan
        self.measure = measure
        factories: Mapping[str, BotFactory] = engine.bots()
        self.factories = [factories[name] for name in plan.bots]

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
        limit = _MEMORY_LIMIT_SET
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


_WORKER: _Worker | None = None
#: The memory limit this worker process took on (bytes beyond its start), or None.
_MEMORY_LIMIT_SET: int | None = None

#: How often a worker checks that the process that started it is still alive (seconds).
WATCHDOG_PERIOD = 0.5


def _alive(pid: int) -> bool:
    """Whether a process exists and has not ended (a zombie has ended)."""
    if os.name == "nt":  # signal 0 is Ctrl+C there; spawn's workers have the owner as parent
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else (the pid was reused)
        return False
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:  # no /proc here: existence is all we can tell
        return True


def _watch_owner(owner: int, parent: int) -> None:
    """End this worker as soon as the process that started the batch is gone.

    Under fork or spawn the owner is the worker's parent, and a dead parent changes the
    parent id. Under a forkserver the parent is the server, which lives on while its
    workers hold its pipe, so the owner's own pid is watched too. ``os._exit`` skips
    clean-up on purpose: nobody is left to receive the results.
    """
    while True:
        time.sleep(WATCHDOG_PERIOD)
        try:
            gone = os.getppid() != parent or not _alive(owner)
        except MemoryError:  # a match is using up the worker's memory: look again soon
            continue
        if gone:
            os._exit(1)


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


def _init_worker(
    engine: Engine, prepared: Any, plan: BatchPlan, measure: Measure | None, owner: int
) -> None:
    global _WORKER, _MEMORY_LIMIT_SET
    # No worker outlives its owner, even one killed without a chance to shut the pool down.
    threading.Thread(
        target=_watch_owner, args=(owner, os.getppid()), name="owner-watchdog", daemon=True
    ).start()
    _WORKER = _Worker(engine, prepared, plan, measure)
    # last: the set-up above is the worker's own, not its matches'
    _MEMORY_LIMIT_SET = limit_memory(plan.memory_limit)


def _run_range(start: int, stop: int) -> list[GameResult]:
    assert _WORKER is not None, "worker not initialized"
    results = []
    for index in range(start, stop):
        try:
            results.append(_WORKER.run(index))
        except MemoryError:  # out of memory even while reporting the failure: the bare facts
            spec = match_spec(_WORKER.plan, index)
            error = "MemoryError: the match ran out of memory"
            results.append(GameResult(index, spec.seed, spec.factions, error=error))
    return results


class Batch:
    """A batch of matches being played; iterate it for results as they finish.

    Results arrive in completion order (by index when ``jobs`` is 1). :meth:`cancel` ends
    the iteration at the next result: no match starts after it, and the results of matches
    still running in workers are dropped (a cancelled batch is stale; its caller wants a
    new one, not the rest of this one).

    ``processes`` plays in worker processes even with one job (a GUI never plays in its
    own process); ``ramp`` hands out single matches first and bigger chunks later, so the
    first results come back as soon as possible.
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
    ) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.engine = engine
        self.prepared = prepared
        self.plan = plan
        self.jobs = min(jobs, max(1, plan.games))
        self.measure = measure
        # Small chunks stream results and cancel quickly; bigger ones spare the pipe.
        self.chunk = chunk or max(1, min(16, plan.games // (self.jobs * 8) or 1))
        #: The multiprocessing start method (``spawn``, ``fork``...; None: the platform's).
        self.context = context
        self.processes = processes
        self.ramp = ramp
        self._cancelled = threading.Event()
        #: The worker pool while the batch plays in processes (for :meth:`terminate`).
        self._pool: ProcessPoolExecutor | None = None

    def cancel(self) -> None:
        """Stop starting matches; safe to call from another thread."""
        self._cancelled.set()

    def terminate(self, timeout: float = 1.0) -> None:
        """End this batch's worker processes outright, and no other process: for a match
        that never ends, which :meth:`cancel` would wait for. Safe from another thread."""
        pool = self._pool
        # the executor lists its processes only privately; none listed, none to end
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout)

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancelled.is_set()

    def __iter__(self) -> Iterator[GameResult]:
        if self.jobs == 1 and not self.processes:
            yield from self._in_process()
        else:
            yield from self._in_pool()

    def _in_process(self) -> Iterator[GameResult]:
        worker = _Worker(self.engine, self.prepared, self.plan, self.measure)
        for index in range(self.plan.games):
            if self._cancelled.is_set():
                return
            yield worker.run(index)

    def _ranges(self) -> Iterator[tuple[int, int]]:
        """Index ranges to hand out: ``chunk`` at a time, or growing from one with ``ramp``."""
        games = self.plan.games
        size = 1 if self.ramp else self.chunk
        handed = 0
        start = 0
        while start < games:
            stop = min(start + size, games)
            yield start, stop
            start = stop
            handed += 1
            if self.ramp and handed % (2 * self.jobs) == 0:
                size = min(2 * size, self.chunk)

    def _in_pool(self) -> Iterator[GameResult]:
        try:  # fail early and clearly rather than with a dead worker
            pickle.dumps((self.engine, self.prepared, self.plan, self.measure))
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise RunnerError(f"cannot hand the match set-up to worker processes: {exc}") from exc
        ranges = self._ranges()
        pool = ProcessPoolExecutor(
            max_workers=self.jobs,
            mp_context=multiprocessing.get_context(self.context),
            initializer=_init_worker,
            initargs=(self.engine, self.prepared, self.plan, self.measure, os.getpid()),
        )
        self._pool = pool
        pending: set[Future[list[GameResult]]] = set()
        try:
            # A few chunks per worker in flight: enough to keep them busy, few to cancel.
            for start, stop in ranges:
                pending.add(pool.submit(_run_range, start, stop))
                if len(pending) >= 2 * self.jobs:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    try:
                        results = future.result()
                    except Exception as exc:  # BrokenProcessPool and friends
                        raise RunnerError(f"a worker process failed: {exc}") from exc
                    yield from results
                if self._cancelled.is_set():
                    break
                for start, stop in ranges:
                    pending.add(pool.submit(_run_range, start, stop))
                    if len(pending) >= 2 * self.jobs:
                        break
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def run_batch(
    engine: Engine,
    prepared: Any,
    plan: BatchPlan,
    *,
    jobs: int = 1,
    measure: Measure | None = None,
    on_result: Callable[[GameResult], object] | None = None,
    context: str | None = None,
) -> list[GameResult]:
    """Play a whole batch and return its results by index; ``on_result`` sees each one."""
    results = []
    for result in Batch(engine, prepared, plan, jobs=jobs, measure=measure, context=context):
        if on_result is not None:
            on_result(result)
        results.append(result)
    return in_order(results)


def in_order(results: Sequence[GameResult]) -> list[GameResult]:
    """Results sorted by match index, the order every aggregate is computed in."""
    return sorted(results, key=lambda r: r.index)
