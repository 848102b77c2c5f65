"""Semantic checks of Snit Smashing content: what the schemas alone cannot see.

Each schema bounds its own numbers. What is left: ids defined twice over a pack and its
dependencies, Snits of an unknown clan, and the limits that join numbers of several files
(a clan needs as many Snits as a player draws at the start, the most players need a clan
each, the fewest players cannot exceed the most). Rulesets are merged over the packs in use,
so the limits are judged on every merged ruleset a pack or a layout makes, each problem
reported once, at the value that breaks it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from editor.core.diagnostics import Diagnostic, suggest
from editor.core.packs import Pack, closure
from editor.core.workspace import Workspace
from editor.games.snit_smashing.content import (
    ENTRY_KINDS,
    GAME_ID,
    SnitContent,
    Where,
    content_of,
    snit_packs,
)

_WHAT = {"clans": "clan", "snits": "Snit"}


def check_content(ws: Workspace) -> Iterator[Diagnostic]:
    """Duplicate ids and Snits of unknown clans in each pack, then the ruleset limits."""
    for pack in snit_packs(ws):
        yield from _check_pack(ws, pack)
    yield from check_limits(ws)


def _check_pack(ws: Workspace, pack: Pack) -> Iterator[Diagnostic]:
    deps = [p for p in closure(ws.packs, [pack.id]) if p.id != pack.id]
    seen = content_of(ws, deps).defined
    for kind, top in ENTRY_KINDS.items():
        for document in ws.documents_of([pack], kind):
            for index, entry in enumerate(document.data.get(top, ())):
                first = seen.get((kind, entry["id"]))
                if first is not None:
                    line = first.document.value_span((*first.path, "id")).line
                    yield document.error_at(
                        (top, index, "id"),
                        "duplicate-id",
                        f"{_WHAT[kind]} id {entry['id']!r} is already defined in"
                        f" {first.document.path}:{line}",
                    )
                else:
                    seen[(kind, entry["id"])] = Where(document, (top, index))
    clans = content_of(ws, closure(ws.packs, [pack.id])).clans
    for document in ws.documents_of([pack], "snits"):
        for index, entry in enumerate(document.data.get("snits", ())):
            if entry["clan"] not in clans:
                yield document.error_at(
                    ("snits", index, "clan"),
                    "unknown-id",
                    f"no clan {entry['clan']!r}" + suggest(entry["clan"], clans),
                )


def check_limits(ws: Workspace) -> Iterator[Diagnostic]:
    """The limits over each merged ruleset and its clans, once each."""
    seen: set[tuple[str, int, int, str]] = set()
    for packs in _pack_sets(ws):
        for diagnostic in limits(content_of(ws, packs)):
            key = (diagnostic.path, diagnostic.line, diagnostic.column, diagnostic.code)
            if key not in seen:
                seen.add(key)
                yield diagnostic


def _pack_sets(ws: Workspace) -> Iterator[list[Pack]]:
    """Each pack with its dependencies, then the packs each layout uses."""
    for pack in snit_packs(ws):
        yield closure(ws.packs, [pack.id])
    for layout in ws.checked_layouts():
        if layout.game == GAME_ID and layout.document is not None:
            yield ws.packs_in_use(layout)


def _number(content: SnitContent, *path: str) -> int | None:
    value: Any = content.ruleset
    for step in path:
        value = value.get(step) if isinstance(value, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def limits(content: SnitContent) -> Iterator[Diagnostic]:
    """What one merged ruleset and its clans break (a pack set without clans is an add-on:
    its clan limits are judged where it is used with clans; one with a file that failed its
    schema is judged once that is fixed)."""
    if content.broken:
        return
    low, high = _number(content, "players", "min"), _number(content, "players", "max")
    if low is not None and high is not None and low > high:
        yield from _at_value(
            content,
            ("players", "min"),
            "bad-range",
            f"players.min is {low} but players.max is {high}; the fewest cannot exceed the most",
        )
    active = _number(content, "active_at_start")
    most = _number(content, "snits_per_player")
    if active is not None and most is not None and active > most:
        judged = None  # no clan can play that: the one problem is said here
        yield from _at_value(
            content,
            ("active_at_start",),
            "bad-range",
            f"active_at_start is {active} but a player has only {most} Snits (snits_per_player)",
        )
    else:
        judged = active
    if not content.clans:
        return
    if high is not None and high > len(content.clans):
        names = ", ".join(content.clans)
        yield from _at_value(
            content,
            ("players", "max"),
            "too-few-clans",
            f"players.max is {high} but the packs in use define {len(content.clans)} clans"
            f" ({names}); every player needs a clan of its own",
        )
    for clan_id, where in _clans(content):
        count = len(content.snits_of(clan_id))
        if judged is not None and count < judged:
            yield where.document.error_at(
                (*where.path, "id"),
                "too-few-snits",
                f"clan {clan_id!r} has {count} Snits; each player draws {active} at the start"
                " (active_at_start)",
            )
        elif most is not None and count > most:
            yield where.document.warning_at(
                (*where.path, "id"),
                "extra-snits",
                f"clan {clan_id!r} has {count} Snits; a player plays its first {most}"
                " (snits_per_player)",
            )


def _clans(content: SnitContent) -> Sequence[tuple[str, Where]]:
    return [(clan_id, content.defined[("clans", clan_id)]) for clan_id in content.clans]


def _at_value(
    content: SnitContent, path: tuple[str, ...], code: str, message: str
) -> Iterator[Diagnostic]:
    where = content.ruleset_origin(path)
    if where is not None:
        yield where.document.error_at(path, code, message)
