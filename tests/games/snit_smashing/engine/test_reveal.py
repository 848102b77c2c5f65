"""Revealing the orders: kills, trophies, the Snandergrab's protection and the NO NO."""

from __future__ import annotations

from tests.games.snit_smashing.engine.conftest import QUIET, Situation

THREE = ["red", "blue", "green"]


def test_a_smash_kills_and_a_rival_snit_is_a_trophy(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "B5"), B1=("blue", 4, "F5"))
    scenario.play_bound({"red": {"smash": ["G4", "G5", "F5"]}, "blue": "garbled"}, [])
    assert scenario.snit("B1")["state"] == "dead" and scenario.snit("R1")["state"] == "active"
    assert scenario.trophies() == {"red": 1, "blue": 0}
    assert scenario.living() == {"red": 1, "blue": 0}


def test_own_snits_smashed_go_to_the_box_and_score_nothing(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "C6"), B1=("blue", 4, "F5"))
    scenario.play_bound({"red": {"smash": ["C6", "C7", "D7"]}, "blue": "garbled"}, [])
    assert scenario.snit("R1")["state"] == "dead"
    assert scenario.trophies() == {"red": 0, "blue": 0}
    assert scenario.own_smashed() == {"red": 1, "blue": 0}


def test_the_first_smash_revealed_gets_the_kill(situation: Situation) -> None:
    # blue is the Primus, so blue's smash is revealed first and takes green's Snit
    scenario = situation(
        R1=("red", 5, "B8"),
        G1=("green", 5, "C7"),
        players=THREE,
        primus="blue",
    )
    orders = {
        "red": {"smash": ["C6", "C7", "D7"]},
        "blue": {"smash": ["C7", "C8", "D8"]},
        "green": "garbled",
    }
    scenario.play_bound(orders, [])
    assert scenario.snit("G1")["state"] == "dead"
    assert scenario.trophies() == {"red": 0, "blue": 1, "green": 0}
    scenario = situation(R1=("red", 5, "B8"), G1=("green", 5, "C7"), players=THREE, primus="red")
    scenario.play_bound(orders, [])
    assert scenario.trophies() == {"red": 1, "blue": 0, "green": 0}


def test_the_last_move_revealed_places_the_snandergrab(situation: Situation) -> None:
    orders = {"red": {"move": "E3"}, "blue": {"move": "C5"}}
    scenario = situation(R1=("red", 5, "B8"), primus="red")
    scenario.play_bound(orders, [])
    assert scenario.snandergrab == "C5"
    scenario = situation(R1=("red", 5, "B8"), primus="blue")
    scenario.play_bound(orders, [])
    assert scenario.snandergrab == "E3"


def test_snits_under_the_final_hexes_are_safe_and_immune(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "E2"), B1=("blue", 5, "E4"))
    orders = {"red": {"smash": ["E4", "E5", "F5"]}, "blue": {"move": "E3"}}
    scenario.play_bound(orders, [])
    # blue's own Snit under its own move: on top (below); red's Snit under it: safe
    assert scenario.snit("R1") == {
        "player": "red",
        "speed": 5,
        "state": "safe",
        "at": None,
        "mercy": False,
    }
    assert scenario.snit("B1")["state"] == "dead"  # the NO NO: on top, and smashed
    assert scenario.trophies() == {"red": 1, "blue": 0}


def test_a_snit_under_the_snandergrab_is_immune_to_a_smash_there(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "D9"))
    scenario.play_bound({"red": "garbled", "blue": {"smash": ["D9", "D10", "E9"]}}, [])
    assert scenario.revealed()["blue"] == {"smash": ["D9", "D10", "E9"]}  # a real Smash
    assert scenario.snit("R1")["state"] == "safe"
    assert scenario.trophies() == {"red": 0, "blue": 0}


def test_a_smash_on_the_snandergrab_kills_what_its_move_uncovers(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "D9"))
    scenario.play_bound({"red": {"move": "E3"}, "blue": {"smash": ["D9", "D10", "E9"]}}, [])
    assert scenario.snit("R1")["state"] == "dead"
    assert scenario.trophies() == {"red": 0, "blue": 1}


def test_the_no_no_leaves_the_movers_own_snits_on_top(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "E3"), B1=("blue", 5, "E4"))
    scenario.play_bound({"red": {"move": "E3"}, "blue": "garbled"}, [])
    assert scenario.snit("R1") == {
        "player": "red",
        "speed": 5,
        "state": "on-top",
        "at": "E3",
        "mercy": False,
    }
    assert scenario.snit("B1")["state"] == "safe"
    # it stays on top while neither it nor the Snandergrab moves, and can be smashed there
    scenario.play_bound(QUIET, [])
    assert scenario.snit("R1")["state"] == "on-top"
    scenario.play_bound({"red": "garbled", "blue": {"smash": ["E3", "E4", "F4"]}}, [])
    assert scenario.snit("R1")["state"] == "dead"
    assert scenario.trophies()["blue"] == 1


def test_a_snit_on_top_that_moves_is_running_again(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, ("on-top", "E3")), R2=("red", 5, "B8"), snandergrab="E3")
    scenario.play_bound(QUIET, [("R1", ["E4"])])  # off the top, and under it now
    assert scenario.snit("R1")["state"] == "safe"
    scenario = situation(R1=("red", 5, ("on-top", "E3")), R2=("red", 5, "B8"), snandergrab="E3")
    scenario.play_bound({"red": "garbled", "blue": {"move": "C7"}}, [])
    assert scenario.snit("R1") == {
        "player": "red",
        "speed": 5,
        "state": "active",
        "at": "E3",
        "mercy": False,
    }


def test_smashes_on_the_snandergrab_do_nothing_under_it_in_a_run_to_the_sea(
    situation: Situation,
) -> None:
    scenario = situation(R1=("red", 5, "under"), B1=("blue", 5, "D8"), run=2)
    scenario.play_bound({"red": {"smash": ["D8", "D9", "E8"]}, "blue": "garbled"}, [("R1", [])])
    assert scenario.revealed()["red"] == {"smash": ["D8", "D9", "E8"]}
    assert scenario.snit("R1")["state"] == "under"
    assert scenario.snit("B1")["state"] == "dead"


def test_a_smash_in_the_sea_kills_every_snit_there(situation: Situation) -> None:
    # red's four Snits cannot all leave A1 when the sand in reach is taken
    scenario = situation(
        R1=("red", 1, "A1"),
        R2=("red", 1, "A1"),
        B1=("blue", 1, "B2"),
        primus="blue",
    )
    scenario.play_bound({"red": "garbled", "blue": {"smash": ["A1", "A2", "B2"]}}, [])
    assert [scenario.snit(n)["state"] for n in ("R1", "R2", "B1")] == ["dead", "dead", "dead"]
    assert scenario.trophies() == {"red": 0, "blue": 2}
    assert scenario.own_smashed() == {"red": 0, "blue": 1}


def test_garbled_orders_do_nothing(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "B8"), B1=("blue", 5, "F5"))
    before = {name: scenario.snit(name) for name in ("R1", "B1")}
    scenario.play_bound(QUIET, [])
    assert {name: scenario.snit(name) for name in ("R1", "B1")} == before
    assert scenario.snandergrab == "D10" and scenario.trophies() == {"red": 0, "blue": 0}
