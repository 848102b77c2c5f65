"""Snakes of Wrath content as typed data: the tile types of some packs and their ruleset.

The checks read the same index as the engine: every tile type of the packs' ``tileset.yaml``
files in dependency order with where it was defined, and the packs' rulesets merged (later
packs override earlier ones key by key). :func:`load_content` refuses packs with errors, so
the engine never compiles half a tile set.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document
from editor.core.game_packs import PackChoiceError, pack_errors, packs_for_game
from editor.core.packs import Pack
from editor.core.rulesets import merge_rulesets
from editor.core.workspace import Workspace

GAME_ID = "snakes-of-wrath"
#: The file kinds of a Snakes of Wrath pack: ``tileset.yaml`` and ``ruleset.yaml``.
TILESET = "tileset"
RULESET = "ruleset"
#: The roles a tile type may play (the tileset schema's ``role``).
ROLES = ("body", "head", "injury", "todd")
#: The keys a merged ruleset must give (the ruleset schema's ``$defs/complete``).
RULESET_KEYS = (
    "players",
    "colours",
    "rack",
    "swap",
    "target",
    "points",
    "min_bodies",
    "starter",
    "first_player",
    "idle_turns",
)


class ContentError(Exception):
    """The packs asked for cannot be played: unknown packs or content with errors."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = ()) -> None:
        lines = [message, *(d.format() for d in diagnostics)]
        super().__init__("\n".join(lines))
        self.diagnostics = list(diagnostics)


@dataclass(frozen=True)
class ShapeSpec:
    """One shape of a tile type as written: where its body and head leave, and how many."""

    id: str
    name: str
    #: The sides the body's path leaves by, as written (empty: no body).
    body: tuple[str, ...]
    #: The side the head's neck leaves by (None: no head).
    head: str | None
    count: int


@dataclass(frozen=True)
class TileTypeSpec:
    """A tile type of a pack: its role, whether it is armored, its colour and shapes."""

    id: str
    name: str
    role: str
    armored: bool
    colour: str
    shapes: tuple[ShapeSpec, ...]
    pack: str = ""
    description: str = ""

    @property
    def count(self) -> int:
        """How many tiles of this type go in the sack."""
        return sum(shape.count for shape in self.shapes)


@dataclass(frozen=True)
class Entry:
    """A tile type entry as defined: its data, its pack, its document and path there."""

    data: Mapping[str, Any]
    pack: str
    document: Document
    path: tuple[str | int, ...]


@dataclass
class Content:
    """The tile types (in the packs' order) and the merged ruleset of some packs."""

    packs: tuple[str, ...] = ()
    tile_types: dict[str, TileTypeSpec] = field(default_factory=dict)
    ruleset: dict[str, Any] = field(default_factory=dict)

    @property
    def tiles(self) -> int:
        """How many tiles all the types put in the sack (the starter included)."""
        return sum(t.count for t in self.tile_types.values())


def shape_spec(data: Mapping[str, Any]) -> ShapeSpec:
    """A shape entry that passed its schema, as a :class:`ShapeSpec`."""
    return ShapeSpec(
        id=str(data["id"]),
        name=str(data.get("name", data["id"])),
        body=tuple(str(s) for s in data.get("body", ())),
        head=str(data["head"]) if data.get("head") is not None else None,
        count=int(data["count"]),
    )


def tile_type_spec(data: Mapping[str, Any], pack: str = "") -> TileTypeSpec:
    """A tile type entry that passed its schema, as a :class:`TileTypeSpec`."""
    return TileTypeSpec(
        id=str(data["id"]),
        name=str(data["name"]),
        role=str(data["role"]),
        armored=bool(data.get("armored", False)),
        colour=str(data["colour"]),
        shapes=tuple(shape_spec(s) for s in data["shapes"]),
        pack=pack,
        description=str(data.get("description", "")),
    )


def game_packs(ws: Workspace) -> list[Pack]:
    """The loaded Snakes of Wrath packs."""
    return [p for p in ws.packs.values() if p.game == GAME_ID]


def tile_entries(ws: Workspace, packs: Iterable[Pack]) -> list[Entry]:
    """Every tile type entry of the valid tileset files of some packs, in the packs' order.

    Duplicates are kept (the checks report them); readers take the first of each id.
    """
    out: list[Entry] = []
    for pack in packs:
        for document in ws.documents_of([pack], TILESET):
            data = document.data if isinstance(document.data, dict) else {}
            items = data.get("tile_types", [])
            for index, item in enumerate(items if isinstance(items, list) else []):
                if isinstance(item, dict):
                    out.append(Entry(item, pack.id, document, ("tile_types", index)))
    return out


def resolve_packs(ws: Workspace, packs: Sequence[str | Pack]) -> list[Pack]:
    """The packs named (ids or packs) and their dependencies, dependencies first."""
    try:
        return packs_for_game(ws, packs, GAME_ID, "Snakes of Wrath")
    except PackChoiceError as exc:
        raise ContentError(str(exc)) from None


def load_content(ws: Workspace, packs: Sequence[str | Pack]) -> Content:
    """The validated tile types and ruleset of some packs and their dependencies.

    Raises :class:`ContentError` for unknown packs, or when any file of these packs has an
    error (its diagnostics are attached).
    """
    chosen = resolve_packs(ws, packs)
    problems = pack_errors(ws, chosen)
    if problems:
        names = ", ".join(p.id for p in chosen)
        raise ContentError(f"the packs {names} have errors; fix them first:", problems)
    content = Content(packs=tuple(p.id for p in chosen))
    for entry in tile_entries(ws, chosen):
        spec = tile_type_spec(entry.data, entry.pack)
        content.tile_types.setdefault(spec.id, spec)
    content.ruleset = merge_rulesets(ws.documents_of(chosen, RULESET))
    missing = [key for key in RULESET_KEYS if key not in content.ruleset]
    if missing:  # the checks report it at the file; this guards a caller that skipped them
        raise ContentError(f"the packs' ruleset gives no {', '.join(missing)}")
    return content
