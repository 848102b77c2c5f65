"""Damage to the snails in the water (``to: in-water``) is the water's: Pirates are spared
unless the effect is ``unavoidable`` (docs/effects.md)."""

from __future__ import annotations

import pytest

from editor.core.boards import Board
from editor.games.snails.engine import Rules, State
from tests.games.snails.engine.conftest import compile_pack

MANIFEST = """\
id: tides
name: Tides
version: 1.0.0
game: snails
dependencies: {snails-base: '>=1.0,<2'}
"""

CARDS = """\
cards:
  - id: tidal-wave
    name: Tidal Wave
    kind: special
    copies: 1
    text: Churn up the sea; every snail swimming in it takes 5.
    effects:
      - damage: {amount: 5, to: in-water}
  - id: red-tide
    name: Red Tide
    kind: special
    copies: 1
    text: Poison the sea; every snail in it takes 5, even those at home there.
    effects:
      - damage: {amount: 5, to: in-water, unavoidable: true}
"""

TERRAIN = {"D4": ["beach"], "D5": ["beach"]}


@pytest.fixture(scope="module")
def tides(tmp_path_factory: pytest.TempPathFactory) -> tuple[Rules, Board]:
    """A fixture pack with an avoidable and an unavoidable in-water card, checked clean."""
    files = {"pack.yaml": MANIFEST, "cards.yaml": CARDS}
    return compile_pack(tmp_path_factory.mktemp("packs") / "tides", files)


def scene(tides: tuple[Rules, Board]) -> State:
    """A Knight-less red player on land, a Pirate and a red snail in the water."""
    rules, board = tides
    return State.from_scenario(
        rules,
        board,
        terrain=TERRAIN,
        players=[("red", None, ["tidal-wave", "red-tide"]), ("blue", "pirates", [])],
        snails=[
            ("A", "red", "D4", None, False, None),
            ("R", "red", "B2", None, False, None),
            ("P", "blue", "H5", None, False, None),
            ("L", "blue", "D5", None, False, None),
        ],
    )


def health(st: State, name: str) -> int:
    return int(st.snail_info(name)["health"])


def test_a_pirate_is_spared_by_in_water_damage_that_is_not_unavoidable(
    tides: tuple[Rules, Board],
) -> None:
    st = scene(tides)
    st.perform("A", "tidal-wave")
    assert health(st, "P") == 20  # water_immune: the sea's damage does not reach a Pirate
    assert health(st, "R") == 15  # any other snail in the water takes it
    assert health(st, "A") == 20 and health(st, "L") == 20  # on land: untouched
    r = st.snail_names.index("R")
    assert ("damage", r, 5, "water") in st.events


def test_unavoidable_in_water_damage_hurts_pirates_too(tides: tuple[Rules, Board]) -> None:
    st = scene(tides)
    st.perform("A", "red-tide")
    assert health(st, "P") == 15
    assert health(st, "R") == 15
    assert health(st, "L") == 20
