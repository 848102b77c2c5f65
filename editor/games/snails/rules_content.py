"""The Snails rules content of some packs, validated, as plain dicts by id.

The rules engine compiles its tables from :class:`RulesContent`; the editor and the checks
read the same index. Nothing here interprets effects: it gathers what the packs define, in
dependency order, and refuses content that failed its checks.
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
from editor.games.snails.content import Defined

#: Content file kinds and the top key holding their list of entries.
ENTRY_KINDS: dict[str, str] = {
    "cards": "cards",
    "factions": "factions",
    "soldiers": "soldiers",
    "tokens": "tokens",
}
#: Basic actions: the engine's code, named by these ids in ``action:`` and ``cause:``.
BASIC_ACTIONS: tuple[str, ...] = ("crawl", "dig", "hit", "aim", "shell", "swap")
#: Card kinds that make up the arsenal deck.
ARSENAL_KINDS: tuple[str, ...] = ("attack", "special")
#: The operations of the effect language, as the schema lists them.
OPERATIONS: tuple[str, ...] = (
    "damage",
    "heal",
    "push",
    "place",
    "move",
    "destroy",
    "damage_terrain",
    "add_token",
    "remove_token",
    "draw",
    "discard",
    "search_discard",
    "contamination",
    "shell",
    "attack_again",
)
# What a bare number or text stands for in each operation's short form.
_SHORT_KEY: dict[str, str] = {
    "damage": "amount",
    "heal": "amount",
    "push": "distance",
    "destroy": "at",
    "damage_terrain": "at",
    "draw": "count",
    "discard": "count",
    "search_discard": "count",
    "contamination": "steps",
    "shell": "mode",
}
# Defaults of each operation's arguments (docs/effects.md).
_DEFAULTS: dict[str, dict[str, Any]] = {
    "damage": {"to": "targets", "unavoidable": False},
    "heal": {"to": "targets"},
    "push": {"to": "targets", "distance": 1, "direction": "away", "chooser": "active"},
    "add_token": {"count": 1, "at": "target"},
    "remove_token": {"count": 1, "at": "target"},
    "draw": {"from": "deck"},
    "search_discard": {"kind": "any"},
    "shell": {"to": "self"},
    "attack_again": {"same_target": True},
}


class ContentError(Exception):
    """The packs asked for cannot be played: unknown packs or content with errors."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = ()) -> None:
        lines = [message, *(d.format() for d in diagnostics)]
        super().__init__("\n".join(lines))
        self.diagnostics = list(diagnostics)


@dataclass
class RulesContent:
    """Everything the packs in use define for the rules, as validated plain dicts."""

    #: The packs, dependencies first.
    packs: tuple[str, ...] = ()
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    factions: dict[str, dict[str, Any]] = field(default_factory=dict)
    soldiers: dict[str, dict[str, Any]] = field(default_factory=dict)
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)
    backs: dict[str, dict[str, Any]] = field(default_factory=dict)
    tile_types: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Every stock entry: ``{"tile", "back", "count", "pack"}``.
    stock: list[dict[str, Any]] = field(default_factory=list)
    ruleset: dict[str, Any] = field(default_factory=dict)
    #: The pack that defined each entry, by ``(kind, id)``; kind as in :data:`KINDS`.
    origin: dict[tuple[str, str], str] = field(default_factory=dict)

    def arsenal(self) -> list[str]:
        """The arsenal deck as card ids, one per copy, in definition order."""
        return [
            card_id
            for card_id, card in self.cards.items()
            if card["kind"] in ARSENAL_KINDS
            for _ in range(int(card["copies"]))
        ]

    def cards_of_pack(self, pack_id: str) -> list[dict[str, Any]]:
        """The cards a pack itself defines."""
        return [c for i, c in self.cards.items() if self.origin.get(("cards", i)) == pack_id]


#: Kinds of indexed entries: the content kinds plus the tiles file's sections.
KINDS: tuple[str, ...] = (*ENTRY_KINDS, "tile_types", "tile_backs")


@dataclass
class Entry:
    """One defined entry: its data, the pack and where in which file."""

    data: dict[str, Any]
    pack: str
    where: Defined


def index_entries(ws: Workspace, packs: Iterable[Pack]) -> dict[str, list[Entry]]:
    """Every entry of the valid content files of some packs, per kind, in the packs' order.

    Duplicates are kept (the checks report them); readers take the first of each id.
    """
    out: dict[str, list[Entry]] = {kind: [] for kind in KINDS}
    for pack in packs:
        for kind, key in ENTRY_KINDS.items():
            for document in ws.documents_of([pack], kind):
                for index, entry in enumerate(_items(document, key)):
                    out[kind].append(Entry(entry, pack.id, Defined(document, (key, index))))
        for document in ws.documents_of([pack], "tiles"):
            for key in ("tile_types", "tile_backs"):
                for index, entry in enumerate(_items(document, key)):
                    out[key].append(Entry(entry, pack.id, Defined(document, (key, index))))
    return out


def _items(document: Document, key: str) -> list[dict[str, Any]]:
    data = document.data if isinstance(document.data, dict) else {}
    items = data.get(key, [])
    return [item for item in items if isinstance(item, dict)] if isinstance(items, list) else []


def resolve_packs(ws: Workspace, packs: Sequence[str | Pack]) -> list[Pack]:
    """The packs named (ids or packs) and their dependencies, dependencies first."""
    try:
        return packs_for_game(ws, packs, "snails", "Snails")
    except PackChoiceError as exc:
        raise ContentError(str(exc)) from None


def load_rules_content(ws: Workspace, packs: Sequence[str | Pack]) -> RulesContent:
    """The validated rules content of some packs and their dependencies.

    Raises :class:`ContentError` for unknown packs, or when any file of these packs has an
    error (its diagnostics are attached), so the engine never compiles half a pack.
    """
    chosen = resolve_packs(ws, packs)
    problems = pack_errors(ws, chosen)
    if problems:
        names = ", ".join(p.id for p in chosen)
        raise ContentError(f"the packs {names} have errors; fix them first:", problems)
    content = RulesContent(packs=tuple(p.id for p in chosen))
    entries = index_entries(ws, chosen)
    targets: dict[str, dict[str, dict[str, Any]]] = {
        "cards": content.cards,
        "factions": content.factions,
        "soldiers": content.soldiers,
        "tokens": content.tokens,
        "tile_types": content.tile_types,
        "tile_backs": content.backs,
    }
    for kind, found in entries.items():
        into = targets[kind]
        for entry in found:
            item_id = str(entry.data["id"])
            if item_id not in into:
                into[item_id] = entry.data
                content.origin[(kind, item_id)] = entry.pack
    for pack in chosen:
        for document in ws.documents_of([pack], "tiles"):
            for item in _items(document, "stock"):
                content.stock.append({**item, "pack": pack.id})
    content.ruleset = merge_rulesets(ws.documents_of(chosen, "ruleset"))
    return content


def expand_effect(effect: Mapping[str, Any]) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """An effect as ``(operation, arguments with defaults, condition)``; short forms expanded.

    >>> expand_effect({"damage": 5})
    ('damage', {'to': 'targets', 'unavoidable': False, 'amount': 5}, {})
    >>> expand_effect({"destroy": "target", "if": {"on_water": False}})
    ('destroy', {'at': 'target'}, {'on_water': False})
    """
    condition = dict(effect.get("if") or {})
    ops = [key for key in effect if key != "if"]
    if len(ops) != 1:
        raise ValueError(f"an effect has exactly one operation, not {ops}")
    op = ops[0]
    raw = effect[op]
    args: dict[str, Any] = dict(_DEFAULTS.get(op, {}))
    if isinstance(raw, Mapping):
        args.update(raw)
    elif op == "attack_again":
        args["same_target"] = True
    elif op in _SHORT_KEY:
        args[_SHORT_KEY[op]] = raw
    return op, args, condition
