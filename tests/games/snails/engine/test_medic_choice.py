"""The Medic's player picks which hurt friend it heals when several share its new space."""

from __future__ import annotations

import copy

import pytest

from editor.core.boards import Board
from editor.core.engine import IllegalChoice
from editor.games.snails.engine import Rules, State
from editor.games.snails.engine.actions import resolve
from editor.games.snails.engine.decisions import Action
from tests.games.snails.engine.conftest import Scenario

SNAILS = {
    "A": ("red", "D5", None, False, "medic"),
    "B": ("red", "D4", 4),
    "C": ("red", "D4", 15),
    "E": ("blue", "D5"),
}


def test_several_hurt_friends_make_a_decision(scenario: Scenario) -> None:
    st = scenario({"D4": ["beach"], "D5": ["beach"]}, SNAILS, modules=["specialists"])
    a, b, c = st.snail("A"), st.snail("B"), st.snail("C")
    flow = resolve(st, 0, a, st.rules.card("crawl"), Action((st.space("D4"),)))
    d = next(flow)
    assert (d.kind, d.player, set(d.options)) == ("heal", 0, {b, c})
    with pytest.raises(StopIteration):
        flow.send(c)  # not the most hurt: the player's pick
    assert (st.shp[b], st.shp[c]) == (4, 20)


def test_one_hurt_friend_is_healed_without_asking(scenario: Scenario) -> None:
    snails = {**SNAILS, "C": ("red", "D4")}
    st = scenario({"D4": ["beach"], "D5": ["beach"]}, snails, modules=["specialists"])
    st.perform("A", "crawl", path=["D4"])
    assert st.snail_info("B")["health"] == 14


def test_a_rules_example_names_the_friend(scenario: Scenario) -> None:
    st = scenario({"D4": ["beach"], "D5": ["beach"]}, SNAILS, modules=["specialists"])
    with pytest.raises(IllegalChoice, match="missing key 'heal'"):
        st.perform("A", "crawl", path=["D4"])
    with pytest.raises(IllegalChoice, match="cannot heal E; it may heal B, C"):
        st.perform("A", "crawl", path=["D4"], heal="E")
    st.perform("A", "crawl", path=["D4"], heal="B")
    assert (st.snail_info("B")["health"], st.snail_info("C")["health"]) == (14, 15)


def test_the_messages_name_the_healer_as_content_does(rules: Rules, board: Board) -> None:
    renamed = copy.deepcopy(rules)
    renamed.soldiers["medic"].name = "Field nurse"
    st = State.from_scenario(
        renamed,
        board,
        terrain={"D4": ["beach"], "D5": ["beach"]},
        players=[("red", None, []), ("blue", None, [])],
        snails=[
            ("A", "red", "D5", None, False, "medic"),
            ("B", "red", "D4", 4, False, None),
            ("C", "red", "D4", 15, False, None),
            ("E", "blue", "D5", None, False, None),
        ],
        modules=["specialists"],
    )
    with pytest.raises(IllegalChoice, match=r"^A \(Field nurse\) may heal B, C: missing key"):
        st.perform("A", "crawl", path=["D4"])
    with pytest.raises(IllegalChoice, match=r"heal: A \(Field nurse\) cannot heal E"):
        st.perform("A", "crawl", path=["D4"], heal="E")


def test_a_heal_key_without_a_choice_to_answer_is_refused(scenario: Scenario) -> None:
    snails = {**SNAILS, "C": ("red", "D4")}
    st = scenario({"D4": ["beach"], "D5": ["beach"]}, snails, modules=["specialists"])
    with pytest.raises(IllegalChoice, match="heal names C, but no healer had to choose"):
        st.perform("A", "crawl", path=["D4"], heal="C")
    assert st.snail_info("A")["at"] == "D5" and st.snail_info("B")["health"] == 4
    st.perform("A", "crawl", path=["D4"])
    assert st.snail_info("B")["health"] == 14
