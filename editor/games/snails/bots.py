"""Snails bots: a uniform random player and a heuristic one that plays like a newcomer.

Bots see only ``state.view(seat)`` (:class:`~editor.games.snails.engine.view.SnailsView`):
the public board, their own hand and program, and the revealed part of other programs.
The heuristic bot keeps out of the water, climbs, attacks what it can reach (a dig only
when the card also strikes a snail in reach) and goes into its shell when enemies can reach
it; it never looks ahead or counts cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from editor.core.engine import BotFactory, Decision, RandomBot, random_bot

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "heuristic_bot", "random_bot"]

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import CardSpec
    from editor.games.snails.engine.view import SnailsView


class _Board:
    """What the heuristic reads from a view once per decision (each view field is a copy)."""

    def __init__(self, view: SnailsView) -> None:
        self.view = view
        self.seat = view.seat
        self.tables = view.tables
        self.level = view.level
        self.stack = view.stack
        #: The level a snail on a space sees from: the view's, the engine's own rule.
        self.sight = view.sight
        self.occ = view.occ
        self.owner = view.snail_player
        self.at = view.snail_at
        self.health = view.snail_health
        self.shell = view.snail_shell
        self.mine = [s for s, p in enumerate(self.owner) if p == self.seat and self.at[s] >= 0]
        self.enemies = [s for s, p in enumerate(self.owner) if p != self.seat and self.at[s] >= 0]
        rules = view.rules
        # tokens that do something to a snail entering their space (fire) are to be avoided
        harmful = [
            t.index for t in rules.tokens if any("snail_enters" in a.events for a in t.abilities)
        ]
        tokens = view.tokens
        self.fire = tuple(sum(tokens[t][x] for t in harmful) for x in range(len(self.level)))

    def water(self, space: int) -> bool:
        return not self.stack[space]

    def reachable(self, s: int, card: CardSpec) -> list[int]:
        """Enemy snails the card could target from snail ``s``'s space now."""
        at = self.at[s]
        dist = self.tables.dist[at]
        own = self.sight(at)
        found = []
        for t in self.enemies:
            where = self.at[t]
            if not card.rmin <= dist[where] <= card.rmax:
                continue
            if card.los and self.level[where] > own:
                continue
            if card.land and self.water(where):
                continue
            found.append(t)
        return found

    def threats(self, s: int) -> int:
        """Enemies close enough, and high enough, to attack this snail next."""
        at = self.at[s]
        dist = self.tables.dist[at]
        mine = self.level[at]
        return sum(
            1 for t in self.enemies if dist[self.at[t]] <= 3 and self.sight(self.at[t]) >= mine
        )

    def spot(self, space: int, s: int) -> float:
        """How good a space is to stand on for snail ``s``: high, dry, not burning."""
        if self.water(space):
            return -100.0
        nbrs = self.tables.nbrs[space]
        shore = sum(1 for x in nbrs if self.water(x))
        near = sum(1 for t in self.enemies if self.tables.dist[space][self.at[t]] <= 2)
        crowd = sum(1 for x in self.occ[space] if x != s)
        # Height first (nothing below can shoot up), then a dry neighbourhood, no fire.
        return (
            20.0 * self.level[space] - 1.5 * shore - 8.0 * self.fire[space] + min(near, 3) - crowd
        )


class HeuristicBot:
    """A sensible newcomer: dry, high ground, attacks in reach, the shell under threat."""

    uses_view = True

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, decision: Decision, view: Any) -> Hashable:
        """The option the heuristics rate best (ties broken at random)."""
        board = _Board(view)
        kind = decision.kind
        options = decision.options
        if kind == "program":
            program = self._program(board, options)
            if program is not None:
                return program
            return options[self.rng.randrange(len(options))]
        rates: dict[str, Callable[[_Board, Decision, Any], float]] = {
            "place": self._place,
            "action": self._action,
            "result": lambda b, d, o: float(o),  # die faces are listed lowest result first
            "push": self._moved,
            "step": self._moved,
            "capacity": self._victim,
            "wind-target": self._victim,
            # the spaces a carried attack also hits: where rivals stand, not friends
            "wind-adjacent": lambda b, d, o: sum(_space_value(b, x) for x in o),
            "again": lambda b, d, o: 1.0 if o else 0.0,
            "ability": self._ability,
            "discard": lambda b, d, o: -sum(_card_value(b, c) for c in o),
            "keep": lambda b, d, o: sum(_card_value(b, c) for c in o),
            "search": lambda b, d, o: _card_value(b, o),
            # the friend with the most health to win back
            "heal": lambda b, d, o: float(b.view.snail_max[o] - b.health[o]),
        }
        rate = rates.get(kind)
        if rate is None:
            return options[self.rng.randrange(len(options))]
        best: list[Hashable] = []
        top = float("-inf")
        for option in options:
            score = rate(board, decision, option)
            if score > top:
                top, best = score, [option]
            elif score == top:
                best.append(option)
        return best[self.rng.randrange(len(best))]

    # --- set-up -----------------------------------------------------------------------------

    def _place(self, b: _Board, d: Decision, space: Any) -> float:
        own_here = sum(1 for x in b.occ[space] if b.owner[x] == self.seat)
        return b.spot(space, -1) - 4.0 * own_here

    # --- planning ---------------------------------------------------------------------------

    def _program(self, b: _Board, options: Sequence[Any]) -> tuple[tuple[int, int], ...] | None:
        slots = int(getattr(options, "slots", 0)) or len(options[0])
        cards = _program_cards(options)
        if not b.mine or len(cards) < slots:
            return None
        most = int(b.view.rules.param("plan.snails"))
        ranked = sorted(b.mine, key=lambda s: -self._urgency(b, s))
        chosen = ranked[:most]
        specs = {c: b.view.rules.card(b.view.card_id(c)) for c in cards}
        picked: list[tuple[float, int, int, int]] = []
        used: set[int] = set()
        for _ in range(slots):
            best: tuple[float, int, int, int] | None = None
            for c in cards:
                if c in used:
                    continue
                for s in chosen:
                    score = self._slot(b, specs[c], s, picked, specs) + self.rng.random() * 0.01
                    if best is None or score > best[0]:
                        best = (score, _order(specs[c], b, s), c, s)
            assert best is not None
            picked.append(best)
            used.add(best[2])
        # Within the program: leave the water first, aim before shooting, shell last.
        picked.sort(key=lambda item: item[1])
        program = tuple((c, s) for _, _, c, s in picked)
        return program if program in options else None

    def _urgency(self, b: _Board, s: int) -> float:
        at = b.at[s]
        score = 0.0
        if b.water(at):
            score += 100.0
        hand = [b.view.rules.card(b.view.card_id(c)) for c in b.view.hand]
        score += 10.0 * sum(1 for card in hand if card.attack and b.reachable(s, card))
        score += 5.0 * b.threats(s)
        score += 3.0 - b.level[at]
        return score + (1.0 if b.view.snail_kind[s] == "leader" else 0.0)

    def _slot(
        self,
        b: _Board,
        card: CardSpec,
        s: int,
        picked: list[tuple[float, int, int, int]],
        specs: Mapping[int, CardSpec],
    ) -> float:
        at = b.at[s]
        wet = b.water(at)
        same = [specs[c] for _, _, c, x in picked if x == s]
        basic = card.basic
        if basic == "crawl":
            if wet:
                return 60.0
            higher = any(b.level[x] > b.level[at] for x in b.tables.nbrs[at] if not b.water(x))
            return 6.0 if higher else 1.0
        if card.attack:
            if wet and card.select != "none":
                return 0.0
            targets = b.reachable(s, card) if card.select != "none" else b.enemies[:0]
            if not targets:
                return 0.5
            aimed = any(c.basic == "aim" for c in same)
            return 20.0 + 3.0 * card.dice + (4.0 if aimed and card.dice else 0.0)
        if basic == "aim":
            shots = [c for c in specs.values() if c.attack and c.dice and b.reachable(s, c)]
            return 8.0 if shots and not any(c.basic == "aim" for c in same) else 0.2
        if basic == "shell":
            return 7.0 if b.threats(s) and not b.shell[s] else 1.0
        if basic == "dig":
            if card.select == "snail" and b.reachable(s, card):
                return 12.0  # a dig that also strikes a snail in reach (the Combat Mole)
            return 0.1  # digging lowers one's own ground
        if basic == "swap":
            return 1.5
        if card.kind == "faction":
            return 4.0
        return 3.0

    # --- the action phase ---------------------------------------------------------------------

    def _action(self, b: _Board, d: Decision, act: Any) -> float:
        card, s = _current(b)
        if card is None or s < 0:
            return 0.0
        main = act.main
        score = 0.5 * len(act.use)  # optional abilities are there to be used
        for x in act.adjacent:
            score += _space_value(b, x)
        if card.basic == "crawl":
            end = main[-1] if main else b.at[s]
            return score + b.spot(end, s) - 0.1 * len(main)
        if card.basic == "swap":
            return score + sum(2.5 - _card_value(b, c) for c in main)
        if isinstance(main, int) and not isinstance(main, bool):
            if card.select == "snail":
                return score + _target_value(b, main)
            if card.places_self:
                return score + b.spot(main, s)
            return score + _space_value(b, main)
        return score

    def _moved(self, b: _Board, d: Decision, space: Any) -> float:
        s = b.view.about
        if s < 0:
            return 0.0
        good = b.spot(space, s)
        return good if b.owner[s] == self.seat else -good

    def _victim(self, b: _Board, d: Decision, s: Any) -> float:
        return _target_value(b, s)

    def _ability(self, b: _Board, d: Decision, option: Any) -> float:
        if option is None or option is False:
            return 0.0
        if option is True:
            return 1.0
        return 1.0 + _space_value(b, option)


def _program_cards(options: Sequence[Any]) -> list[int]:
    """The cards a program may hold, read from the options: index k starts with card k."""
    first = options[0][0][0]
    cards = [first]
    for k in range(1, len(options)):
        card = options[k][0][0]
        if card == first:
            break
        cards.append(card)
    return cards


def _order(card: CardSpec, b: _Board, s: int) -> int:
    if card.basic == "crawl" and b.water(b.at[s]):
        return 0
    if card.basic == "aim":
        return 1
    if card.basic == "shell":
        return 4
    return 3 if card.basic == "crawl" else 2


def _current(b: _Board) -> tuple[CardSpec | None, int]:
    """The card this seat is resolving now and the snail playing it."""
    program = b.view.program
    shown = len(b.view.revealed[b.seat])
    if not program or shown == 0:
        return None, -1
    card, snail = program[shown - 1]
    return b.view.rules.card(b.view.card_id(card)), snail


def _target_value(b: _Board, t: int) -> float:
    if t < 0 or b.at[t] < 0:
        return 0.0
    if b.owner[t] == b.seat:
        return -50.0
    score = 10.0 + (30 - b.health[t]) * 0.3
    if b.view.snail_kind[t] == "leader":
        score += 3.0
    if b.shell[t]:
        score -= 5.0
    return score


def _space_value(b: _Board, space: int) -> float:
    if space < 0:
        return 0.0
    return sum(-3.0 if b.owner[x] == b.seat else 2.0 for x in b.occ[space])


def _card_value(b: _Board, instance: Any) -> float:
    card = b.view.rules.card(b.view.card_id(instance))
    if card.attack:
        return 3.0 + card.dice
    return 4.0 if card.kind == "faction" else 2.0


def heuristic_bot(seat: int, rng: random.Random) -> HeuristicBot:
    """A :class:`HeuristicBot` for a seat."""
    return HeuristicBot(seat, rng)


#: The Snails bots by name; the engine's ``bots()`` returns this.
BOTS: dict[str, BotFactory] = {"random": random_bot, "heuristic": heuristic_bot}
