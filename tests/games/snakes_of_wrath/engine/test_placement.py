"""Laying tiles: next to the table, never against a blank side; build, go rogue, cap, close,
branch and loop; Todd; the body with a head; claiming a stray. One rule a test."""

from __future__ import annotations

from collections.abc import Hashable

import pytest

from editor.core.engine import IllegalChoice, MatchSpec
from editor.games.snakes_of_wrath.engine import Place, Rules, State, new_match
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.engine.setup import Prepared
from tests.games.snakes_of_wrath.conftest import Build, t
from tests.games.snakes_of_wrath.invariants import check

#: Red's snake: a head at -1,0, the starter, a body at 1,0; its open end is 1,0 E.
RED_SNAKE = {
    "-1,0": t("head", "E"),
    "0,0": t("starter", "W", "E"),
    "1,0": t("body", "W", "E", colour="red"),
}


def refused(st: State, colour: str, choice: Hashable, code: str) -> str:
    """Apply a choice that must be refused with ``code``, the state left as it was."""
    before = sc.fingerprint(st)
    with pytest.raises(IllegalChoice, match=rf"\[{code}\]$") as caught:
        sc.act(st, colour, choice)
    assert sc.fingerprint(st) == before
    return str(caught.value)


def play(st: State, colour: str, spec: dict[str, object], at: str) -> None:
    """Lay a tile of ``colour``'s rack and check the invariants after it."""
    sc.act(st, colour, sc.place(st, colour, spec, at))
    check(st, played=False)


def test_the_starter_lies_alone_in_the_middle_and_the_racks_are_dealt(rules: Rules) -> None:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=3))
    assert list(sc.tiles(st)) == ["0,0"]
    assert sc.tile(st, "0,0") == {
        "tile": "starter",
        "shape": "straight",
        "turn": 0,
        "sides": ["E", "W"],
        "body": ["E", "W"],
        "head": None,
        "colour": None,
        "injured": False,
        "healed": False,
        "played_by": None,
    }
    snake = sc.snake(st, "0,0")
    assert snake is not None and snake["owner"] is None and snake["open_ends"] == ["0,0 E", "0,0 W"]
    assert [len(r) for r in st.racks] == [8, 8]
    assert len(st.bag) == len(rules.box) - 1 - 16
    assert sc.turn(st) == "red" and st.events[0] == ("start", 0)
    check(st)


def test_a_tile_goes_next_to_a_tile_on_the_table(build: Build) -> None:
    st = build(racks={"red": [t("body", "W", "E")]})
    refused(st, "red", sc.place(st, "red", t("body", "W", "E"), "5,5"), "not-adjacent")
    # touching only a corner of the starter is not next to it
    refused(st, "red", sc.place(st, "red", t("body", "W", "E"), "1,1"), "not-adjacent")


def test_a_path_never_leaves_against_a_blank_side_nor_blocks_an_open_end(build: Build) -> None:
    st = build(racks={"red": [t("body", "N", "S"), t("todd")]})
    # its N path would meet the starter's blank S side
    message = refused(st, "red", sc.place(st, "red", t("body", "N", "S"), "0,1"), "blocked-end")
    assert "blank side of 0,0" in message
    # its blank W side would block the starter's open end E
    message = refused(st, "red", sc.place(st, "red", t("body", "N", "S"), "1,0"), "blocked-end")
    assert "open end of 0,0" in message
    refused(st, "red", sc.place(st, "red", t("todd"), "-1,0"), "blocked-end")


def test_a_tile_joined_to_no_snake_goes_rogue(build: Build) -> None:
    st = build(racks={"red": [t("body", "W", "E"), t("head", "E")]})
    play(st, "red", t("body", "W", "E"), "0,1")  # blank against blank: beside, not joined
    stray = sc.snake(st, "0,1")
    assert stray is not None and stray["owner"] is None and stray["bodies"] == 1
    assert sc.tile(st, "0,1")["colour"] == "red"  # type: ignore[index]  # played by red
    assert st.events[-2][6] == "rogue"


def test_a_body_next_to_a_head_starts_a_snake_and_then_grows_it(build: Build) -> None:
    table = {"0,-1": t("head", "N")}  # a head waiting above the starter, its neck up
    st = build(table=table, racks={"red": [t("body", "E", "S"), t("body", "W", "E")]})
    play(st, "red", t("body", "E", "S"), "0,-2")
    snake = sc.snake(st, "0,-2")
    assert snake is not None and snake["owner"] == "red" and snake["open_ends"] == ["0,-2 E"]
    assert ("place", 0, "body", "corner", "0,-2", 1, "start") in st.events
    sc.pass_turn(st, "blue")
    play(st, "red", t("body", "W", "E"), "1,-2")
    snake = sc.snake(st, "1,-2")
    assert snake is not None and snake["owner"] == "red" and snake["bodies"] == 2
    assert snake["open_ends"] == ["1,-2 E"] and st.events[-2][6] == "build"


def test_you_cannot_add_to_your_opponents_snake_nor_block_its_end(build: Build) -> None:
    table = {**RED_SNAKE, "1,0": t("body", "W", "E", colour="blue")}
    st = build(table=table, racks={"red": [t("body", "W", "E"), t("todd")]})
    refused(st, "red", sc.place(st, "red", t("body", "W", "E"), "2,0"), "opponent-snake")
    refused(st, "red", sc.place(st, "red", t("todd"), "2,0"), "blocked-end")


def test_a_head_on_the_last_open_end_closes_the_snake_and_scores_its_bodies(build: Build) -> None:
    st = build(table=RED_SNAKE, racks={"red": [t("head", "W")]})
    play(st, "red", t("head", "W"), "2,0")
    snake = sc.snake(st, "0,0")
    assert snake is not None
    assert (snake["closed"], snake["score"], snake["bodies"], snake["heads"]) == (True, 2, 2, 2)
    assert sc.scores(st) == {"red": 2, "blue": 0}
    assert ("close", 0, 2, 2) in st.events and ("score", 0, 2, 2) in st.events


def test_a_snake_is_never_closed_with_fewer_than_two_bodies(build: Build) -> None:
    table = {
        "5,0": t("head", "E"),
        "6,0": t("body", "W", "E", colour="red"),
        "0,-1": t("head", "N"),
    }
    st = build(table=table, racks={"red": [t("head", "W"), t("head", "S")]})
    refused(st, "red", sc.place(st, "red", t("head", "W"), "7,0"), "too-short")
    # a head against a head closes a snake of no body at all
    refused(st, "red", sc.place(st, "red", t("head", "S"), "0,-2"), "too-short")


def test_a_snake_that_loops_into_itself_closes(build: Build) -> None:
    ring = {
        "5,0": t("body", "E", "S", colour="red"),
        "6,0": t("body", "S", "W", colour="red"),
        "6,1": t("body", "W", "N", colour="red"),
    }
    st = build(table=ring, racks={"red": [t("body", "N", "E")]})
    play(st, "red", t("body", "N", "E"), "5,1")
    snake = sc.snake(st, "5,1")
    assert snake is not None
    assert (snake["closed"], snake["loops"], snake["heads"], snake["score"]) == (True, 1, 0, 4)
    assert sc.scores(st)["red"] == 4


def test_a_branching_snake_closes_only_when_every_end_is_capped(build: Build) -> None:
    table = {
        "4,0": t("head", "E"),
        "5,0": t("body", "W", "E", colour="red"),
        "6,0": t("body", "W", "N", "E", colour="red"),
    }
    st = build(table=table, racks={"red": [t("head", "W"), t("head", "S")]})
    assert sc.snake(st, "6,0")["open_ends"] == ["6,0 N", "6,0 E"]  # type: ignore[index]
    play(st, "red", t("head", "W"), "7,0")
    assert sc.snake(st, "6,0")["closed"] is False  # type: ignore[index]
    sc.pass_turn(st, "blue")
    play(st, "red", t("head", "S"), "6,-1")
    snake = sc.snake(st, "6,0")
    assert snake is not None and snake["closed"] and snake["heads"] == 3 and snake["score"] == 2


def test_a_head_on_a_stray_body_claims_it_for_its_player(build: Build) -> None:
    st = build(racks={"blue": [t("body", "W", "E")], "red": [t("head", "W")]}, turn="blue")
    play(st, "blue", t("body", "W", "E"), "0,1")  # blue's stray, shown in blue
    assert sc.tile(st, "0,1")["colour"] == "blue"  # type: ignore[index]
    play(st, "red", t("head", "W"), "1,1")
    snake = sc.snake(st, "0,1")
    assert snake is not None and snake["owner"] == "red"
    assert sc.tile(st, "0,1")["colour"] == "red"  # type: ignore[index]  # flipped
    assert ("claim", 0, 1) in st.events


def test_todd_scores_a_point_wherever_it_blocks_no_path(build: Build) -> None:
    st = build(racks={"red": [t("todd")]}, scores={"red": 4})
    play(st, "red", t("todd"), "0,1")
    assert sc.scores(st)["red"] == 5
    assert sc.snake(st, "0,1") is None  # Todd is no snake
    assert sc.tile(st, "0,1")["colour"] == "red"  # type: ignore[index]


def test_a_body_with_a_head_builds_on_and_leaves_a_head_anyone_may_build_off(
    build: Build,
) -> None:
    st = build(
        table=RED_SNAKE,
        racks={"red": [t("body-head", "W", "E", "S", head="S")], "blue": [t("body", "N", "S")]},
    )
    play(st, "red", t("body-head", "W", "E", "S", head="S"), "2,0")
    assert st.events[-2][6] == "build+head"
    red = sc.snake(st, "2,0")
    head = sc.snake(st, "2,0", head=True)
    assert red is not None and red["owner"] == "red" and red["open_ends"] == ["2,0 E"]
    assert head is not None and head["owner"] is None and head["open_ends"] == ["2,0 S"]
    play(st, "blue", t("body", "N", "S"), "2,1")  # blue starts a snake off red's head
    blue = sc.snake(st, "2,1")
    assert blue is not None and blue["owner"] == "blue" and blue["open_ends"] == ["2,1 S"]
    assert sc.snake(st, "1,0")["owner"] == "red"  # type: ignore[index]


def test_the_options_are_the_legal_placements_and_each_one_applies(build: Build) -> None:
    st = build(table=RED_SNAKE, racks={"red": [t("body", "W", "E"), t("head", "W"), t("todd")]})
    decision = st.decision()
    assert decision is not None and decision.kind == "turn"
    places = [o for o in decision.options if isinstance(o, Place)]
    assert places and len(set(places)) == len(places)
    # the head closes red's snake at 2,0; a body there builds on it
    assert sc.place(st, "red", t("head", "W"), "2,0") in decision.options
    assert sc.place(st, "red", t("body", "W", "E"), "2,0") in decision.options
    # a straight turned twice lies as it did: the same option
    body = sc.place(st, "red", t("body", "W", "E"), "2,0")
    assert body._replace(turn=2) in decision.options
    assert sc.place(st, "red", t("todd"), "2,0") not in decision.options
    for option in places:
        fresh = build(
            table=RED_SNAKE, racks={"red": [t("body", "W", "E"), t("head", "W"), t("todd")]}
        )
        sc.act(fresh, "red", option)
        check(fresh, played=False)
