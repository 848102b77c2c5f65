"""Opens the editor's main window on a screen of a given size (Qt's offscreen platform with a
screen of that size) and prints its geometry as JSON; with ``--resize W H`` it then resizes
the window and closes it, so that its settings remember the new size.

Run by ``test_window_size.py`` in a process of its own: the screen's size is fixed when Qt
starts, and the tests' own process runs on a smaller offscreen screen.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    """Open, measure, maybe resize and close; print the window's and the screen's geometry."""
    parser = argparse.ArgumentParser()
    parser.add_argument("settings", type=Path)
    parser.add_argument("data", type=Path)
    parser.add_argument("--resize", type=int, nargs=2, metavar=("W", "H"))
    args = parser.parse_args(argv)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    import editor.games  # noqa: F401  (registers the games)
    from editor.ui.shell.app import make_window

    app = QApplication([])
    settings = QSettings(str(args.settings), QSettings.Format.IniFormat)
    window = make_window(None, settings=settings, data_dir=args.data, live_simulation=False)
    window.show()
    app.processEvents()
    frame = window.frameGeometry()
    room = window.screen().availableGeometry()
    told = {
        "size": [window.width(), window.height()],
        "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
        "room": [room.x(), room.y(), room.width(), room.height()],
        "minimum": [window.minimumWidth(), window.minimumHeight()],
    }
    if args.resize:
        window.resize(*args.resize)
        app.processEvents()
        told["resized"] = [window.width(), window.height()]
        window.close()  # the window remembers its size as it closes
    print(json.dumps(told))
    return 0


if __name__ == "__main__":
    sys.exit(main())
