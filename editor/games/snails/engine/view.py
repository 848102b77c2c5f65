"""What one seat may see: the public board and snails, its own hand and program, and only
the revealed slots of other players' programs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import Rules
    from editor.games.snails.engine.state import State
    from editor.games.snails.engine.tables import BoardTables


@dataclass(frozen=True, slots=True)
class SnailsView:
    """A snapshot for one seat; other players' hands appear only as their sizes."""

    seat: int
    round: int
    phase: str
    first: int
    rules: Rules
    tables: BoardTables
    stack: tuple[tuple[int, ...], ...]
    level: tuple[int, ...]
    occ: tuple[tuple[int, ...], ...]
    tokens: tuple[tuple[int, ...], ...]
    snail_names: tuple[str, ...]
    snail_player: tuple[int, ...]
    snail_at: tuple[int, ...]
    snail_health: tuple[int, ...]
    snail_max: tuple[int, ...]
    snail_shell: tuple[bool, ...]
    snail_kind: tuple[str, ...]
    snail_aim: tuple[int, ...]
    factions: tuple[str | None, ...]
    out: tuple[bool, ...]
    #: Card instance -> card index in ``rules.cards`` (public: which instance is which card).
    card_of: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: This seat's own program (None before planning).
    program: tuple[tuple[int, int], ...] | None
    #: Every seat's revealed slots so far this round.
    revealed: tuple[tuple[tuple[int, int], ...], ...]
    used: tuple[str, ...]
    contamination: int
    contamination_value: int
    wind: str | None
    deck_size: int
    discard: tuple[int, ...]


def make_view(st: State, seat: int) -> SnailsView:
    """The view of one seat."""
    revealed = tuple(
        (prog[: st.revealed[p]] if prog is not None else ()) for p, prog in enumerate(st.program)
    )
    return SnailsView(
        seat=seat,
        round=st.round,
        phase=st.phase,
        first=st.first,
        rules=st.rules,
        tables=st.tables,
        stack=tuple(st.stack),
        level=tuple(st.level),
        occ=tuple(st.occ),
        tokens=tuple(tuple(row) for row in st.tok),
        snail_names=tuple(st.snail_names),
        snail_player=tuple(st.sp),
        snail_at=tuple(st.sat),
        snail_health=tuple(st.shp),
        snail_max=tuple(st.smax),
        snail_shell=tuple(st.sshell),
        snail_kind=tuple(st.skind),
        snail_aim=tuple(st.saim),
        factions=tuple(st.pfaction),
        out=tuple(st.out),
        card_of=tuple(st.card_of),
        hand=tuple(st.hand[seat]),
        hand_sizes=tuple(len(h) for h in st.hand),
        program=st.program[seat],
        revealed=revealed,
        used=tuple(sorted(st.used[seat])),
        contamination=st.contamination,
        contamination_value=st.track[st.contamination],
        wind=st.wind,
        deck_size=len(st.deck),
        discard=tuple(st.discard),
    )
