"""Names for the ids a batch's summary speaks in (factions, cards...), from the design's packs.

Content is data: every entry a pack lists (a card, a faction, a tile) has a lower-case ``id``
and a display ``name`` beside it. The playtest view shows the name and keeps the id for a
tooltip; an id no pack names is shown as it is.
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


def words(identifier: str) -> str:
    """An id no pack names, readable: ``last-standing`` as ``last standing``."""
    return identifier.replace("-", " ").replace("_", " ")


def display_name(names: Mapping[str, str], identifier: str) -> str:
    """The name of an id, or the id itself when no pack names it."""
    return names.get(identifier, identifier)


def label_name(names: Mapping[str, str], label: str) -> str:
    """A row's label as shown: the name of an id a pack names; an id no pack names (one
    word, as the engine's own ``aim``) in words with a capital, as names are; a label that
    is already words (``to water``) as it is."""
    if label in names:
        return names[label]
    if label and " " not in label:
        spoken = words(label)
        return spoken[:1].upper() + spoken[1:]
    return label
