"""The editing tools and one stroke of a tool across the board (Qt-free).

A stroke changes the model live as it goes, so the board follows the cursor; its changes then
become one undo command (:class:`editor.ui.board.commands.SetStacks`).
"""

from __future__ import annotations

import enum

from editor.core.layouts import label_sort_key
from editor.studio.layout_model import LayoutModel
from editor.studio.spaces import SpaceState, Stack


class Tool(enum.Enum):
    """What a click or a drag on the board does."""

    SELECT = "select"
    STACK = "stack"
    REMOVE = "remove"
    CLEAR = "clear"
    PICK = "pick"
    PAINT = "paint"


def tool_result(tool: Tool, stack: Stack, tile: str | None, stamp: Stack) -> Stack:
    """The stack a space gets when a tool touches it (SELECT and PICK leave it as it is)."""
    if tool is Tool.STACK and tile:
        return (*stack, tile)
    if tool is Tool.REMOVE:
        return stack[:-1]
    if tool is Tool.CLEAR:
        return ()
    if tool is Tool.PAINT:
        return stamp
    return stack


class Stroke:
    """One press-drag-release with an editing tool: each space is touched at most once.

    The model changes live as the stroke goes, so the view follows the cursor; when the
    stroke ends, :meth:`changes` gives the stacks before and after, for one undo command.
    """

    def __init__(self, model: LayoutModel, tool: Tool, tile: str | None, stamp: Stack) -> None:
        self.model = model
        self.tool = tool
        self.tile = tile
        self.stamp = stamp
        self.before: dict[str, SpaceState] = {}
        self.after: dict[str, SpaceState] = {}

    def touch(self, label: str) -> bool:
        """Apply the tool to a space not yet touched by this stroke; True if it changed."""
        if label in self.before or not self.model.has_space(label):
            return False
        old = self.model.space(label)
        new = tool_result(self.tool, old.stack, self.tile, self.stamp)
        self.before[label] = old
        if new == old.stack:
            return False
        self.model.apply({label: new})
        self.after[label] = self.model.space(label)
        return True

    def changes(self) -> tuple[dict[str, SpaceState], dict[str, SpaceState]]:
        """The changed spaces before and after the stroke (stacks and the fields on them)."""
        before = {label: self.before[label] for label in self.after}
        return before, dict(self.after)

    def describe(self) -> str:
        """A name for the undo command: ``"Stack Beach on D4"``, ``"Paint 7 spaces"``."""
        labels = sorted(self.after, key=label_sort_key)
        where = labels[0] if len(labels) == 1 else f"{len(labels)} spaces"
        tile = self.model.tile_name(self.tile) if self.tile else "tile"
        if self.tool is Tool.STACK:
            return f"Stack {tile} on {where}"
        if self.tool is Tool.REMOVE:
            return f"Remove top tile of {where}"
        if self.tool is Tool.CLEAR:
            return f"Clear {where}"
        if self.tool is Tool.PAINT:
            return f"Paint {where}"
        return f"Edit {where}"
