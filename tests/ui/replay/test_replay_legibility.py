"""The replay reads at a glance: pieces as large as their space allows, in their owner's
colour, with a badge in black or white that reads on it; the games list with every column in
sight, none of its texts cut."""

from __future__ import annotations

import math
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRect, Qt
from PySide6.QtGui import QFontMetrics
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.sim.runner import BatchPlan, run_batch
from editor.ui.board.painters import contrast_ratio, for_grid
from editor.ui.replay.replay_panel import COLUMNS, ReplayPanel
from editor.ui.replay.replay_pieces import (
    BADGE_WIDTH,
    SEAT_COLOURS,
    badge_font,
    badge_ink,
    piece_spots,
    seat_colour,
)


def _edge_distance(point: QPointF, a: QPointF, b: QPointF) -> float:
    """How far a point inside a convex outline lies from the line through one edge."""
    ex, ey = b.x() - a.x(), b.y() - a.y()
    return abs(ex * (a.y() - point.y()) - ey * (a.x() - point.x())) / math.hypot(ex, ey)


@pytest.mark.parametrize("kind", ["hex", "square"])
@pytest.mark.parametrize("count", range(1, 7))
def test_pieces_fit_their_space_clear_of_the_label_and_of_each_other(kind: str, count: int) -> None:
    painter = for_grid(kind)
    size = 40.0
    centre = QPointF(0, 0)
    outline = painter.shape(centre, size)
    corners = [outline.at(i) for i in range(outline.count())]
    label = painter.label_box(centre, size)
    spots = piece_spots(count, size)
    assert len(spots) == count
    for offset, radius in spots:
        for a, b in zip(corners, [*corners[1:], corners[0]], strict=True):
            assert _edge_distance(offset, a, b) >= radius - 1e-6
        assert offset.y() - radius >= label.bottom() - 1e-6  # below the label's band
        assert offset.y() + radius <= 0.52 * size - 0.16 * size + 1e-6  # above the counters
    for i, (a, ra) in enumerate(spots):
        for b, rb in spots[i + 1 :]:
            assert math.hypot(a.x() - b.x(), a.y() - b.y()) >= ra + rb - 1e-6


def test_pieces_grow_with_the_space() -> None:
    for count in (1, 2, 3):
        small = [r for _, r in piece_spots(count, 40)]
        large = [r for _, r in piece_spots(count, 80)]
        assert large == pytest.approx([2 * r for r in small])
    ((_, alone),) = piece_spots(1, 40)
    assert alone >= 0.35 * 40  # a lone piece takes most of its space's height
    assert min(r for _, r in piece_spots(2, 40)) >= 0.3 * 40


def test_badges_read_on_every_seats_colour(qtbot: QtBot) -> None:
    for seat in range(len(SEAT_COLOURS)):
        assert contrast_ratio(badge_ink(seat), seat_colour(seat)) >= 4.5
    for text in ("5", "20", "100"):
        for radius in (6.0, 12.0, 24.0):
            font = badge_font(text, radius)
            assert QFontMetrics(font).horizontalAdvance(text) <= 2 * radius * BADGE_WIDTH + 1
            assert font.pixelSize() >= min(radius * 0.6, radius * 1.1 - 1) or len(text) > 2


@pytest.fixture(scope="module")
def batch() -> dict[str, Any]:
    ws = load_workspace([layouts_dir() / "crustacean.layout.yaml"])
    layout = ws.layouts["crustacean"]
    game = registry.get("snails")
    assert game is not None and game.engine is not None
    prepared = game.engine.prepare(ws, layout)
    plan = BatchPlan(
        games=12,
        players=4,
        bots=("heuristic",) * 4,
        seed=3,
        factions=tuple(game.engine.factions(prepared)),
        digest=True,
    )
    results = run_batch(game.engine, prepared, plan)
    return {
        "ws": ws,
        "layout": layout,
        "engine": game.engine,
        "prepared": prepared,
        "plan": plan,
        "results": results,
    }


@pytest.fixture
def panel(qtbot: QtBot, batch: dict[str, Any]) -> ReplayPanel:
    widget = ReplayPanel()
    qtbot.addWidget(widget)
    widget.resize(1060, 690)  # the Replay tab's room in a 1600 by 1000 window
    widget.show()
    qtbot.waitExposed(widget)
    widget.set_batch(
        batch["results"],
        batch["plan"],
        batch["engine"],
        batch["prepared"],
        batch["layout"],
        batch["ws"],
    )
    return widget


def test_the_games_list_shows_every_column_whole(panel: ReplayPanel) -> None:
    games = panel.games
    header = games.horizontalHeader()
    width = games.viewport().width()
    assert games.columnCount() == len(COLUMNS)
    for column in range(games.columnCount()):
        left = header.sectionViewportPosition(column)
        assert left >= 0 and left + header.sectionSize(column) <= width, COLUMNS[column]
    metrics = QFontMetrics(games.font())
    for row in range(games.rowCount()):
        for column in range(games.columnCount()):
            text = games.item(row, column).text()
            room = QRect(0, 0, games.columnWidth(column) - 6, 10_000)
            needed = metrics.boundingRect(room, Qt.TextFlag.TextWordWrap, text)
            assert needed.width() <= room.width(), (row, COLUMNS[column], text)
            assert needed.height() <= games.rowHeight(row), (row, COLUMNS[column], text)
    # the board beside it keeps most of the rest
    assert panel.board.width() >= 0.45 * panel.width()


def test_a_piece_is_drawn_large_in_its_owners_colour(qtbot: QtBot, panel: ReplayPanel) -> None:
    panel.replay_row(0)
    assert panel.replay is not None
    panel.set_step(len(panel.replay.steps) // 3)
    frame = panel.frame()
    assert frame is not None
    scene = panel.board.board_scene
    alone = [
        (label, here[0]) for label in scene.space_items if len(here := panel.pieces.at(label)) == 1
    ]
    assert alone, "some space holds one piece"
    qtbot.wait(50)
    image = panel.board.viewport().grab().toImage()
    for label, piece in alone:
        item = scene.item_for(label)
        ((offset, radius),) = piece_spots(1, item.size)
        centre = item.center + offset
        # above the badge's text, inside the outline: the owner's colour
        spot = panel.board.mapFromScene(centre + QPointF(0, -0.72 * radius))
        seen = image.pixelColor(spot)
        wanted = seat_colour(piece.seat)
        assert (
            max(
                abs(seen.red() - wanted.red()),
                abs(seen.green() - wanted.green()),
                abs(seen.blue() - wanted.blue()),
            )
            <= 8
        ), (label, seen.name(), wanted.name())
        # and the disc is as wide on screen as the space makes it
        shown = (
            panel.board.mapFromScene(centre + QPointF(radius, 0)).x()
            - panel.board.mapFromScene(centre).x()
        )
        hex_width = panel.board.mapFromScene(item.center + QPointF(item.size, 0)).x() - (
            panel.board.mapFromScene(item.center).x()
        )
        assert shown >= 0.3 * hex_width
        # at the Replay tab's room the disc is some 20 pixels across: a badge reads on it
        assert 2 * shown >= 16
