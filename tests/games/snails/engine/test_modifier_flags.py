"""A modifier ability's ``optional`` and ``once_per_round`` come from content: the engine
holds no once-a-round or "may" of its own for staying in the shell or ignoring line of sight."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.boards import Board
from editor.core.engine import IllegalChoice
from editor.core.workspace import load_workspace
from editor.games.snails.engine import Rules, State, compile_rules
from tests.games.snails.engine.conftest import compile_pack

MANIFEST = """\
id: shells
name: Shells
version: 1.0.0
game: snails
dependencies: {snails-base: '>=1.0,<2'}
"""

FACTIONS = """\
factions:
  - id: turtles
    name: Turtles
    text: Snails whose shells never open.
    card: tuck
    abilities:
      - id: hard-shell
        name: Hard shell
        text: A snail of yours in its shell always stays in it, whatever it does.
        modifier: stay_in_shell
  - id: hawks
    name: Hawks
    text: Snails with one keen look a round.
    card: glare
    abilities:
      - id: keen-eye
        name: Keen eye
        text: Once a round, an attack card that rolls dice may ignore line of sight.
        optional: true
        once_per_round: true
        modifier: {ignore_line_of_sight: {when: {kind: attack, dice_at_least: 1}}}
"""

CARDS = """\
cards:
  - id: tuck
    name: Tuck
    kind: faction
    faction: turtles
    copies: 1
    text: Tuck in.
    effects:
      - shell: enter
  - id: glare
    name: Glare
    kind: faction
    faction: hawks
    copies: 1
    text: A hard look.
    effects:
      - heal: {amount: 5, to: self}
"""

TERRAIN = {
    "C5": ["beach"],
    "D5": ["beach"],
    "E5": ["beach"],
    "D4": ["beach", "meadow", "mountain"],
    "D6": ["beach", "meadow", "mountain"],
}


@pytest.fixture(scope="module")
def shells(tmp_path_factory: pytest.TempPathFactory) -> tuple[Rules, Board]:
    """A fixture pack: a stay_in_shell that is neither optional nor once a round, and a
    line-of-sight ability that is once a round."""
    files = {"pack.yaml": MANIFEST, "factions.yaml": FACTIONS, "cards.yaml": CARDS}
    return compile_pack(tmp_path_factory.mktemp("packs") / "shells", files)


def test_a_stay_in_shell_that_is_not_optional_nor_once_a_round(
    shells: tuple[Rules, Board],
) -> None:
    rules, board = shells
    st = State.from_scenario(
        rules,
        board,
        terrain=TERRAIN,
        players=[("red", "turtles", []), ("blue", None, [])],
        snails=[("A", "red", "C5", None, True, None), ("Z", "blue", "E5", None, False, None)],
    )
    st.perform("A", "crawl", path=["D5"])  # no use: needed, it simply applies
    assert st.snail_info("A") == {"health": 20, "at": "D5", "shell": True, "alive": True}
    st.perform("A", "crawl", path=["C5"])  # again in the same round
    assert st.snail_info("A")["shell"] is True
    assert "hard-shell" not in st.used[0]


def test_a_line_of_sight_ability_once_a_round(shells: tuple[Rules, Board]) -> None:
    rules, board = shells
    st = State.from_scenario(
        rules,
        board,
        terrain=TERRAIN,
        players=[("red", "hawks", ["revolver", "bow"]), ("blue", None, [])],
        snails=[
            ("A", "red", "D5", None, False, None),
            ("B", "blue", "D4", None, False, None),
            ("C", "blue", "D6", None, False, None),
        ],
    )
    st.force_dice(["triangle"])
    st.perform("A", "revolver", target="B", use=["keen-eye"])  # up the mountain
    assert st.snail_info("B")["health"] == 10 and "keen-eye" in st.used[0]
    with pytest.raises(IllegalChoice, match="once per round"):
        st.perform("A", "bow", target="C", use=["keen-eye"])
    with pytest.raises(IllegalChoice, match="line of sight"):
        st.perform("A", "bow", target="C")
    assert st.snail_info("C")["health"] == 20


SOLDIERS = """\
soldiers:
  - id: nurse
    name: Nurse
    rank: soldier
    text: Heals a friend it meets, as often as it meets one, in any game.
    abilities:
      - id: bandage
        name: Bandage
        text: When a friend ends an action on the Nurse's space after moving, it heals 4.
        modifier: {heal_on_meeting: {other: 4, self: 2}}
"""


def test_a_healer_that_is_not_once_a_round_and_needs_no_module(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    folder: Path = tmp_path_factory.mktemp("packs") / "nurses"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST.replace("shells", "nurses").replace("Shells", "N"))
    (folder / "soldiers.yaml").write_text(SOLDIERS)
    ws = load_workspace([folder])
    assert ws.report() == []
    rules = compile_rules(ws, ["snails-base", "nurses"])
    st = State.from_scenario(
        rules,
        ws.boards["snails-expert"],
        terrain=TERRAIN,
        players=[("red", None, []), ("blue", None, [])],
        snails=[
            ("A", "red", "C5", 5, False, None),
            ("N", "red", "D5", None, False, "nurse"),
            ("Z", "blue", "E5", None, False, None),
        ],
    )
    st.perform("A", "crawl", path=["D5"])
    assert st.snail_info("A")["health"] == 9
    st.perform("A", "crawl", path=["C5", "D5"])  # the same round, no Specialists module
    assert st.snail_info("A")["health"] == 13
    assert "bandage" not in st.used[0]
