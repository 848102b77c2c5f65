"""Time to the first result of the live simulator after a change: run on demand, never in tests.

    .venv/bin/python benchmarks/bench_live.py [--changes 5] [--games 200]

Opens the editor window offscreen on the bundled Crustacean layout with the Simulator dock
shown (4 players, heuristic bots, every faction, no module), lets the first batch start,
then makes layout edits one at a time (a space cleared, then put back) and measures, for
each, the time from the edit to the first game of the new batch shown by the dock: the
debounce (``DEBOUNCE_MS``), loading and checking the design, compiling the content,
starting the workers and playing one game. The second figure is the same without the
debounce and the GUI: ``Snapshot.first_result``, from the submit to the first result.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from machine import cpu_name  # benchmarks/machine.py, beside this script

from editor.core.resources import layouts_dir

# Qt is imported inside main(): each worker runs this script's top level again (the spawn
# rules), and the editor's own entry point imports Qt only when it opens a window.

#: Give up on one change after this long (a broken set-up, not a slow one).
TIMEOUT = 60.0


def _wait(app: Any, window: Any, test: Any) -> Any:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        app.processEvents()
        snap = window.simulator.snapshot()
        if test(snap):
            return snap
        time.sleep(0.001)
    raise SystemExit(f"no result in time: {window.simulator.snapshot()!r:.300}")


def main() -> None:
    """Measure time to first result after layout edits and print it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=5, help="edits to time (default 5)")
    parser.add_argument("--games", type=int, default=200, help="games per batch (default 200)")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from editor.ui.playtest.simulator_dock import DEBOUNCE_MS, worker_count
    from editor.ui.shell.app import make_window

    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory(prefix="seastack-bench-") as folder:
        settings = QSettings(str(Path(folder) / "bench.ini"), QSettings.Format.IniFormat)
        window = make_window(
            layouts_dir() / "crustacean.layout.yaml", settings=settings, data_dir=Path(folder)
        )
        window.show()
        panel = window.simulator
        panel.form.players.setValue(4)
        panel.form.games.setValue(args.games)
        window.simulator_dock.show()
        window.simulator_dock.raise_()
        started = time.monotonic()
        first = _wait(app, window, lambda s: s.done > 0)
        print(f"window opened, dock shown: first result after {time.monotonic() - started:.3f} s")

        label = next(lb for lb, stack in window.model.layout.spaces.items() if stack)
        shown: list[float] = []
        inner: list[float] = []
        generation = first.generation
        for change in range(args.changes):
            _wait(app, window, lambda s: s.done >= min(10, s.planned))  # a batch in full swing
            window.select_space(label)
            before = time.monotonic()
            if change % 2 == 0:
                window.clear_selected()
            else:
                window.undo_stack.undo()
            snap = _wait(app, window, lambda s, g=generation: s.generation > g and s.done > 0)
            shown.append(time.monotonic() - before)
            inner.append(snap.first_result or 0.0)
            generation = snap.generation
        window.undo_stack.setClean()  # nothing to save: closing asks nothing
        window.close()

    print(
        f"{args.changes} changes, {worker_count()} worker(s), {cpu_name()}, "
        f"Python {platform.python_version()}"
    )
    print(
        f"edit to first result shown (debounce {DEBOUNCE_MS} ms included): "
        f"median {statistics.median(shown):.3f} s, max {max(shown):.3f} s"
    )
    print(
        f"submit to first result (no debounce, no GUI): "
        f"median {statistics.median(inner):.3f} s, max {max(inner):.3f} s"
    )


if __name__ == "__main__":
    main()
