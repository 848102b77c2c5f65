"""How fast the editor's board view builds, repaints and follows edits: run on demand only.

    .venv/bin/python benchmarks/bench_board_view.py [--layout PATH] [--repeat 5] [--size 1280x820]

Opens the editor's real main window offscreen (``QT_QPA_PLATFORM=offscreen`` unless another
platform is set) on the bundled Crustacean layout, with settings and autosaves in a temporary
folder, and times what a designer waits for: the window's start, building the board's scene,
a full repaint of the board at the fitted zoom and zoomed in (labels always shown, then tile
backs shown), one paint stroke across a row of spaces (the model, the board, the palette and
the status line follow every space), the live check that runs after an edit, the statistics,
and an exported image. Each figure is the best of the repeats, in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, qVersion
from PySide6.QtWidgets import QApplication

import editor.games  # noqa: F401  (registers the games)
from editor.core.resources import layouts_dir
from editor.games.snails.layout_stats import layout_stats
from editor.studio.tools import Tool
from editor.ui.board.board_view import BoardScene
from editor.ui.board.export_image import export_image
from editor.ui.shell.app import make_window
from editor.ui.shell.main_window import MainWindow


def best_ms(action: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs of ``action``, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def repaint(window: MainWindow) -> None:
    """Paint the whole board view now (synchronously), as after a resize or a scroll."""
    port = window.board_view.viewport()
    port.repaint()


def stroke(window: MainWindow, labels: list[str], full_repaint: bool = True) -> None:
    """One Stack stroke across ``labels``, reported as the board view reports a drag; undone.

    With ``full_repaint`` the whole board is repainted at every space (the worst case);
    without, Qt repaints only what changed when the events are processed.
    """
    window.palette.set_tool(Tool.STACK)
    view = window.board_view
    view.stroke_started.emit(labels[0])
    for label in labels[1:]:
        view.stroke_moved.emit(label)
        QApplication.processEvents()
        if full_repaint:
            repaint(window)
    view.stroke_ended.emit()
    window.undo_stack.undo()
    QApplication.processEvents()


def main() -> None:
    """Time the board view on a layout and print one line per measure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", type=Path, default=layouts_dir() / "crustacean.layout.yaml")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--size", default="1280x820", help="window size, WIDTHxHEIGHT")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.lower().split("x"))
    app = QApplication.instance() or QApplication(["bench"])
    results: list[tuple[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="seastack-bench-") as tmp:
        folder = Path(tmp)

        def open_window() -> MainWindow:
            settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
            window = make_window(args.layout, settings=settings, data_dir=folder / "data")
            window.resize(width, height)
            window.show()
            app.processEvents()
            return window

        def start() -> None:
            window = open_window()
            repaint(window)
            window.close()
            window.deleteLater()
            app.processEvents()

        results.append(("open the window on the layout, first paint", best_ms(start, args.repeat)))
        window = open_window()
        picture = window.model.picture()
        spaces = len(picture.labels)
        results.append(("build the board's scene", best_ms(lambda: BoardScene(picture), 20)))
        window.board_view.fit()
        app.processEvents()
        results.append(("repaint the board, fitted, labels", best_ms(lambda: repaint(window), 20)))
        window.set_show_backs(True)
        app.processEvents()
        results.append(("repaint the board, fitted, backs", best_ms(lambda: repaint(window), 20)))
        window.set_show_backs(False)
        window.board_view.zoom_by(3.0)
        app.processEvents()
        results.append(("repaint the board, zoomed 3x", best_ms(lambda: repaint(window), 20)))
        window.board_view.fit()
        app.processEvents()
        board = window.model.board
        row = [lb for lb in window.model.labels if lb[1:] == "9"] if board else []
        row = row or list(window.model.labels)[:10]
        per_stroke = best_ms(lambda: stroke(window, row), args.repeat)
        results.append((f"one stroke over {len(row)} spaces, with undo", per_stroke))
        results.append(("  per space, the whole board repainted", per_stroke / len(row)))
        changed_only = best_ms(lambda: stroke(window, row, full_repaint=False), args.repeat)
        results.append(("  per space, only what changed repainted", changed_only / len(row)))
        results.append(("live check of the layout", best_ms(window.model.check, args.repeat)))
        ws, layout = window.model.workspace, window.model.layout
        results.append(("statistics", best_ms(lambda: layout_stats(ws, layout), args.repeat)))
        png = folder / "board.png"
        results.append(
            ("export a PNG image", best_ms(lambda: export_image(picture, png), args.repeat))
        )
        window.close()
    print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()},"
        f" Qt {qVersion()}, platform {app.platformName()}"
    )
    print(f"{args.layout.name}: {spaces} spaces, window {width}x{height}, best of {args.repeat}")
    for what, ms in results:
        print(f"{what:<48} {ms:8.2f} ms")


if __name__ == "__main__":
    main()
