"""The Snit Smashing replays in words: names, clans and hexes, never a secret order."""

from __future__ import annotations

import pytest

from editor.core.engine import Decision
from editor.core.workspace import Workspace
from editor.games.snit_smashing.engine import Prepared
from editor.games.snit_smashing.engine.scenario import Scenario, SnitSpec, beach
from editor.games.snit_smashing.replay_words import (
    SECRET_ORDER,
    choice_words,
    event_words,
)


@pytest.fixture(scope="module")
def situation_map(bundled: Workspace) -> Prepared:
    """The bundled beach, as scenarios build it."""
    return beach(bundled)


@pytest.fixture
def scene(situation_map: Prepared) -> Scenario:
    """Red and blue in bound 2 of the first run."""
    return Scenario.build(
        situation_map,
        players=["red", "blue"],
        run=1,
        bound=2,
        primus="red",
        snits=[
            SnitSpec("Pip", "red", 5, at="B5"),
            SnitSpec("Puddle", "blue", 4, at="F5"),
            SnitSpec("Murk", "blue", 5, at="C8"),
        ],
    )


def test_a_bound_in_words(scene: Scenario) -> None:
    state = scene.state
    index = state.tables.index
    scene.play_bound(
        {"red": {"smash": ["G4", "G5", "F5"]}, "blue": {"smash": ["B6", "B7", "C6"]}},
        [("Pip", ["B6"]), ("Murk", ["C9"])],
    )
    told = [event_words(scene.state, e) for e in scene.events]
    assert "Red writes an order, secret until the reveal" in told
    assert "Pip (Red) runs from B5 to B6" in told
    assert "Puddle (Blue) stays on F5" in told
    assert "Murk (Blue) runs from C8 to C9" in told
    assert "Red reveals: smash F5, G4, G5" in told
    assert "Blue reveals: smash B6, B7, C6" in told
    assert "Red smashes Puddle (Blue) on F5: a trophy" in told
    assert "Blue smashes Pip (Red) on B6: a trophy" in told
    assert "Murk (Blue) is safe under the Snandergrab at C9" in told
    assert told[-1] == "run 1 is over after bound 2"  # no Snit left running
    own = event_words(scene.state, ("killed", 1, scene.names["Murk"], index["C9"], False))
    assert own == "Blue smashes its own Murk on C9: to the box"


def test_choices_in_words_and_orders_kept_secret(scene: Scenario) -> None:
    state = scene.state
    decision = state.decision()
    assert decision is not None and decision.kind == "order"
    assert {choice_words(state, decision, o) for o in decision.options} == {SECRET_ORDER}
    pip, b7 = scene.names["Pip"], state.tables.index["B7"]
    move = Decision(0, "move", (("go", pip, b7),), "move a Snit")
    assert choice_words(state, move, ("go", pip, b7)) == "Pip (Red) runs from B5 to B7"
    here = state.tables.index["B5"]
    assert choice_words(state, move, ("go", pip, here)) == "Pip (Red) stays on B5"


def test_the_run_to_the_sea_in_words(situation_map: Prepared) -> None:
    sc = Scenario.build(
        situation_map,
        players=["red", "blue"],
        run=2,
        bound=6,
        primus="red",
        snits=[
            SnitSpec("Pip", "red", 5, at="B3"),
            SnitSpec("Zip", "red", 5, state="under"),
            SnitSpec("Puddle", "blue", 4, state="under"),
        ],
    )
    sc.play_bound({"red": "garbled", "blue": "garbled"}, [("Pip", ["B2", "B1"])])
    told = [event_words(sc.state, e) for e in sc.events]
    assert "Pip (Red) runs from B3 to the sea at B1" in told
    assert "Pip (Red) reaches the sea at B1: safe" in told
    assert "Zip (Red) stays under the Snandergrab" in told
    assert "Zip (Red) dries up" in told and "Puddle (Blue) dries up" in told
    assert "after run 2, Snits alive: Red 1, Blue 0" in told
    assert "run 3 begins: to the Snandergrab" in told


def test_reproduction_in_words(situation_map: Prepared) -> None:
    sc = Scenario.build(
        situation_map,
        players=["red", "blue"],
        run=1,
        bound=6,
        primus="red",
        snits=[SnitSpec("Pip", "red", 5, at="B3"), SnitSpec("Puddle", "blue", 4, state="safe")],
    )
    sc.play_bound({"red": "garbled", "blue": "garbled"}, [])
    sc.reproduce({"red": [7, 7, 7], "blue": [4, 4, 4]})
    told = [event_words(sc.state, e) for e in sc.events]
    assert "run 1 is over after bound 6" in told
    assert "Pip (Red) is placed under the Snandergrab by mercy" in told
    assert "Pip (Red) dies, having reproduced by mercy" in told
    offspring = [t for t in told if t.startswith("Pip (Red) has an offspring: ")]
    assert len(offspring) == 3 and all(t.endswith("(speed 7)") for t in offspring)


def test_what_it_does_not_know_is_written_as_it_is(scene: Scenario) -> None:
    assert event_words(scene.state, ("weather", 3, "fog")) == "weather: 3, fog"
    assert event_words(scene.state, ("killed", 0)) == "killed: 0"  # too short to word
    with pytest.raises(TypeError):
        event_words(object(), ("bound", 1, 1, 0))
