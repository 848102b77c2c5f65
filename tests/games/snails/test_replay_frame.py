"""A Snails replay frame tells the board as the state's read-outs give it."""

from __future__ import annotations

import pickle

import pytest

from editor.core import registry
from editor.core.registry import FramePiece
from editor.core.workspace import load_workspace
from editor.games.snails.engine import State, compile_rules
from editor.games.snails.replay_frame import replay_frame


@pytest.fixture
def state() -> State:
    ws = load_workspace()
    rules = compile_rules(ws, ["snails-base", "snails-fire-in-the-shell"])
    return State.from_scenario(
        rules,
        ws.boards["snails-expert"],
        terrain={"D4": ["beach", "meadow"], "D5": ["beach"], "E5": ["beach"]},
        tokens={"D5": {"fire": 2}},
        damaged=["E5"],
        contamination=2,
        round=3,
        players=[("red", None, []), ("blue", None, [])],
        snails=[
            ("red-leader", "red", "D4", 12, True, None),
            ("blue-leader", "blue", "E5", None, False, None),
        ],
    )


def test_the_frame_reads_stacks_snails_tokens_and_the_sea(state: State) -> None:
    frame = replay_frame(state)
    assert frame.stacks["D4"] == ("beach", "meadow")
    assert frame.stacks["D5"] == ("beach",)
    assert frame.stacks["A1"] == ()  # water
    assert set(frame.stacks) == set(state.tables.labels)
    assert frame.counters["D5"]["fire"] == 2
    damaged = state.rules.tokens[state.rules.damaged_token].id
    assert frame.counters["E5"] == {damaged: 1}
    assert "D4" not in frame.counters
    red, blue = frame.pieces
    assert red == FramePiece(
        "red-leader",
        0,
        "D4",
        True,
        (("health", 12), ("guarded", "in its shell")),
        note="in its shell",
        badge="12",
        ring=True,
    )
    assert red.attribute("health") == 12 and red.attribute("guarded") == "in its shell"
    assert blue.seat == 1 and blue.label == "E5" and blue.alive
    assert blue.attribute("health") == state.snail_info("blue-leader")["health"]
    assert blue.badge == str(blue.attribute("health"))
    assert not blue.ring and blue.attribute("guarded") is None
    assert (frame.round, frame.phase) == (3, "action")
    assert frame.status[0].startswith("contamination: 2 (the sea deals ")


def test_the_frame_follows_the_state(state: State) -> None:
    before = replay_frame(state)
    state.kill(state.snail("blue-leader"), "attack")
    after = replay_frame(state)
    assert after.pieces[1] == FramePiece("blue-leader", 1, None, False, (("health", 0),), badge="0")
    assert "out: p2" in after.status
    assert before.pieces[1].alive


def test_registered_for_snails_and_refuses_another_games_state() -> None:
    game = registry.playable("snails")
    assert game is not None and game.replay_frame is replay_frame
    with pytest.raises(TypeError, match="not a Snails match"):
        replay_frame(object())


def test_a_frame_is_hashable_and_pickles(state: State) -> None:
    frame = replay_frame(state)
    assert pickle.loads(pickle.dumps(frame)) == frame
    assert len({*frame.pieces}) == len(frame.pieces)
