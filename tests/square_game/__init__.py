"""A tiny square-grid game for the tests: ``square-test``, claiming floor cells.

It is a test fixture, not a product feature: :data:`GAME` is registered only for one test at
a time by the ``square_game`` fixture (``tests/conftest.py``). It exercises what a second
game adds: another grid, a declared layout field (the ``home`` spot), its own content check,
colours and empty colour, an engine with two bots, metrics and a replay frame.
"""

from __future__ import annotations

from collections.abc import Iterator

from editor.core import registry
from editor.core.diagnostics import Diagnostic
from editor.core.layout_fields import LayoutField
from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from tests.square_game.rules import ENGINE, FLOOR, METRICS, replay_frame

GAME_ID = "square-test"
FLOOR_COLOUR = "#c8a165"
EMPTY_COLOUR = "#222222"

HOME = LayoutField(
    key="home",
    shape="spot",
    title="Home cell",
    mark="H",
    word="Home cell",
    schema={
        "$ref": "../common.schema.json#/$defs/square-label",
        "title": "Home cell",
        "description": "The one floor cell that is the layout's home, like 1,1.",
    },
)


def check_layouts(ws: Workspace) -> Iterator[Diagnostic]:
    """Every tile is ``floor``, and the home cell holds floor.

    It does not filter by game: the loader hands it a workspace scoped to this game, and a
    test checks that no other game's layout reaches it.
    """
    for layout in ws.checked_layouts():
        document = layout.document
        assert document is not None
        for label, stack in layout.spaces.items():
            for index, tile in enumerate(stack):
                if tile != FLOOR:
                    message = f"{label}: unknown tile {tile!r}; the square test game has only floor"
                    yield document.error_at(("spaces", label, index), "unknown-tile", message)
        home = layout.fields.get(HOME.key)
        if home and FLOOR not in layout.spaces.get(home, ()):
            message = f"the home cell {home} holds no floor"
            yield document.error_at((HOME.key,), "home-not-floor", message)


def colours(ws: Workspace, layout: Layout) -> dict[str, str]:
    """What the board paints tiles with: floor is sand."""
    return {FLOOR: FLOOR_COLOUR}


def tile_kinds(ws: Workspace, layout: Layout) -> list[registry.TileKind]:
    """The palette: floor, with a stock as large as any test board."""
    return [registry.TileKind(FLOOR, "Floor", FLOOR_COLOUR, stock=99)]


GAME = registry.Game(
    id=GAME_ID,
    name="Square test",
    grid="square",
    content=registry.GameContent(checks=(check_layouts,), layout_fields=(HOME,)),
    play=registry.GamePlay(
        engine=ENGINE,
        type=registry.GameType(
            min_players=2, max_players=2, dynamics="sequential", hidden=(), sides="colours"
        ),
        metrics=METRICS,
        replay_frame=replay_frame,
    ),
    editor=registry.GameEditor(
        colours=colours, empty_colour=EMPTY_COLOUR, empty_word="hole", tile_kinds=tile_kinds
    ),
)

__all__ = ["EMPTY_COLOUR", "FLOOR_COLOUR", "GAME", "GAME_ID", "HOME"]
