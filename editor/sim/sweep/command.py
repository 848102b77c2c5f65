"""`seastack sweep DESIGN --vary PATH=VALUES ... --games N`: play every combination.

The arguments of a batch are those of ``seastack simulate`` (players, factions, modules,
bots, seed, jobs, Dask). Bad input, a path that names nothing and a value the content
refuses are reported before any game, with ``file:line:col`` where there is one (exit 2).
Exit 1 when games failed or a target is not reached, 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from editor.core import registry
from editor.core.diagnostics import printable
from editor.core.workspace import PathError
from editor.sim import simulate
from editor.sim.design import Design, attached, first_layout, pack_of
from editor.sim.executors import Executor
from editor.sim.executors import dask as dask_backend
from editor.sim.executors.local import LocalPool
from editor.sim.play import RunnerError
from editor.sim.results import GameResult
from editor.sim.sweep import plot, table, target
from editor.sim.sweep.plan import Combination, combinations
from editor.sim.sweep.run import Played, Sweep, SweepError, open_sweep
from editor.sim.sweep.values import ValuesError, parse_values

PROG = "seastack sweep"


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add the ``sweep`` command to the CLI's sub-parsers."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "sweep",
        help="play a design with some of its numbers changed, every combination",
        description="Change numbers of a design's YAML files (--vary PATH=VALUES), play a batch"
        " of bot matches for every combination of the values, and show each measure with its"
        " 95% interval per value; --target searches the value that brings a measure to a"
        " target. See docs/sweeps.md. Exit code 0 when every match finished, 1 when some"
        " failed or the target is out of reach, 2 for bad input.",
    )
    parser.add_argument(
        "layout", metavar="DESIGN", help="a layout file, or a pack folder (as for simulate)"
    )
    parser.add_argument(
        "--vary",
        metavar="PATH=VALUES",
        action="append",
        required=True,
        help="a number to change and its values: ruleset.rounds=4..8,"
        " cards.revolver.copies=1,2,3, ruleset.hit.damage=2.5..7.5:2.5; repeat for several",
    )
    parser.add_argument(
        "--target",
        metavar="'MEASURE=GOAL'",
        default=None,
        help="search the value of the one --vary that brings a measure to a goal, such as"
        " 'faction:pirates win=0.25' (bisection among the values)",
    )
    parser.add_argument("--plot", metavar="OUT", default=None, help="draw win rates: .png or .svg")
    _batch_options(parser)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    return parser


def _batch_options(parser: argparse.ArgumentParser) -> None:
    """The options of each combination's batch, as ``seastack simulate`` has them."""
    parser.add_argument(
        "--games",
        type=_whole(1, "--games"),
        default=100,
        help="matches per combination (default 100)",
    )
    parser.add_argument(
        "--players", type=_whole(1, "--players"), default=None, help="seats (default: the most)"
    )
    parser.add_argument(
        "--factions", default="random", help="'random', 'all' or a comma list (as simulate)"
    )
    parser.add_argument("--modules", default="", help="comma list of modules to switch on")
    parser.add_argument("--bots", default=None, help="one bot for all seats or one per seat")
    parser.add_argument("--seed", type=_whole(None, "--seed"), default=0, help="sweep seed")
    parser.add_argument(
        "--jobs", type=_whole(1, "--jobs"), default=None, help="worker processes (default: cores)"
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        nargs="?",
        const=simulate.LOCAL_CLUSTER,
        default=None,
        help="play on a Dask cluster: alone, one started here; or a scheduler's address"
        f" (tcp://HOST:PORT; needs {dask_backend.INSTALL_HINT})",
    )
    parser.add_argument(
        "--packs",
        metavar="FOLDER",
        action="append",
        default=[],
        help="a folder of content packs the layout may use; repeat for several",
    )


def _whole(low: int | None, what: str) -> Any:
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number, not {text!r}"
            ) from None
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"{what} must be at least {low}, not {value}")
        return value

    return read


def run(args: argparse.Namespace) -> int:
    """Run ``seastack sweep`` with parsed arguments; returns the exit code."""
    try:
        return _run(args)
    except (
        simulate.UsageError,
        SweepError,
        ValuesError,
        target.TargetError,
        plot.PlotError,
    ) as exc:
        for line in str(exc).splitlines():
            print(printable(f"{PROG}: {line}"), file=sys.stderr)
        return 2
    except RunnerError as exc:
        print(printable(f"{PROG}: {exc}"), file=sys.stderr)
        return 1


def design_of(raw: str, packs: list[Path]) -> Design:
    """The design a DESIGN argument names: a layout file, or a pack on its game's first
    bundled layout (as ``seastack simulate`` plays it)."""
    given = Path(raw)
    if not raw.strip() or not given.exists():
        raise simulate.UsageError(f"{raw!r} does not exist")
    if given.is_dir() or not given.name.endswith(".layout.yaml"):
        info = pack_of(given)
        if info is None:
            raise simulate.UsageError(f"{raw!r} is neither a layout file nor in a pack folder")
        layout = first_layout(info.game)
        text = attached(layout, info.id) if layout is not None else None
        if layout is None or text is None:
            raise simulate.UsageError(f"the pack {info.id} has no bundled layout to play on")
        return Design(layout, text, (info.folder, *packs))
    try:
        text = given.read_text(encoding="utf-8")
    except (OSError, UnicodeError) as exc:
        raise simulate.UsageError(f"cannot read {raw}: {exc}") from None
    return Design(given, text, tuple(packs))


def _varies(raw: list[str]) -> list[tuple[str, tuple[Any, ...]]]:
    varies = []
    for text in raw:
        path, equals, values = text.rpartition("=")
        if not equals or not path.strip():
            raise simulate.UsageError(f"--vary {text!r} is not PATH=VALUES")
        varies.append((path.strip(), parse_values(values)))
    return varies


def _run(args: argparse.Namespace) -> int:
    if args.dask is not None and not dask_backend.available():
        raise simulate.UsageError(dask_backend.missing())
    if args.dask not in (None, simulate.LOCAL_CLUSTER) and "://" not in args.dask:
        raise simulate.UsageError(f"--dask {args.dask} is not a scheduler's address")
    if args.plot is not None and Path(args.plot).suffix.lower() not in (".png", ".svg"):
        raise simulate.UsageError(f"--plot {args.plot}: the name must end with .png or .svg")
    folders = [Path(raw) for raw in args.packs]
    try:
        design = design_of(args.layout, folders)
    except PathError as exc:
        raise simulate.UsageError(str(exc)) from None
    varies = _varies(args.vary)
    goal = target.parse(args.target) if args.target else None
    if goal is not None and len(varies) != 1:
        raise simulate.UsageError("--target searches one number: give exactly one --vary")
    ready, located = open_sweep(design, varies)
    game = registry.playable(ready.game_id)
    most = game.type.max_players if game is not None else 1
    plan = simulate.plan_from_args(args, ready.engine, ready.prepared, most)
    sweep = Sweep(design, ready, located, plan)
    every = combinations(sweep.varies)
    refused = sweep.check(every)  # every value judged before any game is played
    if refused:
        raise SweepError([line for r in refused for line in r.lines()])
    jobs = min(args.jobs or simulate.default_jobs(), args.games)
    executor = _executor(args.dask, jobs)
    try:
        if goal is not None:
            return _search(sweep, every, goal, executor, args)
        played = list(_with_progress(sweep, every, executor))
    finally:
        executor.close()
    return _report(sweep, played, args)


def _executor(dask: str | None, jobs: int) -> Executor:
    if dask is None:
        return LocalPool(jobs)
    if dask == simulate.LOCAL_CLUSTER:
        return dask_backend.DaskExecutor.start_local(jobs)
    try:
        return dask_backend.DaskExecutor.connect(dask)
    except RunnerError as exc:
        raise simulate.UsageError(str(exc)) from None


def _with_progress(sweep: Sweep, every: list[Combination], executor: Executor) -> list[Played]:
    bar = (
        simulate.ProgressBar(len(every) * sweep.plan.games, sys.stderr)
        if sys.stderr.isatty()
        else None
    )

    def step(_result: GameResult) -> None:
        if bar is not None:
            bar.step()

    try:
        return list(sweep.play(every, executor, step))
    finally:
        if bar is not None:
            bar.close()


def _report(sweep: Sweep, played: list[Played], args: argparse.Namespace) -> int:
    if args.plot is not None:
        plot.save(played, sweep.varies, Path(args.plot), sweep.names)
    if args.json:
        print(json.dumps(table.to_json(sweep, played), indent=2))
    else:
        print(table.text(sweep, played))
    if args.plot is not None:
        print(f"wrote {args.plot}", file=sys.stderr)
    failed = any(p.summary["errors"] for p in played)
    return 1 if failed else 0


def _search(
    sweep: Sweep,
    every: list[Combination],
    goal: target.Goal,
    executor: Executor,
    args: argparse.Namespace,
) -> int:
    found = target.search(sweep, every, goal, lambda c: _with_progress(sweep, [c], executor)[0])
    if args.plot is not None:
        plot.save(found.played, sweep.varies, Path(args.plot), sweep.names)
    if args.json:
        print(
            json.dumps({**table.to_json(sweep, found.played), "target": found.to_json()}, indent=2)
        )
    else:
        print(table.text(sweep, found.played))
        print()
        print(found.text())
    failed = any(p.summary["errors"] for p in found.played)
    return 1 if failed or not found.reached else 0
