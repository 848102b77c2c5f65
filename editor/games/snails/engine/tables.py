"""Precomputed board tables: spaces as ints, neighbours by direction, distances, rings, pushes."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from editor.core.hexgrid import (
    Direction,
    Hex,
    HexBoard,
    distance,
    format_label,
    neighbours,
    to_pixel,
)

T = TypeVar("T")

#: Direction names in clockwise order; a direction is its index here.
DIRECTIONS: tuple[str, ...] = tuple(d.name for d in Direction)


@dataclass(frozen=True, slots=True)
class BoardTables:
    """A board's spaces numbered 0..N-1 in canonical order, with lookup tables for the rules."""

    labels: tuple[str, ...]
    index: dict[str, int]
    #: ``step[s][d]``: the space next to ``s`` in direction ``d``, or -1 off the board.
    step: tuple[tuple[int, ...], ...]
    #: On-board neighbours of each space.
    nbrs: tuple[tuple[int, ...], ...]
    #: ``dist[a][b]``: hex distance.
    dist: tuple[tuple[int, ...], ...]
    #: ``rings[s][k]``: the spaces at exactly distance ``k`` from ``s``.
    rings: tuple[tuple[tuple[int, ...], ...], ...]
    #: ``away[a][t]``: where a push from ``a`` sends a snail on ``t``: the on-board neighbours
    #: of ``t`` in the direction(s) most directly away from ``a`` (two on a zigzag line, none
    #: when that direction leaves the board, all of them if a == t).
    away: tuple[tuple[tuple[int, ...], ...], ...]
    #: ``toward[a][t]``: the neighbours of ``t`` one step nearer to ``a``.
    toward: tuple[tuple[tuple[int, ...], ...], ...]
    #: Spaces with fewer than six on-board neighbours.
    border: tuple[int, ...]
    #: Tables derived from the ones above on first use (:meth:`derived`, :meth:`span`).
    _derived: dict[Hashable, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def size(self) -> int:
        """Number of spaces."""
        return len(self.labels)

    def derived(self, name: str, build: Callable[[BoardTables], T]) -> T:
        """A table the rules derive from this board (``build(self)``), built once per board;
        ``name`` tells it from the others (one name, one ``build``)."""
        found: T | None = self._derived.get(name)
        if found is None:
            found = self._derived[name] = build(self)
        return found

    def span(self, space: int, nearest: int, farthest: int) -> tuple[int, ...]:
        """The spaces from ``nearest`` to ``farthest`` away from ``space``, ring by ring (a
        card's range), worked out once per board and range."""
        key = (space, nearest, farthest)
        found: tuple[int, ...] | None = self._derived.get(key)
        if found is None:
            rings = self.rings[space]
            found = self._derived[key] = tuple(
                x for k in range(nearest, min(farthest, len(rings) - 1) + 1) for x in rings[k]
            )
        return found

    def within(self, space: int, nearest: int, farthest: int) -> frozenset[int]:
        """The :meth:`span` of a range as a set, to test many spaces against (once per board
        and range)."""
        key = ("within", space, nearest, farthest)
        found: frozenset[int] | None = self._derived.get(key)
        if found is None:
            found = self._derived[key] = frozenset(self.span(space, nearest, farthest))
        return found

    def direction(self, a: int, b: int) -> int:
        """Direction index from ``a`` to its neighbour ``b``; ValueError if not adjacent."""
        row = self.step[a]
        for d in range(6):
            if row[d] == b:
                return d
        raise ValueError(f"{self.labels[a]} and {self.labels[b]} are not adjacent")


def build_tables(board: HexBoard) -> BoardTables:
    """Every table of a hex board, computed once per layout."""
    hexes = list(board)
    labels = tuple(format_label(h) for h in hexes)
    index = {h: i for i, h in enumerate(hexes)}
    n = len(hexes)
    step = tuple(tuple(index.get(nb, -1) for nb in neighbours(h)) for h in hexes)
    nbrs = tuple(tuple(s for s in row if s >= 0) for row in step)
    dist = tuple(tuple(distance(a, b) for b in hexes) for a in hexes)
    top = max((max(row) for row in dist), default=0)
    rings = tuple(
        tuple(tuple(b for b in range(n) if dist[a][b] == k) for k in range(top + 1))
        for a in range(n)
    )
    away = tuple(
        tuple(nbrs[t] if a == t else _away(hexes[a], hexes[t], step[t]) for t in range(n))
        for a in range(n)
    )
    toward = tuple(
        tuple(tuple(x for x in nbrs[t] if dist[a][x] == dist[a][t] - 1) for t in range(n))
        for a in range(n)
    )
    border = tuple(index[h] for h in board.border())
    return BoardTables(
        labels=labels,
        index={label: i for i, label in enumerate(labels)},
        step=step,
        nbrs=nbrs,
        dist=dist,
        rings=rings,
        away=away,
        toward=toward,
        border=border,
    )


_UNIT = tuple(
    to_pixel(Hex(dq, dr)) for dq, dr in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
)


def _away(a: Hex, t: Hex, row: tuple[int, ...]) -> tuple[int, ...]:
    """Neighbours of ``t`` whose direction best follows the line from ``a`` through ``t``."""
    ax, ay = to_pixel(a)
    tx, ty = to_pixel(t)
    vx, vy = tx - ax, ty - ay
    scores = [vx * ux + vy * uy for ux, uy in _UNIT]
    best = max(scores)
    return tuple(row[d] for d in range(6) if scores[d] > best - 1e-9 and row[d] >= 0)
