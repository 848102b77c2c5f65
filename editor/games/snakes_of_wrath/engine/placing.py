"""Whether a tile may go where a player puts it, and what it does there.

:func:`judge` rules on a body, head or Todd laid on an empty cell whose sides already fit
(the path leaves by exactly the sides where a neighbour's path comes in: ``Rules.fits``).
It answers a refusal code (``explain.REASONS`` words it) or a :class:`Plan`: who owns what
the body and the head end up in, and which of the four actions each part performs. The
body is judged first and the head after it, on the table as the body left it: the two parts
of a body-with-head tile are different snakes that may still meet. :func:`judge_on_top`
rules on an injury or a healing laid on a body already on the table.

The rules, for a body (by what its path joins): a rival snake may be joined only to steal
it, with one of your snakes (1st way) or with an open head already on the table (2nd way);
your own snake may be built on unless it is injured; a body next to a head alone starts a
snake; a body joined only to stray bodies stays a stray; a body joined to nothing goes
rogue. For a head: never on a rival snake; on your snake it caps an open end (not while the
snake is injured); on a stray it claims it; alone it waits for a body. Whatever it does, a
placement may not leave a snake with no open end and fewer than ``min_bodies`` bodies.
"""

from __future__ import annotations

from typing import NamedTuple

from editor.games.snakes_of_wrath.engine.rules import BODY, INJURY, Rules
from editor.games.snakes_of_wrath.engine.sides import COUNT, INDICES, OPPOSITE_BIT, STEP
from editor.games.snakes_of_wrath.engine.table import NOBODY, Table

# What a part does (the rulebook's four actions, and the ways of stealing and claiming).
BUILD = "build"
START = "start"
STEAL = "steal"
STRAY = "stray"
ROGUE = "rogue"
CAP = "cap"
CLAIM = "claim"
ALONE = "head"
TODD = "todd"
INJURE = "injure"
HEAL = "heal"

# Refusal codes (explain.py words them).
OPPONENT = "opponent-snake"
HEAD_ON_OPPONENT = "head-on-opponent"
INJURED_OWN = "injured-snake"
TOO_SHORT = "too-short"
NOT_ON_BODY = "injure-body"
SAME_SHAPE = "same-shape"
ARMORED = "armored"
ONCE = "once"
INJURE_OWN = "injure-own"
INJURE_STRAY = "injure-stray"
CLOSED = "closed-snake"
HEAL_OWN = "heal-own"
OCCUPIED = "occupied"


class Plan(NamedTuple):
    """What a legal placement does: the owners its body's and head's snakes end with, and
    the action of each part ("" when the tile has no such part)."""

    body_owner: int
    head_owner: int
    body_action: str
    head_action: str


TODD_PLAN = Plan(NOBODY, NOBODY, "", TODD)


def judge(
    tb: Table, seat: int, min_bodies: int, key: int, body: int, head: int, neighbours: int
) -> Plan | str:
    """The plan of a tile laid at ``key`` (its path fits), or the code of the rule it breaks."""
    if not body and not head:
        return TODD_PLAN
    owner = tb.owner
    bodies = tb.bodies
    part_comp = tb.part_comp
    tile_body = tb.body
    body_owner = head_owner = NOBODY
    body_action = head_action = ""
    seen: dict[int, int] = {}
    merged_bodies = merged_opens = merged_wounds = 0
    if body:
        joins = body & neighbours
        merged_opens = COUNT[body & ~neighbours & 15]
        merged_bodies = 1
        if not joins:  # joined to nothing: it goes rogue, and keeps an open end
            body_action = ROGUE
        else:
            opens = tb.opens
            wounds = tb.wounds
            mine = rival = lone = stray = mine_hurt = False
            for i in INDICES[joins]:
                n = key + STEP[i]
                c = part_comp[n * 2 + (0 if tile_body[n] & OPPOSITE_BIT[i] else 1)]
                seen[c] = seen.get(c, 0) + 1
            for c, joined in seen.items():
                o = owner[c]
                if o == seat:
                    mine = True
                    mine_hurt = mine_hurt or wounds[c] > 0
                elif o != NOBODY:
                    rival = True
                elif bodies[c]:
                    stray = True
                else:
                    lone = True
                merged_bodies += bodies[c]
                merged_opens += opens[c] - joined
                merged_wounds += wounds[c]
            if rival:
                if mine:
                    if mine_hurt:
                        return INJURED_OWN
                    body_action = STEAL
                elif lone:
                    body_action = STEAL
                else:
                    return OPPONENT
            elif mine:
                if mine_hurt:
                    return INJURED_OWN
                body_action = BUILD
            elif lone:
                body_action = START
            else:
                body_action = STRAY if stray else ROGUE
            if body_action in (STEAL, BUILD, START):
                body_owner = seat
            if merged_opens == 0 and merged_bodies < min_bodies:
                return TOO_SHORT
    if head:
        neck = head & neighbours
        if not neck:
            head_action = ALONE
        else:
            i = INDICES[neck][0]
            n = key + STEP[i]
            c = part_comp[n * 2 + (0 if tile_body[n] & OPPOSITE_BIT[i] else 1)]
            if c in seen:  # the body just joined it: judge it as the body left it
                o, cb, co, cw = body_owner, merged_bodies, merged_opens, merged_wounds
            else:
                o, cb, co, cw = owner[c], bodies[c], tb.opens[c], tb.wounds[c]
            if o == seat:
                if cw:
                    return INJURED_OWN
                head_action = CAP
                head_owner = seat
            elif o != NOBODY:
                return HEAD_ON_OPPONENT
            elif cb:
                head_action = CLAIM
                head_owner = seat
            else:
                head_action = CAP  # neck to neck: closes a snake of no body, refused below
            if co == 1 and cb < min_bodies:
                return TOO_SHORT
    return Plan(body_owner, head_owner, body_action, head_action)


def judge_on_top(tb: Table, rules: Rules, seat: int, key: int, kind: int, signature: int) -> str:
    """What an injury or a healthy body laid on the tile at ``key`` does (``injure`` or
    ``heal``), or the code of the rule it breaks (a code never equals an action)."""
    base = rules.kinds[tb.kind[key]]
    role = rules.kinds[kind].role
    if base.role != BODY:
        return NOT_ON_BODY if role == INJURY else OCCUPIED
    lies = tb.body[key] | tb.head[key] << 4
    comp = tb.part_comp[key * 2]
    if role == INJURY:
        if key in tb.wounded:
            return ONCE
        if base.armored:
            return ARMORED
        o = tb.owner[comp]
        if o == seat:
            return INJURE_OWN
        if o == NOBODY:
            return INJURE_STRAY
        if tb.opens[comp] == 0:
            return CLOSED
        return INJURE if signature == lies else SAME_SHAPE
    if role != BODY:
        return OCCUPIED
    if key not in tb.hurt:  # a body laid on a healthy body: the cell is taken
        return ONCE if key in tb.heal else OCCUPIED
    if tb.owner[comp] != seat:
        return HEAL_OWN
    return HEAL if signature == lies else SAME_SHAPE
