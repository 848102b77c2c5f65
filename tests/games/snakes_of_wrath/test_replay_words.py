"""Snakes of Wrath replays in words: tile names, cells and colours, never tile numbers."""

from __future__ import annotations

import re

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.engine import Decision
from editor.games.snakes_of_wrath.engine import PASS, Place, Rules, Swap
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.engine.setup import Prepared
from editor.games.snakes_of_wrath.replay_words import choice_words, event_words
from editor.sim.replay import replay_index
from editor.sim.runner import BatchPlan
from tests.games.snakes_of_wrath.conftest import Build, t

RED_SNAKE = {
    "-1,0": t("head", "E"),
    "0,0": t("starter", "W", "E"),
    "1,0": t("body", "W", "E", colour="red"),
}


def test_a_cap_that_closes_a_snake_is_told_in_words(build: Build) -> None:
    st = build(table=RED_SNAKE, racks={"red": [t("head"), t("body", "N", "E")]})
    decision = st.decision()
    assert isinstance(decision, Decision)
    cap = sc.place(st, "red", t("head", "W"), "2,0")
    assert choice_words(st, decision, cap) == "Head at 2,0, turned a quarter"
    before = len(st.events)
    sc.act(st, "red", cap)
    said = [event_words(st, e) for e in st.events[before:]]
    assert said[0] == "red lays Head at 2,0: caps its snake"
    assert "a snake of 2 bodies closes: red scores it" in said
    assert "red scores 2 (2 in all)" in said


def test_every_kind_of_choice_and_event_is_worded(build: Build) -> None:
    st = build(table=RED_SNAKE, racks={"red": [t("body", "W", "E")] * 4 + [t("todd")]}, bag=8)
    decision = st.decision()
    assert isinstance(decision, Decision)
    tiles = tuple(sorted(st.racks[0][:4]))
    assert choice_words(st, decision, Swap(tiles)) == "swap " + ", ".join(["Body (Straight)"] * 4)
    assert choice_words(st, decision, PASS) == "pass"
    assert event_words(st, ("steal", 0, 1, 3)) == "red steals blue's snake of 3 bodies"
    assert (
        event_words(st, ("close", -1, 2, 0))
        == "a snake of 2 bodies closes, nobody's: it scores nothing"
    )
    assert event_words(st, ("close", 1, 2, 0)).endswith("injured: it scores nothing until healed")
    assert event_words(st, ("end", "bag-empty", (0, 1), (5, 5))) == (
        "the game ends (the sack is empty and nobody can play): red and blue tie"
    )
    assert event_words(st, ("mystery", 1, 2)) == "mystery: 1, 2"  # unknown: as it is


def test_a_whole_replay_reads_without_tile_numbers(rules: Rules) -> None:
    game = registry.get("snakes-of-wrath")
    assert game is not None and game.play is not None
    plan = BatchPlan(games=1, players=2, bots=("heuristic", "heuristic"), seed=2)
    played = replay_index(game.play.engine, Prepared(rules), plan, 0, words=game.play.replay_words)
    texts = [s.choice_text for s in played.steps[1:]]
    assert texts and all(texts)
    places = [s for s in played.steps[1:] if isinstance(s.choice, Place)]
    assert all(re.fullmatch(r".+ at -?\d+,-?\d+(, turned .+)?", s.choice_text) for s in places)
    events = [e for s in played.steps for e in s.event_texts]
    assert any(e.startswith(("red lays", "blue lays")) for e in events)
    assert events[-1].startswith("the game ends (a player reached the target)")
    assert not any("Place(" in e or "tile=" in e for e in [*texts, *events])
