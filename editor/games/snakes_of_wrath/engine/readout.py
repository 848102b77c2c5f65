"""What a match shows, as plain data: tiles by cell, snakes through a cell, racks.

The views, rules examples and tests read the match through these. A snake is read from the
graph of joined parts (its component in ``Table.graph``): its cells, open ends, bodies,
heads, loops and injuries are counted there, not taken from the engine's running totals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import networkx as nx

from editor.games.snakes_of_wrath.engine.rules import TODD
from editor.games.snakes_of_wrath.engine.sides import label_of, sides_of
from editor.games.snakes_of_wrath.engine.table import NOBODY

if TYPE_CHECKING:
    from editor.games.snakes_of_wrath.engine.state import State


def colour_of(st: State, seat: int) -> str | None:
    """A seat's colour (None for nobody)."""
    return st.rules.colours[seat] if seat != NOBODY else None


def tile_colour(st: State, key: int) -> str | None:
    """The colour a tile on the table shows: its snake's owner; a stray body or a Todd shows
    whoever played it; a head with no snake, and the starter before it is claimed, none."""
    tb = st.table
    kind = st.rules.kinds[tb.kind[key]]
    if kind.role == TODD:
        return colour_of(st, tb.placer[key])
    comp = tb.comp_at(key)
    if comp is not None and tb.owner[comp] != NOBODY:
        return colour_of(st, tb.owner[comp])
    return colour_of(st, tb.placer[key]) if tb.body[key] else None


def cell(st: State, key: int) -> dict[str, Any] | None:
    """The tile at a cell: type, shape, turn, the sides its path leaves by (body and head
    together, and each apart), colour, and whether an injury or a healing lies on it."""
    tb = st.table
    if key not in tb.kind:
        return None
    kind = st.rules.kinds[tb.kind[key]]
    head = sides_of(tb.head[key])
    return {
        "tile": kind.type_id,
        "shape": kind.shape_id,
        "turn": tb.turn[key],
        "sides": list(sides_of(tb.body[key] | tb.head[key])),
        "body": list(sides_of(tb.body[key])),
        "head": head[0] if head else None,
        "colour": tile_colour(st, key),
        "injured": key in tb.hurt,
        "healed": key in tb.heal,
        "played_by": colour_of(st, tb.placer[key]),
    }


def table(st: State) -> dict[str, dict[str, Any]]:
    """Every tile on the table by cell label, in the order played."""
    out = {}
    for key in st.table.order:
        found = cell(st, key)
        assert found is not None
        out[label_of(key)] = found
    return out


def snake(st: State, key: int, *, head: bool = False) -> dict[str, Any] | None:
    """The snake through the body of the tile at a cell (its head with ``head``, or when it
    has no body): owner, closed, injured, open ends, score and counts; None for no path."""
    tb = st.table
    if key not in tb.kind:
        return None
    part = key * 2 + (1 if head or not tb.body[key] else 0)
    if part not in tb.part_comp:
        return None
    parts = tb.snake_parts(part)
    cells = sorted({p >> 1 for p in parts})
    bodies = sum(1 for p in parts if not p & 1)
    heads = len(parts) - bodies
    ends = tb.open_ends(parts)
    injured = any(c in tb.hurt for c in cells)
    owner = tb.owner[tb.part_comp[part]]
    closed = not ends
    healthy_close = closed and owner != NOBODY and not injured
    points = bodies * st.rules.body_points if healthy_close else 0
    edges = nx.number_of_edges(tb.graph.subgraph(parts))
    return {
        "owner": colour_of(st, owner),
        "closed": closed,
        "injured": injured,
        "open_ends": ends,
        "score": points,
        "bodies": bodies,
        "heads": heads,
        "loops": edges - len(parts) + 1,
        "cells": [label_of(c) for c in cells],
    }


def rack(st: State, seat: int) -> list[dict[str, Any]]:
    """A seat's rack in order: each tile's number, type and shape."""
    out = []
    for tile in st.racks[seat]:
        kind = st.rules.kind_of(tile)
        out.append({"number": tile, "tile": kind.type_id, "shape": kind.shape_id})
    return out
