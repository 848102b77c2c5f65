"""What the schema says at the cursor: path, key help and completions, on whole or broken text."""

from __future__ import annotations

import pytest

import editor.games  # noqa: F401 - registers the games' file kinds
from editor.core.schema_help import Help, help_at, known_ids, schema_for_file
from editor.core.schemas import SchemaRegistry

CARDS = """\
cards:
  - id: revolver
    name: Revolver
    kind: at
    copies: 3
    target: {select: snail, range: [1, 2], li
    results:
      triangle: [{damage: 10}]
  - id: bazooka
    \n"""


@pytest.fixture(scope="module")
def schemas() -> SchemaRegistry:
    return SchemaRegistry()


def at(text: str, line: int, column: int, schemas: SchemaRegistry, kind: str = "cards") -> Help:
    return help_at(text, line, column, schemas, schema_for_file(f"pack/{kind}.yaml"))


def labels(found: Help) -> list[str]:
    return [c.label for c in found.candidates]


def test_schema_of_a_file_comes_from_its_kind() -> None:
    assert schema_for_file("x/cards.yaml") == (
        "https://seastack.dev/schemas/snails/cards.schema.json"
    )
    assert schema_for_file("pack.yaml") == "https://seastack.dev/schemas/pack.schema.json"
    assert schema_for_file("readme.md") is None
    assert schema_for_file("x/unknown-kind.yaml") is None


def test_value_of_an_enum_key_offers_the_allowed_values(schemas: SchemaRegistry) -> None:
    found = at(CARDS, 4, 13, schemas)  # after "kind: at"
    assert found.path == ("cards", 0, "kind")
    assert found.position == "value"
    assert found.prefix == "at"
    assert labels(found) == ["attack", "special", "faction"]
    assert found.title == "Kind"
    assert "faction" in found.description


def test_key_position_offers_the_keys_not_present_yet(schemas: SchemaRegistry) -> None:
    found = at(CARDS, 10, 5, schemas)  # the blank line in the second card
    assert found.path == ("cards", 1)
    assert found.position == "key"
    offered = labels(found)
    assert "id" not in offered  # the second card has one already
    assert {"name", "kind", "copies", "target", "results"} <= set(offered)
    key = next(c for c in found.candidates if c.label == "copies")
    assert key.insert == "copies: "
    assert key.kind == "key"
    assert "deck" in key.detail


def test_key_under_the_cursor_has_its_title_and_description(schemas: SchemaRegistry) -> None:
    found = at(CARDS, 3, 7, schemas)  # inside "name"
    assert found.key == "name"
    assert found.title == "Card name"  # the key's own title wins over its $ref's
    assert found.description == "The card's name as printed."
    assert found.dotted() == "cards[0]"


def test_flow_mappings_on_the_line_are_followed(schemas: SchemaRegistry) -> None:
    select = at(CARDS, 6, 22, schemas)  # after "{select: "
    assert select.path == ("cards", 0, "target", "select")
    assert "ring" in labels(select)
    assert select.title == "Select"
    # "li" typed as a new key of the target
    typing_key = at(CARDS, 6, len(CARDS.splitlines()[5]) + 1, schemas)
    assert typing_key.position == "key"
    assert typing_key.prefix == "li"
    assert "line_of_sight" in labels(typing_key)
    assert "select" not in labels(typing_key) and "range" not in labels(typing_key)


def test_pattern_and_additional_properties_are_followed(schemas: SchemaRegistry) -> None:
    found = at(CARDS, 8, 10, schemas)  # on "triangle" under results
    assert found.path == ("cards", 0, "results")
    assert found.key == "triangle"
    assert found.title  # described by the results schema
    inside = at(CARDS, 8, 21, schemas)  # after "triangle: [{"
    assert inside.path == ("cards", 0, "results", "triangle", 0)
    assert inside.position == "key"
    assert "damage" in labels(inside)


def test_booleans_are_offered_for_a_boolean_value(schemas: SchemaRegistry) -> None:
    text = "cards:\n  - id: x\n    target: {line_of_sight: }\n"
    found = at(text, 3, 29, schemas)
    assert found.path == ("cards", 0, "target", "line_of_sight")
    assert labels(found) == ["true", "false"]


def test_second_item_of_a_list_has_its_index(schemas: SchemaRegistry) -> None:
    text = "cards:\n  - id: a\n  - id: b\n    kind: \n"
    found = at(text, 4, 11, schemas)
    assert found.path == ("cards", 1, "kind")


def test_indentless_lists_are_inside_their_key(schemas: SchemaRegistry) -> None:
    text = "id: crab\npacks:\n- a\n- b\n"
    found = help_at(text, 4, 4, schemas, None)
    assert found.path == ("packs", 1)


def test_broken_text_still_gives_a_path(schemas: SchemaRegistry) -> None:
    # an unclosed quote and a tab: no YAML parser reads this, the path is still found
    text = 'cards:\n  - id: "oops\n    name: [unclosed\n    kind: sp'
    found = at(text, 4, 13, schemas)
    assert found.path == ("cards", 0, "kind")
    assert labels(found) == ["attack", "special", "faction"]
    assert found.prefix == "sp"


def test_top_level_keys_and_unknown_schema(schemas: SchemaRegistry) -> None:
    found = at("\n", 1, 1, schemas, kind="pack")
    assert found.path == ()
    assert {"id", "name", "game"} <= set(labels(found))
    none = help_at("a:\n  b: c\n", 2, 6, schemas, None)
    assert none.path == ("a", "b")
    assert none.candidates == ()
    assert none.title == ""


def test_a_cursor_past_the_end_is_tolerated(schemas: SchemaRegistry) -> None:
    found = at("cards:\n", 99, 99, schemas)
    assert found.position == "key"


def test_a_cursor_in_the_indentation_is_at_the_lines_key(schemas: SchemaRegistry) -> None:
    found = at(CARDS, 3, 1, schemas)  # before "    name: Revolver"
    assert found.key == "name"
    assert found.path == ("cards", 0)
    assert found.title == "Card name"


def test_ids_are_offered_for_a_value_naming_content(schemas: SchemaRegistry) -> None:
    ids = known_ids([{"factions": [{"id": "pirates"}, {"id": "ninjas"}]}, {"cards": []}])
    text = "cards:\n  - id: x\n    kind: faction\n    faction: "
    found = help_at(text, 4, 14, schemas, schema_for_file("p/cards.yaml"), ids)
    assert labels(found) == ["pirates", "ninjas"]
    # a closed set wins over ids; without ids nothing is made up
    assert labels(at("cards:\n  - kind: ", 2, 11, schemas)) == ["attack", "special", "faction"]
    assert labels(help_at(text, 4, 14, schemas, schema_for_file("p/cards.yaml"))) == []
