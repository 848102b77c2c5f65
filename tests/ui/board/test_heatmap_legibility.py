"""A heatmap keeps the board legible: every space's label is written again above the heatmap
colour in black or white, reading at 4.5 to 1 or better on every colour of the ramp over
every tile (drawn, not only chosen), and the legend sits in a margin of its own, covering no
space, beside the board or above it, whichever leaves the board larger."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.layouts import Layout
from editor.core.resources import layouts_dir
from editor.core.workspace import Workspace, load_workspace
from editor.studio.board_picture import layout_picture
from editor.ui.board.board_view import BoardView
from editor.ui.board.heatmap_layer import HeatmapLayer, label_ink, ramp_colour, value_ink
from editor.ui.board.painters import contrast_ratio, laid_over

#: WCAG's least contrast for text.
READABLE = 4.5


def record(deaths_at: dict[str, dict[str, int]]) -> Any:
    return {"rounds": 5, "error": None, "metrics": {"deaths_at": deaths_at, "destroyed_at": {}}}


@pytest.fixture(scope="module")
def crab() -> tuple[Workspace, Layout]:
    ws = load_workspace([layouts_dir() / "crustacean.layout.yaml"])
    return ws, ws.layouts["crustacean"]


def make_view(qtbot: QtBot, ws: Workspace, layout: Layout, width: int, height: int) -> BoardView:
    board = BoardView(layout_picture(ws, layout))
    qtbot.addWidget(board)
    board.resize(width, height)
    board.show()
    qtbot.waitExposed(board)
    return board


def test_every_label_reads_on_every_heatmap_colour(qtbot: QtBot) -> None:
    # every bundled layout of every game: its tiles' colours and its empty colour
    ws = load_workspace()
    for layout in ws.layouts.values():
        game = registry.get(layout.game)
        if game is None:
            continue
        view = make_view(qtbot, ws, layout, 400, 300)
        scene = view.board_scene
        for item in scene.space_items.values():
            for step in range(21):
                overlay = ramp_colour(step / 20)
                under = item.painter.label_colour(
                    item.stack, scene.picture.colours, scene.picture.empty_colour
                )
                seen = laid_over(under, overlay)
                assert contrast_ratio(label_ink(item, scene, overlay), seen) >= READABLE, (
                    layout.id,
                    item.label,
                    step,
                )
                top = laid_over(QColor(item.brush().color()), overlay)
                assert contrast_ratio(value_ink(item, scene, overlay), top) >= READABLE


def test_the_label_is_drawn_above_the_hottest_colour(
    qtbot: QtBot, crab: tuple[Workspace, Layout]
) -> None:
    ws, layout = crab
    view = make_view(qtbot, ws, layout, 700, 600)
    hot = "D3"  # a three-tile stack: its label sits on a plate of its bottom tile
    assert len(layout.spaces[hot]) == 3
    layer = HeatmapLayer(view)
    layer.show_results([record({hot: {"water": 4}})] * 2, layout, ws)
    layer.set_current("deaths")
    view.zoom_by(3)  # large glyphs: their cores are the ink itself, not its antialiasing
    item = view.board_scene.item_for(hot)
    view.centerOn(item.center)
    qtbot.wait(50)
    overlay = ramp_colour(1.0)
    scene = view.board_scene
    under = item.painter.label_colour(item.stack, scene.picture.colours, scene.picture.empty_colour)
    background = laid_over(under, overlay)
    box = view.mapFromScene(item.painter.label_box(item.center, item.size)).boundingRect()
    image = view.viewport().grab().toImage()
    best = max(
        contrast_ratio(image.pixelColor(x, y), background)
        for x in range(box.left(), box.right())
        for y in range(box.top(), box.bottom())
    )
    # the label's own pixels stand out as text does; a label left under the colour would
    # reach about 2 to 1 at most
    assert best >= READABLE


def _space_rects(view: BoardView) -> list[QRect]:
    offset = view.viewport().geometry().topLeft()
    rects = []
    for item in view.board_scene.space_items.values():
        polygon = view.mapFromScene(item.polygon())
        rects.append(polygon.boundingRect().translated(offset))
    return rects


@pytest.mark.parametrize(("width", "height", "side"), [(1200, 600, "beside"), (560, 900, "above")])
def test_the_legend_covers_no_space(
    qtbot: QtBot, crab: tuple[Workspace, Layout], width: int, height: int, side: str
) -> None:
    ws, layout = crab
    view = make_view(qtbot, ws, layout, width, height)
    layer = HeatmapLayer(view)
    layer.show_results([record({"D3": {"water": 4}})] * 2, layout, ws)
    layer.set_current("deaths")
    qtbot.waitUntil(lambda: layer.legend.isVisible())
    qtbot.wait(50)
    legend = layer.legend.geometry()
    assert QRect(QPoint(0, 0), view.size()).contains(legend)
    covered = [r for r in _space_rects(view) if r.intersects(legend)]
    assert covered == []
    margins = view.viewportMargins()
    if side == "beside":
        assert margins.left() >= legend.width() and margins.top() == 0
    else:
        assert margins.top() >= legend.height() and margins.left() == 0
    # the board is still fitted whole in what is left
    viewport = QRect(QPoint(0, 0), view.viewport().size()).translated(
        view.viewport().geometry().topLeft()
    )
    assert all(viewport.adjusted(-2, -2, 2, 2).contains(r) for r in _space_rects(view))
    # no heatmap: no margin
    layer.set_current(None)
    assert not layer.legend.isVisible()
    assert (view.viewportMargins().left(), view.viewportMargins().top()) == (0, 0)
