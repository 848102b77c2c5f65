"""Targeted cards: legal targets (range, line of sight, the Scout), dice, results, the wind."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from itertools import chain, combinations, compress, repeat
from operator import ge
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision
from editor.games.snails.engine.decisions import PLAIN, Action, plain
from editor.games.snails.engine.effects import Ctx, Op
from editor.games.snails.engine.rules import NO_SCOUT
from editor.games.snails.engine.terrain import at_once

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import CardSpec
    from editor.games.snails.engine.state import State
    from editor.games.snails.engine.tables import BoardTables

Gen = Generator[Decision, Any, Any]
_new = tuple.__new__
#: The one option of a card with no target to choose.
_NONE = plain(None)


def ignore_available(st: State, p: int, card: CardSpec) -> str | None:
    """The line-of-sight ability the player may use with this card (Targeters), if any."""
    ability = st.p_ignore_los[p]
    if ability is None or not card.los:
        return None
    kind, dice = st.p_ignore_when[p]
    if (kind is not None and card.kind != kind) or card.dice < dice:
        return None
    if st.p_ignore_once[p] and ability in st.used[p]:
        return None
    return ability


def _scout_blocks(st: State, card: CardSpec, t: int, distance: int) -> bool:
    return card.attack and card.single and distance >= st.s_scout[t]


def _wind_spares(st: State, card: CardSpec, t: int) -> bool:
    """A Scout is never hit by a single-snail attack the wind carries, at any range (even
    blown back onto the attacker's own space)."""
    return card.attack and card.single and st.s_scout[t] != NO_SCOUT


def _adjacent_choices(st: State, space: int, count: int) -> list[tuple[int, ...]]:
    if count <= 0:
        return [()]
    return list(combinations(st.tables.nbrs[space], count))


def target_options(st: State, p: int, s: int, card: CardSpec) -> tuple[Action, ...]:
    """Every legal target of a card for snail ``s``, with its adjacent choices and abilities."""
    at = st.sat[s]
    level = st.level
    own = level[at] if st.stack[at] else st.water_sight  # st.sight(at)
    ignore = ignore_available(st, p, card) if st.p_ignore_los[p] is not None else None
    select = card.select
    if select == "snail":
        # scan the snails, not the spaces: a handful of snails against dozens of spaces
        dist = st.tables.dist[at]
        in_range = st.tables.within(at, card.rmin, card.rmax)
        stack = st.stack
        los, land, adjacent = card.los, card.land, card.adjacent
        scout = st.s_scout if card.attack and card.single else None
        out: list[Action] = []
        sat = st.sat
        # the living snails in range (a dead one's space, -1, is in no range), then the rules
        # for each of them; a plain loop over a handful of snails costs fewer instructions
        # than picking them out with a map of the set's __contains__
        for t, space in enumerate(sat):
            if space not in in_range or t == s:
                continue
            k = dist[space]
            if land and not stack[space]:
                continue
            if scout is not None and k >= scout[t]:
                continue
            use: tuple[str, ...] = ()
            if los and level[space] > own:
                if ignore is None:
                    continue
                use = (ignore,)
            if adjacent:
                for adj in _adjacent_choices(st, space, adjacent):
                    out.append(_new(Action, (t, adj, use)))
            elif use:
                out.append(_new(Action, (t, (), use)))
            else:
                out.append(PLAIN.get(t) or plain(t))
        return tuple(out)
    if select == "space":
        if not card.los and not card.land and not card.adjacent:
            # every space in range: the same targets in every match on the board
            return _span_targets(st.tables, at, card.rmin, card.rmax)
        spaces: Sequence[int] = st.tables.span(at, card.rmin, card.rmax)
        stack = st.stack
        land = card.land
        # in reach but out of sight: no target, or one the line-of-sight ability reaches
        hidden = card.los and ignore is not None
        # (the filters and look-ups by C-level iterators: a range spans dozens of spaces)
        if card.los and ignore is None:
            spaces = list(compress(spaces, map(ge, repeat(own), map(level.__getitem__, spaces))))
        if land:
            spaces = list(compress(spaces, map(stack.__getitem__, spaces)))
        if not card.adjacent and not (hidden and any(level[x] > own for x in spaces)):
            actions = st.tables.derived("targets", _space_targets)
            return tuple(map(actions.__getitem__, spaces))
        if not hidden:
            # every target with every choice of the spaces next to it it also hits
            with_adjacent = _with_adjacent(st.tables, card.adjacent)
            return tuple(chain.from_iterable(map(with_adjacent.__getitem__, spaces)))
        out = []
        for space in spaces:
            use = (ignore,) if ignore is not None and level[space] > own else ()
            for adj in _adjacent_choices(st, space, card.adjacent):
                out.append(_new(Action, (space, adj, use)))
        return tuple(out)
    if select == "ring":
        plain_ring = _ring(st, s, card, False)
        if ignore is not None and _ring(st, s, card, True)[1] != plain_ring[1]:
            # an ability that simply applies (not a "may") leaves no ring without it
            if st.p_ignore_optional[p]:
                return (_NONE, Action(None, (), (ignore,)))
            return (Action(None, (), (ignore,)),)
        return (_NONE,)
    # own-space
    if not card.adjacent:
        return (_NONE,)
    return tuple(Action(None, adj, ()) for adj in _adjacent_choices(st, at, card.adjacent))


def _span_targets(tables: BoardTables, at: int, nearest: int, farthest: int) -> tuple[Action, ...]:
    """Each space of a range as a card's target (no adjacent space, no ability), in the order
    of :meth:`BoardTables.span`: worked out once per board and range."""
    kept: dict[tuple[int, int, int], tuple[Action, ...]] = tables.derived("span targets", _no_spans)
    key = (at, nearest, farthest)
    found = kept.get(key)
    if found is None:
        actions = tables.derived("targets", _space_targets)
        found = kept[key] = tuple([actions[x] for x in tables.span(at, nearest, farthest)])
    return found


def _no_spans(tables: BoardTables) -> dict[tuple[int, int, int], tuple[Action, ...]]:
    return {}


def _space_targets(tables: BoardTables) -> tuple[Action, ...]:
    """Each space as a card's target, with no adjacent space and no ability (by space)."""
    return tuple(plain(x) for x in range(tables.size))


def _with_adjacent(tables: BoardTables, count: int) -> tuple[tuple[Action, ...], ...]:
    """Per space: that space as a card's target with each choice of ``count`` spaces next to
    it (Grapes of Wrath), no ability used; built once per board and count."""

    def build(tables: BoardTables) -> tuple[tuple[Action, ...], ...]:
        nbrs = tables.nbrs
        choices = [
            list(combinations(nbrs[x], count)) if count > 0 else [()] for x in range(tables.size)
        ]
        return tuple(tuple(Action(x, adj, ()) for adj in choices[x]) for x in range(tables.size))

    return tables.derived(f"targets with {count} adjacent", build)


def _ring(
    st: State, s: int, card: CardSpec, ignore: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The spaces and snails a ring attack hits."""
    at = st.sat[s]
    rings = st.tables.rings[at]
    own = st.sight(at)
    spaces: list[int] = []
    snails: list[int] = []
    for k in range(card.rmin, min(card.rmax, len(rings) - 1) + 1):
        for space in rings[k]:
            if card.los and not ignore and st.level[space] > own:
                continue
            here = st.occ[space]
            if not here:  # (most spaces: no comprehension)
                if not card.single:
                    spaces.append(space)
                continue
            hit = [t for t in here if t != s and not _scout_blocks(st, card, t, k)]
            if card.single:
                if hit:
                    spaces.append(space)
            else:
                spaces.append(space)
            snails.extend(hit)
    return tuple(spaces), tuple(snails)


def _aim(st: State, ctx: Ctx, card: CardSpec, act: Action, ignore: bool) -> None:
    s = ctx.snail
    select = card.select
    ctx.adjacent = act.adjacent
    if select == "snail":
        t = act.main
        ctx.targets = (t,)
        ctx.spaces = (st.sat[t],)
    elif select == "space":
        ctx.spaces = (act.main,)
        here = st.occ[act.main]
        # (the snail itself not there, the usual case: the space's snails as they are)
        ctx.targets = tuple([x for x in here if x != s]) if s in here else here
    elif select == "ring":
        ctx.spaces, ctx.targets = _ring(st, s, card, ignore)
    else:
        at = st.sat[s]
        ctx.spaces = (at,)
        ctx.targets = tuple([x for x in st.occ[at] if x != s])


def resolve_target(st: State, p: int, s: int, card: CardSpec, act: Action) -> Gen:
    """Resolve a targeted card: roll, pick the result, apply it; the wind takes a miss."""
    ability = st.p_ignore_los[p]
    ignore = ability is not None and ability in act.use
    if ignore:
        if st.p_ignore_once[p]:
            st.used[p].add(str(ability))
        st.events.append(("ability", p, ability))
    ctx = Ctx(p, s, card.id, st.sat[s])
    ctx.card = card
    ctx.damage_cause = "attack" if card.attack else "effect"
    _aim(st, ctx, card, act, ignore)
    if card.select == "snail" and st.sat[act.main] < 0:
        return
    if card.dice <= 0:
        yield from _hit(st, ctx, card, ())
        return
    n = card.dice + st.saim[s]
    st.saim[s] = 0
    while True:
        rolled = st.roll(n)
        # (by C-level iterators, no comprehension: this runs for every roll)
        st.events.append(("roll", s, tuple(map(st.rules.face_names.__getitem__, rolled))))
        shown = sorted(set(filter(card.results.__contains__, rolled)))
        if not shown:
            st.events.append(("miss", s, card.id))
            if st.wind_on and st.wind_dir >= 0 and n >= 1:
                yield from wind_miss(st, ctx, card)
            return
        if len(shown) > 1:
            names = st.rules.face_names
            face = yield Decision(
                p, "result", tuple(shown), "which result: " + ", ".join(names[f] for f in shown)
            )
        else:
            face = shown[0]
        st.events.append(("result", s, st.rules.face_names[face]))
        ctx.again = False
        if card.adjacent:
            yield from _hit(st, ctx, card, card.results[face])
        else:  # _hit, written out (a generator less for every hit)
            for ops in (card.results[face], card.effects):
                for op in ops:
                    sub = op(st, ctx)
                    if sub is not None:
                        yield from sub
        if not ctx.again or st.sat[s] < 0:
            return
        if card.select == "snail" and st.sat[ctx.targets[0]] < 0:
            return
        go = yield Decision(p, "again", (True, False), f"attack again with {card.name}?")
        if not go:
            return
        n = card.dice
        if card.select == "snail":
            ctx.spaces = (st.sat[ctx.targets[0]],)
        else:
            _aim(st, ctx, card, act, ignore)


def wind_miss(st: State, ctx: Ctx, card: CardSpec) -> Gen:
    """A missed roll carried one space downwind: new targets, the card's lowest result."""
    d = st.wind_dir
    step = st.tables.step
    s = ctx.snail
    p = ctx.player
    at = st.sat[s]
    select = card.select
    if select == "snail":
        new = step[ctx.spaces[0]][d]
        if new < 0:
            return
        cands = [x for x in st.occ[new] if not _wind_spares(st, card, x)]
        if not cands:
            # a single-snail attack with no snail it may hit does nothing
            st.events.append(("wind-hit", s, card.id, (st.tables.labels[new],)))
            return
        n = st.n
        owner = next(
            q for q in ((p + k) % n for k in range(1, n + 1)) if any(st.sp[x] == q for x in cands)
        )
        mine = tuple(x for x in cands if st.sp[x] == owner)
        if len(mine) > 1:
            pick = yield Decision(st.first, "wind-target", mine, "the wind's target")
        else:
            pick = mine[0]
        ctx.targets = (pick,)
        ctx.spaces = (new,)
    elif select == "ring":
        rings = st.tables.rings[at]
        spaces = []
        for k in range(card.rmin, min(card.rmax, len(rings) - 1) + 1):
            for space in rings[k]:
                moved = step[space][d]
                if moved >= 0:
                    spaces.append(moved)
        hits = [x for space in spaces for x in st.occ[space] if not _wind_spares(st, card, x)]
        ctx.targets = tuple(hits)
        ctx.spaces = tuple(sorted({st.sat[x] for x in hits})) if card.single else tuple(spaces)
    else:
        new = step[ctx.spaces[0]][d]
        if new < 0:
            return
        ctx.spaces = (new,)
        ctx.targets = st.occ[new]
    labels = st.tables.labels
    ctx.adjacent = ()
    if card.adjacent and select != "ring":
        # the new space counts as the target: the spaces next to it are chosen anew
        where = ctx.spaces[0]
        choices = tuple(_adjacent_choices(st, where, card.adjacent))
        if len(choices) > 1:
            prompt = f"{card.name} carried to {labels[where]}: the space next to it also hit"
            ctx.adjacent = yield Decision(p, "wind-adjacent", choices, prompt)
        elif choices:
            ctx.adjacent = choices[0]
    st.events.append(("wind-hit", s, card.id, tuple(labels[x] for x in ctx.spaces)))
    if card.lowest < 0:
        return
    yield from _hit(st, ctx, card, card.results[card.lowest])


def _hit(st: State, ctx: Ctx, card: CardSpec, result: tuple[Op, ...]) -> Gen:
    """A result's ops, then the card's own effects. A card that also hits chosen spaces next
    to its target (Grapes of Wrath) resolves them as one moment: the damage and the tiles
    lost on every space first, then the backs revealed and what answers them."""
    if card.adjacent:
        yield from at_once(st, ctx, result, card.effects)
        return
    for ops in (result, card.effects):  # run_ops, written out: this runs for every hit
        for op in ops:
            sub = op(st, ctx)
            if sub is not None:
                yield from sub
