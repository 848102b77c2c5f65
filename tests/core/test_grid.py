"""Tests for editor.core.grid: one interface over hex and square grids, and boards using it."""

from __future__ import annotations

import itertools
import math
import random
import re
from pathlib import Path

import pytest

from editor.core import hexgrid
from editor.core.boards import Board
from editor.core.documents import parse_document
from editor.core.grid import GRID_KINDS, Grid, HexGrid, SquareGrid, grid_for
from editor.core.hexgrid import HexBoard, format_label, parse_label
from editor.core.schemas import SchemaRegistry, schema_id

HEX = grid_for("hex")
SQUARE = grid_for("square")
RNG = random.Random(11)
HEX_SAMPLE = [
    f"{hexgrid.column_letters(RNG.randint(0, 40))}{RNG.randint(1, 60)}" for _ in range(200)
]
SQUARE_SAMPLE = [f"{RNG.randint(-30, 30)},{RNG.randint(-30, 30)}" for _ in range(200)]
ROOT = Path(__file__).resolve().parent.parent.parent
BOARDS = ROOT / "tests" / "data" / "boards"
SQRT3 = math.sqrt(3.0)


def load_board(path: Path) -> Board:
    document, problems = parse_document(path.read_text(), str(path))
    assert document is not None and not problems
    assert SchemaRegistry().validate(document, schema_id("board.schema.json"), "board") == []
    return Board.from_document(document)


def board_of(text: str) -> Board:
    document, problems = parse_document(text, "x.board.yaml")
    assert document is not None and not problems
    return Board.from_document(document)


def expert() -> Board:
    return load_board(ROOT / "layouts" / "snails-expert.board.yaml")


# --- the registry ----------------------------------------------------------------------------


def test_grid_for_knows_hex_and_square() -> None:
    assert GRID_KINDS == ("hex", "square")
    assert isinstance(HEX, HexGrid) and HEX.kind == "hex"
    assert isinstance(SQUARE, SquareGrid) and SQUARE.kind == "square"
    with pytest.raises(ValueError, match="hex, square"):
        grid_for("triangle")


def test_symmetries_and_directions() -> None:
    assert HEX.directions == ("N", "NE", "SE", "S", "SW", "NW")
    assert SQUARE.directions == ("N", "E", "S", "W")
    assert (HEX.rotation_step, HEX.rotations) == (60, 6)
    assert (SQUARE.rotation_step, SQUARE.rotations) == (90, 4)


# --- labels ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("grid", "sample"), [(HEX, HEX_SAMPLE), (SQUARE, SQUARE_SAMPLE)])
def test_labels_round_trip(grid: Grid, sample: list[str]) -> None:
    for label in sample:
        assert grid.is_label(label)
        assert grid.format(grid.parse(label)) == label


@pytest.mark.parametrize(
    ("grid", "label", "says"),
    [
        (HEX, "d10", "write 'D10'"),
        (HEX, "3,0", "like 'D10'"),
        (HEX, "A0", "from 1"),
        (SQUARE, "D10", "like '3,0'"),
        (SQUARE, "3, 0", "without spaces, '3,0'"),
        (SQUARE, "03,-0", "leading zeros or -0, '3,0'"),
        (SQUARE, "", "like '3,0'"),
    ],
)
def test_bad_labels_say_what_a_label_looks_like(grid: Grid, label: str, says: str) -> None:
    assert not grid.is_label(label)
    with pytest.raises(ValueError, match=re.escape(says)):
        grid.parse(label)


def test_hex_sort_key_matches_hexgrid() -> None:
    assert [HEX.sort_key(label) for label in HEX_SAMPLE] == [
        hexgrid.sort_key(label) for label in HEX_SAMPLE
    ]
    assert sorted(["B2", "A10", "A9", "AA1", "B1"], key=HEX.sort_key) == [
        "A9",
        "A10",
        "B1",
        "B2",
        "AA1",
    ]


def test_square_sort_key_is_x_then_y() -> None:
    labels = ["1,0", "0,1", "-1,5", "0,-2", "10,0", "2,0"]
    assert sorted(labels, key=SQUARE.sort_key) == ["-1,5", "0,-2", "0,1", "1,0", "2,0", "10,0"]


# --- neighbours and distance -----------------------------------------------------------------


def test_hex_neighbours() -> None:
    assert HEX.neighbours("D10") == ("D9", "E9", "E10", "D11", "C10", "C9")
    assert HEX.neighbour("C6", "SE") == "D7"
    assert HEX.neighbour("G5", "NW") == "F5"
    assert HEX.neighbours("A1") == ("B1", "B2", "A2")  # nothing left of A or above row 1
    with pytest.raises(ValueError, match="N, NE, SE, S, SW, NW"):
        HEX.neighbour("D10", "E")


def test_square_neighbours() -> None:
    assert SQUARE.neighbours("0,0") == ("0,-1", "1,0", "0,1", "-1,0")
    assert [SQUARE.neighbour("2,3", d) for d in SQUARE.directions] == ["2,2", "3,3", "2,4", "1,3"]
    with pytest.raises(ValueError, match="N, E, S, W"):
        SQUARE.neighbour("0,0", "NE")


@pytest.mark.parametrize(("grid", "sample"), [(HEX, HEX_SAMPLE), (SQUARE, SQUARE_SAMPLE)])
def test_neighbours_are_one_step_away_in_direction_order(grid: Grid, sample: list[str]) -> None:
    for label in sample[:50]:
        around = grid.neighbours(label)
        assert all(grid.distance(label, n) == 1 for n in around)
        if len(around) == len(grid.directions):
            assert around == tuple(grid.neighbour(label, d) for d in grid.directions)


def test_distances() -> None:
    assert HEX.distance("A1", "D10") == 10
    assert HEX.distance("D10", "D10") == 0
    assert SQUARE.distance("0,0", "2,-3") == 5
    for a, b in itertools.pairwise(HEX_SAMPLE):
        assert HEX.distance(a, b) == hexgrid.distance(parse_label(a), parse_label(b))


# --- symmetries ------------------------------------------------------------------------------


@pytest.mark.parametrize("mirror", [False, True])
@pytest.mark.parametrize("steps", range(-1, 7))
def test_hex_transform_equals_hexboard_transform(steps: int, mirror: bool) -> None:
    board = expert()
    hexes = board.hexes
    expected = hexes.transform(rotate_steps=steps, mirror=mirror)
    labelled = {
        format_label(h): format_label(image)
        for h, image in expected.mapping.items()
        if hexgrid.offset_of(image)[0] >= 0 and hexgrid.offset_of(image)[1] >= 1
    }
    assert HEX.transform(board.labels, steps, mirror) == labelled
    mapping, off = board.transform(board.labels, steps, mirror)
    assert mapping == labelled
    assert off == tuple(format_label(h) for h in expected.off_board)


def test_hex_transform_around_a_given_centre() -> None:
    assert HEX.transform(["E9"], 1, True, centre="D10") == {"E9": "D9"}
    assert HEX.middle(HexBoard.rectangle(5, 5).labels()) == "C3"


def test_square_transform_turns_clockwise_and_mirrors_left_right() -> None:
    # Around 0,0: N -> E -> S -> W with y down.
    assert SQUARE.transform(["0,-1"], 1, False, centre="0,0") == {"0,-1": "1,0"}
    assert SQUARE.transform(["0,-1"], -1, False, centre="0,0") == {"0,-1": "-1,0"}
    assert SQUARE.transform(["3,1"], 0, True, centre="2,0") == {"3,1": "1,1"}
    # Mirror first, then turn: 1,0 mirrors to -1,0 which turns to 0,-1.
    assert SQUARE.transform(["1,0"], 1, True, centre="0,0") == {"1,0": "0,-1"}
    assert SQUARE.transform(["1,0", "2,0"], 4, False, centre="0,0") == {"1,0": "1,0", "2,0": "2,0"}


def test_bounded_square_board_transform() -> None:
    board = board_of("id: b\nname: B\ngame: g\ngrid: square\ncolumns: 5\nrows: 5\n")
    assert board.middle == "2,2"
    for steps in range(4):
        for mirror in (False, True):
            mapping, off = board.transform(board.labels, steps, mirror)
            assert off == ()
            assert sorted(mapping.values(), key=SQUARE.sort_key) == list(board.labels)
    mapping, _ = board.transform(["0,0", "4,0", "1,2"], 1, False)
    assert mapping == {"0,0": "4,0", "1,2": "2,1", "4,0": "4,4"}
    mapping, _ = board.transform(["0,0", "1,2"], 0, True)
    assert mapping == {"0,0": "4,0", "1,2": "3,2"}


def test_bounded_square_transform_reports_cells_that_fall_off() -> None:
    garden = load_board(BOARDS / "garden.board.yaml")  # 5 x 4 less 0,0 and 4,3
    assert garden.middle == "2,1"
    mapping, off = garden.transform(garden.labels, 1, False)
    assert set(mapping) == set(garden.labels)
    assert off and all(not garden.has_space(mapping[label]) for label in off)
    assert all(garden.has_space(mapping[label]) for label in garden.labels if label not in off)
    _, off = garden.transform(garden.labels, 0, True)
    assert off == ("0,3", "4,0")  # their mirror images 4,3 and 0,0 are omitted


def test_open_table_transform_turns_around_the_starter_cell() -> None:
    table = load_board(BOARDS / "table.board.yaml")
    assert table.middle == "0,0"
    mapping, off = table.transform(["0,0", "1,0", "1,1", "-2,3"], 1, False)
    assert mapping == {"-2,3": "-3,-2", "0,0": "0,0", "1,0": "0,1", "1,1": "-1,1"}
    assert off == ()
    mapping, off = table.transform(["1,0", "2,-1"], 2, True)
    assert mapping == {"1,0": "1,0", "2,-1": "2,1"}
    assert off == ()


@pytest.mark.parametrize(("grid", "sample"), [(HEX, HEX_SAMPLE), (SQUARE, SQUARE_SAMPLE)])
def test_a_full_turn_and_a_double_mirror_change_nothing(grid: Grid, sample: list[str]) -> None:
    centre = grid.middle(sample)
    whole = grid.transform(sample, grid.rotations, False, centre)
    assert all(whole[label] == label for label in sample)
    once = grid.transform(sample, 0, True, centre)
    twice = grid.transform(once.values(), 0, True, centre)
    assert all(twice[once[label]] == label for label in once)


@pytest.mark.parametrize("grid", [HEX, SQUARE])
def test_transforming_nothing_gives_nothing(grid: Grid) -> None:
    assert grid.transform([], 1, True) == {}


def test_square_middle_is_the_cell_nearest_the_centroid() -> None:
    assert SQUARE.middle(["0,0", "1,0", "2,0"]) == "1,0"
    assert SQUARE.middle(["0,0", "1,0", "0,1", "1,1"]) == "0,0"  # tie: first in canonical order


# --- pixels ----------------------------------------------------------------------------------


def hex_centre_formula(col: int, row: int, size: float) -> tuple[float, float]:
    """The even-q formula of a flat-top hex's centre (row from 0), written out."""
    return 1.5 * size * col, SQRT3 * size * (row + 0.5 if col % 2 == 0 else row)


@pytest.mark.parametrize("size", [1.0, 30.0, 17.5])
def test_hex_pixels_match_the_even_q_formula(size: float) -> None:
    assert HEX.centre("A1", size) == (0.0, SQRT3 * size * 0.5)
    for label in HEX_SAMPLE:
        col, row = hexgrid.offset_of(parse_label(label))
        cx, cy = hex_centre_formula(col, row - 1, size)
        assert HEX.centre(label, size) == (cx, cy)
        assert HEX.outline(label, size) == tuple(
            (
                cx + size * math.cos(math.radians(60 * i)),
                cy + size * math.sin(math.radians(60 * i)),
            )
            for i in range(6)
        )


def test_square_pixels() -> None:
    assert SQUARE.centre("0,0", 10.0) == (0.0, 0.0)
    assert SQUARE.centre("2,-1", 10.0) == (40.0, -20.0)
    assert SQUARE.outline("1,1", 10.0) == ((10.0, 10.0), (30.0, 10.0), (30.0, 30.0), (10.0, 30.0))
    assert SQUARE.at_pixel(9.9, -9.9, 10.0) == "0,0"
    assert SQUARE.at_pixel(10.0, 10.0, 10.0) == "1,1"  # a corner belongs to the cell below right


@pytest.mark.parametrize(("grid", "sample"), [(HEX, HEX_SAMPLE), (SQUARE, SQUARE_SAMPLE)])
@pytest.mark.parametrize("size", [1.0, 30.0])
def test_at_pixel_finds_the_space_around_a_point(
    grid: Grid, sample: list[str], size: float
) -> None:
    for label in sample:
        x, y = grid.centre(label, size)
        assert grid.at_pixel(x, y, size) == label
        # A point a little way towards each corner is still inside.
        for cx, cy in grid.outline(label, size):
            assert grid.at_pixel(x + 0.8 * (cx - x), y + 0.8 * (cy - y), size) == label


# --- boards ----------------------------------------------------------------------------------


def test_hex_board_is_as_before() -> None:
    board = expert()
    assert board.grid == "hex" and board.geometry is HEX and not board.open
    assert board.labels == tuple(board.hexes.labels())
    assert len(board.labels) == 120 and board.labels[:3] == ("A1", "A2", "A3")
    assert board.has_space("L10") and not board.has_space("M1") and not board.has_space("0,0")
    assert board.in_rectangle("A1") and not board.in_rectangle("A11")
    assert board.middle == format_label(board.hexes.center())


def test_hex_board_omit() -> None:
    board = board_of("id: b\nname: B\ngame: g\ngrid: hex\ncolumns: 3\nrows: 2\nomit: [B1]\n")
    assert board.labels == ("A1", "A2", "B2", "C1", "C2")
    assert not board.has_space("B1") and board.in_rectangle("B1")


def test_bounded_square_board() -> None:
    garden = load_board(BOARDS / "garden.board.yaml")
    assert (garden.grid, garden.columns, garden.rows, garden.open) == ("square", 5, 4, False)
    assert garden.geometry is SQUARE
    assert len(garden.labels) == 18
    assert garden.labels[:4] == ("0,1", "0,2", "0,3", "1,0")  # by x, then y; 0,0 is omitted
    assert garden.labels[-1] == "4,2"
    assert garden.has_space("4,0") and not garden.has_space("0,0")
    assert not garden.has_space("5,0") and not garden.has_space("-1,0")
    assert not garden.has_space("A1") and not garden.has_space("03,0")
    assert garden.in_rectangle("0,0") and not garden.in_rectangle("0,4")
    with pytest.raises(ValueError, match="square board"):
        _ = garden.hexes


def test_open_square_table() -> None:
    table = load_board(BOARDS / "table.board.yaml")
    assert (table.id, table.game, table.grid, table.open) == (
        "square-table",
        "square-test",
        "square",
        True,
    )
    assert (table.columns, table.rows) == (0, 0)
    assert table.labels == ()
    assert table.has_space("0,0") and table.has_space("-120,7") and table.has_space("9999,-9999")
    assert not table.has_space("A1") and not table.has_space("1, 2")
    assert table.in_rectangle("-5,-5")


# --- schemas ---------------------------------------------------------------------------------

REGISTRY = SchemaRegistry()


def check_board(text: str) -> list[tuple[str, int, int, str]]:
    document, problems = parse_document(text, "x.board.yaml")
    assert document is not None and not problems
    found = REGISTRY.validate(document, schema_id("board.schema.json"), "board")
    return [(d.code, d.line, d.column, d.message) for d in found]


HEAD = "id: b\nname: B\ngame: g\n"


def test_schema_accepts_the_three_kinds_of_board() -> None:
    assert check_board(HEAD + "grid: hex\ncolumns: 3\nrows: 2\nomit: [B1]\n") == []
    assert check_board(HEAD + "grid: square\ncolumns: 3\nrows: 2\nomit: ['0,0', '2,1']\n") == []
    assert check_board(HEAD + "grid: square\nopen: true\n") == []
    assert check_board(HEAD + "grid: square\nopen: false\ncolumns: 3\nrows: 2\n") == []


def test_schema_omit_labels_follow_the_grid() -> None:
    found = check_board(HEAD + "grid: square\ncolumns: 3\nrows: 2\nomit: [B1]\n")
    assert [(code, line, col) for code, line, col, _ in found] == [("bad-value", 7, 8)]
    assert "like 3,0" in found[0][3]
    found = check_board(HEAD + "grid: hex\ncolumns: 3\nrows: 2\nomit: ['1,1']\n")
    assert [(code, line, col) for code, line, col, _ in found] == [("bad-value", 7, 8)]
    assert "like D10" in found[0][3]


def test_schema_open_tables_have_no_size() -> None:
    found = check_board(HEAD + "grid: square\nopen: true\ncolumns: 3\nrows: 2\n")
    assert [(code, line, col) for code, line, col, _ in found] == [
        ("bad-key", 6, 1),
        ("bad-key", 7, 1),
    ]
    assert found[0][3] == (
        "columns may not be given here: an open table has no columns; leave columns out"
    )
    found = check_board(HEAD + "grid: hex\nopen: true\n")
    assert [(code, line, col) for code, line, col, _ in found] == [("bad-value", 4, 7)]
    assert "use one of: square" in found[0][3]
    found = check_board(HEAD + "grid: square\n")
    assert sorted(m for *_, m in found) == [
        "missing required key 'columns' in board",
        "missing required key 'rows' in board",
    ]


def test_space_label_is_a_hex_or_a_square_label() -> None:
    defs = REGISTRY.schemas[schema_id("common.schema.json")]["$defs"]
    hex_re, square_re, space_re = (
        re.compile(defs[name]["pattern"]) for name in ("hex-label", "square-label", "space-label")
    )
    tries = [*HEX_SAMPLE, *SQUARE_SAMPLE, "d10", "A0", "A01", "03,0", "-0,1", "3, 0", "", "1,"]
    for label in tries:
        assert bool(space_re.match(label)) == bool(hex_re.match(label) or square_re.match(label))
        assert bool(square_re.match(label)) == SQUARE.is_label(label)
