"""The bundled schemas: valid, documented, local, and turned into good diagnostics."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing.exceptions import Unresolvable

from editor.core.diagnostics import Diagnostic
from editor.core.documents import parse_document
from editor.core.schemas import NAMESPACE, SchemaRegistry, schema_id, shared_registry

REGISTRY = SchemaRegistry()
KNOWN = sorted(REGISTRY.schemas)


def test_the_expected_schemas_are_there() -> None:
    names = {uri.removeprefix(NAMESPACE) for uri in KNOWN}
    assert {
        "pack.schema.json",
        "board.schema.json",
        "layout.schema.json",
        "example.schema.json",
        "snails/ruleset.schema.json",
        "snails/tiles.schema.json",
    } <= names


@pytest.mark.parametrize("uri", KNOWN)
def test_schema_is_valid_2020_12(uri: str) -> None:
    schema = REGISTRY.schemas[uri]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    assert schema["$id"].startswith(NAMESPACE)


def _properties(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        for key in ("properties", "patternProperties"):
            for name, sub in node.get(key, {}).items():
                yield f"{where}/{name}", sub
        if isinstance(node.get("additionalProperties"), dict):
            yield f"{where}/*", node["additionalProperties"]
        for key, value in node.items():
            yield from _properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _properties(item, f"{where}/{index}")


@pytest.mark.parametrize("uri", KNOWN)
def test_every_property_has_a_title_and_a_description(uri: str) -> None:
    undocumented = [
        where
        for where, sub in _properties(REGISTRY.schemas[uri])
        if not (sub.get("title") and sub.get("description"))
    ]
    assert undocumented == []


@pytest.mark.parametrize("uri", KNOWN)
def test_every_reference_resolves_locally(uri: str) -> None:
    # Compiling a validator resolves nothing; iterating a document through every branch does.
    validator = REGISTRY.validator(uri)
    refs: list[str] = []

    def collect(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                refs.append(node["$ref"])
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    collect(REGISTRY.schemas[uri])
    resolver = validator._resolver
    for ref in refs:
        assert resolver.lookup(ref).contents is not None


def test_an_unknown_reference_fails_instead_of_downloading() -> None:
    resolver = REGISTRY.registry.resolver()
    with pytest.raises(Unresolvable):
        resolver.lookup("https://example.com/not-here.schema.json")


def test_missing_key_points_at_the_parent_mapping_and_names_it() -> None:
    text = "id: p\nname: P\ndependencies:\n  snails-base: '>=1'\n"
    document, problems = parse_document(text, "pack.yaml")
    assert document is not None and not problems
    found = REGISTRY.validate(document, schema_id("pack.schema.json"), "pack manifest")
    assert sorted((d.code, d.line, d.column) for d in found) == [
        ("missing-key", 1, 1),
        ("missing-key", 1, 1),
    ]
    assert {d.message.split("'")[1] for d in found} == {"version", "game"}


def _check_tiles(text: str) -> list[Diagnostic]:
    document, _ = parse_document(text, "tiles.yaml")
    assert document is not None
    return REGISTRY.validate(document, schema_id("snails/tiles.schema.json"), "tiles file")


def test_unknown_key_points_at_the_key_with_a_suggestion() -> None:
    text = "tile_types:\n  - id: lava\n    name: Lava\n    colour: '#ff0000'\n    colr: red\n"
    found = _check_tiles(text)
    assert [(d.code, d.line, d.column) for d in found] == [("unknown-key", 5, 5)]
    assert "did you mean 'colour'" in found[0].message


def test_bad_value_points_at_the_value() -> None:
    found = _check_tiles("tile_types:\n  - id: lava\n    name: Lava\n    colour: red\n")
    assert [(d.code, d.line, d.column) for d in found] == [("bad-value", 4, 13)]
    assert "#e9d8a6" in found[0].message  # the hint says what a colour looks like


def test_bundled_files_name_their_schema_for_other_editors() -> None:
    from pathlib import Path

    from editor.core.documents import load_document
    from editor.core.workspace import load_workspace

    ws = load_workspace()
    root = Path(__file__).resolve().parent.parent.parent
    files = [*root.joinpath("content").rglob("*.yaml"), *root.joinpath("layouts").glob("*.yaml")]
    assert len(files) == len(ws.targets)
    for path in files:
        document, _ = load_document(path)
        assert document is not None
        header = document.header_schema()
        assert header is not None, path
        schema_file = (path.parent / header).resolve()
        assert schema_file.is_file(), (path, header)
        stored = REGISTRY.schemas[schema_id(schema_file.relative_to(root / "schemas").as_posix())]
        assert stored["$id"].endswith(header.split("schemas/")[-1])


def test_validation_follows_the_text_through_its_cache() -> None:
    uri = schema_id("pack.schema.json")
    good, _ = parse_document("id: p\nname: P\ngame: snails\nversion: 1.0.0\n", "pack.yaml")
    bad, _ = parse_document("id: p\nname: P\ngame: snails\nversion: 1\n", "pack.yaml")
    assert good is not None and bad is not None
    shared = shared_registry()
    first = shared.validate(good, uri, "pack manifest")
    assert shared.validate(bad, uri, "pack manifest") != first
    assert shared.validate(good, uri, "pack manifest") == first
    assert shared_registry() is shared
