"""The Dask backend on a real local cluster (worker processes, no dashboard): the same
results as in this process, a worker killed mid-batch has its games rerun elsewhere, a game
that kills its workers is one failed game, and a set-up without texts is refused."""

from __future__ import annotations

import re
import sys
import time
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import dask
import pytest
from distributed import Client, LocalCluster

from editor.core import registry
from editor.core.engine import Engine
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.sim.executors.dask import DaskExecutor
from editor.sim.executors.jobs import Content, content_of
from editor.sim.runner import (
    MEMORY_LIMIT,
    Batch,
    BatchPlan,
    GameResult,
    RunnerError,
    game_seed,
    match_spec,
    run_batch,
)
from editor.sim.summary import game_metrics
from tests.conftest import FAIL_AT, FLAKY_EVERY
from tests.sim.executors.napping_snails import FOLDER, Killer

CRAB = layouts_dir() / "crustacean.layout.yaml"


def cluster(workers: int, **options: Any) -> LocalCluster:
    with warnings.catch_warnings():  # another cluster's health routes may hold port 8787
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=50,  # CRITICAL only: the workers killed on purpose are not news
            **options,
        )


@pytest.fixture(scope="module")
def nap_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("nap")


@pytest.fixture(scope="module")
def executor(nap_folder: Path) -> Iterator[DaskExecutor]:
    """Two workers playing Snails, one chosen match of which naps (``napping_snails``)."""
    preload = ["tests.sim.executors.napping_snails"]
    nap = {FOLDER: str(nap_folder)}
    with cluster(2, preload=preload, env=nap) as local, Client(local) as client:
        yield DaskExecutor(client)


@pytest.fixture(scope="module")
def crab() -> tuple[Engine, Any, Content]:
    ws, layout = open_layout(CRAB)
    assert layout is not None
    game = registry.get("snails")
    assert game is not None and game.engine is not None
    return game.engine, game.engine.prepare(ws, layout), content_of(ws, layout)


def plan(games: int, bot: str = "random", **kw: Any) -> BatchPlan:
    factions = ("pirates", "druids", "knights", "cyborgs")
    return BatchPlan(games=games, players=4, bots=(bot,) * 4, factions=factions, **kw)


def records(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    return [r.to_json() for r in results]


def test_a_batch_on_dask_gives_what_this_process_gives(
    executor: DaskExecutor, crab: tuple[Engine, Any, Content]
) -> None:
    engine, prepared, content = crab
    metrics = game_metrics("snails")
    assert metrics is not None and executor.workers == 2
    batch = plan(24, modules=frozenset({"wind"}), digest=True)
    here = run_batch(engine, prepared, batch, measure=metrics.measure)
    there = run_batch(engine, prepared, batch, executor=executor, content=content)
    assert records(there) == records(here)
    assert all(r.ok and r.digest and r.metrics["plays"] for r in there)
    # each worker process took on the plan's memory limit; this process never does
    if sys.platform.startswith("linux"):
        taken = executor.client.run(_limit_taken)
        assert list(taken.values()) == [MEMORY_LIMIT, MEMORY_LIMIT]
        assert _limit_taken() is None


def _limit_taken() -> int | None:
    """The memory limit the process it runs in took on for its matches."""
    from editor.sim.play import worker_memory_limit

    return worker_memory_limit()


def test_a_worker_killed_mid_batch_has_its_games_rerun_elsewhere(
    executor: DaskExecutor, crab: tuple[Engine, Any, Content], nap_folder: Path, alive: Any
) -> None:
    engine, prepared, content = crab
    games = plan(40)
    batch = Batch(engine, prepared, games, executor=executor, content=content, chunk=5)
    # the worker that starts match 12 naps on it, and is killed there
    killer = Killer(nap_folder, game_seed(games.seed, 12))
    results = list(batch)
    victim = killer.join()
    assert victim and not alive(victim)
    assert sorted(r.index for r in results) == list(range(40))
    metrics = game_metrics("snails")
    assert metrics is not None
    undisturbed = run_batch(engine, prepared, games, measure=metrics.measure)
    assert records(sorted(results, key=lambda r: r.index)) == records(undisturbed)
    # the task of matches 10 to 14 started again elsewhere: its five games were rerun (on a
    # loaded machine the scheduler may also have started the victim's next task there, whose
    # games then count too: whole tasks of five, never fewer than the one that was killed)
    assert batch.rerun >= 5 and batch.rerun % 5 == 0
    # one worker lost, named by its address, however many of its tasks were rerun
    assert len(batch.lost) == 1
    assert re.fullmatch(r"the Dask worker at tcp://[\d.]+:\d+: its process died", batch.lost[0])


def test_a_set_up_without_its_texts_is_refused(
    executor: DaskExecutor, crab: tuple[Engine, Any, Content]
) -> None:
    engine, prepared, _ = crab
    with pytest.raises(RunnerError, match="plays a design sent as its texts; this batch has none"):
        run_batch(engine, prepared, plan(2), executor=executor)


def test_a_game_that_kills_its_workers_is_one_failed_game(
    crab: tuple[Engine, Any, Content],
) -> None:
    engine, prepared, content = crab
    games = plan(2, seed=2)
    # of the two games, the first ends its worker's process (at its FAIL_AT-th choice)
    assert [game_seed(2, i) % FLAKY_EVERY == 0 for i in range(2)] == [True, False]
    # the scheduler gives up on a task at its first lost worker: the cheapest to test
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        preload = ["tests.sim.executors.crashing_snails"]
        with cluster(2, preload=preload) as local, Client(local) as client:
            started = time.monotonic()
            executor = DaskExecutor(client)
            batch = Batch(engine, prepared, games, executor=executor, content=content, chunk=2)
            results = sorted(batch, key=lambda r: r.index)
    # the range of both was given up on, split, and its crashing game given up on alone
    assert [r.index for r in results] == [0, 1]
    first, second = results
    assert first.error == (
        "WorkerLost: the worker playing it was lost once (last: its Dask worker died)"
    )
    assert first.seed == game_seed(2, 0) and first.factions == match_spec(games, 0).factions
    assert second.ok, second.error
    # (the other game, had it only waited behind it on that worker, was handed on once more)
    assert batch.rerun in (2, 3)
    assert batch.lost[0] == "a Dask worker: its task was lost too often"
    assert FAIL_AT > 1 and time.monotonic() - started < 120  # a bound, not a speed test
