"""The engine's shortcuts give what the plain rules give: draws as random.Random makes them,
crawls and targets from precomputed tables, the deal worked out once per layout."""

from __future__ import annotations

import random

import pytest

from editor.core.engine import MatchSpec
from editor.games.snails.engine import ENGINE, Prepared, State
from editor.games.snails.engine.actions import action_options, crawl_options
from editor.games.snails.engine.chance import choice, shuffle
from editor.games.snails.engine.decisions import Action, ProgramOptions


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 64, 129, 1000])
def test_a_shuffle_draws_what_random_shuffle_draws(length: int) -> None:
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        items = list(range(length))
        expected = list(items)
        shuffle(ours, items)
        theirs.shuffle(expected)
        assert items == expected
        assert ours.getstate() == theirs.getstate()  # the generator goes on alike


@pytest.mark.parametrize("length", [1, 2, 3, 6, 17])
def test_a_choice_draws_what_random_choice_draws(length: int) -> None:
    ours, theirs = random.Random(5), random.Random(5)
    faces = tuple(range(10, 10 + length))
    assert [choice(ours, faces) for _ in range(200)] == [
        theirs.randrange(length) + 10 for _ in range(200)
    ]
    assert ours.getstate() == theirs.getstate()


def test_another_kind_of_generator_is_asked_through_its_methods() -> None:
    class Loaded(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

        def choice(self, seq: object) -> int:  # type: ignore[override]
            return 99

    items = [1, 2, 3]
    shuffle(Loaded(1), items)
    assert items == [3, 2, 1]
    assert choice(Loaded(1), (1, 2)) == 99


def _midgame(prepared: Prepared, seed: int, steps: int) -> State:
    """A match of random choices stopped after some decisions."""
    st = ENGINE.new_match(prepared, MatchSpec(4, (), frozenset(), seed))
    rng = random.Random(seed)
    for _ in range(steps):
        d = st.decision()
        if d is None:
            break
        st.apply(d.options[rng.randrange(len(d.options))])
    return st


def _paths_by_search(st: State, s: int, moves: int) -> list[tuple[int, ...]]:
    """Every crawl path, breadth first, straight from the rules (climb, room to enter)."""
    out: list[tuple[int, ...]] = [()]
    frontier = [(st.sat[s], ())]
    for _ in range(moves):
        nxt = []
        for cur, path in frontier:
            for x in st.tables.nbrs[cur]:
                if st.level[x] <= st.level[cur] + st.crawl_climb and st.can_enter(x, cur):
                    out.append((*path, x))
                    nxt.append((x, (*path, x)))
        frontier = nxt
    return out


@pytest.mark.parametrize("moves", [0, 1, 2, 3])
def test_crawls_are_every_path_the_rules_allow_in_order(crustacean: Prepared, moves: int) -> None:
    checked = 0
    for seed in range(6):
        st = _midgame(crustacean, seed, 20 + 5 * seed)
        st.crawl_moves = moves
        for s, at in enumerate(st.sat):
            if at >= 0:
                options = crawl_options(st, s)
                assert [a.main for a in options] == _paths_by_search(st, s, moves)
                assert all(a == Action(a.main) for a in options)
                checked += 1
    assert checked > 20


def _targets_by_rules(st: State, p: int, s: int, card_id: str) -> set[Action]:
    """The targets of a space card, straight from the rules: range, land, line of sight."""
    card = st.rules.card(card_id)
    at = st.sat[s]
    found = set()
    for x in range(st.tables.size):
        if not card.rmin <= st.tables.dist[at][x] <= card.rmax:
            continue
        if card.land and not st.stack[x]:
            continue
        if card.los and st.level[x] > st.sight(at):
            continue
        found.add(Action(x))
    return found


@pytest.mark.parametrize("card_id", ["bazooka", "grenade", "jetpack", "bomber", "mine"])
def test_space_targets_are_those_in_range_and_in_sight(crustacean: Prepared, card_id: str) -> None:
    for seed in range(4):
        st = _midgame(crustacean, seed, 40)
        for s, at in enumerate(st.sat):
            p = st.sp[s]
            if at < 0 or not st.stack[at] or st.p_ignore_los[p] or st.sshell[s]:
                continue
            options = action_options(st, p, s, st.rules.card(card_id))
            assert len(set(options)) == len(options)
            assert set(options) == _targets_by_rules(st, p, s, card_id)


def test_spans_are_the_rings_of_a_range(crustacean: Prepared) -> None:
    tables = crustacean.tables
    for space in (0, 17, tables.size - 1):
        for nearest, farthest in ((0, 0), (1, 3), (2, 6), (3, 40)):
            span = tables.span(space, nearest, farthest)
            assert span == tuple(
                x
                for k in range(nearest, farthest + 1)
                if k < len(tables.rings[space])
                for x in tables.rings[space][k]
            )
            assert span is tables.span(space, nearest, farthest)  # worked out once


def test_a_program_just_computed_or_checked_is_legal_and_others_are_still_checked() -> None:
    options = ProgramOptions((10, 11, 12), (0, 1), 1, 2)
    program = options[5]
    assert program in options
    assert ((10, 0), (10, 0)) not in options  # a card twice
    assert ((10, 0), (11, 1)) not in options  # two snails, one allowed
    assert ((10, 1), (12, 1)) in options
    assert program in options


def test_the_deal_is_worked_out_once_and_each_match_deals_its_own(
    crustacean: Prepared,
) -> None:
    dealing = crustacean.dealing
    assert {space for space, _, _ in dealing.land} == {
        x for x, stack in enumerate(crustacean.stacks) if stack
    }
    backs = []
    for seed in (1, 2):
        st = ENGINE.new_match(crustacean, MatchSpec(4, (), frozenset(), seed))
        assert st.stack == list(crustacean.stacks)
        backs.append(list(st.backs))
    assert backs[0] != backs[1]
    assert crustacean.dealing is dealing  # matches draw from copies of its pools
    again = ENGINE.new_match(crustacean, MatchSpec(4, (), frozenset(), 1))
    assert list(again.backs) == backs[0]


@pytest.mark.parametrize("capacity", [None, 1, 2])
def test_the_crowded_count_is_the_spaces_at_capacity(
    crustacean: Prepared, capacity: int | None
) -> None:
    crowded_seen = 0
    for seed in range(4):
        st = ENGINE.new_match(crustacean, MatchSpec(4, (), frozenset(), seed))
        if capacity is not None:
            st.capacity = capacity
        rng = random.Random(seed)
        while (d := st.decision()) is not None:
            assert st.crowded == sum(len(here) >= st.capacity for here in st.occ)
            crowded_seen += st.crowded > 0
            st.apply(d.options[rng.randrange(len(d.options))])
    if capacity is not None:
        assert crowded_seen > 0  # the count was tested with spaces full too


def test_the_climbs_dealt_are_those_worked_out_for_each_space(crustacean: Prepared) -> None:
    from editor.games.snails.engine.actions import _climbs_at

    for seed in (1, 2):
        st = ENGINE.new_match(crustacean, MatchSpec(4, (), frozenset(), seed))
        dealt = list(st.climbs)
        assert all(found is not None for found in dealt)
        st.climbs = [None] * len(dealt)
        assert [_climbs_at(st, a) for a in range(len(dealt))] == dealt


def test_the_milestones_are_the_logged_plays_deaths_tiles_rounds_and_start(
    crustacean: Prepared,
) -> None:
    from editor.games.snails.engine.state import MILESTONES
    from editor.games.snails.metrics import METRICS, tally

    for seed in range(6):
        st = ENGINE.new_match(crustacean, MatchSpec(4, (), frozenset({"wind"}), seed))
        rng = random.Random(seed)
        while (d := st.decision()) is not None:
            st.apply(d.options[rng.randrange(len(d.options))])
        outcome = st.outcome()
        assert outcome is not None
        picked = [event for event in st.events if event[0] in MILESTONES]
        assert st.milestones == picked
        assert outcome.details["milestones"] == tuple(picked)
        spec = MatchSpec(4, (), frozenset({"wind"}), seed)
        # measured from the milestones as from the whole log
        assert METRICS.measure(st.events, outcome, spec) == tally(st.events, outcome.rounds)[0]
