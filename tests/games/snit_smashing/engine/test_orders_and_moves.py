"""Orders and moves: what a Bolotomus may order, how Snits may run, and the refusals."""

from __future__ import annotations

import pytest

from editor.core.engine import IllegalChoice
from editor.games.snit_smashing.engine.scenario import Refused, SetupError
from tests.games.snit_smashing.engine.conftest import QUIET, Situation


def _refusal(scenario, orders, moves) -> str:  # type: ignore[no-untyped-def]
    before = scenario.state.snapshot()
    with pytest.raises(Refused) as caught:
        scenario.play_bound(orders, moves)
    assert scenario.state.snapshot() == before  # refused: nothing changed
    return str(caught.value)


# --- orders ------------------------------------------------------------------------------


def test_the_order_decision_offers_every_smash_and_move_and_one_garbled(
    situation: Situation,
) -> None:
    scenario = situation(R1=("red", 5, "B5"), B1=("blue", 5, "F5"))
    decision = scenario.state.decision()
    assert decision is not None and decision.kind == "order" and decision.player == 0
    kinds = [option[0] for option in decision.options]
    assert kinds.count("smash") == 108 and kinds.count("move") == 33
    assert kinds.count("garbled") == 1


def test_a_run_to_the_sea_offers_smashes_only(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "under"), B1=("blue", 5, "under"), run=2)
    decision = scenario.state.decision()
    assert decision is not None
    assert {option[0] for option in decision.options} == {"smash", "garbled"}
    message = _refusal(scenario, {"red": {"move": "E3"}, "blue": "garbled"}, [])
    assert message == "the Snandergrab is not moved in a run to the sea: only smashes"


def test_a_smash_partly_off_the_map_is_refused(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "B5"))
    message = _refusal(scenario, {"red": {"smash": ["D10", "D11", "E10"]}, "blue": "garbled"}, [])
    assert message == "a Smash must lie wholly on the map: D11 is off it"


def test_hexes_not_meeting_at_a_corner_are_a_garbled_order(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "C6"), B1=("blue", 5, "C8"))
    scenario.play_bound({"red": {"smash": ["C6", "C7", "C8"]}, "blue": "garbled"}, [])
    assert scenario.snit("B1")["state"] == "active" and scenario.snit("R1")["state"] == "active"
    assert scenario.revealed() == {"red": "garbled", "blue": "garbled"}


@pytest.mark.parametrize(
    ("centre", "why"),
    [("E2", "E1 would be in the sea"), ("D10", "D11 would be off the map"), ("G5", "H5")],
)
def test_a_move_off_the_map_or_into_the_sea_is_refused(
    situation: Situation, centre: str, why: str
) -> None:
    scenario = situation(R1=("red", 5, "B5"))
    message = _refusal(scenario, {"red": {"move": centre}, "blue": "garbled"}, [])
    assert message.startswith(f"the Snandergrab may not be moved to {centre}: ")
    assert why in message


def test_an_illegal_choice_is_refused_with_a_reason_and_changes_nothing(
    situation: Situation,
) -> None:
    state = situation(R1=("red", 5, "B5")).state
    before = state.snapshot()
    for bad, words in [
        (("move", state.tables.index["E2"]), "E1 would be in the sea"),
        (("smash", 0, 1, 2), "is not a Smash"),
        (("fly",), "is not an order"),
        ([1, 2], "is not an order"),
    ]:
        with pytest.raises(IllegalChoice, match=words):
            state.apply(bad)  # type: ignore[arg-type]
        assert state.snapshot() == before


def test_every_player_needs_an_order(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "B5"))
    with pytest.raises(SetupError, match="no order for blue"):
        scenario.play_bound({"red": "garbled"}, [])


# --- moves -------------------------------------------------------------------------------


def test_snits_move_one_at_a_time_from_the_primus_clockwise(situation: Situation) -> None:
    scenario = situation(
        R1=("red", 5, "B5"), R2=("red", 5, "B7"), B1=("blue", 5, "F5"), primus="blue"
    )
    scenario.play_bound(QUIET, [("B1", ["F6"]), ("R1", ["B4"]), ("R2", ["B8"])])
    moves = [e for e in scenario.events if e[0] == "move"]
    assert [(e[1], scenario.state.names[e[2]]) for e in moves] == [(1, "B1"), (0, "R1"), (0, "R2")]
    assert scenario.primus == "red"  # it passed on to the left
    message = _refusal(scenario, QUIET, [("B1", ["F5"]), ("R1", ["B5"])])
    assert message == "it is red's turn to move a Snit, not blue's (B1)"


def test_a_player_chooses_which_snit_to_move_next(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "B5"), R2=("red", 5, "B7"))
    scenario.state.apply(("garbled",))
    scenario.state.apply(("garbled",))
    decision = scenario.state.decision()
    assert decision is not None and decision.kind == "move"
    assert {option[1] for option in decision.options} == {
        scenario.names["R1"],
        scenario.names["R2"],
    }


def test_a_snit_runs_at_most_its_speed(situation: Situation) -> None:
    scenario = situation(R1=("red", 2, "B5"))
    message = _refusal(scenario, QUIET, [("R1", ["B6", "B7", "B8"])])
    assert message == "R1 runs at most 2 hexes a bound; the path has 3"


def test_a_path_steps_from_hex_to_next_hex_on_the_map(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "D9"))
    assert "not next to each other" in _refusal(scenario, QUIET, [("R1", ["D7"])])
    assert _refusal(scenario, QUIET, [("R1", ["D10", "D11"])]) == (
        "R1 cannot enter D11: it is not on the map"
    )


def test_snits_pass_through_others_but_never_end_on_one(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "B5"), B1=("blue", 5, "B6"))
    message = _refusal(scenario, QUIET, [("R1", ["B6"])])
    assert (
        message
        == "R1 cannot end its move on B6: B1 is there (one Snit a hex at the end of a bound)"
    )
    scenario.play_bound(QUIET, [("R1", ["B6", "B7"])])
    assert scenario.snit("R1")["at"] == "B7" and scenario.snit("B1")["at"] == "B6"


def test_every_snit_leaves_the_sea_on_the_first_bound(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "A1"), R2=("red", 5, "A1"))
    assert _refusal(scenario, QUIET, [("R1", [])]).startswith("R1 must leave the sea on this bound")
    assert _refusal(scenario, QUIET, [("R1", ["A2"])]) == (
        "R1 must leave the sea; its path ends in the sea at A2"
    )
    scenario.play_bound(QUIET, [("R1", ["A2", "A3"]), ("R2", ["B2"])])
    assert (scenario.snit("R1")["at"], scenario.snit("R2")["at"]) == ("A3", "B2")


def test_a_snit_never_goes_back_into_the_sea_in_a_run_to_the_snandergrab(
    situation: Situation,
) -> None:
    scenario = situation(R1=("red", 5, "B2"))
    assert _refusal(scenario, QUIET, [("R1", ["B1", "C2"])]) == (
        "R1 may not go back into the sea (B1) during a run to the Snandergrab"
    )


def test_in_a_run_to_the_sea_snits_count_from_any_hex_of_the_snandergrab(
    situation: Situation,
) -> None:
    scenario = situation(R1=("red", 1, "under"), R2=("red", 1, "under"), run=2)
    # D8 is next to D9, C8 next to C9: both one step from under it
    scenario.play_bound(QUIET, [("R1", ["D8"]), ("R2", ["C8"])])
    assert (scenario.snit("R1")["at"], scenario.snit("R2")["at"]) == ("D8", "C8")
    scenario = situation(R1=("red", 1, "under"), run=2)
    assert _refusal(scenario, QUIET, [("R1", ["D7"])]) == (
        "R1 cannot reach D7 from under the Snandergrab in one step"
    )


def test_a_snit_may_lurk_under_the_snandergrab(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "under"), run=2)
    scenario.play_bound(QUIET, [("R1", [])])
    assert scenario.snit("R1")["state"] == "under"
    assert scenario.bound == 2


def test_a_snit_that_left_does_not_end_under_the_snandergrab_again(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "D8"), run=2)
    assert "cannot end its move under the Snandergrab (D9)" in _refusal(
        scenario, QUIET, [("R1", ["D9"])]
    )


def test_a_snit_entering_the_sea_is_safe_at_once(situation: Situation) -> None:
    scenario = situation(R1=("red", 3, "D3"), B1=("blue", 3, "E2"), B2=("blue", 3, "under"), run=2)
    assert _refusal(scenario, QUIET, [("R1", ["D2", "D1", "C1"])]) == (
        "R1 is safe once it enters the sea at D1; it goes no further"
    )
    # the first into D1 leaves the map at once, so a second may follow it there
    scenario.play_bound(QUIET, [("R1", ["D2", "D1"]), ("B1", ["D2", "D1"])])
    assert scenario.snit("R1") == {
        "player": "red",
        "speed": 3,
        "state": "safe",
        "at": None,
        "mercy": False,
    }
    assert scenario.snit("B1")["state"] == "safe"


def test_a_snit_that_is_not_running_does_not_move(situation: Situation) -> None:
    scenario = situation(R1=("red", 5, "B5"), R2=("red", 5, "safe"), R3=("red", 5, "dead"))
    for name, word in (("R2", "safe"), ("R3", "dead")):
        assert _refusal(scenario, QUIET, [(name, [])]) == f"{name} is {word}; it does not move"
    assert _refusal(scenario, QUIET, [("R1", ["B6"]), ("R1", ["B7"])]) == (
        "R1 has already moved this bound"
    )
