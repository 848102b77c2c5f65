"""Snails moving: entering a space (capacity, pushing one on, water, tokens), pushes, places
and moves toward a space, and which snails moved during the action being resolved."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision
from editor.games.snails.engine.effects import Ctx, run_ops

if TYPE_CHECKING:
    from editor.games.snails.engine.state import State

Gen = Generator[Decision, Any, Any]


def begin_action(st: State) -> None:
    """Forget which snails moved: a new action is being resolved (the Medic heals after one)."""
    st.moved.clear()


def has_moved(st: State, s: int) -> bool:
    """Whether a snail moved or was placed during the action being resolved."""
    return s in st.moved


def _put(st: State, s: int, dest: int) -> int:
    """Take a snail off its space and put it on ``dest``; where it was (-1: off the board)."""
    frm = st.sat[s]
    occ = st.occ
    capacity = st.capacity
    if frm >= 0:
        here = occ[frm]
        # (alone there, the usual case: no comprehension)
        occ[frm] = () if here == (s,) else tuple([x for x in here if x != s])
        if len(here) == capacity:  # full no more
            st.crowded -= 1
    there = occ[dest] = (*occ[dest], s)
    if len(there) == capacity:  # full now
        st.crowded += 1
    st.sat[s] = dest
    st.moved.add(s)
    return frm


def relocate(st: State, s: int, dest: int, kind: str) -> None:
    """Put a snail on a space with no other effect; log ``(kind, snail, from, to)``."""
    frm = _put(st, s, dest)
    labels = st.tables.labels
    st.events.append((kind, s, labels[frm] if frm >= 0 else None, labels[dest]))


def place_at_setup(st: State, s: int, dest: int) -> None:
    """Put a snail on its starting space; log ``("place", snail, label)``."""
    _put(st, s, dest)
    st.events.append(("place", s, st.tables.labels[dest]))


def pushable(st: State, s: int) -> bool:
    """Whether a push can move this snail (not in its shell, not a Grunt)."""
    return not st.sshell[s] and not st.s_push_immune[s]


def can_enter(st: State, dest: int, frm: int) -> bool:
    """Whether a snail coming from ``frm`` can enter ``dest`` (room, or one to push on)."""
    occ = st.occ[dest]
    if len(occ) < st.capacity:
        return True
    if frm < 0:
        return False
    if not st.tables.away[frm][dest]:
        return False
    return any(st.pushable(x) for x in occ)


def enter(st: State, s: int, dest: int, frm: int, chooser: int, kind: str = "move") -> Gen:
    """Move a snail onto a space: room made by pushing one on, water, tokens. Returns moved."""
    occ = st.occ[dest]
    if len(occ) >= st.capacity:
        onward = st.tables.away[frm][dest] if frm >= 0 else ()
        victims = [x for x in occ if st.pushable(x)] if onward else []
        if not victims:
            return False
        st.about = s
        if len(victims) > 1:
            victim = yield Decision(chooser, "capacity", tuple(victims), "which snail is pushed on")
        else:
            victim = victims[0]
        st.about = victim
        if len(onward) > 1:
            to = yield Decision(
                chooser, "push", onward, f"where {st.snail_names[victim]} is pushed"
            )
        else:
            to = onward[0]
        yield from st.enter(victim, to, dest, chooser, "push")
        if len(st.occ[dest]) >= st.capacity:
            return False
    answers = st.enter_room(s, dest, frm, chooser, kind)
    if answers is not None:
        yield from answers
    return True


def enter_room(st: State, s: int, dest: int, frm: int, chooser: int, kind: str) -> Gen | None:
    """:func:`enter` onto a space with room for the snail (or made for it): done at once, or,
    when something answers the arrival, the generator of what does (drive it)."""
    st.relocate(s, dest, kind)
    if kind == "push" and st.fall_damage and frm >= 0:
        drop = st.level[frm] - st.level[dest]
        if drop > 0:
            st.deal(s, drop * st.fall_damage, "effect")
            if st.sat[s] < 0:
                return None
    if st.enter_triggers or _tokens_answer(st, dest):
        return st.arrived(s, dest, chooser)
    _wet(st, s, dest)  # nothing answers the arrival: what is left of arrived
    return None


def _tokens_answer(st: State, dest: int) -> bool:
    """Whether tokens on a space answer a snail entering it."""
    answering = st.enter_token_abilities
    if len(answering) <= 1:  # (the usual cases, without a generator: none, or one kind)
        return bool(answering) and bool(st.tok[answering[0][0]][dest])
    tok = st.tok
    return any(tok[kind][dest] for kind, _ in answering)


def _wet(st: State, s: int, dest: int) -> None:
    """A snail entering the water: it loses its aim, and the water hurts it."""
    if not st.stack[dest]:
        st.saim[s] = 0
        if not st.p_water_immune[st.sp[s]]:
            st.deal(s, st.track[st.contamination], "water")


def arrived(st: State, s: int, dest: int, chooser: int) -> Gen:
    """What entering a space does: water damage, aim lost at sea, token triggers."""
    _wet(st, s, dest)
    if st.sat[s] < 0:
        return
    for tok, ability in st.enter_token_abilities:
        if st.tok[tok][dest]:
            ctx = Ctx(chooser, s, ability.id, dest)
            ctx.event_snails = (s,)
            ctx.event_space = dest
            ctx.damage_cause = st.rules.tokens[tok].damage_cause
            yield from run_ops(st, ctx, ability.effects)
    if st.enter_triggers:
        yield from st.enter_abilities(s, dest)


def push(st: State, s: int, origin: int, chooser: int, by_rule: bool = False) -> Gen:
    """Push a snail one space away from ``origin`` (any direction when -1). Returns moved."""
    at = st.sat[s]
    if at < 0 or not st.pushable(s):
        return False
    # tables.away holds on-board spaces only
    cands = st.tables.nbrs[at] if origin < 0 else st.tables.away[origin][at]
    if not cands:
        return False
    if len(cands) > 1:
        st.about, st.by_rule = s, by_rule
        to = yield Decision(chooser, "push", cands, f"where {st.snail_names[s]} is pushed")
        st.by_rule = False
    else:
        to = cands[0]
    moved = yield from st.enter(s, to, at, chooser, "push")
    return moved


def place(st: State, s: int, dest: int, chooser: int) -> Gen:
    """Put a snail on a space (not a push: Grunts too)."""
    at = st.sat[s]
    if at < 0 or at == dest:
        return False
    moved = yield from st.enter(s, dest, at, chooser, "move")
    return moved


def move_toward(st: State, s: int, goal: int, distance: int, chooser: int) -> Gen:
    """Move a snail step by step toward a space."""
    for _ in range(distance):
        at = st.sat[s]
        if at < 0 or at == goal:
            return
        cands = tuple(x for x in st.tables.toward[goal][at] if st.can_enter(x, at))
        if not cands:
            return
        st.about = s
        if len(cands) > 1:
            to = yield Decision(chooser, "step", cands, f"where {st.snail_names[s]} moves")
        else:
            to = cands[0]
        moved = yield from st.enter(s, to, at, chooser, "move")
        if not moved:
            return
