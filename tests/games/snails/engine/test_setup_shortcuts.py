"""Set-up's shortcuts give what the plain steps give: the deal worked out once per layout, a
team's snails added at once, and the cards resolved without looking for their options."""

from __future__ import annotations

import dataclasses
import random

import pytest

from editor.core.engine import MatchSpec
from editor.games.snails.engine import ENGINE, Prepared, State
from editor.games.snails.engine.actions import action_options
from editor.games.snails.engine.chance import shuffle
from editor.games.snails.engine.decisions import plain
from editor.games.snails.engine.setup import add_snail, deal_backs, setup_players

#: The state's per-snail lists, all of which a new snail extends.
SNAIL_LISTS = (
    "snail_names",
    "sp",
    "sat",
    "shp",
    "smax",
    "sshell",
    "skind",
    "saim",
    "s_push_immune",
    "s_scout",
    "s_medic",
    "s_leader",
    "s_triggers",
    "p_snails",
)


def _plain_deal(st: State, prepared: Prepared) -> None:
    """The deal tile by tile: every pool shuffled, then each land tile (space by space, bottom
    to top) takes its pinned back or the last of its type's pool ("blank" once it is empty)."""
    pools = [list(pool) for pool in prepared.dealing.pools]
    for pool in pools:
        shuffle(st.rng, pool)
    for space, stack, fixed in prepared.dealing.land:
        backs = []
        for t, back in zip(stack, fixed, strict=True):
            if back is None:
                back = pools[t].pop() if pools[t] else "blank"
            backs.append(back)
        st.set_top(space, stack, tuple(backs))


def _with_pins(prepared: Prepared) -> Prepared:
    """The layout with some backs pinned and one tile type's stock cut short."""
    pinned = []
    for space, stack in enumerate(prepared.stacks):
        pinned.append(
            tuple("pinned-back" if (space + k) % 3 == 0 else None for k in range(len(stack)))
        )
    rules = prepared.rules
    short = dataclasses.replace(rules, stock={**rules.stock, rules.tile_ids[0]: []})
    return Prepared(short, prepared.tables, prepared.stacks, pinned=tuple(pinned))


@pytest.mark.parametrize("pins", [False, True])
def test_the_deal_worked_out_once_deals_what_a_deal_tile_by_tile_deals(
    crustacean: Prepared, pins: bool
) -> None:
    prepared = _with_pins(crustacean) if pins else crustacean
    for seed in range(5):
        ours = State(prepared.rules, prepared.tables, 4, frozenset(), seed)
        theirs = State(prepared.rules, prepared.tables, 4, frozenset(), seed)
        deal_backs(ours, prepared.dealing)
        _plain_deal(theirs, prepared)
        assert ours.backs == theirs.backs
        assert ours.stack == theirs.stack
        assert ours.level == theirs.level
        assert ours.rng.getstate() == theirs.rng.getstate()
    if pins:
        assert "blank" in {b for backs in ours.backs for b in backs}
        assert "pinned-back" in {b for backs in ours.backs for b in backs}


@pytest.mark.parametrize("modules", [frozenset(), frozenset({"specialists"})])
def test_a_team_added_at_once_is_the_snails_added_one_by_one(
    crustacean: Prepared, modules: frozenset[str]
) -> None:
    rules = crustacean.rules
    factions = sorted(rules.factions)[:4]
    ours = State(rules, crustacean.tables, 4, modules, 1)
    setup_players(ours, factions)
    theirs = State(rules, crustacean.tables, 4, modules, 1)
    setup_players(theirs, factions, with_snails=False)
    kinds = rules.module_team(modules)
    roster = ["leader"] * int(rules.param("team.leader")) + [
        kinds[i] if i < len(kinds) else "soldier" for i in range(int(rules.param("team.soldiers")))
    ]
    for p in range(4):
        for kind in roster:
            alone = kind != "soldier" and roster.count(kind) == 1
            add_snail(theirs, p, kind, f"{theirs.player_names[p]}-{kind}" if alone else "")
    for name in SNAIL_LISTS:
        assert getattr(ours, name) == getattr(theirs, name), name
    for flag in ("medics", "medic_id", "medic_once", "any_triggers", "enter_triggers"):
        assert getattr(ours, flag) == getattr(theirs, flag), flag
    assert ours.tile_triggers == theirs.tile_triggers
    assert ours.card_of == theirs.card_of
    assert ours.p_basic == theirs.p_basic
    assert len(ours.sp) == 4 * len(roster)
    if modules:
        assert ours.medics and "p1-medic" in ours.snail_names


def test_a_card_resolved_one_way_has_that_one_option(crustacean: Prepared) -> None:
    rules = crustacean.rules
    one_way = [card for card in rules.cards if card.one_way]
    assert {card.basic for card in one_way} == {"aim", "shell"}
    checked = 0
    for seed in range(6):
        st = ENGINE.new_match(crustacean, MatchSpec(4, (), frozenset({"wind"}), seed))
        rng = random.Random(seed)
        for _ in range(150):
            d = st.decision()
            if d is None:
                break
            for s, at in enumerate(st.sat):
                p = st.sp[s]
                if at < 0 or st.p_stay[p] is not None:
                    continue
                for card in one_way:
                    assert action_options(st, p, s, card) == (plain(None),)
                    checked += 1
            st.apply(d.options[rng.randrange(len(d.options))])
    assert checked > 1000
