"""Decision option types: the action choice tuple and the lazy sequence of whole programs."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Sequence
from functools import lru_cache
from itertools import product
from typing import Any, NamedTuple, overload

#: Decision kinds the Snails state asks for.
KINDS = (
    "place",  # setup: where the next snail goes (options: space ints)
    "program",  # planning: a whole program (ProgramOptions)
    "action",  # a revealed card: how to resolve it (Action tuples)
    "result",  # which rolled result applies (die face ints)
    "push",  # where a pushed snail goes (space ints)
    "capacity",  # which snail a 4th arrival pushes on (snail ints)
    "step",  # which space a moved snail steps to (space ints)
    "again",  # attack again after a hit (True/False)
    "wind-target",  # the 1st player picks which snail the wind's attack hits (snail ints)
    "wind-adjacent",  # the spaces next to a carried attack's new target it also hits (tuples)
    "ability",  # an optional triggered ability: None to decline, or a space / True
    "discard",  # cards to discard (tuples of card instances)
    "keep",  # cards to keep of those just drawn (tuples of card instances)
    "search",  # a card taken from the discard pile (card instances)
    "heal",  # which hurt friend a Medic that moved heals (snail ints)
)


class Action(NamedTuple):
    """How a revealed card is resolved.

    ``main`` is the crawl path (a tuple of spaces), the discarded cards of a swap (a tuple
    of card instances), the target snail or target space (an int), or None. ``adjacent`` holds
    the further spaces the card lets the player choose; ``use`` the optional abilities used.
    """

    main: Any = None
    adjacent: tuple[int, ...] = ()
    use: tuple[str, ...] = ()


#: Options with a main choice only (no adjacent spaces, no abilities used), one object per
#: main choice: they are immutable and equal by value, and an action decision offers dozens
#: of them (targets, crawl paths, swaps), so they are made once per process. Bounded by the
#: boards and hands seen: spaces, snails, paths of ``crawl.moves`` steps, card combinations.
PLAIN: dict[Hashable, Action] = {}


def plain(main: Hashable) -> Action:
    """``Action(main)``: no adjacent spaces, no abilities used (made once per main choice)."""
    action = PLAIN.get(main)
    if action is None:
        action = PLAIN[main] = Action(main)
    return action


@lru_cache(maxsize=256)
def snail_patterns(alive: tuple[int, ...], most: int, slots: int) -> tuple[tuple[int, ...], ...]:
    """Every assignment of ``slots`` slots to living snails using at most ``most`` of them."""
    return tuple(p for p in product(alive, repeat=slots) if len(set(p)) <= most)


class ProgramOptions(Sequence[tuple[tuple[int, int], ...]]):
    """All legal programs of a player, computed at an index: (card instance, snail) per slot.

    The index is a mixed-radix number: the snail pattern, then the ordered choice of distinct
    cards (a falling factorial). ``in`` checks a program's shape without enumerating.
    """

    __slots__ = (
        "_alive",
        "_card_set",
        "_cards",
        "_last",
        "_most",
        "_patterns",
        "_perms",
        "_size",
        "_snails",
        "slots",
    )

    def __init__(
        self, cards: tuple[int, ...], alive: tuple[int, ...], most: int, slots: int
    ) -> None:
        """Programs of ``slots`` distinct cards among ``cards`` for at most ``most`` snails."""
        self.slots = n = min(slots, len(cards))
        self._cards = cards
        self._snails = alive
        #: The cards and snails as sets, made when ``in`` first checks a program it did not
        #: compute (a random bot only ever checks the one it was handed: see ``_last``).
        self._card_set: frozenset[int] | None = None
        self._alive: frozenset[int] | None = None
        self._most = most
        self._patterns = patterns = snail_patterns(alive, most, n)
        self._perms = perms = math.perm(len(cards), n)
        self._size = len(patterns) * perms
        #: The program last found legal (computed by :meth:`__getitem__`, or checked by ``in``),
        #: so that ``in`` answers for it again at once: a bot picks or checks a program, then
        #: ``apply`` checks it once more.
        self._last: tuple[tuple[int, int], ...] | None = None

    @property
    def cards(self) -> tuple[int, ...]:
        """The card instances the player may program (basics, faction card, hand)."""
        return self._cards

    @property
    def snails(self) -> tuple[int, ...]:
        """The living snails the player may program, in order."""
        return tuple(sorted(set(self._snails)))

    @property
    def most(self) -> int:
        """How many different snails one program may use."""
        return self._most

    def index(self, item: Any, start: int = 0, stop: int | None = None) -> int:
        """The index of a legal program (computed, not searched); ValueError otherwise."""
        if item not in self:
            raise ValueError(f"{item!r} is not a legal program")
        pattern = self._patterns.index(tuple(s for _, s in item))
        pool = list(self._cards)
        perm = 0
        scale = 1
        for card, _ in item:
            pick = pool.index(card)
            perm += pick * scale
            scale *= len(pool)
            pool.pop(pick)
        return pattern * self._perms + perm

    def __len__(self) -> int:
        """Number of programs."""
        return self._size

    @overload
    def __getitem__(self, index: int) -> tuple[tuple[int, int], ...]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[tuple[int, int], ...]]: ...

    def __getitem__(self, index: int | slice) -> Any:
        """The program at an index."""
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = self._size
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("program index out of range")
        pattern, perm = divmod(index, self._perms)
        pool = list(self._cards)
        pop = pool.pop
        left = len(pool)
        out = []
        for snail in self._patterns[pattern]:  # one snail per slot
            pick = perm % left  # (divmod, without the call)
            perm //= left
            left -= 1
            out.append((pop(pick), snail))
        program = self._last = tuple(out)
        return program

    def __contains__(self, item: object) -> bool:
        """Whether ``item`` is a legal program (checked directly, not by search)."""
        if item is self._last:
            return True
        if not isinstance(item, tuple) or len(item) != self.slots:
            return False
        card_set = self._card_set
        alive = self._alive
        if card_set is None or alive is None:
            card_set = self._card_set = frozenset(self._cards)
            alive = self._alive = frozenset(self._snails)
        cards = set()
        snails = set()
        for pair in item:
            if not isinstance(pair, tuple) or len(pair) != 2:
                return False
            card, snail = pair
            if card not in card_set or card in cards or snail not in alive:
                return False
            cards.add(card)
            snails.add(snail)
        if len(snails) > self._most:
            return False
        self._last = item
        return True

    def __iter__(self) -> Iterator[tuple[tuple[int, int], ...]]:
        """Every program, in index order (large: prefer indexing)."""
        for i in range(len(self)):
            yield self[i]

    def __repr__(self) -> str:
        """Short description."""
        return f"<{len(self)} programs of {self.slots} slots>"


def options_text(options: Sequence[Hashable], limit: int = 6) -> str:
    """A few options for an error message."""
    shown = [repr(o) for o in list(options[:limit])]
    more = len(options) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")
