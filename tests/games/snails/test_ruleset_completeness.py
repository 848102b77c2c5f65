"""The merged ruleset must give every value the engine reads, each part's keys and the
damaged-terrain token included: no default in code fills a gap silently, so changing the
ruleset changes every reader (engine, layout checks, rules examples)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from editor.core.workspace import load_workspace
from editor.games.snails.engine import State, compile_rules
from editor.games.snails.engine.rules import ContentError

ROOT = Path(__file__).resolve().parents[3]
LAYOUT = """\
id: islet
name: Islet
game: snails
board: snails-expert
packs: [homebrew]
spaces:
  D4: [beach]
  D5: [beach]
  E4: [beach]
  E5: [beach]
  C4: [beach]
  C5: [beach]
  F4: [beach]
  F5: [beach]
"""


def _homebrew(tmp_path: Path, ruleset_edit: tuple[str, str]) -> list[Path]:
    """A copy of snails-base as a game of its own, its ruleset edited."""
    tmp_path.mkdir(exist_ok=True)
    pack = tmp_path / "homebrew"
    shutil.copytree(ROOT / "content" / "snails-base", pack)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("id: snails-base", "id: homebrew"))
    ruleset = pack / "ruleset.yaml"
    old, new = ruleset_edit
    assert old in ruleset.read_text()
    ruleset.write_text(ruleset.read_text().replace(old, new))
    layout = tmp_path / "islet.layout.yaml"
    layout.write_text(LAYOUT)
    return [pack, layout]


def test_a_ruleset_naming_no_damaged_token_is_incomplete(tmp_path: Path) -> None:
    ws = load_workspace(_homebrew(tmp_path, ("terrain: {damaged_token: damaged}\n", "")))
    errors = [d for d in ws.report() if d.is_error]
    assert [(d.code, Path(d.path).name) for d in errors] == [
        ("incomplete-ruleset", "islet.layout.yaml")
    ]
    assert errors[0].message.endswith("give no ruleset for: terrain")


def test_a_terrain_section_without_the_token_is_a_schema_error(tmp_path: Path) -> None:
    edit = ("terrain: {damaged_token: damaged}", "terrain: {}")
    ws = load_workspace(_homebrew(tmp_path, edit))
    errors = [d for d in ws.report() if d.is_error]
    assert [(Path(d.path).name, d.code) for d in errors][:1] == [("ruleset.yaml", "missing-key")]
    assert "damaged_token" in errors[0].message


def test_a_ruleset_with_an_error_is_not_also_called_incomplete(tmp_path: Path) -> None:
    # the broken file is left out of the merge: its own error says what is wrong, and the
    # layout does not list every part of the ruleset again as missing
    ws = load_workspace(_homebrew(tmp_path, ("rounds: 6", "rounds: 0")))
    errors = [d for d in ws.report() if d.is_error]
    assert [(Path(d.path).name, d.code) for d in errors] == [("ruleset.yaml", "out-of-range")]


def test_the_bundled_ruleset_is_complete_as_copied(tmp_path: Path) -> None:
    ws = load_workspace(_homebrew(tmp_path, ("terrain:", "terrain:")))
    assert [d for d in ws.report() if d.is_error] == []


def test_each_part_must_give_every_key_the_engine_reads(tmp_path: Path) -> None:
    edit = ("setup: {hand: 2, placement: alternate}", "setup: {placement: alternate}")
    ws = load_workspace(_homebrew(tmp_path, edit))
    (problem,) = [d for d in ws.report() if d.is_error]
    assert problem.code == "incomplete-ruleset"
    assert problem.message.endswith("give no ruleset for: setup.hand")


def test_a_listed_engine_module_needs_its_section(tmp_path: Path) -> None:
    edit = ("capacity: 3\n", "capacity: 3\nmodules: {wind: The compass rose.}\n")
    ws = load_workspace(_homebrew(tmp_path, edit))
    (problem,) = [d for d in ws.report() if d.is_error]
    assert problem.code == "incomplete-ruleset"
    assert problem.message.endswith("give no ruleset for: wind")


def test_the_room_a_layout_needs_is_the_rulesets(tmp_path: Path) -> None:
    # 8 beach spaces at 1 snail a space cannot seat 4 players of 4 snails, but can seat 2
    ws = load_workspace(_homebrew(tmp_path / "a", ("capacity: 3\n", "capacity: 1\n")))
    (problem,) = ws.report()
    assert problem.code == "too-small"
    assert "(8 land spaces × 1 a space) but 4 players bring 16" in problem.message
    paths = _homebrew(tmp_path / "b", ("players: {min: 2, max: 4}", "players: {min: 2, max: 2}"))
    ruleset = paths[0] / "ruleset.yaml"
    ruleset.write_text(ruleset.read_text().replace("capacity: 3\n", "capacity: 1\n"))
    assert load_workspace(paths).report() == []


def test_the_engine_reads_no_value_the_packs_leave_out(tmp_path: Path) -> None:
    ws = load_workspace(
        _homebrew(
            tmp_path, ("health: {leader: 30, soldier: 20}", "health: {leader: 30, soldier: 25}")
        )
    )
    rules = compile_rules(ws, ["homebrew"])
    assert rules.param("health.soldier") == 25
    with pytest.raises(ContentError, match=r"the ruleset gives no nothing\.here"):
        rules.param("nothing.here")
    assert rules.option("nothing.here") is None
    st = State.from_scenario(
        rules,
        ws.boards["snails-expert"],
        terrain={"D4": ["beach"]},
        players=[("red", None, []), ("blue", None, [])],
        snails=[("a", "red", "D4", None, False, None), ("b", "blue", "D4", None, False, "leader")],
    )
    assert (st.snail_info("a")["health"], st.snail_info("b")["health"]) == (25, 30)
