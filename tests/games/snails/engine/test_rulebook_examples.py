"""The rulebook's Examples section, played through the scenario API (positions are ours)."""

from __future__ import annotations

import pytest

from editor.core.engine import IllegalChoice
from editor.games.snails.engine import State

from .conftest import Scenario

# E5's neighbours: N E4, NE F5, SE F6, S E6, SW D6, NW D5.
B, M, T = ["beach"], ["beach", "meadow"], ["beach", "meadow", "mountain"]


def hp(st: State, name: str) -> int:
    return int(st.snail_info(name)["health"])


def test_fire_tokens_and_the_knights_defensive_stance(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "E6": B, "E7": B, "F6": B},
        {"A": ("red", "E7"), "K": ("blue", "F6", 20, True)},
        players={"red": None, "blue": "knights"},
        tokens={"E5": {"fire": 3}},
    )
    st.perform("A", "crawl", path=["E6", "E5"])
    st.perform("K", "crawl", path=["E5"], use=["defensive-stance"])
    assert (hp(st, "A"), hp(st, "K"), st.snail_info("K")["shell"]) == (5, 10, True)


@pytest.mark.parametrize("roll", ["square", "circle"])
def test_grapes_of_wrath(scenario: Scenario, roll: str) -> None:
    st = scenario(
        {"E6": M, "E4": M, "F4": M},
        {"A": ("red", "E6"), "B": ("blue", "E4"), "C": ("blue", "E4"), "D": ("blue", "F4")},
        hands={"red": ["grapes-of-wrath"]},
    )
    st.force_dice([roll])
    st.perform("A", "grapes-of-wrath", target="E4", adjacent="F4")
    assert (hp(st, "B"), hp(st, "C"), hp(st, "D")) == (15, 15, 15)
    assert st.terrain_at("E4") == ["beach"] and st.terrain_at("F4") == ["beach"]
    if roll == "circle":
        assert hp(st, "A") == 15 and st.terrain_at("E6") == ["beach"]
    else:
        assert hp(st, "A") == 20 and st.terrain_at("E6") == M


@pytest.mark.parametrize("targeters", [False, True])
def test_gatling_gun_and_the_cyborgs_targeters(scenario: Scenario, targeters: bool) -> None:
    st = scenario(
        {"E5": M, "E4": M, "F6": B, "F5": T},
        {
            "A": ("blue", "E5"),
            "B": ("red", "E4"),
            "C": ("blue", "E4"),
            "D": ("red", "F6"),
            "E": ("red", "F5"),
        },
        players={"blue": "cyborgs", "red": None},
        hands={"blue": ["gatling-gun"]},
    )
    st.force_dice(["square"])
    st.perform("A", "gatling-gun", use=["targeters"] if targeters else [])
    assert [hp(st, x) for x in "ABCD"] == [20, 10, 10, 10]
    assert hp(st, "E") == (10 if targeters else 20)


def test_grunt_is_not_pushed_by_a_pirates_ball_thrower(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B},
        {
            "A": ("red", "E6"),
            "B": ("blue", "E5", 20, False, "grunt"),
            "C": ("blue", "E5", 20, True),
            "D": ("blue", "E5"),
        },
        players={"red": "pirates", "blue": None},
        hands={"red": ["ball-thrower"]},
        modules=["specialists"],
    )
    st.force_dice(["triangle", "circle"])
    st.perform("A", "ball-thrower", target="E5", choose="circle")
    assert (hp(st, "B"), st.snail_info("B")["at"]) == (15, "E5")
    assert (hp(st, "C"), st.snail_info("C")["at"]) == (20, "E5")
    assert st.snail_info("D")["at"] == "E4"  # pushed away from the attacker, into the water
    assert hp(st, "D") == 20 - 5 - 5


def test_medic_heals_a_friend_who_ends_a_crawl_on_its_space(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "E6": B, "E7": B},
        {"A": ("red", "E7", 5), "B": ("red", "E5", 20, False, "medic"), "Z": ("blue", "E7")},
        modules=["specialists"],
    )
    st.perform("A", "crawl", path=["E6", "E5"])
    assert hp(st, "A") == 15 and "field-surgery" in st.used[0]
    st.perform("A", "crawl", path=["E6"])
    st.perform("A", "crawl", path=["E5"])
    assert hp(st, "A") == 15  # once a round


def test_medic_passing_through_does_not_heal(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "E6": B, "E4": B},
        {"A": ("red", "E6", 5), "B": ("red", "E5", 20, False, "medic"), "Z": ("blue", "E6")},
        modules=["specialists"],
    )
    st.perform("A", "crawl", path=["E5", "E4"])
    assert hp(st, "A") == 5


def test_medic_jetpacks_to_a_friend_and_heals_it(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "E8": B},
        {"M": ("red", "E8", 20, False, "medic"), "B": ("red", "E5", 5), "Z": ("blue", "E8")},
        hands={"red": ["jetpack"]},
        modules=["specialists"],
    )
    st.perform("M", "jetpack", target="E5")
    assert (hp(st, "B"), hp(st, "M")) == (15, 20)


def test_medic_deathglider_heals_itself(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M, "E7": B},
        {"M": ("red", "E7", 20, False, "medic"), "B": ("blue", "E5"), "C": ("blue", "E5")},
        hands={"red": ["deathglider"]},
        modules=["specialists"],
    )
    st.perform("M", "deathglider", target="E5")
    assert (hp(st, "B"), hp(st, "C")) == (5, 5)
    assert hp(st, "M") == 20 - 15 + 5
    assert st.terrain_at("E5") == ["beach"]


def test_scout_cannot_be_picked_by_a_hunting_rifle_at_range(scenario: Scenario) -> None:
    st = scenario(
        {"E7": B, "E4": B},
        {"A": ("red", "E7"), "S": ("blue", "E4", 20, False, "scout"), "C": ("blue", "E4")},
        hands={"red": ["hunting-rifle"]},
        modules=["specialists"],
    )
    with pytest.raises(IllegalChoice, match="S is a scout"):
        st.perform("A", "hunting-rifle", target="S")
    st.force_dice(["square"])
    st.perform("A", "hunting-rifle", target="C")
    assert hp(st, "C") == 10


def test_scout_on_the_attackers_space_can_be_shot(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B},
        {"A": ("red", "E5"), "S": ("blue", "E5", 20, False, "scout")},
        hands={"red": ["smg"]},
        modules=["specialists"],
    )
    st.force_dice(["triangle"])
    st.perform("A", "smg", target="S")
    assert hp(st, "S") == 10


def test_flaming_star(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M, "E4": M, "F5": M, "F6": T, "E6": B, "D5": M},
        {
            "A": ("red", "E5"),
            "B": ("blue", "E4"),
            "C": ("blue", "F5", 20, True),
            "D": ("blue", "F6"),
            "E": ("blue", "E6", 20, False, "scout"),
            "F": ("blue", "D6"),
        },
        hands={"red": ["flaming-star"]},
        modules=["specialists"],
    )
    st.force_dice(["square"])
    st.perform("A", "flaming-star")
    fire = {label: st.tokens_at(label)["fire"] for label in ("E4", "F5", "F6", "E6", "D5", "D6")}
    assert fire == {"E4": 1, "F5": 1, "F6": 0, "E6": 0, "D5": 0, "D6": 0}
    assert [hp(st, x) for x in "BCDEF"] == [15, 20, 20, 20, 15]


def test_wind_carries_a_missed_revolver_shot_past_the_scout(scenario: Scenario) -> None:
    st = scenario(
        {"E7": B, "E5": B, "E4": T},
        {
            "A": ("red", "E7"),
            "B": ("blue", "E5"),
            "C": ("blue", "E4"),
            "D": ("blue", "E4", 20, False, "scout"),
        },
        hands={"red": ["revolver"]},
        modules=["specialists", "wind"],
        wind="N",
    )
    st.force_dice(["square"])
    st.perform("A", "revolver", target="B")
    assert (hp(st, "B"), hp(st, "C"), hp(st, "D")) == (20, 15, 20)


def test_wind_carries_a_bazooka_onto_a_friend(scenario: Scenario) -> None:
    st = scenario(
        {"E7": B, "E5": B, "E4": M},
        {
            "A": ("red", "E7"),
            "X": ("blue", "E5"),
            "Y": ("blue", "E5"),
            "B": ("red", "E4"),
            "C": ("blue", "E4"),
        },
        hands={"red": ["bazooka"]},
        modules=["wind"],
        wind="N",
    )
    st.force_dice(["square"])
    st.perform("A", "bazooka", target="E5")
    assert (hp(st, "B"), hp(st, "C"), hp(st, "X")) == (15, 15, 20)
    assert st.terrain_at("E4") == ["beach"] and st.terrain_at("E5") == B


def test_assault_rifle_fires_again_until_a_miss_the_wind_carries(scenario: Scenario) -> None:
    st = scenario(
        {"E7": M, "E5": M, "E4": T},
        {"A": ("red", "E7"), "B": ("blue", "E5"), "C": ("blue", "E4")},
        hands={"red": ["assault-rifle"]},
        modules=["wind"],
        wind="N",
    )
    st.force_dice(["square", "triangle"])
    st.perform("A", "assault-rifle", target="B")
    assert (hp(st, "B"), hp(st, "C")) == (10, 15)
    assert [e[2] for e in st.events if e[0] == "roll"] == [("square",), ("triangle",)]


def test_gatling_gun_ring_shifted_by_the_wind(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "F6": B, "D6": B, "F5": B, "F4": T, "D4": B},
        {
            "A": ("red", "E5"),
            "B": ("blue", "F6"),
            "C": ("blue", "D6"),
            "D": ("blue", "F4"),
            "E": ("blue", "F5"),
            "F": ("blue", "D4"),
        },
        hands={"red": ["gatling-gun"]},
        modules=["wind"],
        wind="N",
    )
    st.force_dice(["triangle"])
    st.perform("A", "gatling-gun")
    assert {x: hp(st, x) for x in "ABCDEF"} == {
        "A": 15,
        "B": 20,
        "C": 20,
        "D": 15,
        "E": 15,
        "F": 15,
    }


@pytest.mark.parametrize(("roll", "after"), [("triangle", "NE"), ("square", "SE"), ("circle", "S")])
def test_the_wind_turns_at_the_end_of_drawing(scenario: Scenario, roll: str, after: str) -> None:
    st = scenario(
        {"E5": B}, {"A": ("red", "E5"), "B": ("blue", "E5")}, modules=["wind"], wind="N", round=2
    )
    st.run_phase("drawing", roll=[roll])
    assert st.wind == after
    assert ("wind", after) in st.events


def test_the_wind_does_not_turn_in_the_first_round(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B}, {"A": ("red", "E5"), "B": ("blue", "E5")}, modules=["wind"], wind="N", round=1
    )
    st.run_phase("drawing", roll=["circle"])
    assert st.wind == "N"


def test_targeters_need_a_red_card_that_rolls(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "E4": M},
        {"A": ("blue", "E5"), "Z": ("red", "E4")},
        players={"blue": "cyborgs", "red": None},
    )
    with pytest.raises(IllegalChoice, match="out of line of sight"):
        st.perform("A", "hit", target="Z", use=["targeters"])
