"""What the editor asks of Snit Smashing: sea and sand for the palette, the beach's numbers.

Registered on the game (:class:`editor.core.registry.GameEditor`) so that the Qt layer asks the
registry and never names the game. Sea and sand are the rules' own two terrains, so their
colours live here; a hex with no tile is sand.
"""

from __future__ import annotations

from editor.core.hexgrid import parse_label
from editor.core.layouts import Layout
from editor.core.registry import StatRow, StatSection, TileKind
from editor.core.workspace import Workspace
from editor.games.snit_smashing.content import content_of
from editor.games.snit_smashing.layout_checks import legal_centres
from editor.games.snit_smashing.layout_fields import clan_starts, snandergrab_start
from editor.games.snit_smashing.shapes import (
    GRAB_SIZES,
    SAND,
    SEA,
    SMASH_SIZES,
    sea_of,
    smashes_within,
)

SEA_COLOUR = "#3f86c6"
SAND_COLOUR = "#ecd9a0"
SAND_BORDER = "#c9b37a"
SAND_INK = "#6b5a2e"
TERRAIN_NAMES = {SEA: "Sea", SAND: "Sand"}


def layout_colours(_ws: Workspace, _layout: Layout) -> dict[str, str]:
    """What the board paints each terrain with."""
    return {SEA: SEA_COLOUR, SAND: SAND_COLOUR}


def tile_kinds(ws: Workspace, layout: Layout) -> list[TileKind]:
    """Sea and sand for the palette; any hex of the board may be either."""
    board = ws.boards.get(layout.board)
    room = len(board.labels) if board is not None and board.grid == "hex" else 0
    return [
        TileKind(SEA, TERRAIN_NAMES[SEA], SEA_COLOUR, room),
        TileKind(SAND, TERRAIN_NAMES[SAND], SAND_COLOUR, room),
    ]


def _plural(count: int, word: str) -> str:
    if count == 1:
        return f"1 {word}"
    return f"{count} {word}{'es' if word.endswith('x') else 's'}"


def statistics(ws: Workspace, layout: Layout) -> list[StatSection]:
    """The beach worded for the Statistics dock: terrain, clan starts, the Snandergrab."""
    board = ws.boards.get(layout.board)
    if board is None or board.grid != "hex":
        return []
    on_map = set(board.labels)
    sea = sea_of({k: v for k, v in layout.spaces.items() if k in on_map})
    sand = len(on_map) - len(sea)
    beach = StatSection(
        "Beach",
        f"{_plural(sand, 'hex')} of sand, {_plural(len(sea), 'hex')} of sea",
        (StatRow("Sand", _plural(sand, "hex")), StatRow("Sea", _plural(len(sea), "hex"))),
    )
    content = content_of(ws, ws.packs_in_use(layout))
    geometry = board.geometry
    centre = snandergrab_start(layout)
    start_rows = []
    for label, clan in sorted(clan_starts(layout).items(), key=lambda kv: kv[1]):
        detail = ""
        if centre is not None and geometry.is_label(centre):
            detail = f"{geometry.distance(label, centre)} hexes from the Snandergrab's start"
        problem = label not in sea or clan not in content.clans
        name = str(content.clans.get(clan, {}).get("name", clan))
        start_rows.append(StatRow(name, label, problem, detail))
    missing = [c for c in content.clans if c not in clan_starts(layout).values()]
    if missing:
        start_rows.append(StatRow("Without a start", ", ".join(missing), True))
    starts = StatSection(
        "Clan starts", _plural(len(clan_starts(layout)), "start hex"), tuple(start_rows)
    )
    size = content.ruleset.get("snandergrab_hexes", 7)
    smash = content.ruleset.get("smash_hexes", 3)
    centres = legal_centres(board, sea, size if size in GRAB_SIZES else 7)
    sand_hexes = [parse_label(label) for label in on_map - sea]
    on_sand = smashes_within(sand_hexes, smash if smash in SMASH_SIZES else 3)
    grab = StatSection(
        "Snandergrab",
        f"starts on {centre}" if centre else "no start",
        (
            StatRow("Places to move it to", str(len(centres)), not centres),
            StatRow("Smashes wholly on sand", str(len(on_sand)), not on_sand),
        ),
    )
    return [beach, starts, grab]
