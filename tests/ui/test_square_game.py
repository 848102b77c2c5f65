"""The editor with a second game on a square grid: the square test game's yard opened in the
main window, painted as squares, edited with the Stack tool and undone, a square game replayed
in the Replay tab, and ``seastack render`` of the yard."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.sim.replay import replay_seed
from editor.studio.board_picture import BoardPicture, layout_picture
from editor.studio.tools import Tool
from editor.ui.board.board_view import HEX_SIZE
from editor.ui.board.export_image import image_point
from editor.ui.board.painters import for_grid
from editor.ui.shell.main_window import MainWindow
from tests.conftest import SQUARE_DATA, load_square
from tests.square_game import EMPTY_COLOUR, FLOOR_COLOUR
from tests.square_game.rules import replay_frame
from tests.ui.conftest import WindowFactory
from tests.ui.test_editor import click

YARD = SQUARE_DATA / "yard.layout.yaml"
#: The yard board's cells (4 x 3 less 3,2) and the one without floor.
YARD_CELLS = {f"{x},{y}" for x in range(4) for y in range(3)} - {"3,2"}
HOLE = "2,2"
FLOOR = QColor(FLOOR_COLOUR)
EMPTY = QColor(EMPTY_COLOUR)


def _close(a: QColor, b: QColor, tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


@pytest.fixture
def window(open_window: WindowFactory, square_game: registry.Game) -> MainWindow:
    """A window opened on the bundled layout, then on the yard through File > Open (which
    loads the folder beside the layout, where its board is)."""
    win = open_window()
    assert isinstance(win, MainWindow) and win.files.open_file(YARD)
    return win


def _ground(window: MainWindow, label: str) -> QColor:
    """The colour on screen half a cell left of a space's centre, clear of its texts."""
    view = window.board_view
    centre = for_grid("square").centre(label, HEX_SIZE)
    at = view.mapFromScene(centre - QPointF(0.5 * HEX_SIZE, 0))
    image = view.viewport().grab().toImage()
    return image.pixelColor(at)


def test_the_yard_opens_as_a_board_of_squares(window: MainWindow) -> None:
    assert window.model.layout.id == "yard" and window.model.layout.game == "square-test"
    picture = window.board.picture
    assert isinstance(picture, BoardPicture)
    assert (picture.grid, picture.open, picture.empty_colour) == ("square", False, EMPTY_COLOUR)
    scene = window.board_view.board_scene
    assert scene.painter.kind == "square"
    assert set(scene.space_items) == YARD_CELLS  # the omitted corner has no item
    for label, item in scene.space_items.items():
        assert item.polygon().count() == 4, label  # squares, not hexes
        assert item.stack == ([] if label in (HOLE, "3,1") else ["floor"])
    rect = scene.item_for("0,0").polygon().boundingRect()
    assert rect.width() == pytest.approx(2 * HEX_SIZE) == rect.height()
    assert scene.item_for("1,0").polygon().boundingRect().left() == pytest.approx(rect.right())
    assert window.board.picture.describe(HOLE) == f"{HOLE}: hole"
    assert _close(_ground(window, "0,0"), FLOOR)
    assert _close(_ground(window, HOLE), EMPTY)


def test_the_stack_tool_lays_floor_on_a_hole_and_undo_takes_it_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert [kind.id for kind in window.model.tile_types()] == ["floor"]
    assert window.model.empty_word() == "hole"
    window.palette.set_tool(Tool.STACK)
    window.palette.set_tile("floor")
    item = window.board_view.board_scene.item_for(HOLE)
    assert window.model.stack(HOLE) == () and item.stack == []
    click(qtbot, window, HOLE)
    assert window.model.stack(HOLE) == ("floor",)
    assert window.board_view.board_scene.item_for(HOLE).stack == ["floor"]
    assert window.undo_stack.count() == 1 and window.undo_stack.canUndo()
    qtbot.waitUntil(lambda: _close(_ground(window, HOLE), FLOOR))
    window.undo_stack.undo()
    assert window.model.stack(HOLE) == ()
    assert window.board_view.board_scene.item_for(HOLE).stack == []
    qtbot.waitUntil(lambda: _close(_ground(window, HOLE), EMPTY))
    window.undo_stack.redo()
    assert window.model.stack(HOLE) == ("floor",)


def test_the_replay_tab_replays_a_square_game(window: MainWindow) -> None:
    panel = window.replay_panel
    window.show_replay()
    played = panel.replay_seed(5)
    assert played is not None and played.outcome is not None and played.error is None
    assert played.outcome.reason == "board-full"
    assert panel.board.board_scene.painter.kind == "square"
    # the same match as the simulator's replay of that seed
    context = panel.context
    assert context is not None
    again = replay_seed(context.engine, context.prepared, context.plan, 5, frame=replay_frame)
    assert again.choices == played.choices and again.outcome == played.outcome
    panel.to_start()
    assert panel.pieces.pieces == ()
    panel.step_forward()
    first = played.steps[1]
    assert [p.label for p in panel.pieces.pieces] == [first.choice]
    panel.to_end()
    last = played.steps[-1].frame
    assert last is not None and panel.frame() == last
    assert len(last.pieces) == 9
    for piece in last.pieces:
        assert piece in panel.pieces.at(piece.label or "")
        assert panel.board.board_scene.item_for(piece.label or "").stack == ["floor"]
    assert panel.situation.text() == " · ".join(last.status)


def test_seastack_render_paints_the_yards_floor(
    square_game: registry.Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor import cli

    # `seastack render` loads the layout file alone: its board, beside it and not bundled,
    # is loaded here as a designer's folder would be (see the report on open_layout)
    monkeypatch.setattr(cli, "open_layout", functools.partial(open_layout, packs=[SQUARE_DATA]))
    out = tmp_path / "yard.png"
    assert cli.main(["render", str(YARD), "-o", str(out)]) == 0
    image = QImage(str(out)).convertToFormat(QImage.Format.Format_ARGB32)
    assert not image.isNull()
    ws = load_square()
    picture = layout_picture(ws, ws.layouts["yard"])
    assert picture.grid == "square"

    def ground(label: str) -> QColor:
        x, y, size = image_point(picture, label, (image.width(), image.height()))
        return image.pixelColor(int(x - 0.5 * size), int(y))

    assert _close(ground("0,0"), FLOOR)
    assert _close(ground("3,0"), FLOOR)
    assert _close(ground(HOLE), EMPTY)


def test_the_palette_follows_the_square_board(window: MainWindow) -> None:
    palette = window.palette
    assert (palette.grid, palette.empty_colour, palette.empty_word) == ("square", "#222222", "hole")


def test_the_live_simulator_plays_the_yard_with_the_seats_the_game_declares(
    qtbot: QtBot, open_window: WindowFactory, square_game: registry.Game
) -> None:
    from tests.ui.playtest.test_simulator_dock import start, wait_for

    window = open_window(YARD, live_simulation=True)
    start(window, 6)
    snap = wait_for(qtbot, window, lambda s: s.state == "done")
    assert snap.seats_available == (2, 2)
    assert window.simulator.form.players.value() == 2  # clamped from the remembered 4
    assert snap.ready is not None and snap.ready.game_id == "square-test"
    assert snap.summary is not None and len(snap.summary["seats"]) == 2
    assert snap.done == 6 and not snap.failures


def test_the_inspectors_swatches_are_squares_on_the_yard(window: MainWindow) -> None:
    icon = window.inspector.tile_choice.itemIcon(0).pixmap(18, 18).toImage()
    square = for_grid("square").swatch(FLOOR_COLOUR, 18).pixmap(18, 18).toImage()
    hexagon = for_grid("hex").swatch(FLOOR_COLOUR, 18).pixmap(18, 18).toImage()
    assert icon == square and icon != hexagon


def test_a_game_without_factions_or_modules_is_not_offered_them(
    qtbot: QtBot, open_window: WindowFactory, square_game: registry.Game
) -> None:
    from tests.ui.playtest.test_simulator_dock import start, wait_for

    window = open_window(YARD, live_simulation=True)
    start(window, 4)
    wait_for(qtbot, window, lambda s: s.state == "done")
    form = window.simulator.form
    assert not form.factions.isVisibleTo(form) and not form.modules.isVisibleTo(form)
    assert form.summary() == "2 players · best available bots · 4 games"


def test_the_players_chosen_come_back_with_a_game_that_seats_them(
    qtbot: QtBot, open_window: WindowFactory, square_game: registry.Game
) -> None:
    from tests.ui.playtest.test_simulator_dock import start, wait_for

    window = open_window(YARD, live_simulation=True)
    start(window, 4)
    wait_for(qtbot, window, lambda s: s.seats_available == (2, 2))
    qtbot.waitUntil(lambda: window.simulator.form.players.value() == 2, timeout=10_000)
    assert window.files.open_file(layouts_dir() / "crustacean.layout.yaml")
    wait_for(qtbot, window, lambda s: s.seats_available == (2, 4))
    # the form takes the design's seats when the dock next redraws: the four chosen before
    qtbot.waitUntil(lambda: window.simulator.form.players.value() == 4, timeout=10_000)
