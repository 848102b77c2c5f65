"""Layout files: the model, the canonical text and atomic writes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from editor.core.atomic import write_text_atomic
from editor.core.documents import parse_document
from editor.core.layouts import Layout, dump_layout
from editor.core.workspace import load_workspace

ROOT = Path(__file__).resolve().parent.parent.parent
BUNDLED = sorted((ROOT / "layouts").glob("*.layout.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_layouts_are_in_canonical_form(path: Path) -> None:
    document, problems = parse_document(path.read_text(), str(path))
    assert document is not None and not problems
    assert dump_layout(Layout.from_document(document)) == path.read_text()


def test_the_same_content_in_any_order_gives_the_same_text() -> None:
    path = ROOT / "layouts" / "crustacean.layout.yaml"
    document, _ = parse_document(path.read_text(), "x")
    assert document is not None
    layout = Layout.from_document(document)
    items = list(layout.spaces.items())
    random.Random(3).shuffle(items)
    shuffled = Layout(
        id=layout.id,
        name=layout.name,
        game=layout.game,
        board=layout.board,
        spaces=dict(items),
        packs=layout.packs,
        description=layout.description,
    )
    assert list(shuffled.spaces) != list(layout.spaces)
    assert dump_layout(shuffled) == dump_layout(layout)


def test_dump_reads_back_to_the_same_layout() -> None:
    layout = Layout(
        id="odd-names",
        name="Yes: a name with a colon, and 'quotes'",
        game="snails",
        board="snails-expert",
        spaces={"B2": ("beach",), "A10": ("beach", "meadow"), "C3": ()},
        packs=("snails-base",),
        description="  leading spaces and\na line break",
    )
    text = dump_layout(layout)
    document, problems = parse_document(text, "x.layout.yaml")
    assert document is not None and not problems
    again = Layout.from_document(document)
    assert again.name == layout.name
    assert again.description == layout.description
    assert again.spaces == {"A10": ("beach", "meadow"), "B2": ("beach",)}
    assert text.index("A10:") < text.index("B2:")


def test_a_saved_layout_validates(tmp_path: Path) -> None:
    source = ROOT / "layouts" / "robot.layout.yaml"
    document, _ = parse_document(source.read_text(), "x")
    assert document is not None
    layout = Layout.from_document(document)
    layout.id = "robot-copy"
    target = tmp_path / "robot-copy.layout.yaml"
    write_text_atomic(target, dump_layout(layout))
    assert load_workspace([target]).report() == []


def test_a_crash_mid_save_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "keep.layout.yaml"
    target.write_text("old\n")

    def crash(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("editor.core.atomic.os.replace", crash)
    with pytest.raises(OSError, match="disk full"):
        write_text_atomic(target, "new\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.layout.yaml"]
    monkeypatch.undo()
    write_text_atomic(target, "new\n")
    assert target.read_text() == "new\n"
