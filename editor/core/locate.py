"""Which space of a layout a diagnostic is about, from where it points in the file.

A layout names spaces as the keys of its ``spaces`` mapping and in the fields its game
declares (:mod:`editor.core.layout_fields`): as the keys of a mapping (``per-tile``,
``counts``, ``tags``: Snails' ``backs`` and ``tokens``), as the items of a list (``marks``:
Snails' ``starts``) or as one value (``spot``). A diagnostic pointing into one of those
entries (from the label to the end of its value) concerns that space. The editor uses this
to select the space when a problem is clicked.

>>> from editor.core.documents import parse_document
>>> from editor.core.diagnostics import error
>>> import editor.games  # Snails declares backs, tokens and starts
>>> text = "id: x\\ngame: snails\\nspaces:\\n  D4: [beach]\\n  D5:\\n    - beach\\n    - meadow\\n"
>>> doc, _ = parse_document(text, "x.layout.yaml")
>>> [label for _, label in space_spans(doc)]
['D4', 'D5']
>>> space_of_diagnostic(doc, error("x.layout.yaml", 7, 7, "illegal-stack", "..."))
'D5'
>>> space_of_diagnostic(doc, error("x.layout.yaml", 1, 5, "bad-value", "...")) is None
True

Entries that share a line are told apart by column:

>>> doc, _ = parse_document("spaces: {D4: [beach], D5: [beach, meadow]}\\n", "x.layout.yaml")
>>> [space_of_diagnostic(doc, error("x.layout.yaml", 1, c, "x", "...")) for c in (15, 35)]
['D4', 'D5']
>>> extra = "tokens: {D4: {fire: 1}}\\nstarts: [D4, D5]\\n"
>>> doc, _ = parse_document(text + extra, "x.layout.yaml")
>>> [space_of_diagnostic(doc, error("x.layout.yaml", 8, c, "x", "...")) for c in (10, 15)]
['D4', 'D4']
>>> [space_of_diagnostic(doc, error("x.layout.yaml", 9, c, "x", "...")) for c in (10, 14)]
['D4', 'D5']
"""

from __future__ import annotations

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document, Span
from editor.core.layouts import declared_fields


def space_spans(document: Document) -> list[tuple[Span, str]]:
    """Where each entry that names a space lies in a layout file, with the space's label."""
    data = document.data if isinstance(document.data, dict) else {}
    game = data.get("game")
    fields = declared_fields(game) if isinstance(game, str) else ()
    mappings = ["spaces", *(f.key for f in fields if f.shape in ("per-tile", "counts", "tags"))]
    found: list[tuple[Span, str]] = []
    for section in mappings:
        entries = data.get(section)
        if not isinstance(entries, dict):
            continue
        for label in entries:
            key = document.key_span((section, label))
            value = document.value_span((section, label))
            if key is not None and value is not None:
                whole = Span(key.line, key.column, value.end_line, value.end_column)
                found.append((whole, str(label)))
    for spec in fields:
        entries = data.get(spec.key)
        if spec.shape == "marks" and isinstance(entries, list):
            for index, label in enumerate(entries):
                span = document.value_span((spec.key, index))
                if span is not None:
                    found.append((span, str(label)))
        elif spec.shape == "spot" and isinstance(entries, str):
            span = document.value_span((spec.key,))
            if span is not None:
                found.append((span, entries))
    return found


def space_of_diagnostic(document: Document, diagnostic: Diagnostic) -> str | None:
    """The label of the space a diagnostic of this layout file points at, or None."""
    if diagnostic.path != document.path:
        return None
    at = (diagnostic.line, diagnostic.column)
    for span, label in space_spans(document):
        if (span.line, span.column) <= at < (span.end_line, span.end_column):
            return label
    return None
