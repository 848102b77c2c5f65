"""Semantic checks of Snakes of Wrath tile sets: what the tileset schema cannot say.

A tile type id is defined once over a pack and its dependencies; a shape id once within its
type; a shape lists a side once (its body and its head never share one); and a tile type's
role fits its shapes: a body or an injury has a body path, a head has a head and no body,
a Todd has no path, and only a body is armored. An injury whose shape no body has can
never be played: a warning.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.core.packs import closure
from editor.core.workspace import Workspace
from editor.games.snakes_of_wrath.content import Entry, game_packs, tile_entries
from editor.games.snakes_of_wrath.engine.sides import mask_of, turned

Path_ = tuple[str | int, ...]


def check_tilesets(ws: Workspace) -> Iterator[Diagnostic]:
    """Duplicate ids, sides listed twice, roles that do not fit their shapes, injuries that
    fit no body."""
    for pack in game_packs(ws):
        deps = [p for p in closure(ws.packs, [pack.id]) if p.id != pack.id]
        known: dict[str, Entry] = {}
        for entry in tile_entries(ws, deps):
            known.setdefault(str(entry.data["id"]), entry)
        own = tile_entries(ws, [pack])
        for entry in own:
            type_id = str(entry.data["id"])
            first = known.get(type_id)
            if first is not None:
                line = first.document.value_span((*first.path, "id")).line
                message = (
                    f"tile type id {type_id!r} is already defined in {first.document.path}:{line}"
                )
                yield entry.document.error_at((*entry.path, "id"), "duplicate-id", message)
                continue
            known[type_id] = entry
            yield from _check_type(entry)
        bodies = _body_signatures(known.values())
        for entry in own:
            if entry.data.get("role") == "injury" and known.get(str(entry.data["id"])) is entry:
                yield from _unmatched_injuries(entry, bodies)


def _shapes(entry: Entry) -> list[tuple[int, Mapping[str, Any]]]:
    shapes = entry.data.get("shapes", [])
    return [(i, s) for i, s in enumerate(shapes) if isinstance(s, Mapping)]


def _check_type(entry: Entry) -> Iterator[Diagnostic]:
    doc = entry.document
    role = entry.data.get("role")
    name = entry.data.get("id")
    if entry.data.get("armored") and role != "body":
        message = f"{name}: only a body can be armored (this tile type's role is {role})"
        yield doc.error_at((*entry.path, "armored"), "wrong-role", message)
    seen: dict[str, int] = {}
    for index, shape in _shapes(entry):
        path: Path_ = (*entry.path, "shapes", index)
        shape_id = str(shape.get("id"))
        if shape_id in seen:
            message = f"{name}: shape id {shape_id!r} is already used by shape {seen[shape_id] + 1}"
            yield doc.error_at((*path, "id"), "duplicate-id", message)
        else:
            seen[shape_id] = index
        yield from _check_sides(doc, path, shape)
        yield from _check_fit(doc, path, role, name, shape)


def _check_sides(doc: Any, path: Path_, shape: Mapping[str, Any]) -> Iterator[Diagnostic]:
    body = list(shape.get("body", []))
    for index, side in enumerate(body):
        if side in body[:index]:
            message = f"the body leaves by side {side} twice; list each side once"
            yield doc.error_at((*path, "body", index), "side-twice", message)
    head = shape.get("head")
    if head is not None and head in body:
        message = (
            f"the head's neck leaves by side {head}, which the body already leaves by; a side"
            " holds one path"
        )
        yield doc.error_at((*path, "head"), "side-twice", message)


_FIT = {
    "body": (True, None, "a body tile needs a body path: give it body sides"),
    "injury": (True, False, "an injured body is a body with no head: give it body sides only"),
    "head": (False, True, "a head tile has a head and no body: give it a head side only"),
    "todd": (False, False, "a Todd has no path: give it no body and no head"),
}


def _check_fit(
    doc: Any, path: Path_, role: Any, name: Any, shape: Mapping[str, Any]
) -> Iterator[Diagnostic]:
    if role not in _FIT:
        return
    wants_body, wants_head, advice = _FIT[role]
    has_body, has_head = bool(shape.get("body")), shape.get("head") is not None
    if has_body != wants_body or (wants_head is not None and has_head != wants_head):
        message = f"{name} ({role}): shape {shape.get('id')!r} does not fit its role; {advice}"
        yield doc.error_at(path, "shape-role", message)


def _signatures(shape: Mapping[str, Any]) -> set[tuple[int, int]]:
    """Every way a shape can lie: (body mask, head mask) under the four turns."""
    try:
        body = mask_of(shape.get("body", []))
        head = mask_of([shape["head"]] if shape.get("head") is not None else [])
    except KeyError:
        return set()
    return {(turned(body, t), turned(head, t)) for t in range(4)}


def _body_signatures(entries: Any) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for entry in entries:
        if entry.data.get("role") == "body":
            for _, shape in _shapes(entry):
                out |= _signatures(shape)
    return out


def _unmatched_injuries(entry: Entry, bodies: set[tuple[int, int]]) -> Iterator[Diagnostic]:
    for index, shape in _shapes(entry):
        lies = _signatures(shape)
        if lies and not lies & bodies:
            message = (
                f"no body of the packs in use has the shape of {entry.data.get('id')}"
                f" {shape.get('id')!r}, so it can never be played (an injury goes on a body"
                " of the exact same shape)"
            )
            path: Path_ = (*entry.path, "shapes", index)
            yield entry.document.warning_at(path, "never-playable", message)
