"""Per-space fields a game declares for its layouts, beyond the stacks every layout has.

Every layout holds the same few things: its id, name, game, board, packs and the stack of
tiles on each space. What else a game's layouts say about spaces (which back a tile shows,
tokens lying there at the start, where players start, a piece's start) is a
:class:`LayoutField` the game declares in the registry. A field has one of five *shapes*,
each with its file form, and the core reads, salvages, writes, turns and locates all of
them the same way, whatever game declared them:

=========== ============================================== ==================================
shape       in the file                                     per space in the editor
=========== ============================================== ==================================
``per-tile`` ``{D5: [null, eggshells]}``: one id or null per  ``(None, "eggshells")``
            tile of the stack, bottom to top
``counts``  ``{D5: {fire: 2}}``: ids to counts                ``(("fire", 2),)``
``marks``   ``[D5, E6]``: a set of spaces                     ``True`` / ``False``
``tags``    ``{A1: red}``: one id per space                   ``"red"`` / ``None``
``spot``    ``D10``: one space of the whole layout            ``True`` / ``False``
=========== ============================================== ==================================

>>> from editor.core.layout_fields import LayoutField, read_fields, fields_data
>>> starts = LayoutField("starts", "marks", "Start spaces", {"type": "array"}, mark="S")
>>> counts = LayoutField("tokens", "counts", "Tokens", {"type": "object"})
>>> values = read_fields((starts, counts), {"starts": ["B2", "A1"], "tokens": {"A1": {"x": 1}}})
>>> values
{'starts': ('B2', 'A1'), 'tokens': {'A1': {'x': 1}}}
>>> at_space(starts, values["starts"], "A1"), at_space(counts, values["tokens"], "B2")
(True, ())
>>> fields_data((starts, counts), values, sorted)
{'starts': ['A1', 'B2'], 'tokens': {'A1': {'x': 1}}}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from editor.core.layouts import Layout
    from editor.core.workspace import Workspace

Shape = Literal["per-tile", "counts", "marks", "tags", "spot"]
SHAPES: tuple[Shape, ...] = ("per-tile", "counts", "marks", "tags", "spot")
#: The value of one field for a whole layout (see the module's table).
FieldValue = Any
#: The value of one field on one space, as the editor edits it: hashable and immutable.
SpaceValue = Any
#: Orders labels canonically for a file (the board's grid order).
SortLabels = Callable[[Iterable[str]], list[str]]


@dataclass(frozen=True)
class Option:
    """A value a field may take on a space: an id, its name, its colour, whether it may lie
    on a space that holds no tile, and how many of it the stock holds."""

    id: str
    name: str
    colour: str = ""
    on_empty: bool = False
    #: How many the packs' stock holds of it, when it is counted (Snails: tiles of a type
    #: with this back).
    count: int | None = None


#: What a field may hold: for a ``per-tile`` field the options of one tile type (its id
#: given), for ``counts`` and ``tags`` the kinds (the tile id is ``""``).
Options = Callable[["Workspace", "Layout", str], Sequence[Option]]


@dataclass(frozen=True)
class LayoutField:
    """A field a game adds to its layouts: the top-level key, its shape, the schema of its
    value, and what the editor shows of it."""

    key: str
    shape: Shape
    title: str
    #: The JSON Schema of the key's value (labels as ``common.schema.json#/$defs/...``).
    schema: Mapping[str, Any]
    #: Only on spaces that hold tiles: a space that becomes empty loses it.
    needs_tiles: bool = True
    #: The short mark the board draws on a space the field marks (``marks``, ``spot``).
    mark: str = ""
    #: The inspector's words for it on one space (``Start space: pieces may start here at set-up``).
    word: str = ""
    #: What may be chosen, from the layout's packs (see :data:`Options`).
    options: Options | None = None
    #: The inspector's tooltip for the field on one space (default: the schema's description).
    help: str = ""
    #: The tooltip of one option's editor, with ``{name}`` for the option's name.
    option_help: str = ""

    @property
    def tooltip(self) -> str:
        """What the inspector says of the field when the pointer rests on it."""
        return self.help or str(self.schema.get("description", "")) or self.title

    def option_tooltip(self, name: str) -> str:
        """What the inspector says of one option's editor (``Fire tokens lying here...``)."""
        if self.option_help:
            return self.option_help.format(name=name)
        return f"{name}: {(self.word or self.title).lower()}"

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"unknown layout field shape {self.shape!r}; one of {SHAPES}")


# --- reading -------------------------------------------------------------------------------


def empty_value(field: LayoutField) -> FieldValue:
    """The value of a field a layout does not give."""
    if field.shape == "marks":
        return ()
    if field.shape == "spot":
        return None
    return {}


def read_value(field: LayoutField, data: object) -> FieldValue:
    """A field's value from data that passed its schema."""
    shape = field.shape
    if data is None:
        return empty_value(field)
    if shape == "per-tile":
        assert isinstance(data, Mapping)
        return {label: tuple(items) for label, items in data.items()}
    if shape == "counts":
        assert isinstance(data, Mapping)
        return {label: dict(counts) for label, counts in data.items()}
    if shape == "marks":
        assert isinstance(data, list)
        return tuple(data)
    if shape == "tags":
        assert isinstance(data, Mapping)
        return dict(data)
    assert isinstance(data, str)
    return data


def read_fields(fields: Sequence[LayoutField], data: Mapping[str, Any]) -> dict[str, FieldValue]:
    """Every declared field's value from a layout's data (absent ones empty)."""
    return {f.key: read_value(f, data.get(f.key)) for f in fields}


def salvage_value(
    field: LayoutField,
    data: object,
    is_label: Callable[[object], bool],
    is_id: Callable[[object], bool],
) -> FieldValue:
    """The well-formed part of a field's value in a layout that failed its schema."""
    shape = field.shape
    if shape == "marks":
        return tuple(x for x in data if is_label(x)) if isinstance(data, list) else ()
    if shape == "spot":
        return data if is_label(data) else None
    if not isinstance(data, dict):
        return {}
    good: dict[str, Any] = {}
    for label, value in data.items():
        if not is_label(label):
            continue
        if shape == "per-tile":
            if isinstance(value, list) and all(v is None or is_id(v) for v in value):
                good[label] = tuple(value)
        elif shape == "tags":
            if is_id(value):
                good[label] = value
        elif isinstance(value, dict):
            counts = {k: n for k, n in value.items() if is_id(k) and type(n) is int and n >= 1}
            if counts:
                good[label] = counts
    return good


# --- writing -------------------------------------------------------------------------------


def value_data(field: LayoutField, value: FieldValue, order: SortLabels) -> object | None:
    """A field's value as plain data in canonical order, or None when it says nothing."""
    shape = field.shape
    if shape == "marks":
        return order(set(value)) or None
    if shape == "spot":
        return value or None
    if shape == "per-tile":
        # a list of nothing but nulls says what leaving the space out says
        kept = [label for label in value if any(v is not None for v in value[label])]
        return {label: list(value[label]) for label in order(kept)} or None
    if shape == "counts":
        kept = [label for label in value if value[label]]
        return {
            label: {k: value[label][k] for k in sorted(value[label])} for label in order(kept)
        } or None
    return {label: value[label] for label in order(value)} or None


def fields_data(
    fields: Sequence[LayoutField], values: Mapping[str, FieldValue], order: SortLabels
) -> dict[str, object]:
    """The declared fields that say something, as plain data, in declaration order."""
    out: dict[str, object] = {}
    for field in fields:
        data = value_data(field, values.get(field.key, empty_value(field)), order)
        if data is not None:
            out[field.key] = data
    return out


# --- labels --------------------------------------------------------------------------------


def labels_of(field: LayoutField, value: FieldValue) -> list[str]:
    """The spaces a field's value names (the labels of a mapping or list; a spot's one)."""
    if field.shape == "spot":
        return [value] if value else []
    return list(value)


def relabel(field: LayoutField, value: FieldValue, moved: Mapping[str, str]) -> FieldValue:
    """The value with every space moved by ``moved`` (spaces not in it are dropped)."""
    if field.shape == "marks":
        return tuple(moved[label] for label in value if label in moved)
    if field.shape == "spot":
        return moved.get(value) if value else None
    return {moved[label]: v for label, v in value.items() if label in moved}


# --- one space -----------------------------------------------------------------------------


def at_space(field: LayoutField, value: FieldValue, label: str) -> SpaceValue:
    """What a field says of one space, in the editor's immutable form."""
    shape = field.shape
    if shape == "marks":
        return label in value
    if shape == "spot":
        return value == label
    if shape == "per-tile":
        return tuple(value.get(label, ()))
    if shape == "counts":
        return tuple(sorted(value.get(label, {}).items()))
    return value.get(label)


def empty_at_space(field: LayoutField) -> SpaceValue:
    """What a field says of a space it says nothing about."""
    shape = field.shape
    if shape in ("marks", "spot"):
        return False
    if shape in ("per-tile", "counts"):
        return ()
    return None


def put_space(field: LayoutField, value: FieldValue, label: str, at: SpaceValue) -> FieldValue:
    """A field's value with one space set to ``at`` (an empty ``at`` removes the space)."""
    shape = field.shape
    if shape == "marks":
        kept = tuple(x for x in value if x != label)
        return (*kept, label) if at else kept
    if shape == "spot":
        if at:
            return label
        return None if value == label else value
    out = dict(value)
    out.pop(label, None)
    if shape == "per-tile":
        if any(v is not None for v in at):
            out[label] = tuple(at)
    elif shape == "counts":
        if at:
            out[label] = dict(at)
    elif at is not None:
        out[label] = at
    return out


def follow_stack(
    field: LayoutField, at: SpaceValue, before: tuple[str, ...], after: tuple[str, ...]
) -> SpaceValue:
    """What a field says of a space after its stack changed from ``before`` to ``after``.

    A space that becomes empty keeps nothing of a field that needs tiles. A ``per-tile``
    field's items stay with their tiles: the tiles the old and new stacks share at the
    bottom and at the top keep theirs, two tiles that swapped places take theirs along,
    and a tile new or changed in between gets none.

    >>> backs = LayoutField("backs", "per-tile", "Backs", {})
    >>> old = ("beach", "meadow", "mountain")
    >>> follow_stack(backs, (None, "eggshells", "salt"), old, ("beach", "mountain"))
    (None, 'salt')
    >>> follow_stack(backs, (None, "eggshells", "salt"), old, ("beach", "mountain", "meadow"))
    (None, 'salt', 'eggshells')
    >>> follow_stack(backs, (None, "eggshells", "salt"), old, (*old, "mountain"))
    (None, 'eggshells', 'salt', None)
    """
    if not after and field.needs_tiles:
        return empty_at_space(field)
    if field.shape != "per-tile":
        return at
    items: list[str | None] = [at[i] if i < len(at) else None for i in range(len(before))]
    if len(before) == len(after):
        diff = [i for i in range(len(after)) if before[i] != after[i]]
        if len(diff) == 2 and (before[diff[0]], before[diff[1]]) == (
            after[diff[1]],
            after[diff[0]],
        ):
            items[diff[0]], items[diff[1]] = items[diff[1]], items[diff[0]]
            return _trim(items)
    head = 0
    while head < min(len(before), len(after)) and before[head] == after[head]:
        head += 1
    tail = 0
    while (
        tail < min(len(before), len(after)) - head
        and before[len(before) - 1 - tail] == after[len(after) - 1 - tail]
    ):
        tail += 1
    middle: list[str | None] = [None] * (len(after) - head - tail)
    return _trim(items[:head] + middle + (items[len(before) - tail :] if tail else []))


def _trim(items: list[str | None]) -> tuple[str | None, ...]:
    """No item at all is written as no list."""
    return tuple(items) if any(v is not None for v in items) else ()


def item_at(at: SpaceValue, index: int) -> str | None:
    """The item of a ``per-tile`` space value for the tile at ``index`` (0 = bottom)."""
    return at[index] if 0 <= index < len(at) else None


def count_of(at: SpaceValue, kind: str) -> int:
    """How many of one kind a ``counts`` space value holds."""
    count: int = dict(at).get(kind, 0)
    return count
