"""Whole matches through decision()/apply(): random games end, replay from their seed, keep
programs secret and refuse illegal choices without changing anything."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from editor.core.engine import IllegalChoice, MatchSpec
from editor.core.workspace import Workspace
from editor.games.snails.engine import ENGINE, Prepared, ProgramOptions, State

BOTH = frozenset({"specialists", "wind"})


def play_random(st: State, seed: int) -> list[object]:
    """Play a match to its end with uniformly random legal choices; the choices made."""
    rng = random.Random(seed)
    choices: list[object] = []
    while (d := st.decision()) is not None:
        choice = d.options[rng.randrange(len(d.options))]
        choices.append(choice)
        st.apply(choice)
    return choices


def check_invariants(st: State) -> None:
    """Health in bounds, the dead off the board, stacks and occupancy consistent."""
    for s, at in enumerate(st.sat):
        if at >= 0:
            assert 0 < st.shp[s] <= st.smax[s]
            assert s in st.occ[at]
        else:
            assert st.shp[s] == 0 or st.phase == "setup"
    for space, here in enumerate(st.occ):
        assert len(here) <= st.capacity
        assert all(st.sat[s] == space for s in here)
        if not st.stack[space]:
            assert all(row[space] == 0 for row in st.tok)


@pytest.mark.parametrize("seed", range(12))
def test_random_four_player_games_end_with_winners(crustacean: Prepared, seed: int) -> None:
    factions = tuple(random.Random(seed).sample(sorted(crustacean.rules.factions), 4))
    st = ENGINE.new_match(crustacean, MatchSpec(4, factions, BOTH, seed))
    rng = random.Random(seed)
    steps = 0
    while (d := st.decision()) is not None:
        st.apply(d.options[rng.randrange(len(d.options))])
        steps += 1
        if steps % 7 == 0:
            check_invariants(st)
    check_invariants(st)
    out = st.outcome()
    assert out is not None and out.winners
    assert out.reason in ("last-standing", "rounds", "all-eliminated")
    assert st.events[-1] == ("end", out.winners, out.reason)
    if out.reason == "rounds":
        assert out.rounds == 6
    else:
        assert sum(1 for p in range(4) if not st.out[p]) <= 1


@pytest.mark.parametrize("players", [2, 3])
def test_fewer_players_and_no_modules(crustacean: Prepared, players: int) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(players, (), frozenset(), 5))
    play_random(st, 5)
    assert st.outcome() is not None
    assert st.wind is None
    assert all(kind == "soldier" for kind in st.skind[1:4])


def test_same_seed_and_choices_give_the_same_log(crustacean: Prepared) -> None:
    spec = MatchSpec(4, ("knights", "druids", "cyborgs", "mobsters"), BOTH, 42)
    first = ENGINE.new_match(crustacean, spec)
    choices = play_random(first, 7)
    second = ENGINE.new_match(crustacean, spec)
    for choice in choices:
        second.apply(choice)
    assert second.decision() is None
    assert second.events == first.events
    other = ENGINE.new_match(crustacean, MatchSpec(4, spec.factions, BOTH, 43))
    play_random(other, 7)
    assert other.events != first.events


def test_setup_deals_the_layout_and_the_whole_stock(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(2, (), BOTH, 3))
    layout_tiles = sum(len(stack) for stack in crustacean.stacks)
    assert sum(len(stack) for stack in st.stack) == layout_tiles == 48
    dealt = [back for backs in st.backs for back in backs]
    assert dealt.count("twin-barrels") == 3 and dealt.count("salt-deposits") == 2
    assert dealt.count("blank") == 48 - 12
    labels = crustacean.tables.labels
    assert st.wind_space in crustacean.tables.border and not st.stack[st.wind_space]
    assert st.wind in ("N", "NE", "SE", "S", "SW", "NW")
    assert st.skind[:4] == ["leader", "grunt", "scout", "medic"]
    assert st.shp[:4] == [30, 20, 20, 20]
    assert [len(h) for h in st.hand] == [2, 2]
    d = st.decision()
    assert d is not None and d.kind == "place" and d.player == st.first
    assert all(st.stack[x] for x in d.options)
    assert {labels[x] for x in d.options} == {
        st.tables.labels[x] for x in range(len(labels)) if st.stack[x]
    }


def test_mobsters_draw_an_extra_card_at_setup(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(2, ("mobsters", "knights"), frozenset(), 1))
    assert [len(h) for h in st.hand] == [3, 2]


def _to_planning(st: State, rng: random.Random) -> None:
    while (d := st.decision()) is not None and d.kind != "program":
        st.apply(d.options[rng.randrange(len(d.options))])


def test_programs_stay_secret_until_revealed(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(2, ("pirates", "druids"), frozenset(), 11))
    rng = random.Random(1)
    _to_planning(st, rng)
    d = st.decision()
    assert d is not None
    first = d.player
    other = 1 - first
    st.apply(d.options[rng.randrange(len(d.options))])
    mine = st.view(first)
    theirs = st.view(other)
    assert mine.program == st.program[first]
    assert theirs.program is None
    assert theirs.revealed[first] == ()
    assert theirs.hand == tuple(st.hand[other])
    assert theirs.hand_sizes[first] == len(st.hand[first])
    assert not hasattr(theirs, "deck")
    d = st.decision()
    assert d is not None and d.kind == "program" and d.player == other
    st.apply(d.options[0])
    # the first revealed slot becomes visible to the other player
    while st.revealed[first] == 0:
        d = st.decision()
        assert d is not None
        st.apply(d.options[0])
    program = st.program[first]
    assert program is not None
    assert st.view(other).revealed[first] == program[: st.revealed[first]]


def test_illegal_choices_are_refused_and_change_nothing(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(3, (), BOTH, 9))
    rng = random.Random(9)
    kinds_seen = set()
    for _ in range(200):
        d = st.decision()
        if d is None:
            break
        before = (
            list(st.events),
            [list(h) for h in st.hand],
            list(st.sat),
            list(st.shp),
            st.rng.getstate(),
        )
        for bad in ("nonsense", -5, (1, 2, 3), None):
            if bad in d.options:
                continue
            with pytest.raises(IllegalChoice, match="not a legal"):
                st.apply(bad)
        assert (
            list(st.events),
            [list(h) for h in st.hand],
            list(st.sat),
            list(st.shp),
            st.rng.getstate(),
        ) == before
        assert st.decision() is d
        kinds_seen.add(d.kind)
        st.apply(d.options[rng.randrange(len(d.options))])
    assert {"place", "program", "action"} <= kinds_seen


def test_program_options_index_and_membership_agree() -> None:
    opts = ProgramOptions((10, 11, 12, 13, 14, 15, 16), (0, 1, 2, 3), 2, 5)
    # 4 one-snail patterns + 6 pairs * 30 mixed patterns, times 7*6*5*4*3 orderings
    assert len(opts) == (4 + 6 * 30) * 2520
    rng = random.Random(0)
    seen = set()
    for i in rng.sample(range(len(opts)), 300):
        prog = opts[i]
        assert prog in opts
        assert len({c for c, _ in prog}) == 5
        assert len({s for _, s in prog}) <= 2
        seen.add(prog)
    assert len(seen) == 300  # distinct indices give distinct programs
    assert opts[0] != opts[1] and opts[-1] == opts[len(opts) - 1]
    assert ((10, 0), (10, 0), (11, 0), (12, 0), (13, 0)) not in opts
    assert ((10, 0), (11, 1), (12, 2), (13, 0), (14, 0)) not in opts
    assert ((10, 0), (11, 1), (12, 1), (13, 0), (99, 0)) not in opts
    assert ((10, 0), (11, 1), (12, 1), (13, 0), (14, 0)) in opts
    single = ProgramOptions((1, 2, 3, 4, 5, 6), (7,), 2, 5)
    assert len(single) == 720 and all(s == 7 for _, s in single[5])


def test_cards_are_in_exactly_one_place(crustacean: Prepared) -> None:
    st = ENGINE.new_match(
        crustacean, MatchSpec(4, ("mobsters", "pirates", "knights", "druids"), BOTH, 21)
    )
    rng = random.Random(2)
    arsenal = len(crustacean.rules.arsenal)
    while (d := st.decision()) is not None:
        st.apply(d.options[rng.randrange(len(d.options))])
        places = st.deck + st.discard + st.played + [c for h in st.hand for c in h]
        assert len(places) == len(set(places)) == arsenal


def test_prepared_content_pickles_and_replays_identically(crustacean: Prepared) -> None:
    import pickle

    copy = pickle.loads(pickle.dumps(crustacean))
    assert copy.rules.card_index == crustacean.rules.card_index
    spec = MatchSpec(4, ("pirates", "druids", "cyborgs", "knights"), BOTH, 77)
    first = ENGINE.new_match(crustacean, spec)
    choices = play_random(first, 3)
    second = ENGINE.new_match(copy, spec)
    for choice in choices:
        second.apply(choice)
    assert second.events == first.events


def test_program_index_is_the_inverse_of_indexing() -> None:
    opts = ProgramOptions((3, 5, 8, 9, 11, 12), (0, 2, 3), 2, 5)
    rng = random.Random(5)
    for i in rng.sample(range(len(opts)), 200):
        assert opts.index(opts[i]) == i
    assert opts.cards == (3, 5, 8, 9, 11, 12) and opts.snails == (0, 2, 3) and opts.most == 2
    with pytest.raises(ValueError, match="not a legal program"):
        opts.index(((3, 0),))


def test_a_view_names_its_own_cards(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(2, ("knights", "druids"), frozenset(), 8))
    view = st.view(0)
    own = view.own_cards
    assert set(own) == {"crawl", "dig", "hit", "aim", "shell", "swap", "shield-bash"}
    assert {view.card_id(c) for c in own.values()} == set(own)
    assert st.view(1).own_cards["rockslide"] != own["shield-bash"]


def test_bad_match_specs_are_refused(crustacean: Prepared) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        ENGINE.new_match(crustacean, MatchSpec(5))
    with pytest.raises(ValueError, match="unknown faction 'vikings'"):
        ENGINE.new_match(crustacean, MatchSpec(2, ("vikings",)))
    with pytest.raises(ValueError, match="unknown module"):
        ENGINE.new_match(crustacean, MatchSpec(2, (), frozenset({"tides"})))
    tiny = Prepared(
        crustacean.rules, crustacean.tables, ((0,),) + ((),) * (crustacean.tables.size - 1)
    )
    with pytest.raises(ValueError, match="land holds 3 snails"):
        ENGINE.new_match(tiny, MatchSpec(2))


def test_layout_pins_backs_lays_tokens_and_limits_start_spaces(ws: Workspace) -> None:
    layout = ws.layouts["crustacean"]
    pinned = replace(
        layout,
        fields={
            "backs": {"E2": (None, "eggshells", "salt-deposits"), "B4": ("twin-barrels",)},
            "tokens": {"D4": {"fire": 2}},
            "starts": ("B4", "C4", "C5", "D7", "E6", "G6"),
        },
    )
    prepared = ENGINE.prepare(ws, pinned)
    for seed in range(5):
        st = ENGINE.new_match(prepared, MatchSpec(4, (), BOTH, seed))
        labels = st.tables.labels
        e2 = st.tables.index["E2"]
        assert st.backs[e2][1:] == ("eggshells", "salt-deposits")
        assert st.backs[st.tables.index["B4"]] == ("twin-barrels",)
        dealt = [back for backs in st.backs for back in backs]
        assert dealt.count("salt-deposits") == 2 and dealt.count("twin-barrels") == 3
        assert st.tokens_at("D4")["fire"] == 2
        d = st.decision()
        assert d is not None and {labels[x] for x in d.options} == set(pinned.value("starts"))
        play_random(st, seed)
        placed = [e[2] for e in st.events if e[0] == "place"]
        assert len(placed) == 16 and set(placed) <= set(pinned.value("starts"))


def test_the_wind_needs_an_empty_border_space(crustacean: Prepared) -> None:
    tables = crustacean.tables
    border = set(tables.border)
    # the crustacean's land, plus a beach on every water space of the board's edge
    stacks = tuple(
        stack or ((0,) if x in border else ()) for x, stack in enumerate(crustacean.stacks)
    )
    walled = replace(crustacean, stacks=stacks)
    ENGINE.new_match(walled, MatchSpec(2, (), frozenset(), 1))  # no wind: fine
    with pytest.raises(ValueError, match="Wind module needs an empty border space"):
        ENGINE.new_match(walled, MatchSpec(2, (), frozenset({"wind"}), 1))
    # one water space on the edge is enough, and the compass rose goes there
    (free,) = [x for x in sorted(border) if not crustacean.stacks[x]][:1]
    opened = replace(walled, stacks=tuple(() if x == free else s for x, s in enumerate(stacks)))
    st = ENGINE.new_match(opened, MatchSpec(2, (), frozenset({"wind"}), 1))
    assert st.wind_space == free and st.wind is not None
