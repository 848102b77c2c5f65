"""Start the editor: make (or reuse) the QApplication and show a main window."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from editor.ui.board_picture import BoardPicture
from editor.ui.display_check import display_problem
from editor.ui.main_window import APP_NAME, MainWindow


def make_window(picture: BoardPicture) -> MainWindow:
    """A main window showing ``picture``, not yet shown (a QApplication must exist)."""
    return MainWindow(picture)


def _application(argv: list[str] | None) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(list(sys.argv if argv is None else argv) or [APP_NAME.lower()])
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    return app


def run(picture: BoardPicture, argv: list[str] | None = None) -> int:
    """Show ``picture`` in a main window and run the event loop; returns the exit code."""
    problem = display_problem() if QApplication.instance() is None else None
    if problem:
        print(f"seastack: {problem}", file=sys.stderr)
        return 1
    app = _application(argv)
    window = make_window(picture)
    window.show()
    return int(app.exec())
