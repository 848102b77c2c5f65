"""The bundled Snit Smashing content: it loads clean, and says what the rulebook says."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from editor.core import registry
from editor.core.engine import MatchSpec
from editor.core.resources import content_dir, layouts_dir
from editor.core.templates import add_from_template, default_dependencies, new_pack
from editor.core.workspace import Workspace, load_workspace
from editor.games.snit_smashing.content import content_of
from editor.games.snit_smashing.engine import ENGINE
from editor.games.snit_smashing.engine.rules import rules_of
from editor.games.snit_smashing.templates import TEMPLATE_GROUPS
from tests.games.snit_smashing.conftest import BASE, beach_layout


def test_the_bundled_pack_board_and_layout_load_clean() -> None:
    ws = load_workspace(
        [
            content_dir() / BASE,
            layouts_dir() / "snit-beach.board.yaml",
            layouts_dir() / "snit-beach.layout.yaml",
        ]
    )
    assert ws.report() == []
    assert "snit-beach" in ws.layouts and "snit-beach" in ws.boards


def test_four_clans_of_21_snits_with_speeds_4_to_7(bundled: Workspace) -> None:
    content = content_of(bundled, [bundled.packs[BASE]])
    assert list(content.clans) == ["red", "blue", "green", "yellow"]
    names = [s["name"] for s in content.snits.values()]
    assert len(names) == len(set(names)) == 84
    for clan in content.clans:
        speeds = Counter(s["speed"] for s in content.snits_of(clan))
        assert sum(speeds.values()) == 21
        assert set(speeds) == {4, 5, 6, 7}
    assert {s.get("badge") for s in content.snits.values()} == {None, "hammer", "lightning"}


def test_the_ruleset_gives_every_number_of_the_rules(bundled: Workspace) -> None:
    content = content_of(bundled, [bundled.packs[BASE]])
    assert content.missing_ruleset_keys() == []
    rules, clans = rules_of(content)
    numbers = (
        rules.bounds_per_run,
        rules.runs,
        rules.active_at_start,
        rules.offspring_per_parent,
        rules.snits_per_player,
        rules.smash_hexes,
        rules.snandergrab_hexes,
        rules.min_players,
        rules.max_players,
    )
    assert numbers == (6, 4, 4, 3, 21, 3, 7, 2, 4)
    assert [len(c.counters) for c in clans] == [21] * 4


def test_the_game_is_registered_as_a_simultaneous_game_of_colours() -> None:
    game = registry.get("snit-smashing")
    assert game is not None and game.play is not None
    kind = game.play.type
    assert (kind.dynamics, kind.sides, kind.chance) == ("simultaneous", "colours", True)
    assert (kind.min_players, kind.max_players) == (2, 4)
    assert set(game.content.file_kinds) == {"clans", "snits", "ruleset"}
    assert [f.key for f in game.content.layout_fields] == ["starts", "snandergrab"]


def test_a_fifth_clan_is_data_and_plays(tmp_path: Path) -> None:
    folder = tmp_path / "purple"
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        "id: purple\nname: Purple\nversion: 1.0.0\ngame: snit-smashing\n"
        "dependencies: {snit-smashing-base: '>=1.0,<2'}\n",
        encoding="utf-8",
    )
    (folder / "clans.yaml").write_text(
        'clans:\n  - {id: purple, name: Purple, colour: "#8040a0"}\n', encoding="utf-8"
    )
    snits = "".join(
        f"  - {{id: plum-{i}, name: Plum {i}, clan: purple, speed: {4 + i % 4}}}\n"
        for i in range(21)
    )
    (folder / "snits.yaml").write_text("snits:\n" + snits, encoding="utf-8")
    (folder / "ruleset.yaml").write_text("players: {max: 5}\n", encoding="utf-8")
    text = beach_layout(
        starts={"A1": "red", "C1": "green", "D1": "purple", "E1": "yellow", "G1": "blue"}
    ).replace("spaces:", "packs: [purple]\nspaces:")
    layout = tmp_path / "five.layout.yaml"
    layout.write_text(text, encoding="utf-8")
    ws = load_workspace([folder, layout])
    assert ws.report() == []
    prepared = ENGINE.prepare(ws, ws.layouts["sample"])
    assert [c.id for c in prepared.clans][-1] == "purple"
    state = ENGINE.new_match(prepared, MatchSpec(players=5, seed=3))
    purple = [s for s in range(len(state.owner)) if state.owner[s] == 4]
    assert len(purple) == 21
    assert sum(1 for s in purple if state.at[s] == prepared.tables.index["D1"]) == 4


TEMPLATES = {t.key: t for group in TEMPLATE_GROUPS for t in group.templates}


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_each_template_validates_in_a_new_pack(tmp_path: Path, key: str) -> None:
    deps = default_dependencies(load_workspace(), "snit-smashing")
    assert deps == {BASE: ">=1.0,<2"}
    folder = new_pack(tmp_path, "Template Test", "snit-smashing", dependencies=deps)
    added = add_from_template(folder, TEMPLATES[key])
    again = add_from_template(folder, TEMPLATES[key])
    ws = load_workspace([folder])
    assert ws.report() == []
    content = content_of(ws, [ws.packs[BASE], ws.packs["template-test"]])
    kind = content.clans if key == "clan" else content.snits
    assert {added.id, again.id} <= set(kind)
    if key == "clan":  # a new clan comes with the Snits a player draws at the start
        assert len(content.snits_of(added.id)) == 4


def test_the_preview_words_clans_and_snits() -> None:
    game = registry.get("snit-smashing")
    assert game is not None and game.content.preview is not None
    face = game.content.preview("snits", {"id": "pip", "name": "Pip", "clan": "red", "speed": 5})
    assert face is not None and face.name == "Pip"
    assert [(line.label, line.text) for line in face.details] == [
        ("Clan", "red"),
        ("Speed", "5 hexes a bound"),
    ]
    clan = game.content.preview("clans", {"id": "red", "name": "Red", "colour": "#c8453a"})
    assert clan is not None and clan.kind == "Clan"
    assert game.content.preview("ruleset", {}) is None
