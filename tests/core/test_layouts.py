"""Layout files: the model, the canonical text and atomic writes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from editor.core.atomic import write_text_atomic
from editor.core.documents import parse_document
from editor.core.layouts import Layout, dump_layout, transform_layout
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


def _bundled(name: str) -> Layout:
    document, _ = parse_document((ROOT / "layouts" / f"{name}.layout.yaml").read_text(), name)
    assert document is not None
    return Layout.from_document(document)


def test_mirroring_swaps_left_and_right() -> None:
    board = load_workspace().boards["snails-expert"].hexes
    crab = _bundled("crustacean")
    mirrored, lost = transform_layout(crab, board, mirror=True)
    assert lost == []
    assert mirrored.spaces == crab.spaces  # the crab is symmetric about column F
    lopsided = Layout(
        id="l", name="L", game="snails", board="snails-expert", spaces={"C4": ("beach",)}
    )
    mirrored, lost = transform_layout(lopsided, board, mirror=True)
    assert (mirrored.spaces, lost) == ({"I4": ("beach",)}, [])
    again, _ = transform_layout(mirrored, board, mirror=True)
    assert again.spaces == lopsided.spaces


def test_six_turns_give_the_layout_back_and_lost_stacks_are_named() -> None:
    board = load_workspace().boards["snails-expert"].hexes
    small = Layout(
        id="small",
        name="Small",
        game="snails",
        board="snails-expert",
        spaces={"F5": ("beach",), "F4": ("beach", "meadow"), "G5": ("beach",)},
    )
    turned = small
    for _ in range(6):
        turned, lost = transform_layout(turned, board, rotate_steps=1)
        assert lost == []
        assert len(turned.spaces) == 3
    assert turned.spaces == small.spaces
    once, _ = transform_layout(small, board, rotate_steps=1)
    assert once.spaces != small.spaces
    corner = Layout(
        id="c", name="C", game="snails", board="snails-expert", spaces={"A1": ("beach",)}
    )
    moved, lost = transform_layout(corner, board, rotate_steps=1)
    assert lost == ["A1"]
    assert moved.spaces == {}
