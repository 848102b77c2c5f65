"""Grapes of Wrath resolves its two spaces as one moment (both hit and both tiles gone before
either back acts), and a miss the wind carries chooses its adjacent space next to the new
target (rulebook: Grapes of Wrath example; Wind Effects, step 3)."""

from __future__ import annotations

from editor.core.engine import Decision
from editor.games.snails.engine.attacks import resolve_target
from editor.games.snails.engine.decisions import KINDS, Action
from tests.games.snails.engine.conftest import Scenario

TERRAIN = {
    "D5": ["beach", "meadow"],
    "F5": ["beach", "meadow"],
    "G5": ["beach", "meadow"],
    "F4": ["beach", "meadow"],
}


def test_both_spaces_are_hit_and_lose_their_tiles_before_any_back_acts(
    scenario: Scenario,
) -> None:
    st = scenario(
        TERRAIN,
        {"A": ("red", "D5"), "B": ("blue", "F5"), "D": ("blue", "G5")},
        hands={"red": ["grapes-of-wrath"]},
        backs={"F5": "eggshells"},
    )
    start = len(st.events)
    st.force_dice(["square"])
    st.perform("A", "grapes-of-wrath", target="F5", adjacent="G5", push={"B": "G5"})
    kinds = [e[0] for e in st.events[start:]]
    destroyed = [i for i, k in enumerate(kinds) if k == "destroyed"]
    pushes = [i for i, k in enumerate(kinds) if k == "push"]
    assert len(destroyed) == 2 and len(pushes) == 1
    assert max(destroyed) < pushes[0]  # both tiles go, then the eggshells push
    assert st.snail_info("B")["health"] == 15  # hit once, on F5, then pushed onto G5
    assert st.snail_info("B")["at"] == "G5"
    assert st.snail_info("D")["health"] == 15
    assert st.moment is None  # the moment is over


def test_a_carried_miss_asks_its_player_for_a_space_next_to_the_new_target(
    scenario: Scenario,
) -> None:
    st = scenario(
        {**TERRAIN, "E4": ["beach"], "G4": ["beach"]},
        {"A": ("red", "D5"), "B": ("blue", "F5"), "C": ("blue", "F4")},
        hands={"red": ["grapes-of-wrath"]},
        modules=["wind"],
        wind="N",
    )
    card = st.rules.card("grapes-of-wrath")
    f4, f5, g5 = (st.space(x) for x in ("F4", "F5", "G5"))
    st.force_dice(["triangle"])
    gen = resolve_target(st, 0, st.snail("A"), card, Action(f5, (g5,), ()))
    decision = next(gen)
    assert isinstance(decision, Decision)
    assert decision.kind == "wind-adjacent" and decision.kind in KINDS
    assert decision.player == 0  # the active player chooses
    assert set(decision.options) == {(x,) for x in st.tables.nbrs[f4]}
    e4 = st.space("E4")
    try:
        gen.send((e4,))
    except StopIteration:
        pass
    else:  # pragma: no cover - nothing else to decide
        raise AssertionError("a further decision")
    assert st.snail_info("C")["health"] == 15  # the new target, by the lowest result (circle)
    assert st.snail_info("B")["health"] == 20  # the original target is missed
    assert st.snail_info("A")["health"] == 15  # the circle hits the thrower's own space too
    assert list(st.terrain_at("E4")) == []  # the space chosen next to F4 lost its tile
    assert list(st.terrain_at("F4")) == ["beach"]
    assert list(st.terrain_at("G4")) == ["beach"]  # not the first choice (G5) moved north
