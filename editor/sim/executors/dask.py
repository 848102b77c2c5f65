"""The Dask backend: a batch's jobs played by the workers of a Dask cluster (``distributed``,
an optional dependency: ``pip install -e '.[dask]'``).

Each range of matches is one Dask task whose arguments are the job's JSON text and the
design's texts (as JSON, beside it), and whose result is the list of its matches' JSON
records: a worker (any machine with the same Seastack installed) rebuilds the design once
and keeps it by digest, reading the texts of later tasks no more. Results come back as
tasks finish.

When a worker dies, the scheduler hands its tasks to other workers by itself; to say how
many games were played again, every task announces its start on a topic of the batch
(``Client.log_event``) before it plays, and a task that started more than once was rerun.
A task that kills its workers more times than the scheduler allows (its
``allowed-failures``) is split into single games, and a single game that does so is a
failed game.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import multiprocessing
import threading
import uuid
import warnings
from collections import Counter, defaultdict, deque
from collections.abc import Iterator
from concurrent.futures import CancelledError
from typing import Any

from editor.sim.executors import Lost, Setup, Stream, lost_game
from editor.sim.executors.jobs import holds, job_json, play_job, read_result
from editor.sim.play import RunnerError, become_worker, describe_error, protect_this_process

#: What to run to get the Dask backend.
INSTALL_HINT = "pip install -e '.[dask]'"
#: Tasks in flight per worker thread: one playing and one waiting, so none idles.
TASKS_PER_WORKER = 2
#: The most matches a task holds: a task costs its worker some milliseconds (messages, the
#: start it announces), a few percent of a task of this many random Snails games.
LARGEST_RANGE = 64
#: Seconds to wait for a scheduler at an address to answer.
CONNECT_TIMEOUT = 10.0


def available() -> bool:
    """Whether ``distributed`` can be imported here."""
    try:
        _distributed()
    except ImportError:
        return False
    return True


def _distributed() -> Any:
    """The ``distributed`` package, imported when first needed (it is optional). Typed as
    Any: its client's methods carry no annotations."""
    return importlib.import_module("distributed")


def missing() -> str:
    """What to tell someone who asked for Dask without ``distributed`` installed."""
    return f"the Dask backend needs the 'distributed' package: {INSTALL_HINT}"


def _worker_address() -> str:
    """The address of the Dask worker running this task ("" outside a worker)."""
    try:
        return str(_distributed().get_worker().address)
    except Exception:  # not in a worker (called directly)
        return ""


def _worker_named(address: str) -> str:
    """A lost worker as the summary names it: by its address when it is known."""
    return f"the Dask worker at {address}" if address else "a Dask worker"


def play_on_worker(text: str, content: str, topic: str, token: str) -> list[bytes]:
    """A Dask task: announce its start (for counting reruns), play the job, return its
    records. ``content`` is the job's design texts as JSON, read only by a worker that
    does not hold that design yet. A job the worker cannot play raises (the batch fails
    with its message)."""
    # through the worker's client, which waits for the scheduler to take it: the start is
    # known even if this process dies at once (a worker's own log_event is sent later). Not
    # in a worker (called directly), or the scheduler slow to answer: the games still play,
    # only a rerun of them would go uncounted.
    with contextlib.suppress(Exception):
        _distributed().get_client().log_event(topic, [token, _worker_address()])
    if multiprocessing.parent_process() is not None:  # a worker process (a nanny's)
        become_worker()
    job = json.loads(text)
    if not holds(job.get("digest")):
        job["content"] = json.loads(content)
    return list(play_job(job))


class DaskExecutor:
    """Plays batches on a Dask cluster through a :class:`distributed.Client`.

    Make one with :meth:`start_local` (a cluster of worker processes on this machine,
    stopped by :meth:`close`) or :meth:`connect` (a running scheduler's address), or hand
    it a client of your own.
    """

    def __init__(self, client: Any, *, cluster: Any = None) -> None:
        # a cluster with workers in this process's threads must never limit its memory
        protect_this_process()
        self.client = client
        self._cluster = cluster
        self._lock = threading.Lock()
        self._futures: set[Any] = set()

    @classmethod
    def start_local(cls, workers: int) -> DaskExecutor:
        """A local cluster of ``workers`` processes (one thread each, no dashboard)."""
        dd = _distributed()
        quiet = {"distributed.worker.profile.enabled": False}  # no sampling of our matches
        with warnings.catch_warnings(), importlib.import_module("dask").config.set(quiet):
            # the scheduler's health routes take another port when 8787 is taken: no news
            warnings.filterwarnings("ignore", message="Port .* is already in use")
            try:
                cluster = dd.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
            except Exception as exc:  # ports, processes: whatever stops it, said in one line
                raise RunnerError(f"cannot start a local Dask cluster: {exc}") from None
        try:
            client = dd.Client(cluster)
        except BaseException:
            cluster.close()
            raise
        return cls(client, cluster=cluster)

    @classmethod
    def connect(cls, address: str, timeout: float | None = None) -> DaskExecutor:
        """The cluster whose scheduler listens at ``address`` (``tcp://HOST:PORT``);
        :class:`RunnerError` when none answers within ``timeout`` (:data:`CONNECT_TIMEOUT`)."""
        dd = _distributed()
        try:
            client = dd.Client(address, timeout=timeout or CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise RunnerError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        return cls(client)

    @property
    def largest_range(self) -> int:
        """Ranges of up to :data:`LARGEST_RANGE` matches: a task costs its worker a few
        milliseconds of its own, and its records come back only when it ends."""
        return LARGEST_RANGE

    @property
    def workers(self) -> int:
        """The worker threads of the cluster (at least one)."""
        threads: dict[str, int] = self.client.nthreads()
        return max(1, sum(threads.values()))

    def play(self, setup: Setup, ranges: Iterator[tuple[int, int]]) -> Stream:
        """Play the ranges as Dask tasks; see :meth:`Executor.play`."""
        if setup.content is None:
            raise RunnerError(
                "a Dask cluster plays a design sent as its texts; this batch has none"
                " (an engine no game registers cannot be played there)"
            )
        return _DaskPlay(self, setup, ranges).stream()

    def terminate(self) -> None:
        """Cancel the tasks in flight (the cluster's workers are not this process's)."""
        with self._lock:
            futures = list(self._futures)
        if futures:
            self.client.cancel(futures)

    def close(self) -> None:
        """Let the client go; stop the cluster when this executor started it."""
        self.client.close()
        if self._cluster is not None:
            self._cluster.close()

    def _track(self, future: Any, running: bool) -> None:
        with self._lock:
            if running:
                self._futures.add(future)
            else:
                self._futures.discard(future)


class _DaskPlay:
    """One batch on a cluster: submits ranges, streams records, counts reruns."""

    def __init__(
        self, executor: DaskExecutor, setup: Setup, ranges: Iterator[tuple[int, int]]
    ) -> None:
        self.executor = executor
        self.client = executor.client
        self.setup = setup
        self.ranges = ranges
        self.again: deque[tuple[int, int]] = deque()
        self.token = uuid.uuid4().hex
        self.topic = f"seastack-started-{self.token}"
        #: How many times each task (by key) announced its start, and on which workers.
        self.starts: Counter[str] = Counter()
        self.started_on: defaultdict[str, list[str]] = defaultdict(list)
        self.starts_lock = threading.Lock()
        self.spans: dict[str, tuple[int, int]] = {}
        self.attempts = 0
        assert setup.content is not None, "DaskExecutor.play takes only set-ups with texts"
        #: The design's texts as JSON, written once: every task carries them beside its job.
        self.content = json.dumps(setup.content.to_json())

    def _started(self, event: tuple[float, Any]) -> None:
        message = event[1]
        key, address = (
            (str(message[0]), str(message[1]))
            if isinstance(message, (list, tuple)) and len(message) == 2
            else (str(message), "")
        )
        with self.starts_lock:
            self.starts[key] += 1
            self.started_on[key].append(address)

    def _submit(self, flow: Any) -> bool:
        span = self.again.popleft() if self.again else next(self.ranges, None)
        if span is None:
            return False
        start, stop = span
        self.attempts += 1
        key = f"seastack-{self.token}-{start}-{stop}-{self.attempts}"
        setup = self.setup
        text = json.dumps(job_json(setup.digest, setup.plan, start, stop))
        future = self.client.submit(
            play_on_worker, text, self.content, self.topic, key, key=key, pure=False, retries=0
        )
        self.spans[key] = span
        self.executor._track(future, True)
        flow.add(future)
        return True

    def _top_up(self, flow: Any) -> None:
        """Keep :data:`TASKS_PER_WORKER` tasks per worker thread in flight while there is
        work (the cluster may have grown, a split range may have added some)."""
        while len(self.spans) < TASKS_PER_WORKER * self.executor.workers:
            if not self._submit(flow):
                return

    def stream(self) -> Stream:
        try:
            self.client.subscribe_topic(self.topic, self._started)
            flow = _distributed().as_completed()
            self._top_up(flow)
            for future in flow:
                self.executor._track(future, False)
                yield from self._finished(future)
                self._top_up(flow)
        except RunnerError:
            raise
        except Exception as exc:  # the cluster itself (its scheduler gone, for one)
            raise RunnerError(f"the Dask cluster failed: {describe_error(exc)}") from exc
        finally:
            with self.executor._lock:
                left = list(self.executor._futures)
                self.executor._futures.clear()
            # a cluster that is gone has nothing left to cancel or to unsubscribe from
            with contextlib.suppress(Exception):
                if left:
                    self.client.cancel(left)
                self.client.unsubscribe_topic(self.topic)

    def _finished(self, future: Any) -> Stream:
        killed = _distributed().KilledWorker
        key = str(future.key)
        start, stop = self.spans.pop(key)
        try:
            records: list[bytes] = future.result()
        except killed:
            yield from self._killed(key, start, stop)
            return
        except CancelledError:
            raise RunnerError("the batch's Dask tasks were cancelled") from None
        except Exception as exc:  # the job's own error, or the cluster's
            raise RunnerError(f"a Dask worker cannot play this batch: {exc}") from None
        with self.starts_lock:
            again = self.starts[key] - 1
            # the workers it started on before the one that returned it (starts come in the
            # order they were announced; each earlier one was lost with this task)
            lost_on = self.started_on[key][:again]
        for address in lost_on:
            yield Lost(stop - start, _worker_named(address), "its process died")
        for record in records:
            yield read_result(record, self.setup.engine)

    def _killed(self, key: str, start: int, stop: int) -> Stream:
        """A task the scheduler gave up on after as many lost workers as it allows: handed
        out again as it is if it never started (it only waited on a lost worker), else its
        games one by one; a single game that started is a failed game."""
        with self.starts_lock:
            starts = self.starts[key]
        size = stop - start
        if starts == 0:
            self.again.appendleft((start, stop))
            yield Lost(size, "a Dask worker", "its process died")
        elif size > 1:
            self.again.extendleft((i, i + 1) for i in reversed(range(start, stop)))
            yield Lost(starts * size, "a Dask worker", "its task was lost too often")
        else:
            if starts > 1:
                yield Lost(starts - 1, "a Dask worker", "its process died")
            yield lost_game(self.setup.plan, start, starts, "its Dask worker died")
