"""The palette dock on its own: tool buttons and their keys."""

from __future__ import annotations

from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot

from editor.studio.tools import Tool
from editor.ui.board.palette import TOOLS, Palette


def button_texts(palette: Palette) -> dict[Tool, str]:
    buttons = palette.findChildren(QToolButton)
    return {b.defaultAction().data(): b.text() for b in buttons if b.defaultAction()}


def test_every_tool_button_keeps_its_key_whichever_tool_is_chosen(qtbot: QtBot) -> None:
    palette = Palette()
    qtbot.addWidget(palette)
    expected = {tool: f"{text.replace('&', '')}  {key}" for tool, text, key, _ in TOOLS}
    assert button_texts(palette) == expected
    for tool in (Tool.PAINT, Tool.SELECT, Tool.CLEAR, Tool.STACK):
        palette.set_tool(tool)
        assert button_texts(palette) == expected
    # the menu entries keep their mnemonic text, without the key appended
    assert palette.tool_actions[Tool.PAINT].text() == "&Paint"


def test_the_tile_lines_fit_without_a_sideways_scroll(open_window, crab_file) -> None:
    # "2  Meadow 14 of 14 placed" was cut at "place" over a sideways scroll bar
    window = open_window(crab_file)
    tiles = window.palette.tiles
    assert tiles.count() == 3
    widest = max(tiles.visualItemRect(tiles.item(r)).width() for r in range(tiles.count()))
    needed = max(tiles.sizeHintForIndex(tiles.model().index(r, 0)).width() for r in range(3))
    assert tiles.horizontalScrollBar().maximum() == 0
    assert tiles.viewport().width() >= needed and widest >= needed
