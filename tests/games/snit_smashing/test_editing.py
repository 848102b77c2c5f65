"""The beach is edited with the editor's own tools: sea and sand painted, a clan's start and
the Snandergrab's start set on a space, and the checks follow each edit."""

from __future__ import annotations

from pathlib import Path

from editor.core.workspace import Workspace, load_workspace
from editor.studio.layout_model import LayoutModel
from editor.studio.spaces import SpaceState
from editor.studio.tools import Stroke, Tool


def _model(bundled: Workspace) -> LayoutModel:
    layout = bundled.layouts["snit-beach"]
    return LayoutModel(bundled, layout)


def _codes(model: LayoutModel) -> list[str]:
    return sorted(d.code for d in model.check())


def test_painting_sea_and_sand_uses_the_palettes_terrains(bundled: Workspace) -> None:
    model = _model(bundled)
    assert [t.id for t in model.tile_types()] == ["sea", "sand"]
    assert model.empty_word() == "sand"
    stroke = Stroke(model, Tool.PAINT, None, ("sea",))
    assert stroke.touch("D5") and stroke.touch("D6")
    assert model.stack("D5") == ("sea",)
    # sand painted over the start hex A1 loses the clan's start with its sea tile
    clear = Stroke(model, Tool.CLEAR, None, ())
    assert clear.touch("A1")
    assert "A1" not in model.layout.value("starts")
    assert _codes(model) == ["no-start"]


def test_a_clan_start_and_the_snandergrab_start_are_set_on_spaces(bundled: Workspace) -> None:
    model = _model(bundled)
    starts = model.field("starts")
    spot = model.field("snandergrab")
    assert starts is not None and spot is not None
    assert [o.id for o in model.field_options("starts")] == ["red", "blue", "green", "yellow"]
    # move red from A1 to B1 (a sea hex): A1 says nothing any more, B1 starts red
    model.apply({"A1": model.space("A1").with_field("starts", None)})
    model.apply({"B1": model.space("B1").with_field("starts", "red")})
    assert model.layout.value("starts")["B1"] == "red"
    assert _codes(model) == []
    # the Snandergrab's start moves to E5: D10 is left, as a spot has one space
    model.apply({"E5": model.space("E5").with_field("snandergrab", True)})
    assert model.layout.value("snandergrab") == "E5"
    assert _codes(model) == []
    # and a start on sand is refused by the checks at once
    model.apply({"F5": SpaceState.of((), {"starts": "blue"})})
    assert _codes(model) == ["duplicate-start", "start-on-sand"]


def test_the_written_layout_reads_back_the_same(bundled: Workspace, tmp_path: Path) -> None:
    model = _model(bundled)
    model.apply({"D5": ("sea",)})
    text = model.text()
    assert "  D5: [sea]\n" in text and "snandergrab: D10\n" in text
    path = tmp_path / "beach.layout.yaml"
    path.write_text(text.replace("id: snit-beach", "id: copy"), encoding="utf-8")
    ws = load_workspace([path])
    assert ws.report() == []
    again = ws.layouts["copy"]
    assert again.spaces == model.layout.spaces
    assert again.fields == model.layout.fields
