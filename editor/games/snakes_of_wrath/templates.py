"""What the project browser's New Tile Type starts from, for Snakes of Wrath packs.

Each template is YAML text with ``{id}`` and ``{name}`` to fill in; the core appends it to
the pack's ``tileset.yaml`` (:mod:`editor.core.templates`). A test adds every template to a
new pack and loads it, so a template never drifts from the schema and the checks.
"""

from __future__ import annotations

from editor.core.registry import Template, TemplateGroup, TemplatePart

_HEADER = """\
# Tile types of this pack: each one's role, colour and shapes with their counts.
# A shape lists the sides its body leaves by (N, E, S, W) and its head's side.
tile_types:
"""

BODY_TILE = Template(
    key="body-tile",
    label="Body Tile",
    base_id="new-body",
    base_name="New Body",
    parts=(
        TemplatePart(
            file="tileset.yaml",
            top_key="tile_types",
            header=_HEADER,
            text="""\
- id: {id}
  name: {name}
  role: body
  colour: "#9ccc65"
  description: A body that grows a snake.
  shapes:
    - id: straight
      name: Straight
      body: [W, E]
      count: 2
    - id: corner
      name: Corner
      body: [N, E]
      count: 2
""",
        ),
    ),
)

HEAD_TILE = Template(
    key="head-tile",
    label="Head Tile",
    base_id="new-head",
    base_name="New Head",
    parts=(
        TemplatePart(
            file="tileset.yaml",
            top_key="tile_types",
            header=_HEADER,
            text="""\
- id: {id}
  name: {name}
  role: head
  colour: "#ab47bc"
  description: A head that caps a snake.
  shapes:
    - id: head
      name: Head
      head: S
      count: 2
""",
        ),
    ),
)

#: The Snakes of Wrath templates, in the one group the project browser offers.
TEMPLATE_GROUPS: tuple[TemplateGroup, ...] = (
    TemplateGroup("tile-type", "Tile Type", (BODY_TILE, HEAD_TILE)),
)
