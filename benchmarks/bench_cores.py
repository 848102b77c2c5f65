"""What this machine's cores give two processes, with no Seastack code at all: a plain
interpreter loop pinned to each core, alone and then on both at once, second by second.
Run on demand (Linux), never in the suite.

    .venv/bin/python benchmarks/bench_cores.py [--rounds 10] [--seconds 1]

A round times the loop for ``--seconds`` on the first core alone, on the second alone, and
on both together. The pair's speed-up is the two loops' rates together over the mean of the
two lone rates of the same round: what a perfect split of the work would get from the
cores at that moment. On a machine of its own it is close to 2; on a shared virtual
machine, whose cores the host also gives to others, it falls whenever the host does, and
``bench_scaling.py``'s two workers cannot do better than it.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from machine import cpu_name, together  # benchmarks/machine.py, beside this script

#: Loop iterations between two looks at the clock.
STRIDE = 100_000


def _spin(seconds: float) -> float:
    """Millions of loop iterations a second, for ``seconds``."""
    count = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(STRIDE):
            count += 1
        now = time.perf_counter()
        if now >= end:
            return count / (now - start) / 1e6


def _pinned(core: int, seconds: float) -> tuple[int, float]:
    os.sched_setaffinity(0, {core})
    return core, _spin(seconds)


def _run(cores: list[int], seconds: float) -> dict[int, float]:
    """Each core's rate, the loops started together, one process a core."""
    return dict(together(_pinned, [(core, seconds) for core in cores])[0])


def main() -> None:
    """Time the rounds and print each one and the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=1.0, help="of each timing")
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0))[:2]
    if len(cores) < 2:
        raise SystemExit("this process may run on one core only")

    print(f"{cpu_name()} ({os.cpu_count()} cores), {platform.system()}")
    print(f"Python {platform.python_version()}, cores {cores}, {args.seconds:g} s a timing")
    print(f"{'round':>5} {'alone':>16} {'together':>16} {'speed-up':>9}   (M loops/s)")
    speed_ups = []
    for turn in range(args.rounds):
        alone = [_run([core], args.seconds)[core] for core in cores]
        together = _run(cores, args.seconds)
        speed_up = sum(together.values()) / statistics.mean(alone)
        speed_ups.append(speed_up)
        print(
            f"{turn + 1:>5} {alone[0]:>7.1f} {alone[1]:>8.1f}"
            f" {together[cores[0]]:>7.1f} {together[cores[1]]:>8.1f} {speed_up:>8.2f}x"
        )
    print(
        f"pair's speed-up: median {statistics.median(speed_ups):.2f}x,"
        f" lowest {min(speed_ups):.2f}x, highest {max(speed_ups):.2f}x;"
        f" rounds at 1.85x or more: {sum(s >= 1.85 for s in speed_ups)} of {len(speed_ups)}"
    )


if __name__ == "__main__":
    main()
