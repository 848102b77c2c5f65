"""Snails content as typed data: tile types, tile backs, stock and the merged ruleset."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from editor.core.documents import Document
from editor.core.packs import Pack

RULESET_COMPLETE = "https://seastack.dev/schemas/snails/ruleset.schema.json#/$defs/complete"


@dataclass(frozen=True)
class Defined:
    """Where something was defined: the document and the path of its entry."""

    document: Document
    path: tuple[str | int, ...]


@dataclass
class TileSet:
    """Tile types, backs and stock of some packs, with where each was defined."""

    types: dict[str, dict[str, Any]] = field(default_factory=dict)
    backs: dict[str, dict[str, Any]] = field(default_factory=dict)
    defined: dict[tuple[str, str], Defined] = field(default_factory=dict)
    #: (pack id, tile type, back, count, where) for every stock entry.
    stock: list[tuple[str, str, str, int, Defined]] = field(default_factory=list)

    def stock_of(self, tile: str) -> int:
        """How many tiles of a type the packs put in the box."""
        return sum(count for _, t, _, count, _ in self.stock if t == tile)

    def stock_by_pack(self, tile: str) -> dict[str, int]:
        """The stock of one tile type, per pack."""
        out: dict[str, int] = {}
        for pack_id, t, _, count, _ in self.stock:
            if t == tile:
                out[pack_id] = out.get(pack_id, 0) + count
        return out

    def colours(self) -> dict[str, str]:
        """Each tile type's colour, for views."""
        return {tile_id: str(t["colour"]) for tile_id, t in self.types.items()}


def tile_set(packs: Iterable[Pack], documents_of: Mapping[str, list[Document]]) -> TileSet:
    """The tiles of some packs (in dependency order); ``documents_of`` maps pack id to files."""
    tiles = TileSet()
    for pack in packs:
        for document in documents_of.get(pack.id, []):
            data = document.data if isinstance(document.data, dict) else {}
            for index, entry in enumerate(data.get("tile_types", [])):
                tiles.types.setdefault(entry["id"], entry)
                where = Defined(document, ("tile_types", index))
                tiles.defined.setdefault(("type", entry["id"]), where)
            for index, entry in enumerate(data.get("tile_backs", [])):
                tiles.backs.setdefault(entry["id"], entry)
                tiles.defined.setdefault(
                    ("back", entry["id"]), Defined(document, ("tile_backs", index))
                )
            for index, entry in enumerate(data.get("stock", [])):
                where = Defined(document, ("stock", index))
                tiles.stock.append((pack.id, entry["tile"], entry["back"], entry["count"], where))
    return tiles
