"""The board room's words for every registered game: the legend names each thing once, the
status line counts spaces in the game's words, and the palette says what the board shows of
a space from what the game declares (stacks as terraces, one tile a space, tiles' art)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.studio.studio import Studio
from editor.studio.tools import Tool
from editor.ui.board.board_room import BoardRoom
from editor.ui.board.palette import NO_TILES, TERRACES_HELP, board_help, legend_entries
from editor.ui.common.services import BoardServices
from tests.ui.board.test_board_room import FakeServices, model_of

RoomOf = Callable[[str], BoardRoom]


@pytest.fixture
def room_of(qtbot: QtBot) -> RoomOf:
    """A board room on a bundled layout, its docks shown."""

    def make(name: str) -> BoardRoom:
        services: BoardServices = FakeServices()
        room = BoardRoom(Studio(model_of(name)), services)
        for widget in (room.board_view, room.palette, room.inspector, room.statistics_panel):
            qtbot.addWidget(widget)
        room.palette.resize(260, 600)
        room.palette.show()
        qtbot.waitExposed(room.palette)
        return room

    return make


def legend_words(room: BoardRoom) -> list[str]:
    """The names the legend label shows, read from its text (each follows a swatch)."""
    text = room.palette.legend.text().split("<br>")[0]
    return [part.split("&nbsp;")[0] for part in text.split("</span>&nbsp;")[1:]]


# --- the legend ---------------------------------------------------------------------------


def test_a_tile_named_as_the_empty_space_is_listed_once_in_the_legend(room_of: RoomOf) -> None:
    # the beach's tiles are sea and sand, and a hex with no tile is sand too
    room = room_of("snit-beach")
    assert room.model.empty_word() == "sand"
    assert [line.tile.name for line in room.model.stock_lines()] == ["Sea", "Sand"]
    assert legend_words(room) == ["Sea", "Sand"]
    assert room.palette.legend_names == ["Sea", "Sand"]


def test_the_empty_space_keeps_its_own_entry_when_no_tile_bears_its_name(
    room_of: RoomOf,
) -> None:
    room = room_of("crustacean")
    assert legend_words(room) == ["Beach", "Meadow", "Mountain", "Water"]
    table = room_of("snakes-of-wrath")
    assert legend_words(table) == ["Table"]


def test_legend_entries_match_names_whatever_their_case() -> None:
    entries = legend_entries([("Lava", "#f00"), ("ROCK", "#888")], "rock", "#111")
    assert entries == [("Lava", "#f00"), ("ROCK", "#888")]
    assert legend_entries([], "void", "#000") == [("Void", "#000")]


# --- the status line ----------------------------------------------------------------------


def test_the_status_line_counts_spaces_with_tiles_in_the_games_words(room_of: RoomOf) -> None:
    beach = room_of("snit-beach")
    assert beach.summary_label.text() == "9 hexes with tiles · 9 tiles · no problems"
    assert "land" not in beach.summary_label.text()
    table = room_of("snakes-of-wrath")
    assert table.summary_label.text().startswith("0 cells with tiles · 0 tiles · ")
    # Snails keeps its own word: a space with a tile is land
    crab = room_of("crustacean")
    assert crab.summary_label.text() == "26 land spaces · 48 tiles · no problems"


def test_one_space_with_a_tile_is_worded_in_the_singular(room_of: RoomOf) -> None:
    beach = room_of("snit-beach")
    sea = [label for label in beach.model.labels if beach.model.stack(label)]
    beach.model.apply(dict.fromkeys(sea[1:], ()))
    assert beach.summary_label.text().startswith("1 hex with a tile · 1 tile · ")


# --- what the board shows -----------------------------------------------------------------


def help_text(room: BoardRoom) -> str:
    label = room.palette.board_help
    assert isinstance(label, QLabel) and label.isVisible()
    return label.text()


def test_the_palette_says_what_the_board_shows_for_each_game(room_of: RoomOf) -> None:
    # Snails stacks its tiles: drawn as terraces, the number counting them
    assert help_text(room_of("crustacean")) == TERRACES_HELP
    # a hex of the beach takes one tile: nothing of terraces
    beach = help_text(room_of("snit-beach"))
    assert beach == "Each space takes one tile, shown in its colour; a space with none is sand."
    # the table's tiles are drawn with their art
    table = help_text(room_of("snakes-of-wrath"))
    assert "terraces" not in table and "art" in table and "one tile" in table


def test_the_help_follows_what_the_game_declares_not_its_id(
    room_of: RoomOf, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the same game declaring stacks of up to three says so, and tiles with art say that
    game = registry.get("snails")
    assert game is not None
    stacked = replace(game, editor=replace(game.editor, stack_limit=3))
    monkeypatch.setitem(registry._GAMES, "snails", stacked)
    assert help_text(room_of("crustacean")) == f"{TERRACES_HELP} A space takes at most 3."
    drawn = replace(game, editor=replace(game.editor, stack_limit=1, tile_art=True))
    monkeypatch.setitem(registry._GAMES, "snails", drawn)
    assert help_text(room_of("crustacean")) == board_help(1, True)
    assert "art" in board_help(1, True) and "terraces" not in board_help(1, True)


def test_the_games_declare_what_their_spaces_take() -> None:
    declared = {
        game.id: (game.editor.stack_limit, game.editor.tile_art) for game in registry.games()
    }
    assert declared["snails"] == (0, False)
    assert declared["snit-smashing"] == (1, False)
    assert declared["snakes-of-wrath"] == (1, True)


def test_a_board_with_no_tile_to_place_says_so_instead_of_an_empty_list(
    room_of: RoomOf,
) -> None:
    table = room_of("snakes-of-wrath").palette
    assert table.no_tiles.isVisible() and table.no_tiles.text() == NO_TILES
    assert not table.tiles.isVisible() and not table.stamp_label.isVisible()
    # nothing to put down: the placing tools are greyed out and Select is the tool
    assert table.tool is Tool.SELECT
    enabled = {tool for tool, action in table.tool_actions.items() if action.isEnabled()}
    assert enabled == {Tool.SELECT, Tool.REMOVE, Tool.CLEAR}
    beach = room_of("snit-beach").palette
    assert beach.tiles.isVisible() and beach.tiles.count() > 0
    assert not beach.no_tiles.isVisible() and beach.stamp_label.isVisible()
    assert all(action.isEnabled() for action in beach.tool_actions.values())
    assert beach.tool is Tool.STACK
