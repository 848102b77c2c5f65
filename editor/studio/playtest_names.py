"""Names for the ids a batch's summary speaks in (factions, cards...), from the names the
design's packs give them (``editor.core.pack_names``). The playtest view shows the name and
keeps the id for a tooltip; an id no pack names is shown as it is.
"""

from __future__ import annotations

from collections.abc import Mapping


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
