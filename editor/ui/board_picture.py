"""What a board view shows: a plain, Qt-free description of one board and its stacks.

The caller (the CLI, later the editor's models) builds a :class:`BoardPicture` from validated
content; the Qt code only draws it. Nothing here knows a game's rules: a stack is a list of tile
ids, bottom to top, and colours map tile ids to colour strings.

>>> picture = BoardPicture.rectangle("Tiny", 2, 2, {"A1": ["beach", "meadow"]})
>>> picture.labels
['A1', 'A2', 'B1', 'B2']
>>> picture.position("B2"), picture.stack("A2"), picture.land_count, picture.tile_count
((1, 1), [], 1, 2)
>>> describe_space("A1", ["beach", "meadow"]), describe_space("B1", [])
('A1: beach, meadow', 'B1: water')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from editor.core import registry
from editor.core.hexgrid import format_label, from_offset, offset_of, parse_label, sort_key
from editor.core.layouts import Layout
from editor.core.workspace import Workspace


def split_label(label: str) -> tuple[int, int]:
    """Return ``(column, row)``, both counted from 0, of a label such as ``D10``.

    >>> split_label("A1"), split_label("D10"), split_label("AB3")
    ((0, 0), (3, 9), (27, 2))
    """
    column, row = offset_of(parse_label(label))
    return column, row - 1


def make_label(column: int, row: int) -> str:
    """The inverse of :func:`split_label`.

    >>> make_label(3, 9), make_label(27, 2)
    ('D10', 'AB3')
    """
    return format_label(from_offset(column, row + 1))


def describe_space(label: str, stack: list[str]) -> str:
    """The text a view shows for a space: ``"D10: beach, meadow"`` or ``"D10: water"``."""
    return f"{label}: {', '.join(stack) if stack else 'water'}"


@dataclass
class BoardPicture:
    """One board to draw.

    ``labels`` lists every space of the board in canonical order (by column, then row);
    ``stacks`` gives the tiles of a space bottom to top (a missing label or ``[]`` is water);
    ``colours`` maps a tile id to a colour string (``"#8d8175"``; unknown ids get defaults);
    ``positions`` optionally gives ``(column, row)`` from 0 for labels that
    :func:`split_label` cannot read; by default it is derived from the label. ``backs``,
    ``tokens`` and ``starts`` are drawn when given.
    """

    title: str
    labels: list[str]
    stacks: dict[str, list[str]] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: Optional marks of the tiles' backs, one per tile bottom to top (None: no mark).
    backs: dict[str, list[str | None]] = field(default_factory=dict)
    #: Optional tokens lying on spaces, by label.
    tokens: dict[str, list[str]] = field(default_factory=dict)
    #: Optional start spaces: label to a short mark of whose start it is.
    starts: dict[str, str] = field(default_factory=dict)
    #: The colour of each token kind its game gives; others get one derived from the id.
    token_colours: dict[str, str] = field(default_factory=dict)

    @classmethod
    def rectangle(
        cls,
        title: str,
        columns: int,
        rows: int,
        stacks: dict[str, list[str]],
        colours: dict[str, str] | None = None,
    ) -> BoardPicture:
        """A picture of a board on which every space of a columns x rows rectangle exists."""
        labels = [make_label(c, r) for c in range(columns) for r in range(rows)]
        unknown = sorted(set(stacks) - set(labels))
        if unknown:
            raise ValueError(f"stacks for spaces off the board: {', '.join(unknown)}")
        return cls(title, labels, dict(stacks), dict(colours or {}))

    def position(self, label: str) -> tuple[int, int]:
        """``(column, row)`` of a space, both counted from 0."""
        found = self.positions.get(label)
        return found if found is not None else split_label(label)

    def stack(self, label: str) -> list[str]:
        """The tiles of a space, bottom to top; ``[]`` for water."""
        return list(self.stacks.get(label, []))

    @property
    def land_count(self) -> int:
        """How many board spaces hold at least one tile."""
        return sum(1 for label in self.labels if self.stacks.get(label))

    @property
    def tile_count(self) -> int:
        """How many tiles the board holds."""
        return sum(len(self.stacks.get(label, [])) for label in self.labels)

    def describe(self, label: str) -> str:
        """See :func:`describe_space`."""
        return describe_space(label, self.stack(label))


#: The mark of a start space on the board.
START_MARK = "S"


def pinned_mark(back: str | None) -> str | None:
    """A short mark of a pinned back id for its badge: word initials, or two letters.

    >>> pinned_mark("twin-barrels"), pinned_mark("eggshells"), pinned_mark(None)
    ('TB', 'Eg', None)
    """
    if not back:
        return None
    words = [w for w in back.split("-") if w]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return back[:2].capitalize()


def token_marks(counts: dict[str, int]) -> list[str]:
    """Tokens as the board draws them, one id per token, kinds in id order.

    >>> token_marks({"fire": 2, "damaged": 1})
    ['damaged', 'fire', 'fire']
    """
    return [token for token in sorted(counts) for _ in range(counts[token])]


def layout_picture(ws: Workspace, layout: Layout) -> BoardPicture:
    """The picture of a loaded layout on its board, coloured by its game, with its pinned
    backs (drawn on demand), tokens and start spaces."""
    board = ws.boards.get(layout.board)
    labels = list(board.labels) if board is not None else sorted(layout.spaces, key=sort_key)
    game = registry.get(layout.game)
    colours = dict(game.colours(ws, layout)) if game is not None and game.colours else {}
    kinds = game.token_kinds(ws, layout) if game is not None and game.token_kinds else ()
    return BoardPicture(
        title=layout.name,
        labels=labels,
        stacks={label: list(stack) for label, stack in layout.spaces.items()},
        colours=colours,
        backs={
            label: [pinned_mark(back) for back in backs]
            for label, backs in layout.backs.items()
            if label in layout.spaces
        },
        tokens={label: token_marks(counts) for label, counts in layout.tokens.items()},
        starts=dict.fromkeys(layout.starts, START_MARK),
        token_colours={kind.id: kind.colour for kind in kinds if kind.colour},
    )
