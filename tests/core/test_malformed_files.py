"""Malformed files, made by mutating the bundled ones: the loader never raises, and every
diagnostic points at a real place in the file it names, with a short message."""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.core.resources import content_dir, layouts_dir
from editor.core.workspace import load_workspace

SOURCES = [
    layouts_dir() / "crustacean.layout.yaml",
    layouts_dir() / "snails-expert.board.yaml",
    content_dir() / "snails-base" / "ruleset.yaml",
    content_dir() / "snails-base" / "cards.yaml",
    content_dir() / "snails-fire-in-the-shell" / "factions.yaml",
    content_dir() / "snails-base" / "tiles.yaml",
]
#: Pieces that break YAML or a schema in the ways people do: tabs, stray colons and
#: brackets, anchors, tags, duplicate keys, huge and negative numbers, odd characters.
PIECES = [
    "\t",
    ": ",
    "- ",
    "[",
    "]",
    "{",
    "}",
    "&a ",
    "*a",
    "!!python/object ",
    "id: x\n",
    "999999999999",
    "-1",
    "'",
    '"',
    "\n",
    "  ",
    "#",
    "é",
    "\u202e",
    "\x00",
    "null",
    "~",
]


@st.composite
def _mutated(draw: st.DrawFn) -> tuple[Path, str]:
    source = draw(st.sampled_from(SOURCES))
    text = source.read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 40))
        piece = draw(st.sampled_from(PIECES)) if draw(st.booleans()) else ""
        text = text[:at] + piece + text[at + cut :]
    return source, text


@settings(max_examples=200, deadline=None, derandomize=True)
@given(_mutated())
def test_a_mutated_file_gets_diagnostics_at_real_places(case: tuple[Path, str]) -> None:
    import tempfile

    source, text = case
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if source.parent.parent == content_dir():  # a pack file is judged in a copy of its pack
            pack = folder / source.parent.name
            shutil.copytree(source.parent, pack)
            target = pack / source.name
        else:
            target = folder / source.name
        target.write_bytes(text.encode("utf-8", "surrogatepass"))
        report = load_workspace([target]).report()  # never raises
        lines = text.count("\n") + 1
        for d in report:
            assert d.line >= 1 and d.column >= 1, d
            if d.path == str(target):
                assert d.line <= lines + 1, (d, lines)
            assert len(d.message) <= 1000 and "\n" not in d.format(), d
