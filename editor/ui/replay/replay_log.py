"""The Replay tab's event log: each step's choice, then the events it produced, as text.

Nothing here knows a game: the words are the game's (``ReplayStep.choice_text`` and
``event_texts``, from its ``replay_words`` hook); without them an event is a ``(kind, ...)``
tuple written as its kind and its items. A step's header names the seat, the decision and the
choice taken.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from editor.sim.replay import ReplayStep
from editor.ui.replay.replay_pieces import seat_name

#: The step a row belongs to.
STEP_ROLE = Qt.ItemDataRole.UserRole + 1
#: Longest text shown for one choice (a whole program can be long).
CHOICE_CHARS = 80


def item_text(value: Any) -> str:
    """One item of an event as text: tuples and lists as their items, others as themselves."""
    if isinstance(value, (tuple, list)):
        return "(" + " ".join(item_text(v) for v in value) + ")"
    return str(value)


def event_text(event: Sequence[Any]) -> str:
    """An event as one line: ``damage: 3, 10, water``."""
    if not event:
        return "(empty event)"
    kind, *items = event
    return f"{kind}: {', '.join(item_text(v) for v in items)}" if items else str(kind)


def choice_text(choice: Hashable | None) -> str:
    """A choice as text, cut short when long."""
    text = item_text(choice)
    return text if len(text) <= CHOICE_CHARS else text[: CHOICE_CHARS - 1] + "…"


def step_text(step: ReplayStep, names: Sequence[str] = ()) -> str:
    """A step's header: ``step 4 · Pirates · place — where p2-leader starts → 17``, the
    seat named from ``names`` (else ``Player 2``)."""
    if step.number == 0:
        return "set-up"
    seat = seat_name(step.seat, names) if step.seat is not None else "?"
    prompt = f" — {step.prompt}" if step.prompt else ""
    said = step.choice_text or choice_text(step.choice)
    if len(said) > CHOICE_CHARS:
        said = said[: CHOICE_CHARS - 1] + "…"
    return f"step {step.number} · {seat} · {step.kind}{prompt} → {said}"


class EventLog(QListWidget):
    """Every step's header and events; the current step's rows stand out, a click jumps."""

    #: A row of this step was clicked.
    step_chosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setUniformItemSizes(True)
        self.setAlternatingRowColors(False)
        self._headers: list[int] = []
        self._current = -1
        self.itemClicked.connect(self._clicked)

    def show_steps(self, steps: Sequence[ReplayStep], names: Sequence[str] = ()) -> None:
        """List the steps of a replay, its seats named from ``names``."""
        self.clear()
        self._headers = []
        self._current = -1
        bold = QFont(self.font())
        bold.setBold(True)
        for step in steps:
            header = QListWidgetItem(step_text(step, names))
            header.setData(STEP_ROLE, step.number)
            header.setFont(bold)
            self._headers.append(self.count())
            self.addItem(header)
            texts = step.event_texts or tuple(event_text(event) for event in step.events)
            for event, text in zip(step.events, texts, strict=True):
                row = QListWidgetItem("    " + text)
                row.setToolTip(event_text(event))  # the engine's own record, for the curious
                row.setData(STEP_ROLE, step.number)
                self.addItem(row)
            if step.error is not None:
                row = QListWidgetItem(f"    error: {step.error}")
                row.setData(STEP_ROLE, step.number)
                row.setForeground(QBrush(QColor("#c62828")))
                self.addItem(row)

    def rows_of(self, step: int) -> range:
        """The rows of one step: its header, then its events."""
        start = self._headers[step]
        stop = self._headers[step + 1] if step + 1 < len(self._headers) else self.count()
        return range(start, stop)

    def texts_of(self, step: int) -> list[str]:
        """The texts of a step's rows (its header first)."""
        return [self.item(row).text() for row in self.rows_of(step)]

    def mark(self, step: int) -> None:
        """Make a step's rows stand out and scroll to them."""
        if not self._headers:
            return
        if 0 <= self._current < len(self._headers):
            for row in self.rows_of(self._current):
                self.item(row).setBackground(QBrush())
        self._current = step
        for row in self.rows_of(step):
            self.item(row).setBackground(QBrush(QColor("#fff3c4")))
        self.blockSignals(True)
        self.setCurrentRow(self._headers[step])
        self.blockSignals(False)
        self.scrollToItem(self.item(self._headers[step]), QListWidget.ScrollHint.PositionAtTop)

    def _clicked(self, item: QListWidgetItem) -> None:
        step = item.data(STEP_ROLE)
        if isinstance(step, int):
            self.step_chosen.emit(step)
