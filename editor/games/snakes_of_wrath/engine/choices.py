"""The choices of a turn, and their JSON forms.

A turn is one of: a :class:`Place` (a tile of the rack by its number, the cell, and how many
quarter turns clockwise from its shape as written), :data:`PASS`, or a :class:`Swap` (the
tiles put back, by number, in increasing order). Their JSON says by itself which it is:

- ``{"tile": 12, "at": "2,0", "turn": 1}`` for a placement;
- ``{"swap": [3, 5, 9, 11]}`` for a swap;
- ``"pass"``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from editor.core.engine import JSON
from editor.games.snakes_of_wrath.engine.sides import key_of, label_of, parse_label, xy_of

#: Passing the turn.
PASS = "pass"


class Place(NamedTuple):
    """Lay a tile of the rack (by number) at ``x,y``, turned ``turn`` quarter turns."""

    tile: int
    x: int
    y: int
    turn: int


class Swap(NamedTuple):
    """Put some tiles of the rack back (by number, increasing) after drawing as many."""

    tiles: tuple[int, ...]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and type(value) is not bool


def choice_to_json(choice: Hashable) -> JSON:
    """A choice as JSON-ready data; ``ValueError`` for a value that is no choice."""
    if choice == PASS and type(choice) is str:
        return PASS
    if isinstance(choice, Place) and all(_is_int(v) for v in choice):
        x, y = choice.x, choice.y
        try:
            at = label_of(key_of(x, y))
        except ValueError as exc:
            raise ValueError(f"not a Snakes of Wrath choice: {choice!r} ({exc})") from None
        return {"tile": choice.tile, "at": at, "turn": choice.turn}
    if (
        isinstance(choice, Swap)
        and type(choice.tiles) is tuple
        and all(_is_int(t) for t in choice.tiles)
    ):
        return {"swap": list(choice.tiles)}
    raise ValueError(f"not a Snakes of Wrath choice: {choice!r}")


def choice_from_json(data: JSON) -> Hashable:
    """The choice ``data`` encodes; ``ValueError`` saying what is wrong otherwise."""
    if data == PASS and type(data) is str:
        return PASS
    if isinstance(data, dict):
        if set(data) == {"swap"}:
            tiles = data["swap"]
            if not isinstance(tiles, list) or not all(_is_int(t) for t in tiles):
                raise ValueError(f"a swap lists tile numbers: {data!r}")
            return Swap(tuple(int(t) for t in tiles))  # type: ignore[arg-type]
        if set(data) == {"tile", "at", "turn"}:
            tile, at, turn = data["tile"], data["at"], data["turn"]
            if not _is_int(tile) or not _is_int(turn) or not isinstance(at, str):
                raise ValueError(f"a placement is a tile number, a cell x,y and a turn: {data!r}")
            x, y = xy_of(parse_label(at))
            return Place(int(tile), x, y, int(turn))  # type: ignore[arg-type]
        raise ValueError(
            f'a choice is {{tile, at, turn}}, {{swap}} or "pass", not keys {sorted(data)}'
        )
    raise ValueError(f"not the JSON of a Snakes of Wrath choice: {data!r}")
