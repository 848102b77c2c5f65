"""Revealed cards: the legal ways to resolve one (Action options) and the resolution itself."""

from __future__ import annotations

from collections.abc import Generator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision
from editor.games.snails.engine.attacks import resolve_target, target_options
from editor.games.snails.engine.decisions import Action
from editor.games.snails.engine.effects import Ctx, run_ops

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import CardSpec
    from editor.games.snails.engine.state import State

Gen = Generator[Decision, Any, Any]

_NONE = (Action(None, (), ()),)
_new = tuple.__new__


def crawl_paths(st: State, s: int) -> list[tuple[int, ...]]:
    """Every path of up to ``crawl.moves`` steps climbing at most ``crawl.climb``; () stays."""
    moves = st.crawl_moves
    climb = st.crawl_climb
    nbrs = st.tables.nbrs
    level = st.level
    out: list[tuple[int, ...]] = [()]
    frontier: list[tuple[int, tuple[int, ...]]] = [(st.sat[s], ())]
    for _ in range(moves):
        nxt: list[tuple[int, tuple[int, ...]]] = []
        for cur, path in frontier:
            top = level[cur] + climb
            for x in nbrs[cur]:
                if level[x] <= top and st.can_enter(x, cur):
                    p = (*path, x)
                    out.append(p)
                    nxt.append((x, p))
        frontier = nxt
    return out


def refusal(st: State, p: int, s: int, card: CardSpec) -> str | None:
    """Why snail ``s`` cannot resolve ``card`` at all where it stands, or None when it may try
    (targets and paths are judged by the options). The one place these rules live: the options
    obey it, and rules examples quote it."""
    at = st.sat[s]
    name = st.snail_names[s]
    if at < 0:
        return f"{card.id}: {name} is dead"
    if not st.stack[at]:
        if card.basic == "dig":
            return f"{card.id}: {name} is on water, and Dig cannot be performed on a water space"
        if card.attack and not st.p_from_water[p]:
            return f"{card.id}: {name} is in the water, and its faction cannot attack from water"
    return None


def action_options(st: State, p: int, s: int, card: CardSpec) -> tuple[Action, ...]:
    """The legal ways to resolve ``card`` with snail ``s`` now; () when it can do nothing."""
    at = st.sat[s]
    if at < 0 or (not st.stack[at] and refusal(st, p, s, card) is not None):
        return ()
    basic = card.basic
    if basic == "crawl":
        paths = crawl_paths(st, s)
        base: tuple[Action, ...] = tuple(_new(Action, (path, (), ())) for path in paths)
    elif basic == "swap":
        most = st.swap_max
        hand = st.hand[p]
        base = tuple(
            Action(combo)
            for k in range(min(most, len(hand)) + 1)
            for combo in combinations(hand, k)
        )
    elif card.select != "none":
        base = target_options(st, p, s, card)
        if not base:
            if basic is None:
                return ()
            # a card extending dig, aim or shell still performs that action
            base = _NONE
    else:
        base = _NONE
    stay = st.p_stay[p]
    if (
        stay is not None
        and st.sshell[s]
        and basic != "shell"
        and not (st.p_stay_once[p] and stay in st.used[p])
    ):
        staying = tuple(Action(a.main, a.adjacent, (*a.use, stay)) for a in base)
        # a "may" adds the choice to stay; an ability that simply applies leaves no other
        base = base + staying if st.p_stay_optional[p] else staying
    return base


def resolve(st: State, p: int, s: int, card: CardSpec, act: Action) -> Gen:
    """Resolve a card with one of its options, then the Medic's healing."""
    # who and what causes the events of this resolution (triggers' by and cause)
    before = st.actor, st.actor_card, st.actor_snail
    st.actor, st.actor_card, st.actor_snail = p, card.id, s
    try:
        yield from _resolve(st, p, s, card, act)
    finally:
        st.actor, st.actor_card, st.actor_snail = before


def _resolve(st: State, p: int, s: int, card: CardSpec, act: Action) -> Gen:
    st.begin_action()
    origin = st.sat[s]
    stay = st.p_stay[p]
    if stay is not None and stay in act.use:
        if st.p_stay_once[p]:
            st.used[p].add(stay)
        st.events.append(("ability", p, stay))
    elif st.sshell[s] and card.basic != "shell":
        st.set_shell(s, False)
    basic = card.basic
    if basic == "crawl":
        cur = origin
        for x in act.main:
            if st.sat[s] != cur:
                break
            moved = yield from st.enter(s, x, cur, p)
            if not moved:
                break
            cur = x
    elif basic == "dig":
        yield from st.destroy(origin, "dig", p, s)
    elif basic == "aim":
        if st.stack[origin]:
            st.saim[s] += st.aim_extra
    elif basic == "shell":
        st.set_shell(s, True)
    elif basic == "swap":
        hand = st.hand[p]
        for c in act.main:
            hand.remove(c)
            st.discard.append(c)
        st.draw(p, len(act.main))
    if st.sat[s] >= 0:
        if card.select != "none":
            if act.main is not None or card.select not in ("snail", "space"):
                yield from resolve_target(st, p, s, card, act)
        elif card.effects:
            ctx = Ctx(p, s, card.id, st.sat[s])
            ctx.card = card
            yield from run_ops(st, ctx, card.effects)
    if st.medics and st.has_moved(s) and st.sat[s] >= 0:
        yield from medic_heal(st, p, s)


def medic_heal(st: State, p: int, s: int) -> Gen:
    """After an action that moved or placed snail ``s``: a Medic and a friend on one space heal;
    the Medic's player picks the friend when several are hurt."""
    medic_id = st.medic_id
    if st.medic_once and medic_id in st.used[p]:
        return
    at = st.sat[s]
    here = st.occ[at]
    own = st.s_medic[s]
    if own is not None:
        friends = [f for f in here if f != s and st.sp[f] == p and st.shp[f] < st.smax[f]]
        if friends:
            if len(friends) > 1:
                names = ", ".join(st.snail_names[f] for f in friends)
                st.about = s  # the healer, for a rules example's messages
                friend = yield Decision(p, "heal", tuple(friends), f"which friend heals: {names}")
            else:
                friend = friends[0]
            st.heal(friend, own[0])
        elif st.shp[s] < st.smax[s]:
            st.heal(s, own[1])
        else:
            return
    else:
        medics = [m for m in here if m != s and st.sp[m] == p and st.s_medic[m] is not None]
        if not medics or st.shp[s] >= st.smax[s]:
            return
        heal = st.s_medic[medics[0]]
        assert heal is not None
        st.heal(s, heal[0])
    if st.medic_once:
        st.used[p].add(medic_id)
    st.events.append(("ability", p, medic_id))
