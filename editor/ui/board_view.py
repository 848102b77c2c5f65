"""A zoomable, pannable view of a hex board: one graphics item per space.

The scene is built from a :class:`~editor.ui.board_picture.BoardPicture` and draws with
:mod:`editor.ui.hexpaint`; it holds no game rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QAction,
    QBrush,
    QKeySequence,
    QPainter,
    QPen,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPolygonItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.ui import hexpaint
from editor.ui.board_picture import BoardPicture, describe_space

__all__ = ["HEX_SIZE", "BoardPicture", "BoardScene", "BoardView", "SpaceItem"]

HEX_SIZE = 40.0
"""Scene units from a hex's centre to a corner."""

SCENE_MARGIN = 0.5 * HEX_SIZE
ZOOM_STEP = 1.25
MIN_SCALE = 0.05
MAX_SCALE = 20.0


class SpaceItem(QGraphicsPolygonItem):
    """One board space. Its brush is the fill colour, its tooltip names the stack."""

    def __init__(
        self,
        label: str,
        stack: list[str],
        center: QPointF,
        size: float,
        colours: Mapping[str, str],
    ) -> None:
        super().__init__(hexpaint.hex_polygon(center, size))
        self.label = label
        self.center = QPointF(center)
        self.size = size
        self._colours = dict(colours)
        self._stack: list[str] = []
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setAcceptHoverEvents(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        self.set_stack(stack)

    def boundingRect(self) -> QRectF:
        # hexpaint's border line is centred on the hex outline: leave room for its outer half.
        pad = self.size * 0.05
        return super().boundingRect().adjusted(-pad, -pad, pad, pad)

    @property
    def stack(self) -> list[str]:
        """The tiles of this space, bottom to top (a copy)."""
        return list(self._stack)

    def set_stack(self, stack: list[str]) -> None:
        """Show another stack on this space."""
        self._stack = list(stack)
        self.setBrush(QBrush(hexpaint.fill_colour(self._stack, self._colours)))
        self.setToolTip(describe_space(self.label, self._stack))
        self.update()

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        detail = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        hexpaint.paint_space(
            painter, self.center, self.size, self.label, self._stack, self._colours, detail=detail
        )


class BoardScene(QGraphicsScene):
    """The spaces of one :class:`BoardPicture`, keyed by label."""

    def __init__(self, picture: BoardPicture, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture = picture
        self.space_items: dict[str, SpaceItem] = {}
        for label in picture.labels:
            col, row = picture.position(label)
            item = SpaceItem(
                label,
                picture.stack(label),
                hexpaint.hex_center(col, row, HEX_SIZE),
                HEX_SIZE,
                picture.colours,
            )
            self.addItem(item)
            self.space_items[label] = item
        bounds = hexpaint.board_rect((picture.position(lb) for lb in picture.labels), HEX_SIZE)
        self.setSceneRect(bounds.adjusted(-SCENE_MARGIN, -SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN))

    def item_for(self, label: str) -> SpaceItem:
        """The item of a space; ``KeyError`` for a label that is not on the board."""
        return self.space_items[label]


class BoardView(QGraphicsView):
    """Shows a :class:`BoardScene`: wheel and Ctrl+= / Ctrl+- zoom, Ctrl+0 fits, drag pans.

    The board is fitted to the window when first shown, and again on resize until the user
    zooms.
    """

    def __init__(self, picture: BoardPicture, parent: QWidget | None = None) -> None:
        self.board_scene = BoardScene(picture)
        super().__init__(self.board_scene, parent)
        self.board_scene.setParent(self)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setBackgroundBrush(QBrush(Qt.GlobalColor.white))
        self._follow_window = True

        self.zoom_in_action = self._action(
            "Zoom &In", [QKeySequence("Ctrl+="), QKeySequence("Ctrl++")], self.zoom_in
        )
        self.zoom_out_action = self._action("Zoom &Out", [QKeySequence("Ctrl+-")], self.zoom_out)
        self.fit_action = self._action("&Fit to Window", [QKeySequence("Ctrl+0")], self.fit)

    def _action(self, text: str, keys: list[QKeySequence], slot: Callable[[], None]) -> QAction:
        action = QAction(text, self)
        action.setShortcuts(keys)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    @property
    def picture(self) -> BoardPicture:
        return self.board_scene.picture

    def current_scale(self) -> float:
        """Screen pixels per scene unit."""
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        """Scale the view by ``factor``, kept between MIN_SCALE and MAX_SCALE."""
        scale = self.current_scale()
        target = min(max(scale * factor, MIN_SCALE), MAX_SCALE)
        if scale > 0 and target != scale:
            self.scale(target / scale, target / scale)
        self._follow_window = False

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def fit(self) -> None:
        """Show the whole board, as large as the window allows."""
        rect: QRectF = self.board_scene.sceneRect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._follow_window = True

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(ZOOM_STEP**steps)
            event.accept()
        else:
            super().wheelEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._follow_window:
            self.fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._follow_window:
            self.fit()
