"""The live simulator, Qt-free: a batch per design change, played in worker processes on a
background thread, summarized as results stream in.

:class:`LiveSimulator` takes a :class:`~editor.sim.design.Design` and
:class:`LiveSettings`; each :meth:`~LiveSimulator.submit` starts a new *generation* and
cancels the batch in flight. The background thread publishes immutable :class:`Snapshot`
objects (at most every :data:`UPDATE_INTERVAL` seconds, plus the first result and the end);
a snapshot of an older generation is never published once a newer one was submitted, so a
cancelled batch's results are never shown as the new one's. The summary is
:func:`editor.sim.summary.summarize` and the warnings :mod:`editor.sim.playtest`.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from editor.core import registry
from editor.core.engine import ChoiceEncoder, Engine, choice_text
from editor.sim.design import Design, Invalid, Ready, prepare_design
from editor.sim.playtest import playtest_warnings
from editor.sim.runner import Batch, BatchPlan, GameResult, RunnerError, describe_error, match_spec
from editor.sim.summary import game_metrics, summarize

#: Publish a snapshot at most this often while results stream in (seconds): a UI refreshes
#: a few times a second, and each snapshot summarizes every result so far.
UPDATE_INTERVAL = 0.2
#: Games per batch unless the settings say otherwise: enough for intervals a few points wide.
DEFAULT_GAMES = 200
#: Most games a worker plays per task: a cancelled batch still finishes the task in flight
#: before the next batch starts, so this bounds how long a change waits (two games).
LIVE_CHUNK = 2
#: Seconds to wait for a batch's thread when closing before ending its workers outright.
CLOSE_TIMEOUT = 10.0

#: Modules a forkserver imports once, so each worker it forks starts with them loaded. (A
#: worker still runs the main script's top level again, as under spawn: keep it light.)
PRELOAD = ("editor.games", "editor.sim.runner", "editor.sim.executors.local")

State = Literal["idle", "loading", "running", "done", "paused", "cancelled", "failed"]


@dataclass(frozen=True)
class LiveSettings:
    """What the designer chose: players, faction pool, modules, bot, games, batch seed."""

    players: int = 4
    #: The faction pool each match draws from; empty: every faction of the packs.
    factions: tuple[str, ...] = ()
    modules: frozenset[str] = frozenset()
    #: One bot for every seat; empty: the game's heuristic bot if it has one, else random.
    bot: str = ""
    games: int = DEFAULT_GAMES
    seed: int = 0


@dataclass(frozen=True)
class Snapshot:
    """What the simulator knows now, for one generation; immutable, safe to hand to a UI."""

    generation: int
    state: State
    #: Why the simulator is paused or failed, or what it is doing.
    reason: str = ""
    #: The first diagnostics of an invalid design, ``file:line:col: ...``.
    diagnostics: tuple[str, ...] = ()
    done: int = 0
    planned: int = 0
    games_per_second: float = 0.0
    #: Seconds from the submit to the first result of this generation, once there is one.
    first_result: float | None = None
    #: :func:`~editor.sim.summary.summarize` of the results so far (None before any).
    summary: Mapping[str, Any] | None = None
    warnings: tuple[str, ...] = ()
    #: The results so far, in index order (failed ones carry their seed and choices).
    results: tuple[GameResult, ...] = ()
    plan: BatchPlan | None = None
    #: The design set up for its engine (layout, workspace, prepared content), once ready.
    ready: Ready | None = None
    #: What the settings may offer for this design.
    factions_available: tuple[str, ...] = ()
    modules_available: tuple[str, ...] = ()
    bots_available: tuple[str, ...] = ()
    #: How many seats the game may have (its declared type), fewest and most.
    seats_available: tuple[int, int] = (1, 8)

    @property
    def failures(self) -> list[GameResult]:
        """The games that raised an error."""
        return [r for r in self.results if not r.ok]

    def failures_text(self) -> str:
        """:func:`failures_text` of these results, the choices in the engine's JSON."""
        return failures_text(self.results, self.ready.engine if self.ready else None)


@dataclass
class _Job:
    """One generation's work: its design and settings, its thread and its batch."""

    generation: int
    design: Design
    settings: LiveSettings
    submitted: float
    thread: threading.Thread | None = None
    batch: Batch | None = None
    results: list[GameResult] = field(default_factory=list)


def live_context() -> str:
    """The start method for a GUI's workers: a forkserver where there is one (forking a
    process with GUI threads is unsafe; a forkserver forks from a clean process that has
    already imported the games), else spawn."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


def warm_up(context: str) -> None:
    """Start the forkserver now (with the games imported), so the first batch starts fast."""
    if context != "forkserver":
        return
    from multiprocessing import forkserver

    forkserver.ensure_running()


def build_plan(settings: LiveSettings, engine: Engine, prepared: Any) -> BatchPlan | str:
    """The batch plan for these settings on a prepared design, or why there can be none."""
    bots = list(engine.bots())
    bot = settings.bot or ("heuristic" if "heuristic" in bots else "random")
    if bot not in bots:
        return f"no bot {bot!r} in this game; known: {', '.join(bots)}"
    known = list(engine.factions(prepared))
    pool = tuple(f for f in settings.factions if f in known) or tuple(known)
    if pool and len(pool) < settings.players:
        return (
            f"{settings.players} players need {settings.players} different factions;"
            f" only {len(pool)} chosen"
        )
    offered = set(available_modules(engine, prepared))
    try:
        plan = BatchPlan(
            games=settings.games,
            players=settings.players,
            bots=(bot,) * settings.players,
            seed=settings.seed,
            modules=frozenset(settings.modules) & offered,
            faction_mode="random",
            factions=pool,
            # each game's log digest, so that its replay proves it reached the same end
            digest=True,
        )
        engine.new_match(prepared, match_spec(plan, 0))  # the engine judges the set-up
    except ValueError as exc:
        return f"the engine refuses this set-up: {exc}"
    return plan


def seats_of(game_id: str) -> tuple[int, int]:
    """The fewest and most players the game declares (any, 1 to 8, when it declares none)."""
    play = registry.playable(game_id)
    return (play.type.min_players, play.type.max_players) if play is not None else (1, 8)


def available_modules(engine: Engine, prepared: Any) -> tuple[str, ...]:
    """The modules the engine offers for a prepared design."""
    return tuple(engine.modules(prepared))


class LiveSimulator:
    """Plays a batch per submitted design on a background thread; see the module docstring.

    ``on_update(snapshot)`` is called from the background thread; a UI hands it over to its
    own thread (a queued Qt signal). Games are always played in worker processes
    (``processes=True``), never in the caller's process; ``context`` is their start method
    (default :func:`live_context`, warmed up on a background thread at once).
    """

    def __init__(
        self,
        *,
        jobs: int = 1,
        context: str | None = None,
        on_update: Callable[[Snapshot], object] | None = None,
        update_interval: float = UPDATE_INTERVAL,
    ) -> None:
        self.jobs = max(1, jobs)
        self.context = context or live_context()
        if self.context == "forkserver":  # before the server starts, so it takes effect
            multiprocessing.get_context("forkserver").set_forkserver_preload(list(PRELOAD))
        threading.Thread(target=warm_up, args=(self.context,), daemon=True).start()
        self.on_update = on_update
        self.update_interval = update_interval
        self._lock = threading.Lock()
        self._generation = 0
        self._job: _Job | None = None
        #: Batches playing now (a cancelled one may still be ending beside the new one's
        #: thread, which waits for it); closing ends their workers if they do not end.
        self._batches: set[Batch] = set()
        #: The newest batch thread started: the next one waits for it (one pool at a time).
        self._thread: threading.Thread | None = None
        self._snapshot = Snapshot(0, "idle", "no design yet")
        self._paused = False
        self._closed = False

    # --- control (any thread) ----------------------------------------------------------

    @property
    def generation(self) -> int:
        """The newest generation submitted."""
        return self._generation

    def submit(self, design: Design, settings: LiveSettings) -> int:
        """Play this design next: cancel the batch in flight and start a new generation."""
        with self._lock:
            return self._submit_locked(design, settings)

    def _submit_locked(self, design: Design, settings: LiveSettings) -> int:
        if self._closed:
            return self._generation
        self._generation += 1
        previous = self._job
        job = _Job(self._generation, design, settings, time.monotonic())
        self._job = job
        if previous is not None and previous.batch is not None:
            previous.batch.cancel()
        if self._paused:
            # remembered for resume(); the results shown stay those of the paused batch
            self._publish_locked(
                replace(self._snapshot, generation=job.generation, reason=self._pause_reason())
            )
            return job.generation
        self._start_locked(job)
        return job.generation

    def pause(self) -> None:
        """Stop the batch in flight and start no other until :meth:`resume`."""
        with self._lock:
            self._paused = True
            job = self._job
            if job is not None and job.batch is not None:
                job.batch.cancel()
            snap = self._snapshot
            self._publish_locked(replace(snap, state="paused", reason=self._pause_reason()))

    def resume(self) -> None:
        """Play the latest design again (from its first game)."""
        # under one lock: unpaused but not yet superseded, the paused batch's thread could
        # publish its own end as the latest news
        with self._lock:
            if not self._paused:
                return
            self._paused = False
            job = self._job
            if job is not None:
                self._submit_locked(job.design, job.settings)
            else:  # nothing was asked for yet
                self._publish_locked(Snapshot(self._generation, "idle", "no design yet"))

    @property
    def paused(self) -> bool:
        """Whether :meth:`pause` holds the simulator."""
        return self._paused

    def snapshot(self) -> Snapshot:
        """The latest snapshot (thread-safe; immutable)."""
        with self._lock:
            return self._snapshot

    def close(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Cancel the batch, wait for its thread and workers; no worker process remains."""
        with self._lock:
            self._closed = True
            self._generation += 1
            job = self._job
            if job is not None and job.batch is not None:
                job.batch.cancel()
            thread = self._thread
        if thread is None:
            return
        thread.join(timeout)
        if thread.is_alive():  # a task that does not end: end our batches' workers outright
            with self._lock:
                batches = list(self._batches)
            for batch in batches:
                batch.terminate()

    def wait(self, timeout: float | None = None) -> Snapshot:
        """Wait for the current generation's thread to end (tests, benchmarks)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.snapshot()

    # --- the background thread ----------------------------------------------------------

    def _pause_reason(self) -> str:
        return "paused by you; resume to play the latest design"

    def _start_locked(self, job: _Job) -> None:
        before = self._thread
        job.thread = threading.Thread(
            target=self._run, args=(job, before), name=f"live-sim-{job.generation}", daemon=True
        )
        self._publish_locked(
            Snapshot(job.generation, "loading", "loading the design", planned=job.settings.games)
        )
        self._thread = job.thread
        job.thread.start()

    def _current(self, job: _Job) -> bool:
        return job.generation == self._generation and not self._closed

    def _publish_locked(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        if self.on_update is not None:
            self.on_update(snapshot)

    def _publish(self, job: _Job, snapshot: Snapshot) -> bool:
        """Publish a snapshot of this job unless a newer generation was submitted."""
        with self._lock:
            if not self._current(job) or self._paused:
                return False
            self._publish_locked(snapshot)
            return True

    def _run(self, job: _Job, before: threading.Thread | None) -> None:
        if before is not None:
            before.join()  # one batch and one pool at a time
        if not self._current(job):
            return
        try:
            self._play(job)
        except Exception as exc:  # a bug of ours must not take the editor down
            self._publish(job, Snapshot(job.generation, "failed", describe_error(exc)))

    def _play(self, job: _Job) -> None:
        prepared = prepare_design(job.design)
        if isinstance(prepared, Invalid):
            lines = tuple(d.format() for d in prepared.diagnostics)
            self._publish(job, Snapshot(job.generation, "paused", prepared.reason, lines))
            return
        ready = prepared
        engine = ready.engine
        base = Snapshot(
            job.generation,
            "running",
            f"playing on {ready.layout.id}",
            ready=ready,
            factions_available=tuple(engine.factions(ready.prepared)),
            modules_available=available_modules(engine, ready.prepared),
            bots_available=tuple(engine.bots()),
            seats_available=seats_of(ready.game_id),
        )
        plan = build_plan(job.settings, engine, ready.prepared)
        if isinstance(plan, str):
            self._publish(job, replace(base, state="paused", reason=plan))
            return
        base = replace(base, plan=plan, planned=plan.games)
        metrics = game_metrics(ready.game_id)
        batch = Batch(
            engine,
            ready.prepared,
            plan,
            jobs=self.jobs,
            measure=metrics.measure if metrics else None,
            context=self.context,
            chunk=LIVE_CHUNK,
            processes=True,
            ramp=True,
        )
        with self._lock:
            if not self._current(job):
                return
            job.batch = batch
            self._batches.add(batch)
        try:
            self._stream(job, batch, base, plan)
        finally:
            with self._lock:
                self._batches.discard(batch)

    def _stream(self, job: _Job, batch: Batch, base: Snapshot, plan: BatchPlan) -> None:
        """Play the batch, publishing snapshots of its results as they come."""
        if not self._publish(job, base):
            return
        started = time.monotonic()
        first: float | None = None
        shown = 0.0
        try:
            for result in batch:
                if not self._current(job):
                    batch.cancel()
                    break
                job.results.append(result)
                now = time.monotonic()
                if first is None:
                    first = now - job.submitted
                if len(job.results) == 1 or now - shown >= self.update_interval:
                    shown = now
                    self._publish(job, self._snap(base, job, plan, started, first, "running"))
        except RunnerError as exc:  # a worker process died: the batch, not the editor
            snap = self._snap(base, job, plan, started, first, "failed")
            self._publish(job, replace(snap, reason=str(exc)))
            return
        state: State = "cancelled" if batch.cancelled else "done"
        self._publish(job, self._snap(base, job, plan, started, first, state))

    def _snap(
        self,
        base: Snapshot,
        job: _Job,
        plan: BatchPlan,
        started: float,
        first: float | None,
        state: State,
    ) -> Snapshot:
        ready = base.ready
        assert ready is not None
        results = sorted(job.results, key=lambda r: r.index)
        metrics = game_metrics(ready.game_id)
        summary = summarize(results, plan, metrics, meta={"layout": ready.layout.id})
        warnings = playtest_warnings(
            summary,
            results,
            plan,
            game_id=ready.game_id,
            prepared=ready.prepared,
            layout=ready.layout,
        )
        elapsed = max(time.monotonic() - started, 1e-9)
        done = len(results)
        reason = {
            "running": f"playing on {ready.layout.id}",
            "done": f"{done} games played on {ready.layout.id}",
            "cancelled": "cancelled",
            "failed": "",
        }.get(state, "")
        return replace(
            base,
            state=state,
            reason=reason,
            done=done,
            games_per_second=done / elapsed,
            first_result=first,
            summary=summary,
            warnings=tuple(warnings),
            results=tuple(results),
        )


def failures_text(results: Sequence[GameResult], engine: Engine | None = None) -> str:
    """The failed games as text to copy: seed, factions, error and choices of each.

    With the engine, the choices are its JSON (``choice_to_json``), one compact line that
    :func:`~editor.sim.replay.replay_result` replays from; a choice the engine cannot encode
    is written as Python would print it. Without the engine, the list as Python prints it.
    """
    encode = engine.choice_to_json if engine is not None else None
    lines = []
    for r in results:
        if r.ok:
            continue
        lines.append(f"game {r.index} seed {r.seed} factions {', '.join(r.factions) or '-'}")
        lines.append(f"  error: {r.error}")
        if encode is None:
            lines.append(f"  choices: {list(r.choices)!r}")
        else:
            lines.append(f"  choices: [{','.join(_choice_line(encode, c) for c in r.choices)}]")
    return "\n".join(lines)


def _choice_line(encode: ChoiceEncoder, choice: Any) -> str:
    try:
        return choice_text(encode(choice))
    except ValueError:  # not one of the engine's choices (a hand-made record)
        return repr(choice)
