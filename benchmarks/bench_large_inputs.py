"""How Seastack takes very large files: run on demand, never in the test suite.

    .venv/bin/python benchmarks/bench_large_inputs.py [--megabytes 50] [--without-limit]

Writes three files of about ``--megabytes`` each into a pack in a temporary folder (a card
list, a one-line list, a manifest of duplicate keys) and loads each with ``load_workspace``
in a process of its own, printing the time, the peak memory (``resource.getrusage``) and
the diagnostics reported. ``--without-limit`` lifts the file size limit to show what the
limit saves (slow: minutes and gigabytes; the one-line list may run out of memory).
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import resource
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from machine import cpu_name  # benchmarks/machine.py, beside this script

import editor.games  # noqa: F401  (registers the games)
from editor.core import documents
from editor.core.workspace import load_workspace

MANIFEST = "id: large\nname: Large\nversion: 1.0.0\ngame: snails\n"
CARD = (
    "  - id: card-{n}\n    name: Card {n}\n    kind: attack\n    copies: 1\n"
    "    text: Shoot one snail up to 2 spaces away.\n"
    "    target: {{select: snail, range: [1, 2]}}\n    dice: 1\n"
    "    results:\n      triangle: [{{damage: 10}}]\n"
)


def _baseline(out: TextIO, size: int) -> None:
    out.write(MANIFEST)


def _cards(out: TextIO, size: int) -> None:
    out.write("cards:\n")
    n = 0
    while out.tell() < size:
        out.write(CARD.format(n=n))
        n += 1


def _one_line(out: TextIO, size: int) -> None:
    out.write("cards: [")
    n = 0
    while out.tell() < size:
        out.write(f"{{id: card-{n}, name: Card {n}, kind: attack, copies: 1}}, ")
        n += 1
    out.write("{id: last, name: Last, kind: attack, copies: 1}]\n")


def _duplicates(out: TextIO, size: int) -> None:
    out.write(MANIFEST)
    while out.tell() < size:
        out.write("name: again\n" * 1000)


#: case name, the file it writes in the pack folder, how it writes it
CASES: tuple[tuple[str, str, Callable[[TextIO, int], None]], ...] = (
    ("baseline", "pack.yaml", _baseline),
    ("a card list", "cards.yaml", _cards),
    ("a one-line list", "cards.yaml", _one_line),
    ("duplicate keys", "pack.yaml", _duplicates),
)


def _load(folder: str, lift: bool, answer: multiprocessing.SimpleQueue[object]) -> None:
    """In a fresh process: load the folder, send back seconds, peak MB and the report."""
    if lift:
        documents.MAX_FILE_BYTES = 1 << 40  # type: ignore[misc]
    start = time.perf_counter()
    report = load_workspace([Path(folder)]).report()
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    codes = sorted({d.code for d in report})
    answer.put((seconds, peak, len(report), codes, report[0].format() if report else ""))


def main() -> None:
    """Write each case, load it in a child process and print what it cost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=50)
    parser.add_argument("--without-limit", action="store_true")
    args = parser.parse_args()
    size = int(args.megabytes * 1024 * 1024)
    print(f"{cpu_name()}, {multiprocessing.cpu_count()} cores, Python {platform.python_version()}")
    lifted = " (lifted)" if args.without_limit else ""
    print(f"size limit: {documents.MAX_FILE_BYTES:,} bytes{lifted}")
    context = multiprocessing.get_context("fork")  # Linux and macOS (resource is POSIX)
    for name, file_name, write in CASES:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "large"
            root.mkdir()
            if file_name != "pack.yaml":
                (root / "pack.yaml").write_text(MANIFEST)
            with (root / file_name).open("w", encoding="utf-8") as out:
                write(out, size)
            written = (root / file_name).stat().st_size / 1024**2
            answer: multiprocessing.SimpleQueue[object] = context.SimpleQueue()
            child = context.Process(target=_load, args=(str(root), args.without_limit, answer))
            child.start()
            child.join()
            if child.exitcode != 0 or answer.empty():
                print(f"{name:16} {written:6.1f} MB: the loader died (exit {child.exitcode})")
                continue
            got: tuple[float, float, int, list[str], str] = answer.get()  # type: ignore[assignment]
            seconds, peak, count, codes, first = got
            print(
                f"{name:16} {written:6.1f} MB: {seconds:8.3f} s, peak {peak:7.0f} MB,"
                f" {count} diagnostics {codes}"
            )
            print(f"{'':16} {first[:150]}")


if __name__ == "__main__":
    main()
