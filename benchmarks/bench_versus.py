"""This checkout against an earlier revision: games per CPU second of each, and their ratio.
Run on demand, never in the test suite.

    .venv/bin/python benchmarks/bench_versus.py REV [--game snails] [--bot random]
        [--games 300] [--rounds 4] [--instructions]

A target such as "from about 530 games/s to at least 1,000" was measured on some machine at
some hour; on another machine, or the same one under another load, both figures move. What
carries over is the ratio of the two engines measured side by side, here. REV (a commit, a
tag, ``fd475b0`` for the engines when issue 14 was filed) is exported with ``git archive``
into a temporary folder, and each round plays the same batch in a child process of each tree
in turn (this checkout first in odd rounds, last in even ones), after a warm-up batch, as
``bench_engines.py`` plays it: the game's first bundled layout, the most seats, every module,
every seat played by ``--bot``, through ``run_batch`` with one job, CPU time, the best of
three batches. The best figure of each tree over the rounds and their ratio are printed.

``--instructions`` also counts machine instructions a game in each tree with valgrind (as
``bench_instructions.py`` does): a figure the load does not move, though the ratio of CPU
times is the one a designer waits on (the two differ where the code's memory use does).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_instructions import refs  # beside this script
from machine import cpu_name, engines

HERE = Path(__file__).resolve()
TREE = HERE.parents[1]


def child(tree: str, game_id: str, bot: str, games: int, warmup: int, batches: int) -> None:
    """In the child: play ``tree``'s engine (the project's package imported from ``tree``,
    this script's ``bench_engines`` for the set-up) and print its best games/s as JSON."""
    sys.path[:0] = [tree, str(HERE.parent)]
    from bench_engines import warmed

    import editor

    if not Path(editor.__file__).resolve().is_relative_to(Path(tree).resolve()):
        raise SystemExit(f"the package came from {editor.__file__}, not from {tree}")
    setup = warmed(game_id, bot, warmup)
    best = float("inf")
    for batch in range(batches if games else 0):
        start = time.process_time()
        setup.play(bot, games, seed=1 + batch)
        best = min(best, time.process_time() - start)
    print(json.dumps({"rate": games / best if games and best > 0 else 0.0}))


def _command(tree: Path, args: argparse.Namespace, games: int, batches: int) -> list[str]:
    return [
        sys.executable,
        str(HERE),
        "--child",
        str(tree),
        f"--game={args.game}",
        f"--bot={args.bot}",
        f"--games={games}",
        f"--warmup={args.warmup}",
        f"--batches={batches}",
    ]


def _environment(tree: Path) -> dict[str, str]:
    # the tree's package before the installed one; a fixed hash seed steadies the figures
    return {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}


def rate(tree: Path, args: argparse.Namespace) -> float:
    """Games per CPU second of one child playing ``tree``'s engine."""
    done = subprocess.run(
        _command(tree, args, args.games, 3),
        env=_environment(tree),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"the run of {tree} failed:\n{done.stderr[-2000:]}")
    return float(json.loads(done.stdout.splitlines()[-1])["rate"])


def instructions(tree: Path, args: argparse.Namespace) -> float:
    """Machine instructions a game in ``tree``: a run with the games less one without."""
    counts = [refs(_command(tree, args, games, 1), _environment(tree)) for games in (args.games, 0)]
    return (counts[0] - counts[1]) / args.games


def export(revision: str, into: Path) -> Path:
    """The tree of ``revision`` written into ``into`` (``git archive``)."""
    archive = subprocess.run(
        ["git", "-C", str(TREE), "archive", "--format=tar", revision],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        raise SystemExit(f"git archive {revision} failed: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main() -> None:
    """Measure both trees alternately and print each one's best figure and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", nargs="?", help="the earlier git revision (fd475b0, ...)")
    parser.add_argument("--game", default="snails", help="a registered game id")
    parser.add_argument("--bot", default="random", help="the bot of every seat")
    parser.add_argument("--games", type=int, default=300, help="games a batch")
    parser.add_argument("--warmup", type=int, default=20, help="games played before the batches")
    parser.add_argument("--rounds", type=int, default=4, help="alternations of the two trees")
    parser.add_argument("--instructions", action="store_true", help="count instructions too")
    parser.add_argument("--child", metavar="TREE", help=argparse.SUPPRESS)
    parser.add_argument("--batches", type=int, default=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.game, args.bot, args.games, args.warmup, args.batches)
        return
    if not args.revision:
        parser.error("give the earlier revision to compare with (a commit or a tag)")
    if args.games < 1 or args.rounds < 1:
        raise SystemExit("--games and --rounds must be at least 1")
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: --instructions counts with it")
    with tempfile.TemporaryDirectory(prefix="seastack-versus-") as folder:
        earlier = export(args.revision, Path(folder))
        trees = {"this checkout": TREE, args.revision: earlier}
        best = dict.fromkeys(trees, 0.0)
        print(
            f"{cpu_name()}, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f};"
            f" this checkout's {engines()}"
        )
        print(f"{args.game}, {args.bot} bots, {args.games} games a batch; games/s of CPU time:")
        for number in range(args.rounds):
            order = list(trees) if number % 2 == 0 else list(trees)[::-1]
            figures = {name: rate(trees[name], args) for name in order}
            for name, figure in figures.items():
                best[name] = max(best[name], figure)
            print(f"  round {number + 1}: " + ", ".join(f"{n} {figures[n]:.0f}" for n in trees))
        now, then = best["this checkout"], best[args.revision]
        print(f"best: this checkout {now:.0f}, {args.revision} {then:.0f}: {now / then:.2f}x")
        if args.instructions:
            counts = {name: instructions(tree, args) for name, tree in trees.items()}
            text = ", ".join(f"{name} {count:,.0f}" for name, count in counts.items())
            ratio = counts[args.revision] / counts["this checkout"]
            print(f"instructions a game: {text}: {ratio:.2f}x")


if __name__ == "__main__":
    main()
