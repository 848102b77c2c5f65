"""What the editor asks of Snakes of Wrath through the registry: the colour of each tile type
of the packs a scenario uses, for the board view (a replay's table, its tooltips)."""

from __future__ import annotations

from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.games.snakes_of_wrath.content import ContentError, load_content


def layout_colours(ws: Workspace, layout: Layout) -> dict[str, str]:
    """Each tile type's colour by id, from the packs the layout uses (none while they have
    errors: the checks say what is wrong)."""
    try:
        content = load_content(ws, [p.id for p in ws.packs_in_use(layout)])
    except ContentError:
        return {}
    return {type_id: spec.colour for type_id, spec in content.tile_types.items()}
