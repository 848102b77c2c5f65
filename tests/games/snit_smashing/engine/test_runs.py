"""Bounds and runs: when a run ends, the Primus passing on, reproduction, drying up, winners."""

from __future__ import annotations

import pytest

from editor.games.snit_smashing.engine.scenario import Refused, SetupError
from tests.games.snit_smashing.engine.conftest import QUIET, Situation


def test_the_primus_passes_left_every_bound(situation: Situation) -> None:
    scenario = situation(
        R1=("red", 5, "B8"), G1=("green", 5, "F5"), players=["red", "blue", "green"]
    )
    seen = []
    for _ in range(4):
        seen.append(scenario.primus)
        scenario.play_bound({"red": "garbled", "blue": "garbled", "green": "garbled"}, [])
    assert seen == ["red", "blue", "green", "red"]
    assert scenario.bound == 5


def test_a_run_to_the_snandergrab_ends_after_bound_six(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "B8"), bound=5)
    scenario.play_bound(QUIET, [])
    assert (scenario.run, scenario.bound, scenario.phase) == (1, 6, "orders")
    scenario.play_bound(QUIET, [])
    assert (scenario.run, scenario.bound, scenario.phase) == (1, 6, "run-over")


def test_a_run_ends_once_no_active_snit_is_left_on_the_map(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "D8"), B1=("blue", 5, "F5"))
    scenario.play_bound({"red": {"smash": ["F5", "G4", "G5"]}, "blue": "garbled"}, [("R1", ["D9"])])
    assert scenario.snit("R1")["state"] == "safe" and scenario.snit("B1")["state"] == "dead"
    assert (scenario.bound, scenario.phase) == (1, "run-over")


def test_reproduction_mercy_offspring_and_death_by_mercy(situation: Situation) -> None:
    scenario = situation(
        R1=("red", 5, "safe"),
        R2=("red", 6, "B5"),
        B1=("blue", 4, "safe"),
        pools={"red": [4, 5, 6, 7, 4], "blue": [5, 5]},
        bound=6,
    )
    scenario.play_bound(QUIET, [])
    assert scenario.phase == "run-over"
    scenario.reproduce({"red": [7, 6, 5, 4, 4]})
    # R1 and R2 (by mercy) each drew three while the pool lasted: five offspring in all
    assert scenario.snit("R1")["state"] == "under"
    assert scenario.snit("R2")["state"] == "dead"
    assert scenario.pools() == {"red": 0, "blue": 0}
    assert scenario.living() == {"red": 6, "blue": 3}
    offspring = [e for e in scenario.events if e[0] == "offspring"]
    red = scenario.state.seat_clans  # seat 0 is red
    assert red[0] == 0
    assert [scenario.state.speed[e[3]] for e in offspring if e[1] == 0] == [7, 6, 5, 4, 4]
    assert [e[2] for e in offspring if e[1] == 0] == [scenario.names["R1"]] * 3 + [
        scenario.names["R2"]
    ] * 2
    # the run to the sea begins: bound 1, the Primus passed on, the Snandergrab at its start
    assert (scenario.run, scenario.bound, scenario.primus, scenario.snandergrab) == (
        2,
        1,
        "blue",
        "D10",
    )
    assert all(s["state"] in ("under", "dead") for s in scenario.snits().values())


def test_a_snit_placed_by_mercy_is_under_before_the_run_ends(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "under"), R2=("red", 5, "B5"))
    assert scenario.snit("R1") == {
        "player": "red",
        "speed": 5,
        "state": "under",
        "at": None,
        "mercy": True,
    }
    assert scenario.living()["red"] == 2


def test_forced_draws_the_rules_never_make_are_refused(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "safe"), pools={"red": [4, 5]})
    with pytest.raises(SetupError, match="never drawn"):
        scenario.reproduce({"red": [4, 5, 5]})
    with pytest.raises(SetupError, match="no Snit of speed 7"):
        scenario.reproduce({"red": [7]})
    assert scenario.run == 1  # refused: nothing changed
    sea = situation(R1=("red", 5, "under"), run=2)
    with pytest.raises(Refused, match="reproduction follows a run to the Snandergrab"):
        sea.reproduce()
    with pytest.raises(SetupError, match="no offspring are drawn"):
        sea.end_run({"red": [5]})


def test_a_pool_given_by_its_size_holds_any_forced_speed(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "safe"), pools={"red": 17})
    scenario.reproduce({"red": [7, 7, 7]})
    assert scenario.pools()["red"] == 14
    speeds = sorted(
        s["speed"] for n, s in scenario.snits().items() if n != "R1" and s["player"] == "red"
    )
    assert speeds == [7, 7, 7]


def test_a_run_to_the_sea_dries_up_every_snit_not_in_the_sea(situation: Situation) -> None:
    scenario = situation(
        R1=("red", 5, "under"),
        R2=("red", 5, "D5"),
        R3=("red", 5, "safe"),
        B1=("blue", 5, "safe"),
        run=2,
        bound=6,
    )
    scenario.play_bound(QUIET, [])
    assert [scenario.snit(n)["state"] for n in ("R1", "R2")] == ["dead", "dead"]
    # the next run to the Snandergrab: the safe Snits run again from their clan's start
    assert (scenario.run, scenario.bound) == (3, 1)
    assert scenario.snit("R3") == {
        "player": "red",
        "speed": 5,
        "state": "active",
        "at": "A1",
        "mercy": False,
    }
    assert scenario.snit("B1")["at"] == "G1"


def test_the_game_ends_after_the_last_run_with_two_kinds_of_winner(situation: Situation) -> None:
    scenario = situation(
        R1=("red", 5, "safe"),
        R2=("red", 5, "safe"),
        B1=("blue", 5, "D5"),
        B2=("blue", 5, "safe"),
        run=4,
        bound=6,
        trophies={"red": 1, "blue": 3},
    )
    assert scenario.winners() is None
    scenario.play_bound(QUIET, [])
    assert scenario.phase == "over"
    assert scenario.winners() == {"snit": ["red"], "bolotomus": ["blue"], "grand_slam": []}
    outcome = scenario.state.outcome()
    assert outcome is not None
    assert outcome.winners == (0, 1) and outcome.reason == "runs"
    assert outcome.details["living"] == (2, 1) and outcome.details["trophies"] == (1, 3)
    with pytest.raises(Refused, match="the game is over"):
        scenario.play_bound(QUIET, [])


def test_ties_are_kept_and_both_victories_make_a_grand_slam(situation: Situation) -> None:
    scenario = situation(
        R1=("red", 5, "safe"),
        B1=("blue", 5, "safe"),
        run=4,
        trophies={"red": 2, "blue": 2},
    )
    scenario.end_run()
    assert scenario.winners() == {
        "snit": ["red", "blue"],
        "bolotomus": ["red", "blue"],
        "grand_slam": ["red", "blue"],
    }
    scenario = situation(R1=("red", 5, "safe"), run=4, trophies={"red": 1})
    scenario.end_run()
    assert scenario.winners() == {"snit": ["red"], "bolotomus": ["red"], "grand_slam": ["red"]}


def test_a_game_with_no_snit_left_ends_early(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "B5"), B1=("blue", 5, "dead"), bound=6)
    scenario.play_bound({"red": {"smash": ["B4", "B5", "C4"]}, "blue": "garbled"}, [])
    assert scenario.revealed()["red"] == {"smash": ["B4", "B5", "C4"]}
    assert scenario.snit("R1")["state"] == "dead"
    scenario.end_run()
    assert scenario.phase == "over"
    outcome = scenario.state.outcome()
    assert outcome is not None and outcome.reason == "no-snits-left"
