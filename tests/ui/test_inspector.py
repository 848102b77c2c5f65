"""The Space inspector's wording and layout, in the editor window."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.ui.main_window import MainWindow


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    return open_window(crab_file)


def test_one_tile_is_described_without_levels(window: MainWindow) -> None:
    window.select_space("B4")  # one beach
    assert window.inspector.summary.text() == "Land, 1 tile."
    window.select_space("D4")  # beach and meadow
    assert window.inspector.summary.text() == (
        "Land, 2 tiles, listed from the top (level 2) down to the bottom (level 1)."
    )


def test_no_empty_tokens_line_when_nothing_is_selected(window: MainWindow) -> None:
    window.select_space(None)
    assert window.inspector.tokens_text.isHidden()
    window.select_space("B4")
    assert not window.inspector.tokens_text.isHidden()
    assert window.inspector.tokens_text.text() == "<b>Tokens:</b> none"
