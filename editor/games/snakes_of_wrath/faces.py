"""Snakes of Wrath tile types as faces for the Preview dock: role, colour, count, and each
shape drawn as a square seen from above (``Face.art``), with the sides its path leaves by.

The entries come as validated content (plain dicts, as in the pack's tileset.yaml). A shape
is drawn as written, before it is turned: the body's path from the middle to each side it
leaves by, a head as an end mark (see :mod:`~editor.games.snakes_of_wrath.art`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from editor.core.registry import Face, FaceLine, TileArt
from editor.games.snakes_of_wrath.art import tile_art
from editor.games.snakes_of_wrath.content import TILESET
from editor.games.snakes_of_wrath.engine.sides import SIDES

_ROLES = {
    "body": ("Body tile", "joins snakes: builds, starts, steals, goes rogue, or heals"),
    "head": ("Head tile", "caps your snake, claims a stray body, or waits for a body"),
    "injury": ("Injured body tile", "goes on top of a rival's body of the same shape"),
    "todd": ("Todd", "scores for whoever plays it, wherever it blocks no path"),
}


def shape_art(colour: str, role: str, shape: Mapping[str, Any]) -> TileArt:
    """One shape of a tile type as written, seen from above."""
    body = [s for s in shape.get("body", []) if s in SIDES]
    head = shape.get("head")
    return tile_art(
        colour,
        sorted(body, key=SIDES.index),
        head if head in SIDES else None,
        todd=role == "todd",
        injured=role == "injury",
    )


def _sides_text(shape: Mapping[str, Any]) -> str:
    parts = []
    if shape.get("body"):
        parts.append("body leaves by " + ", ".join(shape["body"]))
    if shape.get("head"):
        parts.append(f"head's neck leaves by {shape['head']}")
    return "; ".join(parts) or "no path"


def tile_type_face(data: Mapping[str, Any]) -> Face:
    """A tile type: its role, colour, count, and each shape drawn with its count."""
    role = str(data.get("role", ""))
    kind, what = _ROLES.get(role, (role, ""))
    colour = str(data.get("colour", ""))
    shapes = [s for s in data.get("shapes", []) if isinstance(s, Mapping)]
    total = sum(int(s.get("count", 0)) for s in shapes)
    details = [FaceLine("Role", f"{role}: {what}")]
    if data.get("armored"):
        details.append(FaceLine("Armored", "can never be injured"))
    details.append(FaceLine("Colour", colour))
    details.append(FaceLine("Tiles", f"{total} in the sack"))
    art = []
    for shape in shapes:
        label = f"{shape.get('name', shape.get('id'))} \u00d7{shape.get('count')}"
        details.append(FaceLine(label, _sides_text(shape)))
        art.append((label, shape_art(colour, role, shape)))
    return Face(
        name=str(data.get("name", "")),
        kind=kind,
        id=str(data.get("id", "")),
        details=tuple(details),
        text=str(data.get("description", "")),
        art=tuple(art),
    )


def preview(kind: str, data: Mapping[str, Any]) -> Face | None:
    """The registry's preview hook: the face of a tile type of a tileset file, else None."""
    return tile_type_face(data) if kind == TILESET else None
