"""Each bundled card resolving as its content says (dice forced), through the scenario API."""

from __future__ import annotations

import pytest

from editor.core.engine import IllegalChoice
from editor.games.snails.engine import State

from .conftest import Scenario

B, M, T = ["beach"], ["beach", "meadow"], ["beach", "meadow", "mountain"]
# E5's neighbours: N E4, NE F5, SE F6, S E6, SW D6, NW D5.


def hp(st: State, name: str) -> int:
    return int(st.snail_info(name)["health"])


def at(st: State, name: str) -> str | None:
    return st.snail_info(name)["at"]  # type: ignore[no-any-return]


def test_every_bundled_card_compiles(scenario: Scenario) -> None:
    st = scenario({"E5": B}, {"A": ("red", "E5"), "Z": ("blue", "E5")})
    rules = st.rules
    kinds = [c.kind for c in rules.cards]
    assert kinds.count("basic") == 6
    expansion = [c for c in rules.content["cards"].values() if c.get("kind") == "faction"]
    assert len(expansion) == 5
    assert sum(1 for i in rules.arsenal if rules.cards[i].kind == "attack") > 18


@pytest.mark.parametrize(
    ("card", "distance", "roll", "damage"),
    [
        ("revolver", 2, "triangle", 10),
        ("sniper-rifle", 3, "triangle", 20),
        ("hunting-rifle", 4, "square", 10),
        ("bow", 3, "square", 10),
        ("smg", 2, "triangle", 10),
        ("flail", 1, "circle", 5),
        ("hammer", 0, "triangle", 15),
        ("present", 0, "triangle", 15),
        ("drill", 0, "circle", 5),
        ("laser-eye", 4, "triangle", 15),
    ],
)
def test_single_snail_weapons(
    scenario: Scenario, card: str, distance: int, roll: str, damage: int
) -> None:
    rows = {0: "E8", 1: "E7", 2: "E6", 3: "E5", 4: "E4"}
    terrain = dict.fromkeys(rows.values(), T)
    st = scenario(
        terrain,
        {"A": ("red", "E8"), "Z": ("blue", rows[distance], 30)},
        players={"red": "cyborgs", "blue": None},
        hands={"red": [card]},
    )
    st.force_dice([roll])
    st.perform("A", card, target="Z")
    assert hp(st, "Z") == 30 - damage


def test_a_missed_roll_does_nothing_without_wind(scenario: Scenario) -> None:
    st = scenario(
        {"E8": B, "E6": B, "E5": B},
        {"A": ("red", "E8"), "Z": ("blue", "E6"), "Y": ("blue", "E5")},
        hands={"red": ["revolver"]},
    )
    st.force_dice(["square"])
    st.perform("A", "revolver", target="Z")
    assert (hp(st, "Z"), hp(st, "Y")) == (20, 20) and ("miss", 0, "revolver") in st.events


def test_out_of_range_is_refused(scenario: Scenario) -> None:
    st = scenario(
        {"E8": B, "E4": B}, {"A": ("red", "E8"), "Z": ("blue", "E4")}, hands={"red": ["revolver"]}
    )
    with pytest.raises(IllegalChoice, match="Z is at range 4, the card reaches 1 to 2"):
        st.perform("A", "revolver", target="Z")


def test_grenade_hits_the_whole_space_over_hills(scenario: Scenario) -> None:
    st = scenario(
        {"E7": B, "E5": T},
        {"A": ("red", "E7"), "Y": ("blue", "E5"), "Z": ("blue", "E5", 20, True)},
        hands={"red": ["grenade"]},
    )
    st.force_dice(["circle"])
    st.perform("A", "grenade", target="E5")
    assert (hp(st, "Y"), hp(st, "Z")) == (15, 20) and st.damaged_labels() == ["E5"]


def test_golf_club_drives_even_a_grunt(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "F5": B},
        {"A": ("red", "E5"), "G": ("blue", "E5", 20, False, "grunt")},
        hands={"red": ["golf-club"]},
        modules=["specialists"],
    )
    st.force_dice(["triangle"])
    st.perform("A", "golf-club", target="G", adjacent="F5")
    assert (hp(st, "G"), at(st, "G")) == (10, "F5")


def test_pusher_beetle_shoves_all_but_the_grunt(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "E4": B, "E3": B},
        {"A": ("red", "E5"), "G": ("blue", "E4", 20, False, "grunt"), "Y": ("blue", "E4")},
        hands={"red": ["pusher-beetle"]},
        modules=["specialists"],
    )
    st.perform("A", "pusher-beetle", target="E4")
    assert (at(st, "G"), at(st, "Y")) == ("E4", "E3")


def test_fishing_rod_reels_a_snail_in(scenario: Scenario) -> None:
    st = scenario(
        {"E8": B, "E7": B, "E6": B, "E5": B},
        {"A": ("red", "E8"), "Z": ("blue", "E5")},
        hands={"red": ["fishing-rod"]},
    )
    st.perform("A", "fishing-rod", target="Z")
    assert at(st, "Z") == "E7"


def test_jetpack_and_barrel(scenario: Scenario) -> None:
    st = scenario(
        {"E8": B, "E5": T, "E4": T},
        {"A": ("red", "E8"), "Z": ("blue", "E8")},
        hands={"red": ["jetpack", "barrel"]},
    )
    with pytest.raises(IllegalChoice, match="E6 is water, and the card needs a land space"):
        st.perform("A", "jetpack", target="E6")  # water
    st.perform("A", "jetpack", target="E5")
    st.perform("A", "barrel", target="E4")
    assert at(st, "A") == "E4" and st.snail_info("A")["shell"] is True


def test_mine_opens_a_way_from_the_water(scenario: Scenario) -> None:
    st = scenario({"E5": M}, {"A": ("red", "E6"), "Z": ("blue", "E5")}, hands={"red": ["mine"]})
    st.perform("A", "mine", target="E5")
    assert st.terrain_at("E5") == B and hp(st, "Z") == 15


def test_golden_shovel_digs_a_neighbour_and_counts_for_the_turnip(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M, "E6": T},
        {"A": ("red", "E6", 10), "Z": ("blue", "E5")},
        backs={"E5": "turnip"},
        hands={"red": ["golden-shovel"]},
    )
    st.perform("A", "golden-shovel", target="E5")
    assert st.terrain_at("E5") == B and hp(st, "A") == 15


def test_combat_mole_digs_then_bites_and_not_from_water(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M, "E6": B},
        {"A": ("red", "E5"), "Z": ("blue", "E6"), "W": ("blue", "E4")},
        hands={"red": ["combat-mole"]},
    )
    st.perform("A", "combat-mole", target="Z")
    assert st.terrain_at("E5") == B and hp(st, "Z") == 15
    st2 = scenario(
        {"E6": B}, {"A": ("red", "E5"), "Z": ("blue", "E6")}, hands={"red": ["combat-mole"]}
    )
    with pytest.raises(IllegalChoice, match="Dig cannot be performed on a water space"):
        st2.perform("A", "combat-mole", target="Z")


def test_first_aid_shell_and_crawlie_talkie(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "E6": B},
        {"A": ("red", "E5", 5), "Z": ("blue", "E5")},
        hands={"red": ["1st-aid-shell", "crawlie-talkie"]},
    )
    st.perform("A", "1st-aid-shell")
    assert hp(st, "A") == 15 and st.snail_info("A")["shell"] is True
    st.perform("A", "crawlie-talkie", path=["E6"])
    assert at(st, "A") == "E6" and st.snail_info("A")["shell"] is False and len(st.hand[0]) == 1


def test_litterbuss_draws_from_the_shuffled_discard(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B},
        {"A": ("red", "E5"), "Z": ("blue", "E5")},
        hands={"red": ["litterbuss", "mine", "bow"]},
    )
    st.perform("A", "swap", choose=["mine", "bow"])
    st.discard.extend(st.deck[:5])
    del st.deck[:5]
    pile = set(st.discard)
    st.perform("A", "litterbuss")
    assert len(st.hand[0]) == 4 and len(pile & set(st.hand[0])) == 2


def test_claw_takes_a_card_from_the_discard_pile(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B},
        {"A": ("red", "E5"), "Z": ("blue", "E5")},
        players={"red": "pirates", "blue": None},
        hands={"red": ["bazooka"]},
    )
    st.perform("A", "swap", choose=["bazooka"])
    st.discard.extend(st.deck[:3])
    del st.deck[:3]
    st.perform("A", "claw", choose="bazooka")
    assert "bazooka" in [st.card_id(c) for c in st.hand[0]]


def test_hush_money_draws_two_and_discards_one(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B},
        {"A": ("red", "E5"), "Z": ("blue", "E5")},
        players={"red": "mobsters", "blue": None},
    )
    with pytest.raises(IllegalChoice, match="missing key 'choose'"):
        st.perform("A", "hush-money")
    assert st.hand[0] == []
    top = [st.card_id(c) for c in st.deck[-2:]]
    st.perform("A", "hush-money", choose=top[0])
    assert [st.card_id(c) for c in st.hand[0]] == [top[1]]


def test_shield_bash_and_faction_cards_belong_to_their_faction(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B, "E4": B, "E3": B},
        {"A": ("red", "E5"), "Z": ("blue", "E4")},
        players={"red": "knights", "blue": None},
    )
    st.force_dice(["triangle"])
    st.perform("A", "shield-bash", target="Z")
    assert (hp(st, "Z"), at(st, "Z")) == (10, "E3")
    with pytest.raises(IllegalChoice, match="faction card"):
        st.perform("A", "laser-eye", target="Z")
