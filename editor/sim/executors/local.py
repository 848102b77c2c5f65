"""The local process pool: worker processes on this machine, each fed through its own pipe.

A worker receives JSON jobs (its first job for a design carries the design's texts, later
ones only its digest), plays their matches in order and sends their records back as they
end, several fast games' in one message (:data:`SEND_EVERY`). The pool knows which games
every worker holds, so when a worker's process dies its unreturned games are handed to the
others, one game a job, and a fresh process takes its place; the games it may have been
playing count a loss each (see :data:`~editor.sim.executors.LOSSES_PER_GAME`).

Messages on a pipe: to a worker ``("setup", digest, pickled set-up)`` (only for a set-up
given as Python objects), ``("job", number, JSON text)``, ``("cancel",)`` and ``("stop",)``;
from it ``("result", number, [JSON record, ...])`` (the job's records played since the last
one), ``("done", number)`` and ``("error", number, message)``. No worker outlives the
process that started it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from editor.sim.executors import LOSSES_PER_GAME, Lost, Setup, Stream, lost_game
from editor.sim.executors.jobs import (
    Built,
    forget_all,
    install,
    job_json,
    play_job,
    read_result,
    sweep_leftovers,
)
from editor.sim.play import RunnerError, become_worker, describe_error
from editor.sim.results import GameResult

#: How often a worker checks that the process that started it is still alive (seconds).
WATCHDOG_PERIOD = 0.5
#: Jobs a worker holds at once: one it plays and one waiting, so it never idles.
JOBS_PER_WORKER = 2
#: The most matches a job holds. A job's records come back together when it ends, or
#: about every :data:`SEND_EVERY` seconds when its games are slow.
LARGEST_RANGE = 16
#: Seconds after which a worker sends the records it holds once the game it plays ends:
#: often enough for a progress bar, and each message carries many fast games (at a
#: thousand games a second, a message and its reading cost the batch's process about a
#: fifth of a game each).
SEND_EVERY = 0.05
#: Seconds a worker has to end after it is asked to stop, before it is ended outright.
STOP_TIMEOUT = 5.0


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


def _serve(conn: Connection, owner: int) -> None:
    """A worker process: play the jobs that come through the pipe until told to stop."""
    # Ctrl+C is for the batch's own process, which then stops its workers
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    become_worker()
    forget_all()  # a forked worker's copy of its parent's set-ups may be of other engines
    threading.Thread(
        target=_watch_owner, args=(owner, os.getppid()), name="owner-watchdog", daemon=True
    ).start()
    inbox: deque[tuple[Any, ...]] = deque()
    with contextlib.suppress(EOFError, OSError):  # the pipe closed: nobody to play for
        while True:
            message = inbox.popleft() if inbox else conn.recv()
            if message[0] == "stop":
                return
            if message[0] == "setup":
                _receive_setup(conn, message[1], message[2])
            elif message[0] == "cancel":
                _drop(conn, inbox)
            elif message[0] == "job" and not _run(conn, message[1], message[2], inbox):
                return


def _receive_setup(conn: Connection, digest: str, payload: bytes) -> None:
    try:
        built = pickle.loads(payload)
    except Exception as exc:  # a class this process cannot import (spawn), for one
        conn.send(("error", -1, f"cannot receive the match set-up: {describe_error(exc)}"))
        return
    install(digest, built)


def _run(conn: Connection, number: int, text: str, inbox: deque[tuple[Any, ...]]) -> bool:
    """Play one job, sending its records as they end; False when told to stop meanwhile.

    Records go in one message at the job's end, or after the first game that ends
    :data:`SEND_EVERY` seconds or more after the last message: a record waits at most that
    long plus one game, and a slow game's records come one by one.
    Between two matches the pipe is read (:func:`_interrupted`): a cancel drops this job
    and those waiting, a stop ends the worker; the records played are sent first.
    """
    interrupted = None
    error = None
    records: list[bytes] = []
    sent = time.monotonic()
    try:
        for record in play_job(json.loads(text)):
            records.append(record)
            now = time.monotonic()
            if now - sent >= SEND_EVERY:
                conn.send(("result", number, records))
                records, sent = [], now
            interrupted = _interrupted(conn, inbox)
            if interrupted is not None:
                break
    except Exception as exc:  # the job itself (a match's errors are its own result)
        error = str(exc) or describe_error(exc)
    if records:
        conn.send(("result", number, records))
    if error is not None:
        conn.send(("error", number, error))
    conn.send(("done", number))
    return interrupted != "stop"


def _interrupted(conn: Connection, inbox: deque[tuple[Any, ...]]) -> str | None:
    """Read what came in: ``stop`` or ``cancel`` (the jobs waiting dropped) if one of them
    did, else None; anything else waits its turn in ``inbox``."""
    while conn.poll():
        message = conn.recv()
        if message[0] == "stop":
            return "stop"
        if message[0] == "cancel":
            _drop(conn, inbox)
            return "cancel"
        inbox.append(message)
    return None


def _drop(conn: Connection, inbox: deque[tuple[Any, ...]]) -> None:
    """Drop the jobs waiting (each said done, unplayed); set-ups are kept."""
    kept = [message for message in inbox if message[0] != "job"]
    for message in inbox:
        if message[0] == "job":
            conn.send(("done", message[1]))
    inbox.clear()
    inbox.extend(kept)


@dataclass
class _Job:
    """A job a worker holds: its number, its range, and the next index it will return."""

    number: int
    start: int
    stop: int
    next: int = -1

    def __post_init__(self) -> None:
        if self.next < 0:
            self.next = self.start


@dataclass
class _Worker:
    """One worker process of the pool, its pipe, the set-ups it holds and its jobs."""

    process: BaseProcess
    conn: Connection
    held: set[str] = field(default_factory=set)
    jobs: deque[_Job] = field(default_factory=deque)

    @property
    def name(self) -> str:
        return f"process {self.process.pid}"


def _sweep(worker: _Worker) -> None:
    """Remove what a worker that ended left in the temporary folder (killed mid-rebuild)."""
    pid = worker.process.pid
    if pid is not None and not worker.process.is_alive():
        sweep_leftovers(pid)


def _exit_reason(code: int | None) -> str:
    if code is None:
        return "its pipe closed"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class LocalPool:
    """Worker processes on this machine (see the module docstring); the default executor.

    Workers start at the first batch and serve every batch played until :meth:`close`,
    one batch at a time. ``context`` is the multiprocessing start method (``fork``,
    ``forkserver``, ``spawn``; None: the platform's).
    """

    def __init__(self, workers: int = 1, *, context: str | None = None) -> None:
        if workers < 1:
            raise ValueError("a pool needs at least one worker")
        self._size = workers
        # typeshed types a context named by a variable as BaseContext, without Process
        self._context: Any = multiprocessing.get_context(context)
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()
        self._terminated = False
        self._numbers = itertools.count()

    @property
    def workers(self) -> int:
        """How many worker processes play at once."""
        return self._size

    @property
    def largest_range(self) -> int:
        """Ranges of up to :data:`LARGEST_RANGE` matches: a pipe message costs little."""
        return LARGEST_RANGE

    def pids(self) -> list[int]:
        """The process ids of the workers now running."""
        with self._lock:
            return [w.process.pid for w in self._workers if w.process.pid is not None]

    def play(self, setup: Setup, ranges: Iterator[tuple[int, int]]) -> Stream:
        """Play the ranges on the workers; see :meth:`Executor.play`."""
        return _Play(self, setup, ranges).stream()

    def terminate(self) -> None:
        """End the worker processes outright, and no other process."""
        with self._lock:
            self._terminated = True
            processes = [w.process for w in self._workers]
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(1.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)
            if process.pid is not None and not process.is_alive():
                sweep_leftovers(process.pid)

    def close(self) -> None:
        """Stop the workers (each ends after the match it is playing)."""
        with self._lock:
            workers, self._workers = self._workers, []
        for worker in workers:
            with contextlib.suppress(OSError):
                worker.conn.send(("stop",))
        for worker in workers:
            worker.process.join(STOP_TIMEOUT)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
            _sweep(worker)

    # --- for _Play ---------------------------------------------------------------------

    def _start_worker(self) -> _Worker:
        here, there = self._context.Pipe(duplex=True)
        process = self._context.Process(
            target=_serve, args=(there, os.getpid()), name="seastack-worker", daemon=True
        )
        with self._lock:
            if self._terminated:
                raise RunnerError("the batch's worker processes were ended")
            process.start()
            worker = _Worker(process, here)
            self._workers.append(worker)
        there.close()  # the worker's end, which only the worker keeps
        return worker

    def _forget(self, worker: _Worker) -> None:
        with self._lock:
            if worker in self._workers:
                self._workers.remove(worker)
        worker.process.join(1.0)
        worker.conn.close()
        _sweep(worker)

    def _current(self) -> list[_Worker]:
        with self._lock:
            return list(self._workers)

    @property
    def _ended(self) -> bool:
        return self._terminated


class _Play:
    """One batch on the pool: hands out ranges, streams records, reruns lost games."""

    def __init__(self, pool: LocalPool, setup: Setup, ranges: Iterator[tuple[int, int]]) -> None:
        self.pool = pool
        self.setup = setup
        self.ranges = ranges
        #: Ranges of lost games, handed out before any new range.
        self.again: deque[tuple[int, int]] = deque()
        self.losses: Counter[int] = Counter()
        self.payload = b"" if setup.content is not None else self._pickled()

    def _pickled(self) -> bytes:
        setup = self.setup
        try:  # fail early and clearly rather than with a dead worker
            return pickle.dumps(Built(setup.engine, setup.prepared, setup.measure))
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise RunnerError(f"cannot hand the match set-up to worker processes: {exc}") from exc

    def stream(self) -> Stream:
        if self.pool._ended:
            raise RunnerError("the batch's worker processes were ended")
        while len(self.pool._current()) < self.pool.workers:
            self.pool._start_worker()
        try:
            for worker in self.pool._current():
                self._feed(worker)
            while any(worker.jobs for worker in self.pool._current()):
                yield from self._step()
        finally:
            self._drop_all()

    def _next_range(self) -> tuple[int, int] | None:
        if self.again:
            return self.again.popleft()
        return next(self.ranges, None)

    def _feed(self, worker: _Worker) -> None:
        """Keep a worker holding :data:`JOBS_PER_WORKER` jobs while there is work."""
        while len(worker.jobs) < JOBS_PER_WORKER:
            span = self._next_range()
            if span is None:
                return
            self._send(worker, *span)

    def _send(self, worker: _Worker, start: int, stop: int) -> None:
        setup = self.setup
        content = None
        if setup.digest not in worker.held:
            if setup.content is None:
                worker.conn.send(("setup", setup.digest, self.payload))
            content = setup.content
            worker.held.add(setup.digest)
        number = next(self.pool._numbers)
        text = json.dumps(job_json(setup.digest, setup.plan, start, stop, content))
        worker.jobs.append(_Job(number, start, stop))
        with contextlib.suppress(OSError):  # a worker just lost: its sentinel says so next
            worker.conn.send(("job", number, text))

    def _step(self) -> Stream:
        """Wait for any worker to send something or to die, and deal with it."""
        workers = self.pool._current()
        by_handle: dict[Any, _Worker] = {}
        for worker in workers:
            by_handle[worker.conn] = worker
            by_handle[worker.process.sentinel] = worker
        for handle in wait(list(by_handle)):
            worker = by_handle[handle]
            if worker not in self.pool._current():
                continue  # lost through its other handle in this same step
            yield from self._read(worker)
            if handle is worker.process.sentinel or not worker.process.is_alive():
                worker.process.join(1.0)
                yield from self._lost(worker)
            else:
                self._feed(worker)

    def _read(self, worker: _Worker) -> Iterator[GameResult]:
        """Everything a worker has sent so far."""
        try:
            while worker.conn.poll():
                message = worker.conn.recv()
                kind = message[0]
                if kind == "error":
                    raise RunnerError(f"a worker process cannot play this batch: {message[2]}")
                if kind == "result":
                    job = worker.jobs[0]
                    for record in message[2]:
                        job.next += 1
                        yield read_result(record, self.setup.engine)
                elif kind == "done":
                    worker.jobs.popleft()
        except (EOFError, OSError):
            return  # it died: its sentinel tells

    def _lost(self, worker: _Worker) -> Stream:
        """A worker died: hand its unreturned games out again, start another in its place."""
        reason = _exit_reason(worker.process.exitcode)
        self.pool._forget(worker)
        if self.pool._ended:
            raise RunnerError("the batch's worker processes were ended")
        spans = [(job.next, job.stop) for job in worker.jobs if job.next < job.stop]
        if spans:
            # the game it was playing is one of the first job's missing games (a worker
            # holds the records of a job's fast games, SEND_EVERY, so those of games played
            # before the fatal one die with it): each is suspected once; they are handed out
            # again one game a job, so that a game that ends a worker again is the one
            # missing, and one that does so LOSSES_PER_GAME times in all is what kills them
            first, stop = spans[0]
            for game in range(first, stop):
                self.losses[game] += 1
            if stop - first == 1 and self.losses[first] >= LOSSES_PER_GAME:
                yield lost_game(self.setup.plan, first, self.losses[first], reason)
                spans[0] = (first + 1, stop)
            self.again.extendleft(
                reversed([(i, i + 1) for start, stop in spans for i in range(start, stop)])
            )
        yield Lost(sum(stop - start for start, stop in spans), worker.name, reason)
        self._feed(self.pool._start_worker())

    def _drop_all(self) -> None:
        """Drop the jobs still out (the batch ended early) and wait until workers say so."""
        if self.pool._ended:
            return
        busy = [worker for worker in self.pool._current() if worker.jobs]
        for worker in busy:
            # a dropped job may have been the one carrying the design: send it again
            worker.held.discard(self.setup.digest)
            with contextlib.suppress(OSError):
                worker.conn.send(("cancel",))
        while busy and not self.pool._ended:
            handles: dict[Any, _Worker] = {}
            for worker in busy:
                handles[worker.conn] = worker
                handles[worker.process.sentinel] = worker
            for handle in wait(list(handles)):
                worker = handles[handle]
                if worker not in busy:
                    continue
                try:
                    while worker.conn.poll():
                        if worker.conn.recv()[0] == "done":
                            worker.jobs.popleft()
                except (EOFError, OSError):
                    pass
                if handle is worker.process.sentinel:
                    worker.jobs.clear()
                    self.pool._forget(worker)
                if not worker.jobs:
                    busy.remove(worker)
