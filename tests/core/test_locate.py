"""Diagnostics of a layout point at the space they concern."""

from __future__ import annotations

from pathlib import Path

from editor.core.diagnostics import error
from editor.core.documents import parse_document
from editor.core.locate import space_of_diagnostic, space_spans
from editor.core.workspace import load_workspace

TEXT = """\
id: mine
name: Mine
game: snails
board: snails-expert
packs: [snails-base]
spaces:
  A1: [meadow]
  A2:
    - beach
    - mountain
  M1: [beach]
  J9: [beach]
"""


def test_each_problem_names_its_space(tmp_path: Path) -> None:
    path = tmp_path / "mine.layout.yaml"
    path.write_text(TEXT)
    ws = load_workspace([path])
    layout = ws.layout_at(str(path))
    assert layout is not None and layout.document is not None
    found = {(d.code, space_of_diagnostic(layout.document, d)) for d in ws.report()}
    assert found == {
        ("illegal-stack", "A1"),  # at the tile on line 7
        ("illegal-stack", "A2"),  # at the tile on line 10, in a block list
        ("off-board", "M1"),  # at the key
        ("land-cut-off", "J9"),
        ("too-small", None),  # at the spaces key: no one space
    }


def test_lines_outside_the_spaces_name_no_space() -> None:
    document, _ = parse_document(TEXT, "mine.layout.yaml")
    assert document is not None
    lines = {
        line: label
        for span, label in space_spans(document)
        for line in range(span.line, span.end_line + (span.end_column > 1))
    }
    assert lines == {7: "A1", 8: "A2", 9: "A2", 10: "A2", 11: "M1", 12: "J9"}
    for line in (1, 5, 6, 13):
        assert space_of_diagnostic(document, error("mine.layout.yaml", line, 1, "x", "x")) is None
    # another file's diagnostic at a space's line is not about this layout
    assert space_of_diagnostic(document, error("other.layout.yaml", 7, 3, "x", "x")) is None


def test_a_file_that_is_not_a_layout_has_no_spaces() -> None:
    for text in ("- a\n- b\n", "spaces: [A1]\n", "id: x\n"):
        document, _ = parse_document(text, "odd.layout.yaml")
        assert document is not None
        assert space_spans(document) == []
