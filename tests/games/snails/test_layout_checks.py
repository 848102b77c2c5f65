"""The Snails layout checks: each problem reported once, at the line and column it is at."""

from __future__ import annotations

from editor.core.diagnostics import Diagnostic, Severity
from editor.core.workspace import Workspace, load_workspace

from .conftest import LoadLayout


def _report(ws: Workspace) -> list[Diagnostic]:
    """The diagnostics but too-small: the tiny board's layouts seat few snails on purpose
    (the too-small tests below check that warning)."""
    return [d for d in ws.report() if d.code != "too-small"]


def _found(load_layout: LoadLayout, **kwargs: object) -> list[tuple[str, int, int, str]]:
    ws, _ = load_layout(**kwargs)
    return [(d.code, d.line, d.column, d.severity.value) for d in _report(ws)]


def test_a_connected_island_is_clean(load_layout: LoadLayout) -> None:
    # A1, A2 and B1 touch each other (A1's on-board neighbours are B1, B2 and A2)
    assert _found(load_layout, spaces={"A1": ["beach"], "A2": ["beach"], "B1": ["beach"]}) == []


def test_islands_one_channel_apart_are_one_landmass(load_layout: LoadLayout) -> None:
    # B1 is water and touches both A1 and C1: a swim of one space
    assert _found(load_layout, spaces={"A1": ["beach"], "C1": ["beach"]}) == []


def test_land_two_water_spaces_away_is_cut_off(load_layout: LoadLayout) -> None:
    # D3's water neighbours are D2, C2 and C3, none of which touches A1, A2 or B1
    ws, _ = load_layout(spaces={"A1": ["beach"], "A2": ["beach"], "B1": ["beach"], "D3": ["beach"]})
    (problem,) = _report(ws)
    assert (problem.code, problem.line, problem.column) == ("land-cut-off", 9, 3)
    assert problem.severity is Severity.WARNING
    assert "D3 is two or more water spaces away" in problem.message
    assert "(3 spaces)" in problem.message


def test_every_smaller_landmass_is_named_with_its_spaces(load_layout: LoadLayout) -> None:
    ws, _ = load_layout(
        spaces={"A1": ["beach"], "A2": ["beach"], "A3": ["beach"], "D1": ["beach"], "D2": ["beach"]}
    )
    (problem,) = _report(ws)
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


# --- pinned backs, tokens and start spaces ---------------------------------------------------

HEAD = "id: sample\nname: Sample\ngame: snails\nboard: tiny\n"


def test_backs_tokens_and_starts_that_fit_are_clean(load_layout: LoadLayout) -> None:
    text = HEAD + (
        "spaces:\n  A1: [beach, meadow]\n  A2: [beach, meadow]\n  B1: [beach]\n"
        "backs:\n  A1: [twin-barrels, eggshells]\n  A2: [null, eggshells]\n"
        "tokens:\n  B1: {fire: 2, dead-weight: 1}\n"
        "starts: [A1, B1]\n"
    )
    # the Fire in the Shell pack holds exactly two eggshells meadows: pinning both is fine
    assert _found(load_layout, text=text) == []


def test_each_back_problem_at_its_item(load_layout: LoadLayout) -> None:
    text = HEAD + (
        "spaces:\n"
        "  A1: [beach, meadow]\n"  # 6
        "  A2: [beach, meadow]\n"
        "  A3: [beach, meadow]\n"
        "  B1: [beach]\n"
        "backs:\n"  # 10
        "  A1: [null, eggshells]\n"
        "  A2: [null, eggshells]\n"
        "  A3: [null, eggshells]\n"  # 13: the third eggshells meadow; the stock holds 2
        "  B1: [turnip]\n"  # 14: a meadow back on a beach
        "  B2: [blank]\n"  # 15: water has no tiles to pin
        "  C1: [null]\n"  # 16: water again, even with a random back
    )
    ws, _ = load_layout(text=text)
    found = {(d.code, d.line, d.column): d.message for d in _report(ws)}
    assert sorted(found) == [
        ("backs-mismatch", 15, 7),
        ("backs-mismatch", 16, 7),
        ("bad-back", 14, 8),
        ("stock-exceeded", 13, 14),
    ]
    assert (
        "pins the back 'eggshells' on 3 meadow tiles but the packs in use hold 2"
        in (found[("stock-exceeded", 13, 14)])
    )
    assert "blank, fertilizers, twin-barrels" in found[("bad-back", 14, 8)]


def test_a_stack_and_its_backs_must_be_as_long(load_layout: LoadLayout) -> None:
    text = HEAD + "spaces:\n  A1: [beach, meadow]\nbacks:\n  A1: [null, eggshells, null]\n"
    ws, _ = load_layout(text=text)
    (problem,) = _report(ws)
    assert (problem.code, problem.line, problem.column) == ("backs-mismatch", 8, 7)
    assert problem.message.startswith("A1 has 2 tiles but 3 backs")


def test_an_unknown_back_is_named_with_a_suggestion(load_layout: LoadLayout) -> None:
    text = HEAD + "packs: [snails-base]\nspaces:\n  A1: [beach]\nbacks:\n  A1: [twin-barels]\n"
    ws, _ = load_layout(text=text)
    (problem,) = _report(ws)
    assert (problem.code, problem.line, problem.column) == ("unknown-id", 9, 8)
    # only the base pack is in use: its only back is blank
    assert "no tile back 'twin-barels' in the packs in use" in problem.message


def test_tokens_are_known_and_on_land_starts_on_land(load_layout: LoadLayout) -> None:
    text = HEAD + (
        "spaces:\n  A1: [beach]\n"
        "tokens:\n"  # 7
        "  A1: {fire: 1, firee: 1}\n"  # 8: unknown id at the key
        "  B1: {damaged: 1}\n"  # 9: water
        "  E1: {fire: 1}\n"  # 10: off the 4-column board
        "starts: [A1, B2, E3]\n"  # 11: B2 is water, E3 off the board
    )
    ws, _ = load_layout(text=text)
    found = {(d.code, d.line, d.column): d.message for d in _report(ws)}
    assert sorted(found) == [
        ("off-board", 10, 3),
        ("off-board", 11, 18),
        ("on-water", 9, 8),
        ("on-water", 11, 14),
        ("unknown-id", 8, 17),
    ]
    assert "did you mean 'fire'?" in found[("unknown-id", 8, 17)]
    assert "B2 is water" in found[("on-water", 11, 14)]


def test_clearing_the_land_under_a_start_reports_it(load_layout: LoadLayout) -> None:
    text = HEAD + "spaces:\n  A1: [beach]\nstarts: [A1, A2]\n"
    assert _found(load_layout, text=text) == [("on-water", 7, 14, "error")]


def test_a_layout_too_small_for_the_most_players_is_warned_at_its_spaces(
    load_layout: LoadLayout,
) -> None:
    # 5 beaches × capacity 3 = 15 places; 4 players bring 4 snails each
    spaces = {label: ["beach"] for label in ("A1", "A2", "B1", "B2", "C1")}
    ws, _ = load_layout(spaces=spaces)
    (problem,) = ws.report()
    assert (problem.code, problem.line, problem.column) == ("too-small", 5, 1)
    assert problem.severity is Severity.WARNING
    assert "seats 15 snails (5 land spaces × 3 a space) but 4 players bring 16" in problem.message
    assert problem.message.endswith("matches of at most 3 players can be set up")
    ws, _ = load_layout(spaces={**spaces, "C2": ["beach"]})
    assert ws.report() == []


def test_start_spaces_limit_the_seats(load_layout: LoadLayout) -> None:
    spaces = "\n".join(f"  {lb}: [beach]" for lb in ("A1", "A2", "B1", "B2", "C1", "C2"))
    text = (
        "id: sample\nname: Sample\ngame: snails\nboard: tiny\nspaces:\n"
        + spaces
        + "\nstarts: [A1, A2]\n"
    )
    ws, _ = load_layout(text=text)
    (problem,) = ws.report()
    assert (problem.code, problem.line) == ("too-small", 12)
    assert "(2 start spaces × 3 a space)" in problem.message
    assert problem.message.endswith("no match can be set up")
