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
from functools import partial
from itertools import compress, repeat
from operator import add, itemgetter, mul, ne
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from editor.core.engine import BotFactory, Decision, RandomBot, random_bot

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "heuristic_bot", "random_bot"]

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import CardSpec
    from editor.games.snails.engine.tables import BoardTables
    from editor.games.snails.engine.view import SnailsView


T = TypeVar("T")


class _lazy(Generic[T]):  # named like the decorator it replaces
    """``functools.cached_property`` without its lock: a board lives for one decision in one
    thread, and the lock cost more than most of the fields it guarded."""

    def __init__(self, build: Callable[[Any], T]) -> None:
        self.build = build
        self.name = build.__name__

    @overload
    def __get__(self, board: None, owner: type) -> _lazy[T]: ...

    @overload
    def __get__(self, board: object, owner: type) -> T: ...

    def __get__(self, board: object | None, owner: type) -> T | _lazy[T]:
        if board is None:
            return self
        value = board.__dict__[self.name] = self.build(board)  # read from there from now on
        return value


class _Board:
    """What the heuristic reads from a view for one decision: each view field is a copy, so
    each is taken once, and only when the decision's ratings ask for it (cached); so are the
    answers the ratings ask again and again (reach, threats, spots)."""

    def __init__(self, view: SnailsView, ground: _Ground | None = None) -> None:
        self.view = view
        #: What the ground alone makes of spaces, kept by the bot from one decision to the
        #: next while the ground stays as it was (see :attr:`grounds`).
        self._ground = ground if ground is not None else _Ground()
        self.seat = view.seat
        self.tables = view.tables
        #: The level a snail on a space sees from: the view's, the engine's own rule.
        self.sight = view.sight
        self._reach: dict[tuple[int, int, int, bool, bool], list[int]] = {}
        self._threats: dict[int, int] = {}
        self._spots: dict[tuple[int, int], float] = {}

    @_lazy
    def level(self) -> tuple[int, ...]:
        return self.view.level

    @_lazy
    def stack(self) -> tuple[tuple[int, ...], ...]:
        return self.view.stack

    @_lazy
    def occ(self) -> tuple[tuple[int, ...], ...]:
        return self.view.occ

    @_lazy
    def owner(self) -> tuple[int, ...]:
        return self.view.snail_player

    @_lazy
    def at(self) -> tuple[int, ...]:
        return self.view.snail_at

    @_lazy
    def health(self) -> tuple[int, ...]:
        return self.view.snail_health

    @_lazy
    def shell(self) -> tuple[bool, ...]:
        return self.view.snail_shell

    @_lazy
    def mine(self) -> list[int]:
        at = self.at
        return [s for s, p in enumerate(self.owner) if p == self.seat and at[s] >= 0]

    @_lazy
    def enemies(self) -> list[int]:
        at = self.at
        return [s for s, p in enumerate(self.owner) if p != self.seat and at[s] >= 0]

    @_lazy
    def fire(self) -> tuple[int, ...]:
        """Per space, the tokens on it that do something to a snail entering it (fire): such
        spaces are to be avoided."""
        harmful = [
            t.index
            for t in self.view.rules.tokens
            if any("snail_enters" in a.events for a in t.abilities)
        ]
        tokens = self.view.tokens
        if len(harmful) == 1:  # the usual case: one kind of token burns
            return tokens[harmful[0]]
        return tuple(sum(tokens[t][x] for t in harmful) for x in range(len(self.level)))

    @_lazy
    def close(self) -> tuple[frozenset[int], ...]:
        """Per space, the spaces at most two away (the board's, worked out once)."""
        return self.tables.derived("within two", _within_two)

    @_lazy
    def enemies_at(self) -> list[int]:
        """Where the enemies are, in the order of :attr:`enemies`."""
        at = self.at
        return [at[t] for t in self.enemies]

    @_lazy
    def hand(self) -> list[CardSpec]:
        """The cards in this seat's hand."""
        rules = self.view.rules
        card_id = self.view.card_id
        return [rules.card(card_id(c)) for c in self.view.hand]

    @_lazy
    def grounds(self) -> dict[int, float]:
        """Per space rated so far: the part of :meth:`spot` the ground alone decides (height,
        shore, fire); still good while the tiles and the tokens have not changed."""
        ground = self._ground
        key = (self.stack, self.fire)
        if ground.key != key:
            ground.key = key
            ground.values = {}
        return ground.values

    def water(self, space: int) -> bool:
        return not self.stack[space]

    def reachable(self, s: int, card: CardSpec) -> list[int]:
        """Enemy snails the card could target from snail ``s``'s space now."""
        at = self.at[s]
        rmin, rmax, los, land = card.rmin, card.rmax, card.los, card.land
        # the same for every card that targets alike, from any snail on that space
        key = (at, rmin, rmax, los, land)
        found = self._reach.get(key)
        if found is not None:
            return found
        in_range = self.tables.within(at, rmin, rmax)
        own = self.sight(at)
        level = self.level
        stack = self.stack
        found = []
        for t, where in zip(self.enemies, self.enemies_at, strict=True):
            if where not in in_range:
                continue
            if los and level[where] > own:
                continue
            if land and not stack[where]:
                continue
            found.append(t)
        self._reach[key] = found
        return found

    def threats(self, s: int) -> int:
        """Enemies close enough, and high enough, to attack this snail next."""
        found = self._threats.get(s)
        if found is None:
            at = self.at[s]
            dist = self.tables.dist[at]
            mine = self.level[at]
            sight = self.sight
            found = 0
            for where in self.enemies_at:
                if dist[where] <= 3 and sight(where) >= mine:
                    found += 1
            self._threats[s] = found
        return found

    def spot(self, space: int, s: int) -> float:
        """How good a space is to stand on for snail ``s``: high, dry, not burning."""
        key = (space, s)
        found = self._spots.get(key)
        if found is not None:
            return found
        stack = self.stack
        if not stack[space]:
            found = -100.0
        else:
            grounds = self.grounds
            ground = grounds.get(space)
            if ground is None:
                shore = 0
                for x in self.tables.nbrs[space]:
                    if not stack[x]:
                        shore += 1
                # Height first (nothing below can shoot up), then a dry neighbourhood, no fire.
                ground = grounds[space] = (
                    20.0 * self.level[space] - 1.5 * shore - 8.0 * self.fire[space]
                )
            # rivals within two spaces, counted by C-level iterators (a place is rated for
            # every space it may be), and the other snails already there
            near = sum(map(self.close[space].__contains__, self.enemies_at))
            here = self.occ[space]
            crowd = len(here) - (s in here)
            # then a few rivals close by, and room (the same sum, term by term, as in one line)
            found = ground + min(near, 3) - crowd
        self._spots[key] = found
        return found


def _within_two(tables: BoardTables) -> tuple[frozenset[int], ...]:
    """Per space, the spaces at most two away from it."""
    return tuple(frozenset(x for x, d in enumerate(row) if d <= 2) for row in tables.dist)


class _Ground:
    """What one bot keeps of the ground between decisions: the tiles and tokens it was
    rated for, and the ratings."""

    __slots__ = ("key", "values")

    def __init__(self) -> None:
        self.key: object = None
        self.values: dict[int, float] = {}


#: How the heuristic rates one option of a decision of each kind (the program and the
#: revealed card's action have their own way).
_Rate = Callable[["HeuristicBot", _Board, Decision, Any], float]


class HeuristicBot:
    """A sensible newcomer: dry, high ground, attacks in reach, the shell under threat."""

    uses_view = True

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self._ground = _Ground()

    def choose(self, decision: Decision, view: Any) -> Hashable:
        """The option the heuristics rate best (ties broken at random)."""
        board = _Board(view, self._ground)
        kind = decision.kind
        options = decision.options
        if kind == "program":
            program = self._program(board, options)
            if program is not None:
                return program
            return options[self.rng.randrange(len(options))]
        if kind == "action":
            # the card being resolved is the same for every option: read once
            card, s = _current(board)
            scores = self._actions(board, card, s, options)
        else:
            rate = _RATES.get(kind)
            if rate is None:
                return options[self.rng.randrange(len(options))]
            scores = [rate(self, board, decision, o) for o in options]
        top = max(scores)
        best = [option for option, score in zip(options, scores, strict=True) if score == top]
        return best[self.rng.randrange(len(best))]

    # --- set-up -----------------------------------------------------------------------------

    def _place(self, b: _Board, d: Decision, space: Any) -> float:
        owner = b.owner
        own_here = 0
        for x in b.occ[space]:
            if owner[x] == self.seat:
                own_here += 1
        return b.spot(space, -1) - 4.0 * own_here

    # --- planning ---------------------------------------------------------------------------

    def _program(self, b: _Board, options: Sequence[Any]) -> tuple[tuple[int, int], ...] | None:
        slots = int(getattr(options, "slots", 0)) or len(options[0])
        cards = _program_cards(options)
        if not b.mine or len(cards) < slots:
            return None
        rules = b.view.rules
        most = int(rules.param("plan.snails"))
        ranked = sorted(b.mine, key=lambda s: -self._urgency(b, s))
        chosen = ranked[:most]
        specs = {c: rules.card(b.view.card_id(c)) for c in cards}
        # Each (card, snail) is rated once, as things are and once its snail has an Aim in
        # the program (the only thing earlier picks change: see _slot), in the order the
        # candidates are weighed: by card, then by snail.
        pairs = [(c, s) for c in cards for s in chosen]
        rated = [self._slot(b, specs[c], s, specs) for c, s in pairs]
        alone = [now for now, _ in rated]
        after_aim = [later for _, later in rated]
        values = alone
        picked: list[tuple[float, int, int, int]] = []
        aimed: set[int] = set()
        random_ = self.rng.random
        for _ in range(slots):
            # every candidate left gets its small random nudge, in order (one draw each, the
            # same draws as ever); the first best wins. C-level iterators do the sums.
            nudges = [random_() for _ in pairs]
            scores = list(map(add, values, map(mul, nudges, repeat(0.01))))
            top = max(scores)
            best_card, best_snail = pairs[scores.index(top)]
            picked.append((top, _order(specs[best_card], b, best_snail), best_card, best_snail))
            # the card is used: its candidates go
            left = list(map(ne, map(_CARD, pairs), repeat(best_card)))
            pairs = list(compress(pairs, left))
            alone = list(compress(alone, left))
            after_aim = list(compress(after_aim, left))
            if specs[best_card].basic == "aim":
                aimed.add(best_snail)
            if aimed:
                rows = zip(pairs, alone, after_aim, strict=True)
                values = [later if s in aimed else now for (_, s), now, later in rows]
            else:
                values = alone
        # Within the program: leave the water first, aim before shooting, shell last.
        picked.sort(key=lambda item: item[1])
        program = tuple((c, s) for _, _, c, s in picked)
        return program if program in options else None

    def _urgency(self, b: _Board, s: int) -> float:
        at = b.at[s]
        score = 0.0
        if not b.stack[at]:
            score += 100.0
        score += 10.0 * sum(1 for card in b.hand if card.attack and b.reachable(s, card))
        score += 5.0 * b.threats(s)
        score += 3.0 - b.level[at]
        return score + (1.0 if b.view.snail_kind[s] == "leader" else 0.0)

    def _slot(
        self, b: _Board, card: CardSpec, s: int, specs: Mapping[int, CardSpec]
    ) -> tuple[float, float]:
        """How good a card is for a snail in the program: as things are, and once the program
        gives that snail an Aim (all an earlier pick changes)."""
        at = b.at[s]
        stack = b.stack
        wet = not stack[at]
        basic = card.basic
        if basic == "crawl":
            if wet:
                return 60.0, 60.0
            level = b.level
            higher = any(level[x] > level[at] for x in b.tables.nbrs[at] if stack[x])
            return (6.0, 6.0) if higher else (1.0, 1.0)
        if card.attack:
            if wet and card.select != "none":
                return 0.0, 0.0
            targets = b.reachable(s, card) if card.select != "none" else b.enemies[:0]
            if not targets:
                return 0.5, 0.5
            base = 20.0 + 3.0 * card.dice
            return base + 0.0, base + (4.0 if card.dice else 0.0)
        if basic == "aim":
            shots = [c for c in specs.values() if c.attack and c.dice and b.reachable(s, c)]
            return (8.0 if shots else 0.2), 0.2
        if basic == "shell":
            return (7.0, 7.0) if b.threats(s) and not b.shell[s] else (1.0, 1.0)
        if basic == "dig":
            if card.select == "snail" and b.reachable(s, card):
                return 12.0, 12.0  # a dig that also strikes a snail in reach (the Combat Mole)
            return 0.1, 0.1  # digging lowers one's own ground
        if basic == "swap":
            return 1.5, 1.5
        if card.kind == "faction":
            return 4.0, 4.0
        return 3.0, 3.0

    # --- the action phase ---------------------------------------------------------------------

    def _actions(
        self, b: _Board, card: CardSpec | None, s: int, options: Sequence[Any]
    ) -> list[float]:
        """Every option of the revealed card rated (:meth:`_action`); crawls and plain targets,
        the options that come by the dozen, by the same sums written out."""
        if card is None or s < 0:
            return [self._action(b, card, s, act) for act in options]
        if card.basic == "crawl":
            at = b.at[s]
            spot = b.spot
            return [
                0.5 * len(act.use) + spot(act.main[-1] if act.main else at, s) - 0.1 * len(act.main)
                if not act.adjacent
                else self._action(b, card, s, act)
                for act in options
            ]
        if card.basic == "swap":
            return [self._action(b, card, s, act) for act in options]
        # a target (a snail or a space) and nothing else: 0.0 for no ability used, then its value
        value: Callable[[_Board, int], float]
        if card.select == "snail":
            value = _target_value
        elif card.places_self:
            value = partial(_spot_of, snail=s)
        else:
            value = _space_value
        return [
            0.0 + value(b, act.main)
            if type(act.main) is int and not act.use and not act.adjacent
            else self._action(b, card, s, act)
            for act in options
        ]

    def _action(self, b: _Board, card: CardSpec | None, s: int, act: Any) -> float:
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


#: The rating of each decision kind but the program and the action; any other kind is
#: chosen at random.
_RATES: dict[str, _Rate] = {
    "place": HeuristicBot._place,
    "result": lambda bot, b, d, o: float(o),  # die faces are listed lowest result first
    "push": HeuristicBot._moved,
    "step": HeuristicBot._moved,
    "capacity": HeuristicBot._victim,
    "wind-target": HeuristicBot._victim,
    # the spaces a carried attack also hits: where rivals stand, not friends
    "wind-adjacent": lambda bot, b, d, o: sum(_space_value(b, x) for x in o),
    "again": lambda bot, b, d, o: 1.0 if o else 0.0,
    "ability": HeuristicBot._ability,
    "discard": lambda bot, b, d, o: -sum(_card_value(b, c) for c in o),
    "keep": lambda bot, b, d, o: sum(_card_value(b, c) for c in o),
    "search": lambda bot, b, d, o: _card_value(b, o),
    # the friend with the most health to win back
    "heal": lambda bot, b, d, o: float(b.view.snail_max[o] - b.health[o]),
}


#: The card of a (card, snail) candidate of the program.
_CARD = itemgetter(0)


def _program_cards(options: Sequence[Any]) -> list[int]:
    """The cards a program may hold, read from the options: index k starts with card k (the
    engine's lazy sequence of programs also lists them, in that order)."""
    listed = getattr(options, "cards", None)
    if listed is not None and len(options) and getattr(options, "slots", 0):
        return list(listed)
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


def _spot_of(b: _Board, space: int, snail: int) -> float:
    """:meth:`_Board.spot`, as a function of the board and the space."""
    return b.spot(space, snail)


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
    here = b.occ[space]
    if not here:
        return 0  # as sum() of nothing
    owner = b.owner
    seat = b.seat
    value: float = 0  # summed as sum() would, from an int 0: the same float at the end
    for x in here:
        value += -3.0 if owner[x] == seat else 2.0
    return value


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
