"""Start the editor: make (or reuse) the QApplication and show a main window."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.studio.layout_files import default_layout_path, open_layout, read_source
from editor.studio.layout_model import LayoutModel
from editor.ui.common.display_check import display_problem
from editor.ui.shell import crash_guard
from editor.ui.shell.main_window import MainWindow
from editor.ui.shell.window_settings import APP_NAME, ORGANISATION


def make_window(path: Path | None = None, **options: Any) -> MainWindow:
    """A main window editing the layout at ``path`` (default: the bundled Crustacean).

    A QApplication must exist; the window is not shown. ``options`` go to
    :class:`MainWindow` (settings, prompts, data_dir...). Raises ValueError when the file
    cannot be opened as a layout.
    """
    chosen = Path(path) if path is not None else default_layout_path()
    opened = open_layout(chosen)
    if opened.layout is None or opened.workspace is None:
        raise ValueError(opened.error)
    model = LayoutModel(opened.workspace, opened.layout, chosen, read_source(chosen))
    return MainWindow(model, **options)


def _application(argv: list[str] | None) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(list(sys.argv if argv is None else argv) or [APP_NAME.lower()])
    app.setOrganizationName(ORGANISATION)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    return app


def run(ws: Workspace, layout: Layout, path: Path | None, argv: list[str] | None = None) -> int:
    """Edit ``layout`` (loaded from ``path`` into ``ws``) in a main window until it closes."""
    problem = display_problem() if QApplication.instance() is None else None
    if problem:
        print(f"seastack: {problem}", file=sys.stderr)
        return 1
    app = _application(argv)
    source = read_source(path) if path is not None else None
    window = MainWindow(LayoutModel(ws, layout, path, source))
    previous_hook = crash_guard.install(window, window.data_dir / "logs")
    try:
        window.show()
        window.files.offer_recovery()
        return int(app.exec())
    finally:
        sys.excepthook = previous_hook
