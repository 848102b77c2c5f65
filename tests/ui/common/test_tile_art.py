"""A tile drawn from above (``TileArt``): its fill, paths out to the sides, end marks, the
cross; read back from the pixels of a rendered image, on square and hex tiles alike."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from editor.core.registry import TileArt
from editor.ui.common.tile_art import paint_tile_art, side_point

SIZE = 50.0
CENTRE = QPointF(60, 60)


def render(art: TileArt) -> QImage:
    image = QImage(120, 120, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    paint_tile_art(painter, CENTRE, SIZE, art)
    painter.end()
    return image


def colour_at(image: QImage, point: QPointF) -> str:
    return image.pixelColor(int(point.x()), int(point.y())).name()


def near(image: QImage, shape: str, side: str, share: float) -> str:
    return colour_at(image, side_point(CENTRE, SIZE, shape, side, share))


def test_a_path_runs_from_the_middle_to_its_sides_only(qtbot: QtBot) -> None:
    image = render(TileArt(fill="#00ff00", paths=("N", "E"), path_colour="#ff0000"))
    for side in ("N", "E"):
        assert near(image, "square", side, 0.7) == "#ff0000"
    for side in ("S", "W"):
        assert near(image, "square", side, 0.7) == "#00ff00"
    assert near(image, "square", "N", 0.99) == "#ff0000"  # out to the space's side


def test_an_end_mark_sits_in_the_middle_or_by_its_side_in_its_colour(qtbot: QtBot) -> None:
    head = render(TileArt(fill="#00ff00", paths=("S",), path_colour="#0000ff", ends=("",)))
    # the mark is wider than the path: beside the middle it is still the mark's colour
    assert colour_at(head, QPointF(CENTRE.x() + SIZE * 0.22, CENTRE.y())) == "#0000ff"
    assert near(head, "square", "N", 0.7) == "#00ff00"
    beside = render(
        TileArt(
            fill="#00ff00",
            paths=("W", "E"),
            path_colour="#0000ff",
            ends=("S",),
            end_colour="#ff0000",
        )
    )
    assert near(beside, "square", "W", 0.7) == "#0000ff"
    assert near(beside, "square", "S", 0.85) == "#ff0000"  # its neck, to the side


def test_a_cross_and_hex_sides(qtbot: QtBot) -> None:
    crossed = render(TileArt(fill="#00ff00", cross="#ff00ff"))
    corner = QPointF(CENTRE.x() + SIZE * 0.4, CENTRE.y() + SIZE * 0.4)
    assert colour_at(crossed, corner) == "#ff00ff"
    hexed = render(TileArt(fill="#00ff00", paths=("NE",), path_colour="#ff0000", shape="hex"))
    assert near(hexed, "hex", "NE", 0.7) == "#ff0000"
    assert near(hexed, "hex", "SW", 0.7) == "#00ff00"


@pytest.mark.parametrize("shape", ["square", "hex"])
def test_every_side_lies_on_the_tiles_outline(qtbot: QtBot, shape: str) -> None:
    from editor.core.grid import grid_for

    for direction in grid_for(shape).directions:
        point = side_point(QPointF(0, 0), 1.0, shape, direction)
        length = (point.x() ** 2 + point.y() ** 2) ** 0.5
        expected = 1.0 if shape == "square" else 3**0.5 / 2  # a square's half side; a hex's apothem
        assert length == pytest.approx(expected)
