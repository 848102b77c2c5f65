"""Broken Snit Smashing content is refused with file, line and column: schema bounds first,
then the checks of what a schema cannot say."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.workspace import load_workspace


def _found(folder: Path) -> list[tuple[str, int, int, str]]:
    return [
        (Path(d.path).name, d.line, d.column, d.code) for d in load_workspace([folder]).report()
    ]


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ("speed: 5}", "speed: 13}", "out-of-range"),
        ("speed: 5}", "speed: 0}", "out-of-range"),
        ("badge: hammer}", "badge: star}", "bad-value"),
        ("clan: red, ", "", "missing-key"),
    ],
)
def test_a_bad_snit_is_refused_at_its_value(
    scratch_pack: Path, old: str, new: str, code: str
) -> None:
    path = scratch_pack / "snits.yaml"
    line = _line_of(path, old)
    _replace(path, old, new)
    found = _found(scratch_pack)
    assert [(name, ln, c) for name, ln, _, c in found] == [("snits.yaml", line, code)]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("runs: 4", "runs: 0"),
        ("bounds_per_run: 6", "bounds_per_run: 13"),
        ("smash_hexes: 3", "smash_hexes: 4"),
        ("snandergrab_hexes: 7", "snandergrab_hexes: 6"),
        ("snits_per_player: 21", "snits_per_player: 61"),
        ("primus_die_sides: 6", "primus_die_sides: 1"),
        ("offspring_per_parent: 3", "offspring_per_parent: 3\nlegs: 2"),
    ],
)
def test_a_ruleset_number_out_of_bounds_is_refused(scratch_pack: Path, old: str, new: str) -> None:
    path = scratch_pack / "ruleset.yaml"
    line = _line_of(path, old) + ("\n" in new)
    _replace(path, old, new)
    found = _found(scratch_pack)
    assert [(name, ln) for name, ln, _, _ in found] == [("ruleset.yaml", line)], found


def test_a_snit_of_an_unknown_clan_is_refused(scratch_pack: Path) -> None:
    path = scratch_pack / "snits.yaml"
    line = _line_of(path, "id: pip,")
    _replace(path, "clan: red, speed: 5}", "clan: rde, speed: 5}")
    found = _found(scratch_pack)
    column = path.read_text(encoding="utf-8").split("\n")[line - 1].index("rde") + 1
    assert found[:1] == [("snits.yaml", line, column, "unknown-id")]


def test_a_snit_id_defined_twice_is_refused_at_the_second(scratch_pack: Path) -> None:
    path = scratch_pack / "snits.yaml"
    _replace(path, "{id: skitter,", "{id: pip,")
    line = _line_of(path, "name: Skitter")
    assert _found(scratch_pack) == [("snits.yaml", line, len("  - {id: ") + 1, "duplicate-id")]


def test_a_clan_with_fewer_snits_than_a_player_draws_is_refused(scratch_pack: Path) -> None:
    path = scratch_pack / "snits.yaml"
    kept = [ln for ln in path.read_text(encoding="utf-8").split("\n") if "clan: yellow" not in ln]
    kept += [f"  - {{id: sun-{i}, name: Sun {i}, clan: yellow, speed: 5}}" for i in range(3)]
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    clans = scratch_pack / "clans.yaml"
    assert _found(scratch_pack) == [
        ("clans.yaml", _line_of(clans, "id: yellow"), len("  - id: ") + 1, "too-few-snits")
    ]


def test_more_players_than_clans_is_refused_at_players_max(scratch_pack: Path) -> None:
    _replace(scratch_pack / "ruleset.yaml", "max: 4}", "max: 5}")
    line = _line_of(scratch_pack / "ruleset.yaml", "players:")
    column = len("players: {min: 2, max: ") + 1
    assert _found(scratch_pack) == [("ruleset.yaml", line, column, "too-few-clans")]


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ("players: {min: 2, max: 4}", "players: {min: 4, max: 3}", "players:"),
        ("active_at_start: 4", "active_at_start: 22", "active_at_start:"),
    ],
)
def test_numbers_that_contradict_each_other_are_refused(
    scratch_pack: Path, old: str, new: str, key: str
) -> None:
    path = scratch_pack / "ruleset.yaml"
    _replace(path, old, new)
    found = _found(scratch_pack)
    assert [(name, ln, code) for name, ln, _, code in found] == [
        ("ruleset.yaml", _line_of(path, key), "bad-range")
    ]


def test_a_clan_with_more_counters_than_a_player_plays_is_a_warning(scratch_pack: Path) -> None:
    path = scratch_pack / "snits.yaml"
    text = path.read_text(encoding="utf-8") + "  - {id: extra, name: Extra, clan: red, speed: 5}\n"
    path.write_text(text, encoding="utf-8")
    ws = load_workspace([scratch_pack])
    [problem] = ws.report()
    assert (problem.code, problem.severity.value) == ("extra-snits", "warning")
    assert "first 21" in problem.message
