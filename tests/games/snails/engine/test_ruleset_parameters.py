"""Every ruleset number the engine reads changes play when a designer changes it."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from typing import Any

import pytest

from editor.core.boards import Board
from editor.core.engine import IllegalChoice, MatchSpec
from editor.games.snails.engine import Prepared, Rules, State, build_rules, new_match
from editor.games.snails.engine.phases import action
from editor.games.snails.engine.rules import ContentError


def variant(rules: Rules, changes: Mapping[str, Any]) -> Rules:
    """The bundled rules with some ruleset numbers changed (dotted paths)."""
    ruleset = copy.deepcopy(rules.ruleset)
    for dotted, value in changes.items():
        *parents, last = dotted.split(".")
        node = ruleset
        for key in parents:
            node = node.setdefault(key, {})
        node[last] = value
    return build_rules(rules.content, ruleset)


def make(
    rules: Rules,
    board: Board,
    terrain: dict[str, list[str]],
    snails: dict[str, tuple[str, str]],
    players: dict[str, str | None] | None = None,
    **given: Any,
) -> State:
    players = players or {"red": None, "blue": None}
    return State.from_scenario(
        rules,
        board,
        terrain=terrain,
        players=[(name, faction, []) for name, faction in players.items()],
        snails=[(name, p, label, None, False, None) for name, (p, label) in snails.items()],
        **given,
    )


def info(st: State, name: str) -> tuple[Any, Any]:
    found = st.snail_info(name)
    return found["at"], found["health"]


# column D is a straight line: D4, D5, D6, D7 follow one another
LINE = {"D4": ["beach"], "D5": ["beach"], "D6": ["beach"], "D7": ["beach"], "D8": ["beach"]}


@pytest.mark.parametrize(("distance", "lands"), [(1, "D6"), (2, "D7"), (3, "D8")])
def test_push_distance_is_the_spaces_one_push_moves(
    rules: Rules, board: Board, distance: int, lands: str
) -> None:
    st = make(
        variant(rules, {"push.distance": distance}),
        board,
        LINE,
        {"A": ("red", "D4"), "B": ("blue", "D5")},
    )
    st.perform("A", "hit", target="B")
    assert info(st, "B") == (lands, 15)
    assert len([e for e in st.events if e[0] == "push"]) == distance


def test_a_longer_push_stops_at_the_edge(rules: Rules, board: Board) -> None:
    # two spaces with push.distance 2, but A1 is the board's edge: the second step is blocked
    st = make(
        variant(rules, {"push.distance": 2}),
        board,
        {"A1": ["beach"], "A2": ["beach"], "A3": ["beach"]},
        {"A": ("red", "A3"), "B": ("blue", "A2")},
    )
    st.perform("A", "hit", target="B")
    assert info(st, "B") == ("A1", 15)


def test_hit_push_zero_does_not_push(rules: Rules, board: Board) -> None:
    st = make(
        variant(rules, {"hit.push": 0}), board, LINE, {"A": ("red", "D4"), "B": ("blue", "D5")}
    )
    st.perform("A", "hit", target="B")
    assert info(st, "B") == ("D5", 15)


@pytest.mark.parametrize(("falling", "health"), [(0, 15), (5, 10), (3, 12)])
def test_falling_damage_per_level_dropped_when_pushed(
    rules: Rules, board: Board, falling: int, health: int
) -> None:
    # B is hit on a meadow and pushed down onto a beach: one level
    st = make(
        variant(rules, {"push.falling_damage": falling}),
        board,
        {"D4": ["beach", "meadow"], "D5": ["beach", "meadow"], "D6": ["beach"]},
        {"A": ("red", "D4"), "B": ("blue", "D5")},
    )
    st.perform("A", "hit", target="B")
    assert info(st, "B") == ("D6", health)


def test_falling_damage_counts_every_level_and_not_crawling(rules: Rules, board: Board) -> None:
    terrain = {
        "D4": ["beach", "meadow", "mountain"],
        "D5": ["beach", "meadow", "mountain"],
        "D6": ["beach"],
        "C5": ["beach"],
    }
    st = make(
        variant(rules, {"push.falling_damage": 5}),
        board,
        terrain,
        {"A": ("red", "D4"), "B": ("blue", "D5"), "C": ("blue", "D5")},
    )
    st.perform("A", "hit", target="B")
    assert info(st, "B") == ("D6", 20 - 5 - 2 * 5)  # mountain (3) to beach (1)
    st.perform("C", "crawl", path=["D6"])  # crawling down is no fall
    assert info(st, "C") == ("D6", 20)


def test_only_blocked_is_known_off_the_board(rules: Rules) -> None:
    with pytest.raises(ContentError, match=r"push.off_board: 'wrap' is not implemented"):
        variant(rules, {"push.off_board": "wrap"})
    with pytest.raises(ContentError, match=r"setup.placement: 'random' is not implemented"):
        variant(rules, {"setup.placement": "random"})


def _placements(st: State) -> list[int]:
    """Play the whole placement with the first legal space; the seat of each decision."""
    seats: list[int] = []
    while True:
        d = st.decision()
        assert d is not None
        if d.kind != "place":
            return seats
        seats.append(d.player)
        st.apply(d.options[0])


def test_setup_placement_alternate_or_by_player(rules: Rules, crustacean: Prepared) -> None:
    spec = MatchSpec(players=2, seed=3)
    alternate = new_match(crustacean, spec)
    first = alternate.first
    other = 1 - first
    assert _placements(alternate) == [first, other] * 4
    prepared = dataclasses.replace(
        crustacean, rules=variant(rules, {"setup.placement": "by-player"})
    )
    by_player = new_match(prepared, spec)
    assert by_player.first == first  # same seed, same 1st player
    assert _placements(by_player) == [first] * 4 + [other] * 4
    # leaders first either way
    placed = [e[1] for e in by_player.events if e[0] == "place"]
    assert by_player.s_leader[placed[0]] and by_player.s_leader[placed[4]]


def test_team_leader_is_the_number_of_leaders(rules: Rules, crustacean: Prepared) -> None:
    prepared = dataclasses.replace(crustacean, rules=variant(rules, {"team.leader": 2}))
    st = new_match(prepared, MatchSpec(players=2, modules=frozenset({"specialists"}), seed=1))
    mine = st.p_snails[0]
    assert len(mine) == 5
    assert [st.s_leader[s] for s in mine] == [True, True, False, False, False]
    assert [st.snail_names[s] for s in mine] == [
        "p1-leader1",
        "p1-leader2",
        "p1-grunt",
        "p1-scout",
        "p1-medic",
    ]
    assert [st.smax[s] for s in mine[:2]] == [30, 30]
    one = new_match(crustacean, MatchSpec(players=2, seed=1))
    assert one.snail_names[one.p_snails[0][0]] == "p1-leader"


def test_actions_optional_lets_a_player_pass(rules: Rules, board: Board) -> None:
    def first_action(r: Rules) -> Any:
        st = make(r, board, LINE, {"A": ("red", "D4"), "B": ("blue", "D6")})
        st.program[0] = ((st.p_basic[0]["crawl"], 0),)
        st.start(action(st))
        d = st.decision()
        assert d is not None and d.kind == "action"
        return d.options

    assert all(o.main != "pass" for o in first_action(rules))
    opts = first_action(variant(rules, {"actions.optional": True}))
    assert any(o.main == "pass" for o in opts)


def test_line_of_sight_from_water(rules: Rules, board: Board) -> None:
    def pirate_hits(r: Rules) -> State:
        st = make(
            r,
            board,
            {"D5": ["beach"]},
            {"A": ("red", "D4"), "B": ("blue", "D5")},
            players={"red": "pirates", "blue": None},
        )
        st.perform("A", "hit", target="B")
        return st

    # from the shore (level 1) a Pirate sees the beach
    assert ("damage", 1, 5, "attack") in pirate_hits(rules).events
    with pytest.raises(IllegalChoice, match="line of sight"):
        pirate_hits(variant(rules, {"line_of_sight.from_water": 0}))


@pytest.mark.parametrize(("sinking", "health"), [(False, 20), (True, 10)])
def test_water_damage_when_sinking(rules: Rules, board: Board, sinking: bool, health: int) -> None:
    st = make(
        variant(rules, {"water.damage_when_sinking": sinking}),
        board,
        {"D5": ["beach"], "D6": ["beach"]},
        {"A": ("red", "D5"), "B": ("blue", "D6")},
        contamination=3,
    )
    st.perform("A", "dig")
    assert st.terrain_at("D5") == []
    assert info(st, "A") == ("D5", health)


def test_players_min_and_max_bound_the_seats(rules: Rules, crustacean: Prepared) -> None:
    with pytest.raises(ValueError, match="played by 2 to 4 players, not 5"):
        new_match(crustacean, MatchSpec(players=5, seed=1))
    five = dataclasses.replace(crustacean, rules=variant(rules, {"players.max": 5}))
    st = new_match(five, MatchSpec(players=5, seed=1))
    assert st.n == 5 and len(st.hand) == 5
    three = dataclasses.replace(crustacean, rules=variant(rules, {"players.min": 3}))
    with pytest.raises(ValueError, match="played by 3 to 4 players, not 2"):
        new_match(three, MatchSpec(players=2, seed=1))
