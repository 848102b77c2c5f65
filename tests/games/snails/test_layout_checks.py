"""The Snails layout checks: each problem reported once, at the line and column it is at."""

from __future__ import annotations

from editor.core.diagnostics import Severity
from editor.core.workspace import load_workspace

from .conftest import LoadLayout


def _found(load_layout: LoadLayout, **kwargs: object) -> list[tuple[str, int, int, str]]:
    ws, _ = load_layout(**kwargs)
    return [(d.code, d.line, d.column, d.severity.value) for d in ws.report()]


def test_a_connected_island_is_clean(load_layout: LoadLayout) -> None:
    # A1, A2 and B1 touch each other (A1's on-board neighbours are B1, B2 and A2)
    assert _found(load_layout, spaces={"A1": ["beach"], "A2": ["beach"], "B1": ["beach"]}) == []


def test_islands_one_channel_apart_are_one_landmass(load_layout: LoadLayout) -> None:
    # B1 is water and touches both A1 and C1: a swim of one space
    assert _found(load_layout, spaces={"A1": ["beach"], "C1": ["beach"]}) == []


def test_land_two_water_spaces_away_is_cut_off(load_layout: LoadLayout) -> None:
    # D3's water neighbours are D2, C2 and C3, none of which touches A1, A2 or B1
    ws, _ = load_layout(spaces={"A1": ["beach"], "A2": ["beach"], "B1": ["beach"], "D3": ["beach"]})
    (problem,) = ws.report()
    assert (problem.code, problem.line, problem.column) == ("land-cut-off", 9, 3)
    assert problem.severity is Severity.WARNING
    assert "D3 is two or more water spaces away" in problem.message
    assert "(3 spaces)" in problem.message


def test_every_smaller_landmass_is_named_with_its_spaces(load_layout: LoadLayout) -> None:
    ws, _ = load_layout(
        spaces={"A1": ["beach"], "A2": ["beach"], "A3": ["beach"], "D1": ["beach"], "D2": ["beach"]}
    )
    (problem,) = ws.report()
    assert problem.line == 9  # D1, the first space of the small landmass
    assert "D1, D2 are two or more water spaces away" in problem.message


def test_spaces_off_the_board_are_not_land(load_layout: LoadLayout) -> None:
    # E1 is off the 4-column board: an error there, and no island of its own
    assert _found(load_layout, spaces={"A1": ["beach"], "E1": ["beach"]}) == [
        ("off-board", 7, 3, "error")
    ]


def test_each_problem_at_its_own_line_and_column(load_layout: LoadLayout) -> None:
    text = (
        "id: sample\nname: Sample\ngame: snails\nboard: snails-expert\npacks: [snails-base]\n"
        "spaces:\n"
        "  A1: [meadow]\n"  # 7: meadow on the sea floor, at the tile (column 8)
        "  A2: [beach, mountain]\n"  # 8: mountain on a beach, at the 2nd tile (column 15)
        "  M1: [beach]\n"  # 9: off the board, at the key
        "  B1: [beach, meadow, mountain]\n"
        "  B2: [beach, meadow, mountain]\n"
        "  B3: [beach, meadow, mountain]\n"
        "  C1: [beach, meadow, mountain]\n"
        "  C2: [beach, meadow, mountain]\n"
        "  C3: [beach, meadow, mountain]\n"  # 15: the 7th mountain (the base game has 6)
    )
    assert _found(load_layout, text=text) == [
        ("illegal-stack", 7, 8, "error"),
        ("illegal-stack", 8, 15, "error"),
        ("off-board", 9, 3, "error"),
        ("stock-exceeded", 15, 23, "error"),
    ]


def test_the_bundled_layouts_have_no_land_cut_off() -> None:
    # the Robot is cut by channels one space wide on purpose: no warning for it
    assert [d for d in load_workspace().report() if d.code == "land-cut-off"] == []
