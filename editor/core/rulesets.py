"""Rulesets spread over several packs, merged into one: what every game's content reads."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from editor.core.documents import Document

__all__ = ["merge_rulesets"]


def merge_rulesets(documents: Iterable[Document]) -> dict[str, Any]:
    """Rulesets merged in order: later mappings override earlier ones key by key.

    >>> from editor.core.documents import parse_document
    >>> a, _ = parse_document("hit: {damage: 5, push: 1}\\nrounds: 6\\n", "a.yaml")
    >>> b, _ = parse_document("hit: {damage: 10}\\n", "b.yaml")
    >>> merge_rulesets([a, b])
    {'hit': {'damage': 10, 'push': 1}, 'rounds': 6}
    """
    merged: dict[str, Any] = {}
    for document in documents:
        if isinstance(document.data, Mapping):
            _merge_into(merged, document.data)
    return merged


def _merge_into(target: dict[str, Any], source: Mapping[str, Any]) -> None:
    for key, value in source.items():
        if isinstance(value, Mapping):
            inner = target.get(key)
            if not isinstance(inner, dict):
                inner = target[key] = {}
            _merge_into(inner, value)
        else:
            target[key] = value
