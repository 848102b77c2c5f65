"""One space of a layout as the editor edits it, and how its fields follow a changed stack.

Qt-free and game-free: a stack is a tuple of tile ids, bottom to top, and everything else a
layout says of a space is the value on that space of a field its game declares
(:mod:`editor.core.layout_fields`), in the field's immutable per-space form.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from editor.core import layout_fields
from editor.core.layout_fields import LayoutField, SpaceValue

Stack = tuple[str, ...]


def _is_empty(value: SpaceValue) -> bool:
    """Whether a per-space value says nothing (``()``, ``False``, ``None``, only nulls)."""
    if isinstance(value, tuple):
        return all(v is None for v in value)
    return not value


@dataclass(frozen=True)
class SpaceState:
    """Everything a layout says about one space: its stack and the declared fields' values.

    ``fields`` holds ``(key, value)`` pairs sorted by key, values in the per-space form of
    :func:`editor.core.layout_fields.at_space`; a field that says nothing of the space
    (``()``, ``False``, ``None``) is left out, so two states that say the same compare equal.
    Build states with :meth:`of` or :meth:`with_field`, which keep that form.

    >>> start = LayoutField("starts", "marks", "Starts", {}, mark="S")
    >>> space = SpaceState.of(("rock",), {"starts": True, "tags": None})
    >>> space
    SpaceState(stack=('rock',), fields=(('starts', True),))
    >>> space.get(start), space.get("tags")
    (True, None)
    >>> space.with_field("starts", False) == SpaceState(("rock",))
    True
    """

    stack: Stack = ()
    fields: tuple[tuple[str, SpaceValue], ...] = ()

    @classmethod
    def of(
        cls, stack: Iterable[str] = (), values: Mapping[str, SpaceValue] | None = None
    ) -> SpaceState:
        """A state from a stack and field values by key (empty values are left out)."""
        kept = {k: v for k, v in (values or {}).items() if not _is_empty(v)}
        return cls(tuple(stack), tuple(sorted(kept.items())))

    def values(self) -> dict[str, SpaceValue]:
        """The fields that say something of the space, by key."""
        return dict(self.fields)

    def get(self, key: str | LayoutField, default: SpaceValue = None) -> SpaceValue:
        """A field's value on the space, by key or by field (a field's empty value when the
        space has none, or ``default`` when asked by key)."""
        if isinstance(key, LayoutField):
            found = dict(self.fields).get(key.key)
            return found if found is not None else layout_fields.empty_at_space(key)
        return dict(self.fields).get(key, default)

    def with_field(self, key: str, value: SpaceValue) -> SpaceState:
        """The same space with one field's value replaced."""
        return SpaceState.of(self.stack, {**self.values(), key: value})

    def with_stack(self, stack: Iterable[str]) -> SpaceState:
        """The same space with another stack, every field as it is (see :func:`follow_stack`)."""
        return SpaceState(tuple(stack), self.fields)


def follow_stack(old: SpaceState, stack: Stack, fields: Sequence[LayoutField]) -> SpaceState:
    """A space after its stack changed: each field follows it as
    :func:`editor.core.layout_fields.follow_stack` says (items pinned on tiles stay with their
    tiles; an emptied space loses what needs tiles); fields not in ``fields`` are kept.

    >>> pins = LayoutField("pins", "per-tile", "Pins", {})
    >>> flag = LayoutField("flag", "marks", "Flags", {})
    >>> floats = LayoutField("buoys", "counts", "Buoys", {}, needs_tiles=False)
    >>> fields = (pins, flag, floats)
    >>> old = SpaceState.of(("sand", "grass", "rock"), {"pins": (None, "gold", "iron")})
    >>> follow_stack(old, ("sand", "rock"), fields).get(pins)  # the grass was taken out
    (None, 'iron')
    >>> follow_stack(old, ("sand", "rock", "grass"), fields).get(pins)  # the top two swapped
    (None, 'iron', 'gold')
    >>> follow_stack(old, (*old.stack, "rock"), fields).get(pins)
    (None, 'gold', 'iron', None)
    >>> full = SpaceState.of(("sand",), {"pins": ("gold",), "flag": True, "buoys": (("b", 1),)})
    >>> follow_stack(full, (), fields)  # emptied: only what may lie on an empty space stays
    SpaceState(stack=(), fields=(('buoys', (('b', 1),)),))
    """
    values = old.values()
    for field in fields:
        values[field.key] = layout_fields.follow_stack(field, old.get(field), old.stack, stack)
    return SpaceState.of(stack, values)
