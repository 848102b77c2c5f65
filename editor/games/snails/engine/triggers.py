"""Triggered abilities of factions, soldiers and the snail entering a space: who answers an
event, their once-per-round markers and "may", and the context their effects run in."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision
from editor.games.snails.engine.effects import Ctx, run_ops

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import Ability
    from editor.games.snails.engine.state import State

Gen = Generator[Decision, Any, Any]


def enter_abilities(st: State, s: int, dest: int) -> Gen:
    """Faction abilities answering any snail entering a space, then the entering snail's
    own (soldier) abilities; ``by`` and ``cause`` are the card being resolved."""
    by, cause = st.actor, st.actor_card
    owner = st.sp[s]
    for p in range(st.n):
        for ability in st.p_triggers[p]:
            if "snail_enters" not in ability.events or st.out[p]:
                continue
            if st.sat[s] != dest:
                return  # the snail died or was moved on by an earlier ability
            if (ability.by == "own" and p != by) or (
                ability.cause is not None and cause not in ability.cause
            ):
                continue
            ctx = _enter_ctx(st, p, s if owner == p else -1, ability.id, s, dest)
            yield from st.use_ability(p, ability, ctx, dest)
    for ability in st.s_triggers[s]:
        if "snail_enters" not in ability.events:
            continue
        if st.sat[s] != dest:
            return
        if (ability.by == "own" and owner != by) or (
            ability.cause is not None and cause not in ability.cause
        ):
            continue
        ctx = _enter_ctx(st, owner, s, ability.id, s, dest)
        yield from st.use_ability(owner, ability, ctx, dest)


def _enter_ctx(st: State, p: int, snail: int, cause: str, s: int, dest: int) -> Ctx:
    ctx = Ctx(p, snail, cause, dest)
    ctx.event_snails = (s,)
    ctx.event_space = dest
    ctx.spaces = (dest,)
    return ctx


def event_ctx(st: State, by: int, snail: int, cause: str, space: int) -> Ctx:
    """The context an ability answering an event on ``space`` runs in: the event's space and
    the snails on it (a tile's or token's event), for seat ``by`` and its snail ``snail``."""
    ctx = Ctx(by, snail, cause, space)
    ctx.event_space = space
    ctx.event_snails = st.occ[space] if space >= 0 else ()
    ctx.spaces = (space,) if space >= 0 else ()
    return ctx


def player_triggers(
    st: State,
    event: str,
    by: int,
    snail: int,
    cause: str,
    space: int,
    phase: str | None = None,
) -> Gen:
    """Faction abilities answering an event caused by seat ``by``."""
    for p in range(st.n):
        for ability in st.p_triggers[p]:
            if event not in ability.events or st.out[p]:
                continue
            if ability.by == "own" and p != by:
                continue
            if ability.cause is not None and cause not in ability.cause:
                continue
            if ability.phase is not None and ability.phase != phase:
                continue
            ctx = event_ctx(st, p, snail if p == by else -1, ability.id, space)
            if event == "action_resolved" and snail >= 0:
                ctx.event_snails = (snail,)
            yield from st.use_ability(p, ability, ctx, space)


def snail_triggers(
    st: State, event: str, s: int, cause: str, phase: str | None = None, by: int | None = None
) -> Gen:
    """A snail's own (soldier) abilities answering an event about it (its action, a phase,
    the tile under it); ``by``, when given, is the seat that caused the event."""
    p = st.sp[s]
    for ability in st.s_triggers[s]:
        if event not in ability.events or st.sat[s] < 0:
            continue
        if by is not None and ability.by == "own" and by != p:
            continue
        if ability.cause is not None and cause not in ability.cause:
            continue
        if ability.phase is not None and ability.phase != phase:
            continue
        at = st.sat[s]
        ctx = event_ctx(st, p, s, ability.id, at)
        ctx.event_snails = (s,)
        yield from st.use_ability(p, ability, ctx, at)


def use_ability(st: State, p: int, ability: Ability, ctx: Ctx, space: int) -> Gen:
    """Use a triggered ability: once-per-round marker, the owner's "may", its effects."""
    if ability.once and ability.id in st.used[p]:
        return
    st.about_ability = ability.id
    if ability.needs_adjacent:
        spaces = tuple(x for x in st.tables.nbrs[space] if st.stack[x]) if space >= 0 else ()
        if not spaces:
            return
        opts: tuple[int | None, ...] = ((None,) if ability.optional else ()) + spaces
        where = st.tables.labels[space]
        pick = yield Decision(p, "ability", opts, f"{ability.name}: a space next to {where}")
        if pick is None:
            return
        ctx.adjacent = (pick,)
    elif ability.optional:
        yes = yield Decision(p, "ability", (False, True), f"use {ability.name}?")
        if not yes:
            return
    if ability.once:
        st.used[p].add(ability.id)
    st.events.append(("ability", p, ability.id))
    yield from run_ops(st, ctx, ability.effects)
