"""The heuristic Snails bot: each option of a decision rated, the best taken (ties at random).

Decisions that come with dozens of options (where a snail starts, the targets and paths of
a revealed card) are rated in one loop, by the very sums the one-option rating makes, term
by term, with what options share (a spot, a target's value) worked out once. A decision
with one option is not rated at all, but its draw is made as ever (the generator's next
decisions stay the same).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision
from editor.games.snails.bots.board import Board, Memory
from editor.games.snails.bots.program import plan

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import CardSpec

#: An action option's target (``Action.main``).
_MAIN = itemgetter(0)
#: How the heuristic rates one option of a decision of each kind (the program, the places
#: and the revealed card's action have their own way).
_Rate = Callable[["HeuristicBot", Board, Decision, Any], float]


class HeuristicBot:
    """A sensible newcomer: dry, high ground, attacks in reach, the shell under threat."""

    uses_view = True

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self._memory = Memory()

    def choose(self, decision: Decision, view: Any) -> Hashable:
        """The option the heuristics rate best (ties broken at random)."""
        kind = decision.kind
        options = decision.options
        if kind == "program":
            board = Board(view, self._memory)
            board.read_for_program()
            program = plan(board, options, self.rng)
            if program is not None:
                return program
            return options[_below(self.rng, len(options))]
        if len(options) == 1:  # forced: nothing to rate, the draw made as ever
            _below(self.rng, 1)
            return options[0]
        board = Board(view, self._memory)
        if kind == "action":
            board.read_for_action()
            # the card being resolved is the same for every option: read once
            card, s = _current(board)
            scores = self._actions(board, card, s, options)
        elif kind == "place":
            board.read_for_spots()
            scores = self._places(board, options)
        else:
            rate = _RATES.get(kind)
            if rate is None:
                return options[_below(self.rng, len(options))]
            scores = [rate(self, board, decision, o) for o in options]
        top = max(scores)
        tied = scores.count(top)
        if tied == 1:  # the draw made as ever, from one
            _below(self.rng, 1)
            return options[scores.index(top)]
        # the draw among the tied (it depends on their number only), then the tied option
        # with that rank, found by C scans: no list of the tied made
        rank = _below(self.rng, tied)
        at = scores.index(top)
        for _ in range(rank):
            at = scores.index(top, at + 1)
        return options[at]

    # --- set-up -----------------------------------------------------------------------------

    def _places(self, b: Board, options: Sequence[Any]) -> list[float]:
        """Where a snail may start: a good spot, not crowding the seat's own snails.

        Only the spaces whose ceiling (the most a spot can be, :attr:`Board.ceilings`) is as
        high as the rating of the space with the highest one are rated in full: the best are
        among them, and the others are rated -inf (they cannot be the best)."""
        ceilings = b.ceilings
        most = list(map(ceilings.__getitem__, options))  # (a dict subclass: map costs less)
        top = max(most)
        floor = self._rate_places(b, (options[most.index(top)],))[0]
        if min(most) >= floor:  # every place may be the best: all rated
            return self._rate_places(b, options)
        kept = [k for k, ceiling in enumerate(most) if ceiling >= floor]
        rated = [-math.inf] * len(most)
        for k, score in zip(kept, self._rate_places(b, [options[k] for k in kept]), strict=True):
            rated[k] = score
        return rated

    def _rate_places(self, b: Board, options: Sequence[Any]) -> list[float]:
        """:meth:`_places` of each option, rated in full."""
        spots = b.spots(options, -1)
        occ = b.occ
        heres = list(map(occ.__getitem__, options))
        if not any(heres):  # no snail yet on any: none of one's own
            return spots
        owner, seat = b.owner, self.seat
        for k in compress(range(len(heres)), heres):  # 4.0 for each snail of one's own
            own = 0
            for x in heres[k]:
                if owner[x] == seat:
                    own += 1
            spots[k] -= 4.0 * own
        return spots

    # --- the action phase ---------------------------------------------------------------------

    def _actions(
        self, b: Board, card: CardSpec | None, s: int, options: Sequence[Any]
    ) -> list[float]:
        """Every option of the revealed card rated (:meth:`_action`); crawls and targets, the
        options that come by the dozen, by the same sums written out."""
        if card is None or s < 0:
            return [0.0] * len(options)
        basic = card.basic
        if basic == "crawl":
            at = b.at[s]
            ends = [act.main[-1] if act.main else at for act in options]
            places = list(dict.fromkeys(ends))
            spots = dict(zip(places, b.spots(places, s), strict=True))
            rated = []
            for act, end in zip(options, ends, strict=True):
                main, adjacent, use = act
                if adjacent:
                    rated.append(self._action(b, card, s, act))
                else:
                    rated.append(0.5 * len(use) + spots[end] - 0.1 * len(main))
            return rated
        if basic == "swap":
            return [self._action(b, card, s, act) for act in options]
        # a target (a snail or a space), maybe with spaces next to it: its value last
        if card.select == "snail":
            target = b.target
            known = b.targets  # target() of the snails rated so far
            rated = []
            for act in options:
                main, adjacent, use = act
                if type(main) is int and not use and not adjacent:
                    value = known.get(main)
                    rated.append(0.0 + (target(main) if value is None else value))
                else:
                    rated.append(self._action(b, card, s, act))
            return rated
        mains = list(map(_MAIN, options))
        if set(map(type, mains)) != {int}:  # not every option has a target: those that do
            mains = [main for main in mains if type(main) is int]
        if not mains:  # no target to rate (an aim, a ring): one by one
            return [self._action(b, card, s, act) for act in options]
        # what hitting each occupied space is worth (worked out when some option hits one)
        hit: dict[int, float] | None = None
        if card.places_self:
            values = dict(zip(mains, b.spots(mains, s), strict=True))
        else:
            hit = values = b.space_values
        scores = []
        for act in options:
            main, adjacent, use = act
            if type(main) is not int:
                scores.append(self._action(b, card, s, act))
                continue
            score = 0.5 * len(use)  # optional abilities are there to be used
            if adjacent:
                if hit is None:
                    hit = b.space_values
                for x in adjacent:
                    score += hit.get(x, 0)  # as space_value (0 for none, -1)
            scores.append(score + values.get(main, 0))  # a space: as space_value
        return scores

    def _action(self, b: Board, card: CardSpec, s: int, act: Any) -> float:
        """One option of the revealed card: the abilities it uses and spaces it also hits,
        then where the snail ends up, what a swap gives away, or what the target is worth."""
        main = act.main
        score = 0.5 * len(act.use)  # optional abilities are there to be used
        for x in act.adjacent:
            score += b.space_value(x)
        if card.basic == "crawl":
            end = main[-1] if main else b.at[s]
            return score + b.spot(end, s) - 0.1 * len(main)
        if card.basic == "swap":
            return score + sum(2.5 - b.card_value(c) for c in main)
        if isinstance(main, int) and not isinstance(main, bool):
            if card.select == "snail":
                return score + b.target(main)
            if card.places_self:
                return score + b.spot(main, s)
            return score + b.space_value(main)
        return score

    # --- everything else ----------------------------------------------------------------------

    def _moved(self, b: Board, d: Decision, space: Any) -> float:
        s = b.view.about
        if s < 0:
            return 0.0
        good = b.spot(space, s)
        return good if b.owner[s] == self.seat else -good

    def _victim(self, b: Board, d: Decision, s: Any) -> float:
        return b.target(s)

    def _ability(self, b: Board, d: Decision, option: Any) -> float:
        if option is None or option is False:
            return 0.0
        if option is True:
            return 1.0
        return 1.0 + b.space_value(option)


#: The rating of each decision kind but the program, the places and the action; any other
#: kind is chosen at random.
_RATES: dict[str, _Rate] = {
    "result": lambda bot, b, d, o: float(o),  # die faces are listed lowest result first
    "push": HeuristicBot._moved,
    "step": HeuristicBot._moved,
    "capacity": HeuristicBot._victim,
    "wind-target": HeuristicBot._victim,
    # the spaces a carried attack also hits: where rivals stand, not friends
    "wind-adjacent": lambda bot, b, d, o: sum(b.space_value(x) for x in o),
    "again": lambda bot, b, d, o: 1.0 if o else 0.0,
    "ability": HeuristicBot._ability,
    "discard": lambda bot, b, d, o: -sum(b.card_value(c) for c in o),
    "keep": lambda bot, b, d, o: sum(b.card_value(c) for c in o),
    "search": lambda bot, b, d, o: b.card_value(o),
    # the friend with the most health to win back
    "heal": lambda bot, b, d, o: float(b.view.snail_max[o] - b.health[o]),
}


def _below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, draw for draw, without its Python frames for a plain generator."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    bits = n.bit_length()
    j = rng.getrandbits(bits)
    while j >= n:
        j = rng.getrandbits(bits)
    return j


def _current(b: Board) -> tuple[CardSpec | None, int]:
    """The card this seat is resolving now and the snail playing it."""
    found = b.view.resolving()
    return (None, -1) if found is None else found


def heuristic_bot(seat: int, rng: random.Random) -> HeuristicBot:
    """A :class:`HeuristicBot` for a seat."""
    return HeuristicBot(seat, rng)
