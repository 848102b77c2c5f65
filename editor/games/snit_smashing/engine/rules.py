"""Content and layout compiled once for matches: the ruleset's numbers, the clans, the beach.

:func:`prepare_layout` reads a layout that passed its checks; :func:`prepare_beach` builds the
same from explicit parts (a board, its sea, the start hexes), for rules examples that redraw
the map. A :class:`Prepared` is plain, frozen data: it pickles to worker processes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from editor.core.boards import Board
from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.games.snit_smashing.content import SnitContent, content_of
from editor.games.snit_smashing.engine.orders import OrderOptions, order_options
from editor.games.snit_smashing.engine.tables import BeachTables, build_tables
from editor.games.snit_smashing.layout_fields import clan_starts, snandergrab_start
from editor.games.snit_smashing.shapes import sea_of


@dataclass(frozen=True, slots=True)
class Rules:
    """The numbers of a merged ruleset, one attribute each (docs/rules/snit-smashing.md)."""

    min_players: int
    max_players: int
    runs: int
    bounds_per_run: int
    snits_per_player: int
    active_at_start: int
    offspring_per_parent: int
    smash_hexes: int
    snandergrab_hexes: int
    primus_dice: int
    primus_die_sides: int

    @classmethod
    def from_ruleset(cls, ruleset: Mapping[str, Any]) -> Rules:
        """The numbers of a complete merged ruleset; ``ValueError`` naming what is missing."""
        players = ruleset.get("players", {})
        try:
            return cls(
                min_players=int(players["min"]),
                max_players=int(players["max"]),
                runs=int(ruleset["runs"]),
                bounds_per_run=int(ruleset["bounds_per_run"]),
                snits_per_player=int(ruleset["snits_per_player"]),
                active_at_start=int(ruleset["active_at_start"]),
                offspring_per_parent=int(ruleset["offspring_per_parent"]),
                smash_hexes=int(ruleset["smash_hexes"]),
                snandergrab_hexes=int(ruleset["snandergrab_hexes"]),
                primus_dice=int(ruleset["primus_dice"]),
                primus_die_sides=int(ruleset["primus_die_sides"]),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"the ruleset gives no value for {exc}") from None


@dataclass(frozen=True, slots=True)
class Clan:
    """A clan as a match plays it: id, name, colour and its counters (name, speed), at most
    ``snits_per_player`` of them in the packs' order."""

    id: str
    name: str
    colour: str
    counters: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Prepared:
    """Everything a match of one layout needs, compiled once."""

    rules: Rules
    #: The clans in the packs' order; seat ``i`` plays clan ``i``.
    clans: tuple[Clan, ...]
    tables: BeachTables
    #: Each clan's start hex, by clan index.
    starts: tuple[int, ...]
    #: The Snandergrab's centre at the start of every run.
    grab_start: int
    #: The options of an ``order`` decision in a run to the Snandergrab, and to the sea.
    orders_to_grab: OrderOptions
    orders_to_sea: OrderOptions
    #: Where Snits under the Snandergrab at its start reach in a run to the sea, by speed.
    grab_reach: tuple[int, ...]
    layout_id: str = ""


def rules_of(content: SnitContent) -> tuple[Rules, tuple[Clan, ...]]:
    """The ruleset's numbers and the clans of some content."""
    rules = Rules.from_ruleset(content.ruleset)
    clans = tuple(
        Clan(
            id=clan_id,
            name=str(entry.get("name", clan_id)),
            colour=str(entry.get("colour", "")),
            counters=tuple(
                (str(s["name"]), int(s["speed"]))
                for s in content.snits_of(clan_id)[: rules.snits_per_player]
            ),
        )
        for clan_id, entry in content.clans.items()
    )
    return rules, clans


def prepare_layout(ws: Workspace, layout: Layout) -> Prepared:
    """Compile a checked layout and its packs; ``ValueError`` for what cannot be played."""
    board = ws.boards.get(layout.board)
    if board is None:
        raise ValueError(f"no board {layout.board!r}")
    starts = {clan: label for label, clan in clan_starts(layout).items()}
    spot = snandergrab_start(layout)
    if spot is None:
        raise ValueError(f"the layout {layout.id!r} gives no Snandergrab start")
    return prepare_beach(
        content_of(ws, ws.packs_in_use(layout)),
        board,
        sea_of(layout.spaces),
        starts,
        spot,
        layout_id=layout.id,
    )


def prepare_beach(
    content: SnitContent,
    board: Board,
    sea: Iterable[str],
    starts: Mapping[str, str],
    grab_start: str,
    *,
    layout_id: str = "",
    strict: bool = True,
) -> Prepared:
    """Compile content and a beach given by its parts: the board, the sea hexes, each clan's
    start hex and the Snandergrab's start centre (labels). ``ValueError`` says what is wrong;
    with ``strict`` off, a clan without a start hex in the sea gets none (-1) instead, and a
    match needs it only when that clan's Snits start a run from the sea."""
    rules, clans = rules_of(content)
    if board.grid != "hex":
        raise ValueError(f"board {board.id!r} is not a hex board")
    on_map = set(board.labels)
    sea_labels = set(sea)
    off = sorted(sea_labels - on_map)
    if off:
        raise ValueError(f"sea hexes not on board {board.id!r}: {', '.join(off)}")
    tables = build_tables(board.hexes, sea_labels, rules.smash_hexes, rules.snandergrab_hexes)
    start_hexes: list[int] = []
    for clan in clans:
        label = starts.get(clan.id)
        problem = start_problem(tables, clan.id, label)
        if problem and strict:
            raise ValueError(problem)
        start_hexes.append(-1 if problem or label is None else tables.index[label])
    if grab_start not in tables.index:
        raise ValueError(f"the Snandergrab's start {grab_start} is not on the map")
    return Prepared(
        rules=rules,
        clans=clans,
        tables=tables,
        starts=tuple(start_hexes),
        grab_start=tables.index[grab_start],
        orders_to_grab=order_options(tables, moves=True),
        orders_to_sea=order_options(tables, moves=False),
        grab_reach=tables.from_grab(tables.index[grab_start]),
        layout_id=layout_id,
    )


def start_problem(tables: BeachTables, clan: str, label: str | None) -> str:
    """Why a clan cannot start on a hex ("" when it can)."""
    if label is None:
        return f"no start hex for clan {clan!r}"
    if label not in tables.index:
        return f"clan {clan!r} starts at {label}, which is not on the map"
    if not (tables.sea >> tables.index[label]) & 1:
        return f"clan {clan!r} starts at {label}, which is not in the sea"
    return ""
