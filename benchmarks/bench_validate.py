"""How fast `seastack validate` checks many layouts: run on demand, never in the test suite.

    .venv/bin/python benchmarks/bench_validate.py [--files 2000] [--repeat 3]

Writes copies of the bundled Robot layout (with new ids) to a temporary folder and times
loading and checking them, best of the repeats, on one core.
"""

from __future__ import annotations

import argparse
import platform
import tempfile
import time
from pathlib import Path

import editor.games  # noqa: F401  (registers the games)
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace


def main() -> None:
    """Time the loader over generated layout files and print files per second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    source = (layouts_dir() / "robot.layout.yaml").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for index in range(args.files):
            text = source.replace("id: robot", f"id: robot-{index}", 1)
            (folder / f"robot-{index}.layout.yaml").write_text(text, encoding="utf-8")
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            ws = load_workspace([folder])
            best = min(best, time.perf_counter() - start)
            assert not ws.report(), "the generated layouts should be valid"
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{args.files} layouts in {best:.2f} s: {args.files / best:.0f} files per second")


if __name__ == "__main__":
    main()
