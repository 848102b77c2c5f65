"""Bolotomus orders: the choices of an ``order`` decision, and why one is refused.

An order is a plain tuple: ``("smash", h1, h2, h3)`` (the hexes, sorted), ``("move", c)``
(the Snandergrab's new centre) or ``("garbled",)`` (an order nobody can read, or a smash that
does not describe hexes meeting at a corner: nothing happens). In a run to the Snandergrab
the options are every Smash wholly on the map, every centre the Snandergrab may be moved to
and the garbled order; in a run to the sea there are no moves.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from editor.core.hexgrid import Hex, format_label, parse_label
from editor.games.snit_smashing.engine.tables import BeachTables
from editor.games.snit_smashing.shapes import is_smash, snandergrab_hexes

SMASH = "smash"
MOVE = "move"
GARBLED_TAG = "garbled"
GARBLED: tuple[str] = (GARBLED_TAG,)

Order = tuple[Any, ...]


class OrderOptions(tuple[Order, ...]):
    """A fixed tuple of orders that answers ``in`` at once (a set beside it); a tuple, so a
    bot's ``len`` and index cost no call into Python."""

    members: frozenset[Order]

    def __new__(cls, items: Iterable[Order]) -> OrderOptions:
        options = super().__new__(cls, items)
        options.members = frozenset(options)
        return options

    @property
    def items(self) -> tuple[Order, ...]:
        """The orders as a plain tuple."""
        return tuple(self)

    def __contains__(self, choice: object) -> bool:
        try:
            return choice in self.members
        except TypeError:  # unhashable: no order
            return False

    def __reduce__(self) -> tuple[type[OrderOptions], tuple[tuple[Order, ...]]]:
        return (OrderOptions, (tuple(self),))


def order_options(tables: BeachTables, moves: bool) -> OrderOptions:
    """Every legal order on a beach: the Smashes, the Snandergrab's moves (``moves``), garbled."""
    items: list[Order] = [(SMASH, *hexes) for hexes in tables.smashes]
    if moves:
        items += [(MOVE, centre) for centre in tables.centres]
    items.append(GARBLED)
    return OrderOptions(items)


def smash_from_labels(
    tables: BeachTables, labels: Sequence[str], size: int
) -> tuple[Order | None, str]:
    """The order a written smash makes: a Smash, garbled, or refused (None and the reason).

    Hexes that do not make a Smash's shape are a garbled order (no smash occurs); a Smash's
    shape partly off the map is refused, since a Smash must lie wholly on the field.
    Labels must be well-formed (``ValueError`` otherwise).
    """
    hexes = [parse_label(label) for label in labels]
    if not is_smash(hexes, size):
        return GARBLED, ""
    off = [label for label in labels if label not in tables.index]
    if off:
        return None, f"a Smash must lie wholly on the map: {', '.join(off)} is off it"
    return (SMASH, *sorted(tables.index[label] for label in labels)), ""


def move_from_label(
    tables: BeachTables, label: str, size: int, moves: bool
) -> tuple[Order | None, str]:
    """The order "move to ``label``", or None and the reason it is refused."""
    centre = parse_label(label)
    if not moves:
        return None, "the Snandergrab is not moved in a run to the sea: only smashes"
    why = centre_problem(tables, centre, size)
    if why:
        return None, f"the Snandergrab may not be moved to {label}: {why}"
    return (MOVE, tables.index[label]), ""


def centre_problem(tables: BeachTables, centre: Hex, size: int) -> str:
    """Why the Snandergrab may not be centred on a hex ("" when it may)."""
    for h in snandergrab_hexes(centre, size):
        try:
            label = format_label(h)
        except ValueError:  # above or left of the board's first row or column
            return "part of it would be off the map"
        index = tables.index.get(label)
        if index is None:
            return f"{label} would be off the map"
        if (tables.sea >> index) & 1:
            return f"{label} would be in the sea"
    return ""


def why_not_order(
    tables: BeachTables, choice: Hashable, moves: bool, smash_size: int, grab_size: int
) -> str:
    """Why an order is not among a decision's options, in words."""
    if not isinstance(choice, tuple) or not choice or choice[0] not in (SMASH, MOVE, GARBLED_TAG):
        return (
            f"{choice!r} is not an order: a smash (hexes meeting at a corner), a move of the"
            " Snandergrab or a garbled order"
        )
    hexes = choice[1:]
    if any(type(h) is not int or not 0 <= h < tables.size for h in hexes):
        return f"{choice!r} names a hex that is not on the map"
    if choice[0] == MOVE:
        if not moves:
            return "the Snandergrab is not moved in a run to the sea: only smashes"
        if len(hexes) != 1:
            return f"{choice!r} is not a move: it names one centre"
        label = tables.labels[hexes[0]]
        return f"the Snandergrab may not be moved to {label}: " + (
            centre_problem(tables, parse_label(label), grab_size) or "it may not go there"
        )
    if choice[0] == SMASH:
        labels = [tables.labels[h] for h in hexes]
        return (
            f"{', '.join(labels)} is not a Smash of {smash_size} hexes on the map (hexes that"
            " make no Smash are a garbled order)"
        )
    return f"{choice!r} is not an order"
