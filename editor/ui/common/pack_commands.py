"""The undo command of an edit of the layout's pack list, shared by the rooms that make one
(the inspector's pack list, the Project dock's New Pack)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from PySide6.QtGui import QUndoCommand

from editor.core.workspace import Workspace
from editor.studio.layout_model import LayoutModel


class SetPacks(QUndoCommand):
    """Give the layout another pack list, with the content it brings; undo puts back the
    list and the content it had."""

    def __init__(
        self, model: LayoutModel, packs: Sequence[str], workspace: Workspace, text: str
    ) -> None:
        super().__init__(text)
        self.model = model
        self.before = model.layout
        self.before_workspace = model.workspace
        self.after = dataclasses.replace(model.layout, packs=tuple(packs))
        self.after_workspace = workspace

    def redo(self) -> None:
        """Use the new list and its content."""
        self.model.replace_layout(self.after, self.after_workspace)

    def undo(self) -> None:
        """Use the old list and its content again."""
        self.model.replace_layout(self.before, self.before_workspace)
