"""What a board picture shows of a layout's declared fields, Qt-free and game-free.

Each shape of :class:`~editor.core.layout_fields.LayoutField` is drawn one way, whatever
game declared it: a ``per-tile`` field as one short mark per tile
(:attr:`PictureExtras.tile_marks`), a ``counts`` field as one counter per item
(:attr:`PictureExtras.counters`, coloured by the options' colours), a ``marks`` or ``spot``
field as a badge with the field's mark, and a ``tags`` field as a badge with a short mark of
the tag. The editor's model and the ``seastack render`` picture both fill their pictures
from :func:`picture_extras`.

>>> from editor.core.layout_fields import LayoutField, Option
>>> from editor.core.layouts import Layout
>>> flags = LayoutField("flags", "marks", "Flags", {}, mark="F")
>>> crabs = LayoutField("crabs", "counts", "Crabs", {})
>>> kinds = {"crabs": [Option("red", "Red crab", "#f00")]}
>>> extras = picture_extras(
...     Layout("t", "T", "toy", "b", {"A1": ("rock",)}),
...     lambda field, tile: kinds.get(field.key, []),
...     fields=(flags, crabs),
...     values={"flags": ("A1",), "crabs": {"A1": {"red": 2}}},
... )
>>> extras.badges, extras.counters, extras.counter_colours
({'A1': 'F'}, {'A1': ['red', 'red']}, {'red': '#f00'})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from editor.core import layout_fields
from editor.core.layout_fields import FieldValue, LayoutField, Option, SpaceValue
from editor.core.layouts import Layout
from editor.core.workspace import Workspace

#: The options of a field, for one tile type (``""``: the field's own kinds).
OptionsOf = Callable[[LayoutField, str], Sequence[Option]]
#: The mark of an item whose value is not fixed by the layout (a back dealt at random).
UNKNOWN_MARK = "?"


@dataclass
class PictureExtras:
    """What a picture draws on spaces besides their stacks, by label."""

    #: One short mark per tile, bottom to top (None: no mark).
    tile_marks: dict[str, list[str | None]] = field(default_factory=dict)
    #: Counters lying on a space, one id per counter.
    counters: dict[str, list[str]] = field(default_factory=dict)
    #: A short text on a space (several fields' marks joined by spaces).
    badges: dict[str, str] = field(default_factory=dict)
    #: The colour of each counter id its field's options give.
    counter_colours: dict[str, str] = field(default_factory=dict)


def short_mark(item: str | None) -> str | None:
    """A short mark of an id for a badge: the initials of two words, or two letters.

    >>> short_mark("twin-barrels"), short_mark("eggshells"), short_mark(None)
    ('TB', 'Eg', None)
    """
    if not item:
        return None
    words = [w for w in item.split("-") if w]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return item[:2].capitalize()


def counter_marks(counts: Mapping[str, int]) -> list[str]:
    """Counters as the board draws them, one id per counter, kinds in id order.

    >>> counter_marks({"fire": 2, "damaged": 1})
    ['damaged', 'fire', 'fire']
    """
    return [kind for kind in sorted(counts) for _ in range(counts[kind])]


def certain_mark(options: Sequence[Option]) -> str:
    """The mark of a tile's item when none is pinned: the only option's mark, else ``?``.

    >>> certain_mark([Option("blank", "Blank")]), certain_mark([])
    ('Bl', '?')
    """
    if len(options) == 1:
        return short_mark(options[0].id) or UNKNOWN_MARK
    return UNKNOWN_MARK


def badge(spec: LayoutField, at: SpaceValue) -> str | None:
    """The badge a ``marks``, ``spot`` or ``tags`` field puts on a space, if any.

    >>> badge(LayoutField("home", "spot", "Home", {}, mark="H"), True)
    'H'
    >>> badge(LayoutField("team", "tags", "Team", {}), "deep-blue")
    'DB'
    """
    if spec.shape in ("marks", "spot"):
        return (spec.mark or spec.title[:1]) if at else None
    if spec.shape == "tags":
        return short_mark(at)
    return None


def workspace_options(ws: Workspace, layout: Layout) -> OptionsOf:
    """The options of a layout's fields as its game gives them, each asked once."""
    cache: dict[tuple[str, str], list[Option]] = {}

    def options(spec: LayoutField, tile: str) -> list[Option]:
        key = (spec.key, tile)
        if key not in cache:
            cache[key] = list(spec.options(ws, layout, tile)) if spec.options else []
        return cache[key]

    return options


def picture_extras(
    layout: Layout,
    options: OptionsOf,
    *,
    every_tile: bool = False,
    fields: Sequence[LayoutField] | None = None,
    values: Mapping[str, FieldValue] | None = None,
) -> PictureExtras:
    """What a layout's declared fields put on its picture.

    With ``every_tile`` (the editor's board), every tile of every stack gets a mark of the
    first ``per-tile`` field: its pinned item's, else :func:`certain_mark`; without it (a
    rendered image) only spaces with items pinned get marks, None for the others.
    ``fields`` and ``values`` default to the layout's declared fields and their values.
    """
    specs = layout.declared() if fields is None else tuple(fields)

    def value(spec: LayoutField) -> FieldValue:
        if values is not None:
            return values.get(spec.key, layout_fields.empty_value(spec))
        return layout.value(spec.key)

    extras = PictureExtras()
    per_tile = next((s for s in specs if s.shape == "per-tile"), None)
    if per_tile is not None:
        pinned = value(per_tile)
        labels = layout.spaces if every_tile else [lb for lb in pinned if lb in layout.spaces]
        for label in labels:
            at = layout_fields.at_space(per_tile, pinned, label)
            if every_tile:
                extras.tile_marks[label] = [
                    short_mark(layout_fields.item_at(at, index))
                    or certain_mark(options(per_tile, tile))
                    for index, tile in enumerate(layout.spaces[label])
                ]
            else:
                extras.tile_marks[label] = [short_mark(item) for item in at]
    for spec in specs:
        if spec.shape == "counts":
            for label, counts in value(spec).items():
                extras.counters.setdefault(label, []).extend(counter_marks(counts))
            for option in options(spec, ""):
                if option.colour:
                    extras.counter_colours.setdefault(option.id, option.colour)
        elif spec.shape in ("marks", "spot", "tags"):
            found = value(spec)
            for label in layout_fields.labels_of(spec, found):
                mark = badge(spec, layout_fields.at_space(spec, found, label))
                if mark:
                    extras.badges[label] = (
                        f"{extras.badges[label]} {mark}" if label in extras.badges else mark
                    )
    return extras
