"""Snails measures from event logs: deaths by cause, terrain destroyed, cards played."""

from __future__ import annotations

from typing import Any

from editor.core.engine import MatchSpec, Outcome
from editor.games.snails.metrics import METRICS, seats_of
from editor.sim.runner import BatchPlan, GameResult
from editor.sim.summary import format_summary, summarize

SPEC = MatchSpec(players=2, factions=("druids", "knights"), seed=1)

EVENTS: list[tuple[Any, ...]] = [
    ("round", 1),
    ("phase", 1, "action"),
    ("play", 0, 0, "crawl"),
    ("play", 1, 4, "bazooka"),
    ("damage", 0, 10, "attack"),
    ("destroyed", "D4", "mountain", "turnip", 1),
    ("destroyed", "D5", "meadow", "blank", 1),
    ("round", 2),
    ("play", 0, 1, "bazooka"),
    ("play", 0, 1, "bazooka"),
    ("death", 5, 1, "water", "A1"),
    ("death", 6, 1, "attack", "C3"),
    ("death", 7, 1, "fire", "C4"),
    ("round", 3),
    ("destroyed", "E5", "beach", "blank", 3),
    ("end", (0,), "last-standing"),
]


def test_one_match_is_measured_from_its_events() -> None:
    m = METRICS.measure(EVENTS, Outcome((0,), "last-standing", 3), SPEC)
    assert m == {
        "deaths": {"water": 1, "attack": 1, "fire": 1},
        "destroyed": [2, 0, 1],
        "plays": {"crawl": 1, "bazooka": 3},
        "players": {"crawl": 0b01, "bazooka": 0b11},  # seat masks
        "deaths_at": {"A1": {"water": 1}, "C3": {"attack": 1}, "C4": {"fire": 1}},
        "destroyed_at": {"D4": [1], "D5": [1], "E5": [3]},
    }


def test_per_space_measures_count_each_space_and_cause() -> None:
    events: list[tuple[Any, ...]] = [
        ("destroyed", "B2", "meadow", "blank", 0),  # dealt at set-up: counts in round 1
        ("round", 1),
        ("death", 0, 0, "water", "B2"),
        ("death", 1, 1, "water", "B2"),
        ("death", 2, 1, "attack", "B2"),
        ("round", 2),
        ("destroyed", "B2", "beach", "blank", 2),
        ("round", 4),
        ("destroyed", "C3", "beach", "blank", 4),
    ]
    m = METRICS.measure(events, Outcome((0,), "rounds", 4), SPEC)
    assert m["deaths_at"] == {"B2": {"water": 2, "attack": 1}}
    assert m["destroyed_at"] == {"B2": [1, 2], "C3": [4]}
    assert m["deaths"] == {"water": 2, "attack": 1}


def _result(
    index: int, winners: tuple[int, ...], events: list[tuple[Any, ...]], rounds: int
) -> GameResult:
    outcome = Outcome(winners, "last-standing", rounds)
    metrics = METRICS.measure(events, outcome, SPEC)
    return GameResult(index, index, SPEC.factions, winners, "last-standing", rounds, 10, metrics)


def test_matches_are_summarized_into_sections() -> None:
    short = [("round", 1), ("play", 1, 4, "bazooka"), ("death", 1, 0, "water", "B2")]
    results = [_result(0, (0,), EVENTS, 3), _result(1, (1,), short, 1)]
    sections = {s["title"]: s for s in METRICS.summarize([r.to_json() for r in results])}
    losses = {row["label"]: row["cells"] for row in sections["Snails lost"]["rows"]}
    assert losses["to water"] == {"per game": {"values": [1, 1]}, "total": {"count": 2}}
    assert losses["to attack"]["total"] == {"count": 1}
    assert losses["to fire"]["per game"] == {"values": [1, 0]}
    assert losses["in all"]["total"] == {"count": 4}
    rounds = [row["cells"] for row in sections["Tiles destroyed per round"]["rows"]]
    assert [r["per game"]["values"] for r in rounds] == [[2, 0], [0], [1]]
    cards = {row["label"]: row["cells"] for row in sections["Cards played"]["rows"]}
    assert cards["bazooka"]["plays"] == {"count": 4}
    # Seat 0 and seat 1 played it in game 0 (seat 0 won), seat 1 in game 1 (and won).
    assert cards["bazooka"]["their win rate"] == {"rate": [2, 3]}
    assert cards["crawl"]["their win rate"] == {"rate": [1, 1]}
    assert [row["label"] for row in sections["Cards played"]["rows"]] == ["bazooka", "crawl"]


def test_the_simulator_renders_the_sections() -> None:
    results = [_result(0, (0,), EVENTS, 3), _result(1, (1,), EVENTS, 3)]
    plan = BatchPlan(games=2, players=2, bots=("random", "random"), factions=SPEC.factions)
    summary = summarize(results, plan, METRICS)
    cards = next(s for s in summary["sections"] if s["title"] == "Cards played")
    bazooka = next(r for r in cards["rows"] if r["label"] == "bazooka")
    assert bazooka["cells"]["their win rate"]["rate"]["rate"] == 0.5
    assert bazooka["cells"]["per game"]["mean"]["mean"] == 3.0
    text = format_summary(summary)
    assert "Cards played" in text and "Snails lost" in text
    assert "to water" in text and "round 3" in text


def test_a_players_mask_names_its_seats() -> None:
    events: list[tuple[Any, ...]] = [("play", 3, 9, "crawl"), ("play", 0, 1, "crawl")]
    players = METRICS.measure(events, Outcome((0,), "rounds", 1), SPEC)["players"]
    assert players == {"crawl": 0b1001}
    assert seats_of(players["crawl"]) == [0, 3]
    assert seats_of(0) == []
    assert seats_of([2, 0]) == [0, 2]  # a record written before the masks
