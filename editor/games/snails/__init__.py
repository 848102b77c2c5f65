"""Snails, with its Fire in the Shell expansion: the flagship game."""

from editor.core import registry
from editor.core.schemas import schema_id
from editor.games.snails.checks import check_layouts, check_packs, layout_colours
from editor.games.snails.content_checks import check_content
from editor.games.snails.editor_hooks import statistics, tile_kinds, token_kinds
from editor.games.snails.engine import ENGINE
from editor.games.snails.examples import check_examples, run_example
from editor.games.snails.faces import preview
from editor.games.snails.heatmaps import heatmaps
from editor.games.snails.metrics import METRICS
from editor.games.snails.playtest import playtest
from editor.games.snails.replay_frame import replay_frame
from editor.games.snails.replay_words import REPLAY_WORDS
from editor.games.snails.templates import TEMPLATES

GAME = registry.register(
    registry.Game(
        id="snails",
        name="Snails",
        board_kind="hex",
        file_kinds={
            "tiles": schema_id("snails/tiles.schema.json"),
            "ruleset": schema_id("snails/ruleset.schema.json"),
            "cards": schema_id("snails/cards.schema.json"),
            "factions": schema_id("snails/factions.schema.json"),
            "soldiers": schema_id("snails/soldiers.schema.json"),
            "tokens": schema_id("snails/tokens.schema.json"),
        },
        checks=(check_packs, check_layouts, check_content, check_examples),
        colours=layout_colours,
        engine=ENGINE,
        metrics=METRICS,
        examples=run_example,
        tile_kinds=tile_kinds,
        token_kinds=token_kinds,
        statistics=statistics,
        playtest=playtest,
        templates=TEMPLATES,
        preview=preview,
        heatmaps=heatmaps,
        replay_frame=replay_frame,
        replay_words=REPLAY_WORDS,
    )
)

__all__ = ["GAME"]
