"""Machine instructions a game, for one engine and bot: a measure of speed that the load of
a shared machine does not move. Run on demand, never in the test suite; needs valgrind.

    .venv/bin/python benchmarks/bench_instructions.py [--game snails] [--bot random] [--games 100]

Plays the game as ``bench_engines.py`` does (its first bundled layout, the most seats, every
module, one bot for every seat, through ``run_batch`` with one job) in a child process under
valgrind's cachegrind, twice: with ``--games`` games and with none, each after the same
warm-up batch (``--warmup`` games of another seed, so the per-process tables are built).
The difference, divided by the games, is what one game costs once the process is warm.
Instructions are not seconds, but on one machine and one Python a change that saves 10% of
them saves about 10% of the time; CPU-time figures of a shared machine move more than that.
To compare two checkouts, run the script of each (its own tree is the one imported).
"""

from __future__ import annotations

import argparse
import platform
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from machine import cpu_name, engines  # benchmarks/machine.py, beside this script

HERE = Path(__file__).resolve()
TREE = HERE.parents[1]


def play(game_id: str, bot: str, games: int, warmup: int) -> None:
    """The child: set the game up, play the warm-up batch, then ``games`` games."""
    sys.path.insert(0, str(TREE))
    from bench_engines import warmed

    setup = warmed(game_id, bot, warmup)
    if games:
        setup.play(bot, games, seed=1)


def refs(command: list[str], env: Mapping[str, str] | None = None) -> int:
    """Instructions of one run of ``command`` under cachegrind (no cache simulation)."""
    counted = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    done = subprocess.run(
        [*counted, *command], env=env, capture_output=True, text=True, check=False
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"the run under valgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def instructions(game_id: str, bot: str, games: int, warmup: int) -> int:
    """Instructions of one child run of this tree."""
    return refs(
        [
            sys.executable,
            str(HERE),
            "--child",
            f"--game={game_id}",
            f"--bot={bot}",
            f"--games={games}",
            f"--warmup={warmup}",
        ]
    )


def main() -> None:
    """Print the instructions a game costs, with the machine and the tree measured."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="snails", help="a registered game id")
    parser.add_argument("--bot", default="random", help="the bot of every seat")
    parser.add_argument("--games", type=int, default=100, help="games measured")
    parser.add_argument("--warmup", type=int, default=50, help="games played before, in both runs")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        play(args.game, args.bot, args.games, args.warmup)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: this benchmark counts instructions with it")
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    with_games = instructions(args.game, args.bot, args.games, args.warmup)
    without = instructions(args.game, args.bot, 0, args.warmup)
    print(
        f"{cpu_name()}, Python {platform.python_version()} ({platform.python_implementation()}),"
        f" {engines()}"
    )
    print(
        f"{args.game}, {args.bot} bots, tree {TREE}: {(with_games - without) / args.games:,.0f}"
        f" instructions a game ({args.games} games after {args.warmup})"
    )


if __name__ == "__main__":
    main()
