"""The sweep path of the number under a cursor: one the sweep finds again."""

from __future__ import annotations

from editor.core.resources import content_dir
from editor.sim.sweep.paths import design_files, locate
from editor.studio.sweep_target import sweep_path
from tests.sim.sweep.conftest import CRAB, ready


def test_the_number_under_the_cursor_is_named_so_the_sweep_finds_it() -> None:
    cards = (content_dir() / "snails-base" / "cards.yaml").resolve()
    text = cards.read_text(encoding="utf-8")
    assert sweep_path(cards, text, 17, 27) == sweep_path(cards, text, 17, 29)
    damage = sweep_path(cards, text, 17, 27)
    assert damage == "snails-base.cards.cards.revolver.results.triangle.0.damage"
    assert sweep_path(cards, text, 12, 13) == "snails-base.cards.cards.revolver.copies"
    set_up = ready(CRAB)
    files = design_files(set_up.loaded.workspace, set_up.layout)
    assert locate(damage, files).value == 10


def test_no_number_under_the_cursor_gives_none() -> None:
    cards = (content_dir() / "snails-base" / "cards.yaml").resolve()
    text = cards.read_text(encoding="utf-8")
    assert sweep_path(cards, text, 11, 10) is None  # kind: attack
    assert sweep_path(cards, text, 1, 1) is None  # a comment
    assert sweep_path(cards, "cards: [oops", 1, 3) is None  # no document at all
