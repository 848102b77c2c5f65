"""Every trigger the schema accepts fires for soldiers, tokens and tile backs (a fixture pack),
and a tile back's trigger on an event it cannot answer is a content error."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from editor.core.boards import Board
from editor.core.workspace import load_workspace
from editor.games.snails.engine import Rules, State
from editor.games.snails.engine.scenario import _drive
from tests.games.snails.engine.conftest import compile_pack, write_pack

MANIFEST = """\
id: gadgets
name: Gadgets
version: 1.0.0
game: snails
dependencies: {snails-base: '>=1.0,<2'}
"""

SOLDIERS = """\
soldiers:
  - id: turtle
    name: Turtle
    rank: soldier
    text: Hides the moment the ground under it breaks or cracks.
    abilities:
      - id: duck-and-cover
        name: Duck and cover
        text: When the tile under it is damaged or destroyed, it goes into its shell.
        trigger: {event: [tile_destroyed, tile_damaged]}
        effects:
          - shell: {mode: enter, to: self}
"""

TOKENS = """\
tokens:
  - id: mine
    name: Mine
    text: Goes off with its tile.
    on_water: false
    abilities:
      - id: blast
        name: Blast
        text: When its tile is destroyed, every snail there takes 5 damage.
        trigger: {event: tile_destroyed}
        effects:
          - damage: {amount: 5, to: event}
  - id: alarm
    name: Alarm
    text: Rings when its tile cracks.
    on_water: false
    abilities:
      - id: ring
        name: Ring
        text: When its tile is damaged, the contamination marker moves 1 step up.
        trigger: {event: tile_damaged}
        effects:
          - contamination: 1
  - id: swamp
    name: Swamp
    text: Sticky ground.
    on_water: false
    abilities:
      - id: sticky
        name: Sticky
        text: A snail that resolves a Crawl on this space takes 1 damage.
        trigger: {event: action_resolved, cause: [crawl]}
        effects:
          - damage: {amount: 1, to: event}
  - id: spore
    name: Spore
    text: Spreads sickness at dawn.
    on_water: false
    abilities:
      - id: spread
        name: Spread
        text: When the Drawing phase starts, every snail on its space takes 2 damage.
        trigger: {event: phase_starts, phase: drawing}
        effects:
          - damage: {amount: 2, to: event}
"""

TILES = """\
tile_backs:
  - id: crystal
    name: Crystal
    description: A crystal that purifies the sea when its tile cracks.
    abilities:
      - id: purify
        name: Purify
        text: When this tile is damaged, the contamination marker moves 1 step down.
        trigger: {event: tile_damaged}
        effects:
          - contamination: -1
"""


def _files(tiles: str = TILES) -> dict[str, str]:
    return {
        "pack.yaml": MANIFEST,
        "soldiers.yaml": SOLDIERS,
        "tokens.yaml": TOKENS,
        "tiles.yaml": tiles,
    }


@pytest.fixture(scope="module")
def gadgets(tmp_path_factory: pytest.TempPathFactory) -> tuple[Rules, Board]:
    """The fixture pack, accepted by the schemas and the content checks, compiled."""
    return compile_pack(tmp_path_factory.mktemp("packs") / "gadgets", _files())


def scene(gadgets: tuple[Rules, Board], **given: Any) -> State:
    rules, board = gadgets
    terrain = {"D4": ["beach"], "D5": ["beach", "meadow"], "D6": ["beach"], "E5": ["beach"]}
    snails = [
        ("A", "red", "D5", None, False, None),
        ("T", "blue", "D5", None, False, "turtle"),
        ("B", "blue", "D6", None, False, None),
    ]
    return State.from_scenario(
        rules,
        board,
        terrain=terrain,
        players=[("red", None, ["grenade"]), ("blue", None, [])],
        snails=snails,
        **given,
    )


def health(st: State, name: str) -> int:
    return int(st.snail_info(name)["health"])


def test_a_soldier_answers_the_destruction_of_the_tile_under_it(
    gadgets: tuple[Rules, Board],
) -> None:
    st = scene(gadgets)
    st.perform("A", "dig")
    assert st.terrain_at("D5") == ["beach"]
    assert st.snail_info("T")["shell"] is True
    assert st.snail_info("B")["shell"] is False  # not on that tile


def test_a_mine_goes_off_with_its_tile(gadgets: tuple[Rules, Board]) -> None:
    st = scene(gadgets, tokens={"D5": {"mine": 1}})
    st.perform("A", "dig")
    assert st.tokens_at("D5")["mine"] == 0  # gone with the meadow
    assert health(st, "A") == 15  # the digger stood on it too
    # the tile's own answers (back, tokens) come before the snails': the Turtle shells too late
    assert health(st, "T") == 15 and st.snail_info("T")["shell"] is True


def test_a_damaged_tile_wakes_its_back_and_its_tokens(gadgets: tuple[Rules, Board]) -> None:
    st = scene(gadgets, backs={"E5": "crystal"}, tokens={"D4": {"alarm": 1}}, contamination=4)
    rules, _ = gadgets
    # the tile_damaged events come from the engine's terrain damage, as a card causes them
    _drive(st, st.damage_terrain(st.space("E5"), "test", 0, 0), lambda d: d.options[0])
    assert st.contamination == 3  # the crystal purifies
    _drive(st, st.damage_terrain(st.space("D4"), "test", 0, 0), lambda d: d.options[0])
    assert st.contamination == 4  # the alarm rings
    assert st.damaged_labels() == ["D4", "E5"]
    assert rules.backs["crystal"][0].id == "purify"


def test_a_soldier_answers_damage_to_its_tile(gadgets: tuple[Rules, Board]) -> None:
    st = scene(gadgets)
    _drive(st, st.damage_terrain(st.space("D5"), "test", 1, 2), lambda d: d.options[0])
    assert st.snail_info("T")["shell"] is True


def test_a_swamp_answers_a_crawl_resolved_on_it(gadgets: tuple[Rules, Board]) -> None:
    st = scene(gadgets, tokens={"D6": {"swamp": 1}})
    st.perform("B", "crawl", path=[])  # stays on the swamp
    assert health(st, "B") == 19
    st.perform("B", "aim")  # cause: only a Crawl
    assert health(st, "B") == 19
    st.perform("B", "crawl", path=["E5"])  # ends off the swamp
    assert health(st, "B") == 19


def test_a_token_answers_the_start_of_any_phase(gadgets: tuple[Rules, Board]) -> None:
    st = scene(gadgets, tokens={"D6": {"spore": 1}})
    st.run_phase("drawing")
    assert health(st, "B") == 18
    st.run_phase("cleaning")  # not its phase
    assert health(st, "B") == 18


def test_a_tile_back_cannot_answer_a_snail_entering(tmp_path: Path) -> None:
    bad = TILES.replace("trigger: {event: tile_damaged}", "trigger: {event: [snail_enters]}")
    ws = load_workspace([write_pack(tmp_path / "gadgets", _files(bad))])
    found = ws.report()
    assert [(Path(d.path).name, d.code, d.line) for d in found] == [("tiles.yaml", "bad-value", 9)]
    assert "a tile back answers only its own tile's tile_destroyed or tile_damaged" in str(
        found[0].message
    )
