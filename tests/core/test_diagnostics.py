"""The one did-you-mean hint every check ends its unknown-id messages with."""

from __future__ import annotations

from editor.core.diagnostics import suggest
from editor.core.documents import parse_document
from editor.core.schemas import SchemaRegistry, schema_id


def test_suggest_names_the_closest_or_lists_all() -> None:
    assert suggest("specialist", ["wind", "specialists"]) == "; did you mean 'specialists'?"
    assert suggest("tornado", ["wind", "specialists"]) == "; known: specialists, wind"
    assert suggest("x", ["b", "a"], listing="use one of", sort=False) == "; use one of: b, a"
    assert suggest("x", []) == ""


def test_schema_messages_end_with_the_same_hint() -> None:
    text = "tokens:\n  - {id: a, name: A, text: t, colur: '#000000'}\n"
    document, _ = parse_document(text, "t.yaml")
    assert document is not None
    uri = schema_id("snails/tokens.schema.json")
    messages = [d.message for d in SchemaRegistry().validate(document, uri, "tokens file")]
    assert any(m.endswith("; did you mean 'colour'?") for m in messages), messages
