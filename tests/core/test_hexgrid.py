"""Tests for editor.core.hexgrid: rulebook facts, labels, geometry invariants and boards."""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest

from editor.core.hexgrid import (
    ORIGIN,
    Direction,
    Hex,
    HexBoard,
    column_index,
    column_letters,
    direction_between,
    disc,
    distance,
    format_label,
    from_offset,
    from_pixel,
    line,
    mirror,
    neighbour,
    neighbours,
    offset_of,
    parse_label,
    ring,
    rotate,
    sort_key,
    spiral,
    to_pixel,
)

RNG = random.Random(20240601)
SAMPLE = [Hex(RNG.randint(-40, 40), RNG.randint(-40, 40)) for _ in range(300)]
PAIRS = [(RNG.choice(SAMPLE), RNG.choice(SAMPLE)) for _ in range(500)]


def hexes(*labels: str) -> list[Hex]:
    return [parse_label(label) for label in labels]


# --- rulebook facts --------------------------------------------------------------------------


@pytest.mark.parametrize("trio", [("C6", "C7", "D7"), ("G4", "G5", "F5")])
def test_rulebook_trios_meet_at_a_corner(trio: tuple[str, str, str]) -> None:
    for a, b in combinations(hexes(*trio), 2):
        assert distance(a, b) == 1
        assert b in neighbours(a)


def test_rulebook_seven_hexes_around_d10() -> None:
    d10 = parse_label("D10")
    expected = {"D9", "D10", "D11", "C9", "C10", "E9", "E10"}
    assert {format_label(h) for h in disc(d10, 1)} == expected
    assert {format_label(h) for h in neighbours(d10)} == expected - {"D10"}


def test_neighbours_of_d10_by_direction() -> None:
    d10 = parse_label("D10")
    named = {d.name: format_label(neighbour(d10, d)) for d in Direction}
    assert named == {"N": "D9", "NE": "E9", "SE": "E10", "S": "D11", "SW": "C10", "NW": "C9"}


def test_even_columns_sit_half_a_hex_lower() -> None:
    _, ya = to_pixel(parse_label("A1"))
    _, yb = to_pixel(parse_label("B1"))
    _, yc = to_pixel(parse_label("C1"))
    assert ya == yc
    assert ya - yb == pytest.approx(3**0.5 / 2)


# --- labels ----------------------------------------------------------------------------------


def test_labels_round_trip_over_30_by_30() -> None:
    seen = set()
    for col in range(30):
        for row in range(1, 31):
            label = f"{column_letters(col)}{row}"
            h = parse_label(label)
            assert format_label(h) == label
            assert offset_of(h) == (col, row)
            assert from_offset(col, row) == h
            seen.add(h)
    assert len(seen) == 900


def test_a1_is_the_origin_and_columns_past_z() -> None:
    assert parse_label("A1") == ORIGIN
    assert format_label(from_offset(26, 4)) == "AA4"
    assert parse_label("AB12") == from_offset(27, 12)


def test_column_letters_round_trip() -> None:
    for i in range(2000):
        assert column_index(column_letters(i)) == i
    assert [column_letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]


@pytest.mark.parametrize(
    ("label", "message"),
    [
        ("", "empty hex label"),
        ("10D", "expected column letters then a row number"),
        ("D0", "rows are numbered from 1"),
        ("d10", "upper-case.*'D10'"),
        ("aB3", "upper-case.*'AB3'"),
        ("D010", "leading zeros.*'D10'"),
        (" D10", "bad hex label"),
        ("D10 ", "bad hex label"),
        ("D-1", "bad hex label"),
        ("D", "bad hex label"),
        ("10", "bad hex label"),
        ("D1.5", "bad hex label"),
        ("É1", "bad hex label"),
    ],
)
def test_bad_labels_raise_with_messages(label: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_label(label)


def test_bad_columns_and_unlabelled_hexes_raise() -> None:
    with pytest.raises(ValueError, match="upper-case letters"):
        column_index("a")
    with pytest.raises(ValueError, match="upper-case letters"):
        column_index("")
    with pytest.raises(ValueError, match="0 or more"):
        column_letters(-1)
    with pytest.raises(ValueError, match="no label"):
        format_label(Hex(-1, 0))
    with pytest.raises(ValueError, match="no label"):
        format_label(Hex(0, -1))


def test_sort_key_orders_by_column_then_row() -> None:
    labels = ["B1", "A10", "AA2", "A2", "Z30", "B10", "A1"]
    assert sorted(labels, key=sort_key) == ["A1", "A2", "A10", "B1", "B10", "Z30", "AA2"]
    assert sort_key(parse_label("C7")) == sort_key("C7") == (2, 7)


# --- directions ------------------------------------------------------------------------------


def test_direction_order_opposites_and_rotation() -> None:
    dirs = list(Direction)
    assert [d.name for d in dirs] == ["N", "NE", "SE", "S", "SW", "NW"]
    for i, d in enumerate(dirs):
        assert d.opposite is dirs[(i + 3) % 6]
        assert d.opposite.opposite is d
        assert d.rotated(1) is dirs[(i + 1) % 6]
        assert d.rotated(-2) is dirs[(i - 2) % 6]
        assert d.rotated(6) is d
        dq, dr = d.delta
        assert d.opposite.delta == Hex(-dq, -dr)


def test_direction_between() -> None:
    for h in SAMPLE[:20]:
        for d in Direction:
            assert direction_between(h, neighbour(h, d)) is d
    with pytest.raises(ValueError, match="not adjacent"):
        direction_between(ORIGIN, ORIGIN)
    with pytest.raises(ValueError, match="not adjacent"):
        direction_between(ORIGIN, Hex(2, -1))
    g5, f5 = hexes("G5", "F5")
    assert direction_between(g5, f5) is Direction.NW


# --- distance, rings, discs ------------------------------------------------------------------


def test_distance_symmetric_and_triangle_inequality() -> None:
    for a, b in PAIRS:
        assert distance(a, b) == distance(b, a)
        assert (distance(a, b) == 0) == (a == b)
        c = RNG.choice(SAMPLE)
        assert distance(a, b) <= distance(a, c) + distance(c, b)


def test_distance_matches_breadth_first_search() -> None:
    frontier, dist = [ORIGIN], {ORIGIN: 0}
    while frontier:
        nxt = []
        for h in frontier:
            for n in neighbours(h):
                if n not in dist and distance(ORIGIN, n) <= 6:
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        frontier = nxt
    assert all(distance(ORIGIN, h) == d for h, d in dist.items())
    assert len(dist) == 1 + 3 * 6 * 7


@pytest.mark.parametrize("radius", range(8))
def test_rings(radius: int) -> None:
    center = parse_label("H8")
    hs = ring(center, radius)
    assert len(hs) == max(1, 6 * radius)
    assert len(set(hs)) == len(hs)
    assert all(distance(center, h) == radius for h in hs)
    if radius:
        assert hs[0] == Hex(center.q, center.r - radius)  # starts due N
        for a, b in pairwise([*hs, hs[0]]):
            assert distance(a, b) == 1
        # clockwise: the second hex is east of the first
        assert to_pixel(hs[1])[0] > to_pixel(hs[0])[0]


@pytest.mark.parametrize("radius", range(6))
def test_spiral_and_disc(radius: int) -> None:
    center = parse_label("E5")
    sp, dc = spiral(center, radius), disc(center, radius)
    assert len(sp) == len(dc) == 3 * radius * (radius + 1) + 1
    assert set(sp) == set(dc)
    assert sp[0] == center
    assert dc == sorted(dc, key=sort_key)
    assert [distance(center, h) for h in sp] == sorted(distance(center, h) for h in sp)


def test_negative_radius_raises() -> None:
    with pytest.raises(ValueError, match="0 or more"):
        ring(ORIGIN, -1)
    with pytest.raises(ValueError, match="0 or more"):
        disc(ORIGIN, -1)


# --- lines -----------------------------------------------------------------------------------


def test_lines() -> None:
    for a, b in PAIRS:
        hs = line(a, b)
        assert len(hs) == distance(a, b) + 1
        assert hs[0] == a
        assert hs[-1] == b
        for x, y in pairwise(hs):
            assert distance(x, y) == 1
        assert line(a, b) == hs  # deterministic


def test_line_along_edges_and_straight() -> None:
    d10 = parse_label("D10")
    assert line(d10, d10) == [d10]
    # straight down a column
    assert [format_label(h) for h in line(d10, parse_label("D13"))] == ["D10", "D11", "D12", "D13"]
    # an edge-ambiguous line (between two hexes at every other step) is still well formed
    a, b = ORIGIN, Hex(2, -1)
    hs = line(a, b)
    assert len(hs) == 3
    assert hs[1] in (Hex(1, -1), Hex(1, 0))


# --- symmetries ------------------------------------------------------------------------------


def test_rotate_six_times_is_identity_and_preserves_distance() -> None:
    center = parse_label("F6")
    for h in SAMPLE:
        k = h
        for _ in range(6):
            k = rotate(k, 1, center)
        assert k == h
        for steps in range(-7, 8):
            r = rotate(h, steps, center)
            assert distance(r, center) == distance(h, center)
            assert rotate(r, -steps, center) == h
            assert r == rotate(h, steps % 6, center)
    for a, b in PAIRS:
        assert distance(rotate(a, 2, center), rotate(b, 2, center)) == distance(a, b)


def test_rotate_turns_directions_clockwise() -> None:
    for d in Direction:
        assert rotate(d.delta, 1) == d.rotated(1).delta
    d10 = parse_label("D10")
    assert format_label(rotate(parse_label("D9"), 1, d10)) == "E9"
    assert format_label(rotate(parse_label("D9"), -1, d10)) == "C9"


@pytest.mark.parametrize("axis", ["vertical", "horizontal"])
def test_mirror_twice_is_identity_and_preserves_distance(axis: str) -> None:
    center = parse_label("G7")
    for h in SAMPLE:
        m = mirror(h, center, axis)  # type: ignore[arg-type]
        assert mirror(m, center, axis) == h  # type: ignore[arg-type]
        assert distance(m, center) == distance(h, center)
    for a, b in PAIRS:
        ma, mb = mirror(a, center, axis), mirror(b, center, axis)  # type: ignore[arg-type]
        assert distance(ma, mb) == distance(a, b)


def test_vertical_mirror_swaps_columns_and_keeps_rows_level() -> None:
    center = parse_label("D10")
    for col in range(8):
        for row in range(1, 20):
            h = from_offset(col, row)
            m = mirror(h, center)
            mcol, _ = offset_of(m)
            assert mcol == 6 - col
            assert to_pixel(m)[1] == pytest.approx(to_pixel(h)[1])
            assert to_pixel(m)[0] == pytest.approx(2 * to_pixel(center)[0] - to_pixel(h)[0])
    assert [direction_between(ORIGIN, mirror(d.delta)).name for d in Direction] == [
        "N",
        "NW",
        "SW",
        "S",
        "SE",
        "NE",
    ]


def test_horizontal_mirror_keeps_columns() -> None:
    center = parse_label("D10")
    assert format_label(mirror(parse_label("D8"), center, "horizontal")) == "D12"
    for h in SAMPLE:
        m = mirror(h, center, "horizontal")
        assert m.q == h.q
        assert to_pixel(m)[1] == pytest.approx(2 * to_pixel(center)[1] - to_pixel(h)[1])


def test_mirror_rejects_unknown_axis() -> None:
    with pytest.raises(ValueError, match="axis"):
        mirror(ORIGIN, ORIGIN, "diagonal")  # type: ignore[arg-type]


def test_pixel_round_trip() -> None:
    for h in SAMPLE:
        assert from_pixel(*to_pixel(h, 25.0), 25.0) == h
        x, y = to_pixel(h, 25.0)
        assert from_pixel(x + 10.0, y - 10.0, 25.0) == h  # well inside the hex


# --- boards ----------------------------------------------------------------------------------


def test_rectangle_board() -> None:
    board = HexBoard.rectangle(12, 10)
    assert len(board) == 120
    assert "A1" in board
    assert "L10" in board
    assert "M1" not in board
    assert "A11" not in board
    assert parse_label("F5") in board
    assert Hex(-1, 0) not in board
    with pytest.raises(ValueError, match="upper-case"):
        _ = "d10" in board
    labels = board.labels()
    assert labels[:3] == ["A1", "A2", "A3"]
    assert labels == sorted(labels, key=sort_key)
    assert list(board) == sorted(board, key=sort_key)


def test_border_of_12_by_10_rectangle() -> None:
    board = HexBoard.rectangle(12, 10)
    border = board.border()
    expected = {
        from_offset(c, r) for c in range(12) for r in range(1, 11) if c in (0, 11) or r in (1, 10)
    }
    assert set(border) == expected
    assert len(border) == 40
    assert list(border) == sorted(border)
    table = board.neighbour_table()
    assert all(len(table[h]) == 6 for h in board if h not in expected)


def test_neighbour_table_is_cached_and_correct() -> None:
    board = HexBoard.rectangle(6, 6)
    table = board.neighbour_table()
    assert board.neighbour_table() is table
    assert [format_label(h) for h in table[parse_label("A1")]] == ["B1", "B2", "A2"]
    assert [format_label(h) for h in table[parse_label("B1")]] == ["C1", "B2", "A1"]
    for h in board:
        assert board.neighbours_on_board(h) == tuple(n for n in neighbours(h) if n in board)
    outside = parse_label("G1")
    assert [format_label(h) for h in board.neighbours_on_board(outside)] == ["F2", "F1"]


def test_from_labels_and_equality() -> None:
    a = HexBoard.from_labels(["C6", "C7", "D7", "C6"])
    b = HexBoard(hexes("D7", "C7", "C6"))
    assert a == b
    assert hash(a) == hash(b)
    assert len(a) == 3
    assert a.labels() == ["C6", "C7", "D7"]
    assert a.border() == tuple(a)
    with pytest.raises(ValueError, match="'C7'"):
        HexBoard.from_labels(["C6", "c7"])


def test_center() -> None:
    assert format_label(HexBoard.rectangle(5, 5).center()) == "C3"
    assert format_label(HexBoard.rectangle(7, 9).center()) == "D5"
    board = HexBoard.rectangle(12, 10)
    c = board.center()
    assert c in board
    assert distance(c, parse_label("F5")) <= 1
    with pytest.raises(ValueError, match="empty"):
        HexBoard([]).center()


def test_transform_mirror_odd_width_maps_board_onto_itself() -> None:
    board = HexBoard.rectangle(7, 9)
    result = board.transform(mirror=True)
    assert result.off_board == ()
    assert set(result.mapping.values()) == board.hexes
    assert format_label(result.mapping[parse_label("A1")]) == "G1"
    assert format_label(result.mapping[parse_label("B9")]) == "F9"


def test_transform_reports_hexes_that_fall_off() -> None:
    board = HexBoard.rectangle(12, 10)
    result = board.transform(mirror=True)
    assert result.off_board  # even width: the halves do not line up with the center column
    assert all(result.mapping[h] not in board for h in result.off_board)
    assert all(result.mapping[h] in board for h in board if h not in result.off_board)
    c = board.center()
    full_turn = board.transform(rotate_steps=6)
    assert full_turn.off_board == ()
    assert all(k == v for k, v in full_turn.mapping.items())
    piece = disc(c, 1)
    turned = board.transform(piece, rotate_steps=2)
    assert set(turned.mapping) == set(piece)
    assert set(turned.mapping.values()) == set(piece)
    assert turned.off_board == ()
    assert turned.mapping[neighbour(c, Direction.N)] == neighbour(c, Direction.SE)


def test_transform_mirror_then_rotate_around_given_center() -> None:
    board = HexBoard.rectangle(12, 10)
    d10 = parse_label("D10")
    e9 = parse_label("E9")
    result = board.transform([e9], rotate_steps=1, mirror=True, center=d10)
    # E9 mirrors to C9 (NW of D10), which turns clockwise to D9 (N of D10)
    assert format_label(result.mapping[e9]) == "D9"
    assert result.off_board == ()
