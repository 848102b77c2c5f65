"""The Snit Smashing replay frame: the beach as every player sees it, no order before its
reveal, and whole replays through the simulator's replay."""

from __future__ import annotations

import pytest

from editor.core import registry
from editor.core.engine import MatchSpec
from editor.core.workspace import Workspace
from editor.games.snit_smashing.engine import ENGINE, Prepared
from editor.games.snit_smashing.engine.scenario import Scenario, SnitSpec, beach
from editor.games.snit_smashing.engine.state import State
from editor.games.snit_smashing.replay_frame import SMASH_MARK, SNANDERGRAB, replay_frame
from editor.games.snit_smashing.replay_words import REPLAY_WORDS, SECRET_ORDER
from editor.sim.replay import differences, replay_index
from editor.sim.runner import BatchPlan, run_batch


def test_a_new_match_on_the_beach(prepared: Prepared) -> None:
    state = ENGINE.new_match(prepared, MatchSpec(players=4, seed=3))
    frame = replay_frame(state)
    sea = {label for label, stack in frame.stacks.items() if stack == ("sea",)}
    assert sea == {"A1", "A2", "B1", "C1", "D1", "E1", "F1", "G1", "G2"}
    grab = {label for label, stack in frame.stacks.items() if stack == (SNANDERGRAB,)}
    assert grab == {"D9", "D10", "C9", "C10", "E9", "E10"}  # D11 is off the map
    assert len(frame.stacks) == 70 and frame.counters == {}
    assert len(frame.pieces) == 16  # four a clan, face up; the pools stay face down
    starts = {0: "A1", 1: "G1", 2: "C1", 3: "E1"}  # red, blue, green, yellow
    for piece in frame.pieces:
        assert piece.alive and piece.label == starts[piece.seat] and not piece.ring
        assert piece.badge == str(piece.attribute("speed")) and piece.attribute("state") == "active"
        assert piece.note.endswith("in the sea")
    assert frame.round == 1 and frame.phase == "run 1 of 4 to the Snandergrab, bound 1: orders"
    assert (
        frame.status[0].startswith("Primus: ")
        and "orders written: none yet (secret)" in frame.status
    )


def _written(state: State, order: tuple[object, ...]) -> State:
    trial = state.clone()
    trial.apply(order)
    return trial


def test_no_order_shows_before_its_reveal(prepared: Prepared) -> None:
    state = ENGINE.new_match(prepared, MatchSpec(players=2, seed=8))
    decision = state.decision()
    assert decision is not None
    first, other = decision.options[0], decision.options[-2]
    assert first != other
    one, two = _written(state, first), _written(state, other)
    assert replay_frame(one) == replay_frame(two)  # the frame cannot tell them apart
    assert replay_frame(one) != replay_frame(state)  # ... but shows that one was written
    words = [REPLAY_WORDS.choice(state, decision, o) for o in (first, other)]
    assert words == [SECRET_ORDER, SECRET_ORDER]
    told = [[REPLAY_WORDS.event(s, e) for e in s.events[len(state.events) :]] for s in (one, two)]
    assert told[0] == told[1] and told[0][0].endswith("writes an order, secret until the reveal")


@pytest.fixture(scope="module")
def situation_map(bundled: Workspace) -> Prepared:
    """The bundled beach, as scenarios build it."""
    return beach(bundled)


def test_after_the_reveal_the_smashes_show(situation_map: Prepared) -> None:
    sc = Scenario.build(
        situation_map,
        players=["red", "blue"],
        run=1,
        bound=2,
        primus="red",
        snits=[SnitSpec("R1", "red", 5, at="B5"), SnitSpec("B1", "blue", 4, at="F5")],
    )
    sc.play_bound({"red": {"smash": ["G4", "G5", "F5"]}, "blue": "garbled"}, [])
    frame = replay_frame(sc.state)
    assert frame.counters == {label: {SMASH_MARK: 1} for label in ("F5", "G4", "G5")}
    assert "revealed last bound: Red: smash F5, G4, G5; Blue: a garbled order: nothing happens" in (
        frame.status
    )
    dead = next(p for p in frame.pieces if p.name == "B1")
    assert not dead.alive and dead.label is None and dead.note == "Blue, dead"
    assert "trophies: Red 1, Blue 0" in frame.status


def test_a_snit_on_top_wears_a_ring(situation_map: Prepared) -> None:
    sc = Scenario.build(
        situation_map,
        players=["red", "blue"],
        run=1,
        bound=2,
        snits=[
            SnitSpec("R1", "red", 5, state="on-top", at="D9"),
            SnitSpec("B1", "blue", 4, at="A5"),
        ],
    )
    piece = next(p for p in replay_frame(sc.state).pieces if p.name == "R1")
    assert piece.ring and piece.label == "D9" and "on top of the Snandergrab" in piece.note


def test_only_a_snit_smashing_match_has_a_frame() -> None:
    with pytest.raises(TypeError, match="not a Snit Smashing match"):
        replay_frame(object())


def test_a_batch_game_replays_step_by_step(prepared: Prepared) -> None:
    play = registry.playable("snit-smashing")
    assert play is not None and play.replay_frame is replay_frame
    assert play.replay_words is REPLAY_WORDS
    plan = BatchPlan(games=2, players=4, bots=("heuristic",) * 4, seed=4, digest=True)
    result = run_batch(ENGINE, prepared, plan)[1]
    replay = replay_index(ENGINE, prepared, plan, 1, frame=replay_frame, words=REPLAY_WORDS)
    assert differences(replay, result) == [] and replay.error is None
    assert all(step.frame is not None for step in replay.steps)
    orders = [step for step in replay.steps if step.kind == "order"]
    assert orders and all(step.choice_text == SECRET_ORDER for step in orders)
    for step in replay.steps:
        assert len(step.event_texts) == len(step.events)
        for event, text in zip(step.events, step.event_texts, strict=True):
            assert not text.startswith(f"{event[0]}:"), text  # every event is worded
    last = replay.steps[-1]
    assert last.frame is not None and last.frame.phase == "the game is over"
    assert last.event_texts[-1].startswith("the game is over: every run played; Snit victory:")
