"""What one seat may see: the public board and snails, its own hand and program, and only
the revealed slots of other players' programs.

A view reads the state when asked (no copy per decision, which keeps simulations fast); it
offers no way to another player's hand or unrevealed slots, nor to the deck's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from editor.games.snails.engine.rules import CardSpec, Rules
    from editor.games.snails.engine.state import State
    from editor.games.snails.engine.tables import BoardTables


class SnailsView:
    """One seat's view of a match; every field is read-only and computed on access."""

    __slots__ = ("__st", "seat")

    def __init__(self, st: State, seat: int) -> None:
        """The view of ``seat``."""
        self.__st = st
        self.seat = seat

    @property
    def round(self) -> int:
        """The round (1-based)."""
        return self.__st.round

    @property
    def phase(self) -> str:
        """The phase: setup, drawing, planning, action or cleaning."""
        return self.__st.phase

    @property
    def first(self) -> int:
        """The 1st player's seat."""
        return self.__st.first

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.__st.n

    @property
    def rules(self) -> Rules:
        """The compiled rules (cards by index, abilities)."""
        return self.__st.rules

    @property
    def tables(self) -> BoardTables:
        """The board's tables (labels, neighbours, distances)."""
        return self.__st.tables

    @property
    def stack(self) -> tuple[tuple[int, ...], ...]:
        """Tile type ints per space, bottom to top (() is water)."""
        return tuple(self.__st.stack)

    @property
    def level(self) -> tuple[int, ...]:
        """Level per space."""
        return tuple(self.__st.level)

    @property
    def water_sight(self) -> int:
        """The level a snail in the water sees from (line_of_sight.from_water)."""
        return self.__st.water_sight

    def sight(self, space: int) -> int:
        """The level a snail on a space sees from, for line of sight."""
        return self.__st.sight(space)

    @property
    def sight_rule(self) -> Callable[[int], int]:
        """:meth:`sight` as the state's own function (a call less each time, for a bot that
        asks it again and again)."""
        return self.__st.sight

    @property
    def occ(self) -> tuple[tuple[int, ...], ...]:
        """Snails per space."""
        return tuple(self.__st.occ)

    @property
    def tokens(self) -> tuple[tuple[int, ...], ...]:
        """Token counts per token kind (rules.tokens order), per space."""
        return tuple(tuple(row) for row in self.__st.tok)

    @property
    def snail_names(self) -> tuple[str, ...]:
        """Snail names by number."""
        return tuple(self.__st.snail_names)

    @property
    def snail_player(self) -> tuple[int, ...]:
        """Owner seat per snail."""
        return tuple(self.__st.sp)

    @property
    def snail_at(self) -> tuple[int, ...]:
        """Space per snail (-1: dead)."""
        return tuple(self.__st.sat)

    @property
    def snail_health(self) -> tuple[int, ...]:
        """Health per snail."""
        return tuple(self.__st.shp)

    @property
    def snail_max(self) -> tuple[int, ...]:
        """Starting health per snail."""
        return tuple(self.__st.smax)

    @property
    def snail_shell(self) -> tuple[bool, ...]:
        """In the shell, per snail."""
        return tuple(self.__st.sshell)

    @property
    def snail_kind(self) -> tuple[str, ...]:
        """Soldier kind per snail (leader, grunt, ...)."""
        return tuple(self.__st.skind)

    @property
    def snail_aim(self) -> tuple[int, ...]:
        """Extra dice from Aim, per snail."""
        return tuple(self.__st.saim)

    @property
    def acting(self) -> int:
        """The snail resolving the card being resolved now (-1: none)."""
        return self.__st.actor_snail

    @property
    def about(self) -> int:
        """The snail a push, step or capacity decision is about (the one moved), or -1."""
        return self.__st.about

    @property
    def factions(self) -> tuple[str | None, ...]:
        """Faction per seat."""
        return tuple(self.__st.pfaction)

    @property
    def out(self) -> tuple[bool, ...]:
        """Eliminated, per seat."""
        return tuple(self.__st.out)

    def card_id(self, instance: int) -> str:
        """The card id of a card instance this seat can see (hand, program, discard, revealed)."""
        return self.__st.card_id(instance)

    def card(self, instance: int) -> CardSpec:
        """The compiled card of a card instance this seat can see (``rules.card`` of its id)."""
        st = self.__st
        return st.rules.cards[st.card_of[instance]]

    def cards_of(self, instances: Iterable[int]) -> list[CardSpec]:
        """:meth:`card` of each instance, in order (one call for a hand or a program)."""
        st = self.__st
        return list(map(st.rules.cards.__getitem__, map(st.card_of.__getitem__, instances)))

    @property
    def own_cards(self) -> dict[str, int]:
        """This seat's basic action cards and faction card: card id -> instance."""
        st = self.__st
        out = dict(st.p_basic[self.seat])
        faction_card = st.p_faction_card[self.seat]
        if faction_card >= 0:
            out[st.card_id(faction_card)] = faction_card
        return out

    @property
    def hand(self) -> tuple[int, ...]:
        """This seat's hand (card instances)."""
        return tuple(self.__st.hand[self.seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(h) for h in self.__st.hand)

    @property
    def program(self) -> tuple[tuple[int, int], ...] | None:
        """This seat's own program this round (None before it programs)."""
        return self.__st.program[self.seat]

    @property
    def revealed(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Every seat's revealed slots so far this round."""
        st = self.__st
        shown = st.revealed
        return tuple(
            (prog[: shown[p]] if prog is not None else ()) for p, prog in enumerate(st.program)
        )

    @property
    def shown(self) -> int:
        """How many of this seat's own slots are revealed so far this round (the length of
        its entry in :attr:`revealed`, without copying every seat's)."""
        st = self.__st
        program = st.program[self.seat]
        return min(st.revealed[self.seat], len(program)) if program is not None else 0

    def resolving(self) -> tuple[CardSpec, int] | None:
        """The compiled card of this seat's slot revealed last this round and the snail
        programmed with it (what the seat resolves in the action phase), or None before
        any is revealed: :attr:`program`, :attr:`shown` and :meth:`card` in one call."""
        st = self.__st
        program = st.program[self.seat]
        if not program:
            return None
        shown = min(st.revealed[self.seat], len(program))
        if shown == 0:
            return None
        card, snail = program[shown - 1]
        return st.rules.cards[st.card_of[card]], snail

    @property
    def used(self) -> tuple[str, ...]:
        """This seat's once-per-round abilities already used."""
        return tuple(sorted(self.__st.used[self.seat]))

    @property
    def contamination(self) -> int:
        """The contamination marker's position."""
        return self.__st.contamination

    @property
    def contamination_value(self) -> int:
        """The damage the sea deals now."""
        st = self.__st
        return st.track[st.contamination]

    @property
    def wind(self) -> str | None:
        """The wind's direction, or None."""
        return self.__st.wind

    @property
    def deck_size(self) -> int:
        """Cards left in the arsenal deck."""
        return len(self.__st.deck)

    @property
    def discard(self) -> tuple[int, ...]:
        """The face-up discard pile."""
        return tuple(self.__st.discard)


def make_view(st: State, seat: int) -> SnailsView:
    """The view of one seat."""
    return SnailsView(st, seat)
