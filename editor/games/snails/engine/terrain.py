"""Terrain: tiles set on a space, destroyed (their backs revealed) or damaged, tokens on
tiles, and the contamination marker."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision
from editor.games.snails.engine.effects import Ctx, Op, run_ops
from editor.games.snails.engine.triggers import event_ctx

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import Ability, Rules
    from editor.games.snails.engine.state import State

Gen = Generator[Decision, Any, Any]
#: A tile's event left for the end of a moment: the event, space, the tile's back, the
#: abilities of the tokens that lay on a destroyed tile (None: those on the damaged tile),
#: and the cause, seat and snail that did it.
Aftermath = tuple[str, int, str, "tuple[Ability, ...] | None", str, int, int]


def set_top(st: State, space: int, stack: tuple[int, ...], backs: tuple[str, ...]) -> None:
    """Set a space's tiles (bottom to top) and recompute its level."""
    st.stack[space] = stack
    st.backs[space] = backs
    level = st.rules.tile_levels[stack[-1]] if stack else 0  # rules.level_of
    if level != st.level[space]:
        st.level[space] = level
        climbs = st.climbs
        climbs[space] = None
        for x in st.tables.nbrs[space]:
            climbs[x] = None


def destroy(st: State, space: int, cause: str, by: int, snail: int) -> Gen:
    """Remove a space's top tile, discard its tokens, fire its back's abilities (at once, or
    once the moment being resolved ends: :func:`at_once`)."""
    after = destroy_now(st, space, cause, by, snail)
    if after is not None:
        yield from aftermath(st, after)


def destroy_now(st: State, space: int, cause: str, by: int, snail: int) -> Aftermath | None:
    """:func:`destroy` up to what answers it: the tile goes at once; what answers it is
    returned, for :func:`aftermath` to run (None when nothing does or a moment holds it)."""
    stack = st.stack[space]
    if not stack:
        return None
    tile = stack[-1]
    back = st.backs[space][-1]
    # tokens answering their tile's destruction fire once it is gone (they go with it)
    answering = st.token_abilities["tile_destroyed"]
    doomed = (
        tuple(
            a
            for tok, a in answering
            if st.tok[tok][space] and (a.cause is None or cause in a.cause)
        )
        if answering
        else ()
    )
    st.set_top(space, stack[:-1], st.backs[space][:-1])
    for row in st.tok:
        row[space] = 0
    label = st.tables.labels[space]
    st.log_milestone(("destroyed", label, st.rules.tile_ids[tile], back, st.round))
    if not st.stack[space]:
        for s in st.occ[space]:
            st.saim[s] = 0
            if st.cross_water_damage and not st.p_water_immune[st.sp[s]]:
                st.deal(s, st.track[st.contamination], "water")
    after = ("tile_destroyed", space, back, doomed, cause, by, snail)
    if st.moment is not None:
        st.moment.append(after)
    elif _answered(st, after):
        return after
    return None


def _answered(st: State, after: Aftermath) -> bool:
    """Whether anything may answer a tile's event (when nothing does, no aftermath is run):
    its back's abilities, tokens that lay or lie on it, factions' or snails' abilities."""
    event, _, back, tokens, _, _, _ = after
    return bool(
        (st.token_abilities[event] if tokens is None else tokens)
        or event in st.faction_events
        or st.tile_triggers
        or (back, event) in st.rules.derived("back events", _back_events)
    )


def _back_events(rules: Rules) -> frozenset[tuple[str, str]]:
    """Every (back, event) some ability of the back answers."""
    return frozenset(
        (back, event)
        for back, abilities in rules.backs.items()
        for ability in abilities
        for event in ability.events
    )


def aftermath(st: State, after: Aftermath) -> Gen:
    """What a destroyed or damaged tile sets off: its back, the tokens that lay on it, the
    players' and the snails' abilities answering it."""
    event, space, back, tokens, cause, by, snail = after
    for ability in st.rules.backs.get(back, ()):
        if event in ability.events and (ability.cause is None or cause in ability.cause):
            yield from run_ops(st, event_ctx(st, by, snail, cause, space), ability.effects)
    if tokens is None:  # a damaged tile keeps its tokens: those lying on it now answer
        tokens = tuple(
            a
            for tok, a in st.token_abilities[event]
            if st.tok[tok][space] and (a.cause is None or cause in a.cause)
        )
    for ability in tokens:
        yield from run_ops(st, event_ctx(st, by, snail, cause, space), ability.effects)
    if event in st.faction_events:
        yield from st.player_triggers(event, by, snail, cause, space)
    if st.tile_triggers:
        for s in st.occ[space]:
            yield from st.snail_triggers(event, s, cause, by=by)


def at_once(st: State, ctx: Ctx, *op_lists: tuple[Op, ...]) -> Gen:
    """Run ops as one moment (Grapes of Wrath's two spaces): every damage and every tile
    destroyed or damaged happens first; then, in the order the tiles went, their backs, their
    tokens and the abilities answering them. A moment inside a moment is part of it."""
    if st.moment is not None:
        for ops in op_lists:
            yield from run_ops(st, ctx, ops)
        return
    mine: list[Aftermath] = []
    st.moment = mine
    try:
        for ops in op_lists:
            yield from run_ops(st, ctx, ops)
    finally:  # (a generator abandoned late must not end a newer moment)
        if st.moment is mine:
            st.moment = None
    for after in mine:
        yield from aftermath(st, after)


def damage_terrain(st: State, space: int, cause: str, by: int, snail: int) -> Gen:
    """Put a damaged token on the top tile, or destroy it when it already has one."""
    after = damage_terrain_now(st, space, cause, by, snail)
    if after is not None:
        yield from aftermath(st, after)


def damage_terrain_now(st: State, space: int, cause: str, by: int, snail: int) -> Aftermath | None:
    """:func:`damage_terrain` up to what answers it (as :func:`destroy_now`)."""
    if not st.stack[space]:
        return None
    dmg = st.tok[st.rules.damaged_token]
    if dmg[space]:
        return st.destroy_now(space, cause, by, snail)
    dmg[space] = 1
    st.events.append(("damaged", st.tables.labels[space]))
    # the hidden back of the damaged tile, then the tokens lying on it (still there)
    after = ("tile_damaged", space, st.backs[space][-1], None, cause, by, snail)
    if st.moment is not None:
        st.moment.append(after)
    elif _answered(st, after):
        return after
    return None


def add_token(st: State, tok: int, space: int, count: int) -> None:
    """Add (or with a negative count remove) tokens; never on water."""
    if count > 0 and not st.stack[space] and not st.rules.tokens[tok].on_water:
        return
    row = st.tok[tok]
    row[space] = max(0, row[space] + count)


def move_contamination(st: State, steps: int) -> None:
    """Move the contamination marker along its track (clamped)."""
    new = max(0, min(len(st.track) - 1, st.contamination + steps))
    if new != st.contamination:
        st.contamination = new
        st.events.append(("contamination", new))
