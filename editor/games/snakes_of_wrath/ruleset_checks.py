"""Semantic checks of Snakes of Wrath rulesets and scenarios: the limits joining numbers.

Rulesets are merged over the packs in use, so each limit is judged on every merged ruleset a
pack (with its dependencies) or a scenario layout makes, and reported once, at the value
that breaks it in the file that last wrote it: every key given; the swap no larger than the
rack; a starter that is one body tile; tiles enough besides the starter to fill every rack;
at most 2,000 tiles; a target some game could reach (a warning). A scenario layout names
an open table and holds no spaces.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document
from editor.core.packs import Pack, closure
from editor.core.workspace import Workspace
from editor.games.snakes_of_wrath.content import (
    GAME_ID,
    RULESET,
    RULESET_KEYS,
    Entry,
    game_packs,
    tile_entries,
)

Path_ = tuple[str | int, ...]
#: The most tiles the packs in use may hold: the table grows by one a turn, and its cells
#: stay within ``sides.REACH`` of 0,0.
MAX_TILES = 2000


def check_rulesets(ws: Workspace) -> Iterator[Diagnostic]:
    """The limits over the merged rulesets and tile sets of every pack and scenario."""
    seen: set[tuple[str, int, int, str]] = set()
    for packs, anchor in _pack_sets(ws):
        for diagnostic in _limits(ws, packs, anchor):
            key = (diagnostic.path, diagnostic.line, diagnostic.column, diagnostic.code)
            if key not in seen:
                seen.add(key)
                yield diagnostic


def check_layouts(ws: Workspace) -> Iterator[Diagnostic]:
    """A scenario layout holds no spaces (the game starts from the starter alone) and its
    board is an open table."""
    for layout in ws.checked_layouts():
        document = layout.document
        if layout.game != GAME_ID or document is None:
            continue
        if layout.spaces:
            message = (
                "a Snakes of Wrath scenario holds no spaces: every game starts from the"
                " starter alone at 0,0; write spaces: {}"
            )
            yield document.error_at(("spaces",), "not-empty", message)
        board = ws.boards.get(layout.board)
        if board is not None and not board.open:
            message = f"board {board.id!r} has an edge; Snakes of Wrath is played on an open table"
            yield document.error_at(("board",), "closed-table", message)


def _pack_sets(ws: Workspace) -> Iterator[tuple[list[Pack], tuple[Document, Path_] | None]]:
    """Each pack with its dependencies, then each scenario's packs (with where to report a
    key no file gives: the pack's manifest, or the scenario's packs)."""
    for pack in game_packs(ws):
        yield closure(ws.packs, [pack.id]), (pack.manifest, ("id",))
    for layout in ws.checked_layouts():
        if layout.game == GAME_ID and layout.document is not None:
            yield ws.packs_in_use(layout), (layout.document, ("packs",))


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
        """The merged value at ``path``, or None."""
        document = self.origin(path)
        return None if document is None else _lookup(document.data, path)

    def integer(self, path: Path_) -> int | None:
        """The merged value at ``path`` when it is a whole number."""
        value = self.get(path)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def error(self, path: Path_, code: str, message: str) -> Diagnostic | None:
        """An error at the value at ``path`` in the document that gives it."""
        document = self.origin(path)
        return None if document is None else document.error_at(path, code, message)


def _lookup(data: Any, path: Path_) -> Any:
    node = data
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return None
        node = node[key]
    return node


def _limits(
    ws: Workspace, packs: Sequence[Pack], anchor: tuple[Document, Path_] | None
) -> Iterator[Diagnostic]:
    merged = _Merged(ws.documents_of(packs, RULESET))
    missing = [key for key in RULESET_KEYS if merged.get((key,)) is None]
    if missing and anchor is not None:
        document, path = anchor
        names = ", ".join(p.id for p in packs)
        message = (
            f"the ruleset of the packs {names} gives no {', '.join(missing)}; every key must"
            " be given by some pack's ruleset.yaml"
        )
        yield document.error_at(path, "missing-key", message)
    entries = tile_entries(ws, packs)
    found = [
        _swap(merged),
        _starter(merged, entries),
        _enough_tiles(merged, entries),
        _reachable(merged, entries),
    ]
    yield from (d for d in found if d is not None)
    yield from _too_many(entries)


def _swap(merged: _Merged) -> Diagnostic | None:
    swap, rack = merged.integer(("swap",)), merged.integer(("rack",))
    if swap is None or rack is None or swap <= rack:
        return None
    message = f"a swap puts back {swap} tiles, more than the rack of {rack} holds"
    return merged.error(("swap",), "out-of-range", message)


def _types(entries: Sequence[Entry]) -> dict[str, Entry]:
    out: dict[str, Entry] = {}
    for entry in entries:
        out.setdefault(str(entry.data.get("id")), entry)
    return out


def _count(entry: Entry) -> int:
    shapes = entry.data.get("shapes", [])
    return sum(int(s.get("count", 0)) for s in shapes if isinstance(s, Mapping))


def _starter(merged: _Merged, entries: Sequence[Entry]) -> Diagnostic | None:
    tile = merged.get(("starter", "tile"))
    if not isinstance(tile, str):
        return None
    types = _types(entries)
    entry = types.get(tile)
    path: Path_ = ("starter", "tile")
    if entry is None:
        known = ", ".join(types) or "none"
        return merged.error(path, "unknown-id", f"no tile type {tile!r}; known: {known}")
    if entry.data.get("role") != "body":
        message = f"the starter {tile!r} must be a body tile, not a {entry.data.get('role')}"
        return merged.error(path, "wrong-role", message)
    count = _count(entry)
    if count != 1:
        message = f"the starter {tile!r} must be exactly one tile; the packs hold {count}"
        return merged.error(path, "out-of-range", message)
    return None


def _enough_tiles(merged: _Merged, entries: Sequence[Entry]) -> Diagnostic | None:
    rack, players = merged.integer(("rack",)), merged.integer(("players",))
    if rack is None or players is None:
        return None
    tiles = sum(_count(e) for e in _types(entries).values()) - 1  # less the starter
    if tiles >= rack * players:
        return None
    message = (
        f"the sack holds {max(tiles, 0)} tiles besides the starter, fewer than {players} racks"
        f" of {rack} need; use a smaller rack or add tiles"
    )
    return merged.error(("rack",), "not-enough-tiles", message)


def _reachable(merged: _Merged, entries: Sequence[Entry]) -> Diagnostic | None:
    target = merged.integer(("target",))
    body, todd = merged.integer(("points", "body")), merged.integer(("points", "todd"))
    if target is None or body is None or todd is None:
        return None
    types = _types(entries).values()
    bodies = sum(_count(e) for e in types if e.data.get("role") == "body")
    todds = sum(_count(e) for e in types if e.data.get("role") == "todd")
    best = bodies * body + todds * todd
    if best >= target:
        return None
    document = merged.origin(("target",))
    if document is None:
        return None
    message = (
        f"no player can reach {target} points: every body ({bodies}) and Todd ({todds}) of the"
        f" sack together score {best}; every game will end with the sack empty"
    )
    return document.warning_at(("target",), "unreachable", message)


def _too_many(entries: Sequence[Entry]) -> Iterator[Diagnostic]:
    total = 0
    for entry in _types(entries).values():
        shapes = entry.data.get("shapes", [])
        for index, shape in enumerate(shapes):
            if not isinstance(shape, Mapping):
                continue
            before = total
            total += int(shape.get("count", 0))
            if before <= MAX_TILES < total:
                message = (
                    f"the packs put {total:,} tiles in the sack with this shape; at most"
                    f" {MAX_TILES:,} can be played on the table"
                )
                path: Path_ = (*entry.path, "shapes", index, "count")
                yield entry.document.error_at(path, "out-of-range", message)
