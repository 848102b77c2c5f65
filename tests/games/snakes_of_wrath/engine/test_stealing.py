"""Stealing: a body that joins your snake to a rival's (1st way), or an open head already on
the table to a rival's snake (2nd way), makes the whole snake yours, injuries included; a
head alone never steals."""

from __future__ import annotations

from editor.games.snakes_of_wrath.engine import scenario as sc
from tests.games.snakes_of_wrath.conftest import Build, t
from tests.games.snakes_of_wrath.engine.test_placement import RED_SNAKE, play, refused

#: Blue's snake east of red's: a corner at 3,0 and a body at 3,1, its open ends 3,0 W
#: (facing 2,0, next to red's end 1,0 E) and 3,1 S.
BLUE_EAST = {
    "3,0": t("body", "W", "S", colour="blue"),
    "3,1": t("body", "N", "S", colour="blue"),
}
#: Blue's snake through the starter, its open end 1,0 E; and an open head at 2,1 whose neck
#: points up at 2,0.
BLUE_WITH_HEAD_BELOW = {
    "-1,0": t("head", "E"),
    "0,0": t("starter", "W", "E"),
    "1,0": t("body", "W", "E", colour="blue"),
    "2,1": t("head", "N"),
}


def test_a_body_joining_your_snake_to_a_rivals_steals_it(build: Build) -> None:
    st = build(table={**RED_SNAKE, **BLUE_EAST}, racks={"red": [t("body", "W", "E")]})
    play(st, "red", t("body", "W", "E"), "2,0")
    snake = sc.snake(st, "3,1")
    assert snake is not None and snake["owner"] == "red" and snake["bodies"] == 5
    assert snake["open_ends"] == ["3,1 S"]
    assert sc.tile(st, "3,0")["colour"] == "red"  # type: ignore[index]  # flipped
    assert ("steal", 0, 1, 2) in st.events
    assert st.events[-3][6] == "steal"


def test_a_body_joining_an_open_head_to_a_rivals_snake_steals_it(build: Build) -> None:
    st = build(table=BLUE_WITH_HEAD_BELOW, racks={"red": [t("body", "W", "S")]})
    play(st, "red", t("body", "W", "S"), "2,0")
    snake = sc.snake(st, "1,0")
    assert snake is not None and snake["owner"] == "red" and snake["closed"]
    assert sc.scores(st) == {"red": 3, "blue": 0}  # stolen and closed at once: 3 bodies
    assert ("steal", 0, 1, 2) in st.events


def test_a_head_alone_never_steals(build: Build) -> None:
    table = {k: v for k, v in BLUE_WITH_HEAD_BELOW.items() if k != "2,1"}
    st = build(table=table, racks={"red": [t("head", "W")]})
    refused(st, "red", sc.place(st, "red", t("head", "W"), "2,0"), "head-on-opponent")


def test_joining_a_rival_snake_to_a_stray_steals_nothing(build: Build) -> None:
    table = {**BLUE_WITH_HEAD_BELOW, "2,1": t("body", "N", "S")}  # a stray below, not a head
    st = build(table=table, racks={"red": [t("body", "W", "S")]})
    refused(st, "red", sc.place(st, "red", t("body", "W", "S"), "2,0"), "opponent-snake")


def test_a_stolen_injured_snake_must_be_healed_before_it_is_built_on(build: Build) -> None:
    table = {**RED_SNAKE, **BLUE_EAST, "3,1": t("body", "N", "S", colour="blue", injured=True)}
    red = [t("body", "W", "E"), t("body", "N", "S"), t("body", "N", "S")]
    st = build(table=table, racks={"red": red})
    play(st, "red", t("body", "W", "E"), "2,0")  # stealing an injured snake is allowed
    snake = sc.snake(st, "3,1")
    assert snake is not None and snake["owner"] == "red" and snake["injured"]
    sc.pass_turn(st, "blue")
    refused(st, "red", sc.place(st, "red", t("body", "N", "S"), "3,2"), "injured-snake")
    play(st, "red", t("body", "N", "S"), "3,1")  # heal it
    sc.pass_turn(st, "blue")
    play(st, "red", t("body", "N", "S"), "3,2")
    assert sc.snake(st, "3,2")["bodies"] == 6  # type: ignore[index]


def test_your_own_injured_snake_cannot_steal(build: Build) -> None:
    table = {**RED_SNAKE, **BLUE_EAST, "1,0": t("body", "W", "E", colour="red", injured=True)}
    st = build(table=table, racks={"red": [t("body", "W", "E")]})
    refused(st, "red", sc.place(st, "red", t("body", "W", "E"), "2,0"), "injured-snake")


def test_a_snake_stolen_closed_while_injured_scores_once_healed(build: Build) -> None:
    table = {**BLUE_WITH_HEAD_BELOW, "1,0": t("body", "W", "E", colour="blue", injured=True)}
    st = build(table=table, racks={"red": [t("body", "W", "S"), t("body", "W", "E")]})
    play(st, "red", t("body", "W", "S"), "2,0")
    snake = sc.snake(st, "1,0")
    assert snake is not None and snake["closed"] and snake["injured"] and snake["score"] == 0
    assert sc.scores(st)["red"] == 0 and ("close", 0, 3, 0) in st.events
    sc.pass_turn(st, "blue")
    play(st, "red", t("body", "W", "E"), "1,0")  # the heal completes it
    assert sc.scores(st)["red"] == 3
    assert sc.snake(st, "1,0")["score"] == 3  # type: ignore[index]
