"""Injuring and healing: an injury on a rival's body of the exact same shape, never on armor
or a closed snake, each tile at most once; an injured snake neither grows nor closes for its
owner until healed with a body of the same shape."""

from __future__ import annotations

from editor.games.snakes_of_wrath.engine import scenario as sc
from tests.games.snakes_of_wrath.conftest import Build, t
from tests.games.snakes_of_wrath.engine.test_placement import play, refused

#: Blue's snake: a head at -1,0, the starter, a body at 1,0 and an armored body at 2,0;
#: its open end is 2,0 E.
BLUE_SNAKE = {
    "-1,0": t("head", "E"),
    "0,0": t("starter", "W", "E"),
    "1,0": t("body", "W", "E", colour="blue"),
    "2,0": t("armored", "W", "E", colour="blue"),
}
INJURIES = [t("injured", "W", "E"), t("injured", "N", "E")]


def test_an_injury_goes_on_a_rival_body_of_the_same_shape(build: Build) -> None:
    st = build(table=BLUE_SNAKE, racks={"red": INJURIES})
    refused(st, "red", sc.place(st, "red", t("injured", "N", "E"), "1,0"), "same-shape")
    # the same straight injury turned a quarter lies N-S: not the body's shape as it lies
    refused(st, "red", sc.place(st, "red", t("injured", "N", "S"), "1,0"), "same-shape")
    play(st, "red", t("injured", "W", "E"), "1,0")
    assert sc.tile(st, "1,0")["injured"] is True  # type: ignore[index]
    snake = sc.snake(st, "1,0")
    assert snake is not None and snake["injured"] and snake["owner"] == "blue"
    assert st.events[-2] == ("place", 0, "injured", "straight", "1,0", 0, "injure")


def test_armor_cannot_be_injured(build: Build) -> None:
    st = build(table=BLUE_SNAKE, racks={"red": INJURIES})
    refused(st, "red", sc.place(st, "red", t("injured", "W", "E"), "2,0"), "armored")


def test_an_injury_lies_only_on_top_of_a_body(build: Build) -> None:
    st = build(table=BLUE_SNAKE, racks={"red": INJURIES})
    refused(st, "red", sc.place(st, "red", t("injured", "W", "E"), "3,0"), "injury-on-top")
    refused(st, "red", sc.place(st, "red", t("injured", "W", "E"), "-1,0"), "injure-body")


def test_no_injury_on_your_own_snake_nor_on_a_stray(build: Build) -> None:
    own = {**BLUE_SNAKE, "1,0": t("body", "W", "E", colour="red")}
    own["2,0"] = t("armored", "W", "E", colour="red")
    st = build(table=own, racks={"red": INJURIES})
    refused(st, "red", sc.place(st, "red", t("injured", "W", "E"), "1,0"), "injure-own")
    st = build(racks={"red": INJURIES})  # the starter alone is nobody's
    refused(st, "red", sc.place(st, "red", t("injured", "W", "E"), "0,0"), "injure-stray")


def test_a_closed_snake_can_never_be_injured(build: Build) -> None:
    closed = {**BLUE_SNAKE, "3,0": t("head", "W")}
    st = build(table=closed, racks={"red": INJURIES}, scores={"blue": 3})
    assert sc.snake(st, "1,0")["closed"] is True  # type: ignore[index]
    refused(st, "red", sc.place(st, "red", t("injured", "W", "E"), "1,0"), "closed-snake")


def test_an_injured_snake_is_not_built_on_nor_closed_by_its_owner(build: Build) -> None:
    hurt = {**BLUE_SNAKE, "1,0": t("body", "W", "E", colour="blue", injured=True)}
    st = build(table=hurt, racks={"blue": [t("body", "W", "E"), t("head", "W")]}, turn="blue")
    refused(st, "blue", sc.place(st, "blue", t("body", "W", "E"), "3,0"), "injured-snake")
    refused(st, "blue", sc.place(st, "blue", t("head", "W"), "3,0"), "injured-snake")


def test_healing_with_a_body_of_the_same_shape_lets_the_owner_build_again(build: Build) -> None:
    hurt = {**BLUE_SNAKE, "1,0": t("body", "W", "E", colour="blue", injured=True)}
    blue = [t("body", "N", "E"), t("body", "W", "E"), t("head", "W")]
    st = build(table=hurt, racks={"blue": blue}, turn="blue")
    refused(st, "blue", sc.place(st, "blue", t("body", "N", "E"), "1,0"), "same-shape")
    play(st, "blue", t("body", "W", "E"), "1,0")
    tile = sc.tile(st, "1,0")
    assert tile is not None and (tile["injured"], tile["healed"]) == (False, True)
    assert sc.snake(st, "1,0")["injured"] is False  # type: ignore[index]
    sc.pass_turn(st, "red")
    play(st, "blue", t("head", "W"), "3,0")  # now blue may close it: 3 bodies
    assert sc.scores(st)["blue"] == 3


def test_you_heal_your_own_snakes_only(build: Build) -> None:
    hurt = {**BLUE_SNAKE, "1,0": t("body", "W", "E", colour="blue", injured=True)}
    st = build(table=hurt, racks={"red": [t("body", "W", "E")]})
    refused(st, "red", sc.place(st, "red", t("body", "W", "E"), "1,0"), "heal-own")


def test_a_tile_is_injured_once_and_healed_once_but_the_snake_again_elsewhere(
    build: Build,
) -> None:
    table = {
        **BLUE_SNAKE,
        "1,0": t("body", "W", "E", colour="blue", healed=True),
        "2,0": t("body", "W", "E", colour="blue"),
    }
    racks = {"red": INJURIES, "blue": [t("body", "W", "E")]}
    st = build(table=table, racks=racks)
    refused(st, "red", sc.place(st, "red", t("injured", "W", "E"), "1,0"), "once")
    play(st, "red", t("injured", "W", "E"), "2,0")  # another tile of the same snake
    refused(st, "blue", sc.place(st, "blue", t("body", "W", "E"), "1,0"), "once")
    # a body on a body that was never injured is just a taken cell
    refused(st, "blue", sc.place(st, "blue", t("body", "W", "E"), "0,0"), "occupied")
