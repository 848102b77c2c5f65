"""Snails replays in words: names and labels instead of the engine's numbers."""

from __future__ import annotations

from typing import Any

import pytest

from editor.core import registry
from editor.core.engine import Decision
from editor.core.workspace import load_workspace
from editor.games.snails.engine import ENGINE, Action, State, compile_rules
from editor.games.snails.replay_words import REPLAY_WORDS, choice_words, event_words
from editor.sim.replay import replay_index
from editor.sim.runner import BatchPlan


@pytest.fixture(scope="module")
def ws() -> Any:
    return load_workspace()


@pytest.fixture
def state(ws: Any) -> State:
    rules = compile_rules(ws, ["snails-base", "snails-fire-in-the-shell"])
    return State.from_scenario(
        rules,
        ws.boards["snails-expert"],
        terrain={"D4": ["beach", "meadow"], "D5": ["beach"], "E5": ["beach"]},
        players=[("red", None, []), ("blue", None, [])],
        snails=[
            ("red-leader", "red", "D4", None, False, None),
            ("blue-leader", "blue", "E5", None, False, None),
        ],
    )


def test_events_name_snails_seats_and_spaces(state: State) -> None:
    assert event_words(state, ("damage", 1, 10, "water")) == "blue-leader takes 10 damage (water)"
    assert event_words(state, ("death", 0, 0, "attack", "D4")) == (
        "red-leader (red) dies of attack on D4"
    )
    assert event_words(state, ("move", 0, "D4", "D5")) == "red-leader moves from D4 to D5"
    assert event_words(state, ("place", 1, "E5")) == "blue-leader starts on E5"
    assert event_words(state, ("end", (1,), "last-standing")) == (
        "the game ends (last-standing): blue won"
    )
    assert event_words(state, ("destroyed", "D5", "beach", "blank", 2)) == (
        "D5 loses its beach tile (back: blank)"
    )
    # what the wording does not know is written as it is
    assert event_words(state, ("novel", 1, "x")) == "novel: 1, x"
    assert event_words(state, ("damage", 1)) == "damage: 1"


def test_choices_name_spaces_snails_and_paths(state: State) -> None:
    d5 = state.space("D5")
    e5 = state.space("E5")
    assert choice_words(state, Decision(0, "place", (d5,)), d5) == "D5"
    assert choice_words(state, Decision(0, "capacity", (1,)), 1) == "blue-leader"
    assert choice_words(state, Decision(0, "again", (True, False)), False) == "no"
    assert choice_words(state, Decision(0, "ability", (None, d5)), None) == "none"
    assert choice_words(state, Decision(0, "ability", (None, d5)), d5) == "D5"
    path = Action((d5, e5))
    assert choice_words(state, Decision(0, "action", (path,)), path) == "crawl D5 → E5"
    assert choice_words(state, Decision(0, "action", ()), Action("pass")) == "pass"
    carried = Decision(0, "wind-adjacent", ((d5,), (e5,)))
    assert choice_words(state, carried, (e5,)) == "also E5"


def test_a_replayed_match_reads_in_words() -> None:
    ws = load_workspace()
    prepared = ENGINE.prepare(ws, ws.layouts["crustacean"])
    plan = BatchPlan(games=1, players=2, bots=("heuristic", "random"), seed=5)
    played = replay_index(ENGINE, prepared, plan, 0, words=REPLAY_WORDS)
    first = played.steps[1]
    assert first.kind == "place"
    place = next(e for e in first.events if e[0] == "place")
    assert first.choice_text == place[2]  # the space chosen is the space the snail starts on
    told = dict(zip(first.events, first.event_texts, strict=True))
    assert told[place].endswith(f"starts on {place[2]}")
    programs = [s for s in played.steps if s.kind == "program"]
    assert programs and " for p" in programs[0].choice_text
    every = [t for s in played.steps for t in s.event_texts]
    assert len(every) == sum(len(s.events) for s in played.steps)
    assert every[-1].startswith("the game ends (")


def test_registered_for_snails() -> None:
    game = registry.playable("snails")
    assert game is not None and game.replay_words is REPLAY_WORDS
