"""The Qt-free editing model: stacks, strokes, stock lines, checks and autosave files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from editor.core.layouts import declared_fields, dump_layout
from editor.studio.autosave import Autosaver, read_recovery
from editor.studio.board_picture import layout_picture
from editor.studio.field_marks import certain_mark
from editor.studio.layout_files import (
    bundled_workspace,
    default_layout_path,
    is_bundled,
    new_layout,
    open_layout,
    open_text,
)
from editor.studio.layout_model import LayoutModel
from editor.studio.spaces import SpaceState, follow_stack
from editor.studio.tools import Stroke, Tool, tool_result


@pytest.fixture
def model() -> LayoutModel:
    opened = open_layout(default_layout_path())
    assert opened.layout is not None and opened.workspace is not None
    return LayoutModel(opened.workspace, opened.layout, default_layout_path())


def test_tool_results() -> None:
    stack = ("beach", "meadow")
    assert tool_result(Tool.STACK, stack, "mountain", ()) == ("beach", "meadow", "mountain")
    assert tool_result(Tool.STACK, stack, None, ()) == stack
    assert tool_result(Tool.REMOVE, stack, None, ()) == ("beach",)
    assert tool_result(Tool.REMOVE, (), None, ()) == ()
    assert tool_result(Tool.CLEAR, stack, None, ()) == ()
    assert tool_result(Tool.PAINT, stack, None, ("beach",)) == ("beach",)
    assert tool_result(Tool.SELECT, stack, "beach", ()) == stack


def test_listeners_hear_which_spaces_changed(model: LayoutModel) -> None:
    heard: list[frozenset[str] | None] = []
    model.subscribe(heard.append)
    model.apply({"A1": ["beach"], "D3": ("beach", "meadow", "mountain")})  # D3 unchanged
    model.apply({"A1": ["beach"]})  # no change at all: nobody is told
    model.apply({"A1": ()})
    assert heard == [frozenset({"A1"}), frozenset({"A1"})]
    assert "A1" not in model.layout.spaces  # water is not written to the file
    model.replace_layout(model.layout)
    assert heard[-1] is None


def _stacks(spaces: dict[str, SpaceState]) -> dict[str, tuple[str, ...]]:
    return {label: space.stack for label, space in spaces.items()}


def test_a_stroke_touches_each_space_once(model: LayoutModel) -> None:
    stroke = Stroke(model, Tool.STACK, "beach", ())
    assert stroke.touch("A1")
    assert not stroke.touch("A1")  # dragging back over a space does not stack twice
    assert stroke.touch("A2")
    assert not stroke.touch("M1")  # off the board
    before, after = stroke.changes()
    assert _stacks(before) == {"A1": (), "A2": ()}
    assert _stacks(after) == {"A1": ("beach",), "A2": ("beach",)}
    assert stroke.describe() == "Stack Beach on 2 spaces"
    remove = Stroke(model, Tool.REMOVE, None, ())
    remove.touch("B1")  # water: nothing to take off
    remove.touch("D3")
    before, after = remove.changes()
    assert (_stacks(before), _stacks(after)) == (
        {"D3": ("beach", "meadow", "mountain")},
        {"D3": ("beach", "meadow")},
    )
    assert remove.describe() == "Remove top tile of D3"


def test_stock_lines_come_from_the_packs(model: LayoutModel) -> None:
    lines = {line.tile.id: line for line in model.stock_lines()}
    assert lines["mountain"].text() == "Mountain 8 of 8 placed"
    assert not lines["mountain"].over
    model.apply({"A1": ("mountain",)})
    lines = {line.tile.id: line for line in model.stock_lines()}
    assert lines["mountain"].text() == "Mountain 9 of 8 placed"
    assert lines["mountain"].over
    backs = model.field_options("backs", "beach")
    assert {b.id: b.count for b in backs} == {
        "blank": 20,
        "twin-barrels": 3,
        "fertilizers": 3,
    }
    assert certain_mark(backs) == "?"


def test_checks_see_unsaved_text(model: LayoutModel) -> None:
    assert model.check() == []
    model.apply({"A1": ("mountain",)})
    codes = {d.code for d in model.check()}
    assert {"illegal-stack", "stock-exceeded"} <= codes
    assert model.path is not None and "A1" not in model.path.read_text(encoding="utf-8")


def test_a_new_layout_is_checked_before_it_has_a_file() -> None:
    ws = bundled_workspace()
    layout = new_layout(ws, "snails-expert")
    fresh = LayoutModel(ws, layout)
    assert fresh.display_name == "New layout (unsaved)"
    assert fresh.check() == []
    fresh.apply({"C3": ("meadow",)})
    found = fresh.check()
    # one space also seats too few snails for a full table (a warning)
    assert sorted(d.code for d in found) == ["illegal-stack", "too-small"]
    assert {d.path for d in found} == {"New layout (unsaved)"}
    reopened = open_text(fresh.text(), None)
    assert reopened.layout is not None
    assert reopened.path is None
    assert reopened.layout.spaces == {"C3": ("meadow",)}


def test_bundled_files_are_known() -> None:
    assert is_bundled(default_layout_path())
    assert not is_bundled(Path("/tmp/x.layout.yaml"))
    assert not is_bundled(None)


def test_open_reports_what_is_wrong(tmp_path: Path, bad_dir: Path) -> None:
    missing = open_layout(tmp_path / "nope.layout.yaml")
    assert missing.layout is None
    assert "no such file" in missing.error
    broken = open_layout(bad_dir / "layouts" / "syntax.layout.yaml")
    assert broken.layout is None
    assert "syntax.layout.yaml" in broken.error


def test_text_is_the_canonical_dump(model: LayoutModel) -> None:
    assert model.text() == dump_layout(model.layout)
    assert model.text() == default_layout_path().read_text(encoding="utf-8")


# --- autosave files -------------------------------------------------------------------------


def test_autosave_round_trip(tmp_path: Path) -> None:
    mine = Autosaver(tmp_path)
    other = Autosaver(tmp_path)
    assert mine.pending() == []
    written = other.write(Path("/x/crab.layout.yaml"), "Crab", "id: crab\n")
    found = mine.pending()
    assert [r.file for r in found] == [written]
    assert found[0].text == "id: crab\n"
    assert found[0].path == Path("/x/crab.layout.yaml")
    assert "Crab (crab.layout.yaml), autosaved " in found[0].describe()
    assert other.pending() == []  # a window does not offer its own work back
    other.remove()
    assert mine.pending() == []


def test_autosaves_of_a_running_editor_are_left_alone(tmp_path: Path) -> None:
    parent = os.getppid()  # a process that is certainly alive
    live = tmp_path / f"autosave-{parent}-abcd1234.json"
    live.write_text(json.dumps({"path": None, "name": "x", "text": "t", "saved_at": 1}))
    dead = tmp_path / "autosave-999999999-abcd1234.json"
    dead.write_text(json.dumps({"path": None, "name": "y", "text": "u", "saved_at": 2}))
    found = Autosaver(tmp_path).pending()
    assert [r.name for r in found] == ["y"]


def test_an_unreadable_autosave_is_skipped(tmp_path: Path) -> None:
    bad = tmp_path / "autosave-999999999-00000000.json"
    bad.write_text("{not json")
    assert read_recovery(bad) is None
    assert Autosaver(tmp_path).pending() == []


# --- pinned backs, tokens and start spaces ---------------------------------------------------


def _state(
    stack: tuple[str, ...],
    backs: tuple[str | None, ...] = (),
    tokens: tuple[tuple[str, int], ...] = (),
    start: bool = False,
) -> SpaceState:
    """A Snails space: its stack, pinned backs, tokens and start mark."""
    return SpaceState.of(stack, {"backs": backs, "tokens": tokens, "starts": start})


def test_pinned_backs_follow_their_tiles() -> None:
    fields = declared_fields("snails")
    backs = next(f for f in fields if f.key == "backs")

    def follow(old: SpaceState, stack: tuple[str, ...]) -> tuple[str | None, ...]:
        return follow_stack(old, stack, fields).get(backs)

    old = _state(("beach", "meadow", "mountain"), ("twin-barrels", None, "salt"))
    assert follow(old, ("beach", "meadow")) == ("twin-barrels", None)
    assert follow(old, ("beach", "mountain")) == ("twin-barrels", "salt")
    assert follow(old, ("meadow", "mountain")) == (None, "salt")  # bottom out
    assert follow(old, ("beach", "beach", "mountain")) == (
        "twin-barrels",
        None,
        "salt",
    )
    # a tile changed to another type starts with a random back
    assert follow(old, ("meadow", "meadow", "mountain")) == (None, None, "salt")
    # the whole stack painted over: nothing is pinned any more
    assert follow(old, ("meadow",)) == ()
    with_things = _state(("beach",), ("blank",), (("fire", 2),), True)
    assert follow_stack(with_things, ("beach", "meadow"), fields) == _state(
        ("beach", "meadow"), ("blank", None), (("fire", 2),), True
    )
    assert follow_stack(with_things, (), fields) == SpaceState()


def test_the_model_writes_space_states_to_the_layout(model: LayoutModel) -> None:
    heard: list[frozenset[str] | None] = []
    model.subscribe(heard.append)
    state = _state(("beach", "meadow"), (None, "eggshells"), (("fire", 1),), True)
    model.apply({"D5": state})
    assert model.space("D5") == state
    layout = model.layout
    assert (layout.value("backs"), layout.value("tokens"), layout.value("starts")) == (
        {"D5": (None, "eggshells")},
        {"D5": {"fire": 1}},
        ("D5",),
    )
    assert heard == [frozenset({"D5"})]
    picture = model.picture()
    assert picture.tile_marks["D5"] == ["?", "Eg"]
    assert (picture.counters, picture.badges) == ({"D5": ["fire"]}, {"D5": "S"})
    # a random back alone is not written: the same as no list at all
    model.apply({"D5": _state(("beach", "meadow"), (None, None), (), False)})
    assert "D5" not in model.layout.value("backs")
    assert "backs:" not in model.text() and "tokens:" not in model.text()


def test_token_kinds_come_from_the_packs(model: LayoutModel) -> None:
    kinds = {t.id: t for t in model.field_options("tokens")}
    assert set(kinds) == {"fire", "damaged", "dead-weight"}
    assert kinds["dead-weight"].name == "Dead weight" and not kinds["fire"].on_empty
    assert model.option_name("backs", "turnip-with-card") == "Turnip and a card"
    assert model.option_name("tokens", "smoke") == "smoke"


def test_render_pictures_carry_backs_tokens_and_starts(model: LayoutModel) -> None:
    state = _state(("beach", "meadow"), ("fertilizers", None), (("fire", 2),), True)
    model.apply({"D5": state})
    picture = layout_picture(model.workspace, model.layout)
    assert picture.tile_marks == {"D5": ["Fe", None]}
    assert picture.counters == {"D5": ["fire", "fire"]}
    assert picture.badges == {"D5": "S"}
