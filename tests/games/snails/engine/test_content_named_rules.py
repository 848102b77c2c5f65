"""Rules that content names, not Python: modules, the damaged-terrain token, a token's damage
cause, whether Hit is an attack, token colours."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.boards import Board
from editor.core.engine import IllegalChoice, MatchSpec
from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.engine import (
    ENGINE,
    Prepared,
    Rules,
    State,
    compile_rules,
    prepare_layout,
)
from editor.games.snails.rules_content import ContentError
from tests.games.snails.engine.conftest import Scenario, write_pack

MANIFEST = """\
id: renamed
name: Renamed
version: 1.0.0
game: snails
dependencies: {snails-base: '>=1.0,<2'}
"""

RULESET = """\
modules:
  storm: Lightning strikes the highest tile each round.
terrain: {damaged_token: crack}
hit: {attack: false}
"""

TOKENS = """\
tokens:
  - id: crack
    name: Crack
    text: A crack in the top tile; a second one brings it down.
    colour: "#102030"
  - id: lava
    name: Lava
    text: Hot lava; a snail that enters it takes 5 as burns.
    colour: "#ff4000"
    damage_cause: lava
    abilities:
      - id: scald
        name: Scald
        text: A snail entering the space takes 5.
        trigger: {event: snail_enters}
        effects:
          - damage: {amount: 5, to: event}
"""

CARDS = """\
cards:
  - id: lightning
    name: Lightning
    kind: special
    module: storm
    copies: 2
    text: Lightning strikes the top tile of a space in reach.
    target: {select: space, range: [1, 3]}
    effects: [{damage_terrain: target}]
"""

SOLDIERS = """\
soldiers:
  - id: lookout
    name: Lookout
    rank: soldier
    module: night
    text: Sees in the dark.
"""


@pytest.fixture(scope="module")
def renamed_ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    """The bundled workspace with a pack that renames the damaged token, adds modules (one
    with a soldier type, one with a card), a token with its damage cause; checked clean."""
    files = {
        "pack.yaml": MANIFEST,
        "ruleset.yaml": RULESET,
        "tokens.yaml": TOKENS,
        "soldiers.yaml": SOLDIERS,
        "cards.yaml": CARDS,
    }
    ws = load_workspace([write_pack(tmp_path_factory.mktemp("packs") / "renamed", files)])
    assert ws.report() == []
    return ws


@pytest.fixture(scope="module")
def renamed(renamed_ws: Workspace) -> tuple[Rules, Board]:
    """The renamed pack compiled over snails-base, and the expert board."""
    return compile_rules(renamed_ws, ["snails-base", "renamed"]), renamed_ws.boards["snails-expert"]


def _state(rules: Rules, board: Board) -> State:
    return State.from_scenario(
        rules,
        board,
        terrain={"C5": ["beach"], "D5": ["beach"]},
        tokens={"D5": {"lava": 1}},
        players=[("red", None, []), ("blue", None, [])],
        snails=[("r", "red", "C5", None, False, None), ("b", "blue", "C5", None, False, None)],
    )


def test_modules_come_from_the_packs(crustacean: Prepared, renamed: tuple[Rules, Board]) -> None:
    assert list(ENGINE.modules(crustacean)) == ["specialists", "wind"]
    assert renamed[0].modules == ("night", "specialists", "storm")
    assert renamed[0].card("lightning").module == "storm"
    spec = MatchSpec(2, (), frozenset({"nope", "specialists"}), 1)
    with pytest.raises(ValueError, match=r"^unknown module nope; known: specialists, wind$"):
        ENGINE.new_match(crustacean, spec)


def test_a_content_modules_soldier_types_fill_the_team(
    renamed_ws: Workspace, renamed: tuple[Rules, Board]
) -> None:
    ws = renamed_ws
    rules = renamed[0]
    assert rules.module_team(frozenset()) == []
    assert rules.module_team(frozenset({"night"})) == ["lookout"]
    assert rules.module_team(frozenset({"night", "specialists"})) == [
        "lookout",
        "grunt",
        "scout",
        "medic",
    ]
    layout = ws.layouts["crustacean"]
    prepared = prepare_layout(ws, layout, ["snails-base", "renamed"])
    st = ENGINE.new_match(prepared, MatchSpec(2, (), frozenset({"night"}), 5))
    assert [st.skind[s] for s in st.p_snails[0]] == ["leader", "lookout", "soldier", "soldier"]
    plain = ENGINE.new_match(prepared, MatchSpec(2, (), frozenset(), 5))
    assert "lookout" not in plain.skind


def test_a_content_modules_cards_join_the_deck_only_with_it(renamed_ws: Workspace) -> None:
    ws = renamed_ws
    prepared = prepare_layout(ws, ws.layouts["crustacean"], ["snails-base", "renamed"])
    for modules, copies in ((frozenset(), 0), (frozenset({"storm"}), 2)):
        st = ENGINE.new_match(prepared, MatchSpec(2, (), modules, 5))
        cards = [st.card_id(c) for c in (*st.deck, *st.hand[0], *st.hand[1])]
        assert cards.count("lightning") == copies
        assert len(cards) == len(prepared.rules.arsenal) - 2 + copies


def test_a_module_the_ruleset_only_names_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "tides"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST.replace("renamed", "tides"))
    (folder / "ruleset.yaml").write_text("modules:\n  tides: The sea rises.\n")
    ws = load_workspace([folder])
    problems = ws.report()
    assert [(d.code, Path(d.path).name, d.line, d.column) for d in problems] == [
        ("unknown-module", "ruleset.yaml", 2, 3)
    ]
    assert problems[0].message.startswith("module 'tides' would change nothing")
    with pytest.raises(ContentError, match="unknown-module"):
        compile_rules(ws, ["snails-base", "tides"])  # no match offers it


def test_the_ruleset_names_the_damaged_terrain_token(renamed: tuple[Rules, Board]) -> None:
    st = _state(*renamed)
    space = st.space("C5")
    list(st.damage_terrain(space, "dig", 0, -1))
    assert st.tokens_at("C5")["crack"] == 1 and st.tokens_at("C5")["damaged"] == 0
    assert st.damaged_labels() == ["C5"]
    list(st.damage_terrain(space, "dig", 0, -1))
    assert st.terrain_at("C5") == [] and st.damaged_labels() == []


def test_a_tokens_damage_is_logged_with_its_cause(renamed: tuple[Rules, Board]) -> None:
    st = _state(*renamed)
    st.perform("r", "crawl", path=["D5"])
    assert ("damage", st.snail("r"), 5, "lava") in st.events


def test_whether_hit_is_an_attack_is_the_rulesets(
    rules: Rules, renamed: tuple[Rules, Board]
) -> None:
    assert rules.card("hit").attack
    assert not renamed[0].card("hit").attack
    assert renamed[0].tokens[renamed[0].token_index["lava"]].damage_cause == "lava"


def test_attacking_from_water_names_the_faction_rule(scenario: Scenario) -> None:
    st = scenario({"C4": ["beach"]}, {"r": ("red", "C5"), "b": ("blue", "C4")})
    with pytest.raises(IllegalChoice, match="its faction cannot attack from water"):
        st.perform("r", "hit", target="b")


def test_a_misspelt_damaged_token_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "typo"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST.replace("renamed", "typo"))
    (folder / "ruleset.yaml").write_text("terrain: {damaged_token: damagd}\n")
    problems = load_workspace([folder]).report()
    assert [(d.code, d.line, d.column) for d in problems] == [("unknown-id", 1, 26)]
    assert problems[0].message == "no token 'damagd' in the packs; did you mean 'damaged'?"
