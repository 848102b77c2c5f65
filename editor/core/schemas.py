"""JSON Schema registry and validation of documents, with errors turned into diagnostics.

Schemas are JSON Schema 2020-12 files whose ``$id`` lies under :data:`NAMESPACE`. They are
resolved through a local :class:`referencing.Registry`, so validation never touches the
network: a reference to anything not loaded is an error, not a download.
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from editor.core.diagnostics import Diagnostic, clip, error, excerpt, suggest
from editor.core.documents import Document
from editor.core.resources import schemas_dir

NAMESPACE = "https://seastack.dev/schemas/"
#: Validation results kept per registry: the editor re-checks unchanged files on every edit.
RESULT_CACHE_SIZE = 1024

_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing (null)",
}


def schema_id(relative: str) -> str:
    """The ``$id`` of a bundled schema from its path under ``schemas/``.

    >>> schema_id("snails/ruleset.schema.json")
    'https://seastack.dev/schemas/snails/ruleset.schema.json'
    """
    return NAMESPACE + relative


class SchemaRegistry:
    """All schemas of a folder, by ``$id``, with one cached validator per schema."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or schemas_dir()
        self.schemas: dict[str, dict[str, Any]] = {}
        for path in sorted(self.folder.rglob("*.schema.json")):
            schema = json.loads(path.read_text(encoding="utf-8"))
            expected = schema_id(path.relative_to(self.folder).as_posix())
            if schema.get("$id") != expected:
                raise ValueError(f"{path}: $id must be {expected!r}")
            self.schemas[expected] = schema
        self._validators: dict[str, Draft202012Validator] = {}
        self._results: OrderedDict[tuple[str, str, str, str], tuple[Diagnostic, ...]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()

    def add(self, schema: dict[str, Any]) -> None:
        """Add (or replace) a schema made in memory, such as a game's composed layout schema."""
        uri = schema.get("$id")
        if not isinstance(uri, str) or not uri.startswith(NAMESPACE):
            raise ValueError(f"a schema's $id must lie under {NAMESPACE}, not {uri!r}")
        with self._lock:
            self.schemas[uri] = schema
            self._validators.pop(uri, None)
            self._results.clear()
            self.__dict__.pop("registry", None)  # rebuilt with the new resource when needed

    @cached_property
    def registry(self) -> Registry[Any]:
        """The local referencing registry (no retrieval: unknown references fail)."""
        resources = [
            (uri, Resource.from_contents(schema, default_specification=DRAFT202012))
            for uri, schema in self.schemas.items()
        ]
        return Registry().with_resources(resources)

    def validator(self, uri: str) -> Draft202012Validator:
        """A validator for the schema with this ``$id`` (or ``$id#/pointer``)."""
        if uri not in self._validators:
            base, _, fragment = uri.partition("#")
            schema: Mapping[str, Any] = self._inline(self.schemas[base], base, ())
            if fragment:
                schema = {"$ref": uri}
            self._validators[uri] = Draft202012Validator(schema, registry=self.registry)
        return self._validators[uri]

    def _target(self, ref: str, base: str) -> tuple[Any, str]:
        uri, _, fragment = urljoin(base, ref).partition("#")
        node: Any = self.schemas[uri]
        for part in filter(None, fragment.split("/")):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node, uri

    def _inline(self, node: Any, base: str, seen: tuple[str, ...]) -> Any:
        """The schema with each ``$ref`` replaced by what it points at.

        Validation then never looks a reference up, which makes it several times faster;
        the keywords beside a ``$ref`` (its title and description) win over the target's.
        A reference that points back into itself is left to the registry.
        """
        if isinstance(node, list):
            return [self._inline(item, base, seen) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        key = urljoin(base, ref) if isinstance(ref, str) else ""
        if isinstance(ref, str) and key not in seen and key.partition("#")[0] in self.schemas:
            target, target_base = self._target(ref, base)
            merged = dict(self._inline(target, target_base, (*seen, key)))
            merged.update({k: self._inline(v, base, seen) for k, v in node.items() if k != "$ref"})
            return merged
        inner = node.get("$id", base) if isinstance(node.get("$id"), str) else base
        return {k: self._inline(v, inner, seen) for k, v in node.items()}

    def required_keys(self, uri: str) -> list[str]:
        """The ``required`` list of a schema or of a ``#/pointer`` inside one."""
        base, _, fragment = uri.partition("#")
        node: Any = self.schemas[base]
        for part in filter(None, fragment.split("/")):
            node = node[part]
        return list(node.get("required", []))

    def validate(self, document: Document, uri: str, what: str) -> list[Diagnostic]:
        """Every schema error of a document as diagnostics; ``what`` names the file's kind.

        A document's data follows from its text, so the result is remembered by text.
        """
        key = (uri, what, document.path, document.text)
        with self._lock:
            found = self._results.get(key)
            if found is not None:
                self._results.move_to_end(key)
                return list(found)
        diagnostics = self._validate(document, uri, what)
        with self._lock:
            self._results[key] = tuple(diagnostics)
            while len(self._results) > RESULT_CACHE_SIZE:
                self._results.popitem(last=False)
        return diagnostics

    def _validate(self, document: Document, uri: str, what: str) -> list[Diagnostic]:
        with self._lock:  # two threads checking at once build one validator, not two
            validator = self.validator(uri)
        diagnostics: list[Diagnostic] = []
        seen: set[Diagnostic] = set()  # a list's `in` would make a long file quadratic
        for err in _leaf_errors(validator.iter_errors(document.data)):
            # jsonschema reports each missing key separately, each naming them all
            for diagnostic in _diagnose(document, err, what):
                if diagnostic not in seen:
                    seen.add(diagnostic)
                    diagnostics.append(diagnostic)
        return diagnostics


_SHARED: dict[Path, SchemaRegistry] = {}
_SHARED_LOCK = threading.Lock()


def shared_registry(folder: Path | None = None) -> SchemaRegistry:
    """One registry per schema folder for the whole process (schemas do not change while
    Seastack runs), so validators and results are built once, not on every load."""
    key = (folder or schemas_dir()).resolve()
    with _SHARED_LOCK:
        if key not in _SHARED:
            _SHARED[key] = SchemaRegistry(key)
        return _SHARED[key]


def _leaf_errors(errors: Iterator[ValidationError]) -> Iterator[ValidationError]:
    """Errors with anyOf/oneOf context replaced by their most relevant branch error."""
    for err in errors:
        if err.context:
            best = best_match(err.context)
            yield best if best is not None else err
        else:
            yield err


def _where(path: tuple[str | int, ...], what: str) -> str:
    if not path:
        return what
    parts = [f"[{p}]" if isinstance(p, int) else clip(str(p)) for p in path]
    return ".".join(parts).replace(".[", "[")


def _diagnose(document: Document, err: ValidationError, what: str) -> list[Diagnostic]:
    path = tuple(err.absolute_path)
    place = _where(path, what)
    kind = err.validator
    instance = err.instance
    # the keyword's value in the schema (jsonschema types it loosely)
    value: Any = err.validator_value
    schema = err.schema if isinstance(err.schema, Mapping) else {}

    def at_value(code: str, message: str, at: tuple[str | int, ...] = path) -> Diagnostic:
        span = document.value_span(at)
        return error(document.path, span.line, span.column, code, message)

    def at_key(code: str, message: str, at: tuple[str | int, ...]) -> Diagnostic:
        span = document.key_span(at) or document.value_span(at)
        return error(document.path, span.line, span.column, code, message)

    if "propertyNames" in err.absolute_schema_path:
        # jsonschema checks each key as an instance of its own, at the mapping's path
        key = str(instance)
        message = f"{excerpt(key)} is not allowed as a key in {place}"
        if schema.get("x-hint"):
            message += f": {schema['x-hint']}"
        return [at_key("bad-key", message, (*path, key))]
    if kind == "additionalProperties" and isinstance(instance, dict):
        known = set(schema.get("properties", {}))
        patterns = schema.get("patternProperties", {})
        extras = [
            key
            for key in instance
            if key not in known and not any(re.search(p, key) for p in patterns)
        ]
        out = []
        for key in extras:
            message = f"unknown key {excerpt(key)} in {place}" + suggest(
                key, known, listing="expected one of"
            )
            out.append(at_key("unknown-key", message, (*path, key)))
        return out
    if kind == "required" and isinstance(instance, dict):
        missing = [k for k in value if k not in instance]
        return [
            at_key("missing-key", f"missing required key {k!r} in {place}", path) for k in missing
        ]
    if kind == "type":
        names = [value] if isinstance(value, str) else list(value)
        wanted = " or ".join(_TYPE_NAMES.get(n, n) for n in names)
        return [
            at_value("wrong-type", f"{place} must be {wanted}, not {_describe(instance)}"),
        ]
    if kind == "enum" and not value:  # a key that may not be given in this case at all
        hint = schema.get("x-hint") or schema.get("description")
        message = f"{place} may not be given here" + (f": {hint}" if hint else "")
        return [at_key("bad-key", message, path)]
    if kind in ("enum", "const"):
        allowed = list(value) if kind == "enum" else [value]
        message = f"{excerpt(instance)} is not allowed for {place}" + suggest(
            str(instance), [str(a) for a in allowed], listing="use one of", sort=False
        )
        return [at_value("bad-value", message)]
    if kind == "pattern":
        hint = schema.get("x-hint")
        message = f"{excerpt(instance)} is not a valid {place}"
        message += f": {hint}" if hint else f" (must match {value})"
        return [at_value("bad-value", message)]
    if kind in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"):
        return [at_value("out-of-range", f"{place}: {clip(err.message, 200)}")]
    if kind in ("minLength", "maxLength"):
        return [
            at_value("bad-value", f"{place} is too {'short' if kind == 'minLength' else 'long'}")
        ]
    if kind in ("minItems", "maxItems", "minProperties", "maxProperties"):
        return [at_value("bad-size", f"{place}: {clip(err.message, 200)}")]
    if kind == "uniqueItems" and isinstance(instance, list):
        seen: set[str] = set()
        for index, item in enumerate(instance):
            marker = json.dumps(item, sort_keys=True)
            if marker in seen:
                return [
                    at_value(
                        "duplicate-item",
                        f"{excerpt(item)} appears twice in {place}",
                        (*path, index),
                    )
                ]
            seen.add(marker)
    # jsonschema's own words quote the whole value: keep a short excerpt of them
    return [at_value("schema", f"{place}: {clip(err.message, 200)}")]


def _describe(value: object) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"the string {excerpt(value)}"
    return excerpt(value)
