"""Screenshots of the main window with a finished batch in the Playtest tab, to look at.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/ui/playtest/screenshot.py \
        [LAYOUT] [OUT.png] [--games N] [--dark]

Plays a batch of LAYOUT (default: the bundled Crustacean) in the live simulator, shows the
Playtest tab and saves the window as OUT.png (default /tmp/playtest-<game>.png); then pins
it as the baseline, plays the next batch seed and saves OUT-baseline.png beside it, and
the whole tab (every chart and table, as if unscrolled) as OUT-tab.png. A script,
not a test (pytest collects only ``test_*.py``); it starts worker processes, so its work is
under ``if __name__ == "__main__"``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path


def dark_palette() -> object:
    """A dark palette, to see that the charts follow it."""
    from PySide6.QtGui import QColor, QPalette

    palette = QPalette()
    roles = QPalette.ColorRole
    for role, colour in (
        (roles.Window, "#2b2d31"),
        (roles.WindowText, "#e6e6e6"),
        (roles.Base, "#1e1f22"),
        (roles.AlternateBase, "#26282c"),
        (roles.Text, "#e6e6e6"),
        (roles.Button, "#34363b"),
        (roles.ButtonText, "#e6e6e6"),
    ):
        palette.setColor(role, QColor(colour))
    return palette


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("layout", nargs="?", default=None)
    parser.add_argument("out", nargs="?", default=None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--dark", action="store_true")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    import editor.games  # noqa: F401  (registers the games)
    from editor.core.resources import layouts_dir
    from editor.ui.shell.app import make_window

    app = QApplication.instance() or QApplication(["seastack"])
    assert isinstance(app, QApplication)
    if args.dark:
        app.setPalette(dark_palette())  # type: ignore[arg-type]
    layout = Path(args.layout) if args.layout else layouts_dir() / "crustacean.layout.yaml"
    with tempfile.TemporaryDirectory(prefix="seastack-shot-") as folder:
        settings = QSettings(str(Path(folder) / "seastack.ini"), QSettings.Format.IniFormat)
        window = make_window(layout, settings=settings, data_dir=Path(folder) / "data")
        window.resize(1600, 1000)
        window.simulator.form.games.setValue(args.games)
        window.show()
        window.tabs.setCurrentWidget(window.playtest)
        game = window.model.layout.game
        out = Path(args.out) if args.out else Path(f"/tmp/playtest-{game}.png")

        def settle(test: object, limit: float = 600.0) -> None:
            start = time.monotonic()
            while not test():  # type: ignore[operator]
                app.processEvents()
                time.sleep(0.02)
                if time.monotonic() - start > limit:
                    raise SystemExit(f"gave up waiting after {limit:.0f}s")
            for _ in range(30):  # the throttled redraw, then the paint
                app.processEvents()
                time.sleep(0.02)

        def done_after(generation: int) -> bool:
            snap = window.simulator.snapshot()
            return snap.generation > generation and snap.state == "done"

        settle(lambda: done_after(0))
        window.playtest.refresh()
        settle(lambda: True)
        window.grab().save(str(out))
        print(f"saved {out}")
        window.playtest.pin_baseline()
        first = window.simulator.snapshot().generation
        window.simulator.run_again()
        settle(lambda: done_after(first))
        window.playtest.refresh()
        settle(lambda: True)
        compared = out.with_name(f"{out.stem}-baseline{out.suffix}")
        window.grab().save(str(compared))
        print(f"saved {compared}")
        whole = out.with_name(f"{out.stem}-tab{out.suffix}")
        window.playtest.body.grab().save(str(whole))  # every chart and table, unscrolled
        print(f"saved {whole}")
        window.close()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main(sys.argv[1:]))
