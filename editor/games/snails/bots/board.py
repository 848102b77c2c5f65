"""What the heuristic bot reads of a view for one decision, and what it keeps longer: per set
of rules (cards by id, their values, the tokens that burn), per bot (whose snails are whose)
and per board (the ground's part of a spot)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from editor.core.kept import KeptByIdentity

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import CardSpec, Rules
    from editor.games.snails.engine.tables import BoardTables
    from editor.games.snails.engine.view import SnailsView

T = TypeVar("T")
#: How a card targets: nearest and farthest range, line of sight, land only.
Reach = tuple[int, int, bool, bool]


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


class _read(Generic[T]):  # a lower-case name, as the decorator above
    """A field of the view, read on first use and kept (one Python frame, not two)."""

    def __init__(self, field: str) -> None:
        self.field = field
        self.name = field

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, board: None, owner: type) -> _read[T]: ...

    @overload
    def __get__(self, board: object, owner: type) -> T: ...

    def __get__(self, board: object | None, owner: type) -> T | _read[T]:
        if board is None:
            return self
        value: T = getattr(board.view, self.field)  # type: ignore[attr-defined]
        board.__dict__[self.name] = value  # read from there from now on
        return value


class _Cards(dict[str, "CardSpec"]):
    """The rules' cards by id, each looked up once (``rules.card``), then read by C code."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, card_id: str) -> CardSpec:
        found = self[card_id] = self.rules.card(card_id)
        return found


class _CardValues(dict[str, float]):
    """What holding a card is worth, by card id (:func:`card_value`), worked out once each."""

    def __init__(self, cards: _Cards) -> None:
        super().__init__()
        self.cards = cards

    def __missing__(self, card_id: str) -> float:
        found = self[card_id] = card_value(self.cards[card_id])
        return found


def card_value(card: CardSpec) -> float:
    """What holding a card is worth: attacks by their dice, then the faction's card."""
    if card.attack:
        return 3.0 + card.dice
    return 4.0 if card.kind == "faction" else 2.0


class Known:
    """What the bot works out of one set of compiled rules, once per process."""

    __slots__ = ("burning", "cards", "rules", "slots", "values")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cards = _Cards(rules)
        self.values = _CardValues(self.cards)
        #: The token kinds that do something to a snail entering their space (fire).
        self.burning = tuple(
            t.index for t in rules.tokens if any("snail_enters" in a.events for a in t.abilities)
        )
        #: How the program rates each card (by card index; see ``program.slot_kind``).
        self.slots: dict[int, tuple[Any, ...]] = {}


#: What the bot knows of each set of rules (a process plays one design at a time, or a few).
_KNOWN: KeptByIdentity[Rules, Known] = KeptByIdentity(16)


def known(rules: Rules) -> Known:
    """What the bot knows of these rules (worked out on first use)."""
    return _KNOWN.get(rules, Known)


class Memory:
    """What one bot keeps from one decision to the next: whose snails are whose (snails only
    ever join a match, and keep their owner), and what it knows of the rules and the board
    it last saw (found again by identity, without the process-wide look-up)."""

    __slots__ = ("board", "enemies", "known", "mine", "split_for")

    def __init__(self) -> None:
        #: The owners (``snail_player``) and the seat the split was made for.
        self.split_for: tuple[tuple[int, ...], int] | None = None
        self.mine: tuple[int, ...] = ()
        self.enemies: tuple[int, ...] = ()
        #: The rules last seen and :func:`known` of them.
        self.known: tuple[Rules, Known] | None = None
        #: The board's tables last seen and the bots' tables of them.
        self.board: tuple[BoardTables, _Tables] | None = None

    def known_of(self, rules: Rules) -> Known:
        """:func:`known` of these rules (kept while they are the ones seen)."""
        kept = self.known
        if kept is None or kept[0] is not rules:
            kept = self.known = (rules, known(rules))
        return kept[1]

    def board_of(self, tables: BoardTables) -> _Tables:
        """The bots' tables of this board (kept while it is the one seen)."""
        kept = self.board
        if kept is None or kept[0] is not tables:
            kept = self.board = (tables, _tables_of(tables))
        return kept[1]

    def split(self, owners: tuple[int, ...], seat: int) -> None:
        """Sort the snails into this seat's and the others'."""
        self.split_for = (owners, seat)
        self.mine = tuple(s for s, p in enumerate(owners) if p == seat)
        self.enemies = tuple(s for s, p in enumerate(owners) if p != seat)


class _Tables:
    """What the bots work out of one board's tables, once per process: ranges and
    neighbourhoods as bit masks; and, for the last tiles and tokens seen on it, the ground's
    part of spots and where a snail can climb (the bots of a match take turns on one board,
    so they share these while the tiles and tokens stay as they were)."""

    __slots__ = ("climbs", "close", "ground", "near", "ranges", "tables")

    def __init__(self, tables: BoardTables) -> None:
        self.tables = tables
        #: Per space, the bits of the spaces at most two away.
        self.close = tuple(sum(1 << x for x, d in enumerate(row) if d <= 2) for row in tables.dist)
        #: Per space, the bits of the spaces at most three away (a threat's reach).
        self.near = tuple(sum(1 << x for x, d in enumerate(row) if d <= 3) for row in tables.dist)
        #: The bits of a range's spaces by (space, nearest, farthest).
        self.ranges: dict[tuple[int, int, int], int] = {}
        #: The tiles and tokens last seen with the ground ratings for them, and the tiles last
        #: seen with where a snail can climb: tuples replaced whole (a board reads the one it
        #: found, whatever other threads do).
        self.ground: tuple[object, _Grounds | None] = (None, None)
        self.climbs: tuple[object, dict[int, bool]] = (None, {})

    def range_bits(self, space: int, nearest: int, farthest: int) -> int:
        """The bits of the spaces from ``nearest`` to ``farthest`` away from ``space``."""
        key = (space, nearest, farthest)
        found = self.ranges.get(key)
        if found is None:
            found = self.ranges[key] = sum(
                1 << x for x in self.tables.within(space, nearest, farthest)
            )
        return found


#: The bots' tables of each board.
_BOARDS: KeptByIdentity[BoardTables, _Tables] = KeptByIdentity(16)


def _tables_of(tables: BoardTables) -> _Tables:
    """The bots' tables of a board (worked out on first use)."""
    return _BOARDS.get(tables, _Tables)


class _Grounds(dict[int, float]):
    """The ground's part of a spot per space (:meth:`Board.spots`), worked out on first use
    from the tiles and tokens it was made for."""

    def __init__(
        self,
        stack: tuple[tuple[int, ...], ...],
        level: tuple[int, ...],
        fire: tuple[int, ...],
        nbrs: Sequence[Sequence[int]],
    ) -> None:
        super().__init__()
        self.stack = stack
        self.level = level
        self.fire = fire
        self.nbrs = nbrs
        #: The most a spot can be, per space (:class:`_Ceilings`).
        self.ceilings = _Ceilings(self)

    def __missing__(self, space: int) -> float:
        stack = self.stack
        shore = 0
        for x in self.nbrs[space]:
            if not stack[x]:
                shore += 1
        # Height first (nothing below can shoot up), then a dry neighbourhood, no fire.
        found = self[space] = 20.0 * self.level[space] - 1.5 * shore - 8.0 * self.fire[space]
        return found


class _Ceilings(dict[int, float]):
    """The most :meth:`Board.spots` can rate a space: its ground and three rivals close by on
    land (nothing it adds is more, the crowd only takes away), -100 in the water."""

    def __init__(self, grounds: _Grounds) -> None:
        super().__init__()
        self.grounds = grounds

    def __missing__(self, space: int) -> float:
        grounds = self.grounds
        found = self[space] = grounds[space] + 3 if grounds.stack[space] else -100.0
        return found


def _living(snails: tuple[int, ...], at: tuple[int, ...]) -> list[int]:
    """The snails among these on the board (``at`` 0 or more), in order (a plain loop: on
    CPython 3.11 it costs less than ``compress`` over ``map`` of slot wrappers)."""
    return [s for s in snails if at[s] >= 0]


class Board:
    """What the heuristic reads from a view for one decision: each view field is a copy, so
    each is taken once, and only when the decision's ratings ask for it (cached); so are the
    answers the ratings ask again and again (reach, threats, target values)."""

    def __init__(self, view: SnailsView, memory: Memory | None = None) -> None:
        self.view = view
        #: What the bot keeps between decisions (see :class:`Memory`).
        self.memory = memory if memory is not None else Memory()
        self.seat = view.seat

    def read_for_spots(self) -> None:
        """Read at once what rating spots always reads (a place, a push, a step): the same
        values the lazy fields would read, without a frame each."""
        view = self.view
        fields = self.__dict__  # one store each, as in read_for_program
        fields["owner"] = view.snail_player
        fields["at"] = view.snail_at
        fields["occ"] = view.occ
        fields["stack"] = view.stack
        fields["rules"] = view.rules
        fields["tables"] = view.tables

    def read_for_action(self) -> None:
        """Read at once what rating a revealed card's options nearly always reads (whose
        snails are whose, where they are), as :meth:`read_for_spots`."""
        fields = self.__dict__
        view = self.view
        fields["owner"] = view.snail_player
        fields["at"] = view.snail_at

    def read_for_program(self) -> None:
        """Read at once what rating a program always reads (as :meth:`read_for_spots`), with
        the empty tables of the answers it keeps."""
        view = self.view
        at = view.snail_at
        owners = view.snail_player
        rules = view.rules
        tables = view.tables
        memory = self.memory
        if memory.split_for != (owners, self.seat):
            memory.split(owners, self.seat)
        enemies = _living(memory.enemies, at)
        # one store each (cheaper than dict.update with as many keywords)
        fields = self.__dict__
        fields["owner"] = owners
        fields["at"] = at
        fields["stack"] = view.stack
        fields["level"] = view.level
        fields["rules"] = rules
        fields["tables"] = tables
        fields["sight"] = view.sight_rule
        fields["known"] = memory.known_of(rules)
        fields["board"] = memory.board_of(tables)
        fields["mine"] = _living(memory.mine, at)
        fields["enemies"] = enemies
        fields["enemies_at"] = [at[s] for s in enemies]
        fields["_sights"] = {}
        fields["_reach"] = {}
        fields["_visible"] = {}
        fields["_threats"] = {}

    # What the decision's ratings may ask for: read on first use, kept for the decision.

    rules: _read[Rules] = _read("rules")
    tables: _read[BoardTables] = _read("tables")
    #: The level a snail on a space sees from: the view's, the engine's own rule.
    sight: _read[Callable[[int], int]] = _read("sight_rule")
    level: _read[tuple[int, ...]] = _read("level")
    stack: _read[tuple[tuple[int, ...], ...]] = _read("stack")
    occ: _read[tuple[tuple[int, ...], ...]] = _read("occ")
    owner: _read[tuple[int, ...]] = _read("snail_player")
    at: _read[tuple[int, ...]] = _read("snail_at")
    health: _read[tuple[int, ...]] = _read("snail_health")
    shell: _read[tuple[bool, ...]] = _read("snail_shell")
    kind: _read[tuple[str, ...]] = _read("snail_kind")

    @_lazy
    def known(self) -> Known:
        """What the bot knows of the rules."""
        return self.memory.known_of(self.rules)

    @_lazy
    def cards(self) -> _Cards:
        """The rules' cards by id."""
        return self.known.cards

    @_lazy
    def board(self) -> _Tables:
        """The bots' tables of this board."""
        return self.memory.board_of(self.tables)

    # What the ratings work out, kept for the decision.

    @_lazy
    def _sights(self) -> dict[int, int]:
        return {}

    @_lazy
    def _reach(self) -> dict[tuple[int, Reach], bool]:
        return {}

    @_lazy
    def _visible(self) -> dict[int, int]:
        return {}

    @_lazy
    def _threats(self) -> dict[int, int]:
        return {}

    @_lazy
    def targets(self) -> dict[int, float]:
        """:meth:`target` of each snail asked so far this decision."""
        return {}

    def _split(self) -> Memory:
        memory = self.memory
        owners = self.owner
        if memory.split_for != (owners, self.seat):
            memory.split(owners, self.seat)
        return memory

    @_lazy
    def mine(self) -> list[int]:
        """This seat's living snails, by number."""
        return _living(self._split().mine, self.at)

    @_lazy
    def enemies(self) -> list[int]:
        """The other seats' living snails, by number."""
        return _living(self._split().enemies, self.at)

    @_lazy
    def enemies_at(self) -> list[int]:
        """Where the enemies are, in the order of :attr:`enemies`."""
        at = self.at
        return [at[s] for s in self.enemies]

    @_lazy
    def enemy_bits(self) -> tuple[int, int, int, int]:
        """The enemies' spaces as bits: where one or more stand, two or more, three or more,
        and where one or more stand on land."""
        one = two = three = land = 0
        stack = self.stack
        for where in self.enemies_at:
            bit = 1 << where
            if one & bit:
                if two & bit:
                    three |= bit
                else:
                    two |= bit
            else:
                one |= bit
                if stack[where]:
                    land |= bit
        return one, two, three, land

    @_lazy
    def fire(self) -> tuple[int, ...]:
        """Per space, the tokens on it that do something to a snail entering it (fire): such
        spaces are to be avoided."""
        harmful = self.known.burning
        tokens = self.view.tokens
        if len(harmful) == 1:  # the usual case: one kind of token burns
            return tokens[harmful[0]]
        return tuple(sum(tokens[t][x] for t in harmful) for x in range(len(self.level)))

    @_lazy
    def hand(self) -> list[CardSpec]:
        """The cards in this seat's hand."""
        view = self.view
        return view.cards_of(view.hand)

    @_lazy
    def grounds(self) -> _Grounds:
        """Per space: the part of :meth:`spots` the ground alone decides (height, shore,
        fire); the board's, while the tiles and tokens have not changed."""
        board = self.board
        key = (self.stack, self.fire)
        found, grounds = board.ground
        if grounds is None or found != key:
            grounds = _Grounds(self.stack, self.level, self.fire, self.tables.nbrs)
            board.ground = (key, grounds)
        return grounds

    @_lazy
    def ceilings(self) -> _Ceilings:
        """Per space: the most :meth:`spots` can rate it for any snail (the board's, as
        :attr:`grounds`)."""
        return self.grounds.ceilings

    @_lazy
    def _climbs(self) -> dict[int, bool]:
        """Per space asked so far: whether it has higher land next to it; the board's, while
        the tiles have not changed."""
        board = self.board
        found = board.climbs
        if found[0] != self.stack:
            found = board.climbs = (self.stack, {})
        return found[1]

    @_lazy
    def space_values(self) -> dict[int, float]:
        """Per occupied space, what hitting it is worth: 2 a rival, -3 a friend."""
        occ = self.occ
        owner = self.owner
        seat = self.seat
        values: dict[int, float] = {}
        for space in compress(range(len(occ)), occ):
            value: float = 0  # summed as sum() would, from an int 0: the same float at the end
            for x in occ[space]:
                value += -3.0 if owner[x] == seat else 2.0
            values[space] = value
        return values

    def water(self, space: int) -> bool:
        return not self.stack[space]

    def sight_at(self, space: int) -> int:
        """:attr:`sight` of a space, asked once per decision."""
        found = self._sights.get(space)
        if found is None:
            found = self._sights[space] = self.sight(space)
        return found

    def reaches(self, at: int, reach: Reach) -> bool:
        """Whether a card that targets so could target an enemy snail from ``at`` now."""
        key = (at, reach)
        found = self._reach.get(key)
        if found is None:
            rmin, rmax, los, land = reach
            bits = self.enemy_bits
            targets = bits[3] if land else bits[0]
            if targets:  # in range first, then (the fewer) in sight
                board = self.board
                span = board.ranges.get((at, rmin, rmax))
                if span is None:
                    span = board.range_bits(at, rmin, rmax)
                targets &= span
                if los and targets:
                    targets &= self._visible_from(self.sight_at(at))
            found = self._reach[key] = bool(targets)
        return found

    def _visible_from(self, own: int) -> int:
        """The bits of the enemies' spaces no higher than ``own``."""
        found = self._visible.get(own)
        if found is None:
            level = self.level
            found = 0
            for where in self.enemies_at:
                if level[where] <= own:
                    found |= 1 << where
            self._visible[own] = found
        return found

    def threats(self, s: int) -> int:
        """Enemies close enough, and high enough, to attack this snail next (none to count
        when no enemy stands within three spaces, :attr:`_Tables.near`: the usual case)."""
        found = self._threats.get(s)
        if found is None:
            at = self.at[s]
            found = 0
            if self.board.near[at] & self.enemy_bits[0]:
                dist = self.tables.dist[at]
                mine = self.level[at]
                sights = self._sights  # sight_at's answers, looked up here (a frame less each)
                for where in self.enemies_at:
                    if dist[where] <= 3:
                        seen = sights.get(where)
                        if seen is None:
                            seen = self.sight_at(where)
                        if seen >= mine:
                            found += 1
            self._threats[s] = found
        return found

    def climbs(self, at: int) -> bool:
        """Whether a snail on ``at`` has higher land next to it."""
        climbs = self._climbs
        found = climbs.get(at)
        if found is None:
            stack = self.stack
            level = self.level
            here = level[at]
            found = False
            for x in self.tables.nbrs[at]:
                if stack[x] and level[x] > here:
                    found = True
                    break
            climbs[at] = found
        return found

    def spots(self, spaces: Sequence[int], s: int) -> list[float]:
        """How good each space is to stand on for snail ``s`` (-1: one not on the board yet):
        high, dry and not burning (:attr:`grounds`), then a few rivals close by, and room."""
        grounds = self.grounds
        stack = self.stack
        occ = self.occ
        close = self.board.close
        one, two, three, _ = self.enemy_bits
        rated = []
        for x in spaces:
            if not stack[x]:
                rated.append(-100.0)
                continue
            ground = grounds[x]
            bits = close[x]
            near = (bits & one).bit_count()
            if two:  # rivals sharing spaces: each counts
                near += (bits & two).bit_count() + (bits & three).bit_count()
            here = occ[x]
            rated.append(ground + (near if near < 3 else 3) - (len(here) - (s in here)))
        return rated

    def spot(self, space: int, s: int) -> float:
        """:meth:`spots` of one space."""
        return self.spots((space,), s)[0]

    def target(self, t: int) -> float:
        """What attacking snail ``t`` is worth: a rival, weak, a leader, out of its shell."""
        found = self.targets.get(t)
        if found is None:
            if t < 0 or self.at[t] < 0:
                found = 0.0
            elif self.owner[t] == self.seat:
                found = -50.0
            else:
                found = 10.0 + (30 - self.health[t]) * 0.3
                if self.kind[t] == "leader":
                    found += 3.0
                if self.shell[t]:
                    found -= 5.0
            self.targets[t] = found
        return found

    def space_value(self, space: int) -> float:
        """What hitting a space is worth (:attr:`space_values`; 0 for none, -1)."""
        if space < 0:
            return 0.0
        values: dict[int, float] | None = self.__dict__.get("space_values")
        if values is not None:  # worked out already for every space
            return values.get(space, 0)
        owner = self.owner
        seat = self.seat
        value: float = 0  # an empty space: 0, as sum() of nothing
        for x in self.occ[space]:
            value += -3.0 if owner[x] == seat else 2.0
        return value

    def card_value(self, instance: int) -> float:
        """What holding a card instance is worth (:func:`card_value`)."""
        return self.known.values[self.view.card(instance).id]
