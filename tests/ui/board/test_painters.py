"""One painter per grid kind: squares for square boards and open tables, hexes for hex boards,
chosen by the picture's grid everywhere a board is drawn."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from editor.studio.board_picture import BoardPicture
from editor.ui.board.board_view import HEX_SIZE, BoardView, SpaceItem
from editor.ui.board.export_image import image_point, natural_size, render_image
from editor.ui.board.painters import HexPainter, SquarePainter, for_grid
from editor.ui.board.palette import swatch

COLOURS = {"road": "#c8a050", "grass": "#3c9a3c", "rock": "#707070"}
#: An empty colour no tile has, so an empty cell cannot pass for a tile.
EMPTY = "#204060"
#: Small enough that no text is written (texts need 12 pixels): every centre shows its fill.
QUIET = 10.0


def square_board() -> BoardPicture:
    """A bounded 3x3 square board with tiles on four cells."""
    stacks = {"0,0": ["road"], "1,1": ["grass"], "2,0": ["rock", "grass"], "0,2": ["rock"]}
    picture = BoardPicture.rectangle("Square", 3, 3, stacks, COLOURS, grid="square")
    picture.empty_colour = EMPTY
    return picture


def open_table() -> BoardPicture:
    """An open square table on which three cells hold tiles (one far from the others)."""
    stacks = {"0,0": ["road"], "1,0": ["grass"], "-2,3": ["rock"]}
    return BoardPicture(
        "Table",
        sorted(stacks),
        stacks,
        dict(COLOURS),
        grid="square",
        open=True,
        empty_colour=EMPTY,
    )


def expected(picture: BoardPicture, label: str) -> str:
    stack = picture.stack(label)
    return COLOURS[stack[-1]] if stack else EMPTY


def pixel_at(image: QImage, point: QPointF) -> str:
    return image.pixelColor(int(point.x()), int(point.y())).name()


def test_for_grid_gives_one_painter_per_kind() -> None:
    assert isinstance(for_grid("hex"), HexPainter)
    assert isinstance(for_grid("square"), SquarePainter)
    assert for_grid("square").kind == "square"
    with pytest.raises(ValueError, match="no painter for a 'triangle' grid"):
        for_grid("triangle")


def test_a_square_is_the_grids_outline() -> None:
    painter = for_grid("square")
    square = painter.outline("1,1", 10.0)
    corners = [(square.at(i).x(), square.at(i).y()) for i in range(square.size())]
    assert corners == [(10.0, 10.0), (30.0, 10.0), (30.0, 30.0), (10.0, 30.0)]
    assert painter.shape(QPointF(20, 20), 10.0) == square
    assert painter.pitch(10.0) == (20.0, 20.0)
    assert painter.label_at(29.0, 11.0, 10.0) == "1,1"


def test_the_square_painter_paints_a_bounded_board(qapp: object) -> None:
    picture = square_board()
    painter = for_grid("square")
    image = painter.render_picture(picture, size=QUIET, margin=0)
    # 3 cells of 2 * size each way
    assert (image.width(), image.height()) == (60, 60)
    top_left = painter.board_rect(picture.labels, QUIET).topLeft()
    for label in picture.labels:
        centre = painter.centre(label, QUIET) - top_left
        assert pixel_at(image, centre) == expected(picture, label), label


def test_a_terrace_is_a_smaller_square_inside_the_bottom_tile(qapp: object) -> None:
    picture = square_board()
    painter = for_grid("square")
    image = painter.render_picture(picture, size=40.0, margin=0)
    top_left = painter.board_rect(picture.labels, 40.0).topLeft()
    centre = painter.centre("2,0", 40.0) - top_left
    # the rim near the corner is the bottom tile (rock), the inside the top tile (grass)
    assert pixel_at(image, centre + QPointF(-36, -36)) == COLOURS["rock"]
    assert pixel_at(image, centre + QPointF(-25, 10)) == COLOURS["grass"]


def test_an_open_table_paints_its_cells_and_a_margin_of_empty_ones(qapp: object) -> None:
    picture = open_table()
    painter = for_grid("square")
    assert picture.spaces() == ["-2,3", "0,0", "1,0"]
    margin = picture.spaces(margin=True)
    assert {"-1,0", "0,-1", "0,1", "2,0", "1,-1", "1,1", "-2,2", "-3,3", "-1,3", "-2,4"} <= set(
        margin
    )
    assert len(margin) == 3 + 10
    rect = painter.board_rect(margin, QUIET)
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    qp = QPainter(image)
    qp.translate(-rect.left(), -rect.top())
    painter.paint_picture(qp, picture, QUIET, show_margin=True)
    qp.end()
    for label in margin:
        centre = painter.centre(label, QUIET) - rect.topLeft()
        assert pixel_at(image, centre) == expected(picture, label), label
    # a cell neither used nor next to a used one is not drawn
    off = painter.centre("2,3", QUIET) - rect.topLeft()
    assert pixel_at(image, off) == "#ffffff"


def test_an_empty_open_table_offers_its_starter_cell() -> None:
    picture = BoardPicture("Table", [], grid="square", open=True)
    assert picture.spaces() == [] and picture.spaces(margin=True) == ["0,0"]


def test_a_board_view_of_a_square_picture_draws_squares(qtbot: QtBot) -> None:
    view = BoardView(square_board())
    qtbot.addWidget(view)
    scene = view.board_scene
    assert scene.painter.kind == "square"
    item = scene.item_for("1,1")
    assert isinstance(item, SpaceItem) and item.painter is scene.painter
    polygon = item.polygon()
    assert polygon.size() == 4
    shape = polygon.boundingRect()
    assert (shape.width(), shape.height()) == (2 * HEX_SIZE, 2 * HEX_SIZE)
    assert shape.center() == QPointF(2 * HEX_SIZE, 2 * HEX_SIZE)
    assert item.brush().color().name() == COLOURS["grass"]
    assert scene.item_for("1,0").brush().color().name() == EMPTY
    # a square's corner is in the square; a hex of the same size would leave it out
    assert item.contains(QPointF(2 * HEX_SIZE - 0.95 * HEX_SIZE, 2 * HEX_SIZE - 0.95 * HEX_SIZE))
    assert view.label_at(view.mapFromScene(QPointF(4 * HEX_SIZE, 0))) == "2,0"


def test_the_view_of_an_open_table_grows_with_it(qtbot: QtBot) -> None:
    view = BoardView(open_table())
    qtbot.addWidget(view)
    scene = view.board_scene
    assert set(scene.space_items) == set(open_table().spaces(margin=True))
    assert scene.item_for("2,0").stack == []  # the margin: where the next tile can go
    assert "3,0" not in scene.space_items
    scene.set_stacks({"2,0": ["road"]})
    assert scene.item_for("2,0").stack == ["road"]
    assert "3,0" in scene.space_items  # one more empty cell beyond the new tile
    bounds = scene.sceneRect()
    assert bounds.contains(for_grid("square").centre("3,0", HEX_SIZE))


def test_a_picture_of_another_grid_rebuilds_the_scene(qtbot: QtBot) -> None:
    view = BoardView(BoardPicture.rectangle("Hexes", 3, 3, {"B2": ["road"]}, COLOURS))
    qtbot.addWidget(view)
    assert view.board_scene.painter.kind == "hex"
    assert view.board_scene.item_for("B2").polygon().size() == 6
    view.board_scene.set_picture(square_board())
    assert view.board_scene.painter.kind == "square"
    assert view.board_scene.item_for("1,1").polygon().size() == 4


def test_an_exported_square_board_shows_each_cell(qapp: object) -> None:
    picture = square_board()
    width, height = natural_size(picture)
    assert (width, height) == (3 * 80 + 24, 3 * 80 + 24)
    image = render_image(picture)
    for label in picture.labels:
        x, y, size = image_point(picture, label)
        # beside the tile count written in the middle
        assert image.pixelColor(int(x - 0.6 * size), int(y)).name() == expected(picture, label)


def test_a_swatch_takes_the_shape_of_the_grid(qapp: object) -> None:
    hexagon = swatch("#ff0000", 18, grid="hex").pixmap(18, 18).toImage()
    square = swatch("#ff0000", 18, grid="square").pixmap(18, 18).toImage()
    # a square reaches into the corners of its room, a flat-top hex leaves them empty
    assert square.pixelColor(3, 3).name() == "#ff0000"
    assert hexagon.pixelColor(2, 2).alpha() == 0
    assert hexagon.pixelColor(9, 9).name() == square.pixelColor(9, 9).name() == "#ff0000"
