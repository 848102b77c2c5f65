"""Which space of a layout a diagnostic is about, from where it points in the file.

A layout's spaces are the keys of its ``spaces`` mapping, one stack per key, so a diagnostic
whose line falls on a space's key or stack concerns that space. The editor uses this to
select the space when a problem is clicked.

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
"""

from __future__ import annotations

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document


def space_lines(document: Document) -> dict[int, str]:
    """Each line of a layout file that belongs to a space (its key or stack), to its label."""
    data = document.data
    spaces = data.get("spaces") if isinstance(data, dict) else None
    if not isinstance(spaces, dict):
        return {}
    lines: dict[int, str] = {}
    for label in spaces:
        path = ("spaces", label)
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
    return space_lines(document).get(diagnostic.line)
