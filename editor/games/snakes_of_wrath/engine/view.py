"""What one seat may see: its own rack, the table, the sack's size, the scores, the turn.

A view reads the state when asked (no copy per decision, which keeps simulations fast); it
offers no way to another seat's rack, nor to the sack's order: only how many tiles each rack
and the sack hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from editor.games.snakes_of_wrath.engine import readout
from editor.games.snakes_of_wrath.engine.forecast import Forecast, forecast
from editor.games.snakes_of_wrath.engine.sides import label_of, parse_label

if TYPE_CHECKING:
    from editor.games.snakes_of_wrath.engine.choices import Place
    from editor.games.snakes_of_wrath.engine.rules import Rules
    from editor.games.snakes_of_wrath.engine.state import State


class SnakesView:
    """One seat's view of a match; every field is read-only and computed on access."""

    __slots__ = ("__st", "seat")

    def __init__(self, st: State, seat: int) -> None:
        """The view of ``seat``."""
        self.__st = st
        self.seat = seat

    @property
    def rules(self) -> Rules:
        """The compiled rules (kinds, numbers)."""
        return self.__st.rules

    @property
    def colour(self) -> str:
        """This seat's colour."""
        return self.__st.rules.colours[self.seat]

    @property
    def rack(self) -> tuple[int, ...]:
        """This seat's own tiles, by number (``rules.kind_of`` tells each one's kind)."""
        return tuple(self.__st.racks[self.seat])

    @property
    def rack_tiles(self) -> list[dict[str, Any]]:
        """This seat's own rack, each tile's number, type and shape."""
        return readout.rack(self.__st, self.seat)

    @property
    def rack_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat's rack holds (the tiles themselves stay hidden)."""
        return tuple(len(r) for r in self.__st.racks)

    @property
    def bag_size(self) -> int:
        """How many tiles are left in the sack."""
        return len(self.__st.bag)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points by seat."""
        return tuple(self.__st.scores)

    @property
    def to_move(self) -> int | None:
        """Whose turn it is (None once the match is over)."""
        st = self.__st
        return None if st.finished is not None else st.to_move

    @property
    def turns(self) -> int:
        """Turns played so far."""
        return self.__st.turns

    def table(self) -> dict[str, dict[str, Any]]:
        """Every tile on the table by cell (``readout.cell``)."""
        return readout.table(self.__st)

    def tile_at(self, label: str) -> dict[str, Any] | None:
        """The tile at a cell ``x,y``, or None."""
        return readout.cell(self.__st, parse_label(label))

    def snake_at(self, label: str, *, head: bool = False) -> dict[str, Any] | None:
        """The snake through a cell ``x,y`` (``readout.snake``)."""
        return readout.snake(self.__st, parse_label(label), head=head)

    def edge(self) -> tuple[str, ...]:
        """The empty cells next to the table, where a tile may go."""
        return tuple(label_of(k) for k in self.__st.table.edge)

    def forecast(self, place: Place) -> Forecast:
        """What a legal placement of this seat's would do (``forecast``): only the table
        and this seat's own tile go into it."""
        if place.tile not in self.__st.racks[self.seat]:
            raise ValueError(f"tile {place.tile} is not on {self.colour}'s rack")
        return forecast(self.__st, self.seat, place)
