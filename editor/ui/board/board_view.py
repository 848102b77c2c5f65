"""A zoomable, pannable view of a board: one graphics item per space.

The scene is built from a :class:`~editor.studio.board_picture.BoardPicture` and draws with the
painter of the picture's grid (:func:`editor.ui.board.painters.for_grid`: hexes or squares); it
holds no game rules. On an open square table the scene shows the cells the picture names and
a margin of empty cells around them, where the next tile can go. The view turns mouse presses
and drags on spaces into signals (``stroke_started``, ``stroke_moved``, ``stroke_ended``) that
the editor turns into edits; the left button edits, the middle button or Space + drag pans.
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
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
    QGraphicsSceneHoverEvent,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.core.registry import TileArt
from editor.studio.board_picture import BoardPicture, describe_space
from editor.ui.board.painters import Painter, fill_colour, for_grid

__all__ = ["HEX_SIZE", "BoardPicture", "BoardScene", "BoardView", "LabelMode", "SpaceItem"]

HEX_SIZE = 40.0
"""The grid size of a space in scene units (hex: centre to corner; square: half the side)."""

SCENE_MARGIN = 0.5 * HEX_SIZE
ZOOM_STEP = 1.25
MIN_SCALE = 0.05
MAX_SCALE = 20.0
#: Fit shows at least this many columns and rows of spaces, so that a layout of a few spaces
#: (one on a board the editor does not know) is drawn at a board's scale, not one a window.
FIT_MIN_COLUMNS = 8
FIT_MIN_ROWS = 8
SELECTED_COLOUR = "#ffb000"
HOVER_COLOUR = "#ffffff"
BACKGROUND = "#dfe6ec"


class LabelMode(enum.Enum):
    """When the board shows space labels."""

    ALWAYS = "always"
    HOVER = "hover"
    OFF = "off"


class SpaceItem(QGraphicsPolygonItem):
    """One board space. Its brush is the fill colour, its tooltip names the stack.

    Its shape is the space's outline drawn by ``painter`` (the painter of the board's grid);
    ``empty`` is the picture an empty space takes its colour and word from.
    """

    def __init__(
        self,
        label: str,
        stack: list[str],
        center: QPointF,
        size: float,
        colours: Mapping[str, str],
        painter: Painter | None = None,
        empty: BoardPicture | None = None,
    ) -> None:
        self.painter = painter if painter is not None else for_grid("hex")
        super().__init__(self.painter.shape(center, size))
        self.label = label
        self.center = QPointF(center)
        self.size = size
        self._colours = dict(colours)
        self._stack: list[str] = []
        self._empty = empty if empty is not None else BoardPicture("", [])
        self.tile_marks: list[str | None] | None = None
        self.counters: list[str] = []
        self.counter_colours: Mapping[str, str] = {}
        self.badge: str | None = None
        #: The tile seen from above (its paths), drawn instead of the stack.
        self.art: TileArt | None = None
        self.label_mode = LabelMode.ALWAYS
        self.hovered = False
        self.selected = False
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setAcceptHoverEvents(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        self.set_stack(stack)

    def boundingRect(self) -> QRectF:
        # the border and the selection outline are centred on the hex outline: leave room.
        pad = self.size * 0.1
        return super().boundingRect().adjusted(-pad, -pad, pad, pad)

    @property
    def stack(self) -> list[str]:
        """The tiles of this space, bottom to top (a copy)."""
        return list(self._stack)

    def set_stack(self, stack: Sequence[str]) -> None:
        """Show another stack on this space."""
        self._stack = list(stack)
        self.setBrush(QBrush(fill_colour(self._stack, self._colours, self._empty.empty_colour)))
        self.setToolTip(describe_space(self.label, self._stack, self._empty.empty_word))
        self.update()

    def set_colours(self, colours: Mapping[str, str], empty: BoardPicture | None = None) -> None:
        """Paint tiles with another colour map (and empty spaces as ``empty`` says)."""
        self._colours = dict(colours)
        if empty is not None:
            self._empty = empty
        self.set_stack(self._stack)

    def label_shown(self) -> bool:
        """Whether the label is painted now (it depends on the mode and the hover)."""
        if self.label_mode is LabelMode.ALWAYS:
            return True
        if self.label_mode is LabelMode.HOVER:
            return self.hovered or self.selected
        return False

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = True
        self.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered = False
        self.update()
        super().hoverLeaveEvent(event)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        detail = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        empty = self._empty
        self.painter.paint_space(
            painter,
            self.center,
            self.size,
            self.label,
            self._stack,
            self._colours,
            detail=detail,
            show_label=self.label_shown(),
            tile_marks=self.tile_marks,
            counters=self.counters,
            badge=self.badge,
            counter_colours=self.counter_colours,
            empty_colour=empty.empty_colour,
            empty_border=empty.empty_border,
            empty_ink=empty.empty_ink,
            art=self.art,
        )
        if self.selected or self.hovered:
            painter.save()
            colour = QColor(SELECTED_COLOUR if self.selected else HOVER_COLOUR)
            width = self.size * (0.09 if self.selected else 0.05)
            pen = QPen(colour, width)
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(self.painter.shape(self.center, self.size - width / 2))
            painter.restore()


class BoardScene(QGraphicsScene):
    """The spaces of one :class:`BoardPicture`, keyed by label, drawn by its grid's painter.

    On an open table the items are the picture's cells and the empty cells next to them
    (:meth:`BoardPicture.spaces` with a margin); the scene is built again when that set
    changes, so a table that grows always shows where the next tile can go.
    """

    def __init__(self, picture: BoardPicture, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture = picture
        self.painter = for_grid(picture.grid)
        self.space_items: dict[str, SpaceItem] = {}
        self.label_mode = LabelMode.ALWAYS
        self.show_backs = False
        self.selected: str | None = None
        self._build(picture)

    def _build(self, picture: BoardPicture) -> None:
        self.painter = painter = for_grid(picture.grid)
        spaces = picture.spaces(margin=True)
        for label in spaces:
            item = SpaceItem(
                label,
                picture.stack(label),
                painter.centre(label, HEX_SIZE),
                HEX_SIZE,
                picture.colours,
                painter,
                picture,
            )
            item.label_mode = self.label_mode
            self.addItem(item)
            self.space_items[label] = item
            self._decorate(label)
        bounds = painter.board_rect(spaces, HEX_SIZE)
        self.setSceneRect(bounds.adjusted(-SCENE_MARGIN, -SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN))

    def _rebuild(self, picture: BoardPicture) -> None:
        """Drop every item and build the scene of ``picture`` (keeping the selection)."""
        self.clear()
        self.space_items = {}
        self.picture = picture
        self._build(picture)
        if self.selected not in self.space_items:
            self.selected = None
        elif self.selected is not None:
            self.space_items[self.selected].selected = True

    def _grew(self) -> bool:
        """Whether an open table's cells (with their margin) are no longer the items'."""
        return self.picture.open and self.picture.spaces(margin=True) != list(self.space_items)

    def _decorate(self, label: str) -> None:
        item = self.space_items[label]
        picture = self.picture
        item.tile_marks = picture.tile_marks.get(label) if self.show_backs else None
        item.counters = list(picture.counters.get(label, ()))
        item.counter_colours = picture.counter_colours
        item.badge = picture.badges.get(label)
        item.art = picture.art.get(label)
        tip = describe_space(label, item.stack, picture.empty_word)
        if item.counters:
            counts = Counter(item.counters)
            tip += "\ntokens: " + ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items()))
        if item.badge:
            tip += "\nstart space"
        item.setToolTip(tip)
        item.update()

    def item_for(self, label: str) -> SpaceItem:
        """The item of a space; ``KeyError`` for a label that is not on the board."""
        return self.space_items[label]

    def set_picture(self, picture: BoardPicture) -> None:
        """Show another picture; items are reused when the board's spaces are the same."""
        if picture.grid != self.picture.grid or picture.spaces(margin=True) != list(
            self.space_items
        ):
            self._rebuild(picture)
            return
        self.picture = picture
        for label, item in self.space_items.items():
            item.set_colours(picture.colours, picture)
            item.set_stack(picture.stack(label))
            self._decorate(label)

    def set_stacks(self, stacks: Mapping[str, Sequence[str]]) -> None:
        """Show new stacks on some spaces (the others are left alone; on an open table a
        stack on a new cell is kept and the table grows)."""
        for label, stack in stacks.items():
            item = self.space_items.get(label)
            if item is None and not self.picture.open:
                continue
            self.picture.stacks[label] = list(stack)
            if item is not None:
                item.set_stack(stack)
        if self._grew():
            self._rebuild(self.picture)

    def refresh_spaces(self, picture: BoardPicture, labels: Iterable[str]) -> None:
        """Show some spaces as ``picture`` has them now: stacks, tile marks, counters, badges."""
        mine = self.picture
        for label in labels:
            item = self.space_items.get(label)
            if item is None and not mine.open:
                continue
            mine.stacks[label] = picture.stack(label)
            _copy(picture.tile_marks, mine.tile_marks, label)
            _copy(picture.counters, mine.counters, label)
            _copy(picture.badges, mine.badges, label)
            if label in picture.labels and label not in mine.labels:
                mine.labels.append(label)
            if item is not None:
                item.set_stack(picture.stack(label))
                self._decorate(label)
        if self._grew():
            self._rebuild(mine)

    def set_tile_marks(self, marks: Mapping[str, list[str | None]]) -> None:
        """Replace the tile marks of some spaces."""
        for label, shown in marks.items():
            self.picture.tile_marks[label] = list(shown)
            if label in self.space_items:
                self._decorate(label)

    def set_label_mode(self, mode: LabelMode) -> None:
        """Labels always, on hover only, or never."""
        self.label_mode = mode
        for item in self.space_items.values():
            item.label_mode = mode
            item.update()

    def set_show_backs(self, show: bool) -> None:
        """Draw the tiles' marks (:attr:`BoardPicture.tile_marks`) instead of the tile counts,
        or not."""
        self.show_backs = show
        for label in self.space_items:
            self._decorate(label)

    def select(self, label: str | None) -> None:
        """Outline one space as the selection (None: no selection)."""
        if self.selected in self.space_items:
            old = self.space_items[self.selected]
            old.selected = False
            old.update()
        self.selected = label if label in self.space_items else None
        if self.selected is not None:
            item = self.space_items[self.selected]
            item.selected = True
            item.update()


_V = TypeVar("_V")


def _copy(source: Mapping[str, _V], target: dict[str, _V], label: str) -> None:
    """Make ``target[label]`` what ``source`` has for it (nothing when it has nothing)."""
    if label in source:
        target[label] = source[label]
    else:
        target.pop(label, None)


class BoardView(QGraphicsView):
    """Shows a :class:`BoardScene`: wheel and Ctrl+= / Ctrl+- zoom, Ctrl+0 fits.

    The left button reports strokes on spaces; the middle button, or Space held down with the
    left button, pans. The board is fitted to the window when first shown, and again on
    resize until the user zooms.
    """

    stroke_started = Signal(str)
    stroke_moved = Signal(str)
    stroke_ended = Signal()
    hovered = Signal(str)

    def __init__(self, picture: BoardPicture, parent: QWidget | None = None) -> None:
        self.board_scene = BoardScene(picture)
        super().__init__(self.board_scene, parent)
        self.board_scene.setParent(self)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setBackgroundBrush(QBrush(QColor(BACKGROUND)))
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._follow_window = True
        self._pan_from: QPoint | None = None
        self._space_held = False
        self._stroke_last: QPointF | None = None
        self._stroke_label: str | None = None
        self._hover_label = ""
        self._edit_cursor = Qt.CursorShape.ArrowCursor

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
        """What the board shows now."""
        return self.board_scene.picture

    # --- zoom -------------------------------------------------------------------------

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
        """One step closer (the wheel, Ctrl++)."""
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        """One step further away (the wheel, Ctrl+-)."""
        self.zoom_by(1 / ZOOM_STEP)

    def fit(self) -> None:
        """Show the whole board, as large as the window allows (see :data:`FIT_MIN_COLUMNS`)."""
        rect: QRectF = self.board_scene.sceneRect()
        across, down = self.board_scene.painter.pitch(HEX_SIZE)
        width = max(rect.width(), across * FIT_MIN_COLUMNS)
        height = max(rect.height(), down * FIT_MIN_ROWS)
        shown = QRectF(0, 0, width, height)
        shown.moveCenter(rect.center())
        self.fitInView(shown, Qt.AspectRatioMode.KeepAspectRatio)
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

    # --- mouse: strokes on spaces, and panning ------------------------------------------

    def label_at(self, pos: QPoint) -> str | None:
        """The label of the space under a viewport position, if any."""
        return self._label_at_scene(self.mapToScene(pos))

    def _label_at_scene(self, point: QPointF) -> str | None:
        for item in self.board_scene.items(point):
            if isinstance(item, SpaceItem) and item.contains(point):
                return item.label
        return None

    @property
    def panning(self) -> bool:
        """Whether a pan drag is going on."""
        return self._pan_from is not None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        if button == Qt.MouseButton.MiddleButton or (
            button == Qt.MouseButton.LeftButton and self._space_held
        ):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if button == Qt.MouseButton.LeftButton:
            point = self.mapToScene(event.position().toPoint())
            label = self._label_at_scene(point)
            self._stroke_last = point
            self._stroke_label = label
            if label is not None:
                self.stroke_started.emit(label)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._pan_from is not None:
            delta = pos - self._pan_from
            self._pan_from = pos
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        point = self.mapToScene(pos)
        if self._stroke_last is not None and event.buttons() & Qt.MouseButton.LeftButton:
            self._sweep(self._stroke_last, point)
            self._stroke_last = point
            event.accept()
        label = self._label_at_scene(point) or ""
        if label != self._hover_label:
            self._hover_label = label
            self.hovered.emit(label)
        super().mouseMoveEvent(event)

    def _sweep(self, start: QPointF, end: QPointF) -> None:
        """Report every space crossed between two points (a fast drag skips none)."""
        steps = max(1, math.ceil(math.hypot(end.x() - start.x(), end.y() - start.y()) / 8))
        for i in range(1, steps + 1):
            t = i / steps
            point = QPointF(
                start.x() + (end.x() - start.x()) * t, start.y() + (end.y() - start.y()) * t
            )
            label = self._label_at_scene(point)
            if label is not None and label != self._stroke_label:
                if self._stroke_label is None:
                    self.stroke_started.emit(label)
                else:
                    self.stroke_moved.emit(label)
                self._stroke_label = label

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._pan_from = None
            self.viewport().setCursor(
                Qt.CursorShape.OpenHandCursor if self._space_held else self._edit_cursor
            )
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and self._stroke_last is not None:
            started = self._stroke_label is not None
            self._stroke_last = None
            self._stroke_label = None
            if started:
                self.stroke_ended.emit()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def set_edit_cursor(self, shape: Qt.CursorShape) -> None:
        """The cursor over the board while no pan is going on (it tells the tool)."""
        self._edit_cursor = shape
        if self._pan_from is None and not self._space_held:
            self.viewport().setCursor(shape)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            if self._pan_from is None:
                self.viewport().setCursor(self._edit_cursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

    def scene_point_of(self, label: str) -> QPoint:
        """The viewport position of a space's centre (for tests and scripted clicks)."""
        return self.mapFromScene(self.board_scene.item_for(label).center)
