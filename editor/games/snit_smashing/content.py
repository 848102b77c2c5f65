"""Snit Smashing content as typed data: clans, Snit counters and the merged ruleset.

The packs in use are read in dependency order; the first definition of a clan or Snit id
wins (a later duplicate is an error the checks report), and rulesets are merged key by key,
later packs overriding earlier ones. The engine, the checks and the editor read this index.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from editor.core.documents import Document
from editor.core.packs import Pack
from editor.core.rulesets import merge_rulesets
from editor.core.workspace import Workspace

GAME_ID = "snit-smashing"
#: The file kinds of a Snit Smashing pack and the top key of each one's list.
ENTRY_KINDS: dict[str, str] = {"clans": "clans", "snits": "snits"}
#: Every key a merged ruleset must give (the schema's properties), with the keys of the parts.
RULESET_KEYS: tuple[str, ...] = (
    "players",
    "runs",
    "bounds_per_run",
    "snits_per_player",
    "active_at_start",
    "offspring_per_parent",
    "smash_hexes",
    "snandergrab_hexes",
    "primus_dice",
    "primus_die_sides",
)
RULESET_PARTS: dict[str, tuple[str, ...]] = {"players": ("min", "max")}

Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Where:
    """Where an entry or value was written: the document and the path in it."""

    document: Document
    path: Path_


@dataclass
class SnitContent:
    """The clans, Snits and merged ruleset of some packs, with where each was defined."""

    packs: tuple[str, ...] = ()
    #: Clans by id, in definition order.
    clans: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Snit counters by id, in definition order.
    snits: dict[str, dict[str, Any]] = field(default_factory=dict)
    ruleset: dict[str, Any] = field(default_factory=dict)
    #: The first definition of each ``(kind, id)``, kind ``clans`` or ``snits``.
    defined: dict[tuple[str, str], Where] = field(default_factory=dict)
    #: The ruleset documents, in the packs' order.
    ruleset_documents: tuple[Document, ...] = ()
    #: Whether some clans, snits or ruleset file of the packs failed its schema (so what is
    #: here is not all the packs say, and limits judged on it would mislead).
    broken: bool = False

    def snits_of(self, clan: str) -> list[dict[str, Any]]:
        """A clan's Snit counters in definition order."""
        return [s for s in self.snits.values() if s["clan"] == clan]

    def ruleset_origin(self, path: Path_) -> Where | None:
        """The last ruleset document that gives a value at ``path``."""
        for document in reversed(self.ruleset_documents):
            if lookup(document.data, path) is not None:
                return Where(document, path)
        return None

    def missing_ruleset_keys(self) -> list[str]:
        """What the merged ruleset lacks: top keys, then parts' keys as ``part.key``."""
        missing = [key for key in RULESET_KEYS if key not in self.ruleset]
        for part, keys in RULESET_PARTS.items():
            given = self.ruleset.get(part)
            if isinstance(given, Mapping):
                missing += [f"{part}.{key}" for key in keys if key not in given]
        return missing


def lookup(data: Any, path: Path_) -> Any:
    """The value at ``path`` in nested mappings, or None."""
    for step in path:
        if not isinstance(data, Mapping) or step not in data:
            return None
        data = data[step]
    return data


def snit_packs(ws: Workspace) -> list[Pack]:
    """The loaded Snit Smashing packs."""
    return [p for p in ws.packs.values() if p.game == GAME_ID]


def content_of(ws: Workspace, packs: Sequence[Pack]) -> SnitContent:
    """The content of some packs (dependencies first), from their valid documents."""
    content = SnitContent(packs=tuple(p.id for p in packs))
    content.broken = any(
        kind in (*ENTRY_KINDS, "ruleset") and document.path not in ws.valid
        for pack in packs
        for kind, document in pack.documents
    )
    for kind, top in ENTRY_KINDS.items():
        table: dict[str, dict[str, Any]] = getattr(content, kind)
        for document in ws.documents_of(packs, kind):
            data = document.data if isinstance(document.data, Mapping) else {}
            for index, entry in enumerate(data.get(top, ())):
                if entry["id"] not in table:
                    table[entry["id"]] = entry
                    content.defined[(kind, entry["id"])] = Where(document, (top, index))
    documents = ws.documents_of(packs, "ruleset")
    content.ruleset_documents = tuple(documents)
    content.ruleset = merge_rulesets(documents)
    return content
