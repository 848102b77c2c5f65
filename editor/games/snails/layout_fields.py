"""The fields a Snails layout adds to the shared ones: pinned tile backs, starting tokens and
the spaces where snails may start (declared to the core as :class:`LayoutField`s)."""

from __future__ import annotations

from editor.core.layout_fields import LayoutField, Option, item_at
from editor.core.layouts import Layout
from editor.core.workspace import Workspace

_LABEL = {"$ref": "../common.schema.json#/$defs/hex-label"}


def back_options(ws: Workspace, layout: Layout, tile: str) -> list[Option]:
    """The backs a tile of one type may have pinned: those in the packs' stock of that type,
    with their counts."""
    from editor.games.snails.editor_hooks import back_kinds  # it reads the checks, which read us

    return back_kinds(ws, layout, tile)


def token_options(ws: Workspace, layout: Layout, _tile: str) -> list[Option]:
    """The kinds of token a layout may lay on a space (some may lie on water)."""
    from editor.games.snails.editor_hooks import token_kinds

    return token_kinds(ws, layout)


BACKS = LayoutField(
    key="backs",
    shape="per-tile",
    title="Pinned tile backs",
    word="Back",
    options=back_options,
    help=(
        "The back of the selected tile: dealt at random from the stock at set-up, or pinned to"
        " one back of that tile type's stock"
    ),
    schema={
        "title": "Pinned tile backs",
        "description": (
            "For some land spaces, the back of each tile of the stack, bottom to top: a tile"
            " back id, or null for a back dealt at random from the stock (the default for"
            " every tile not listed)."
        ),
        "type": "object",
        "propertyNames": _LABEL,
        "additionalProperties": {
            "title": "Backs of a stack",
            "description": (
                "One item per tile of the space's stack, bottom to top, such as [null, eggshells]."
            ),
            "type": "array",
            "items": {
                "title": "Tile back",
                "description": (
                    "A tile back id from the stock of that tile's type, or null for a back"
                    " dealt at random."
                ),
                "type": ["string", "null"],
                "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
                "x-hint": "a back is an id like twin-barrels, or null for one dealt at random",
            },
        },
    },
)

TOKENS = LayoutField(
    key="tokens",
    shape="counts",
    title="Tokens at the start",
    word="Tokens",
    options=token_options,
    option_help="{name} tokens lying on this space when the game starts",
    schema={
        "title": "Tokens at the start",
        "description": "Tokens lying on land spaces when a game starts, such as {D5: {fire: 1}}.",
        "type": "object",
        "propertyNames": _LABEL,
        "additionalProperties": {
            "title": "Tokens of a space",
            "description": "How many tokens of each kind lie on the space: token id to count.",
            "type": "object",
            "propertyNames": {"$ref": "../common.schema.json#/$defs/id"},
            "additionalProperties": {
                "title": "Count",
                "description": "How many tokens of this kind lie there, 1 to 99.",
                "type": "integer",
                "minimum": 1,
                "maximum": 99,
            },
        },
    },
)

STARTS = LayoutField(
    key="starts",
    shape="marks",
    title="Start spaces",
    mark="S",
    word="Start space: pieces may start here at set-up",
    help="Without any start space, the game's set-up rules decide where pieces start",
    schema={
        "title": "Start spaces",
        "description": (
            "The land spaces where snails may be placed at set-up. Absent or empty: any land space."
        ),
        "type": "array",
        "uniqueItems": True,
        "items": _LABEL,
    },
)

#: The Snails layout fields, in the order a layout file writes them.
LAYOUT_FIELDS = (BACKS, TOKENS, STARTS)


def pinned(layout: Layout) -> dict[str, tuple[str | None, ...]]:
    """The pinned backs by space, one item per tile bottom to top (None: dealt at random)."""
    found: dict[str, tuple[str | None, ...]] = layout.value(BACKS.key)
    return found


def start_tokens(layout: Layout) -> dict[str, dict[str, int]]:
    """The tokens lying on spaces at the start, by space: token id to count."""
    found: dict[str, dict[str, int]] = layout.value(TOKENS.key)
    return found


def starts(layout: Layout) -> tuple[str, ...]:
    """The spaces where snails may be placed (empty: any land space)."""
    found: tuple[str, ...] = layout.value(STARTS.key)
    return found


def back_of(layout: Layout, label: str, index: int) -> str | None:
    """The pinned back of the tile at ``index`` (0 = bottom) of a space, or None."""
    return item_at(pinned(layout).get(label, ()), index)


def pinned_backs(layout: Layout) -> dict[tuple[str, str], int]:
    """How many tiles of each (tile type, back) the layout pins on spaces."""
    counts: dict[tuple[str, str], int] = {}
    for label, backs in pinned(layout).items():
        stack = layout.spaces.get(label, ())
        for tile, back in zip(stack, backs, strict=False):
            if back is not None:
                counts[(tile, back)] = counts.get((tile, back), 0) + 1
    return counts
