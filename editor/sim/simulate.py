"""`seastack simulate LAYOUT`: play a batch of bot matches on a layout and summarize them.

The command's arguments and its work live here, so that ``editor/cli.py`` only wires it in.
Every bad input is a one-line error with exit code 2; a layout with errors prints the
loader's ``file:line:col`` diagnostics.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from editor.core import registry
from editor.core.diagnostics import Severity, printable
from editor.core.engine import Engine
from editor.core.workspace import PathError
from editor.sim.compare import compare_output
from editor.sim.design import open_scenario
from editor.sim.executors import Executor
from editor.sim.executors import dask as dask_backend
from editor.sim.executors.jobs import content_of
from editor.sim.executors.local import LocalPool
from editor.sim.playtest import playtest_warnings
from editor.sim.report.record import BatchRecord, ReportWriter
from editor.sim.runner import Batch, BatchPlan, FactionMode, GameResult, RunnerError, match_spec
from editor.sim.summary import format_summary, game_metrics, summarize

PROG = "seastack simulate"
#: What ``--dask`` without an address means: a Dask cluster started on this machine.
LOCAL_CLUSTER = "local"


class UsageError(Exception):
    """A bad argument: reported in one line, exit code 2."""


def _count(low: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            message = f"{what} must be a whole number, not {text!r}"
            raise argparse.ArgumentTypeError(message) from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{what} must be at least {low}, not {value}")
        return value

    return parse


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add the ``simulate`` command to the CLI's sub-parsers."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "simulate",
        help="play bot matches on a layout and summarize them",
        description="Play a batch of matches between bots on a layout, in worker processes, "
        "and summarize win rates (95% confidence intervals), game length, how games ended "
        "and the game's own measures. The same --seed gives the same results whatever --jobs "
        "is, and with --dask. Exit code 0 when every match finished, 1 when some failed "
        "(each is reported with its seed), 2 for bad input.",
    )
    parser.add_argument(
        "layout",
        metavar="LAYOUT",
        help="a layout file; or a pack folder (or a file in one), played on its game's first"
        " bundled layout with the pack added",
    )
    parser.add_argument(
        "--games", type=_count(1, "--games"), default=100, help="matches to play (default 100)"
    )
    parser.add_argument(
        "--players",
        type=_count(1, "--players"),
        default=None,
        help="seats (default: the most the game allows)",
    )
    parser.add_argument(
        "--factions",
        default="random",
        help="'random' (each match draws different factions), 'all' (every faction plays "
        "every seat in turn) or a comma list: one per seat, or a larger pool to draw from",
    )
    parser.add_argument(
        "--modules", default="", help="comma list of modules to switch on (default none)"
    )
    parser.add_argument(
        "--bots",
        default=None,
        help="one bot for all seats or a comma list, one per seat (default: heuristic where"
        " the game has one, for results a playtester would recognize; else random)",
    )
    parser.add_argument("--seed", type=_seed, default=0, help="batch seed (default 0)")
    parser.add_argument(
        "--jobs",
        type=_count(1, "--jobs"),
        default=None,
        help="worker processes (default: one per core)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        nargs="?",
        const=LOCAL_CLUSTER,
        default=None,
        help="play on a Dask cluster: alone, one started on this machine with --jobs workers;"
        " with a scheduler's address (tcp://HOST:PORT), that cluster's workers (needs"
        f" {dask_backend.INSTALL_HINT})",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--compare",
        metavar="LAYOUT2",
        default=None,
        help="also play LAYOUT2 with the same settings and seed, and print how each measure"
        " changed from LAYOUT to LAYOUT2, with its 95%% interval (* where it excludes zero);"
        " --report then reports LAYOUT2 beside LAYOUT as its baseline",
    )
    parser.add_argument(
        "--report",
        metavar="OUT.html",
        default=None,
        help="also write the batch as one self-contained HTML file (the design and its packs,"
        " the settings and seed, every chart and table, the warnings) to send to a co-designer",
    )
    parser.add_argument(
        "--packs",
        metavar="FOLDER",
        action="append",
        default=[],
        help="a folder of content packs the layout may use besides the bundled ones (your own"
        " cards, factions, tile backs); repeat for several",
    )
    return parser


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _unknown(kind: str, names: Sequence[str], known: Sequence[str]) -> UsageError:
    listed = ", ".join(sorted(known)) or "none"
    plural = "s" if len(names) > 1 else ""
    return UsageError(f"unknown {kind}{plural} {', '.join(names)}; known: {listed}")


def plan_from_args(
    args: argparse.Namespace, engine: Engine, prepared: Any, most_players: int
) -> BatchPlan:
    """The batch plan the arguments ask for; :class:`UsageError` for anything unknown.

    Without ``--players`` a match seats ``most_players``, the most the game declares.
    """
    players: int = args.players if args.players is not None else most_players
    known_bots = list(engine.bots())
    default_bot = "heuristic" if "heuristic" in known_bots else "random"
    bots = _split(args.bots or default_bot)
    if not bots:
        raise UsageError("--bots is empty")
    if bad := [b for b in bots if b not in known_bots]:
        raise _unknown("bot", bad, known_bots)
    if len(bots) == 1:
        bots *= players
    elif len(bots) != players:
        raise UsageError(
            f"--bots names {len(bots)} bots for {players} players; give 1 or {players}"
        )

    known_factions = list(engine.factions(prepared))
    mode: FactionMode
    choice = args.factions.strip()
    if choice in ("random", "all"):
        mode = "random" if choice == "random" else "rotate"
        pool = known_factions
        if mode == "random" and pool and len(pool) < players:
            raise UsageError(f"{players} players need {players} factions; the game has {len(pool)}")
    else:
        pool = _split(choice)
        if not pool:
            raise UsageError("--factions is empty")
        if bad := [f for f in pool if f not in known_factions]:
            raise _unknown("faction", bad, known_factions)
        if len(pool) == players:
            mode = "fixed"
        elif len(pool) > players and len(set(pool)) == len(pool):
            mode = "random"
        else:
            raise UsageError(
                f"--factions names {len(pool)} factions for {players} players; give one per"
                " seat or a larger pool of different factions"
            )

    modules = frozenset(m for m in _split(args.modules) if m != "none")
    known_modules = list(engine.modules(prepared))
    if bad := sorted(modules - set(known_modules)):
        raise _unknown("module", bad, known_modules)
    return BatchPlan(
        games=args.games,
        players=players,
        bots=tuple(bots),
        seed=args.seed,
        modules=modules,
        faction_mode=mode,
        factions=tuple(pool),
    )


class ProgressBar:
    """A one-line progress bar on a terminal, redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.done = 0
        self.start = time.monotonic()
        self.shown = 0.0

    def step(self) -> None:
        """One more match finished."""
        self.done += 1
        now = time.monotonic()
        if now - self.shown < 0.1 and self.done < self.total:
            return
        self.shown = now
        filled = 30 * self.done // self.total
        rate = self.done / max(now - self.start, 1e-9)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} games  {rate:.0f}/s"
        )
        self.stream.flush()

    def close(self) -> None:
        """Clear the line."""
        self.stream.write("\r\033[K")
        self.stream.flush()


def simulate(args: argparse.Namespace, report: ReportWriter | None = None) -> int:
    """Run ``seastack simulate`` with parsed arguments; returns the exit code. ``report``
    writes ``--report`` (the studio layer's :func:`editor.studio.report.write_report`,
    handed down by the CLI: the simulator cannot import the layer above it)."""
    try:
        if getattr(args, "compare", None):
            return _compare(args, report)
        return _simulate(args, report)
    except UsageError as exc:  # names in it come from the user: escaped, one line
        print(printable(f"{PROG}: {exc}"), file=sys.stderr)
        return 2
    except RunnerError as exc:
        print(printable(f"{PROG}: {exc}"), file=sys.stderr)
        return 1


def _report_path(args: argparse.Namespace, report: ReportWriter | None) -> Path | None:
    """Where ``--report`` goes, checked before any game is played."""
    raw = getattr(args, "report", None)
    if raw is None:
        return None
    if report is None:
        raise UsageError("--report cannot be written here: no report writer was given")
    out = Path(raw)
    if out.is_dir():
        raise UsageError(f"--report {out} is a folder; name the HTML file to write")
    if not out.parent.is_dir():
        raise UsageError(f"--report {out}: the folder {out.parent} does not exist")
    return out


def _compare(args: argparse.Namespace, report: ReportWriter | None) -> int:
    """``--compare LAYOUT2``: both designs played alike, then the changes from one to the other."""
    first: list[dict[str, Any]] = []
    second: list[dict[str, Any]] = []
    _report_path(args, report)  # a report that cannot be written is refused before playing
    code = _simulate(args, None, path=args.layout, into=first)
    code = max(code, _simulate(args, report, path=args.compare, into=second, baseline=first))
    print(
        compare_output(
            first[0], second[0], before_name=args.layout, after_name=args.compare, as_json=args.json
        )
    )
    return code


def _simulate(
    args: argparse.Namespace,
    report: ReportWriter | None = None,
    *,
    path: str | None = None,
    into: list[dict[str, Any]] | None = None,
    baseline: list[dict[str, Any]] | None = None,
) -> int:
    """Play the batch the arguments ask for on ``path`` (default: their layout) and print its
    summary, or keep it in ``into`` instead of printing it."""
    path = path or args.layout
    # the first design of --compare is only the baseline of the report on the second
    out = _report_path(args, report) if report is not None or into is None else None
    dask = getattr(args, "dask", None)
    if dask is not None and not dask_backend.available():
        raise UsageError(dask_backend.missing())
    if dask not in (None, LOCAL_CLUSTER) and "://" not in dask:
        raise UsageError(f"--dask {dask} is not a scheduler's address (tcp://HOST:PORT)")
    folders = [Path(raw) for raw in getattr(args, "packs", None) or ()]
    for folder in folders:
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"--packs {folder} is not a folder")
    try:
        ws, layout = open_scenario(path, packs=folders)
    except PathError as exc:
        raise UsageError(str(exc)) from None
    problems = ws.report()
    for diagnostic in problems:
        print(diagnostic.format(), file=sys.stderr)
    if any(d.severity is Severity.ERROR for d in problems):
        more = " or in the --packs folders" if folders else ""
        raise UsageError(f"{path} has errors{more}; fix them first")
    if layout is None:
        raise UsageError(f"{path} is not a layout file (*.layout.yaml)")
    game = registry.get(layout.game)
    if game is None or game.play is None:
        raise UsageError(f"the game {layout.game!r} has no rules engine to simulate with")
    engine = game.play.engine
    try:
        prepared = engine.prepare(ws, layout)
    except ValueError as exc:  # content the engine cannot compile, said in the engine's words
        raise UsageError(f"cannot set up a match on {path}: {exc}") from None
    plan = plan_from_args(args, engine, prepared, game.play.type.max_players)
    try:  # the engine judges the set-up (players, factions, modules) before workers start
        engine.new_match(prepared, match_spec(plan, 0))
    except ValueError as exc:
        raise UsageError(f"the engine refuses this set-up: {exc}") from None
    metrics = game_metrics(game.id)
    # no more workers than games: each one sets the design up before it plays
    jobs = min(args.jobs or default_jobs(), plan.games)
    executor = _executor(dask, jobs)
    try:
        # the design travels to the workers as its texts, which they set up again; always
        # in worker processes, so that the memory limit holds with one job too
        batch = Batch(
            engine,
            prepared,
            plan,
            measure=metrics.measure if metrics else None,
            executor=executor,
            content=content_of(ws, layout),
        )
        where = _where(executor, dask)  # as it starts: a lost worker may not be back yet
        started = time.monotonic()
        results = _play(batch, plan)
        elapsed = time.monotonic() - started
    finally:
        executor.close()
    meta: Mapping[str, Any] = {
        "layout": layout.id,
        "game": game.id,
        "faction_choice": args.factions,
        # which content the batch played, so a result says what it is a result of
        "packs": [{"id": p.id, "version": p.version} for p in ws.packs_in_use(layout)],
    }
    # the same on every backend and with any number of workers, byte for byte
    summary = {**summarize(results, plan, metrics, meta=meta), "rerun": batch.rerun}
    if into is not None:
        into.append(summary)
    elif args.json:
        # a failed game's choices as the engine's JSON, so it replays from this output alone
        failed = {r.index: r for r in results if not r.ok}
        for entry in summary["errors"]:
            entry["choices"] = [engine.choice_to_json(c) for c in failed[entry["index"]].choices]
        print(json.dumps(summary, indent=2))
    if into is None and not args.json:
        print(format_summary(summary))
        if batch.rerun:
            print(f"\n{rerun_text(batch.rerun, batch.lost)}")
        print(f"{len(results)} games in {elapsed:.1f}s on {where}", file=sys.stderr)
    if out is not None and report is not None:
        warnings = playtest_warnings(
            summary, results, plan, game_id=game.id, prepared=prepared, layout=layout
        )
        record = BatchRecord(
            ws,
            layout,
            plan,
            summary,
            tuple(warnings),
            played_by=PROG,
            where=where,
            elapsed=elapsed,
            rerun=batch.rerun,
            baseline=baseline[0] if baseline else None,
        )
        try:
            report(out, record)
        except (OSError, ValueError) as exc:  # the batch's figures are printed already
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            print(printable(f"{PROG}: cannot write the report {out}: {reason}"), file=sys.stderr)
            return 1
        print(printable(f"report written to {out}"), file=sys.stderr)
    return 0 if all(r.ok for r in results) else 1


def _executor(dask: str | None, jobs: int) -> Executor:
    """Where the batch plays: local worker processes, or a Dask cluster."""
    if dask is None:
        return LocalPool(jobs)
    if dask == LOCAL_CLUSTER:
        return dask_backend.DaskExecutor.start_local(jobs)
    try:
        return dask_backend.DaskExecutor.connect(dask)
    except RunnerError as exc:  # a wrong or unreachable address is bad input
        raise UsageError(str(exc)) from None


def _where(executor: Executor, dask: str | None) -> str:
    workers = executor.workers
    counted = f"{workers} worker{'s' * (workers != 1)}"
    if dask is None:
        return counted
    if dask == LOCAL_CLUSTER:
        return f"a local Dask cluster of {counted}"
    return f"the Dask cluster at {dask} ({counted})"


def _play(batch: Batch, plan: BatchPlan) -> list[GameResult]:
    """Every result of the batch, with the progress bar on a terminal."""
    bar = ProgressBar(plan.games, sys.stderr) if sys.stderr.isatty() else None
    results: list[GameResult] = []
    try:
        for result in batch:
            results.append(result)
            if bar is not None:
                bar.step()
    finally:
        if bar is not None:
            bar.close()
    return results


def rerun_text(rerun: int, lost: Sequence[str]) -> str:
    """The summary's line about games played again after a lost worker."""
    plural = "s were" if rerun != 1 else " was"
    workers = f"{len(lost)} worker{'s' * (len(lost) != 1)}"
    shown = "; ".join(lost[:3]) + ("; ..." if len(lost) > 3 else "")
    return f"{rerun} game{plural} rerun: {workers} lost before returning them ({shown})"
