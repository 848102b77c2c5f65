"""New tile backs and tokens as data: a back may put tokens on the board, and a token's
ability may name a token defined after it (no Python, no order to respect in the files)."""

from __future__ import annotations

import pytest

from editor.core.boards import Board
from editor.games.snails.engine import Rules, State
from tests.games.snails.engine.conftest import compile_pack

MANIFEST = """\
id: volcano
name: Volcano
version: 1.0.0
game: snails
dependencies: {snails-base: '>=1.0,<2'}
"""

TILES = """\
tile_backs:
  - id: lava-vent
    name: Lava vent
    description: A vent under the meadow; the beach below catches fire.
    abilities:
      - id: eruption
        name: Eruption
        text: Two fire tokens and an ember land on the space; its snails take 5.
        trigger: {event: tile_destroyed}
        effects:
          - add_token: {token: fire, count: 2, at: event}
          - add_token: {token: ember, at: event}
          - damage: {amount: 5, to: event}
stock:
  - {tile: meadow, back: lava-vent, count: 1}
"""

TOKENS = """\
tokens:
  - id: ember
    name: Ember
    text: A glowing coal that leaves ash behind when a snail steps on it.
    abilities:
      - id: smoulder
        name: Smoulder
        text: A snail entering the space takes 5 per ash token there, then one more ash falls.
        trigger: {event: snail_enters}
        effects:
          - damage: {amount: 5, per_token: ash, to: event}
          - add_token: {token: ash, at: event}
  - id: ash
    name: Ash
    text: Grey ash; it only matters to embers.
"""


@pytest.fixture(scope="module")
def volcano(tmp_path_factory: pytest.TempPathFactory) -> tuple[Rules, Board]:
    """A fixture pack whose back adds tokens and whose first token names a later one."""
    files = {"pack.yaml": MANIFEST, "tiles.yaml": TILES, "tokens.yaml": TOKENS}
    return compile_pack(tmp_path_factory.mktemp("packs") / "volcano", files)


def test_a_back_that_adds_tokens_and_tokens_naming_later_tokens(
    volcano: tuple[Rules, Board],
) -> None:
    rules, board = volcano
    st = State.from_scenario(
        rules,
        board,
        terrain={"C5": ["beach"], "D5": ["beach", "meadow"]},
        backs={"D5": "lava-vent"},
        players=[("red", None, []), ("blue", None, [])],
        snails=[("A", "red", "C5", None, False, None), ("B", "blue", "D5", None, False, None)],
    )
    st.perform("A", "crawl", path=["D5"])  # climbs onto the meadow: nothing burns yet
    st.perform("B", "dig")  # the meadow goes: the vent erupts under both snails
    assert st.terrain_at("D5") == ["beach"]
    assert st.tokens_at("D5")["fire"] == 2 and st.tokens_at("D5")["ember"] == 1
    assert st.snail_info("A")["health"] == 15 and st.snail_info("B")["health"] == 15
    st.perform("A", "crawl", path=["C5", "D5"])  # back in: 2 fires burn, the ember drops ash
    assert st.snail_info("A")["health"] == 15 - 10
    assert st.tokens_at("D5")["ash"] == 1
    st.perform("B", "crawl", path=["C5", "D5"])  # 2 fires and 1 ash: 15 more
    assert st.snail_info("B")["health"] == 15 - 10 - 5
    assert st.tokens_at("D5")["ash"] == 2
