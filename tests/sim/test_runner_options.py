"""Runner options the live simulator needs: choices of a failed match, event digests, worker
processes for one job, ramped chunks, and workers that end with their parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from editor.core.engine import MatchSpec, Outcome
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.games.snails.engine import ENGINE, SnailsEngine
from editor.sim.runner import (
    TAPER,
    Batch,
    BatchPlan,
    bot_rng,
    event_digest,
    match_spec,
    play_match,
    run_batch,
)

FAIL_AT = 25
ROOT = Path(__file__).resolve().parents[2]


class FailingState:
    """A Snails match that raises on its FAIL_AT-th choice."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.applied: list[Hashable] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def apply(self, choice: Hashable) -> None:
        if len(self.applied) + 1 == FAIL_AT:
            raise RuntimeError("failing engine")
        self.applied.append(choice)
        self.state.apply(choice)


class FailingEngine(SnailsEngine):
    """Every odd match fails."""

    def new_match(self, prepared: Any, spec: MatchSpec) -> Any:
        state = super().new_match(prepared, spec)
        return FailingState(state) if spec.seed % 2 else state


def where(
    events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
) -> Mapping[str, Any]:
    """A measure that says which process played the match."""
    return {"pid": os.getpid()}


@pytest.fixture(scope="module")
def prepared() -> Any:
    ws, layout = open_layout(layouts_dir() / "crustacean.layout.yaml")
    assert layout is not None
    return ENGINE.prepare(ws, layout)


def plan(games: int = 4, **options: Any) -> BatchPlan:
    return BatchPlan(
        games=games,
        players=3,
        bots=("random",) * 3,
        factions=("pirates", "druids", "knights", "cyborgs"),
        **options,
    )


def test_a_failed_match_carries_the_choices_that_replay_its_failure(prepared: Any) -> None:
    results = run_batch(FailingEngine(), prepared, plan(6))
    failed = [r for r in results if not r.ok]
    assert failed and len(failed) < len(results)
    for r in results:
        assert r.choices == () if r.ok else len(r.choices) == FAIL_AT
    first = failed[0]
    # the recorded choices, handed to a fresh match, take it to the same failure
    state = FailingEngine().new_match(prepared, match_spec(plan(6), first.index))
    for choice in first.choices[:-1]:
        state.apply(choice)
    with pytest.raises(RuntimeError, match="failing engine"):
        state.apply(first.choices[-1])
    assert state.applied == list(first.choices[:-1])


def test_the_digest_is_computed_only_when_asked_and_is_the_same_everywhere(
    prepared: Any,
) -> None:
    plain = run_batch(ENGINE, prepared, plan(3))
    assert all(r.digest == "" for r in plain)
    here = run_batch(ENGINE, prepared, plan(3, digest=True))
    there = run_batch(ENGINE, prepared, plan(3, digest=True), jobs=2, context="fork")
    assert [r.digest for r in here] == [r.digest for r in there]
    assert len({r.digest for r in here}) == 3
    # a match played again by hand ends with the same log
    spec = match_spec(plan(3), 1)
    state = ENGINE.new_match(prepared, spec)
    bots = ENGINE.bots()["random"]
    play_match(state, [bots(s, bot_rng(spec.seed, s)) for s in range(3)])
    assert event_digest(state.events) == here[1].digest
    assert event_digest(state.events[:-1]) != here[1].digest


def test_one_job_can_still_play_in_a_worker_process(prepared: Any) -> None:
    inside = run_batch(ENGINE, prepared, plan(2), measure=where)
    assert {r.metrics["pid"] for r in inside} == {os.getpid()}
    batch = Batch(ENGINE, prepared, plan(2), measure=where, processes=True, context="fork")
    outside = sorted(batch, key=lambda r: r.index)
    pids = {r.metrics["pid"] for r in outside}
    assert len(pids) == 1 and os.getpid() not in pids
    assert [r.winners for r in outside] == [r.winners for r in inside]


def test_ramped_chunks_start_with_single_matches_and_change_no_result(prepared: Any) -> None:
    batch = Batch(ENGINE, prepared, plan(40), jobs=2, chunk=8, ramp=True, context="fork")
    sizes = [stop - start for start, stop in batch.ranges()]
    assert sizes[:4] == [1, 1, 1, 1] and max(sizes) == 8 and sum(sizes) == 40
    ramped = sorted(batch, key=lambda r: r.index)
    plain = run_batch(ENGINE, prepared, plan(40))
    assert [r.to_json() for r in ramped] == [r.to_json() for r in plain]


def test_ranges_shrink_near_the_end_so_that_workers_end_together(prepared: Any) -> None:
    batch = Batch(ENGINE, prepared, plan(400), jobs=2, context="fork")
    sizes = [stop - start for start, stop in batch.ranges()]
    assert sizes[0] == batch.chunk > 1 and sum(sizes) == 400
    # never more than a share of what is left: the last ranges are single games
    left = 400
    for size in sizes:
        assert size <= max(1, -(-left // (TAPER * 2)))
        left -= size
    assert sizes[-4:] == [1, 1, 1, 1] and sizes == sorted(sizes, reverse=True)
    # a chunk asked for is kept to the end, and one worker's ranges never shrink
    assert {b - a for a, b in Batch(ENGINE, prepared, plan(40), jobs=2, chunk=8).ranges()} == {8}
    alone = Batch(ENGINE, prepared, plan(400), processes=True)
    assert {b - a for a, b in alone.ranges()} == {alone.chunk}
    tapered = sorted(batch, key=lambda r: r.index)
    assert [r.to_json() for r in tapered] == [
        r.to_json() for r in run_batch(ENGINE, prepared, plan(400))
    ]


SCRIPT = """
import multiprocessing, sys, time
import editor.games
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.games.snails.engine import ENGINE
from editor.sim.runner import Batch, BatchPlan

ws, layout = open_layout(layouts_dir() / "crustacean.layout.yaml")
prepared = ENGINE.prepare(ws, layout)
plan = BatchPlan(games=100000, players=3, bots=("random",) * 3,
                 factions=("pirates", "druids", "knights"), faction_mode="fixed")
for result in Batch(ENGINE, prepared, plan, jobs=2, context=sys.argv[1]):
    pids = [p.pid for p in multiprocessing.active_children()]
    print(" ".join(map(str, pids)), flush=True)
    time.sleep(3600)  # killed here, with its workers still playing
"""


@pytest.mark.parametrize("context", ["fork", "forkserver"])
def test_workers_end_when_their_parent_is_killed(context: str, alive: Any) -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, context],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(workers) == 2 and all(alive(pid) for pid in workers)
        parent.send_signal(signal.SIGKILL)  # no chance to shut its pool down
        parent.wait()
        deadline = time.monotonic() + 30  # a bound on waiting, not a speed requirement
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if alive(pid)]
    finally:
        if parent.poll() is None:
            parent.kill()
