"""Snails, with its Fire in the Shell expansion: the flagship game."""

from editor.core import registry
from editor.core.schemas import schema_id
from editor.games.snails.checks import check_layouts, check_packs, layout_colours
from editor.games.snails.content_checks import check_content
from editor.games.snails.editor_hooks import statistics, tile_kinds
from editor.games.snails.engine import ENGINE
from editor.games.snails.examples import check_examples, run_example
from editor.games.snails.faces import preview
from editor.games.snails.heatmaps import heatmaps
from editor.games.snails.layout_fields import LAYOUT_FIELDS
from editor.games.snails.playtest import playtest
from editor.games.snails.replay_frame import replay_frame
from editor.games.snails.replay_words import REPLAY_WORDS
from editor.games.snails.round_metrics import ROUND_METRICS
from editor.games.snails.ruleset_checks import check_rulesets
from editor.games.snails.templates import TEMPLATE_GROUPS

#: Where the sea is: a space with no tile on it.
WATER_COLOUR = "#3f7fbf"

GAME = registry.register(
    registry.Game(
        id="snails",
        name="Snails",
        grid="hex",
        content=registry.GameContent(
            file_kinds={
                "tiles": schema_id("snails/tiles.schema.json"),
                "ruleset": schema_id("snails/ruleset.schema.json"),
                "cards": schema_id("snails/cards.schema.json"),
                "factions": schema_id("snails/factions.schema.json"),
                "soldiers": schema_id("snails/soldiers.schema.json"),
                "tokens": schema_id("snails/tokens.schema.json"),
            },
            checks=(check_packs, check_layouts, check_content, check_rulesets, check_examples),
            templates=TEMPLATE_GROUPS,
            preview=preview,
            layout_fields=LAYOUT_FIELDS,
        ),
        play=registry.GamePlay(
            engine=ENGINE,
            type=registry.GameType(
                min_players=2,
                max_players=4,
                dynamics="sequential",
                hidden=("arsenal hands", "programs until revealed", "tile backs until revealed"),
                sides="factions",
            ),
            metrics=ROUND_METRICS,
            examples=run_example,
            playtest=playtest,
            heatmaps=heatmaps,
            replay_frame=replay_frame,
            replay_words=REPLAY_WORDS,
        ),
        editor=registry.GameEditor(
            colours=layout_colours,
            empty_colour=WATER_COLOUR,
            empty_word="water",
            empty_border="#2f6aa6",
            empty_ink="#dbe8f5",
            tile_kinds=tile_kinds,
            statistics=statistics,
        ),
    )
)

__all__ = ["GAME"]
