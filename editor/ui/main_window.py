"""The editor's main window (for now a viewer of one board picture)."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QWidget

import editor
from editor.ui.board_picture import BoardPicture
from editor.ui.board_view import BoardView

APP_NAME = "Seastack"


def window_title(picture: BoardPicture) -> str:
    """``"Crustacean — Seastack"``."""
    return f"{picture.title} — {APP_NAME}" if picture.title else APP_NAME


def status_text(picture: BoardPicture) -> str:
    """``"Crustacean · 26 land spaces · 48 tiles"``."""
    land = picture.land_count
    tiles = picture.tile_count
    return (
        f"{picture.title} · {land} land space{'' if land == 1 else 's'}"
        f" · {tiles} tile{'' if tiles == 1 else 's'}"
    )


class MainWindow(QMainWindow):
    """A board view in the middle, a File and a View menu, and a status line."""

    def __init__(self, picture: BoardPicture, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture = picture
        self.board_view = BoardView(picture, self)
        self.setCentralWidget(self.board_view)
        self.setWindowTitle(window_title(picture))
        self.resize(960, 760)

        self.status_label = QLabel(status_text(picture), self)
        self.statusBar().addWidget(self.status_label, 1)

        menus = self.menuBar()
        file_menu = menus.addMenu("&File")
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.quit_action)

        view_menu = menus.addMenu("&View")
        view_menu.addAction(self.board_view.zoom_in_action)
        view_menu.addAction(self.board_view.zoom_out_action)
        view_menu.addAction(self.board_view.fit_action)

        help_menu = menus.addMenu("&Help")
        self.about_action = QAction(f"&About {APP_NAME}", self)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

    def about_text(self) -> str:
        return (
            f"<b>{APP_NAME} {editor.__version__}</b><br>"
            "A desktop studio for designers of hex and tile board games:"
            " layouts, rules as data, and a live simulator."
        )

    def show_about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}", self.about_text())
