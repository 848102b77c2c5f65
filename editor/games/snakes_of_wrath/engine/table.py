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
counts). That standing is kept as one int a component (``codes``, :func:`standing_code`),
and ``feed`` tells which part's path comes into an empty cell, so the rules engine reads
a cell's context with two look-ups.
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from editor.games.snakes_of_wrath.engine.sides import INDICES, OPPOSITE_BIT, SIDES, STEP, label_of
from editor.games.snakes_of_wrath.engine.spares import Spares

#: No owner: a stray body, a head on its own, the starter before a head claims it.
NOBODY = -1

#: Each side: its index, what to add to a key to reach the neighbour there, and the bit of
#: the neighbour's side facing back.
_AROUND = tuple((i, STEP[i], OPPOSITE_BIT[i]) for i in range(4))


def standing_code(owner: int, wounds: int, bodies: int, opens: int, least: int) -> int:
    """What of a component a placement beside it is judged by, as one int: its owner and
    whether it is injured; while it has fewer bodies than a closed snake needs (``least``:
    a placement may close it too short), its bodies and open ends too. Owners are below 7
    and ``least`` below 64 (the ruleset schema's bounds)."""
    code = owner + 1 | (8 if wounds else 0)
    if bodies < least:
        return code | 16 | bodies << 5 | opens << 11
    return code


class Table:
    """The tiles on the table and the snakes (components of joined parts) they make."""

    __slots__ = (
        "_graph",
        "_links",
        "_made",
        "bodies",
        "body",
        "codes",
        "edge",
        "feed",
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
        "rank",
        "scored",
        "spares",
        "spot",
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
        #: Bodies an injury may still go on (not armored, never injured, in no closed
        #: snake), by owner and shape (:meth:`spare` takes them off).
        self.spares = Spares()
        #: Cells in the order played.
        self.order: list[int] = []
        # empty cells next to the table
        self.edge: dict[int, int] = {}
        self.inward: dict[int, int] = {}
        #: For an empty cell, the part whose path comes in (the last one, when several do).
        self.feed: dict[int, int] = {}
        #: For an empty cell, its ``Rules.fits`` index: ``edge`` times 16 plus ``inward``.
        self.spot: dict[int, int] = {}
        # components
        self._graph: nx.Graph | None = None
        #: Parts and joins not yet added to the graph (it is read far less often than it
        #: grows): a part alone as ``(part,)``, a join as ``(part, other)``.
        self._links: list[tuple[int, ...]] = []
        self.part_comp: dict[int, int] = {}
        self.owner: list[int] = []
        self.bodies: list[int] = []
        self.heads: list[int] = []
        self.opens: list[int] = []
        self.wounds: list[int] = []
        #: Each component's :func:`standing_code`.
        self.codes: list[int] = []
        #: Each component's place in the order snakes are told of when several close at
        #: once: every part joined is numbered in turn, and a merged snake keeps the number
        #: of the larger one (the newest part's when it meets a lone part).
        self.rank: list[int] = []
        self._made = 0
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
            self.spares.add(key, signature)
        edge, inward, feed, spot = self.edge, self.inward, self.feed, self.spot
        edge.pop(key, None)
        inward.pop(key, None)
        feed.pop(key, None)
        spot.pop(key, None)
        kinds = self.kind
        changed = [key]
        paths = body | head
        for i, step, bit in _AROUND:
            n = key + step
            if n in kinds:
                continue
            changed.append(n)
            sides = edge[n] = edge.get(n, 0) | bit
            if paths >> i & 1:
                coming = inward[n] = inward.get(n, 0) | bit
                feed[n] = key * 2 + (0 if body >> i & 1 else 1)
                spot[n] = sides << 4 | coming
            else:
                spot[n] = sides << 4 | inward.get(n, 0)
        for watcher in self.watchers:
            watcher.update(changed)

    def spare(self, keys: Iterable[int]) -> None:
        """Bodies that can take no injury any more: injured once, or in a closed snake."""
        self.spares.take(keys, self)

    def settle(self, players: int) -> None:
        """Work out again what is kept of every component and every body from the counts (a
        situation built for a rules example sets owners and injuries directly); the seats
        are ``0`` to ``players - 1``."""
        least = self.least
        self.codes[:] = [
            standing_code(o, w, b, n, least)
            for o, w, b, n in zip(self.owner, self.wounds, self.bodies, self.opens, strict=True)
        ]
        self.spares.build(self, players)

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
        kinds, tile_body, part_comp = self.kind, self.body, self.part_comp
        joined = []
        free = []
        for i in INDICES[mask]:
            n = key + STEP[i]
            if n in kinds:
                joined.append(n * 2 + (0 if tile_body[n] & OPPOSITE_BIT[i] else 1))
            else:
                free.append(n)
        links = self._links
        if not joined:  # a part alone: its open ends lead to the cells put() told of
            links.append((part,))
            comp = self.new_component(part, owner, 0 if is_head else 1, 1 if is_head else 0, free)
            if not is_head:
                self.spares.own(key, owner)
            return comp, []
        # the part goes into the components it joins, merged (no component of its own first)
        codes, owners, bodies, opens, frontier = (
            self.codes,
            self.owner,
            self.bodies,
            self.opens,
            self.frontier,
        )
        standing = []  # the codes of the components joined, as they were
        before: list[tuple[int, int]] = []
        comp = -1
        rank, members = self.rank, self.members
        # the rank the merged snake keeps: the new part's number against each joined one's
        kept, size = self._made, 1
        self._made += 1
        for other in joined:
            links.append((part, other))
            c = part_comp[other]
            opens[c] -= 1
            frontier[c].discard(key)
            if c != comp:
                was = owners[c]
                standing.append(codes[c])
                before.append((was, bodies[c]))
                if was != owner and bodies[c]:  # its bodies change hands: stolen, claimed
                    self.spares.move([p >> 1 for p in members[c] if not p & 1], was, owner)
                if size < len(members[c]):
                    kept = rank[c]
                size += len(members[c])
                comp = c if comp < 0 else self.merge(comp, c)
        part_comp[part] = comp
        members[comp].append(part)
        rank[comp] = kept
        if is_head:
            self.heads[comp] += 1
        else:
            bodies[comp] += 1
        opens[comp] += len(free)
        if free:
            frontier[comp].update(free)
        owners[comp] = owner
        if not is_head:
            self.spares.own(key, owner)
        count = bodies[comp]
        now = codes[comp] = standing_code(owner, self.wounds[comp], count, opens[comp], self.least)
        if count < self.least or standing.count(now) != len(standing):
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
        self.codes.append(standing_code(owner, 0, bodies, len(free), self.least))
        self.rank.append(self._made)
        self._made += 1
        self.members.append([part])
        self.scored.append(False)
        self.frontier.append(set(free))
        self.part_comp[part] = comp
        return comp

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
            self.codes[comp] ^= 8  # the injured bit of its standing_code
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
        graph = self._graph
        if graph is None:  # made when first read: a simulated match never reads it
            graph = self._graph = nx.Graph()
        if self._links:
            for link in self._links:
                if len(link) == 1:
                    graph.add_node(link[0])
                else:
                    graph.add_edge(*link)
            self._links = []
        return graph

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
