"""What must hold after every step of a Snakes of Wrath match, recomputed from scratch.

The engine keeps its snakes incrementally; these checks rebuild the graph of joined sides
from the tiles alone (networkx) and compare, so a bookkeeping slip anywhere shows.
"""

from __future__ import annotations

from collections import Counter

import networkx as nx

from editor.games.snakes_of_wrath.engine import State
from editor.games.snakes_of_wrath.engine.rules import TODD
from editor.games.snakes_of_wrath.engine.sides import OPPOSITE_BIT, STEP, label_of
from editor.games.snakes_of_wrath.engine.table import NOBODY


def scratch_graph(st: State) -> nx.Graph:
    """The graph of parts joined across shared sides, from the tiles on the table alone."""
    tb = st.table
    graph = nx.Graph()
    for key in tb.order:
        for is_head, mask in ((0, tb.body[key]), (1, tb.head[key])):
            if not mask:
                continue
            part = key * 2 + is_head
            graph.add_node(part)
            for i in range(4):
                n = key + STEP[i]
                if mask >> i & 1 and n in tb.kind:
                    theirs = 0 if tb.body[n] & OPPOSITE_BIT[i] else 1
                    graph.add_edge(part, n * 2 + theirs)
    return graph


def check(st: State, *, played: bool = True) -> None:
    """Every invariant. ``played``: the match was played from its start, so its points are
    its closed snakes' and Todds', and a snake has an owner exactly when it holds a body and
    a head (a situation built for a test may say otherwise)."""
    rules, tb = st.rules, st.table
    # every tile in exactly one of the sack, the racks, the table (or aside)
    on_table = [*tb.tile.values(), *tb.injury.values(), *tb.heal.values()]
    everywhere = Counter([*st.bag, *on_table, *st.aside, *(t for r in st.racks for t in r)])
    assert everywhere == Counter(range(len(rules.box))), "a tile is lost or in two places"
    # racks full while the sack lasts (a situation built for a test may deal fewer)
    if st.bag and played:
        assert all(len(r) == rules.rack for r in st.racks), [len(r) for r in st.racks]
    assert all(len(r) <= rules.rack for r in st.racks)
    # no open end against a blank side
    for key in tb.order:
        paths = tb.body[key] | tb.head[key]
        for i in range(4):
            n = key + STEP[i]
            if n in tb.kind:
                theirs = bool((tb.body[n] | tb.head[n]) & OPPOSITE_BIT[i])
                assert bool(paths >> i & 1) == theirs, f"{label_of(key)} against {label_of(n)}"
    # the edge: every empty cell beside the table, with its sides
    edge: dict[int, int] = {}
    inward: dict[int, int] = {}
    for key in tb.order:
        for i in range(4):
            n = key + STEP[i]
            if n not in tb.kind:
                edge[n] = edge.get(n, 0) | OPPOSITE_BIT[i]
                if (tb.body[key] | tb.head[key]) >> i & 1:
                    inward[n] = inward.get(n, 0) | OPPOSITE_BIT[i]
    assert edge == tb.edge and inward == tb.inward
    # the snakes: the engine's components are the graph's, with the same counts
    graph = scratch_graph(st)
    assert set(graph.nodes) == set(tb.part_comp)
    assert graph.number_of_edges() == tb.graph.number_of_edges()
    points = [0] * st.n
    for parts in nx.connected_components(graph):
        comps = {tb.part_comp[p] for p in parts}
        assert len(comps) == 1, "one snake split over several components"
        comp = comps.pop()
        assert set(tb.members[comp]) == parts, "a component holds parts of another snake"
        bodies = sum(1 for p in parts if not p & 1)
        ends = tb.open_ends(parts)
        hurt = sum(1 for p in parts if not p & 1 and p >> 1 in tb.hurt)
        assert (tb.bodies[comp], tb.heads[comp]) == (bodies, len(parts) - bodies)
        assert tb.opens[comp] == len(ends) and tb.wounds[comp] == hurt
        owner = tb.owner[comp]
        if played:  # a snake has an owner exactly when it holds a body and a head
            assert (owner != NOBODY) == (bodies > 0 and len(parts) > bodies), ends
        if not ends:
            assert bodies >= rules.min_bodies, "a snake closed with too few bodies"
            if owner != NOBODY and not hurt:
                points[owner] += bodies * rules.body_points
    for key in tb.order:
        if rules.kinds[tb.kind[key]].role == TODD:
            points[tb.placer[key]] += rules.todd_points
    if played:
        assert st.scores == points, (st.scores, points)
