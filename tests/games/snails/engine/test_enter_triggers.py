"""Faction and soldier abilities triggered by a snail entering a space (``snail_enters``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.boards import Board
from editor.core.engine import IllegalChoice, MatchSpec
from editor.core.workspace import load_workspace
from editor.games.snails.engine import Rules, State, new_match, prepare_layout
from tests.games.snails.engine.conftest import compile_pack

MANIFEST = """\
id: striders
name: Striders
version: 1.0.0
game: snails
dependencies: {snails-base: '>=1.0,<2'}
"""

FACTIONS = """\
factions:
  - id: striders
    name: Striders
    text: Snails that set traps where they shove their foes.
    card: stride
    abilities:
      - id: tripwire
        name: Tripwire
        text: Once a round, when your Hit pushes a snail onto a space, you may deal it 5 more.
        optional: true
        once_per_round: true
        trigger: {event: snail_enters, by: own, cause: [hit]}
        effects:
          - damage: {amount: 5, to: event}
"""

CARDS = """\
cards:
  - id: stride
    name: Stride
    kind: faction
    faction: striders
    copies: 1
    text: Catch your breath.
    effects:
      - heal: {amount: 5, to: self}
"""

SOLDIERS = """\
soldiers:
  - id: runner
    name: Runner
    rank: soldier
    text: A snail that gets its breath back on the move.
    abilities:
      - id: second-wind
        name: Second wind
        text: Whenever it enters a space by its own player's action, it heals 2.
        trigger: {event: snail_enters, by: own}
        effects:
          - heal: {amount: 2, to: self}
"""


@pytest.fixture(scope="module")
def striders(tmp_path_factory: pytest.TempPathFactory) -> tuple[Rules, Board]:
    """A fixture pack with a snail_enters faction ability and soldier ability, checked clean."""
    files = {
        "pack.yaml": MANIFEST,
        "factions.yaml": FACTIONS,
        "cards.yaml": CARDS,
        "soldiers.yaml": SOLDIERS,
    }
    return compile_pack(tmp_path_factory.mktemp("packs") / "striders", files)


LINE = {"D4": ["beach"], "D5": ["beach"], "D6": ["beach"], "D7": ["beach"], "C5": ["beach"]}


def scene(
    striders: tuple[Rules, Board],
    snails: list[tuple[str, str, str, int | None, bool, str | None]],
) -> State:
    rules, board = striders
    return State.from_scenario(
        rules,
        board,
        terrain=LINE,
        players=[("red", "striders", []), ("blue", None, [])],
        snails=snails,
    )


def health(st: State, name: str) -> int:
    return int(st.snail_info(name)["health"])


def test_a_faction_ability_fires_when_its_hit_pushes_a_snail(
    striders: tuple[Rules, Board],
) -> None:
    st = scene(
        striders, [("A", "red", "D4", None, False, None), ("B", "blue", "D5", None, False, None)]
    )
    st.perform("A", "hit", target="B", use=["tripwire"])
    assert st.snail_info("B")["at"] == "D6"
    assert health(st, "B") == 20 - 5 - 5
    assert ("ability", 0, "tripwire") in st.events
    assert "tripwire" in st.used[0]


def test_the_faction_ability_is_optional_once_a_round_and_filtered(
    striders: tuple[Rules, Board],
) -> None:
    st = scene(
        striders,
        [
            ("A", "red", "D4", None, False, None),
            ("B", "blue", "D5", None, False, None),
            ("C", "blue", "C5", None, False, None),
        ],
    )
    st.perform("A", "hit", target="B")  # not used: a "may"
    assert health(st, "B") == 15 and "tripwire" not in st.used[0]
    st.perform("A", "crawl", path=["D5"], use=["tripwire"])  # cause: only a Hit
    assert "tripwire" not in st.used[0]
    st.perform("C", "hit", target="A")  # by: own, and blue's hit is not red's
    assert st.snail_info("A")["at"] != "D5"  # A was pushed
    assert "tripwire" not in st.used[0]
    assert ("ability", 0, "tripwire") not in st.events


def test_the_faction_ability_cannot_fire_twice_in_a_round(striders: tuple[Rules, Board]) -> None:
    st = scene(
        striders,
        [
            ("A", "red", "D4", None, False, None),
            ("B", "blue", "D5", None, False, None),
            ("C", "blue", "C5", None, False, None),
        ],
    )
    st.perform("A", "hit", target="B", use=["tripwire"])
    assert health(st, "B") == 10
    st.perform("A", "crawl", path=["D5"])
    with pytest.raises(IllegalChoice, match="once per round"):
        st.perform("A", "hit", target="B", use=["tripwire"])
    st.perform("A", "hit", target="B")
    assert health(st, "B") == 5  # the hit alone
    st.run_phase("cleaning")
    assert "tripwire" not in st.used[0]  # the marker is turned back


def test_a_soldier_ability_fires_on_each_space_it_enters(striders: tuple[Rules, Board]) -> None:
    st = scene(
        striders,
        [
            ("R", "red", "D4", 10, False, "runner"),
            ("B", "blue", "C5", None, False, None),
            ("S", "red", "D7", None, False, None),
        ],
    )
    st.perform("R", "crawl", path=["D5", "D6"])
    assert health(st, "R") == 14  # 2 per space entered
    assert [e for e in st.events if e[0] == "ability"] == [
        ("ability", 0, "second-wind"),
        ("ability", 0, "second-wind"),
    ]
    st.perform("S", "crawl", path=["D6"])  # another snail entering its space: not its ability
    assert health(st, "R") == 14
    st.perform("B", "hit", target="R")  # pushed by blue: by own is false
    assert st.snail_info("R")["at"] != "D6"
    assert len([e for e in st.events if e[0] == "ability"]) == 2


def test_a_match_with_the_fixture_faction_plays_to_its_end(
    striders: tuple[Rules, Board], tmp_path: Path
) -> None:
    rules, _ = striders
    ws = load_workspace()
    prepared = prepare_layout(ws, ws.layouts["crustacean"], ["snails-base"])
    prepared.rules = rules
    st = new_match(prepared, MatchSpec(players=2, factions=("striders", "striders"), seed=5))
    steps = 0
    while (d := st.decision()) is not None and steps < 5000:
        st.apply(d.options[-1] if d.kind == "ability" else d.options[0])
        steps += 1
    assert st.outcome() is not None
