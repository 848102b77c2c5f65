"""The fields a beach layout adds to the shared ones: each clan's start hex in the sea and the
Snandergrab's start (declared to the core as :class:`LayoutField`s)."""

from __future__ import annotations

from editor.core.layout_fields import LayoutField, Option
from editor.core.layouts import Layout
from editor.core.workspace import Workspace

_LABEL = {"$ref": "../common.schema.json#/$defs/hex-label"}


def clan_options(ws: Workspace, layout: Layout, _tile: str) -> list[Option]:
    """The clans of the packs a layout uses, with their names and colours."""
    from editor.games.snit_smashing.content import content_of  # it reads the workspace

    content = content_of(ws, ws.packs_in_use(layout))
    return [
        Option(clan_id, str(entry.get("name", clan_id)), colour=str(entry.get("colour", "")))
        for clan_id, entry in content.clans.items()
    ]


STARTS = LayoutField(
    key="starts",
    shape="tags",
    title="Clan start hexes",
    word="Start of clan",
    options=clan_options,
    help="The clan whose Snits start the game (and every run from the sea) in this sea hex",
    schema={
        "title": "Clan start hexes",
        "description": (
            "Each clan's start hex, a sea hex: its Snits enter the map from there at the start"
            " of the game and of every run to the Snandergrab, such as {A1: red, G1: blue}."
            " Every clan of the packs in use needs one."
        ),
        "type": "object",
        "propertyNames": _LABEL,
        "additionalProperties": {
            "title": "Clan",
            "description": "The id of the clan that starts here, from the packs' clans.yaml.",
            "$ref": "../common.schema.json#/$defs/id",
        },
    },
)

SNANDERGRAB = LayoutField(
    key="snandergrab",
    shape="spot",
    title="Snandergrab start",
    mark="G",
    word="Snandergrab start: its centre at the start of every run",
    needs_tiles=False,
    help=(
        "The Snandergrab's centre at the start of every run; this is the only place it may"
        " hang partly off the map"
    ),
    schema={
        "title": "Snandergrab start",
        "description": (
            "The hex the Snandergrab is centred on at the start of every run (the rulebook's"
            " D10). It may hang partly off the map there, and only there."
        ),
        **_LABEL,
    },
)

#: The beach layout fields, in the order a layout file writes them.
LAYOUT_FIELDS = (STARTS, SNANDERGRAB)


def clan_starts(layout: Layout) -> dict[str, str]:
    """The start hexes by label: the clan id that starts on each."""
    found: dict[str, str] = layout.value(STARTS.key)
    return found


def snandergrab_start(layout: Layout) -> str | None:
    """The label of the Snandergrab's start centre, or None when the layout gives none."""
    found: str | None = layout.value(SNANDERGRAB.key)
    return found
