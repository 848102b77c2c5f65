"""Boards: the grid a layout is built on, read from a ``*.board.yaml`` file.

A board is a hex board or a square board (its ``grid``). Hex boards and *bounded* square boards
are a columns-by-rows rectangle less the omitted spaces; a square board may instead be an
*open* table with no edge, where every ``x,y`` cell is a space.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from editor.core.documents import Document
from editor.core.grid import Grid, grid_for
from editor.core.hexgrid import HexBoard, format_label, from_offset, parse_label
from editor.core.squaregrid import Cell, format_cell, parse_cell

__all__ = ["Board"]


@dataclass
class Board:
    """A board: a columns-by-rows grid less the omitted spaces, or an open square table."""

    id: str
    name: str
    game: str
    grid: str
    """The grid's kind, ``"hex"`` or ``"square"``; :attr:`geometry` is the grid itself."""
    columns: int
    """Columns of the rectangle; 0 on an open table."""
    rows: int
    """Rows of the rectangle; 0 on an open table."""
    document: Document
    omit: frozenset[str] = field(default_factory=frozenset)
    open: bool = False
    """Whether this is an open square table: no edge, every ``x,y`` cell is a space."""

    @classmethod
    def from_document(cls, document: Document) -> Board:
        """A board from a document that passed its schema."""
        data = document.data
        return cls(
            id=data["id"],
            name=data["name"],
            game=data["game"],
            grid=data["grid"],
            columns=data.get("columns", 0),
            rows=data.get("rows", 0),
            document=document,
            omit=frozenset(data.get("omit", ())),
            open=bool(data.get("open", False)),
        )

    @cached_property
    def geometry(self) -> Grid:
        """The board's grid: labels, neighbours, distances, symmetries and pixels."""
        return grid_for(self.grid)

    @cached_property
    def hexes(self) -> HexBoard:
        """The board's spaces as a hex board; ``ValueError`` unless ``grid`` is ``hex``."""
        if self.grid != "hex":
            raise ValueError(f"board {self.id!r} is a {self.grid} board, it has no hexes")
        spaces = [
            from_offset(col, row) for col in range(self.columns) for row in range(1, self.rows + 1)
        ]
        return HexBoard(h for h in spaces if format_label(h) not in self.omit)

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """Every space label in canonical order (by column, then row); empty on an open table."""
        if self.grid == "hex":
            return tuple(format_label(h) for h in self.hexes)
        return tuple(sorted(self._cells, key=self.geometry.sort_key))

    def has_space(self, label: str) -> bool:
        """Whether a label names a space of this board (any ``x,y`` label on an open table)."""
        if self.grid == "hex":
            try:
                return parse_label(label) in self.hexes
            except ValueError:
                return False
        if self.open:
            return self.geometry.is_label(label)
        return label in self._cells

    def in_rectangle(self, label: str) -> bool:
        """Whether a label lies inside the columns-by-rows rectangle (always on an open table)."""
        if self.grid == "hex":
            try:
                return parse_label(label) in self._rectangle
            except ValueError:
                return False
        if self.open:
            return True
        try:
            x, y = parse_cell(label)
        except ValueError:
            return False
        return 0 <= x < self.columns and 0 <= y < self.rows

    @cached_property
    def middle(self) -> str:
        """The space symmetries turn around.

        Hex: :meth:`HexBoard.center` (the board hex nearest the centroid of its spaces).
        Bounded square: the cell nearest the centroid of its cells, omitted ones left out, as
        on hexes (a whole cell, so quarter turns map cells to cells).
        Open table: ``0,0``, the starter cell.
        """
        if self.grid == "hex":
            return format_label(self.hexes.center())
        if self.open or not self.labels:
            return "0,0"
        return self.geometry.middle(self.labels)

    def transform(
        self, labels: Iterable[str], rotate_steps: int, mirror: bool
    ) -> tuple[dict[str, str], tuple[str, ...]]:
        """Labels mirrored left-right then turned clockwise around :attr:`middle`.

        Returns each label's image, and the labels whose image is not a space of the board
        (in canonical order); those have no entry in the mapping if their image has no label.
        For a hex board this is :meth:`HexBoard.transform` around the board's centre.
        """
        grid = self.geometry
        given = sorted(set(labels), key=grid.sort_key)
        mapping = grid.transform(given, rotate_steps, mirror, centre=self.middle)
        off = tuple(
            label for label in given if label not in mapping or not self.has_space(mapping[label])
        )
        return mapping, off

    @cached_property
    def _rectangle(self) -> HexBoard:
        return HexBoard.rectangle(self.columns, self.rows)

    @cached_property
    def _cells(self) -> frozenset[str]:
        """Canonical labels of a bounded square board's cells (empty on an open table)."""
        if self.open:
            return frozenset()
        every = (format_cell(Cell(x, y)) for x in range(self.columns) for y in range(self.rows))
        return frozenset(label for label in every if label not in self.omit)
