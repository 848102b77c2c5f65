"""Full random Snails games per second on one core: run on demand, never in the test suite.

    .venv/bin/python benchmarks/bench_simulate.py [--games 1000] [--repeat 3] [--profile]

Plays complete 4-player games on the bundled Crustacean layout with both modules
(specialists, wind) between random bots, in this process only (one core), exactly as a
simulator worker does (``editor.sim.runner``: match set-up, bots, the game's measures),
and prints the best of the repeats. ``--profile`` runs one more pass under cProfile and
prints the functions where the time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import time

from machine import cpu_name, engines  # benchmarks/machine.py, beside this script

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.sim.runner import BatchPlan, run_batch
from editor.sim.summary import game_metrics


def main() -> None:
    """Time full random games and print games per second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--layout", default="crustacean.layout.yaml")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--modules", default="specialists,wind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bots", default="random", help="one bot for every seat (random, heuristic)"
    )
    parser.add_argument("--profile", action="store_true", help="also profile one pass")
    args = parser.parse_args()

    ws = load_workspace([layouts_dir() / args.layout])
    problems = [d.format() for d in ws.report() if d.is_error]
    if problems:
        raise SystemExit("the layout has errors:\n" + "\n".join(problems))
    layout = ws.layout_at(sorted(ws.targets)[0])
    assert layout is not None
    game = registry.get(layout.game)
    if game is None or game.engine is None:
        raise SystemExit(f"no rules engine for {layout.game!r}")
    engine = game.engine
    start = time.perf_counter()
    prepared = engine.prepare(ws, layout)
    prepare_time = time.perf_counter() - start
    metrics = game_metrics(game.id)
    plan = BatchPlan(
        games=args.games,
        players=args.players,
        bots=(args.bots,) * args.players,
        seed=args.seed,
        modules=frozenset(m for m in args.modules.split(",") if m),
        faction_mode="random",
        factions=tuple(engine.factions(prepared)),
    )
    measure = metrics.measure if metrics else None

    best = float("inf")
    results = []
    for _ in range(args.repeat):
        start = time.process_time()
        results = run_batch(engine, prepared, plan, jobs=1, measure=measure)
        best = min(best, time.process_time() - start)
    failed = [r for r in results if not r.ok]
    steps = sum(r.steps for r in results)
    rounds = sum(r.rounds for r in results)
    print(
        f"{cpu_name()}, Python {platform.python_version()} ({platform.python_implementation()}),"
        f" {engines()}"
    )
    print(
        f"{layout.id}, {args.players} players, modules {sorted(plan.modules)}, {args.bots} bots;"
        f" prepare {1000 * prepare_time:.0f} ms"
    )
    print(
        f"{args.games} games in {best:.2f} s (best of {args.repeat}):"
        f" {args.games / best:.0f} games/s on one core;"
        f" {steps / args.games:.0f} decisions and {rounds / args.games:.2f} rounds a game"
    )
    if failed:
        print(f"{len(failed)} games failed, e.g. game {failed[0].index}: {failed[0].error}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        run_batch(engine, prepared, plan, jobs=1, measure=measure)
        profiler.disable()
        stats = pstats.Stats(profiler).strip_dirs().sort_stats("tottime")
        stats.print_stats(25)


if __name__ == "__main__":
    main()
