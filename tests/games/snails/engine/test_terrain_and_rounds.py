"""Tile backs, tokens, the Cleaning phase, death, elimination and victory."""

from __future__ import annotations

import random

import pytest

from editor.core.engine import IllegalChoice, MatchSpec
from editor.games.snails.engine import ENGINE, Prepared, State

from .conftest import Scenario

B, M, T = ["beach"], ["beach", "meadow"], ["beach", "meadow", "mountain"]


def hp(st: State, name: str) -> int:
    return int(st.snail_info(name)["health"])


def test_dug_turnip_heals_the_digger(scenario: Scenario) -> None:
    st = scenario({"E5": M}, {"A": ("red", "E5", 10), "Z": ("blue", "E5")}, backs={"E5": "turnip"})
    st.perform("A", "dig")
    assert hp(st, "A") == 15 and st.terrain_at("E5") == B
    assert ("destroyed", "E5", "meadow", "turnip", 1) in st.events


def test_turnip_with_a_card_also_draws(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M}, {"A": ("red", "E5", 10), "Z": ("blue", "E5")}, backs={"E5": "turnip-with-card"}
    )
    st.perform("A", "dig")
    assert hp(st, "A") == 15 and len(st.hand[0]) == 1


def test_turnip_destroyed_otherwise_gives_nothing(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M, "E6": B},
        {"A": ("red", "E6"), "Z": ("blue", "E5", 10)},
        backs={"E5": "turnip-with-card"},
        hands={"red": ["mine"]},
    )
    st.perform("A", "mine", target="E5")
    assert st.terrain_at("E5") == B and hp(st, "Z") == 5 and hp(st, "A") == 20
    assert st.hand[0] == [] and st.hand[1] == []


def test_eggshells_push_everyone_on_the_tile(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M, "E4": B, "F5": B, "F6": B, "E6": B, "D6": B, "D5": B},
        {"A": ("red", "E5"), "Z": ("blue", "E5")},
        backs={"E5": "eggshells"},
        first_player="blue",
    )
    # the 1st player (blue) picks where; a rules example may leave it to the default
    st.perform("A", "dig", push={"Z": "F6"})
    assert st.snail_info("Z")["at"] == "F6"
    assert st.snail_info("A")["at"] != "E5"


def test_salt_deposits_pull_snails_out_of_their_shells(scenario: Scenario) -> None:
    st = scenario(
        {"E5": T, "E6": B},
        {"A": ("red", "E6"), "Z": ("blue", "E5", 20, True)},
        backs={"E5": "salt-deposits"},
        hands={"red": ["mine"]},
    )
    st.perform("A", "mine", target="E5")
    assert st.snail_info("Z")["shell"] is False
    assert hp(st, "Z") == 20  # the mine's 5 was absorbed before the salt


def test_twin_barrels_raise_the_contamination(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B},
        {"A": ("red", "E5"), "Z": ("blue", "E5")},
        backs={"E5": "twin-barrels"},
        contamination=1,
    )
    st.perform("A", "dig")
    assert st.contamination == 3 and ("contamination", 3) in st.events


def test_fertilizers_hurt_every_snail_in_the_water_pirates_too(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B},
        {"A": ("red", "E5"), "P": ("blue", "E7"), "Q": ("red", "C3")},
        players={"red": None, "blue": "pirates"},
        backs={"E5": "fertilizers"},
    )
    st.perform("A", "dig")
    # the digger's own space is water now: it takes the 5 too
    assert (hp(st, "A"), hp(st, "P"), hp(st, "Q")) == (15, 15, 15)


def test_dead_weight_sinks_in_the_cleaning_phase(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M}, {"A": ("red", "E5"), "Z": ("blue", "E5")}, hands={"red": ["dead-weight"]}
    )
    st.perform("A", "dead-weight")
    assert st.tokens_at("E5")["dead-weight"] == 1
    st.run_phase("cleaning")
    assert st.terrain_at("E5") == B and st.tokens_at("E5")["dead-weight"] == 1
    st.run_phase("cleaning")
    assert st.terrain_at("E5") == [] and st.tokens_at("E5")["dead-weight"] == 0


def test_dead_weight_cannot_go_on_water(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B},
        {"A": ("red", "E6"), "Z": ("blue", "E5")},
        hands={"red": ["dead-weight"]},
        players={"red": "pirates", "blue": None},
    )
    st.perform("A", "dead-weight")
    assert st.tokens_at("E6")["dead-weight"] == 0


def test_damaging_a_damaged_tile_destroys_it(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M, "E8": B},
        {"A": ("red", "E8"), "Z": ("blue", "E5")},
        hands={"red": ["bomber", "bomber"]},
    )
    st.perform("A", "bomber", target="E5")
    assert st.damaged_labels() == ["E5"] and st.terrain_at("E5") == M
    st.perform("A", "bomber", target="E5")
    assert st.damaged_labels() == [] and st.terrain_at("E5") == B
    assert hp(st, "Z") == 10


def test_oneness_with_the_land_damages_a_neighbouring_tile_once_a_round(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M, "E4": M, "E7": B},
        {"A": ("green", "E7"), "Z": ("blue", "E5")},
        players={"green": "druids", "blue": None},
    )
    st.perform("A", "rockslide", target="E5", use=["oneness-with-the-land"], adjacent="E4")
    assert st.damaged_labels() == ["E4", "E5"]
    before = list(st.events)
    with pytest.raises(IllegalChoice, match="once per round"):
        st.perform("A", "rockslide", target="E5", use=["oneness-with-the-land"], adjacent="E4")
    assert st.events == before
    st.perform("A", "rockslide", target="E5")
    # E5 goes; E4 keeps its one damaged token: the ability does not fire again this round
    assert st.terrain_at("E5") == B and st.terrain_at("E4") == M
    assert st.damaged_labels() == ["E4"]


def test_oneness_is_only_used_when_asked(scenario: Scenario) -> None:
    st = scenario(
        {"E5": M, "E4": M, "E7": B},
        {"A": ("green", "E7"), "Z": ("blue", "E5")},
        players={"green": "druids", "blue": None},
    )
    st.perform("A", "rockslide", target="E5")
    assert st.damaged_labels() == ["E5"] and "oneness-with-the-land" not in st.used[0]


def test_cleaning_hurts_snails_in_water_and_moves_the_marker(scenario: Scenario) -> None:
    st = scenario(
        {"E5": B},
        {"A": ("red", "E6"), "B": ("red", "E5"), "P": ("blue", "E7"), "Q": ("blue", "E5")},
        players={"red": None, "blue": "pirates"},
        contamination=4,
        first_player="red",
        used={"red": ["field-surgery"]},
    )
    st.run_phase("cleaning")
    assert (hp(st, "A"), hp(st, "B"), hp(st, "P")) == (10, 20, 20)
    assert st.contamination == 5 and st.first == 1 and st.used[0] == set()


def test_death_elimination_and_the_last_one_standing(scenario: Scenario) -> None:
    st = scenario({"E5": M, "E6": B}, {"A": ("red", "E5"), "Z": ("blue", "E6", 5)})
    st.perform("A", "hit", target="Z")
    info = st.snail_info("Z")
    assert info == {"health": 0, "at": None, "shell": False, "alive": False}
    assert ("death", 1, 1, "attack", "E6") in st.events and ("eliminated", 1) in st.events
    out = st.outcome()
    assert out is not None and out.winners == (0,) and out.reason == "last-standing"


def test_a_snail_killed_by_the_water(scenario: Scenario) -> None:
    st = scenario({"E5": B}, {"A": ("red", "E5", 5), "Z": ("blue", "E5"), "Y": ("red", "E5")})
    st.perform("A", "crawl", path=["E4"])
    assert ("death", 0, 0, "water", "E4") in st.events and st.outcome() is None


def _play(prepared: Prepared, seed: int) -> State:
    st = ENGINE.new_match(
        prepared,
        MatchSpec(
            4,
            ("knights", "druids", "cyborgs", "mobsters"),
            frozenset({"wind", "specialists"}),
            seed,
        ),
    )
    rng = random.Random(seed)
    while (d := st.decision()) is not None:
        st.apply(d.options[rng.randrange(len(d.options))])
    return st


@pytest.mark.parametrize("seed", range(8))
def test_winners_follow_the_victory_order(crustacean: Prepared, seed: int) -> None:
    st = _play(crustacean, seed)
    out = st.outcome()
    assert out is not None
    alive = [p for p in range(4) if not st.out[p]]
    if out.reason == "rounds":
        living = {p: sum(1 for s in st.p_snails[p] if st.sat[s] >= 0) for p in alive}
        best = max(living.values())
        assert all(living[w] == best for w in out.winners)
        assert set(out.winners) <= set(alive)
    elif out.reason == "last-standing":
        assert out.winners == tuple(alive)
    assert [e[1] for e in st.events if e[0] == "round"] == list(range(1, out.rounds + 1))


def test_mobsters_keep_one_of_three_and_hands_are_capped(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(2, ("mobsters", "knights"), frozenset(), 4))
    rng = random.Random(4)
    kinds = set()
    while (d := st.decision()) is not None:
        if d.kind == "keep":
            assert d.player == 0 and len(d.options) == 3 and all(len(o) == 1 for o in d.options)
        if d.kind == "program":
            assert all(len(h) <= 5 for h in st.hand)
        kinds.add(d.kind)
        st.apply(d.options[rng.randrange(len(d.options))])
    assert "keep" in kinds
