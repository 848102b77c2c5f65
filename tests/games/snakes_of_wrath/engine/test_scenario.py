"""Situations built for rules examples: tiles told apart by their data, snakes and owners
from the table, every tile of the packs accounted for, and clear refusals."""

from __future__ import annotations

from typing import Any

import pytest

from editor.core.engine import IllegalChoice
from editor.games.snakes_of_wrath.engine import Rules
from editor.games.snakes_of_wrath.engine import scenario as sc
from tests.games.snakes_of_wrath.conftest import Build, t
from tests.games.snakes_of_wrath.engine.test_placement import RED_SNAKE
from tests.games.snakes_of_wrath.invariants import check


def test_a_situation_holds_what_it_says_and_every_other_tile_is_aside(build: Build) -> None:
    st = build(
        table={**RED_SNAKE, "0,-1": t("body", "W", "E", colour="blue", injured=True)},
        racks={"red": [t("body", "N", "E"), t("head"), t("todd")]},
        bag=40,
        scores={"red": 1, "blue": 2},
        turn="blue",
    )
    assert sc.tile(st, "1,0")["colour"] == "red"  # type: ignore[index]
    assert sc.tile(st, "0,0")["colour"] == "red"  # type: ignore[index]  # the starter, claimed
    blue = sc.snake(st, "0,-1")
    assert blue is not None and blue["owner"] == "blue" and blue["injured"]
    assert [r["tile"] for r in sc.racks(st)["red"]] == ["body", "head", "todd"]
    assert sc.racks(st)["blue"] == [] and len(st.bag) == 40
    assert sc.scores(st) == {"red": 1, "blue": 2} and sc.turn(st) == "blue"
    check(st, played=False)


def test_the_starter_lies_at_0_0_unless_the_table_says_otherwise(build: Build) -> None:
    assert sc.tile(build(), "0,0")["tile"] == "starter"  # type: ignore[index]
    st = build(table={"0,0": t("head", "E")})
    assert sc.tile(st, "0,0")["tile"] == "head" and list(sc.tiles(st)) == ["0,0"]  # type: ignore[index]
    check(st, played=False)


def test_a_bag_listed_is_drawn_in_its_order(build: Build) -> None:
    st = build(table=RED_SNAKE, racks={"red": [t("head", "W")]}, bag=[t("todd"), t("head")])
    sc.act(st, "red", sc.place(st, "red", t("head", "W"), "2,0"))
    assert [r["tile"] for r in sc.racks(st)["red"]] == ["todd", "head"]


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"table": {"1,0": t("dragon")}}, "no tile type 'dragon'"),
        ({"table": {"1,0": t("body")}}, "say which body"),
        ({"table": {"1,0": t("head")}}, "say how the head lies"),
        ({"table": {"1,0": t("body", "N", "S", "E", "W")}}, "no body tile lies like that"),
        ({"table": {"1,0": t("body", "N", "N")}}, "listed twice"),
        ({"table": {"1,0": t("body", "N", "S")}}, "path against a blank side"),
        ({"table": {"1 0": t("head", "W")}}, "x,y"),
        ({"table": {"1,0": t("head", "W", colour="green")}}, "no player is 'green'"),
        (
            {"table": {**RED_SNAKE, "2,0": t("body", "W", "E", colour="blue")}},
            "bodies of two colours",
        ),
        ({"table": {"0,1": t("body", "W", "E", injured=True)}}, "snake with an owner"),
        ({"table": {"-1,0": t("head", "E", injured=True)}}, "only a body"),
        ({"racks": {"red": [t("head")] * 9}}, "at most 8"),
        ({"racks": {"red": [t("todd")] * 4}}, "no more todd"),
        ({"bag": 1000}, "1000 tiles asked for"),
        ({"table": {"1,0": {"tile": "head", "colour": "red", "side": "W"}}}, "no key 'side'"),
    ],
)
def test_a_situation_that_cannot_be_built_is_refused_with_a_reason(
    build: Build, given: dict[str, Any], words: str
) -> None:
    with pytest.raises(sc.ScenarioError, match=words):
        build(**given)


def test_a_step_names_a_tile_of_the_rack_and_the_players_turn(build: Build) -> None:
    st = build(racks={"red": [t("head")], "blue": [t("head")]})
    with pytest.raises(IllegalChoice, match=r"no todd .* \[not-in-rack\]"):
        sc.place(st, "red", t("todd"), "1,0")
    place = sc.place(st, "blue", t("head", "W"), "1,0")
    with pytest.raises(IllegalChoice, match=r"it is red's turn \[turn\]"):
        sc.act(st, "blue", place)


def test_the_read_outs_speak_colours(rules: Rules, build: Build) -> None:
    st = build(table=RED_SNAKE)
    snake = sc.snake(st, "-1,0")
    assert snake == {
        "owner": "red",
        "closed": False,
        "injured": False,
        "open_ends": ["1,0 E"],
        "score": 0,
        "bodies": 2,
        "heads": 1,
        "loops": 0,
        "cells": ["-1,0", "0,0", "1,0"],
    }
    assert sc.snake(st, "5,5") is None and sc.tile(st, "5,5") is None
    assert sc.winner(st) is None and sc.scores(st) == dict.fromkeys(rules.colours, 0)
