"""Land and water of a layout on its hex board: islands, channels and coastline.

A space is land when its stack holds at least one tile; every other space of the board is
water. Islands are the connected components of the land (networkx). Two islands with one water
space touching both are joined by a *channel* one space wide: a snail swims across in one
move, so such islands form one *landmass*. Both the checks (land cut off from the rest) and
the layout statistics read these functions, so they always agree.

>>> from editor.core.hexgrid import HexBoard, format_label
>>> board = HexBoard.rectangle(5, 3)
>>> land = labels_to_hexes(board, ["A1", "A2", "C1", "E3"])
>>> [[format_label(h) for h in island] for island in islands(board, land)]
[['A1', 'A2'], ['C1'], ['E3']]
>>> [[format_label(h) for h in mass] for mass in landmasses(board, islands(board, land))]
[['A1', 'A2', 'C1'], ['E3']]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

import networkx as nx

from editor.core.hexgrid import Hex, HexBoard, parse_label

__all__ = [
    "coastline",
    "islands",
    "labels_to_hexes",
    "landmasses",
]


def labels_to_hexes(board: HexBoard, labels: Iterable[str]) -> set[Hex]:
    """The hexes of the labels that name spaces of ``board`` (others are left out)."""
    out: set[Hex] = set()
    for label in labels:
        try:
            h = parse_label(label)
        except ValueError:
            continue
        if h in board:
            out.add(h)
    return out


def _land_graph(board: HexBoard, land: set[Hex]) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(land)
    table = board.neighbour_table()
    graph.add_edges_from((h, n) for h in land for n in table[h] if n in land)
    return graph


def _largest_first(groups: Iterable[Iterable[Hex]]) -> list[list[Hex]]:
    """Groups sorted inside (canonical order), then largest first, ties by first space."""
    parts = [sorted(group) for group in groups]
    return sorted(parts, key=lambda part: (-len(part), part[0]))


def islands(board: HexBoard, land: Iterable[Hex]) -> list[list[Hex]]:
    """The connected pieces of land, largest first, each in canonical order.

    >>> board = HexBoard.rectangle(4, 4)
    >>> [len(i) for i in islands(board, labels_to_hexes(board, ["A1", "B1", "D4"]))]
    [2, 1]
    """
    on_board = {h for h in land if h in board}
    return _largest_first(nx.connected_components(_land_graph(board, on_board)))


def landmasses(board: HexBoard, parts: Sequence[Sequence[Hex]]) -> list[list[Hex]]:
    """Islands joined by channels one water space wide, largest first.

    A water space of the board whose neighbours lie on two or more islands links them.
    """
    part_of = {h: index for index, part in enumerate(parts) for h in part}
    links = nx.Graph()
    links.add_nodes_from(range(len(parts)))
    for h, around in board.neighbour_table().items():
        if h in part_of:
            continue
        touched = sorted({part_of[n] for n in around if n in part_of})
        links.add_edges_from(pairwise(touched))
    return _largest_first(
        (h for index in group for h in parts[index]) for group in nx.connected_components(links)
    )


def coastline(board: HexBoard, land: Iterable[Hex]) -> tuple[int, int]:
    """Hex edges of the land facing water, and facing the board's edge: ``(water, edge)``.

    >>> board = HexBoard.rectangle(3, 3)
    >>> coastline(board, labels_to_hexes(board, ["B2"]))  # in the middle: all water
    (6, 0)
    >>> coastline(board, labels_to_hexes(board, ["A1"]))  # a corner: 3 sides off the board
    (3, 3)
    """
    on_board = {h for h in land if h in board}
    table = board.neighbour_table()
    water = sum(1 for h in on_board for n in table[h] if n not in on_board)
    edge = sum(6 - len(table[h]) for h in on_board)
    return water, edge
