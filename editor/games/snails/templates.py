"""What the project browser's New Card and New Faction start from, for Snails packs.

Each template is YAML text with ``{id}`` and ``{name}`` to fill in; the core appends it to
the pack's file (:mod:`editor.core.templates`). A test instantiates every template in a new
pack and loads it with the core's loader, so a template never drifts from the schemas.
"""

from __future__ import annotations

from editor.core.registry import Template, TemplateGroup, TemplatePart

_CARDS_HEADER = """\
# Cards of this pack: arsenal cards (attack, special) and faction cards.
# The effect language is described in Seastack's docs/effects.md.
cards:
"""
_FACTIONS_HEADER = """\
# Factions of this pack, each with its abilities and its faction card (in cards.yaml).
factions:
"""

ATTACK_CARD = Template(
    key="attack-card",
    label="Attack Card",
    base_id="new-card",
    base_name="New Card",
    parts=(
        TemplatePart(
            file="cards.yaml",
            top_key="cards",
            header=_CARDS_HEADER,
            text="""\
- id: {id}
  name: {name}
  kind: attack
  copies: 2
  text: Shoot one snail you can see 1 or 2 spaces away.
  target: {select: snail, range: [1, 2], line_of_sight: true}
  dice: 1
  results:
    triangle: [{damage: 10}]
    circle: [{damage: 5}]
""",
        ),
    ),
)

SPECIAL_CARD = Template(
    key="special-card",
    label="Special Card",
    base_id="new-special",
    base_name="New Special",
    parts=(
        TemplatePart(
            file="cards.yaml",
            top_key="cards",
            header=_CARDS_HEADER,
            text="""\
- id: {id}
  name: {name}
  kind: special
  copies: 1
  text: Your snail patches itself up and draws a card.
  effects:
    - heal: {amount: 5, to: self}
    - draw: 1
""",
        ),
    ),
)

FACTION = Template(
    key="faction",
    label="Faction",
    base_id="new-faction",
    base_name="New Faction",
    parts=(
        TemplatePart(
            file="cards.yaml",
            top_key="cards",
            header=_CARDS_HEADER,
            text="""\
- id: {id}-card
  name: {name} Card
  kind: faction
  faction: {id}
  copies: 1
  text: Push one snail next to your snail one space away.
  target: {select: snail, range: [1, 1], line_of_sight: true}
  effects:
    - push: 1
""",
        ),
        TemplatePart(
            file="factions.yaml",
            top_key="factions",
            header=_FACTIONS_HEADER,
            text="""\
- id: {id}
  name: {name}
  text: A few words about who these snails are.
  card: {id}-card
  abilities:
    - id: {id}-ability
      name: Steady Shell
      text: Once a round, a snail of yours in its shell may stay in it while it acts.
      optional: true
      once_per_round: true
      modifier: stay_in_shell
""",
        ),
    ),
)

#: The Snails templates in the groups the project browser offers (New Card, New Faction).
TEMPLATE_GROUPS: tuple[TemplateGroup, ...] = (
    TemplateGroup("card", "Card", (ATTACK_CARD, SPECIAL_CARD)),
    TemplateGroup("faction", "Faction", (FACTION,)),
)
