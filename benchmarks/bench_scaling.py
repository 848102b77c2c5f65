"""How the simulator scales: games per second with 1 and 2 local worker processes and on a
2-worker local Dask cluster, side by side in one run. Run on demand, never in the suite.

    .venv/bin/python benchmarks/bench_scaling.py [--games 1000] [--repeat 15] [--ceiling]

Each backend plays the same batch (complete 4-player games on the bundled Crustacean
layout with both modules, factions drawn per game) through ``seastack simulate``'s own path:
the design sent to the workers as a JSON job, rebuilt there once, results streamed back as
JSON records. A warm-up batch first starts the workers and rebuilds the design, so that the
figures are the steady rate, not the start-up. The backends take turns, ``--repeat`` times
(each turn starting with the next backend), and each one's best turn is shown.

Two figures per backend, since the machine may be shared:

- games per wall-clock second (what a designer waits for; other jobs on the machine pull
  it down), and its speed-up over one local worker (the target for two is 1.85x);
- games per second of the busiest worker's own CPU time (``/proc`` for local workers,
  ``time.process_time`` in each Dask worker): what the backend would give with a free core
  per worker, so the speed-up from it shows the cost of splitting the work, whatever else
  runs on the machine.

``--ceiling`` adds the machine's own ceiling: one and two lone processes, forked from this
one, each playing its share of the batch (half of it for two, with seeds of their own) in
itself, with no pool, pipe or record, as the other backends' turns do.

The speed of a shared machine swings by a factor of two from one second to the next (the
same batch of 250 games, played again and again in one process, ran at 350 to 730 games/s),
so one backend's best turn and another's may come from moments of different speeds. Each
backend's games per second over all its turns (``all turns``: its games over its wall time)
is shown too: with many short turns in alternation, every backend meets the machine's
swings alike, so its speed-up is the steadier figure. ``paired x`` is steadier still: the
median, over the rounds, of a backend's speed-up on the base's turn of the same round,
seconds apart (a round the host slowed moves the median less than it moves the sums). The
batch's own process's CPU time per game (``own``, the median turn's) is the last column: on
two cores it is taken from the two workers.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from machine import cpu_name, together  # benchmarks/machine.py, beside this script

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.sim.executors import Executor
from editor.sim.executors.dask import DaskExecutor
from editor.sim.executors.jobs import Content, content_of
from editor.sim.executors.local import LocalPool
from editor.sim.runner import Batch, BatchPlan, run_batch

#: Seconds to wait after a Dask cluster is closed, before the next backend's turn.
SETTLE = 2.0


@dataclass
class Figures:
    """One backend's run: wall seconds, the busiest worker's CPU seconds, games."""

    backend: str
    workers: int
    wall: float
    busiest: float
    total: float
    games: int
    failed: int
    #: CPU seconds of the batch's own process.
    parent: float = 0.0


def _proc_cpu(pid: int) -> float:
    """User plus system CPU seconds of a process, from /proc (Linux)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _local_cpu(pool: LocalPool) -> Callable[[], dict[int, float]]:
    return lambda: {pid: _proc_cpu(pid) for pid in pool.pids()}


def _dask_cpu(executor: DaskExecutor) -> Callable[[], dict[str, float]]:
    return lambda: dict(executor.client.run(time.process_time))


def _measure(
    name: str,
    executor: Executor,
    cpu: Callable[[], dict[Any, float]],
    engine: Any,
    prepared: Any,
    content: Content,
    plan: BatchPlan,
) -> Figures:
    warm = BatchPlan(**{**_fields(plan), "games": 4 * executor.workers, "seed": plan.seed + 1})
    list(Batch(engine, prepared, warm, executor=executor, content=content))
    before = cpu()
    start, own = time.perf_counter(), time.process_time()
    batch = Batch(engine, prepared, plan, executor=executor, content=content)
    results = list(batch)
    wall, own = time.perf_counter() - start, time.process_time() - own
    after = cpu()
    spent = [after[key] - before.get(key, 0.0) for key in after]
    failed = sum(not r.ok for r in results)
    return Figures(name, executor.workers, wall, max(spent), sum(spent), len(results), failed, own)


def _best(turns: list[Figures]) -> Figures:
    """The fastest wall time and, apart, the least CPU time of the busiest worker."""
    fast = min(turns, key=lambda run: run.wall)
    lean = min(turns, key=lambda run: run.busiest)
    own = statistics.median(run.parent for run in turns)
    return Figures(
        fast.backend,
        fast.workers,
        fast.wall,
        lean.busiest,
        lean.total,
        fast.games,
        fast.failed,
        own,
    )


def _alone(processes: int, engine: Any, prepared: Any, plan: BatchPlan) -> Callable[[str], Figures]:
    """A turn of ``processes`` forked processes, each playing its share of the batch in
    itself, with no pool, pipe or record: the machine's own ceiling for the split."""

    def play(share: BatchPlan) -> float:
        begun = time.process_time()
        run_batch(engine, prepared, share)
        return time.process_time() - begun

    def turn(name: str) -> Figures:
        shares = [
            BatchPlan(**{**_fields(plan), "games": plan.games // processes, "seed": plan.seed + i})
            for i in range(processes)
        ]
        spent, wall = together(play, [(share,) for share in shares])
        games = sum(share.games for share in shares)
        return Figures(name, processes, wall, max(spent), sum(spent), games, 0)

    return turn


def _overall(turns: list[Figures]) -> float:
    """Games per wall-clock second over all of a backend's turns."""
    return sum(run.games for run in turns) / sum(run.wall for run in turns)


def _paired(turns: list[Figures], base: list[Figures]) -> float:
    """The median over rounds of a backend's speed-up on the base's turn of the same round.

    The turns of one round are seconds apart, so each ratio meets one moment's speed of the
    machine; the median of the rounds' ratios is not moved by a round the host slowed."""
    return statistics.median(
        (run.games / run.wall) / (other.games / other.wall)
        for run, other in zip(turns, base, strict=True)
    )


def _fields(plan: BatchPlan) -> dict[str, Any]:
    return {name: getattr(plan, name) for name in BatchPlan.__dataclass_fields__}


def main() -> None:
    """Play the batch on each backend and print the figures side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a turn")
    parser.add_argument("--layout", default="crustacean.layout.yaml")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--modules", default="specialists,wind")
    parser.add_argument("--bots", default="random", help="one bot for every seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=15, help="turns of each backend")
    parser.add_argument("--context", default=None, help="local start method (default fork)")
    parser.add_argument(
        "--ceiling",
        action="store_true",
        help="also time 1 and 2 lone processes playing the batch in themselves (Linux)",
    )
    args = parser.parse_args()

    ws, layout = open_layout(layouts_dir() / args.layout)
    if layout is None or any(d.is_error for d in ws.report()):
        raise SystemExit(f"{args.layout} does not load cleanly")
    game = registry.get(layout.game)
    if game is None or game.engine is None:
        raise SystemExit(f"no rules engine for {layout.game!r}")
    engine = game.engine
    prepared = engine.prepare(ws, layout)
    content = content_of(ws, layout)
    plan = BatchPlan(
        games=args.games,
        players=args.players,
        bots=(args.bots,) * args.players,
        seed=args.seed,
        modules=frozenset(m for m in args.modules.split(",") if m),
        factions=tuple(engine.factions(prepared)),
    )

    local_1, local_2 = LocalPool(1, context=args.context), LocalPool(2, context=args.context)

    # The local pools idle between their turns at no cost (their workers wait on a pipe).
    # A Dask cluster does not: its scheduler, in this process, and its workers' heartbeats
    # take about a tenth of a core, from the local pools' batches too. So the cluster is
    # started for each of its turns and closed after it.
    def on(name: str, executor: Executor, cpu: Callable[[], dict[Any, float]]) -> Figures:
        return _measure(name, executor, cpu, engine, prepared, content, plan)

    def on_dask(name: str) -> Figures:
        dask = DaskExecutor.start_local(2)
        try:
            return on(name, dask, _dask_cpu(dask))
        finally:
            dask.close()
            time.sleep(SETTLE)  # the cluster's processes end

    # each backend's turn, by name, in the order printed
    backends: dict[str, Callable[[str], Figures]] = {
        "local pool, 1 worker": lambda name: on(name, local_1, _local_cpu(local_1)),
        "local pool, 2 workers": lambda name: on(name, local_2, _local_cpu(local_2)),
        "Dask, local cluster of 2": on_dask,
    }
    if args.ceiling:
        backends["alone, 1 process"] = _alone(1, engine, prepared, plan)
        backends["alone, 2 processes"] = _alone(2, engine, prepared, plan)
    names = list(backends)
    turns: dict[str, list[Figures]] = {name: [] for name in names}
    try:
        # in turns, so that the load of a shared machine weighs on every backend alike; each
        # turn starts with the next backend, so that none always follows the same one
        for turn in range(args.repeat):
            shift = turn % len(names)
            for name in names[shift:] + names[:shift]:
                turns[name].append(backends[name](name))
    finally:
        local_1.close()
        local_2.close()
    runs = [_best(turns[name]) for name in names]

    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"{cpu_name()} ({cores} cores), {platform.system()}, Python {platform.python_version()}")
    print(f"load average at the end: {load}")
    print(
        f"{args.games} games a turn, {args.repeat} turns a backend: {layout.id},"
        f" {args.players} players, modules {sorted(plan.modules)}, {args.bots} bots"
    )
    header = (
        f"{'backend':<26} {'best s':>7} {'games/s':>8} {'x':>6} {'all turns':>10} {'x':>6}"
        f" {'paired x':>9} {'busiest worker cpu s':>21} {'games/cpu-s':>12} {'x':>6}"
        f" {'own us/game':>12}"
    )
    print(header)
    for run in runs:
        # the lone processes against the lone process, the backends against one local worker
        base = runs[names.index("alone, 1 process")] if run.backend.startswith("alone") else runs[0]
        rate = run.games / run.wall
        overall = _overall(turns[run.backend])
        cpu_rate = run.games / run.busiest if run.busiest else float("nan")
        base_cpu = base.games / base.busiest if base.busiest else float("nan")
        speed_up = rate / (base.games / base.wall)
        own = f"{run.parent / run.games * 1e6:.0f}" if run.parent else "-"
        print(
            f"{run.backend:<26} {run.wall:>7.2f} {rate:>8.0f} {speed_up:>5.2f}x"
            f" {overall:>10.0f} {overall / _overall(turns[base.backend]):>5.2f}x"
            f" {_paired(turns[run.backend], turns[base.backend]):>8.2f}x"
            f" {run.busiest:>21.2f} {cpu_rate:>12.0f} {cpu_rate / base_cpu:>5.2f}x"
            f" {own:>12}"
            f"  (all workers {run.total:.2f} cpu-s)"
            + (f"  ({run.failed} failed)" if run.failed else "")
        )


if __name__ == "__main__":
    main()
