"""The scenario API: situations built from explicit positions, and what cannot be built."""

from __future__ import annotations

from typing import Any

import pytest

from editor.core.workspace import Workspace
from editor.games.snit_smashing.engine import Prepared
from editor.games.snit_smashing.engine.scenario import Scenario, SetupError, SnitSpec, beach
from tests.games.snit_smashing.engine.conftest import QUIET


def test_the_spec_example_situation_plays_as_written(beach_map: Prepared) -> None:
    scenario = Scenario.build(
        beach_map,
        players=["red", "blue"],
        run=1,
        bound=2,
        primus="red",
        snandergrab="D10",
        snits=[
            SnitSpec("R1", "red", 5, at="B5"),
            SnitSpec("B1", "blue", 4, at="F5"),
            SnitSpec("B2", "blue", 6, state="safe"),
        ],
        pools={"red": 17},
        trophies={"red": 0, "blue": 1},
    )
    scenario.play_bound(
        {"red": {"smash": ["G4", "G5", "F5"]}, "blue": {"move": "E3"}},
        [("R1", ["B6", "C6"]), ("B1", [])],
    )
    assert scenario.snit("R1")["at"] == "C6" and scenario.snit("B1")["state"] == "dead"
    assert scenario.trophies() == {"red": 1, "blue": 1}
    assert (scenario.snandergrab, scenario.run, scenario.bound, scenario.primus) == (
        "E3",
        1,
        3,
        "blue",
    )
    assert scenario.pools() == {"red": 17, "blue": 19}
    assert scenario.living() == {"red": 1, "blue": 1}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": ["red", "pink"]}, "no clan 'pink'"),
        ({"players": ["red", "red"]}, "listed twice"),
        ({"primus": "green"}, "primus: 'green' is not a player"),
        ({"run": 5}, "run 5"),
        ({"bound": 7}, "bound 7"),
        ({"snandergrab": "D11"}, "not on the map"),
        ({"snits": [SnitSpec("R1", "red", 5)]}, "give the hex it is on"),
        ({"snits": [SnitSpec("R1", "red", 5, at="Z40")]}, "not on the map"),
        ({"snits": [SnitSpec("R1", "red", 5, at="b5")]}, "upper-case"),
        ({"snits": [SnitSpec("R1", "red", 5, state="safe", at="B5")]}, "give it no hex"),
        ({"snits": [SnitSpec("R1", "red", 5, state="sleeping")]}, "not one of"),
        ({"snits": [SnitSpec("R1", "red", 13, at="B5")]}, "speed 13"),
        ({"snits": [SnitSpec("R1", "red", 5, at="B5"), SnitSpec("R1", "red", 5)]}, "two Snits"),
        (
            {"snits": [SnitSpec("R1", "red", 5, at="B5"), SnitSpec("B1", "blue", 5, at="B5")]},
            "both on B5",
        ),
        ({"snits": [SnitSpec("R1", "red", 5, state="on-top", at="B5")]}, "on top"),
        ({"snits": [SnitSpec("R1", "red", 5, at="A1")], "run": 2}, "it is safe"),
        ({"pools": {"red": 22}}, "more than the 21"),
        ({"pools": {"green": 2}}, "not a player"),
        ({"trophies": {"red": -1}}, "not a count"),
    ],
)
def test_a_situation_that_cannot_be_built_is_refused(
    beach_map: Prepared, change: dict[str, Any], words: str
) -> None:
    given: dict[str, Any] = {"players": ["red", "blue"], "snits": []}
    given.update(change)
    with pytest.raises(SetupError, match=words):
        Scenario.build(beach_map, **given)


def test_unknown_names_in_steps_are_setup_errors(beach_map: Prepared) -> None:
    scenario = Scenario.build(beach_map, players=["red", "blue"], snits=[])
    with pytest.raises(SetupError, match="no Snit 'R9'"):
        scenario.play_bound(QUIET, [("R9", [])])
    with pytest.raises(SetupError, match="'green' is not a player"):
        scenario.play_bound({**QUIET, "green": "garbled"}, [])
    with pytest.raises(SetupError, match="not an order"):
        scenario.play_bound({"red": {"fly": "E3"}, "blue": "garbled"}, [])
    with pytest.raises(SetupError, match="no Snit"):
        scenario.snit("R9")


def test_a_map_may_redraw_the_sea_and_the_starts(bundled: Workspace) -> None:
    prepared = beach(
        bundled, sea=["A1", "B1", "C1", "A2", "A3"], starts={"red": "A3", "blue": "B1"}
    )
    tables = prepared.tables
    assert {tables.labels[h] for h in range(tables.size) if (tables.sea >> h) & 1} == {
        "A1",
        "B1",
        "C1",
        "A2",
        "A3",
    }
    clans = [c.id for c in prepared.clans]
    assert tables.labels[prepared.starts[clans.index("red")]] == "A3"
    assert tables.labels[prepared.starts[clans.index("green")]] == "C1"  # the layout's
    # a clan whose start is not in the sea has none: it may not start a run from the sea
    lost = beach(bundled, sea=["A1"], starts={"blue": "B5", "red": "A1"})
    scenario = Scenario.build(
        lost, players=["red", "blue"], snits=[SnitSpec("B1", "blue", 5, state="safe")], run=2
    )
    with pytest.raises(SetupError, match="clan 'blue' has no start hex in the sea"):
        scenario.end_run()
    with pytest.raises(SetupError, match="no Snit Smashing board 'moon'"):
        beach(bundled, board="moon")
    with pytest.raises(SetupError, match="not on board"):
        beach(bundled, sea=["Q1"])


def test_seats_may_play_the_clans_in_any_order(beach_map: Prepared) -> None:
    scenario = Scenario.build(
        beach_map,
        players=["blue", "red"],
        snits=[SnitSpec("B1", "blue", 5, state="safe"), SnitSpec("R1", "red", 5, state="safe")],
        run=2,
        bound=6,
    )
    scenario.end_run()
    assert scenario.snit("B1")["at"] == "G1" and scenario.snit("R1")["at"] == "A1"
    assert scenario.primus == "red"  # blue sat first; the Primus passed on to red
