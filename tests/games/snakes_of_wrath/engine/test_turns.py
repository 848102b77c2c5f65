"""Turns: the rack refilled after a tile, a pass, a swap of four, and the end of the game (13
points at once; the sack empty and nobody able to play; turns with no tile), ties kept."""

from __future__ import annotations

from math import comb

from editor.core.engine import MatchSpec
from editor.games.snakes_of_wrath.engine import PASS, Rules, Swap, new_match
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.engine.setup import Prepared
from tests.games.snakes_of_wrath.conftest import Build, t
from tests.games.snakes_of_wrath.engine.test_placement import RED_SNAKE, play, refused
from tests.games.snakes_of_wrath.invariants import check


def test_after_a_tile_the_rack_is_refilled_from_the_sack(rules: Rules) -> None:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=5))
    decision = st.decision()
    assert decision is not None
    placement = decision.options[0]
    bag = len(st.bag)
    st.apply(placement)
    assert len(st.racks[0]) == rules.rack and len(st.bag) == bag - 1
    assert st.events[-1] == ("draw", 0, 1) and sc.turn(st) == "blue"
    check(st)


def test_a_pass_changes_nothing_but_the_turn(build: Build) -> None:
    st = build(table=RED_SNAKE, racks={"red": [t("todd")]})
    before = sc.fingerprint(st)
    sc.pass_turn(st, "red")
    after = sc.fingerprint(st)
    assert sc.turn(st) == "blue" and st.events[-1] == ("pass", 0)
    assert before[:11] == after[:11]  # table, snakes, racks, sack, scores: as they were


def test_a_swap_draws_four_new_tiles_and_puts_four_back(rules: Rules) -> None:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=8))
    decision = st.decision()
    assert decision is not None
    swaps = [o for o in decision.options if isinstance(o, Swap)]
    assert len(swaps) == comb(rules.rack, rules.swap) and PASS in decision.options
    rack, bag = list(st.racks[0]), list(st.bag)
    back = swaps[0].tiles
    st.apply(swaps[0])
    kept = [x for x in rack if x not in back]
    assert len(st.racks[0]) == rules.rack and st.racks[0][: len(kept)] == kept
    drawn = st.racks[0][len(kept) :]
    assert set(drawn) <= set(bag) and not set(drawn) & set(back)  # four new tiles
    assert sorted(st.bag) == sorted((set(bag) - set(drawn)) | set(back))
    assert st.events[-1] == ("swap", 0, rules.swap)
    check(st)


def test_a_swap_is_of_four_tiles_of_your_rack_with_four_in_the_sack(build: Build) -> None:
    tiles = [t("head"), t("todd"), t("body", "W", "E"), t("body", "N", "E"), t("head")]
    st = build(racks={"red": tiles}, bag=10)
    refused(st, "red", sc.swap(st, "red", tiles[:3]), "swap-count")
    blue = st.racks[1]
    assert not blue
    refused(st, "red", Swap((*st.racks[0][:3], 10_000)), "not-in-rack")
    sc.act(st, "red", sc.swap(st, "red", tiles[:4]))
    st = build(racks={"red": tiles}, bag=3)
    refused(st, "red", sc.swap(st, "red", tiles[:4]), "swap-bag")
    decision = st.decision()
    assert decision is not None and not any(isinstance(o, Swap) for o in decision.options)


def test_reaching_the_target_ends_the_game_at_once(build: Build) -> None:
    st = build(table=RED_SNAKE, racks={"red": [t("head", "W")]}, scores={"red": 11, "blue": 12})
    play(st, "red", t("head", "W"), "2,0")
    assert sc.scores(st)["red"] == 13
    assert st.finished is not None and st.finished.reason == "target"
    assert sc.winner(st) == "red" and st.decision() is None and sc.turn(st) is None
    refused(st, "blue", PASS, "game-over")


def test_with_the_sack_empty_the_game_ends_when_nobody_can_play(build: Build) -> None:
    # neither injury has a body to go on: nobody can play
    racks = {"red": [t("injured", "W", "E")], "blue": [t("injured", "N", "E")]}
    st = build(racks=racks, bag=0, scores={"red": 3, "blue": 3})
    decision = st.decision()
    assert decision is not None and list(decision.options) == [PASS]
    sc.pass_turn(st, "red")
    assert st.finished is not None and st.finished.reason == "bag-empty"
    assert sc.winner(st) == ["red", "blue"]  # a tie stays a tie


def test_with_the_sack_empty_the_game_goes_on_while_someone_can_play(build: Build) -> None:
    racks = {"red": [t("injured", "W", "E")], "blue": [t("body", "W", "E")]}
    st = build(racks=racks, bag=0, scores={"red": 1})
    sc.pass_turn(st, "red")
    assert st.finished is None
    play(st, "blue", t("body", "W", "E"), "0,1")  # blue's last tile goes rogue
    assert st.finished is not None and sc.winner(st) == "red"


def test_too_many_turns_without_a_tile_end_the_game(rules: Rules, build: Build) -> None:
    st = build(racks={"red": [t("todd")], "blue": [t("todd")]}, scores={"blue": 1})
    for turn in range(rules.idle_turns):
        assert st.finished is None
        sc.pass_turn(st, rules.colours[turn % 2])
    assert st.finished is not None and st.finished.reason == "idle"
    assert sc.winner(st) == "blue"
