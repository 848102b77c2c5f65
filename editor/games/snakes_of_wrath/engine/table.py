"""The table: the tiles played, the empty cells beside them, and the snakes they form.

A tile holds up to two *parts*: its body (part ``cell * 2``) and its head (``cell * 2 + 1``);
a Todd holds none. Two parts are joined where their paths meet across a shared side. The
joins are the edges of a networkx graph of parts, grown one tile at a time; a snake is a
connected component of it. Each component's numbers (owner, bodies, heads, open ends,
unhealed injuries) are kept in flat lists as components merge, smaller into larger, so a
placement costs only its own joins: nothing is rebuilt, and components never split.

An open end is a side of a part whose path leaves towards an empty cell; a component with
none is closed. ``edge`` holds every empty cell next to the table with the sides where it
has a neighbour, ``inward`` the sides where a neighbour's path comes in; ``frontier`` the
empty cells each component's open ends lead to.

What may be laid at an empty cell depends only on its sides and on the components its
neighbours' paths bring in; so each change tells the ``watchers`` (one set of cells per
seat, :mod:`~editor.games.snakes_of_wrath.engine.legal`'s) which cells to judge again: the
cells around a tile laid, and the frontier of a component whose standing changed (its
owner, whether it is injured, and while it has fewer bodies than a closed snake needs, its
counts).
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from editor.games.snakes_of_wrath.engine.sides import INDICES, OPPOSITE_BIT, SIDES, STEP, label_of

#: No owner: a stray body, a head on its own, the starter before a head claims it.
NOBODY = -1


class Table:
    """The tiles on the table and the snakes (components of joined parts) they make."""

    __slots__ = (
        "_graph",
        "_links",
        "bodies",
        "body",
        "by_signature",
        "edge",
        "frontier",
        "head",
        "heads",
        "heal",
        "hurt",
        "injury",
        "inward",
        "kind",
        "least",
        "members",
        "opens",
        "order",
        "owner",
        "part_comp",
        "placer",
        "scored",
        "tile",
        "turn",
        "watchers",
        "wounded",
        "wounds",
    )

    def __init__(self, least: int = 2) -> None:
        """An empty table; ``least`` is the fewest bodies a closed snake may have."""
        self.least = least
        # per occupied cell
        self.kind: dict[int, int] = {}
        self.tile: dict[int, int] = {}
        self.turn: dict[int, int] = {}
        self.body: dict[int, int] = {}
        self.head: dict[int, int] = {}
        self.placer: dict[int, int] = {}
        #: The tile lying on top of a body: an injury, then maybe a healing.
        self.injury: dict[int, int] = {}
        self.heal: dict[int, int] = {}
        #: Cells whose injury is not healed yet.
        self.hurt: set[int] = set()
        #: Cells that have been injured once (they never are again).
        self.wounded: set[int] = set()
        #: Bodies an injury may still go on, by the signature of their shape as it lies:
        #: not armored, never injured, in no closed snake (:meth:`spare` takes them off;
        #: a situation built for a rules example may leave some that are).
        self.by_signature: dict[int, list[int]] = {}
        #: Cells in the order played.
        self.order: list[int] = []
        # empty cells next to the table
        self.edge: dict[int, int] = {}
        self.inward: dict[int, int] = {}
        # components
        self._graph = nx.Graph()
        #: Parts and joins not yet added to the graph (it is read far less often than it
        #: grows): a part alone as ``(part,)``, a join as ``(part, other)``.
        self._links: list[tuple[int, ...]] = []
        self.part_comp: dict[int, int] = {}
        self.owner: list[int] = []
        self.bodies: list[int] = []
        self.heads: list[int] = []
        self.opens: list[int] = []
        self.wounds: list[int] = []
        self.members: list[list[int]] = []
        #: Whether a component's points have been scored (a closed, healthy, owned snake).
        self.scored: list[bool] = []
        #: The empty cells a component's open ends lead to.
        self.frontier: list[set[int]] = []
        #: Sets of cells to judge again, told of every change (``legal.Legal``'s, per seat).
        self.watchers: list[set[int]] = []

    # --- cells ---------------------------------------------------------------------------

    def put(
        self,
        key: int,
        tile: int,
        kind: int,
        turn: int,
        body: int,
        head: int,
        placer: int,
        signature: int | None,
    ) -> None:
        """Lay a tile on an empty cell (its parts are joined by :meth:`join`)."""
        self.kind[key] = kind
        self.tile[key] = tile
        self.turn[key] = turn
        self.body[key] = body
        self.head[key] = head
        self.placer[key] = placer
        self.order.append(key)
        if signature is not None:
            self.by_signature.setdefault(signature, []).append(key)
        self.edge.pop(key, None)
        self.inward.pop(key, None)
        paths = body | head
        kinds = self.kind
        edge = self.edge
        changed = [key]
        for i in range(4):
            n = key + STEP[i]
            if n not in kinds:
                changed.append(n)
                edge[n] = edge.get(n, 0) | OPPOSITE_BIT[i]
                if paths >> i & 1:
                    self.inward[n] = self.inward.get(n, 0) | OPPOSITE_BIT[i]
        for watcher in self.watchers:
            watcher.update(changed)

    def spare(self, keys: Iterable[int]) -> None:
        """Take bodies off :attr:`by_signature`: injured once, or in a closed snake."""
        by_signature = self.by_signature
        for key in keys:
            cells = by_signature.get(self.body[key] | self.head[key] << 4)
            if cells is not None and key in cells:
                cells.remove(key)

    def part_at(self, key: int, side: int) -> int:
        """The part of the tile at ``key`` whose path leaves by side index ``side``."""
        return key * 2 + (0 if self.body[key] >> side & 1 else 1)

    def neighbour_part(self, key: int, side: int) -> int:
        """The part of the neighbour across side ``side`` of ``key`` that meets it."""
        n = key + STEP[side]
        return n * 2 + (0 if self.body[n] & OPPOSITE_BIT[side] else 1)

    # --- components ----------------------------------------------------------------------

    def join(
        self, key: int, is_head: bool, mask: int, owner: int
    ) -> tuple[int, list[tuple[int, int]]]:
        """Add a tile's body or head (leaving by ``mask``) to the graph, joined to every
        neighbour its path meets; the component it ends in gets ``owner``.

        Returns that component, and the owner and bodies of each component merged into it
        as they were before.
        """
        part = key * 2 + is_head
        kinds = self.kind
        part_comp = self.part_comp
        joined = []
        free = []
        for i in INDICES[mask]:
            n = key + STEP[i]
            if n in kinds:
                joined.append(n * 2 + (0 if self.body[n] & OPPOSITE_BIT[i] else 1))
            else:
                free.append(n)
        comp = self.new_component(part, owner, 0 if is_head else 1, 1 if is_head else 0, free)
        links = self._links
        if not joined:  # a part alone: its open ends lead to the cells put() told of
            links.append((part,))
            return comp, []
        standing = {}
        for other in joined:
            c = part_comp[other]
            if c not in standing:
                standing[c] = self.standing(c)
        before: list[tuple[int, int]] = []
        for other in joined:
            links.append((part, other))
            c = part_comp[other]
            self.opens[c] -= 1
            self.frontier[c].discard(key)
            if c != comp:
                before.append((self.owner[c], self.bodies[c]))
                comp = self.merge(comp, c)
        self.owner[comp] = owner
        now = self.standing(comp)
        if self.bodies[comp] < self.least or any(was != now for was in standing.values()):
            self.touch(comp)
        return comp, before

    def new_component(self, part: int, owner: int, bodies: int, heads: int, free: list[int]) -> int:
        """A component of one part, whose open ends lead to the empty cells ``free``."""
        comp = len(self.owner)
        self.owner.append(owner)
        self.bodies.append(bodies)
        self.heads.append(heads)
        self.opens.append(len(free))
        self.wounds.append(0)
        self.members.append([part])
        self.scored.append(False)
        self.frontier.append(set(free))
        self.part_comp[part] = comp
        return comp

    def standing(self, comp: int) -> tuple[int, ...]:
        """What of a component a placement beside it is judged by: its owner and whether
        it is injured; while it has fewer bodies than a closed snake needs (a placement may
        close it too short), its bodies and open ends too."""
        bodies = self.bodies[comp]
        hurt = 1 if self.wounds[comp] else 0
        if bodies >= self.least:
            return (self.owner[comp], hurt)
        return (self.owner[comp], hurt, bodies, self.opens[comp])

    def touch(self, comp: int) -> None:
        """Tell the watchers that the cells a component's open ends lead to need judging."""
        cells = self.frontier[comp]
        for watcher in self.watchers:
            watcher.update(cells)

    def wound(self, comp: int, change: int) -> None:
        """Add to a component's unhealed injuries (+1 an injury, -1 a healing)."""
        was = self.wounds[comp]
        self.wounds[comp] = was + change
        if (was == 0) != (was + change == 0):
            self.touch(comp)

    def merge(self, a: int, b: int) -> int:
        """Merge two components, the smaller into the larger; the one that remains."""
        if len(self.members[a]) < len(self.members[b]):
            a, b = b, a
        part_comp = self.part_comp
        moved = self.members[b]
        for part in moved:
            part_comp[part] = a
        self.members[a].extend(moved)
        self.members[b] = []
        self.frontier[a] |= self.frontier[b]
        self.frontier[b] = set()
        self.bodies[a] += self.bodies[b]
        self.heads[a] += self.heads[b]
        self.opens[a] += self.opens[b]
        self.wounds[a] += self.wounds[b]
        self.scored[a] = self.scored[a] or self.scored[b]
        return a

    def comp_at(self, key: int) -> int | None:
        """The component of the body of the tile at ``key`` (else its head), if any."""
        part = self.part_comp.get(key * 2)
        return part if part is not None else self.part_comp.get(key * 2 + 1)

    def components(self) -> list[int]:
        """The live components, in the order made."""
        return [c for c, parts in enumerate(self.members) if parts]

    # --- read-outs through the graph -------------------------------------------------------

    @property
    def graph(self) -> nx.Graph:
        """The networkx graph of parts (nodes) and joins across shared sides (edges)."""
        if self._links:
            graph = self._graph
            for link in self._links:
                if len(link) == 1:
                    graph.add_node(link[0])
                else:
                    graph.add_edge(*link)
            self._links = []
        return self._graph

    def snake_parts(self, part: int) -> set[int]:
        """Every part joined to ``part``, through the graph."""
        found: set[int] = nx.node_connected_component(self.graph, part)
        return found

    def open_ends(self, parts: set[int]) -> list[str]:
        """The open ends of some parts as ``"x,y S"``: a cell and the side its path leaves by
        towards an empty cell."""
        out = []
        for part in sorted(parts):
            key = part >> 1
            mask = self.head[key] if part & 1 else self.body[key]
            for i in INDICES[mask]:
                if key + STEP[i] not in self.kind:
                    out.append(f"{label_of(key)} {SIDES[i]}")
        return out
