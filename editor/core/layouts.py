"""Layouts: stacks of tiles on the spaces of a board, and their canonical file form."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from editor.core.documents import Document
from editor.core.hexgrid import HexBoard, format_label, parse_label, sort_key

#: The back of one tile: a back id pinned by the layout, or None (dealt at random at set-up).
Back = str | None
#: The pattern of an id (the schemas' ``common.schema.json#/$defs/id``).
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
#: Top-level keys in the order a layout file is written.
KEY_ORDER = (
    "id",
    "name",
    "game",
    "board",
    "packs",
    "description",
    "spaces",
    "backs",
    "tokens",
    "starts",
)
_T = TypeVar("_T")
SCHEMA_HEADER = "# yaml-language-server: $schema=../schemas/layout.schema.json"


@dataclass
class Layout:
    """A layout: which tiles are stacked on which spaces of a board (bottom to top).

    ``backs`` pins the backs of some tiles (per space, one item per tile bottom to top, None
    for a back dealt at random), ``tokens`` lies tokens on spaces at the start (token id to
    count) and ``starts`` lists the spaces where snails may be placed (empty: any land).
    """

    id: str
    name: str
    game: str
    board: str
    spaces: dict[str, tuple[str, ...]]
    packs: tuple[str, ...] | None = None
    description: str = ""
    backs: dict[str, tuple[Back, ...]] = field(default_factory=dict)
    tokens: dict[str, dict[str, int]] = field(default_factory=dict)
    starts: tuple[str, ...] = ()
    document: Document | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_document(cls, document: Document) -> Layout:
        """A layout from a document that passed its schema."""
        data = document.data
        packs = data.get("packs")
        return cls(
            id=data["id"],
            name=data["name"],
            game=data["game"],
            board=data["board"],
            spaces={label: tuple(stack) for label, stack in data["spaces"].items()},
            packs=tuple(packs) if packs is not None else None,
            description=data.get("description", ""),
            backs={label: tuple(backs) for label, backs in data.get("backs", {}).items()},
            tokens={label: dict(counts) for label, counts in data.get("tokens", {}).items()},
            starts=tuple(data.get("starts", ())),
            document=document,
        )

    @classmethod
    def salvage(cls, document: Document) -> Layout | None:
        """What can be trusted of a layout that failed its schema, to check the rest of it.

        Fields with a wrong shape become empty and spaces with a bad label or stack are left
        out, so the semantic checks report the remaining problems without repeating the
        schema's. None when not even the spaces can be read.
        """
        data = document.data
        if not isinstance(data, dict) or not isinstance(data.get("spaces"), dict):
            return None

        def ident(value: object) -> str:
            return value if isinstance(value, str) and ID.fullmatch(value) else ""

        spaces: dict[str, tuple[str, ...]] = {}
        for label, stack in data["spaces"].items():
            if not isinstance(stack, list) or not all(ident(tile) for tile in stack):
                continue
            try:
                parse_label(label)
            except ValueError:
                continue
            spaces[label] = tuple(stack)
        packs = data.get("packs")
        good_packs = packs if isinstance(packs, list) and all(ident(p) for p in packs) else None
        starts = data.get("starts")
        return cls(
            id=ident(data.get("id")),
            name=str(data.get("name", "")),
            game=ident(data.get("game")),
            board=ident(data.get("board")),
            spaces=spaces,
            packs=tuple(good_packs) if good_packs is not None else None,
            backs=_salvage_backs(data.get("backs"), ident),
            tokens=_salvage_tokens(data.get("tokens"), ident),
            starts=tuple(s for s in starts if _good_label(s)) if isinstance(starts, list) else (),
            document=document,
        )

    def tile_count(self) -> dict[str, int]:
        """How many tiles of each type the layout uses."""
        counts: dict[str, int] = {}
        for stack in self.spaces.values():
            for tile in stack:
                counts[tile] = counts.get(tile, 0) + 1
        return counts

    def back_of(self, label: str, index: int) -> Back:
        """The pinned back of the tile at ``index`` (0 = bottom) of a space, or None."""
        backs = self.backs.get(label, ())
        return backs[index] if 0 <= index < len(backs) else None

    def pinned_backs(self) -> dict[tuple[str, str], int]:
        """How many tiles of each (tile type, back) the layout pins on spaces."""
        counts: dict[tuple[str, str], int] = {}
        for label, backs in self.backs.items():
            stack = self.spaces.get(label, ())
            for tile, back in zip(stack, backs, strict=False):
                if back is not None:
                    counts[(tile, back)] = counts.get((tile, back), 0) + 1
        return counts

    def to_data(self) -> dict[str, object]:
        """The layout as plain data in canonical order."""
        data: dict[str, object] = {
            "id": self.id,
            "name": self.name,
            "game": self.game,
            "board": self.board,
        }
        if self.packs is not None:
            data["packs"] = list(self.packs)
        if self.description:
            data["description"] = self.description
        data["spaces"] = {
            label: list(self.spaces[label])
            for label in sorted((k for k in self.spaces if self.spaces[k]), key=label_sort_key)
        }
        # A list of nothing but random backs says what leaving the space out says.
        backs = {
            label: list(self.backs[label])
            for label in sorted(self.backs, key=label_sort_key)
            if any(back is not None for back in self.backs[label])
        }
        if backs:
            data["backs"] = backs
        tokens = {
            label: {token: self.tokens[label][token] for token in sorted(self.tokens[label])}
            for label in sorted(self.tokens, key=label_sort_key)
            if self.tokens[label]
        }
        if tokens:
            data["tokens"] = tokens
        if self.starts:
            data["starts"] = sorted(set(self.starts), key=label_sort_key)
        return data


def _good_label(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        parse_label(value)
    except ValueError:
        return False
    return True


def _salvage_backs(value: object, ident: Callable[[object], str]) -> dict[str, tuple[Back, ...]]:
    """The well-formed entries of a ``backs`` mapping that failed its schema."""
    if not isinstance(value, dict):
        return {}
    return {
        label: tuple(backs)
        for label, backs in value.items()
        if _good_label(label)
        and isinstance(backs, list)
        and all(b is None or ident(b) for b in backs)
    }


def _salvage_tokens(value: object, ident: Callable[[object], str]) -> dict[str, dict[str, int]]:
    """The well-formed entries of a ``tokens`` mapping that failed its schema."""
    if not isinstance(value, dict):
        return {}
    out: dict[str, dict[str, int]] = {}
    for label, counts in value.items():
        if not _good_label(label) or not isinstance(counts, dict):
            continue
        good = {
            token: count
            for token, count in counts.items()
            if ident(token) and type(count) is int and count >= 1
        }
        if good:
            out[label] = good
    return out


def label_sort_key(label: str) -> tuple[int, int]:
    """Canonical order of spaces: by column, then row; labels that do not parse go last.

    >>> sorted(["B1", "A10", "A2"], key=label_sort_key)
    ['A2', 'A10', 'B1']
    """
    try:
        return sort_key(label)
    except ValueError:
        return (1 << 30, 0)


def _scalar(value: object) -> str:
    """A YAML scalar; JSON string syntax is valid YAML and quotes only what needs it."""
    if isinstance(value, str):
        plain = value and value.replace("-", "").replace(" ", "").replace(":", "").isalnum()
        reserved = value.lower() in ("true", "false", "null", "yes", "no", "on", "off", "~")
        if plain and value.strip() == value and not value[0].isdigit() and not reserved:
            return value
        return json.dumps(value, ensure_ascii=False)
    return json.dumps(value)


def _flow_list(items: Sequence[object]) -> str:
    return "[" + ", ".join(_scalar(i) for i in items) + "]"


def _flow_map(items: Mapping[str, object]) -> str:
    return "{" + ", ".join(f"{_scalar(k)}: {_scalar(v)}" for k, v in items.items()) + "}"


def _folded(key: str, text: str) -> list[str]:
    """A long string as a folded block when that reads back exactly, else one quoted line."""
    wrapped = textwrap.wrap(text, 94, break_long_words=False, break_on_hyphens=False)
    if wrapped and " ".join(wrapped) == text and not text.startswith((" ", "#")):
        return [f"{key}: >-", *(f"  {line}" for line in wrapped)]
    return [f"{key}: {json.dumps(text, ensure_ascii=False)}"]


def dump_layout(layout: Layout, header: str | None = SCHEMA_HEADER) -> str:
    """The canonical text of a layout: fixed key order, spaces by column then row.

    Two layouts with the same content always give the same text, so a diff of two
    versions shows only the real changes.
    """
    data = layout.to_data()
    lines = [header] if header else []
    for key in KEY_ORDER:
        if key not in data:
            continue
        value = data[key]
        if key in ("packs", "starts"):
            assert isinstance(value, list)
            lines.append(f"{key}: {_flow_list(value)}")
        elif key == "description":
            assert isinstance(value, str)
            lines.extend(_folded("description", value))
        elif key == "spaces":
            assert isinstance(value, Mapping)
            if not value:
                lines.append("spaces: {}")
                continue
            lines.append("spaces:")
            lines.extend(f"  {label}: {_flow_list(stack)}" for label, stack in value.items())
        elif key == "backs":
            assert isinstance(value, Mapping)
            lines.append("backs:")
            lines.extend(f"  {label}: {_flow_list(backs)}" for label, backs in value.items())
        elif key == "tokens":
            assert isinstance(value, Mapping)
            lines.append("tokens:")
            lines.extend(f"  {label}: {_flow_map(counts)}" for label, counts in value.items())
        else:
            lines.append(f"{key}: {_scalar(value)}")
    return "\n".join(lines) + "\n"


def transform_layout(
    layout: Layout, board: HexBoard, rotate_steps: int = 0, mirror: bool = False
) -> tuple[Layout, list[str]]:
    """The layout turned by 60-degree steps clockwise and/or mirrored left to right.

    Both happen around the board's centre (mirroring first); pinned backs, tokens and start
    spaces move with their spaces. Returns the new layout and the labels of the spaces whose
    stacks (or backs, tokens or start marks) would land off the board; when there are any, the
    new layout leaves them out, so callers should refuse the change rather than lose them.
    """
    labels = sorted({*layout.spaces, *layout.backs, *layout.tokens, *layout.starts})
    hexes = {parse_label(label): label for label in labels if _good_label(label)}
    moved = board.transform(hexes, rotate_steps=rotate_steps, mirror=mirror)
    lost = sorted((hexes[h] for h in moved.off_board), key=label_sort_key)
    off = set(moved.off_board)
    new_label = {
        label: format_label(moved.mapping[h]) for h, label in hexes.items() if h not in off
    }

    def carry(items: Mapping[str, _T]) -> dict[str, _T]:
        return {new_label[label]: value for label, value in items.items() if label in new_label}

    return (
        replace(
            layout,
            spaces=carry(layout.spaces),
            backs=carry(layout.backs),
            tokens={label: dict(counts) for label, counts in carry(layout.tokens).items()},
            starts=tuple(new_label[s] for s in layout.starts if s in new_label),
            document=None,
        ),
        lost,
    )
