"""Reading the rules content of packs for the compiler (through the content loader)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from editor.core.workspace import Workspace
from editor.games.snails.rules_content import load_rules_content


def load_content(ws: Workspace, pack_ids: Sequence[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Plain content dicts by kind, and the merged ruleset, of some packs."""
    content = load_rules_content(ws, list(pack_ids))
    plain: dict[str, Any] = {
        "cards": content.cards,
        "factions": content.factions,
        "soldiers": content.soldiers,
        "tokens": content.tokens,
        "backs": content.backs,
        "tile_types": content.tile_types,
        "stock": [
            {"tile": e["tile"], "back": e["back"], "count": e["count"]} for e in content.stock
        ],
    }
    return plain, dict(content.ruleset)
