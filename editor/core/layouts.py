"""Layouts: stacks of tiles on the spaces of a board, and their canonical file form.

Every layout holds what every game shares: its id, name, game, board, packs, description and
the stack of tiles on each space. What else a game's layouts say of spaces (Snails' pinned
tile backs, starting tokens and start spaces) are fields the game declares
(:mod:`editor.core.layout_fields`); the layout keeps their values in :attr:`Layout.fields`.
"""

from __future__ import annotations

import json
import os
import re
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editor.core import layout_fields, registry
from editor.core.documents import Document
from editor.core.grid import GRID_KINDS, grid_for
from editor.core.layout_fields import FieldValue, LayoutField
from editor.core.resources import schemas_dir

if TYPE_CHECKING:
    from editor.core.boards import Board

#: The pattern of an id (the schemas' ``common.schema.json#/$defs/id``).
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
#: Top-level keys every layout shares, in the order a layout file is written; the game's
#: declared fields follow, in the order it declares them.
KEY_ORDER = ("id", "name", "game", "board", "packs", "description", "spaces")
SCHEMA_HEADER = "# yaml-language-server: $schema=../schemas/layout.schema.json"


def declared_fields(game_id: str) -> tuple[LayoutField, ...]:
    """The layout fields a game declares (none for a game Seastack does not know)."""
    game = registry.get(game_id)
    return game.content.layout_fields if game is not None else ()


def schema_header(game_id: str) -> str:
    """The ``$schema`` line of a layout file in ``layouts/``: the game's layout schema when
    it declares fields, else the shared one."""
    if declared_fields(game_id):
        return f"# yaml-language-server: $schema=../schemas/{game_id}/layout.schema.json"
    return SCHEMA_HEADER


def layout_schema_file(game_id: str) -> Path:
    """The bundled schema a layout of this game is checked against (the game's own when it
    declares fields, else the shared one)."""
    if declared_fields(game_id):
        return schemas_dir() / game_id / "layout.schema.json"
    return schemas_dir() / "layout.schema.json"


def schema_header_at(game_id: str, folder: Path) -> str | None:
    """The ``$schema`` line for a layout file kept in ``folder``: the path from there to the
    game's bundled layout schema while the folder lies in the one the schemas ship in (the
    repository, or where Seastack is installed), so that it resolves; None elsewhere (a
    designer's own folder), where a path out to this machine's Seastack would not resolve
    once the file is sent on, and would tell where Seastack lies.
    """
    schema = layout_schema_file(game_id).resolve()
    root = schemas_dir().resolve().parent
    where = Path(folder).resolve()
    if not schema.is_file() or not where.is_relative_to(root):
        return None
    relative = Path(os.path.relpath(schema, where)).as_posix()
    return f"# yaml-language-server: $schema={relative}"


@dataclass
class Layout:
    """A layout: which tiles are stacked on which spaces of a board (bottom to top), and the
    values of the fields its game declares (``fields``, by key)."""

    id: str
    name: str
    game: str
    board: str
    spaces: dict[str, tuple[str, ...]]
    packs: tuple[str, ...] | None = None
    description: str = ""
    fields: dict[str, FieldValue] = field(default_factory=dict)
    document: Document | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        # every declared field has a value (an empty one when not given), so two layouts
        # that say the same thing compare equal however they were made
        declared = self.declared()
        if any(f.key not in self.fields for f in declared):
            given = self.fields
            self.fields = {f.key: given.get(f.key, layout_fields.empty_value(f)) for f in declared}
            self.fields.update({k: v for k, v in given.items() if k not in self.fields})

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
            fields=layout_fields.read_fields(declared_fields(data["game"]), data),
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

        game = ident(data.get("game"))
        is_label = _label_test(game)
        spaces: dict[str, tuple[str, ...]] = {}
        for label, stack in data["spaces"].items():
            if not isinstance(stack, list) or not all(ident(tile) for tile in stack):
                continue
            if is_label(label):
                spaces[label] = tuple(stack)
        packs = data.get("packs")
        good_packs = packs if isinstance(packs, list) and all(ident(p) for p in packs) else None
        return cls(
            id=ident(data.get("id")),
            name=str(data.get("name", "")),
            game=game,
            board=ident(data.get("board")),
            spaces=spaces,
            packs=tuple(good_packs) if good_packs is not None else None,
            fields={
                f.key: layout_fields.salvage_value(
                    f, data.get(f.key), is_label, lambda v: bool(ident(v))
                )
                for f in declared_fields(game)
            },
            document=document,
        )

    def declared(self) -> tuple[LayoutField, ...]:
        """The fields the layout's game declares."""
        return declared_fields(self.game)

    def value(self, key: str) -> FieldValue:
        """The value of a declared field (empty when the layout does not give it)."""
        if key in self.fields:
            return self.fields[key]
        spec = next((f for f in self.declared() if f.key == key), None)
        if spec is None:
            raise KeyError(f"the game {self.game!r} declares no layout field {key!r}")
        return layout_fields.empty_value(spec)

    def named_labels(self) -> set[str]:
        """Every space the layout names: in its spaces and in its fields."""
        named = set(self.spaces)
        for spec in self.declared():
            named.update(layout_fields.labels_of(spec, self.value(spec.key)))
        return named

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
        data.update(layout_fields.fields_data(self.declared(), self.fields, _in_order))
        return data


def _in_order(labels: Iterable[str]) -> list[str]:
    return sorted(labels, key=label_sort_key)


def _label_test(game_id: str) -> Callable[[object], bool]:
    """Whether a value is a space label of the game's grid (of any grid for a game Seastack
    does not know, or one without boards), for salvaging what a schema refused."""
    game = registry.get(game_id)
    kinds = (game.grid,) if game is not None and game.grid in GRID_KINDS else GRID_KINDS
    grids = [grid_for(kind) for kind in kinds]
    return lambda value: isinstance(value, str) and any(g.is_label(value) for g in grids)


def label_sort_key(label: str) -> tuple[int, int]:
    """Canonical order of spaces: the grid's order (hex: by column, then row; square: by x,
    then y); labels that do not parse go last.

    >>> sorted(["B1", "A10", "A2"], key=label_sort_key)
    ['A2', 'A10', 'B1']
    >>> sorted(["1,0", "0,5", "-1,2"], key=label_sort_key)
    ['-1,2', '0,5', '1,0']
    """
    for kind in GRID_KINDS:
        grid = grid_for(kind)
        if grid.is_label(label):
            return grid.sort_key(label)
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


def dump_layout(layout: Layout, header: str | None = "") -> str:
    """The canonical text of a layout: fixed key order, spaces in the grid's order.

    Two layouts with the same content always give the same text, so a diff of two
    versions shows only the real changes. ``header`` is the first line (default: the
    :func:`schema_header` of the layout's game; None for no header).
    """
    data = layout.to_data()
    if header == "":
        header = schema_header(layout.game)
    lines = [header] if header else []
    for key in KEY_ORDER:
        if key not in data:
            continue
        value = data[key]
        if key == "packs":
            assert isinstance(value, list)
            lines.append(f"{key}: {_flow_list(value)}")
        elif key == "description":
            assert isinstance(value, str)
            lines.extend(_folded("description", value))
        elif key == "spaces":
            assert isinstance(value, Mapping)
            lines.append("spaces: {}" if not value else "spaces:")
            lines.extend(
                f"  {_scalar(label)}: {_flow_list(stack)}" for label, stack in value.items()
            )
        else:
            lines.append(f"{key}: {_scalar(value)}")
    for spec in layout.declared():
        if spec.key in data:
            lines.extend(_field_lines(spec.key, data[spec.key]))
    return "\n".join(lines) + "\n"


def _field_lines(key: str, value: object) -> list[str]:
    """A declared field's lines: a list or a label in flow style on one line, a mapping one
    space a line with its value in flow style."""
    if isinstance(value, Mapping):
        lines = [f"{key}:"]
        for label, item in value.items():
            if isinstance(item, Mapping):
                shown = _flow_map(item)
            elif isinstance(item, list):
                shown = _flow_list(item)
            else:
                shown = _scalar(item)
            lines.append(f"  {_scalar(label)}: {shown}")
        return lines
    if isinstance(value, list):
        return [f"{key}: {_flow_list(value)}"]
    return [f"{key}: {_scalar(value)}"]


def transform_layout(
    layout: Layout, board: Board, rotate_steps: int = 0, mirror: bool = False
) -> tuple[Layout, list[str]]:
    """The layout turned by the grid's steps clockwise (60 degrees on hexes, 90 on squares)
    and/or mirrored left to right.

    Both happen around the board's centre (mirroring first); the game's declared fields
    (pinned backs, tokens, start spaces...) move with their spaces. Returns the new layout
    and the labels of the spaces whose stacks or fields would land off the board; when
    there are any, the new layout leaves them out, so callers should refuse the change
    rather than lose them.
    """
    named = sorted(layout.named_labels(), key=label_sort_key)
    # a label of another grid (kept by a salvage) has no image: it is lost like one off it
    foreign = [label for label in named if not board.geometry.is_label(label)]
    labels = [label for label in named if board.geometry.is_label(label)]
    images, off = board.transform(labels, rotate_steps, mirror)
    lost = [*off, *foreign]
    moved = {label: image for label, image in images.items() if label not in off}
    fields: dict[str, Any] = {
        spec.key: layout_fields.relabel(spec, layout.value(spec.key), moved)
        for spec in layout.declared()
    }
    spaces = {moved[label]: stack for label, stack in layout.spaces.items() if label in moved}
    return (
        replace(layout, spaces=spaces, fields=fields, document=None),
        sorted(lost, key=label_sort_key),
    )
