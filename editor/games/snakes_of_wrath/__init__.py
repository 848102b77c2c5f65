"""Snakes of Wrath: the tile-laying game of snakes that grow, close, get injured and stolen."""

from editor.core import registry
from editor.core.schemas import schema_id
from editor.games.snakes_of_wrath.checks import check_tilesets
from editor.games.snakes_of_wrath.content import GAME_ID, RULESET, TILESET
from editor.games.snakes_of_wrath.editor_hooks import layout_colours
from editor.games.snakes_of_wrath.engine import ENGINE
from editor.games.snakes_of_wrath.examples import check_examples, run_example
from editor.games.snakes_of_wrath.faces import preview
from editor.games.snakes_of_wrath.metrics import METRICS
from editor.games.snakes_of_wrath.playtest import playtest
from editor.games.snakes_of_wrath.replay_frame import replay_frame
from editor.games.snakes_of_wrath.replay_words import REPLAY_WORDS
from editor.games.snakes_of_wrath.ruleset_checks import check_layouts, check_rulesets
from editor.games.snakes_of_wrath.templates import TEMPLATE_GROUPS

#: The cloth of the table the tiles are laid on.
TABLE_COLOUR = "#35654d"

GAME = registry.register(
    registry.Game(
        id=GAME_ID,
        name="Snakes of Wrath",
        grid="square",
        content=registry.GameContent(
            file_kinds={
                TILESET: schema_id("snakes-of-wrath/tileset.schema.json"),
                RULESET: schema_id("snakes-of-wrath/ruleset.schema.json"),
            },
            checks=(check_tilesets, check_rulesets, check_layouts, check_examples),
            templates=TEMPLATE_GROUPS,
            preview=preview,
        ),
        play=registry.GamePlay(
            engine=ENGINE,
            type=registry.GameType(
                min_players=2,
                max_players=2,
                dynamics="sequential",
                hidden=("racks", "the order of the tiles in the sack"),
                sides="colours",
                chance=True,
            ),
            metrics=METRICS,
            examples=run_example,
            playtest=playtest,
            replay_frame=replay_frame,
            replay_words=REPLAY_WORDS,
        ),
        editor=registry.GameEditor(
            colours=layout_colours,
            empty_colour=TABLE_COLOUR,
            empty_word="table",
            filled_words=("cell with a tile", "cells with tiles"),
            stack_limit=1,
            tile_art=True,
        ),
    )
)

__all__ = ["GAME"]
