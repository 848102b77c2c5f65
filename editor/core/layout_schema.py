"""A game's layout schema: the shared layout schema with the game's declared fields added.

A game that declares layout fields (:mod:`editor.core.layout_fields`) ships the result as
``schemas/<game>/layout.schema.json``, so that a designer editing a layout in another editor
gets the same checks; a test keeps that file equal to :func:`compose_layout_schema`, and
:func:`write_all` writes it again after a field changes (the test says how).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from editor.core import registry
from editor.core.registry import Game
from editor.core.resources import schemas_dir
from editor.core.schemas import schema_id

SHARED = "layout.schema.json"


def layout_schema_name(game: Game) -> str:
    """The path under ``schemas/`` of the schema a game's layouts are checked against: the
    shared one with the game's fields, refusing any other key (composed in memory for a
    game that ships no file of it)."""
    return f"{game.id}/layout.schema.json"


def compose_layout_schema(game: Game, shared: dict[str, Any] | None = None) -> dict[str, Any]:
    """The shared layout schema with the game's fields as further properties, and no other.

    The shared schema lets any further key through (a game adds its own); this one refuses
    keys that are neither shared nor the game's. References in the shared schema are made
    relative to the game's folder.
    """
    base = shared if shared is not None else _read(schemas_dir() / SHARED)
    text = json.dumps(base).replace('"common.schema.json', '"../common.schema.json')
    schema: dict[str, Any] = json.loads(text)
    schema["$id"] = schema_id(layout_schema_name(game))
    schema["description"] = (
        f"Tiles stacked on the spaces of a {game.name} board, and the keys {game.name} adds."
    )
    schema["title"] = f"{game.name} layout"
    schema["additionalProperties"] = False
    properties = schema["properties"]
    if game.grid in ("hex", "square"):  # the game's own labels, not any grid's
        label = {"$ref": f"../common.schema.json#/$defs/{game.grid}-label"}
        properties["spaces"]["propertyNames"] = label
    for field in game.content.layout_fields:
        if field.key in properties:
            raise ValueError(f"{game.id}: the layout field {field.key!r} is a shared key")
        properties[field.key] = copy.deepcopy(dict(field.schema))
    return schema


def schema_text(schema: dict[str, Any]) -> str:
    """The file text of a schema, as the bundled files are written."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def _read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_all() -> list[Path]:
    """Write the layout schema of every registered game that declares fields."""
    written = []
    for game in registry.games():
        if game.content.layout_fields:
            path = schemas_dir() / layout_schema_name(game)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(schema_text(compose_layout_schema(game)), encoding="utf-8")
            written.append(path)
    return written
