"""What a legal placement would do, read from the table before it is made (for the bots).

Everything here is public (the table) or the player's own (its rack), so a seat's view may
offer it. A :class:`Forecast` says which actions the tile's parts perform (the engine's own
verdict: :func:`placing.judge`), the points it would score at once, the rival bodies it
would steal, and for the snake the body ends up in: its bodies and open ends after. For an
injury or a healing: the snake it lands on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from editor.games.snakes_of_wrath.engine.choices import Place
from editor.games.snakes_of_wrath.engine.placing import (
    HEAL,
    INJURE,
    STEAL,
    judge,
    judge_on_top,
)
from editor.games.snakes_of_wrath.engine.rules import INJURY, TODD, signature
from editor.games.snakes_of_wrath.engine.sides import COUNT, INDICES, OPPOSITE_BIT, STEP, key_of
from editor.games.snakes_of_wrath.engine.table import NOBODY

if TYPE_CHECKING:
    from editor.games.snakes_of_wrath.engine.state import State


class Forecast(NamedTuple):
    """What one placement would do."""

    #: The body's and the head's actions (``placing``'s words; "" for no such part), or
    #: ``injure`` / ``heal`` / ``todd`` as the body's action.
    body_action: str
    head_action: str
    #: Points the placing seat would score at once (a snake closed, a Todd, a healing).
    points: int
    #: Rival bodies that would become the placer's.
    stolen: int
    #: The snake the body (else the head) ends up in, or is laid on: its bodies, open ends
    #: and owner after the placement (``NOBODY``: -1), and whether it is injured.
    bodies: int
    opens: int
    owner: int
    injured: bool


def forecast(st: State, seat: int, place: Place) -> Forecast:
    """The forecast of a legal placement (``ValueError`` for one the rules refuse)."""
    rules, tb = st.rules, st.table
    kind = rules.kind_of(place.tile)
    _, body, head = kind.orient(place.turn)
    key = key_of(place.x, place.y)
    if key in tb.kind:
        return _on_top(st, seat, key, kind.index, signature(body, head))
    neighbours = tb.edge.get(key, 0)
    fits = key in tb.edge and (body | head) & neighbours == tb.inward.get(key, 0)
    if not fits or kind.role == INJURY:
        raise ValueError(f"not a legal placement: {place!r} (it does not fit there)")
    if kind.role == TODD:
        return Forecast("todd", "", rules.todd_points, 0, 0, 0, NOBODY, False)
    plan = judge(tb, seat, rules.min_bodies, key, body, head, neighbours)
    if isinstance(plan, str):
        raise ValueError(f"not a legal placement: {place!r} [{plan}]")
    # the snake the body makes: the components it joins, merged
    joined: dict[int, int] = {}
    for i in INDICES[body & neighbours]:
        n = key + STEP[i]
        c = tb.part_comp[n * 2 + (0 if tb.body[n] & OPPOSITE_BIT[i] else 1)]
        joined[c] = joined.get(c, 0) + 1
    bodies = 1 if body else 0
    opens = COUNT[body & ~neighbours & 15] if body else 0
    wounds = stolen = 0
    for c, joins in joined.items():
        bodies += tb.bodies[c]
        opens += tb.opens[c] - joins
        wounds += tb.wounds[c]
        if plan.body_action == STEAL and tb.owner[c] not in (NOBODY, seat):
            stolen += tb.bodies[c]
    owner = plan.body_owner
    points = 0
    if body and opens == 0 and owner == seat and not wounds:
        points += bodies * rules.body_points
    if head:
        neck = head & neighbours
        if not neck and not body:  # a head alone: its own snake, one open end
            return Forecast(plan.body_action, plan.head_action, 0, 0, 0, 1, NOBODY, False)
        if neck:
            i = INDICES[neck][0]
            n = key + STEP[i]
            c = tb.part_comp[n * 2 + (0 if tb.body[n] & OPPOSITE_BIT[i] else 1)]
            if c in joined:  # the head caps the snake its own body just joined
                opens -= 1
                if opens == 0 and owner == seat and not wounds:
                    points += bodies * rules.body_points
            else:
                after = tb.opens[c] - 1
                if after == 0 and plan.head_owner == seat and not tb.wounds[c]:
                    points += tb.bodies[c] * rules.body_points
                if not body:
                    return Forecast(
                        plan.body_action,
                        plan.head_action,
                        points,
                        0,
                        tb.bodies[c],
                        after,
                        plan.head_owner,
                        tb.wounds[c] > 0,
                    )
    return Forecast(
        plan.body_action, plan.head_action, points, stolen, bodies, opens, owner, wounds > 0
    )


def _on_top(st: State, seat: int, key: int, kind: int, sig: int) -> Forecast:
    tb = st.table
    done = judge_on_top(tb, st.rules, seat, key, kind, sig)
    if done not in (INJURE, HEAL):
        raise ValueError(f"not a legal placement at {key} [{done}]")
    comp = tb.part_comp[key * 2]
    wounds = tb.wounds[comp] + (1 if done == INJURE else -1)
    points = 0
    if done == HEAL and wounds == 0 and tb.opens[comp] == 0 and not tb.scored[comp]:
        points = tb.bodies[comp] * st.rules.body_points
    return Forecast(
        done, "", points, 0, tb.bodies[comp], tb.opens[comp], tb.owner[comp], wounds > 0
    )
