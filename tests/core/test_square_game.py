"""The core with a second game on a square grid: the square test game (``tests/square_game``)
validated, dumped, read back and turned, and kept apart from Snails' checks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from editor.core import registry
from editor.core.layouts import Layout, dump_layout, transform_layout
from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.checks import check_layouts as snails_layouts
from tests.conftest import SQUARE_DATA, load_square

YARD = SQUARE_DATA / "yard.layout.yaml"
TABLE = SQUARE_DATA / "table.layout.yaml"
YARD_BOARD = SQUARE_DATA / "yard.board.yaml"
HEAD = "id: probe\nname: Probe\ngame: square-test\nboard: square-yard\n"


def _write(tmp_path: Path, text: str, name: str = "probe.layout.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _found(ws: Workspace) -> list[tuple[str, int, int, str]]:
    return [(Path(d.path).name, d.line, d.column, d.code) for d in ws.report()]


def test_the_square_data_loads_clean(square_game: registry.Game) -> None:
    ws = load_square()
    assert ws.report() == []
    yard, table = ws.layouts["yard"], ws.layouts["table"]
    assert (yard.game, yard.board, yard.fields) == ("square-test", "square-yard", {"home": "0,1"})
    assert len(yard.spaces) == 9 and all(s == ("floor",) for s in yard.spaces.values())
    assert ws.boards["square-yard"].labels[-1] == "3,1"  # 3,2 is omitted
    assert ws.boards["square-test-table"].open
    assert table.value("home") == "-1,0" and "-1,-1" in table.spaces


def test_seastack_validate_is_clean_while_the_game_is_registered(
    square_game: registry.Game, capsys: pytest.CaptureFixture[str]
) -> None:
    from editor.cli import main

    assert main(["validate", str(SQUARE_DATA)]) == 0
    assert capsys.readouterr().out == ""


def test_without_the_game_its_layouts_name_an_unknown_game() -> None:
    assert registry.get("square-test") is None
    codes = {(name, code) for name, _, _, code in _found(load_workspace([SQUARE_DATA]))}
    assert ("yard.layout.yaml", "unknown-game") in codes
    assert ("yard.board.yaml", "unknown-game") in codes
    assert not any(code == "unknown-tile" for _, code in codes)  # its checks are not run


def test_a_tile_other_than_floor_gets_the_games_diagnostic_at_its_place(
    square_game: registry.Game, tmp_path: Path
) -> None:
    path = _write(tmp_path, HEAD + 'spaces:\n  "0,0": [floor, rock]\n  "1,0": [floor]\n')
    ws = load_square(path, YARD_BOARD)
    assert _found(ws) == [("probe.layout.yaml", 6, 18, "unknown-tile")]
    assert "'rock'" in ws.report()[0].message


def test_a_home_off_the_floor_is_flagged(square_game: registry.Game, tmp_path: Path) -> None:
    path = _write(tmp_path, HEAD + 'spaces:\n  "0,0": [floor]\nhome: "2,2"\n')
    assert _found(load_square(path, YARD_BOARD)) == [("probe.layout.yaml", 7, 7, "home-not-floor")]


def test_a_hex_label_on_the_square_board_is_named(
    square_game: registry.Game, tmp_path: Path
) -> None:
    path = _write(tmp_path, HEAD + 'spaces:\n  "0,0": [floor]\n  D5: [floor]\n')
    report = load_square(path, YARD_BOARD).report()
    # the schema names it once; the salvage keeps no label of another grid to check again
    assert [(d.line, d.column, d.code) for d in report] == [(7, 3, "bad-key")]
    assert "D5" in report[0].message and "like 3,0" in report[0].message


def test_the_home_field_is_schema_checked_as_a_square_label(
    square_game: registry.Game, tmp_path: Path
) -> None:
    path = _write(tmp_path, HEAD + 'spaces:\n  "0,0": [floor]\nhome: D5\n')
    report = load_square(path, YARD_BOARD).report()
    # the schema's error only: a salvage keeps no label of another grid for the checks
    assert [(d.line, d.column, d.code) for d in report] == [(7, 7, "bad-value")]
    assert "like 3,0" in report[0].message


def test_the_layout_dumps_in_canonical_form_and_reads_back_equal(
    square_game: registry.Game, tmp_path: Path
) -> None:
    for source, layout_id in ((YARD, "yard"), (TABLE, "table")):
        ws = load_square()
        layout = ws.layouts[layout_id]
        text = dump_layout(layout)
        assert text.splitlines()[0].endswith("schemas/square-test/layout.schema.json")
        # the data files are canonical: the text below their header is the dump
        assert dump_layout(layout, header=None) == source.read_text("utf-8").split("\n", 1)[1]
        assert f'home: "{layout.value("home")}"' in text
        copy = _write(tmp_path, text, source.name)
        again = load_square(copy, SQUARE_DATA / source.name.replace("layout", "board"))
        assert again.report() == []
        assert again.layouts[layout.id] == layout


def _turns(layout: Layout, ws: Workspace) -> list[Layout]:
    board = ws.boards[layout.board]
    seen = [layout]
    for _ in range(4):
        turned, lost = transform_layout(seen[-1], board, rotate_steps=1)
        assert lost == []
        seen.append(turned)
    return seen


def test_four_quarter_turns_on_the_bounded_yard_give_the_layout_back(
    square_game: registry.Game,
) -> None:
    ws = load_square()
    yard = ws.layouts["yard"]
    board = ws.boards["square-yard"]
    # the whole yard is wider than tall: a quarter turn would lose its right column
    _, lost = transform_layout(yard, board, rotate_steps=1)
    assert lost == ["3,0"]
    # its 3x3 part turns around 1,1; the home cell and the hole at 2,2 go round with it
    square = replace(yard, spaces={k: v for k, v in yard.spaces.items() if k[0] != "3"})
    seen = _turns(square, ws)
    assert [lay.value("home") for lay in seen] == ["0,1", "1,0", "2,1", "1,2", "0,1"]
    assert [sorted(set(board.labels) - set(lay.spaces) - {"3,0", "3,1"}) for lay in seen] == [
        ["2,2"],
        ["0,2"],
        ["0,0"],
        ["2,0"],
        ["2,2"],
    ]
    assert seen[-1].spaces == square.spaces and seen[-1].fields == square.fields
    assert seen[1] != square


def test_four_quarter_turns_on_the_open_table_give_the_layout_back(
    square_game: registry.Game,
) -> None:
    ws = load_square()
    table = ws.layouts["table"]
    seen = _turns(table, ws)  # around 0,0, into negative cells and out again
    assert [lay.value("home") for lay in seen] == ["-1,0", "0,-1", "1,0", "0,1", "-1,0"]
    assert "0,2" in seen[1].spaces and "-2,0" in seen[2].spaces
    assert seen[-1].spaces == table.spaces and seen[-1].fields == table.fields


def test_the_games_checks_see_only_their_own_layouts(square_game: registry.Game) -> None:
    ws = load_square()
    docs = [ws.layouts[k].document for k in ("yard", "table")]
    square_files = {doc.path for doc in docs if doc is not None}
    assert len(square_files) == 2
    # Snails' checks, handed the workspace as the loader hands it, say nothing of them
    snails_view = ws.scoped("snails")
    assert "yard" not in snails_view.layouts
    assert not [d for d in snails_layouts(snails_view) if d.path in square_files]
    assert not [d for d in ws.diagnostics if d.path in square_files]
    # the square game's check does not filter by game: it sees only what the loader scoped,
    # so none of its diagnostics lands on a Snails layout (all beach and meadow, no floor)
    assert "crustacean" in ws.layouts and "crustacean" not in ws.scoped("square-test").layouts
    assert not [d for d in ws.diagnostics if d.code == "unknown-tile"]
    unscoped = list(square_game.content.checks[0](ws))
    assert any(d.path.endswith("crustacean.layout.yaml") for d in unscoped)


def test_a_board_on_another_grid_than_its_games_is_refused(tmp_path: Path) -> None:
    board = tmp_path / "squares.board.yaml"
    board.write_text(
        "id: squares\nname: Squares\ngame: snails\ngrid: square\ncolumns: 3\nrows: 3\n",
        encoding="utf-8",
    )
    found = [(d.line, d.column, d.code, d.message) for d in load_workspace([board]).report()]
    assert found == [(4, 7, "wrong-grid", "Snails is played on hex boards, not square ones")]


def test_a_problem_at_the_home_spot_points_at_its_cell(square_game: registry.Game) -> None:
    from editor.core.diagnostics import error
    from editor.core.locate import space_of_diagnostic

    ws = load_square()
    layout = next(lay for lay in ws.layouts.values() if lay.id == "yard")
    document = layout.document
    assert document is not None
    span = document.value_span(("home",))
    assert span is not None
    at = error(document.path, span.line, span.column, "x", "...")
    assert space_of_diagnostic(document, at) == layout.value("home") == "0,1"
