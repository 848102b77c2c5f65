"""The collector is paced for a batch's records while they stream, and put back after."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.sim.collector import BATCH_THRESHOLD, paced_for_records
from editor.sim.executors.local import LocalPool
from editor.sim.runner import Batch, BatchPlan


@pytest.fixture
def default_pace() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield gc.get_threshold()
    gc.set_threshold(*before)


def test_nested_blocks_share_one_change(default_pace: tuple[int, int, int]) -> None:
    with paced_for_records():
        assert gc.get_threshold() == (BATCH_THRESHOLD, 10, 10)
        with paced_for_records():
            assert gc.get_threshold()[0] == BATCH_THRESHOLD
        assert gc.get_threshold()[0] == BATCH_THRESHOLD  # the outer block still streams
    assert gc.get_threshold() == default_pace


def test_a_pace_set_by_someone_else_is_left(default_pace: tuple[int, int, int]) -> None:
    with paced_for_records():
        gc.set_threshold(500, 5, 5)  # the program changed its mind meanwhile
    assert gc.get_threshold() == (500, 5, 5)
    gc.set_threshold(0)  # the collector off: left off
    with paced_for_records():
        assert gc.get_threshold()[0] == 0
    assert gc.get_threshold()[0] == 0


def test_a_batch_on_workers_streams_paced(default_pace: tuple[int, int, int]) -> None:
    ws, layout = open_layout(layouts_dir() / "crustacean.layout.yaml")
    assert layout is not None
    game = registry.get("snails")
    assert game is not None and game.engine is not None
    engine: Any = game.engine
    plan = BatchPlan(games=3, players=4, bots=("random",) * 4)
    pool = LocalPool(1, context="fork")
    try:
        seen = [
            gc.get_threshold()[0]
            for _ in Batch(engine, engine.prepare(ws, layout), plan, executor=pool)
        ]
    finally:
        pool.close()
    assert seen == [BATCH_THRESHOLD] * 3
    assert gc.get_threshold() == default_pace
