""" "Stock exceeded" points at the space just changed: the checks place a problem about the
whole layout on the first space past the limit in the board's order; the studio moves one the
last edit brought to the space edited, and keeps it there while it reads the same."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import editor.games  # noqa: F401  (registers the games)
from editor.core.documents import parse_document
from editor.core.locate import space_of_diagnostic
from editor.core.resources import layouts_dir
from editor.studio.layout_files import open_layout
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Studio


def studio_on_crustacean(tmp_path: Path) -> Studio:
    # every beach of the packs is placed already: one more is one too many
    source = layouts_dir() / "crustacean.layout.yaml"
    path = tmp_path / "crab.layout.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    opened = open_layout(path)
    assert opened.layout is not None and opened.workspace is not None
    studio = Studio(LayoutModel(opened.workspace, opened.layout, path, path.read_text("utf-8")))
    studio.set_model(studio.model)
    assert not [d for d in studio.check() if d.code == "stock-exceeded"]
    return studio


def stock_spaces(studio: Studio) -> list[str | None]:
    text = studio.model.checked_text()
    document, _ = parse_document(text, studio.model.display_name)
    return [
        space_of_diagnostic(document, dataclasses.replace(d, path=document.path))
        for d in studio.diagnostics
        if d.code == "stock-exceeded"
    ]


def unfocused(studio: Studio) -> list[str | None]:
    """Where the checks themselves place the problem (without the studio's focus)."""
    text = studio.model.checked_text()
    document, _ = parse_document(text, studio.model.display_name)
    found = studio.model.check(studio.texts())
    return [
        space_of_diagnostic(document, dataclasses.replace(d, path=document.path))
        for d in found
        if d.code == "stock-exceeded"
    ]


def test_stock_exceeded_points_at_the_space_painted(tmp_path: Path) -> None:
    studio = studio_on_crustacean(tmp_path)
    model = studio.model
    # A1 is first in the board's order: the checks name a later beach, past the limit
    model.apply({"A1": ["beach"]})
    studio.check()
    assert unfocused(studio) != ["A1"]
    assert stock_spaces(studio) == ["A1"]
    # another beach, on L10: the problem (now 28 beaches) follows the new edit
    model.apply({"L10": ["beach"]})
    studio.check()
    assert stock_spaces(studio) == ["L10"]
    message = next(d.message for d in studio.diagnostics if d.code == "stock-exceeded")
    assert "28 beach" in message
    # an edit elsewhere that does not touch beaches leaves it where it is
    model.apply({"K10": []})
    studio.check()
    assert stock_spaces(studio) == ["L10"]


def test_without_a_known_edit_the_checks_place_it(tmp_path: Path) -> None:
    studio = studio_on_crustacean(tmp_path)
    model = studio.model
    model.apply({"A1": ["beach"]})
    studio.text_changed(None)  # a content file changed too: the rule may have moved
    studio.check()
    assert stock_spaces(studio) == unfocused(studio)
    # an edit that put no beach anywhere moves nothing
    fresh = studio_on_crustacean(tmp_path / "again")
    fresh.model.apply({"A1": ["beach"]})
    fresh.text_changed(None)
    fresh.check()
    before = stock_spaces(fresh)
    fresh.model.apply({"L10": []})
    fresh.check()
    assert stock_spaces(fresh) == before


def test_other_problems_are_left_as_the_checks_give_them(tmp_path: Path) -> None:
    studio = studio_on_crustacean(tmp_path)
    model = studio.model
    # a meadow on the sea floor at A1: an illegal stack there, and one meadow too many
    model.apply({"A1": ["meadow"]})
    found = model.check(studio.texts())
    focused = studio.check()
    illegal = [(d.line, d.column) for d in found if d.code == "illegal-stack"]
    assert illegal and illegal == [(d.line, d.column) for d in focused if d.code == "illegal-stack"]
    assert [(d.code, d.message) for d in found] == [(d.code, d.message) for d in focused]
    assert stock_spaces(studio) == ["A1"] != unfocused(studio)
