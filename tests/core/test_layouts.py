"""Layout files: the model, the canonical text and atomic writes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from editor.core.atomic import write_text_atomic
from editor.core.boards import Board
from editor.core.documents import parse_document
from editor.core.hexgrid import format_label, parse_label
from editor.core.layouts import Layout, dump_layout, transform_layout
from editor.core.workspace import load_workspace
from editor.games.snails.layout_fields import back_of, pinned_backs

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
    board = load_workspace().boards["snails-expert"]
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
    board = load_workspace().boards["snails-expert"]
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


# --- pinned backs, tokens and start spaces ---------------------------------------------------

EXTRAS = Layout(
    id="extras",
    name="Extras",
    game="snails",
    board="snails-expert",
    spaces={"F5": ("beach", "meadow"), "D4": ("beach",), "F4": ("beach",)},
    fields={
        "backs": {"F5": (None, "eggshells"), "D4": (None,)},
        "tokens": {"F5": {"fire": 2, "damaged": 1}, "F4": {}},
        "starts": ("F5", "D4"),
    },
)


def test_backs_tokens_and_starts_are_written_in_canonical_order() -> None:
    text = dump_layout(EXTRAS, header=None)
    assert text.endswith(
        "spaces:\n"
        "  D4: [beach]\n"
        "  F4: [beach]\n"
        "  F5: [beach, meadow]\n"
        "backs:\n"
        "  F5: [null, eggshells]\n"
        "tokens:\n"
        "  F5: {damaged: 1, fire: 2}\n"
        "starts: [D4, F5]\n"
    )


def test_backs_tokens_and_starts_read_back() -> None:
    document, problems = parse_document(dump_layout(EXTRAS), "x.layout.yaml")
    assert document is not None and not problems
    again = Layout.from_document(document)
    # an all-random backs list and an empty token set say nothing, so they are not written
    assert again.value("backs") == {"F5": (None, "eggshells")}
    assert again.value("tokens") == {"F5": {"damaged": 1, "fire": 2}}
    assert again.value("starts") == ("D4", "F5")
    assert dump_layout(again) == dump_layout(EXTRAS)
    assert pinned_backs(again) == {("meadow", "eggshells"): 1}
    assert (back_of(again, "F5", 1), back_of(again, "F5", 0), back_of(again, "D4", 5)) == (
        "eggshells",
        None,
        None,
    )


def test_a_layout_without_them_is_unchanged() -> None:
    crab = _bundled("crustacean")
    assert (crab.value("backs"), crab.value("tokens"), crab.value("starts")) == ({}, {}, ())
    assert "backs" not in dump_layout(crab) and "starts" not in dump_layout(crab)


def test_turns_and_mirrors_carry_backs_tokens_and_starts() -> None:
    board = load_workspace().boards["snails-expert"]
    mirrored, lost = transform_layout(EXTRAS, board, mirror=True)
    assert lost == []
    # mirrored about column F: D4 -> H4, F stays F
    assert mirrored.spaces == {"F5": ("beach", "meadow"), "H4": ("beach",), "F4": ("beach",)}
    assert mirrored.value("backs") == {"F5": (None, "eggshells"), "H4": (None,)}
    assert mirrored.value("tokens") == {"F5": {"fire": 2, "damaged": 1}, "F4": {}}
    assert sorted(mirrored.value("starts")) == ["F5", "H4"]
    turned = EXTRAS
    for _ in range(6):
        turned, lost = transform_layout(turned, board, rotate_steps=1)
        assert lost == []
    assert turned == EXTRAS
    once, _ = transform_layout(EXTRAS, board, rotate_steps=1)
    f5, d4, f4 = (_turned(board, label) for label in ("F5", "D4", "F4"))
    assert once.value("backs") == {f5: (None, "eggshells"), d4: (None,)}
    assert once.value("tokens") == {f5: {"fire": 2, "damaged": 1}, f4: {}}
    assert sorted(once.value("starts")) == sorted([f5, d4])
    assert once.spaces[f5] == ("beach", "meadow")


def _turned(board: Board, label: str) -> str:
    """Where one 60-degree turn takes a space, straight from the hex board's geometry."""
    where = parse_label(label)
    return format_label(board.hexes.transform([where], rotate_steps=1).mapping[where])


def test_a_token_or_start_falling_off_the_board_is_named() -> None:
    board = load_workspace().boards["snails-expert"]
    water_extras = Layout(
        id="w",
        name="W",
        game="snails",
        board="snails-expert",
        spaces={},
        fields={"tokens": {"A1": {"fire": 1}}, "starts": ("F5",)},
    )
    moved, lost = transform_layout(water_extras, board, rotate_steps=1)
    assert lost == ["A1"]
    assert moved.value("tokens") == {} and len(moved.value("starts")) == 1


def test_salvage_keeps_the_well_formed_extras() -> None:
    text = (
        "id: x\nname: X\ngame: snails\nboard: snails-expert\nspaces:\n  D4: [beach]\n"
        "backs:\n  D4: [Blank]\n  D5: [null]\n"
        "tokens:\n  D4: {fire: 0, damaged: 1}\n  d9: {fire: 1}\n"
        "starts: [D4, 12]\n"
    )
    document, _ = parse_document(text, "x.layout.yaml")
    assert document is not None
    layout = Layout.salvage(document)
    assert layout is not None
    assert layout.value("backs") == {"D5": (None,)}
    assert layout.value("tokens") == {"D4": {"damaged": 1}}
    assert layout.value("starts") == ("D4",)


def test_a_layout_made_by_hand_equals_the_same_layout_read_from_its_file() -> None:
    by_hand = Layout("t", "T", "snails", "snails-expert", {"D5": ("beach",)})
    document, _ = parse_document(dump_layout(by_hand), "t.layout.yaml")
    assert document is not None
    read = Layout.from_document(document)
    assert read == by_hand and read.fields == {"backs": {}, "tokens": {}, "starts": ()}
    with_starts = Layout("t", "T", "snails", "snails-expert", {}, fields={"starts": ("D5",)})
    assert with_starts.value("backs") == {} and with_starts.value("starts") == ("D5",)
