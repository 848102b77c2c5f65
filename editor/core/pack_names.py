"""The display names a design's packs give the ids of their entries (a faction, a card, a
tile): every entry a pack lists has a lower-case ``id`` and a display ``name`` beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from editor.core.layouts import Layout
from editor.core.workspace import Workspace


def pack_names(workspace: Workspace, layout: Layout) -> dict[str, str]:
    """The display name of every entry of the packs a layout uses, by id (the first pack to
    name an id wins, dependencies first)."""
    names: dict[str, str] = {}
    for pack in workspace.packs_in_use(layout):
        for _kind, document in pack.documents:
            if document.path in workspace.valid:
                _entries(document.data, names)
    return names


def _entries(data: Any, names: dict[str, str]) -> None:
    # the entries of a content file are the items of its top-level lists
    if not isinstance(data, Mapping):
        return
    for value in data.values():
        if not isinstance(value, list):
            continue
        for item in value:
            if isinstance(item, Mapping):
                entry_id, name = item.get("id"), item.get("name")
                if isinstance(entry_id, str) and isinstance(name, str) and name.strip():
                    names.setdefault(entry_id, name.strip())
