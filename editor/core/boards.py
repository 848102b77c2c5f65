"""Boards: the grid a layout is built on, read from a ``*.board.yaml`` file."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from editor.core.documents import Document
from editor.core.hexgrid import HexBoard, format_label, from_offset, parse_label


@dataclass
class Board:
    """A board: a columns-by-rows grid, less the omitted spaces."""

    id: str
    name: str
    game: str
    grid: str
    columns: int
    rows: int
    document: Document
    omit: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def from_document(cls, document: Document) -> Board:
        """A board from a document that passed its schema."""
        data = document.data
        return cls(
            id=data["id"],
            name=data["name"],
            game=data["game"],
            grid=data["grid"],
            columns=data["columns"],
            rows=data["rows"],
            document=document,
            omit=frozenset(data.get("omit", ())),
        )

    @cached_property
    def hexes(self) -> HexBoard:
        """The board's spaces as a hex board (for ``grid: hex``)."""
        spaces = [
            from_offset(col, row) for col in range(self.columns) for row in range(1, self.rows + 1)
        ]
        return HexBoard(h for h in spaces if format_label(h) not in self.omit)

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """Every space label in canonical order (by column, then row)."""
        return tuple(format_label(h) for h in self.hexes)

    def has_space(self, label: str) -> bool:
        """Whether a label names a space of this board."""
        try:
            return parse_label(label) in self.hexes
        except ValueError:
            return False

    def in_rectangle(self, label: str) -> bool:
        """Whether a label lies inside the columns-by-rows rectangle."""
        try:
            return parse_label(label) in self._rectangle
        except ValueError:
            return False

    @cached_property
    def _rectangle(self) -> HexBoard:
        return HexBoard.rectangle(self.columns, self.rows)
