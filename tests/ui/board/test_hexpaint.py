"""The hex painter shared by the board view and rendered images (fonts need the qapp)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from editor.ui.board.painters import counter_colour, for_grid

HEX = for_grid("hex")

COLOURS = {"beach": "#e8d5a3", "meadow": "#8fbf5a", "mountain": "#8c7f73"}
EMPTY = "#3d7cc0"


def painted(stack: list[str], *, show_label: bool) -> QImage:
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    HEX.paint_space(
        painter,
        QPointF(100, 100),
        80,
        "D3",
        stack,
        COLOURS,
        show_label=show_label,
        empty_colour=EMPTY,
    )
    painter.end()
    return image


def test_a_label_on_a_tall_stack_sits_on_a_plate_of_the_bottom_tile(qapp: object) -> None:
    stack = ["beach", "meadow", "mountain"]
    bare = painted(stack, show_label=False)
    labelled = painted(stack, show_label=True)
    beach = QColor(COLOURS["beach"]).rgb()
    # pixels of the label's band that the label turned to the bottom tile's colour: the
    # plate that keeps the terraces' rims from running through the text
    plated = [
        (x, y)
        for y in range(100 - 64, 100 - 35)
        for x in range(60, 140)
        if labelled.pixel(x, y) == beach and bare.pixel(x, y) != beach
    ]
    assert len(plated) > 100


def test_a_label_on_one_tile_or_on_an_empty_space_needs_no_plate(qapp: object) -> None:
    for stack in (["beach"], []):
        bare = painted(stack, show_label=False)
        labelled = painted(stack, show_label=True)
        fill = QColor(COLOURS[stack[0]] if stack else EMPTY).rgb()
        changed = [
            (x, y)
            for y in range(100 - 64, 100 - 35)
            for x in range(60, 140)
            if labelled.pixel(x, y) != bare.pixel(x, y) and bare.pixel(x, y) != fill
        ]
        assert changed == []


def _counter_pixel(counter: str, colours: dict[str, str] | None) -> QColor:
    """The colour at the centre of the one counter disc painted on a beach space."""
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    HEX.paint_space(
        painter,
        QPointF(100, 100),
        80,
        "D3",
        ["beach"],
        COLOURS,
        show_label=False,
        counters=[counter],
        counter_colours=colours,
    )
    painter.end()
    # one disc sits centred below the middle; the letter is at its centre, so look beside it
    radius = 80 * 0.16
    return image.pixelColor(round(100 + radius * 0.7), round(100 + 80 * 0.52))


def test_a_counter_is_painted_in_the_colour_its_kind_gives(qapp: object) -> None:
    assert _counter_pixel("crab", {"crab": "#12ab34"}).name() == "#12ab34"


def test_a_counter_without_a_colour_gets_a_stable_one_from_its_id(qapp: object) -> None:
    first = _counter_pixel("crab", None)
    assert first == _counter_pixel("crab", {"other": "#000000"})
    assert first.name() == counter_colour("crab").name()
    assert counter_colour("crab") != counter_colour("shark")
    # a colour that Qt cannot read falls back the same way
    assert counter_colour("crab", {"crab": "not a colour"}) == counter_colour("crab")
