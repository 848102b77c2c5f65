"""Undo commands: every edit of a layout goes through one of these onto a QUndoStack."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtGui import QUndoCommand

from editor.core.layouts import Layout
from editor.studio.layout_model import LayoutModel
from editor.studio.spaces import SpaceState, Stack

#: Command ids for merging (QUndoCommand.id): consecutive steps of one count become one.
COUNT_ID = 4101


class SetStacks(QUndoCommand):
    """Give some spaces new stacks (or whole space states); undo puts the old ones back.

    A value may be a stack or a :class:`SpaceState`. Old values given as stacks are taken as
    the spaces' full states when the command is made, so undoing an edit that dropped what
    the layout's fields said of a space (a cleared space) brings that back too.

    ``applied=True`` says the model already holds the new stacks (a paint stroke changes the
    model live while the mouse moves), so the first redo, which QUndoStack.push calls, is
    skipped; its ``before`` values must then be full states
    (:meth:`~editor.studio.tools.Stroke.changes` gives them).
    """

    def __init__(
        self,
        model: LayoutModel,
        before: Mapping[str, Stack | SpaceState],
        after: Mapping[str, Stack | SpaceState],
        text: str,
        *,
        applied: bool = False,
    ) -> None:
        super().__init__(text)
        self.model = model
        self.before: dict[str, Stack | SpaceState] = {
            label: value if isinstance(value, SpaceState) or applied else _full(model, label, value)
            for label, value in before.items()
        }
        self.after = dict(after)
        self._skip_redo = applied

    def redo(self) -> None:
        """Set the spaces as they are after the edit (not again after a live stroke)."""
        if self._skip_redo:
            self._skip_redo = False
            return
        self.model.apply(self.after)

    def undo(self) -> None:
        """Set the spaces back as they were."""
        self.model.apply(self.before)


def _full(model: LayoutModel, label: str, stack: Stack) -> Stack | SpaceState:
    """The space's whole state when ``stack`` is what it holds now, else just the stack."""
    state = model.space(label)
    return state if state.stack == tuple(stack) else stack


class SetSpace(SetStacks):
    """What one of the layout's fields says of one space changed, from the inspector.

    The command holds every space the change touches: setting a field with one space for
    the whole layout (a ``spot``) here also takes it off the space it was on, and undo puts
    it back there. Steps of the same count on the same space, one after the other (spin box
    arrows), merge into one command (``merge_key``: label, field key, option id).
    """

    def __init__(
        self,
        model: LayoutModel,
        label: str,
        after: SpaceState,
        text: str,
        *,
        merge_key: tuple[str, ...] | None = None,
    ) -> None:
        changes = model.changes({label: after})
        before = {lb: model.space(lb) for lb in changes}
        super().__init__(model, before, changes, text)
        self.label = label
        self.merge_key = merge_key

    def id(self) -> int:
        """Count edits of one space, field and option share an id, so the stack merges them."""
        return COUNT_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Fold a following edit of the same count into this one."""
        if not isinstance(other, SetSpace) or other.merge_key != self.merge_key:
            return False
        self.after = {**self.after, **other.after}
        for label, state in other.before.items():
            self.before.setdefault(label, state)
        self.setText(other.text())
        # back where it started (up, then down again): the stack drops the command
        self.setObsolete(self.after == self.before)
        return True


class ReplaceLayout(QUndoCommand):
    """Swap the whole layout (turn, mirror, properties); undo restores the previous one."""

    def __init__(self, model: LayoutModel, after: Layout, text: str) -> None:
        super().__init__(text)
        self.model = model
        self.before = model.layout
        self.after = after

    def redo(self) -> None:
        """Put the new layout in place."""
        self.model.replace_layout(self.after)

    def undo(self) -> None:
        """Put the previous layout back."""
        self.model.replace_layout(self.before)
