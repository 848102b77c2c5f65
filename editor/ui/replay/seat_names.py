"""How the Replay tab names seats: the names a designer knows, not the engine's seat numbers.

A seat is named by its game's ``seat_name`` hook (a clan's name) on a match set up from the
replay's spec, else by the display name of the faction it plays (from the design's packs),
else as ``Player 1``. Two seats that would share a name (one faction twice) get their number
beside it. Nothing here knows a game: the names are the game's and the packs'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.engine import Engine, MatchSpec
from editor.core.registry import SeatName


def player_name(seat: int) -> str:
    """A seat with no other name: ``Player 1`` for seat 0."""
    return f"Player {seat + 1}"


def seat_names(
    players: int,
    factions: Sequence[str] = (),
    names: Mapping[str, str] | None = None,
    game_names: Sequence[str] = (),
) -> tuple[str, ...]:
    """Each seat's name: the game's (``game_names``), else its faction's display name
    (``names`` by id, the id itself when no pack names it), else ``Player n``.

    >>> seat_names(3, ("crab", "crab"), {"crab": "Crab"})
    ('Crab (Player 1)', 'Crab (Player 2)', 'Player 3')
    """
    names = names or {}
    chosen: list[str] = []
    for seat in range(players):
        game_name = game_names[seat].strip() if seat < len(game_names) else ""
        if game_name:
            chosen.append(game_name)
        elif seat < len(factions) and factions[seat]:
            chosen.append(names.get(factions[seat], factions[seat]))
        else:
            chosen.append(player_name(seat))
    shared = {name for name in chosen if chosen.count(name) > 1}
    return tuple(
        f"{name} ({player_name(seat)})" if name in shared else name
        for seat, name in enumerate(chosen)
    )


def match_seat_names(
    engine: Engine,
    prepared: Any,
    spec: MatchSpec,
    hook: SeatName | None,
    names: Mapping[str, str] | None = None,
) -> tuple[str, ...]:
    """The seats' names of the match ``spec`` sets up: the game's hook asked of a fresh match
    (names that may depend on the set-up), else the factions' names, else ``Player n``.

    A hook that fails leaves the seats to their factions' names and numbers: a bug in a
    game's words must not take the Replay tab down.
    """
    game_names: tuple[str, ...] = ()
    if hook is not None:
        try:
            state = engine.new_match(prepared, spec)
            game_names = tuple(str(hook(state, seat)) for seat in range(spec.players))
        except Exception:  # the game's bug: the replay still names its seats
            game_names = ()
    return seat_names(spec.players, spec.factions, names, game_names)
