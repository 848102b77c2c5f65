"""Revealed cards: the legal ways to resolve one (Action options) and the resolution itself."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from itertools import combinations, compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision
from editor.games.snails.engine.attacks import resolve_target, target_options
from editor.games.snails.engine.decisions import PLAIN, Action, plain
from editor.games.snails.engine.effects import Ctx, run_ops

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import CardSpec
    from editor.games.snails.engine.state import Climbs, State
    from editor.games.snails.engine.tables import BoardTables

Gen = Generator[Decision, Any, Any]
#: Per space: (the space a crawl steps onto, that crawl as an option), for each neighbour.
_Steps = tuple[tuple[tuple[int, Action], ...], ...]

_NONE = (plain(None),)
_STAY = plain(())


def crawl_options(st: State, s: int) -> list[Action]:
    """Every crawl of up to ``crawl.moves`` steps climbing at most ``crawl.climb``, as options
    (their main choice is the path; () stays), shortest first."""
    moves = st.crawl_moves
    if moves > 2:
        return _longer_crawls(st, s)
    out = [_STAY]
    if moves < 1:
        return out
    occ = st.occ
    capacity = st.capacity
    at = st.sat[s]
    tables = st.tables
    if st.crowded == 0 or max(map(len, map(occ.__getitem__, tables.span(at, 0, moves)))) < capacity:
        # room on every space in reach, its own too (the common case): every step the levels
        # allow, as worked out for the levels around each space (once per board and levels)
        climbs = st.climbs
        xs, ones, _ = climbs[at] or _climbs_at(st, at)
        out += ones
        if moves == 2:
            for x in xs:
                out += (climbs[x] or _climbs_at(st, x))[2]
        return out
    can_enter = st.can_enter
    level = st.level
    climb = st.crawl_climb
    firsts, seconds = st.tables.derived("crawl steps", _crawl_steps)
    top = level[at] + climb
    entered = []
    for x, act in firsts[at]:
        # room on the space, or a snail there to push on
        if level[x] <= top and (len(occ[x]) < capacity or can_enter(x, at)):
            out.append(act)
            entered.append(x)
    if moves == 2:
        for x in entered:
            top = level[x] + climb
            out += [
                act
                for y, act in seconds[x]
                if level[y] <= top and (len(occ[y]) < capacity or can_enter(y, x))
            ]
    return out


#: Per (space, highest level a crawl from it may climb to, its neighbours' levels): the
#: neighbours it may climb to, the crawls of that one step, and the two-step crawls starting
#: with a step onto that space.
_Climbs = dict[tuple[int, ...], "Climbs"]


#: Per space: what reads its neighbours' levels (in the order of ``nbrs``) as a tuple.
_Around = tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]


def _new_climbs(tables: BoardTables) -> tuple[_Climbs, _Around]:
    """The board's climbs (none known yet), and per space an ``itemgetter`` of its neighbours
    (one call into C for their levels), or for a space with fewer than two, a function that
    gives a tuple all the same."""
    around = tuple(itemgetter(*nbrs) if len(nbrs) > 1 else _Few(nbrs) for nbrs in tables.nbrs)
    return {}, around


class _Few:
    """The levels of fewer than two neighbours, as a tuple (an itemgetter of one item gives
    the item itself)."""

    def __init__(self, nbrs: tuple[int, ...]) -> None:
        self.nbrs = nbrs

    def __call__(self, level: Sequence[int]) -> tuple[int, ...]:
        return tuple([level[x] for x in self.nbrs])


def _climbs_at(st: State, a: int) -> Climbs:
    """The climbs of space ``a`` for the levels around it now, kept in ``st.climbs`` until
    one of those levels changes (``terrain.set_top``)."""
    level = st.level
    known, around = st.tables.derived("climbs", _new_climbs)
    key = (a, level[a] + st.crawl_climb, *around[a](level))
    found = st.climbs[a] = known.get(key) or _climbs(st, key)
    return found


def dealt_climbs(st: State, levels: tuple[int, ...]) -> tuple[Climbs, ...]:
    """Every space's climbs for ``levels``: the levels every match of a layout starts with
    (the deal's, ``setup.Dealing.levels``), so worked out once per board, not per match."""
    kept: dict[int, tuple[tuple[int, ...], tuple[Climbs, ...]]]
    kept = st.tables.derived("dealt climbs", _new_dealt)
    climb = st.crawl_climb
    found = kept.get(climb)
    if found is None or (found[0] is not levels and found[0] != levels):
        known, around = st.tables.derived("climbs", _new_climbs)
        keys = [(a, levels[a] + climb, *around[a](levels)) for a in range(len(levels))]
        found = kept[climb] = (levels, tuple([known.get(key) or _climbs(st, key) for key in keys]))
    return found[1]


def _new_dealt(tables: BoardTables) -> dict[int, tuple[tuple[int, ...], tuple[Climbs, ...]]]:
    return {}


def _climbs(st: State, key: tuple[int, ...]) -> Climbs:
    """The climbs of ``key`` (see ``_Climbs``), worked out and kept."""
    a, top = key[0], key[1]
    firsts, seconds = st.tables.derived("crawl steps", _crawl_steps)
    fit = [level <= top for level in key[2:]]  # in the order of the neighbours: nbrs[a]
    ok = list(compress(firsts[a], fit))
    found = (
        tuple([x for x, _ in ok]),
        tuple([act for _, act in ok]),
        tuple([act for (_, act), good in zip(seconds[a], fit, strict=True) if good]),
    )
    known = st.tables.derived("climbs", _new_climbs)[0]
    if len(known) >= _MOST_CLIMBS:  # boards whose levels go through very many patterns
        known.clear()
    known[key] = found
    return found


#: The most climbs kept per board.
_MOST_CLIMBS = 50_000


def _crawl_steps(tables: BoardTables) -> tuple[_Steps, _Steps]:
    """Per space, the crawls of one step from it and of two steps starting with it."""
    nbrs = tables.nbrs
    firsts = tuple(tuple((x, plain((x,))) for x in nbrs[a]) for a in range(tables.size))
    seconds = tuple(tuple((y, plain((x, y))) for y in nbrs[x]) for x in range(tables.size))
    return firsts, seconds


def _longer_crawls(st: State, s: int) -> list[Action]:
    """:func:`crawl_options` for a ruleset whose crawls take more than two steps."""
    climb = st.crawl_climb
    nbrs = st.tables.nbrs
    level = st.level
    out: list[Action] = [_STAY]
    frontier: list[tuple[int, tuple[int, ...]]] = [(st.sat[s], ())]
    for _ in range(st.crawl_moves):
        nxt: list[tuple[int, tuple[int, ...]]] = []
        for cur, path in frontier:
            top = level[cur] + climb
            for x in nbrs[cur]:
                if level[x] <= top and st.can_enter(x, cur):
                    p = (*path, x)
                    out.append(plain(p))
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
        base: tuple[Action, ...] = tuple(crawl_options(st, s))
    elif basic == "swap":
        most = st.swap_max
        hand = st.hand[p]
        get = PLAIN.get
        base = tuple(
            [
                get(combo) or plain(combo)
                for k in range(min(most, len(hand)) + 1)
                for combo in combinations(hand, k)
            ]
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
        kept = _STAYING.get
        staying = tuple([kept((a, stay)) or _staying(a, stay) for a in base])
        # a "may" adds the choice to stay; an ability that simply applies leaves no other
        base = base + staying if st.p_stay_optional[p] else staying
    return base


#: Per (option, ability): that option with the faction's stay-in-shell ability used too, made
#: once per process as :data:`decisions.PLAIN` makes plain options (a snail of such a faction
#: in its shell doubles every option of every card it plays).
_STAYING: dict[tuple[Action, str], Action] = {}
#: The most options kept in :data:`_STAYING`.
_MOST_STAYING = 100_000


def _staying(act: Action, stay: str) -> Action:
    """``act`` with the ability ``stay`` used too, made and kept."""
    if len(_STAYING) >= _MOST_STAYING:
        _STAYING.clear()
    found = _STAYING[act, stay] = Action(act.main, act.adjacent, (*act.use, stay))
    return found


def resolve_now(st: State, p: int, s: int, card: CardSpec, act: Action) -> None:
    """Resolve at once, without a generator, a card that can ask no decision (``card.quiet``:
    a basic aim, shell or swap with no target and no effects, about a third of the cards
    played); any other card is :func:`resolve`'s."""
    assert card.quiet and card.basic is not None
    # nothing here answers to triggers, nor moves a snail (no Medic's healing after it)
    _begin(st, p, s, card, act)
    _quiet_basic(st, p, s, card.basic, act)


def resolve(st: State, p: int, s: int, card: CardSpec, act: Action) -> Gen:
    """Resolve a card with one of its options, then the Medic's healing."""
    # who and what causes the events of this resolution (triggers' by and cause)
    before = st.actor, st.actor_card, st.actor_snail
    st.actor, st.actor_card, st.actor_snail = p, card.id, s
    try:
        _begin(st, p, s, card, act)
        origin = st.sat[s]
        basic = card.basic
        if basic == "crawl":
            cur = origin
            occ, capacity = st.occ, st.capacity
            for x in act.main:
                if st.sat[s] != cur:
                    break
                if len(occ[x]) < capacity:  # room there (the usual case): st.enter at once
                    answers = st.enter_room(s, x, cur, p, "move")
                    if answers is not None:
                        yield from answers
                else:
                    moved = yield from st.enter(s, x, cur, p)
                    if not moved:
                        break
                cur = x
        elif basic == "dig":
            after = st.destroy_now(origin, "dig", p, s)
            if after is not None:
                yield from st.aftermath(after)
        elif basic is not None:
            _quiet_basic(st, p, s, basic, act)
        if st.sat[s] >= 0:
            if card.select != "none":
                if act.main is not None or card.select not in ("snail", "space"):
                    yield from resolve_target(st, p, s, card, act)
            elif card.effects:
                ctx = Ctx(p, s, card.id, st.sat[s])
                ctx.card = card
                yield from run_ops(st, ctx, card.effects)
        if st.medics and s in st.moved and st.sat[s] >= 0:
            healing = medic_heal(st, p, s)
            if healing is not None:
                yield from healing
    finally:
        st.actor, st.actor_card, st.actor_snail = before


def _begin(st: State, p: int, s: int, card: CardSpec, act: Action) -> None:
    """What every resolution starts with: which snails moved is forgotten (a new action), and
    the snail uses its faction's stay-in-shell ability or leaves its shell."""
    st.moved.clear()  # st.begin_action(), written out: this runs for every card resolved
    stay = st.p_stay[p]
    if stay is not None and stay in act.use:
        if st.p_stay_once[p]:
            st.used[p].add(stay)
        st.events.append(("ability", p, stay))
    elif st.sshell[s] and card.basic != "shell":
        st.set_shell(s, False)


def _quiet_basic(st: State, p: int, s: int, basic: str, act: Action) -> None:
    """The basic aim, shell and swap actions (rules.QUIET_BASICS)."""
    if basic == "aim":
        if st.stack[st.sat[s]]:
            st.saim[s] += st.aim_extra
    elif basic == "shell":
        st.set_shell(s, True)
    elif basic == "swap":
        hand = st.hand[p]
        for c in act.main:
            hand.remove(c)
            st.discard.append(c)
        st.draw(p, len(act.main))


def medic_heal(st: State, p: int, s: int) -> Gen | None:
    """After an action that moved or placed snail ``s``: a Medic and a friend on one space heal;
    the Medic's player picks the friend when several are hurt. Done at once, or, when there
    is that choice to make, the generator that asks it and heals (drive it)."""
    medic_id = st.medic_id
    if st.medic_once and medic_id in st.used[p]:
        return None
    at = st.sat[s]
    here = st.occ[at]
    own = st.s_medic[s]
    alone = len(here) == 1  # (the usual case: no comprehension, no one to heal or be healed by)
    if own is not None:
        friends = (
            []
            if alone
            else [f for f in here if f != s and st.sp[f] == p and st.shp[f] < st.smax[f]]
        )
        if len(friends) > 1:
            return _heal_chosen(st, p, s, tuple(friends), own[0])
        if friends:
            st.heal(friends[0], own[0])
        elif st.shp[s] < st.smax[s]:
            st.heal(s, own[1])
        else:
            return None
    else:
        if alone:
            return None
        medics = [m for m in here if m != s and st.sp[m] == p and st.s_medic[m] is not None]
        if not medics or st.shp[s] >= st.smax[s]:
            return None
        heal = st.s_medic[medics[0]]
        assert heal is not None
        st.heal(s, heal[0])
    _healed(st, p)
    return None


def _heal_chosen(st: State, p: int, s: int, friends: tuple[int, ...], amount: int) -> Gen:
    """The Medic ``s``'s player picks which of several hurt friends it heals."""
    names = ", ".join(st.snail_names[f] for f in friends)
    st.about = s  # the healer, for a rules example's messages
    friend = yield Decision(p, "heal", friends, f"which friend heals: {names}")
    st.heal(friend, amount)
    _healed(st, p)


def _healed(st: State, p: int) -> None:
    """The Medic's ability was used: marked for the round (once a round) and logged."""
    if st.medic_once:
        st.used[p].add(st.medic_id)
    st.events.append(("ability", p, st.medic_id))
