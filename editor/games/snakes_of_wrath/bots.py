"""The Snakes of Wrath bots by name: the random bot every game shares, and a heuristic one.

The heuristic bot sees only its seat's view (``SnakesView``: the table, its own rack, the
sack's size, the scores) and asks it what each legal placement would do
(:meth:`SnakesView.forecast`). It rates them in this order: score now (close a snake, lay a
Todd, heal the last injury of a closed snake), steal, heal its own snake, injure the rival's
longest open snake, cap its own snake's open end (heads are kept for that), claim a stray,
build on its own snake (fewer open ends first), start a snake, lay a head alone to start
one from. When nothing better than a body that joins nothing is on offer, it swaps the
tiles it can use least (and lays such a body only when it cannot swap). It never looks
ahead; ties are broken by its own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from editor.core.engine import BotFactory, Decision, random_bot
from editor.games.snakes_of_wrath.engine.choices import PASS, Place, Swap
from editor.games.snakes_of_wrath.engine.options import TurnOptions

if TYPE_CHECKING:
    from editor.games.snakes_of_wrath.engine.forecast import Forecast
    from editor.games.snakes_of_wrath.engine.view import SnakesView

#: The rating of each thing a placement may do (higher first); the numbers only order them.
SCORE, STEAL, HEAL, INJURE, CAP, CLAIM, BUILD, START, PLAN, LONE = (
    1000,
    800,
    700,
    600,
    500,
    400,
    300,
    200,
    120,
    10,
)
#: Below this, the best placement is not worth a turn: swap instead, when a swap is legal.
#: A head laid alone (plans for a snake) is worth one; a body joined to nothing is not.
WORTH_A_TURN = 100


def rating(f: Forecast, seat: int) -> float:
    """How much the heuristic likes a placement, from its forecast."""
    if f.points:
        return SCORE + 10 * f.points
    if f.stolen:
        return STEAL + 10 * f.stolen - f.opens
    action, head = f.body_action, f.head_action
    if action == "heal":
        return HEAL + f.bodies
    if action == "injure":  # the longest snake first, then the nearest to closing
        return INJURE + 10 * f.bodies - f.opens
    if head == "cap" and f.owner == seat:
        return CAP + f.bodies - 10 * f.opens
    if head == "claim":
        return CLAIM + f.bodies - 10 * f.opens
    if action == "build":
        return BUILD + f.bodies - 10 * f.opens
    if action == "start":
        return START - f.opens
    if head == "head" and not action:
        return PLAN  # a head alone, for a snake to start from
    return LONE  # a stray or rogue body: joins nothing of ours


class HeuristicBot:
    """Closes, steals, heals, injures and caps when it can; swaps what it cannot use."""

    uses_view = True

    def __init__(self, seat: int, rng: random.Random) -> None:
        """A bot for ``seat``, breaking ties with ``rng``."""
        self.seat = seat
        self.rng = rng

    def choose(self, decision: Decision, view: Any) -> Hashable:
        """The best rated placement; else a swap of the least useful tiles; else a pass."""
        options = decision.options
        rated = [(rating(view.forecast(p), self.seat), p) for p in _placements(options)]
        best = max((r for r, _ in rated), default=None)
        if best is not None and best >= WORTH_A_TURN:
            return self.rng.choice([p for r, p in rated if r == best])
        swap = self._swap(view, rated)
        if swap is not None and swap in options:
            return swap
        if best is not None:
            return self.rng.choice([p for r, p in rated if r == best])
        return PASS

    def _swap(self, view: SnakesView, rated: Sequence[tuple[float, Place]]) -> Swap | None:
        """The swap of the tiles whose best use is worst (those with none first)."""
        count = view.rules.swap
        rack = view.rack
        if len(rack) < count or view.bag_size < count:
            return None
        kind_of = view.rules.box
        use: dict[int, float] = {}
        for r, p in rated:
            kind = kind_of[p.tile]
            use[kind] = max(use.get(kind, 0.0), r)
        order = sorted(rack, key=lambda t: (use.get(kind_of[t], 0.0), self.rng.random()))
        return Swap(tuple(sorted(order[:count])))


def _placements(options: Sequence[Hashable]) -> Sequence[Place]:
    if isinstance(options, TurnOptions):
        return options.placements
    return [o for o in options if isinstance(o, Place)]


def heuristic_bot(seat: int, rng: random.Random) -> HeuristicBot:
    """A :class:`HeuristicBot` for a seat (a ``BotFactory``)."""
    return HeuristicBot(seat, rng)


#: The bots the simulator may seat.
BOTS: Mapping[str, BotFactory] = {"random": random_bot, "heuristic": heuristic_bot}
