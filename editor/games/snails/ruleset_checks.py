"""Semantic checks of Snails rulesets and stock: the limits a schema cannot state alone.

Each schema bounds its own numbers; what is left are the limits that join two numbers (the
contamination marker must start on its track, the fewest players cannot exceed the most, a
team and its program slots must leave a Planning phase few enough programs to choose from)
and sums over several files (the stock of one tile type). Rulesets are merged over the packs
in use, so each limit is judged on every merged ruleset a pack or a layout makes, and each
problem is reported once, at the value that breaks it, in the file that last wrote it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document
from editor.core.packs import Pack, closure
from editor.core.workspace import Workspace
from editor.games.snails.checks import snails_packs

Path_ = tuple[str | int, ...]

#: The most programs a Planning phase may choose among, counted as the ways to give the slots
#: to the team's snails (team size to the power of ``plan.slots``): 6 snails over 6 slots.
#: The engine lists these assignments for each player every Planning phase; the bundled
#: ruleset's 4 snails over 5 slots make 1,024.
MAX_PROGRAM_ASSIGNMENTS = 6**6
_PROGRAM_SIDE = 6

#: The most tiles of one type the packs in use may put in the box: each match deals the
#: backs from the whole stock, and a board has a few hundred spaces.
MAX_STOCK_PER_TILE = 10_000


def check_rulesets(ws: Workspace) -> Iterator[Diagnostic]:
    """Limits over the merged rulesets and stock of every pack and every layout's packs."""
    seen: set[tuple[str, int, int, str]] = set()
    for packs in _pack_sets(ws):
        for diagnostic in (*_ruleset_limits(ws, packs), *_stock_limits(ws, packs)):
            key = (diagnostic.path, diagnostic.line, diagnostic.column, diagnostic.code)
            if key not in seen:
                seen.add(key)
                yield diagnostic


def _pack_sets(ws: Workspace) -> Iterator[list[Pack]]:
    """Each Snails pack with its dependencies, then the packs each Snails layout uses."""
    for pack in snails_packs(ws):
        yield closure(ws.packs, [pack.id])
    for layout in ws.checked_layouts():
        if layout.game == "snails" and layout.document is not None:
            yield ws.packs_in_use(layout)


class _Merged:
    """A merged ruleset that knows which document last gave each value."""

    def __init__(self, documents: Sequence[Document]) -> None:
        self.documents = [d for d in documents if isinstance(d.data, Mapping)]

    def origin(self, path: Path_) -> Document | None:
        """The last document that gives ``path``."""
        for document in reversed(self.documents):
            if _lookup(document.data, path) is not None:
                return document
        return None

    def get(self, path: Path_) -> Any:
        """The merged value at ``path`` (later packs override earlier ones), or None."""
        document = self.origin(path)
        return None if document is None else _lookup(document.data, path)

    def integer(self, path: Path_) -> int | None:
        """The merged value at ``path`` when it is a whole number (booleans are not)."""
        value = self.get(path)
        return value if isinstance(value, int) and not isinstance(value, bool) else None


def _lookup(data: Any, path: Path_) -> Any:
    node = data
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return None
        node = node[key]
    return node


def _at_first(
    merged: _Merged, paths: Sequence[Path_], code: str, message: str
) -> Diagnostic | None:
    """An error at the first of ``paths`` some document gives (the offending value first)."""
    for path in paths:
        document = merged.origin(path)
        if document is not None:
            return document.error_at(path, code, message)
    return None


def _ruleset_limits(ws: Workspace, packs: Sequence[Pack]) -> Iterator[Diagnostic]:
    merged = _Merged(ws.documents_of(packs, "ruleset"))
    found = [
        _contamination_start(merged),
        _players(merged),
        _hit_range(merged),
        _program_assignments(merged),
    ]
    yield from (d for d in found if d is not None)


def _contamination_start(merged: _Merged) -> Diagnostic | None:
    start = merged.integer(("contamination", "start"))
    track = merged.get(("contamination", "track"))
    if start is None or not isinstance(track, list) or not track or start < len(track):
        return None
    message = (
        f"the contamination marker starts at position {start}, off its track of"
        f" {len(track)} positions (0 to {len(track) - 1}); start at {len(track) - 1} at most"
        " or make the track longer"
    )
    start_doc, track_doc = (
        merged.origin(("contamination", "start")),
        merged.origin(("contamination", "track")),
    )
    # a pack that shortens a track it did not start is the one to fix: point at its track
    paths: list[Path_] = [("contamination", "start"), ("contamination", "track")]
    if (
        track_doc is not None
        and start_doc is not None
        and merged.documents.index(track_doc) > merged.documents.index(start_doc)
    ):
        paths.reverse()
    return _at_first(merged, paths, "out-of-range", message)


def _players(merged: _Merged) -> Diagnostic | None:
    fewest, most = merged.integer(("players", "min")), merged.integer(("players", "max"))
    if fewest is None or most is None or fewest <= most:
        return None
    message = (
        f"players: the fewest ({fewest}) is more than the most ({most}); no match can be set up"
    )
    return _at_first(merged, [("players", "min"), ("players", "max")], "out-of-range", message)


def _hit_range(merged: _Merged) -> Diagnostic | None:
    bounds = merged.get(("hit", "range"))
    if not isinstance(bounds, list) or len(bounds) != 2:
        return None
    low, high = bounds
    if not (isinstance(low, int) and isinstance(high, int)) or low <= high:
        return None
    message = f"range {bounds} runs backwards; write [min, max]: [{high}, {low}]"
    return _at_first(merged, [("hit", "range")], "out-of-range", message)


def _program_assignments(merged: _Merged) -> Diagnostic | None:
    slots = merged.integer(("plan", "slots"))
    leaders = merged.integer(("team", "leader"))
    soldiers = merged.integer(("team", "soldiers"))
    if slots is None or leaders is None or soldiers is None:
        return None
    team = leaders + soldiers
    ways = team**slots
    if ways <= MAX_PROGRAM_ASSIGNMENTS:
        return None
    message = (
        f"{slots} program slots for a team of {team} snails (team.leader {leaders} +"
        f" team.soldiers {soldiers}) make {ways:,} ways to give the slots to the snails, each"
        f" Planning phase; at most {MAX_PROGRAM_ASSIGNMENTS:,} can be played (6 snails over 6"
        " slots): use fewer slots or a smaller team"
    )
    # more slots than the 6 of the largest program is the slots' fault, else the team's
    paths: list[Path_] = [("team", "soldiers"), ("team", "leader"), ("plan", "slots")]
    if slots > _PROGRAM_SIDE:
        paths = [paths[-1], *paths[:-1]]
    return _at_first(merged, paths, "out-of-range", message)


def _stock_limits(ws: Workspace, packs: Sequence[Pack]) -> Iterator[Diagnostic]:
    """The stock of one tile type over the packs, reported at the entry that passes it."""
    totals: dict[str, int] = {}
    for document in ws.documents_of(packs, "tiles"):
        data = document.data if isinstance(document.data, Mapping) else {}
        stock = data.get("stock")
        for index, entry in enumerate(stock if isinstance(stock, list) else ()):
            if not isinstance(entry, Mapping):
                continue
            tile, count = entry.get("tile"), entry.get("count")
            if not isinstance(tile, str) or not isinstance(count, int):
                continue
            before = totals.get(tile, 0)
            totals[tile] = before + count
            if before <= MAX_STOCK_PER_TILE < totals[tile]:
                message = (
                    f"the packs put {totals[tile]:,} {tile} tiles in the box with this entry;"
                    f" at most {MAX_STOCK_PER_TILE:,} of one tile type can be dealt"
                )
                yield document.error_at(("stock", index, "count"), "out-of-range", message)
