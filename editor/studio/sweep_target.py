"""The sweep path of the number under the cursor in an open YAML text (for the Sweep dialog).

The path starts with the pack's id and the file's name (``snails-base.ruleset.rounds``) so
that it names that one number whatever else the design holds; a list item is named by its
``id`` when it has one, else by its index. Qt-free: the dialog hands the text and cursor.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from editor.core.documents import Document, Path_, parse_document
from editor.core.files import file_kind
from editor.sim.design import pack_of


def number_at(document: Document, line: int, column: int) -> Path_ | None:
    """The data path of the number whose text holds (or ends at) 1-based ``line:column``."""

    def walk(node: Any, at: Path_) -> Path_ | None:
        items = (
            node.items()
            if isinstance(node, dict)
            else enumerate(node)
            if isinstance(node, list)
            else ()
        )
        for key, child in items:
            found = walk(child, (*at, key))
            if found is not None:
                return found
        if isinstance(node, bool) or not isinstance(node, int | float) or not at:
            return None
        span = document.value_span(at)
        inside = (span.line, span.column) <= (line, column) <= (span.end_line, span.end_column)
        return at if inside and span.line == span.end_line else None

    return walk(document.data, ())


def sweep_path(file: Path, text: str, line: int, column: int) -> str | None:
    """The sweep path of the number at ``line:column`` of ``file`` (whose text is ``text``);
    None when no number is there or the file is not part of a design."""
    document, _problems = parse_document(text, str(file))
    if document is None:
        return None
    at = number_at(document, line, column)
    if at is None:
        return None
    steps: list[str] = []
    node: Any = document.data
    for step in at:
        if isinstance(step, int):
            item = node[step]
            ids = [i.get("id") for i in node if isinstance(i, dict)]
            name = item.get("id") if isinstance(item, dict) else None
            steps.append(str(name) if isinstance(name, str) and ids.count(name) == 1 else str(step))
        else:
            steps.append(step)
        node = node[step]
    kind = file_kind(file)
    if kind in ("layout", "board"):
        return ".".join([kind, *steps])
    info = pack_of(file, {file.resolve(): text} if file.name == "pack.yaml" else None)
    stem = file.name.removesuffix(".yaml")
    head = [info.id, stem] if info is not None else [stem]
    return ".".join([*head, *steps])
