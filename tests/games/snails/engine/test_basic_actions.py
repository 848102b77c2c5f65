"""The six basic actions, the shell, pushes and space capacity, through the scenario API."""

from __future__ import annotations

import pytest

from editor.core.engine import IllegalChoice
from editor.games.snails.engine import State

from .conftest import Scenario

# D5's neighbours are D4, E4, E5, D6, C5, C4 (column D sits half a hex higher than C and E).
LAND = {
    "D4": ["beach"],
    "D5": ["beach", "meadow"],
    "E5": ["beach"],
    "C5": ["beach"],
    "D6": ["beach"],
}


def hp(st: State, name: str) -> int:
    return int(st.snail_info(name)["health"])


def at(st: State, name: str) -> str | None:
    return st.snail_info(name)["at"]  # type: ignore[no-any-return]


def test_crawl_moves_two_spaces_and_climbs_one_level(scenario: Scenario) -> None:
    st = scenario(
        {"D4": ["beach"], "D5": ["beach", "meadow"], "D6": ["beach", "meadow", "mountain"]},
        {"A": ("red", "D4"), "B": ("blue", "C5")},
    )
    st.perform("A", "crawl", path=["D5", "D6"])
    assert at(st, "A") == "D6"
    assert [e for e in st.events if e[0] == "move"] == [
        ("move", 0, "D4", "D5"),
        ("move", 0, "D5", "D6"),
    ]


def test_crawl_refuses_a_climb_of_two_levels_and_changes_nothing(scenario: Scenario) -> None:
    st = scenario(
        {"D4": ["beach"], "D5": ["beach", "meadow", "mountain"]},
        {"A": ("red", "D4"), "B": ("blue", "C5")},
    )
    before = list(st.events)
    with pytest.raises(IllegalChoice, match="climbs more than 1 level"):
        st.perform("A", "crawl", path=["D5"])
    with pytest.raises(IllegalChoice, match="missing key 'path'"):
        st.perform("A", "crawl")
    assert st.events == before and at(st, "A") == "D4"


def test_crawl_into_water_deals_the_contamination_value(scenario: Scenario) -> None:
    st = scenario({"D4": ["beach"]}, {"A": ("red", "D4"), "B": ("blue", "D4")}, contamination=3)
    st.perform("A", "crawl", path=["D5"])
    assert hp(st, "A") == 20 - 10  # track position 3 is worth 10
    assert ("damage", 0, 10, "water") in st.events


def test_pirates_are_not_hurt_by_entering_water(scenario: Scenario) -> None:
    st = scenario(
        {"D4": ["beach"]},
        {"A": ("red", "D4"), "B": ("blue", "D4")},
        players={"red": "pirates", "blue": None},
    )
    st.perform("A", "crawl", path=["D5"])
    assert hp(st, "A") == 20


def test_fire_tokens_burn_and_a_knight_keeps_its_shell(scenario: Scenario) -> None:
    # the rulebook's first example: 3 fire tokens deal 15, 10 to a Knight that stays shelled
    st = scenario(
        {"D4": ["beach"], "D5": ["beach"], "C5": ["beach"], "C4": ["beach"]},
        {"A": ("red", "C4"), "B": ("blue", "C5", 20, True)},
        players={"red": None, "blue": "knights"},
        tokens={"D5": {"fire": 3}},
    )
    st.perform("A", "crawl", path=["D4", "D5"])
    st.perform("B", "crawl", path=["D5"], use=["defensive-stance"])
    assert hp(st, "A") == 5 and hp(st, "B") == 10
    assert st.snail_info("B")["shell"] is True
    assert "defensive-stance" in st.used[1]
    # once a round: the next action leaves the shell
    st.perform("B", "crawl", path=[])
    assert st.snail_info("B")["shell"] is False


def test_any_other_action_leaves_the_shell(scenario: Scenario) -> None:
    st = scenario(LAND, {"A": ("red", "D5", 20, True), "B": ("blue", "E5")})
    st.perform("A", "aim")
    assert st.snail_info("A")["shell"] is False
    st.perform("A", "shell")
    assert st.snail_info("A")["shell"] is True


def test_dig_destroys_the_own_top_tile_and_not_on_water(scenario: Scenario) -> None:
    st = scenario(LAND, {"A": ("red", "D5"), "B": ("blue", "D6"), "C": ("blue", "D7")})
    st.perform("A", "dig")
    assert st.terrain_at("D5") == ["beach"]
    assert ("destroyed", "D5", "meadow", "blank", 1) in st.events
    with pytest.raises(IllegalChoice, match="on water"):
        st.perform("C", "dig")


def test_hit_deals_damage_and_pushes_away(scenario: Scenario) -> None:
    st = scenario(
        {"D5": ["beach", "meadow"], "E5": ["beach", "meadow"], "F6": ["beach"]},
        {"A": ("red", "D5"), "B": ("blue", "E5")},
    )
    st.perform("A", "hit", target="B")
    assert hp(st, "B") == 15 and at(st, "B") == "F6"
    assert ("push", 1, "E5", "F6") in st.events


def test_hit_respects_line_of_sight_and_range(scenario: Scenario) -> None:
    st = scenario(
        {"D5": ["beach"], "E5": ["beach", "meadow"], "F6": ["beach"], "D4": ["beach"]},
        {"A": ("red", "D5"), "B": ("blue", "E5"), "C": ("blue", "F6"), "D": ("blue", "D4")},
    )
    with pytest.raises(IllegalChoice, match=r"B is higher.*out of line of sight"):
        st.perform("A", "hit", target="B")
    with pytest.raises(IllegalChoice, match="C is at range 2, the card reaches 0 to 1"):
        st.perform("A", "hit", target="C")
    st.perform("B", "hit", target="A")  # downhill is fine
    landed = at(st, "A")
    assert landed is not None and st.terrain_at(landed) == []
    assert hp(st, "A") == 20 - 5 - 5  # the hit, then the water it was pushed into


def test_shell_absorbs_a_hit_and_its_push(scenario: Scenario) -> None:
    st = scenario(LAND, {"A": ("red", "D5"), "B": ("blue", "E5", 20, True)})
    st.perform("A", "hit", target="B")
    assert hp(st, "B") == 20 and at(st, "B") == "E5"


def test_shell_reduces_bigger_damage(scenario: Scenario) -> None:
    st = scenario(
        {"D5": ["beach", "meadow"], "F6": ["beach"], "D4": ["beach"]},
        {"A": ("red", "D5"), "B": ("blue", "F6", 20, True)},
        hands={"red": ["hunting-rifle"]},
    )
    st.force_dice(["triangle"])
    st.perform("A", "hunting-rifle", target="B")
    assert hp(st, "B") == 20 - (15 - 5)


def test_push_off_the_board_does_not_happen(scenario: Scenario) -> None:
    st = scenario({"A1": ["beach"], "A2": ["beach"]}, {"A": ("red", "A2"), "B": ("blue", "A1")})
    st.perform("A", "hit", target="B")
    assert at(st, "B") == "A1" and hp(st, "B") == 15


def test_aim_adds_a_die_to_the_next_attack_only(scenario: Scenario) -> None:
    st = scenario(
        {"D5": ["beach", "meadow"], "F6": ["beach"], "D4": ["beach"]},
        {"A": ("red", "D5"), "B": ("blue", "F6")},
        hands={"red": ["hunting-rifle", "revolver"]},
    )
    st.perform("A", "aim")
    st.force_dice(["circle", "square"])
    st.perform("A", "hunting-rifle", target="B")
    rolls = [e for e in st.events if e[0] == "roll"]
    assert rolls == [("roll", 0, ("circle", "square"))]
    assert hp(st, "B") == 10
    st.force_dice(["circle"])
    st.perform("A", "hunting-rifle", target="B")
    assert [e for e in st.events if e[0] == "roll"][-1] == ("roll", 0, ("circle",))


def test_aim_is_lost_in_the_water(scenario: Scenario) -> None:
    st = scenario(
        {"D5": ["beach"]},
        {"A": ("red", "D5"), "B": ("blue", "D5")},
        players={"red": "pirates", "blue": None},
    )
    st.perform("A", "aim")
    st.perform("A", "crawl", path=["D4"])
    assert st.saim[0] == 0


def test_several_results_need_a_choice(scenario: Scenario) -> None:
    st = scenario(
        {"D5": ["beach", "meadow"], "F6": ["beach"], "D4": ["beach"]},
        {"A": ("red", "D5"), "B": ("blue", "F6")},
        hands={"red": ["revolver"]},
    )
    st.perform("A", "aim")
    st.force_dice(["triangle", "circle"])
    before = list(st.events)
    with pytest.raises(IllegalChoice, match="missing key 'choose'"):
        st.perform("A", "revolver", target="B")
    assert st.events == before and st.saim[0] == 1
    st.force_dice(["triangle", "circle"])
    st.perform("A", "revolver", target="B", choose="circle")
    assert hp(st, "B") == 15


def test_swap_discards_and_draws_as_many(scenario: Scenario) -> None:
    st = scenario(
        LAND, {"A": ("red", "D5"), "B": ("blue", "E5")}, hands={"red": ["revolver", "bow", "mine"]}
    )
    deck = len(st.deck)
    st.perform("A", "swap", choose=["revolver", "mine"])
    assert len(st.hand[0]) == 3 and len(st.deck) == deck - 2
    assert sorted(st.card_id(c) for c in st.discard) == ["mine", "revolver"]
    assert "bow" in [st.card_id(c) for c in st.hand[0]]


def test_a_fourth_snail_pushes_one_on(scenario: Scenario) -> None:
    st = scenario(
        {"D4": ["beach"], "D5": ["beach"], "D6": ["beach"]},
        {
            "A": ("red", "D4"),
            "B": ("blue", "D5"),
            "C": ("blue", "D5"),
            "D": ("blue", "D5", 20, True),
        },
    )
    with pytest.raises(IllegalChoice, match="missing key 'push'"):
        st.perform("A", "crawl", path=["D5"])
    st.perform("A", "crawl", path=["D5"], push={"C": "D6"})
    assert at(st, "A") == "D5" and at(st, "C") == "D6" and at(st, "B") == "D5"


def test_a_full_space_of_unpushable_snails_cannot_be_entered(scenario: Scenario) -> None:
    st = scenario(
        {"D4": ["beach"], "D5": ["beach"], "D6": ["beach"]},
        {
            "A": ("red", "D4"),
            "B": ("blue", "D5", 20, True),
            "C": ("blue", "D5", 20, False, "grunt"),
            "D": ("blue", "D5", 20, True),
        },
        modules=["specialists"],
    )
    with pytest.raises(IllegalChoice, match="D5 is full and nobody there can be pushed on"):
        st.perform("A", "crawl", path=["D5"])


def test_abilities_a_player_does_not_have_are_refused(scenario: Scenario) -> None:
    st = scenario(LAND, {"A": ("red", "D5", 20, True), "B": ("blue", "E5")})
    with pytest.raises(IllegalChoice, match="not an ability of red"):
        st.perform("A", "crawl", path=[], use=["defensive-stance"])


def test_an_unshelled_knight_cannot_stay_in_its_shell(scenario: Scenario) -> None:
    st = scenario(
        LAND, {"A": ("red", "D5"), "B": ("blue", "E5")}, players={"red": "knights", "blue": None}
    )
    with pytest.raises(IllegalChoice, match="not in its shell"):
        st.perform("A", "crawl", path=[], use=["defensive-stance"])


def test_forced_dice_can_be_read_and_cleared(scenario: Scenario) -> None:
    st = scenario(
        {"D5": ["beach", "meadow"], "F6": ["beach"], "D4": ["beach"]},
        {"A": ("red", "D5"), "B": ("blue", "F6")},
        hands={"red": ["hunting-rifle"]},
    )
    st.force_dice(["triangle", "circle", "square"])
    assert st.forced_dice() == ("triangle", "circle", "square")
    st.perform("A", "hunting-rifle", target="B")  # rolls one die: the triangle
    assert st.forced_dice() == ("circle", "square")
    assert st.clear_forced_dice() == 2
    assert st.forced_dice() == () and st.clear_forced_dice() == 0


def test_a_push_key_for_a_snail_that_is_not_pushed_is_refused(scenario: Scenario) -> None:
    st = scenario(LAND, {"A": ("red", "D5"), "B": ("blue", "E5"), "C": ("blue", "D4")})
    before = list(st.events)
    with pytest.raises(IllegalChoice, match="push names C, but C is not pushed"):
        st.perform("A", "hit", target="B", push={"C": "C4"})
    assert st.events == before and hp(st, "B") == 20
