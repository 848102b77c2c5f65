"""Full random Snakes of Wrath games per second on one core: run on demand, never in tests.

    .venv/bin/python benchmarks/bench_snakes_of_wrath.py [--games 1000] [--repeat 3] [--profile]
        [--bytecodes 20]

Plays complete 2-player games of the bundled scenario (``snakes-of-wrath.layout.yaml``: the
base pack's 90 tiles on the open table) between random bots, in this process only (one
core), exactly as a simulator worker does (``editor.sim.runner``: match set-up, bots, the
game's measures), and prints the best of the repeats in CPU time (``time.process_time``, so
other work on a shared machine counts less). ``--profile`` runs one more pass under cProfile
and prints the functions where the time goes. ``--bytecodes N`` counts the bytecodes a game
of the first N games (``sys.settrace`` with ``f_trace_opcodes``, after those N games were
played once, as a repeat of the timed batch is): a measure the machine's load leaves alone,
though a bytecode handing work to C (``map``, ``accumulate``) counts as one however long it
runs, so it is a guide, and the CPU time the figure.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import sys
import time
from types import FrameType
from typing import Any

from machine import cpu_name  # benchmarks/machine.py, beside this script

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.sim.runner import BatchPlan, run_batch
from editor.sim.summary import game_metrics


def main() -> None:
    """Time full games and print games per second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--layout", default="snakes-of-wrath.layout.yaml")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random", help="one bot for both seats")
    parser.add_argument("--profile", action="store_true", help="also profile one pass")
    parser.add_argument("--bytecodes", type=int, default=0, help="count the bytecodes of N games")
    args = parser.parse_args()

    ws = load_workspace([layouts_dir() / args.layout])
    problems = [d.format() for d in ws.report() if d.is_error]
    if problems:
        raise SystemExit("the layout has errors:\n" + "\n".join(problems))
    layout = ws.layout_at(sorted(ws.targets)[0])
    assert layout is not None
    game = registry.get(layout.game)
    if game is None or game.play is None:
        raise SystemExit(f"no rules engine for {layout.game!r}")
    engine = game.play.engine
    players = game.play.type.max_players
    start = time.process_time()
    prepared = engine.prepare(ws, layout)
    prepare_time = time.process_time() - start
    metrics = game_metrics(game.id)
    plan = BatchPlan(games=args.games, players=players, bots=(args.bots,) * players, seed=args.seed)
    measure = metrics.measure if metrics else None

    best = float("inf")
    results = []
    for _ in range(args.repeat):
        start = time.process_time()
        results = run_batch(engine, prepared, plan, jobs=1, measure=measure)
        best = min(best, time.process_time() - start)
    failed = [r for r in results if not r.ok]
    steps = sum(r.steps for r in results)
    print(f"{cpu_name()}, Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"{layout.id}, {players} players, {args.bots} bots; prepare {1000 * prepare_time:.0f} ms")
    print(
        f"{args.games} games in {best:.2f} s CPU (best of {args.repeat}):"
        f" {args.games / best:.0f} games/s on one core; {steps / args.games:.0f} turns a game"
    )
    if failed:
        print(f"{len(failed)} games failed, e.g. game {failed[0].index}: {failed[0].error}")
    if args.bytecodes:
        small = BatchPlan(
            games=args.bytecodes, players=players, bots=(args.bots,) * players, seed=args.seed
        )
        run_batch(engine, prepared, small, jobs=1, measure=measure)
        count = count_bytecodes(lambda: run_batch(engine, prepared, small, jobs=1, measure=measure))
        print(f"{count / args.bytecodes:,.0f} bytecodes a game ({args.bytecodes} games)")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        run_batch(engine, prepared, plan, jobs=1, measure=measure)
        profiler.disable()
        stats = pstats.Stats(profiler).strip_dirs().sort_stats("tottime")
        stats.print_stats(25)


def count_bytecodes(play: Any) -> int:
    """The bytecodes ``play()`` runs (every frame traced, opcode by opcode)."""
    count = 0

    def opcode(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        if event == "opcode":
            count += 1
        return opcode

    def call(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return opcode

    sys.settrace(call)
    try:
        play()
    finally:
        sys.settrace(None)
    return count


if __name__ == "__main__":
    main()
