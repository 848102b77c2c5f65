"""The local process pool: a worker killed mid-batch has its games rerun elsewhere, the
pool serves batch after batch with the same processes, and what it cannot do it says."""

from __future__ import annotations

import multiprocessing
import os
import signal
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from editor.core import registry
from editor.core.engine import Engine, MatchSpec, Outcome
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.sim.executors.jobs import Content, content_of
from editor.sim.executors.local import LocalPool
from editor.sim.runner import Batch, BatchPlan, GameResult, RunnerError, run_batch
from editor.sim.summary import game_metrics

CRAB = layouts_dir() / "crustacean.layout.yaml"


def where(
    events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
) -> Mapping[str, Any]:
    """A measure that says which process played the match."""
    return {"pid": os.getpid()}


@pytest.fixture(scope="module")
def crab() -> tuple[Engine, Any, Content]:
    ws, layout = open_layout(CRAB)
    assert layout is not None
    game = registry.get("snails")
    assert game is not None and game.engine is not None
    return game.engine, game.engine.prepare(ws, layout), content_of(ws, layout)


@pytest.fixture
def pool() -> Iterator[LocalPool]:
    pool = LocalPool(2, context="fork")
    yield pool
    pool.close()
    assert multiprocessing.active_children() == []


def plan(games: int, **kw: Any) -> BatchPlan:
    factions = ("pirates", "druids", "knights", "cyborgs")
    return BatchPlan(games=games, players=4, bots=("random",) * 4, factions=factions, **kw)


def facts(results: Sequence[GameResult]) -> list[tuple[Any, ...]]:
    """What a match's result says about the match, whichever process played it."""
    return [(r.index, r.seed, r.factions, r.winners, r.rounds, r.steps, r.error) for r in results]


def test_a_worker_killed_mid_batch_has_its_games_rerun_elsewhere(
    crab: tuple[Engine, Any, Content], pool: LocalPool, alive: Any
) -> None:
    engine, prepared, _ = crab
    batch = Batch(engine, prepared, plan(80), measure=where, executor=pool)
    results: list[GameResult] = []
    victim = 0
    for result in batch:
        if not results:  # the first game back: its worker holds a dozen more
            victim = result.metrics["pid"]
            os.kill(victim, signal.SIGKILL)
        results.append(result)
    assert not alive(victim)
    # every game once, and each as a batch nobody disturbed plays it
    assert sorted(r.index for r in results) == list(range(80))
    undisturbed = run_batch(engine, prepared, plan(80))
    assert facts(sorted(results, key=lambda r: r.index)) == facts(undisturbed)
    assert batch.rerun > 0
    assert batch.lost == [f"process {victim}: killed by SIGKILL"]
    # the pool kept its size: a fresh process took the lost one's place
    assert len(pool.pids()) == 2 and victim not in pool.pids()


def test_a_pool_plays_batch_after_batch_with_the_same_workers(
    crab: tuple[Engine, Any, Content], pool: LocalPool
) -> None:
    engine, prepared, content = crab
    metrics = game_metrics("snails")
    assert metrics is not None
    first = run_batch(engine, prepared, plan(6), executor=pool, content=content)
    pids = pool.pids()
    # the same design again, then another design, then Python objects: the same processes
    again = run_batch(engine, prepared, plan(6, seed=1), executor=pool, content=content)
    ws, layout = open_layout(layouts_dir() / "robot.layout.yaml")
    assert layout is not None
    robot = content_of(ws, layout)
    other = run_batch(engine, engine.prepare(ws, layout), plan(6), executor=pool, content=robot)
    objects = run_batch(engine, prepared, plan(6), executor=pool, measure=metrics.measure)
    assert pool.pids() == pids
    here = run_batch(engine, prepared, plan(6), measure=metrics.measure)
    assert [r.to_json() for r in first] == [r.to_json() for r in here]
    assert [r.to_json() for r in objects] == [r.to_json() for r in here]
    assert facts(again) != facts(first) and facts(other) != facts(first)


def test_a_design_the_workers_cannot_set_up_fails_the_batch_clearly(
    crab: tuple[Engine, Any, Content], pool: LocalPool
) -> None:
    engine, prepared, content = crab
    files = dict(content.files)
    files["packs/snails-base/cards.yaml"] = "cards: [\n"
    broken = Content(content.game, content.layout, files, content.packs)
    with pytest.raises(RunnerError, match="a worker process cannot play this batch: the design"):
        run_batch(engine, prepared, plan(4), executor=pool, content=broken)
    # the pool is still good for the next batch
    assert len(run_batch(engine, prepared, plan(4), executor=pool, content=content)) == 4


def test_terminate_ends_the_workers_and_the_batch(
    crab: tuple[Engine, Any, Content], pool: LocalPool, alive: Any
) -> None:
    engine, prepared, content = crab
    batch = Batch(engine, prepared, plan(5000), executor=pool, content=content)
    pids: list[int] = []

    def play_until_the_first_result() -> None:
        for _ in batch:  # (records already sent may still come before the end is noticed)
            if not pids:
                pids.extend(pool.pids())
                batch.terminate()  # as the editor does from another thread on a stuck batch

    with pytest.raises(RunnerError, match="worker processes were ended"):
        play_until_the_first_result()
    assert len(pids) == 2 and not [pid for pid in pids if alive(pid)]
    # a worker ended while it set the design up leaves no temporary folder behind
    temp = Path(tempfile.gettempdir())
    assert not [path for pid in pids for path in temp.glob(f"seastack-job-{pid}-*")]
    with pytest.raises(RunnerError, match="worker processes were ended"):
        run_batch(engine, prepared, plan(2), executor=pool, content=content)


def slowly(
    events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
) -> Mapping[str, Any]:
    """A measure that takes longer than a worker holds records, and says when it ended."""
    time.sleep(0.3)
    return {"ended": time.monotonic()}


def test_a_slow_games_records_come_back_one_by_one(crab: tuple[Engine, Any, Content]) -> None:
    engine, prepared, _ = crab
    one = LocalPool(1, context="fork")
    try:
        arrived = []
        results = []
        batch = Batch(engine, prepared, plan(3), measure=slowly, chunk=3, executor=one)
        for result in batch:
            arrived.append(time.monotonic())
            results.append(result)
    finally:
        one.close()
    assert [r.index for r in results] == [0, 1, 2]  # one job of three games
    # the first record came back while the worker was still playing the job's last game
    assert arrived[0] < results[2].metrics["ended"]
