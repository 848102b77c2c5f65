"""What the benchmarks print about the machine they ran on."""

from __future__ import annotations

import multiprocessing
import platform
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

#: Seconds the forked processes of :func:`together` get to be up before they are started.
SETTLE = 0.5


def cpu_name() -> str:
    """The processor's model name (from /proc/cpuinfo where there is one)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def engines() -> str:
    """Whether this checkout's engines run compiled or from source (``editor.accelerated``)."""
    import editor

    return str(editor.ACCELERATION.describe())


def together(work: Callable[..., Any], args: Sequence[tuple[Any, ...]]) -> tuple[list[Any], float]:
    """Run ``work(*a)`` for each ``a`` of ``args`` in forked processes started at the same
    moment (Linux): what each returned, in the order they ended, and the wall seconds from
    the start until the last ended."""
    context = multiprocessing.get_context("fork")
    start, done = context.Event(), context.Queue()

    def child(*given: Any) -> None:
        start.wait()
        done.put(work(*given))

    children = [context.Process(target=child, args=a) for a in args]
    for process in children:
        process.start()
    time.sleep(SETTLE)  # every child is up and waiting
    begun = time.perf_counter()
    start.set()
    returned = [done.get() for _ in children]
    wall = time.perf_counter() - begun
    for process in children:
        process.join()
    return returned, wall
