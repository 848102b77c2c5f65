"""The Space inspector's wording and layout, in the editor window."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.ui.shell.main_window import MainWindow


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    return open_window(crab_file)


def test_one_tile_is_described_without_positions(window: MainWindow) -> None:
    window.board.select_space("B4")  # one beach
    assert window.inspector.summary.text() == "Land, 1 tile."
    window.board.select_space("D4")  # beach and meadow
    assert window.inspector.summary.text() == (
        "Land, 2 tiles, listed from the top (tile 2 of 2) down to the bottom (tile 1 of 2)."
    )


def test_tiles_are_named_by_position_not_by_the_rules_level(window: MainWindow) -> None:
    # a game's ruleset gives each tile type its level (a meadow is level 2 in Snails) and
    # the Statistics dock uses that; the inspector only counts tiles in the stack, so it
    # must not call a position a level
    inspector = window.inspector
    window.board.select_space("D5")  # beach, meadow
    inspector.select_level(0)
    inspector.tile_choice.setCurrentIndex(inspector.tile_choice.findData("mountain"))
    inspector.change_button.click()
    assert window.undo_stack.undoText() == "Change tile 1 of 2 on D5 to Mountain"
    shown = [inspector.summary.text(), *inspector.stack_lines(), window.undo_stack.undoText()]
    assert not any("level" in text.lower() for text in shown), shown


def test_no_empty_tokens_line_when_nothing_is_selected(window: MainWindow) -> None:
    window.board.select_space(None)
    assert window.inspector.count_texts["tokens"].isHidden()
    window.board.select_space("B4")
    assert not window.inspector.count_texts["tokens"].isHidden()
    assert window.inspector.count_texts["tokens"].text() == "<b>Tokens:</b> none"


def test_the_inspector_buttons_name_no_game(window: MainWindow) -> None:
    # the Qt layer is shared by every game: its own wording must not name one (content
    # names, such as token kinds or backs, come from the packs and may, and the words of
    # the layout fields a game declares, such as its start check box, come from the game)
    from PySide6.QtWidgets import QAbstractButton

    from editor.core import registry

    window.board.select_space("D4")
    words = [w for game in registry.games() for w in (game.id, game.name.split(":")[0])]
    assert words  # the tests import editor.games, which registers the games
    buttons = window.inspector.findChildren(QAbstractButton)
    shown = [t for b in buttons for t in (b.text(), b.toolTip()) if t]
    assert any("start" in text.lower() for text in shown)
    declared = window.model.fields()
    games = {w for spec in declared for w in (spec.word, spec.title)}
    games |= {str(spec.schema.get("description", "")) for spec in declared}
    shown = [t for t in shown if t not in games]
    assert shown
    named = [(word, text) for word in words for text in shown if word.lower() in text.lower()]
    assert named == []


def test_the_fields_editors_follow_the_declared_fields(window: MainWindow) -> None:
    # Snails declares backs (per tile), tokens (counts) and starts (marks): a back chooser,
    # a spin box per token kind and a check box worded by the game
    inspector = window.inspector
    assert list(inspector.item_choices) == ["backs"]
    assert set(inspector.count_spins["tokens"]) == {"fire", "damaged", "dead-weight"}
    assert inspector.mark_checks["starts"].text() == "Start space: pieces may start here at set-up"
    assert inspector.tag_choices == {}
    window.board.select_space("B1")  # water: "water" comes from the game, not from the inspector
    assert inspector.summary.text() == "Water: no tiles. Add one with the chooser below."
