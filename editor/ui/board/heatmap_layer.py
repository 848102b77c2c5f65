"""A heatmap over the board: one colour per space from a batch of simulated matches.

The measures come from the layout's game through the registry's ``heatmaps`` hook (plain
data, :class:`~editor.core.registry.Heatmap`); this module only draws them: a translucent
colour ramp on each space the measure speaks of, above the tiles, with the value written
small, and a legend (title, unit, the scale's ends, how to read it). The space's label is
written again above the colour, in black or white by the colour seen there, so that it reads
on every colour of the ramp; the legend sits in a margin the view keeps for it (beside the
board or above it, whichever leaves the board larger), so it covers no space.
:class:`HeatmapLayer` is switched by View > Heatmap, the ``H`` key (next heatmap) and a combo
box in the status bar; it clears itself when there are no results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QFont, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGraphicsItem,
    QLabel,
    QMenu,
    QStyleOptionGraphicsItem,
    QVBoxLayout,
    QWidget,
)

from editor.core import registry
from editor.core.layouts import Layout
from editor.core.registry import Heatmap
from editor.core.workspace import Workspace
from editor.ui.board.board_view import BoardScene, BoardView, SpaceItem
from editor.ui.board.painters import fill_colour, laid_over, readable_ink

#: The ramp from the calm end of a scale to the alarming end (pale yellow, orange, deep red).
RAMP = ("#ffffb2", "#fd8d3c", "#bd0026")
#: How opaque the colour lies over the tiles (0-255): the stack still shows through.
ALPHA = 175
#: Drawn above the spaces (z 0), so it is seen; it writes their labels again on top.
Z_VALUE = 5.0
#: Room between the legend and the view's edge, and between the legend and the board.
LEGEND_GAP = 6


def ramp_colour(t: float, alpha: int = ALPHA) -> QColor:
    """The ramp's colour at ``t`` (0: calm, 1: alarming), clamped."""
    t = min(max(t, 0.0), 1.0)
    stops = [QColor(c) for c in RAMP]
    span = t * (len(stops) - 1)
    i = min(int(span), len(stops) - 2)
    f = span - i
    a, b = stops[i], stops[i + 1]
    colour = QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * f,
        a.greenF() + (b.greenF() - a.greenF()) * f,
        a.blueF() + (b.blueF() - a.blueF()) * f,
    )
    colour.setAlpha(alpha)
    return colour


def heat(heatmap: Heatmap, value: float) -> float:
    """Where a value lies on the ramp: 0 calm to 1 alarming (``hot_high`` says which end)."""
    span = heatmap.high - heatmap.low
    t = (value - heatmap.low) / span if span > 0 else (1.0 if value > heatmap.low else 0.0)
    return t if heatmap.hot_high else 1.0 - t


def format_value(value: float) -> str:
    """A heatmap value as the board writes it: two significant places, no trailing noise."""
    if value == int(value):
        return str(int(value))
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


class HeatmapItem(QGraphicsItem):
    """Paints one heatmap over a board scene; it takes no mouse or hover events."""

    def __init__(self, scene: BoardScene) -> None:
        super().__init__()
        self.board_scene = scene
        self.heatmap: Heatmap | None = None
        self.setZValue(Z_VALUE)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return self.board_scene.sceneRect()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        heatmap = self.heatmap
        if heatmap is None:
            return
        detail = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for label, value in heatmap.values.items():
            space = self.board_scene.space_items.get(label)
            if space is None:
                continue
            colour = ramp_colour(heat(heatmap, value))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawPolygon(space.painter.shape(space.center, space.size * 0.92))
            if detail * space.size >= 12 and space.label_shown():
                ink = label_ink(space, self.board_scene, colour)
                space.painter.paint_label(painter, space.center, space.size, space.label, ink)
            if detail * space.size >= 18:
                font = QFont()
                font.setPixelSize(max(int(space.size * 0.24), 1))
                font.setBold(True)
                painter.setFont(font)
                painter.setPen(value_ink(space, self.board_scene, colour))
                box = QRectF(
                    space.center.x() - space.size * 0.6,
                    space.center.y() + space.size * 0.22,
                    space.size * 1.2,
                    space.size * 0.34,
                )
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, format_value(value))
        painter.restore()


def label_ink(space: SpaceItem, scene: BoardScene, overlay: QColor) -> QColor:
    """The ink of a space's label above a heatmap colour: black or white, by the colour
    seen where the label lies (the heatmap's over the bottom tile's or the empty colour)."""
    picture = scene.picture
    under = space.painter.label_colour(space.stack, picture.colours, picture.empty_colour)
    return readable_ink(laid_over(under, overlay))


def value_ink(space: SpaceItem, scene: BoardScene, overlay: QColor) -> QColor:
    """The ink of the value written on a space: by the heatmap colour over its top tile."""
    picture = scene.picture
    under = fill_colour(space.stack, picture.colours, picture.empty_colour)
    return readable_ink(laid_over(under, overlay))


class GradientBar(QWidget):
    """The legend's colour bar, calm end on the left unless the scale runs the other way."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hot_high = True
        self.setFixedHeight(12)
        self.setMinimumWidth(160)

    def paintEvent(self, event: Any) -> None:
        painter = QPainter(self)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        gradient = QLinearGradient(QPointF(rect.left(), 0), QPointF(rect.right(), 0))
        for step in range(11):
            t = step / 10
            gradient.setColorAt(t, ramp_colour(t if self.hot_high else 1 - t, 255))
        painter.setPen(QPen(QColor("#26323d"), 1))
        painter.setBrush(gradient)
        painter.drawRect(rect)
        painter.end()


class HeatmapLegend(QFrame):
    """The heatmap's title, its colour bar with the scale's ends and unit, and its reading."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("HeatmapLegend")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.title = QLabel(self)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.bar = GradientBar(self)
        self.ends = QLabel(self)
        self.unit = QLabel(self)
        self.reading = QLabel(self)
        self.reading.setWordWrap(True)
        self.reading.setMaximumWidth(260)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(2)
        for widget in (self.title, self.bar, self.ends, self.unit, self.reading):
            layout.addWidget(widget)
        self.hide()

    def show_heatmap(self, heatmap: Heatmap | None) -> None:
        """Describe a heatmap (None hides the legend)."""
        if heatmap is None:
            self.hide()
            return
        self.title.setText(heatmap.title)
        self.bar.hot_high = heatmap.hot_high
        self.bar.update()
        low, high = format_value(heatmap.low), format_value(heatmap.high)
        self.ends.setText(f"{low}  …  {high}")
        games = f"{heatmap.games} game{'s' * (heatmap.games != 1)}"
        self.unit.setText(f"{heatmap.unit} · {games}")
        self.reading.setText(heatmap.reading)
        self.adjustSize()
        self.move(LEGEND_GAP, LEGEND_GAP)
        self.show()
        self.raise_()


def as_records(results: Sequence[Any]) -> list[Mapping[str, Any]]:
    """Match records (``GameResult.to_json()``) from results or records."""
    return [r.to_json() if hasattr(r, "to_json") else r for r in results]


class HeatmapLayer(QObject):
    """The heatmaps of the latest batch and the one drawn over a board view (or none)."""

    #: The heatmaps on offer or the one shown changed.
    changed = Signal()

    def __init__(self, view: BoardView, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.legend = HeatmapLegend(view)
        self._maps: list[Heatmap] = []
        self._current: str | None = None
        #: The heatmap the user chose last; it comes back when a new batch offers it.
        self._wanted: str | None = None
        self._item: HeatmapItem | None = None
        #: Why the latest batch has no heatmap when the game's hook failed ("" otherwise).
        self.problem = ""
        view.installEventFilter(self)  # a resized view may keep the legend's room elsewhere

    # --- data -------------------------------------------------------------------------

    def show_results(self, results: Sequence[Any], layout: Layout, workspace: Workspace) -> None:
        """Compute the layout game's heatmaps from a batch's results (GameResult or records)."""
        game = registry.playable(layout.game)
        if game is None or game.heatmaps is None or not results:
            self.clear()
            return
        try:
            maps = list(game.heatmaps(as_records(results), workspace, layout))
        except Exception as exc:  # a bug in the game's hook: no heatmap, said, never a crash
            # (results arrive several times a second: a crash dialog each time would not do)
            self.problem = f"No heatmap: the game could not measure the batch ({exc!r})"
            self.clear()
            self.changed.emit()
            return
        self.problem = ""
        self._maps = maps
        ids = [m.id for m in self._maps]
        self._current = self._wanted if self._wanted in ids else None
        self.refresh()
        self.changed.emit()

    def clear(self) -> None:
        """No results: no heatmap on offer, nothing drawn."""
        had = bool(self._maps) or self._current is not None
        self._maps = []
        self._current = None
        self.refresh()
        if had:
            self.changed.emit()

    def heatmaps(self) -> list[Heatmap]:
        """The heatmaps on offer now."""
        return list(self._maps)

    def current(self) -> Heatmap | None:
        """The heatmap drawn now, if any."""
        return next((m for m in self._maps if m.id == self._current), None)

    def set_current(self, heatmap_id: str | None) -> None:
        """Draw this heatmap (None: none); an id not on offer draws none."""
        self._wanted = heatmap_id
        ids = [m.id for m in self._maps]
        self._current = heatmap_id if heatmap_id in ids else None
        self.refresh()
        self.changed.emit()

    def cycle(self) -> Heatmap | None:
        """The next heatmap on offer, then none, then the first again (the H key)."""
        order: list[str | None] = [None, *(m.id for m in self._maps)]
        at = order.index(self._current) if self._current in order else 0
        self.set_current(order[(at + 1) % len(order)])
        return self.current()

    def value_at(self, label: str) -> float | None:
        """The drawn heatmap's value on a space (None: none drawn, or no value there)."""
        heatmap = self.current()
        return None if heatmap is None else heatmap.values.get(label)

    def colour_at(self, label: str) -> QColor | None:
        """The colour the overlay gives a space now."""
        heatmap = self.current()
        value = self.value_at(label)
        return None if heatmap is None or value is None else ramp_colour(heat(heatmap, value))

    # --- drawing ----------------------------------------------------------------------

    @property
    def item(self) -> HeatmapItem | None:
        """The overlay's scene item while one is drawn."""
        return self._item if self._item is not None and shiboken6.isValid(self._item) else None

    def refresh(self) -> None:
        """Draw the current heatmap as the board is now (the scene may have been rebuilt)."""
        scene = self.view.board_scene
        heatmap = self.current()
        item = self.item
        if item is None or item.scene() is not scene:
            # a new board clears the scene and deletes the old item with it
            item = HeatmapItem(scene)
            scene.addItem(item)
            self._item = item
        item.heatmap = heatmap
        item.prepareGeometryChange()
        item.setVisible(heatmap is not None)
        item.update()
        self.legend.show_heatmap(heatmap)
        self.make_room()

    def make_room(self) -> None:
        """Keep a margin for the legend beside the board or above it (whichever leaves the
        board larger when fitted), so that the legend covers no space; none without one."""
        view = self.view
        if not self.legend.isVisible():
            view.setViewportMargins(0, 0, 0, 0)
            return
        width = self.legend.width() + 2 * LEGEND_GAP
        height = self.legend.height() + 2 * LEGEND_GAP
        rect = view.board_scene.sceneRect()
        room_w, room_h = view.width() - 2 * view.frameWidth(), view.height() - 2 * view.frameWidth()
        if rect.width() <= 0 or rect.height() <= 0:
            return
        beside = min((room_w - width) / rect.width(), room_h / rect.height())
        above = min(room_w / rect.width(), (room_h - height) / rect.height())
        if beside >= above:
            view.setViewportMargins(width, 0, 0, 0)
        else:
            view.setViewportMargins(0, height, 0, 0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The view was resized: the legend's room may be better on the other side."""
        if watched is self.view and event.type() == QEvent.Type.Resize:
            self.make_room()
        return False


#: What the status bar's heatmap box is for.
TIP = "Heatmap over the board from the latest batch of simulated games (H)"


class HeatmapCombo(QComboBox):
    """A combo box choosing the heatmap drawn (for the status bar or a panel)."""

    def __init__(self, layer: HeatmapLayer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layer = layer
        self.setToolTip(TIP)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.currentIndexChanged.connect(self._chosen)
        layer.changed.connect(self._fill)
        self._fill()

    def _fill(self) -> None:
        self.blockSignals(True)
        self.clear()
        self.addItem("No heatmap", None)
        for heatmap in self.layer.heatmaps():
            self.addItem(heatmap.title, heatmap.id)
        current = self.layer.current()
        self.setCurrentIndex(self.findData(current.id) if current is not None else 0)
        self.setEnabled(bool(self.layer.heatmaps()))
        self.setToolTip(self.layer.problem or TIP)
        self.blockSignals(False)

    def _chosen(self, index: int) -> None:
        self.layer.set_current(self.itemData(index))


class HeatmapMenu(QMenu):
    """View > Heatmap: None, then each heatmap on offer, checkable; Next Heatmap (H)."""

    def __init__(self, layer: HeatmapLayer, parent: QWidget | None = None) -> None:
        super().__init__("&Heatmap", parent)
        self.layer = layer
        self.group = QActionGroup(self)
        self.next_action = QAction("&Next Heatmap", self)
        self.next_action.setShortcut("H")
        self.next_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.next_action.triggered.connect(lambda _=False: self._cycle())
        self.choices: dict[str | None, QAction] = {}
        self._hint: QAction | None = None
        layer.changed.connect(self._fill)
        self._fill()

    def _cycle(self) -> None:
        self.layer.cycle()

    def _fill(self) -> None:
        """Rebuild the entries when the heatmaps on offer change; else only move the check."""
        current = self.layer.current()
        entries: list[tuple[str | None, str]] = [(None, "&None")]
        entries += [(m.id, m.title) for m in self.layer.heatmaps()]
        if [key for key, _ in entries] != list(self.choices) or self._hint is None:
            self._rebuild(entries)
        for key, action in self.choices.items():
            action.setChecked(key == (current.id if current else None))
        if self._hint is not None:
            self._hint.setVisible(not self.layer.heatmaps())

    def _rebuild(self, entries: list[tuple[str | None, str]]) -> None:
        # actions are taken out and deleted later: one of them may be the one being triggered
        for action in self.actions():
            self.removeAction(action)
            if action is not self.next_action:
                self.group.removeAction(action)
                action.deleteLater()
        self.choices = {}
        for heatmap_id, text in entries:
            action = QAction(text, self)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, h=heatmap_id: self.layer.set_current(h))
            self.group.addAction(action)
            self.addAction(action)
            self.choices[heatmap_id] = action
        self._hint = QAction("(no simulated games yet)", self)
        self._hint.setEnabled(False)
        self.addAction(self._hint)
        self.addSeparator()
        self.addAction(self.next_action)
