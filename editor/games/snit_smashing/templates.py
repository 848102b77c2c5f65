"""What the project browser's New Snit and New Clan start from, for Snit Smashing packs.

Each template is YAML text with ``{id}`` and ``{name}`` to fill in; the core appends it to the
pack's file (:mod:`editor.core.templates`). A new clan comes with as many Snits as a player
draws at the start (four), so that it can play at once; a test loads every template.
"""

from __future__ import annotations

from editor.core.registry import Template, TemplateGroup, TemplatePart

_SNITS_HEADER = """\
# Snit counters of this pack: each belongs to a clan (clans.yaml) and has a speed.
snits:
"""
_CLANS_HEADER = """\
# Clans of this pack: one a player, each with its colour and its Snits in snits.yaml.
clans:
"""

SNIT = Template(
    key="snit",
    label="Snit",
    base_id="new-snit",
    base_name="New Snit",
    parts=(
        TemplatePart(
            file="snits.yaml",
            top_key="snits",
            header=_SNITS_HEADER,
            text="- {id: {id}, name: {name}, clan: red, speed: 5}\n",
        ),
    ),
)


def _clan_snit(number: int, speed: int) -> TemplatePart:
    return TemplatePart(
        file="snits.yaml",
        top_key="snits",
        header=_SNITS_HEADER,
        text=f"- {{id: {{id}}-{number}, name: {{name}} {number}, clan: {{id}}, speed: {speed}}}\n",
    )


CLAN = Template(
    key="clan",
    label="Clan",
    base_id="new-clan",
    base_name="New Clan",
    parts=(
        TemplatePart(
            file="clans.yaml",
            top_key="clans",
            header=_CLANS_HEADER,
            text="""\
- id: {id}
  name: {name}
  colour: "#8e5bb5"
  description: A new clan of Snits; give it a start hex in the sea on each layout.
""",
        ),
        *(_clan_snit(number, speed) for number, speed in enumerate((4, 5, 6, 7), start=1)),
    ),
)

TEMPLATE_GROUPS = (
    TemplateGroup("snit", "Snit", (SNIT,)),
    TemplateGroup("clan", "Clan", (CLAN,)),
)
