"""Snit Smashing: Bolotomi smash Snits on a beach while the Snits run to the Snandergrab and
back to the sea."""

from editor.core import registry
from editor.core.schemas import schema_id
from editor.games.snit_smashing.content_checks import check_content
from editor.games.snit_smashing.editor_hooks import (
    SAND_BORDER,
    SAND_COLOUR,
    SAND_INK,
    layout_colours,
    statistics,
    tile_kinds,
)
from editor.games.snit_smashing.engine import ENGINE
from editor.games.snit_smashing.examples import check_examples, run_example
from editor.games.snit_smashing.faces import preview
from editor.games.snit_smashing.heatmaps import heatmaps
from editor.games.snit_smashing.layout_checks import check_layouts
from editor.games.snit_smashing.layout_fields import LAYOUT_FIELDS
from editor.games.snit_smashing.metrics import METRICS
from editor.games.snit_smashing.playtest import playtest
from editor.games.snit_smashing.replay_frame import replay_frame
from editor.games.snit_smashing.replay_words import REPLAY_WORDS, clan_name
from editor.games.snit_smashing.templates import TEMPLATE_GROUPS

GAME = registry.register(
    registry.Game(
        id="snit-smashing",
        name="Snit Smashing",
        grid="hex",
        content=registry.GameContent(
            file_kinds={
                "clans": schema_id("snit-smashing/clans.schema.json"),
                "snits": schema_id("snit-smashing/snits.schema.json"),
                "ruleset": schema_id("snit-smashing/ruleset.schema.json"),
            },
            checks=(check_content, check_layouts, check_examples),
            templates=TEMPLATE_GROUPS,
            preview=preview,
            layout_fields=LAYOUT_FIELDS,
        ),
        play=registry.GamePlay(
            engine=ENGINE,
            type=registry.GameType(
                min_players=2,
                max_players=4,
                dynamics="simultaneous",
                hidden=("Bolotomus orders until revealed", "the order of face-down pools"),
                sides="colours",
                chance=True,
            ),
            metrics=METRICS,
            examples=run_example,
            playtest=playtest,
            heatmaps=heatmaps,
            replay_frame=replay_frame,
            replay_words=REPLAY_WORDS,
            seat_name=clan_name,
        ),
        editor=registry.GameEditor(
            colours=layout_colours,
            empty_colour=SAND_COLOUR,
            empty_word="sand",
            empty_border=SAND_BORDER,
            empty_ink=SAND_INK,
            filled_words=("hex with a tile", "hexes with tiles"),
            stack_limit=1,
            tile_kinds=tile_kinds,
            statistics=statistics,
        ),
    )
)

__all__ = ["GAME"]
