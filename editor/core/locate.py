"""Which space of a layout a diagnostic is about, from where it points in the file.

A layout names spaces as the keys of its ``spaces``, ``backs`` and ``tokens`` mappings and
as the items of its ``starts`` list, so a diagnostic pointing into one of those entries (from
the label to the end of its value) concerns that space. The editor uses this to select the
space when a problem is clicked.

>>> from editor.core.documents import parse_document
>>> from editor.core.diagnostics import error
>>> text = "id: x\\nspaces:\\n  D4: [beach]\\n  D5:\\n    - beach\\n    - meadow\\n"
>>> doc, _ = parse_document(text, "x.layout.yaml")
>>> [label for _, label in space_spans(doc)]
['D4', 'D5']
>>> space_of_diagnostic(doc, error("x.layout.yaml", 6, 7, "illegal-stack", "..."))
'D5'
>>> space_of_diagnostic(doc, error("x.layout.yaml", 1, 5, "bad-value", "...")) is None
True

Entries that share a line are told apart by column:

>>> doc, _ = parse_document("spaces: {D4: [beach], D5: [beach, meadow]}\\n", "x.layout.yaml")
>>> [space_of_diagnostic(doc, error("x.layout.yaml", 1, c, "x", "...")) for c in (15, 35)]
['D4', 'D5']
>>> extra = "tokens: {D4: {fire: 1}}\\nstarts: [D4, D5]\\n"
>>> doc, _ = parse_document(text + extra, "x.layout.yaml")
>>> [space_of_diagnostic(doc, error("x.layout.yaml", 7, c, "x", "...")) for c in (10, 15)]
['D4', 'D4']
>>> [space_of_diagnostic(doc, error("x.layout.yaml", 8, c, "x", "...")) for c in (10, 14)]
['D4', 'D5']
"""

from __future__ import annotations

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document, Span

#: The layout's mappings whose keys are space labels.
SPACE_MAPPINGS = ("spaces", "backs", "tokens")


def space_spans(document: Document) -> list[tuple[Span, str]]:
    """Where each entry that names a space lies in a layout file, with the space's label."""
    data = document.data if isinstance(document.data, dict) else {}
    found: list[tuple[Span, str]] = []
    for section in SPACE_MAPPINGS:
        entries = data.get(section)
        if not isinstance(entries, dict):
            continue
        for label in entries:
            key = document.key_span((section, label))
            value = document.value_span((section, label))
            if key is not None and value is not None:
                whole = Span(key.line, key.column, value.end_line, value.end_column)
                found.append((whole, str(label)))
    starts = data.get("starts")
    if isinstance(starts, list):
        for index, label in enumerate(starts):
            span = document.value_span(("starts", index))
            if span is not None:
                found.append((span, str(label)))
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
