"""Layouts: stacks of tiles on the spaces of a board, and their canonical file form."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from editor.core.documents import Document
from editor.core.hexgrid import HexBoard, format_label, parse_label, sort_key

#: The pattern of an id (the schemas' ``common.schema.json#/$defs/id``).
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
#: Top-level keys in the order a layout file is written.
KEY_ORDER = ("id", "name", "game", "board", "packs", "description", "spaces")
SCHEMA_HEADER = "# yaml-language-server: $schema=../schemas/layout.schema.json"


@dataclass
class Layout:
    """A layout: which tiles are stacked on which spaces of a board (bottom to top)."""

    id: str
    name: str
    game: str
    board: str
    spaces: dict[str, tuple[str, ...]]
    packs: tuple[str, ...] | None = None
    description: str = ""
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
        return cls(
            id=ident(data.get("id")),
            name=str(data.get("name", "")),
            game=ident(data.get("game")),
            board=ident(data.get("board")),
            spaces=spaces,
            packs=tuple(good_packs) if good_packs is not None else None,
            document=document,
        )

    def tile_count(self) -> dict[str, int]:
        """How many tiles of each type the layout uses."""
        counts: dict[str, int] = {}
        for stack in self.spaces.values():
            for tile in stack:
                counts[tile] = counts.get(tile, 0) + 1
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
        return data


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
        if key == "packs":
            assert isinstance(value, list)
            lines.append(f"packs: {_flow_list(value)}")
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
        else:
            lines.append(f"{key}: {_scalar(value)}")
    return "\n".join(lines) + "\n"


def transform_layout(
    layout: Layout, board: HexBoard, rotate_steps: int = 0, mirror: bool = False
) -> tuple[Layout, list[str]]:
    """The layout turned by 60-degree steps clockwise and/or mirrored left to right.

    Both happen around the board's centre (mirroring first). Returns the new layout and the
    labels of the spaces whose stacks would land off the board; when there are any, the new
    layout leaves those stacks out, so callers should refuse the change rather than lose them.
    """
    hexes = [parse_label(label) for label in layout.spaces]
    moved = board.transform(hexes, rotate_steps=rotate_steps, mirror=mirror)
    lost = sorted((format_label(h) for h in moved.off_board), key=label_sort_key)
    off = set(moved.off_board)
    spaces = {
        format_label(moved.mapping[h]): layout.spaces[format_label(h)]
        for h in hexes
        if h not in off
    }
    return replace(layout, spaces=spaces, document=None), lost
