"""Which space of a layout a diagnostic is about, from where it points in the file.

A layout names spaces as the keys of its ``spaces``, ``backs`` and ``tokens`` mappings and
as the items of its ``starts`` list, so a diagnostic pointing into one of those concerns
that space. The editor uses this to select the space when a problem is clicked.

>>> from editor.core.documents import parse_document
>>> from editor.core.diagnostics import error
>>> text = "id: x\\nspaces:\\n  D4: [beach]\\n  D5:\\n    - beach\\n    - meadow\\n"
>>> doc, _ = parse_document(text, "x.layout.yaml")
>>> space_lines(doc)
{3: 'D4', 4: 'D5', 5: 'D5', 6: 'D5'}
>>> space_of_diagnostic(doc, error("x.layout.yaml", 6, 7, "illegal-stack", "..."))
'D5'
>>> space_of_diagnostic(doc, error("x.layout.yaml", 1, 5, "bad-value", "...")) is None
True
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


def space_lines(document: Document, section: str = "spaces") -> dict[int, str]:
    """Each line of a section (``spaces`` by default) that belongs to a space, to its label."""
    data = document.data
    spaces = data.get(section) if isinstance(data, dict) else None
    if not isinstance(spaces, dict):
        return {}
    lines: dict[int, str] = {}
    for label in spaces:
        path = (section, label)
        key = document.key_span(path)
        if key is None:
            continue
        value = document.value_span(path)
        last = value.end_line
        # a block stack ends at the start of the next line: that line is not the stack's
        if value.end_column == 1 and last > value.line:
            last -= 1
        for line in range(key.line, max(last, key.line) + 1):
            lines.setdefault(line, str(label))
    return lines


def space_of_diagnostic(document: Document, diagnostic: Diagnostic) -> str | None:
    """The label of the space a diagnostic of this layout file points at, or None."""
    if diagnostic.path != document.path:
        return None
    data = document.data if isinstance(document.data, dict) else {}
    starts = data.get("starts")
    if isinstance(starts, list):
        for index, label in enumerate(starts):
            span = document.value_span(("starts", index))
            if span is not None and _inside(span, diagnostic.line, diagnostic.column):
                return str(label)
    for section in SPACE_MAPPINGS:
        label = space_lines(document, section).get(diagnostic.line)
        if label is not None:
            return label
    return None


def _inside(span: Span, line: int, column: int) -> bool:
    """Whether a position falls within a span (end exclusive)."""
    return (span.line, span.column) <= (line, column) < (span.end_line, span.end_column)
