"""The beach layout checks: each one passes the bundled beach and fails a broken layout, at
the line and column of what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core import registry
from editor.core.layouts import dump_layout
from editor.core.workspace import Workspace
from editor.games.snit_smashing.editor_hooks import SAND_COLOUR, SEA_COLOUR
from editor.games.snit_smashing.layout_checks import legal_centres
from tests.games.snit_smashing.conftest import BASE, LoadLayout, beach_layout, bundled_layout_text


def _codes(ws: Workspace) -> list[tuple[int, int, str]]:
    return [(d.line, d.column, d.code) for d in ws.report()]


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), start=1) if needle in line)


def test_the_bundled_beach_and_its_rewrite_pass(
    load_layout: LoadLayout, bundled: Workspace
) -> None:
    assert load_layout(beach_layout()).report() == []
    layout = bundled.layouts["snit-beach"]
    assert load_layout(dump_layout(layout).replace("id: snit-beach", "id: sample")).report() == []
    assert "snandergrab: D10" in bundled_layout_text()


def test_the_snandergrab_start_hangs_off_the_map_by_d11_only(bundled: Workspace) -> None:
    board = bundled.boards["snit-beach"]
    assert not board.has_space("D11")
    assert all(board.has_space(x) for x in ("D9", "D10", "C9", "C10", "E9", "E10"))
    sea = {"A1", "A2", "B1", "C1", "D1", "E1", "F1", "G1", "G2"}
    centres = legal_centres(board, sea, 7)
    assert "D10" not in centres and "E3" in centres
    # every centre whose disc stays on the map lies at least one hex inside the edge
    assert all(label[0] not in "AG" and label[1:] not in ("1", "10") for label in centres)


def test_a_start_hex_on_sand_is_refused(load_layout: LoadLayout) -> None:
    text = beach_layout(starts={"A1": "red", "C1": "green", "E1": "yellow", "F3": "blue"})
    found = _codes(load_layout(text))
    line = _line(text, "starts:")
    assert found == [(line, text.split("\n")[line - 1].index("F3") + 1, "start-on-sand")]


def test_a_clan_without_a_start_hex_is_refused(load_layout: LoadLayout) -> None:
    text = beach_layout(starts={"A1": "red", "C1": "green", "E1": "yellow"})
    [(line, _, code)] = _codes(load_layout(text))
    assert (line, code) == (_line(text, "starts:"), "no-start")


def test_an_unknown_clan_and_a_clan_twice_are_refused(load_layout: LoadLayout) -> None:
    starts = {"A1": "red", "B1": "red", "C1": "green", "E1": "yellow", "G1": "blue", "D1": "pink"}
    text = beach_layout(starts=starts)
    codes = sorted(code for _, _, code in _codes(load_layout(text)))
    assert codes == ["duplicate-start", "unknown-id"]


def test_a_start_off_the_board_is_refused(load_layout: LoadLayout) -> None:
    starts = {"A1": "red", "C1": "green", "E1": "yellow", "G1": "blue", "H1": "red"}
    codes = [code for _, _, code in _codes(load_layout(beach_layout(starts=starts)))]
    assert codes == ["off-board"]


def test_a_missing_snandergrab_start_is_refused(load_layout: LoadLayout) -> None:
    text = beach_layout(snandergrab=None)
    assert _codes(load_layout(text)) == [(_line(text, "spaces:"), 1, "no-snandergrab")]


def test_a_snandergrab_start_off_the_map_is_refused(load_layout: LoadLayout) -> None:
    text = beach_layout(snandergrab="D11")
    assert _codes(load_layout(text)) == [(_line(text, "snandergrab:"), 14, "off-board")]


def test_a_snandergrab_start_in_the_sea_is_refused(load_layout: LoadLayout) -> None:
    text = beach_layout(snandergrab="D2")
    [(line, _, code)] = _codes(load_layout(text))
    assert (line, code) == (_line(text, "snandergrab:"), "snandergrab-in-sea")


def test_no_room_for_a_smash_on_the_sand_is_refused(load_layout: LoadLayout) -> None:
    # sand only in column D: no three sand hexes meet at a corner, and the Snandergrab has
    # nowhere to go either
    sea = [f"{c}{r}" for c in "ABCEFG" for r in range(1, 11)]
    starts = {"A1": "red", "C1": "green", "E1": "yellow", "G1": "blue"}
    text = beach_layout(sea=sea, starts=starts, snandergrab="D5")
    found = sorted(code for _, _, code in _codes(load_layout(text)))
    assert found == ["no-room", "no-room", "snandergrab-in-sea"]


def test_no_place_to_move_the_snandergrab_is_refused_alone(load_layout: LoadLayout) -> None:
    # sand on rows 9 and 10 only: smashes fit there, but every disc of seven reaches row 8
    # (the sea) or row 11 (off the map)
    sea = [f"{c}{r}" for c in "ABCDEFG" for r in range(1, 9)]
    [problem] = load_layout(beach_layout(sea=sea)).report()
    assert problem.code == "no-room"
    assert "nowhere to be moved" in problem.message


def test_an_unknown_terrain_is_refused_and_a_stack_warned(load_layout: LoadLayout) -> None:
    text = beach_layout().replace("  B1: [sea]", "  B1: [lava]\n  D5: [sea, sand]")
    found = load_layout(text).report()
    assert [(d.line, d.code, d.severity.value) for d in found] == [
        (_line(text, "B1:"), "unknown-id", "error"),
        (_line(text, "D5:"), "stacked-terrain", "warning"),
    ]


def test_an_incomplete_ruleset_is_refused_at_the_layout(
    load_layout: LoadLayout, tmp_path: Path
) -> None:
    folder = tmp_path / "bare"
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        "id: bare\nname: Bare\nversion: 1.0.0\ngame: snit-smashing\n", encoding="utf-8"
    )
    (folder / "ruleset.yaml").write_text("runs: 2\n", encoding="utf-8")
    text = beach_layout(starts={}).replace("spaces:", "packs: [bare]\nspaces:")
    found = _codes(load_layout(text, folder))
    assert sorted(code for _, _, code in found) == ["incomplete-ruleset", "no-clans"]
    assert {line for line, _, _ in found} == {_line(text, "packs:")}


def test_the_editor_hooks_paint_sea_and_sand(bundled: Workspace) -> None:
    game = registry.get("snit-smashing")
    assert game is not None
    hooks = game.editor
    layout = bundled.layouts["snit-beach"]
    assert hooks.colours is not None and hooks.tile_kinds is not None
    assert hooks.colours(bundled, layout) == {"sea": SEA_COLOUR, "sand": SAND_COLOUR}
    kinds = hooks.tile_kinds(bundled, layout)
    assert [(k.id, k.stock) for k in kinds] == [("sea", 70), ("sand", 70)]
    assert (hooks.empty_word, hooks.empty_colour) == ("sand", SAND_COLOUR)


def test_the_statistics_count_the_beach(bundled: Workspace) -> None:
    game = registry.get("snit-smashing")
    assert game is not None and game.editor.statistics is not None
    sections = game.editor.statistics(bundled, bundled.layouts["snit-beach"])
    assert [s.title for s in sections] == ["Beach", "Clan starts", "Snandergrab"]
    assert sections[0].summary == "61 hexes of sand, 9 hexes of sea"
    rows = {row.what: row for row in sections[1].rows}
    assert rows["Red"].value == "A1" and rows["Blue"].value == "G1"
    assert rows["Red"].detail == rows["Blue"].detail  # the corners mirror each other
    assert not any(row.problem for s in sections for row in s.rows)


@pytest.mark.parametrize("field", ["starts", "snandergrab"])
def test_the_clan_options_come_from_the_packs(bundled: Workspace, field: str) -> None:
    game = registry.get("snit-smashing")
    assert game is not None
    spec = next(f for f in game.content.layout_fields if f.key == field)
    if field == "starts":
        assert spec.options is not None
        options = spec.options(bundled, bundled.layouts["snit-beach"], "")
        assert [o.id for o in options] == ["red", "blue", "green", "yellow"]
    else:
        assert spec.shape == "spot" and not spec.needs_tiles
    assert BASE in bundled.packs
