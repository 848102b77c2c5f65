"""The editor window: board view, hex painting and the main window."""

from __future__ import annotations

import functools
import math
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QKeySequence, QWheelEvent
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from editor.core.workspace import Workspace, load_workspace
from editor.studio.board_picture import BoardPicture, layout_picture
from editor.ui.board.board_view import HEX_SIZE, BoardView, SpaceItem
from editor.ui.board.painters import FALLBACK_COLOUR, fill_colour, for_grid, tile_colour
from editor.ui.shell.app import make_window
from editor.ui.shell.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts

MOUNTAIN = "#8d8175"
#: Snails' empty colour (its ``editor.empty_colour``).
WATER = "#3f7fbf"
HEX = for_grid("hex")


def hex_center(col: int, row: int, size: float) -> QPointF:
    """The centre of the hex in column ``col`` and row ``row`` (both from 0)."""
    return HEX.offset_centre(col, row, size)


@functools.cache
def _bundled() -> Workspace:
    return load_workspace()


def picture_from_layout(name: str, colours: dict[str, str] | None = None) -> BoardPicture:
    ws = _bundled()
    picture = layout_picture(ws, ws.layouts[name])
    if colours is not None:
        picture.colours = colours
    return picture


def _shown(qtbot: QtBot, widget: QWidget, width: int, height: int) -> None:
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)


@pytest.fixture
def crab() -> BoardPicture:
    return picture_from_layout("crustacean")


@pytest.fixture
def view(qtbot: QtBot, crab: BoardPicture) -> BoardView:
    widget = BoardView(crab)
    _shown(qtbot, widget, 640, 560)
    return widget


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = make_window(settings=settings, prompts=ScriptedPrompts(), data_dir=tmp_path)
    _shown(qtbot, win, 900, 800)
    return win


def off_centre(point: QPointF, size: float) -> QPointF:
    """A point on a space's top tile beside the tile count written in its middle."""
    return QPointF(point.x() - 0.45 * size, point.y())


def close_to(colour: QColor, expected: str, tolerance: int = 12) -> bool:
    want = QColor(expected)
    return all(
        abs(a - b) <= tolerance
        for a, b in (
            (colour.red(), want.red()),
            (colour.green(), want.green()),
            (colour.blue(), want.blue()),
        )
    )


# --- geometry -------------------------------------------------------------------------------


def test_even_columns_sit_half_a_hex_lower() -> None:
    a1 = hex_center(0, 0, 10)
    b1 = hex_center(1, 0, 10)
    assert a1.y() == pytest.approx(b1.y() + math.sqrt(3) * 10 / 2)
    assert b1.x() == pytest.approx(15)


def _adjacent_in_pixels(a: str, b: str) -> bool:
    size = 10.0
    pa = HEX.centre(a, size)
    pb = HEX.centre(b, size)
    return math.hypot(pa.x() - pb.x(), pa.y() - pb.y()) == pytest.approx(math.sqrt(3) * size)


@pytest.mark.parametrize("corner", [("C6", "C7", "D7"), ("G4", "G5", "F5")])
def test_hexes_meeting_at_a_corner(corner: tuple[str, str, str]) -> None:
    a, b, c = corner
    assert _adjacent_in_pixels(a, b)
    assert _adjacent_in_pixels(b, c)
    assert _adjacent_in_pixels(a, c)


def test_the_hexes_around_d10() -> None:
    picture = BoardPicture.rectangle("t", 12, 10, {})
    found = [lb for lb in picture.labels if lb != "D10" and _adjacent_in_pixels("D10", lb)]
    # D11 would be the seventh, but the expert board has 10 rows.
    assert sorted(found) == ["C10", "C9", "D9", "E10", "E9"]


def test_hex_polygon_is_flat_topped() -> None:
    polygon = HEX.shape(QPointF(0, 0), 10)
    assert polygon.size() == 6
    ys = sorted(round(polygon.at(i).y(), 6) for i in range(6))
    assert ys[0] == ys[1] == pytest.approx(-math.sqrt(3) * 5)


def test_colours_come_from_the_map_then_grey_and_name_no_tile() -> None:
    # tile colours are content (the game's colours hook), and so is the empty colour
    grey = QColor(FALLBACK_COLOUR).name()
    assert tile_colour("mountain").name() == grey
    assert tile_colour("mountain", {"mountain": "#112233"}).name() == "#112233"
    assert tile_colour("lava").name() == grey
    assert fill_colour([], empty=WATER).name() == WATER
    assert fill_colour([], {"water": "#000000"}).name() == "#d9d9d9"  # a game-free default
    assert fill_colour(["beach", "meadow"], {"meadow": "#8fbf5a"}).name() == "#8fbf5a"


def test_render_picture_paints_a_whole_board(qtbot: QtBot, crab: BoardPicture) -> None:
    image = HEX.render_picture(crab, size=20, margin=0)
    assert not image.isNull()
    rect = HEX.board_rect(crab.labels, 20)
    centre = off_centre(HEX.centre("D3", 20), 20) - rect.topLeft()
    assert close_to(image.pixelColor(int(centre.x()), int(centre.y())), MOUNTAIN)


# --- the board view -------------------------------------------------------------------------


def test_one_item_per_board_space(view: BoardView, crab: BoardPicture) -> None:
    items = [item for item in view.scene().items() if isinstance(item, SpaceItem)]
    assert len(items) == len(crab.labels) == 120
    assert {item.label for item in items} == set(crab.labels)


def test_items_are_filled_with_the_top_tile_colour(view: BoardView) -> None:
    scene = view.board_scene
    assert scene.item_for("D3").stack == ["beach", "meadow", "mountain"]
    assert scene.item_for("D3").brush().color().name() == MOUNTAIN
    assert scene.item_for("A1").stack == []
    assert scene.item_for("A1").brush().color().name() == WATER
    assert scene.item_for("D4").brush().color().name() == "#8fbf5a"


def test_caller_colours_override_the_defaults(qtbot: QtBot) -> None:
    picture = picture_from_layout("crustacean", {"mountain": "#ff0000"})
    picture.empty_colour = "#000080"
    widget = BoardView(picture)
    qtbot.addWidget(widget)
    assert widget.board_scene.item_for("D3").brush().color().name() == "#ff0000"
    assert widget.board_scene.item_for("A1").brush().color().name() == "#000080"


def test_tooltips_name_the_stack(view: BoardView) -> None:
    scene = view.board_scene
    assert scene.item_for("D4").toolTip() == "D4: beach, meadow"
    assert scene.item_for("B4").toolTip() == "B4: beach"
    assert scene.item_for("A1").toolTip() == "A1: water"


def test_item_under_a_scene_point_is_that_space(view: BoardView, crab: BoardPicture) -> None:
    centre = HEX.centre("F5", HEX_SIZE)
    item = view.itemAt(view.mapFromScene(centre))
    assert isinstance(item, SpaceItem)
    assert item.label == "F5"


def test_zoom_changes_the_scale(view: BoardView) -> None:
    start = view.current_scale()
    view.zoom_in()
    assert view.current_scale() == pytest.approx(start * 1.25)
    view.zoom_out()
    view.zoom_out()
    assert view.current_scale() == pytest.approx(start / 1.25)
    view.fit()
    assert view.current_scale() == pytest.approx(start)


def test_zoom_shortcuts(view: BoardView) -> None:
    assert QKeySequence("Ctrl+=") in view.zoom_in_action.shortcuts()
    assert QKeySequence("Ctrl+-") in view.zoom_out_action.shortcuts()
    assert QKeySequence("Ctrl+0") in view.fit_action.shortcuts()
    start = view.current_scale()
    view.zoom_in_action.trigger()
    assert view.current_scale() > start
    view.fit_action.trigger()
    assert view.current_scale() == pytest.approx(start)


def test_mouse_wheel_zooms(view: BoardView) -> None:
    start = view.current_scale()
    pos = QPointF(view.viewport().rect().center())
    event = QWheelEvent(
        pos,
        QPointF(view.viewport().mapToGlobal(pos.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    view.wheelEvent(event)
    assert view.current_scale() == pytest.approx(start * 1.25)


def test_view_fits_the_board_when_shown(view: BoardView) -> None:
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    board = view.board_scene.sceneRect()
    assert visible.contains(board.adjusted(1, 1, -1, -1))
    # the left button edits; panning is the middle button or Space + drag
    assert view.dragMode() == BoardView.DragMode.NoDrag


# --- the main window ------------------------------------------------------------------------


def test_window_title_and_status(window: MainWindow) -> None:
    assert window.windowTitle() == "crustacean.layout.yaml[*] — Seastack"
    assert window.summary_label.text() == "26 land spaces · 48 tiles · no problems"


def test_menus(window: MainWindow) -> None:
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&View", "&Tools", "&Help"]
    assert window.quit_action.shortcut() == QKeySequence("Ctrl+Q")
    about = window.about_text()
    assert "Seastack" in about
    # the About box tells what the editor does now, and what the command line adds
    assert "live simulator" in about and "YAML" in about and "replays" in about
    assert "seastack simulate" in about and "layouts on a hex board" in about


def test_quit_closes_the_window(window: MainWindow) -> None:
    window.quit_action.trigger()
    assert not window.isVisible()


def test_window_grab_shows_a_mountain(window: MainWindow) -> None:
    image: QImage = window.grab().toImage()
    assert not image.isNull()
    view = window.board_view
    scale = image.width() / window.width()
    for label, colour in (("D3", MOUNTAIN), ("F4", MOUNTAIN), ("A1", WATER)):
        middle = HEX.centre(label, HEX_SIZE)
        centre = off_centre(middle, HEX_SIZE)
        at = view.viewport().mapTo(window, view.mapFromScene(centre))
        pixel = image.pixelColor(int(at.x() * scale), int(at.y() * scale))
        assert close_to(pixel, colour), (label, pixel.name())


def test_keyboard_zoom(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    view = window.board_view
    view.setFocus()
    start = view.current_scale()
    qtbot.keyClick(view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.current_scale() == pytest.approx(start * 1.25)
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.current_scale() == pytest.approx(start / 1.25)
    qtbot.keyClick(view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert view.current_scale() == pytest.approx(start)


# --- from the core's loader -----------------------------------------------------------------


def test_the_picture_of_a_loaded_layout_uses_its_packs_colours(qtbot: QtBot) -> None:
    ws = load_workspace()
    picture = layout_picture(ws, ws.layouts["robot"])
    assert picture.title == "Robot"
    assert len(picture.labels) == 120
    assert picture.colours["mountain"] == MOUNTAIN
    assert picture.stack("F4") == ["beach", "meadow", "mountain"]
    view = BoardView(picture)
    qtbot.addWidget(view)
    assert view.board_scene.item_for("F4").brush().color().name() == MOUNTAIN
    assert picture.land_count == 26
