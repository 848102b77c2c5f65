"""The palette dock on its own: tool buttons and their keys."""

from __future__ import annotations

from PySide6.QtWidgets import QToolButton
from pytestqt.qtbot import QtBot

from editor.ui.palette import TOOLS, Palette
from editor.ui.tools import Tool


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
