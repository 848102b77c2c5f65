"""Undo commands: every edit of a layout goes through one of these onto a QUndoStack."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtGui import QUndoCommand

from editor.core.layouts import Layout
from editor.ui.layout_model import LayoutModel, Stack


class SetStacks(QUndoCommand):
    """Give some spaces new stacks; undo puts the old ones back.

    ``applied=True`` says the model already holds the new stacks (a paint stroke changes the
    model live while the mouse moves), so the first redo, which QUndoStack.push calls, is
    skipped.
    """

    def __init__(
        self,
        model: LayoutModel,
        before: Mapping[str, Stack],
        after: Mapping[str, Stack],
        text: str,
        *,
        applied: bool = False,
    ) -> None:
        super().__init__(text)
        self.model = model
        self.before = dict(before)
        self.after = dict(after)
        self._skip_redo = applied

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        self.model.apply(self.after)

    def undo(self) -> None:
        self.model.apply(self.before)


class ReplaceLayout(QUndoCommand):
    """Swap the whole layout (turn, mirror, properties); undo restores the previous one."""

    def __init__(self, model: LayoutModel, after: Layout, text: str) -> None:
        super().__init__(text)
        self.model = model
        self.before = model.layout
        self.after = after

    def redo(self) -> None:
        self.model.replace_layout(self.after)

    def undo(self) -> None:
        self.model.replace_layout(self.before)
