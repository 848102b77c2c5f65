"""Screenshots of the replay and of a heatmap, to look at their legibility.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/ui/replay/screenshot_legibility.py \
        [LAYOUT] [--games N] [--prefix /tmp/legibility]

Plays a batch of LAYOUT (default: the bundled Crustacean) in the live simulator, then saves
PREFIX-heatmap.png (the board with each heatmap the game offers, the first one), and
PREFIX-replay.png (the Replay tab on the first game, half way through). A script, not a
test (pytest collects only ``test_*.py``); it starts worker processes, so its work is under
``if __name__ == "__main__"``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("layout", nargs="?", default=None)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--prefix", default="/tmp/legibility")
    parser.add_argument("--step", type=float, default=0.5, help="how far into the replay")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    import editor.games  # noqa: F401  (registers the games)
    from editor.core.resources import layouts_dir
    from editor.ui.shell.app import make_window

    app = QApplication.instance() or QApplication(["seastack"])
    assert isinstance(app, QApplication)
    layout = Path(args.layout) if args.layout else layouts_dir() / "crustacean.layout.yaml"
    with tempfile.TemporaryDirectory(prefix="seastack-shot-") as folder:
        settings = QSettings(str(Path(folder) / "seastack.ini"), QSettings.Format.IniFormat)
        window = make_window(layout, settings=settings, data_dir=Path(folder) / "data")
        window.resize(1600, 1000)
        window.simulator.form.games.setValue(args.games)
        window.show()

        def settle(test: object, limit: float = 600.0) -> None:
            start = time.monotonic()
            while not test():  # type: ignore[operator]
                app.processEvents()
                time.sleep(0.02)
                if time.monotonic() - start > limit:
                    raise SystemExit(f"gave up waiting after {limit:.0f}s")
            for _ in range(20):
                app.processEvents()
                time.sleep(0.02)

        def done() -> bool:
            snap = window.simulator.snapshot()
            return snap.generation > 0 and snap.state == "done"

        settle(done)
        layer = window.heatmap_layer
        maps = layer.heatmaps()
        for index, heatmap in enumerate(maps or [None]):
            if heatmap is not None:
                layer.set_current(heatmap.id)
            settle(lambda: True)
            out = f"{args.prefix}-heatmap{'' if index == 0 else f'-{index + 1}'}.png"
            window.grab().save(out)
            print(f"saved {out}")
        window.tabs.setCurrentWidget(window.replay_panel)
        panel = window.replay_panel
        settle(lambda: panel.games.rowCount() > 0)
        panel.replay_row(0)
        if panel.replay is not None:
            panel.set_step(int(args.step * (len(panel.replay.steps) - 1)))
        settle(lambda: True)
        out = f"{args.prefix}-replay.png"
        window.grab().save(out)
        print(f"saved {out}")
        window.close()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main(sys.argv[1:]))
