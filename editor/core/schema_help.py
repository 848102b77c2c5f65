"""What the schema says at a place in a YAML text: the path there, the key's help, completions.

The YAML editor asks this module, as the user types, three things about the cursor: the path
of keys and list indices leading to it, the title and description of the key under it, and
what could be typed there (the keys the mapping allows and does not hold yet, or the values
the schema allows). The text is often broken mid-edit, so the path is found from the lines'
indentation (block style, plus flow ``{...}`` and ``[...]`` on the cursor's line), never from
a parse. Schemas are followed through ``$ref``, ``allOf``/``anyOf``/``oneOf``, ``if``/``then``/
``else``, ``properties``, ``patternProperties``, ``additionalProperties``, ``items`` and
``prefixItems``. Qt-free.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal
from urllib.parse import urljoin

from editor.core.documents import Path_
from editor.core.file_games import game_for_kind
from editor.core.files import file_kind
from editor.core.schemas import SchemaRegistry, schema_id
from editor.core.workspace import CORE_KINDS

__all__ = ["Candidate", "Help", "help_at", "known_ids", "schema_for_file"]

Position = Literal["key", "value"]

_MAX_DEPTH: Final = 24
# a block key: plain or quoted, then a colon that ends the line or is followed by a blank
_KEY: Final = re.compile(
    r"""("[^"]*"|'[^']*'|[^\s#'"{}\[\],:&*!|>-][^#:]*?|-[^\s#:][^#:]*?)\s*:(?=\s|$)"""
)


@dataclass(frozen=True)
class Candidate:
    """One completion: what the list shows, what is typed in, and the schema's words on it."""

    label: str
    insert: str
    kind: Literal["key", "value"]
    detail: str = ""


@dataclass(frozen=True)
class Help:
    """What the schema says at the cursor."""

    path: Path_
    """The path of the mapping (key position) or of the value (value position)."""
    position: Position
    """Whether the cursor is where a key or where a value is typed."""
    key: str | None
    """The key under the cursor (or whose value the cursor is in), if any."""
    title: str
    """The key's title in the schema ("" when it has none or no key is there)."""
    description: str
    """The key's description in the schema ("" when it has none)."""
    prefix: str
    """The part of the word already typed before the cursor (what completion replaces)."""
    candidates: tuple[Candidate, ...]
    """Keys allowed at this level and not present yet, or values allowed here."""

    def dotted(self) -> str:
        """The path as ``cards[0].name``; ``""`` at the top.

        >>> Help(("cards", 0, "name"), "value", "name", "", "", "", ()).dotted()
        'cards[0].name'
        """
        text = ""
        for step in self.path:
            text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
        return text


def schema_for_file(path: Path | str) -> str | None:
    """The ``$id`` of the schema a file is checked against, from its name and its pack's game.

    >>> schema_for_file("layouts/crab.layout.yaml")
    'https://seastack.dev/schemas/layout.schema.json'
    >>> schema_for_file("notes.txt") is None
    True
    """
    kind = file_kind(path)
    if kind is None:
        return None
    if kind in CORE_KINDS:
        return schema_id(CORE_KINDS[kind][0])
    game = game_for_kind(path, kind)
    return game.content.file_kinds[kind] if game is not None else None


# --------------------------------------------------------------------------- the text


@dataclass(frozen=True)
class _Entry:
    """A dash or a key on a line, at a 0-based column."""

    column: int
    key: str | None  # None for a list dash


def _entries(line: str) -> list[_Entry]:
    """The dashes and the key that start a block line (none for blanks and comments).

    >>> [(e.column, e.key) for e in _entries("  - id: revolver")]
    [(2, None), (4, 'id')]
    >>> _entries("   # a comment"), _entries("")
    ([], [])
    """
    stripped = line.lstrip(" ")
    if not stripped or stripped.startswith("#"):
        return []
    index = len(line) - len(stripped)
    found: list[_Entry] = []
    while line.startswith("-", index) and (index + 1 == len(line) or line[index + 1] in " \t"):
        found.append(_Entry(index, None))
        index += 1
        while index < len(line) and line[index] == " ":
            index += 1
    match = _KEY.match(line, index)
    if match:
        found.append(_Entry(index, _unquote(match.group(1))))
    elif index < len(line) and not found:
        # a line that is neither a key nor an item: a scalar's continuation, a bracket...
        return []
    return found


def _unquote(key: str) -> str:
    key = key.strip()
    if len(key) >= 2 and key[0] == key[-1] and key[0] in "'\"":
        return key[1:-1]
    return key


def _dash_index(lines: Sequence[str], row: int, column: int) -> int:
    """Which item of its list the dash at `row`, `column` is (0 for the first)."""
    count = 0
    for above in range(row - 1, -1, -1):
        entries = _entries(lines[above])
        if not entries:
            continue
        if any(e.key is None and e.column == column for e in entries):
            count += 1
        if entries[0].column < column:
            # the line the list starts on, counted above if its dash is at this column
            break
        if entries[0].column == column and entries[0].key is not None:
            break  # a key at the dash's column ends an indentless list
    return count


def _ancestors(lines: Sequence[str], row: int, own: list[_Entry], limit: int) -> Path_:
    """The path of the node at column `limit` on line `row` (`own`: the line's entries)."""
    chain: list[tuple[int, _Entry]] = [(row, e) for e in own if e.column < limit]
    level = chain[0][1].column if chain else limit
    for above in range(row - 1, -1, -1):
        head_is_dash = bool(chain) and chain[0][1].key is None
        if level == 0 and not head_is_dash:
            break
        entries = _entries(lines[above])
        if not entries:
            continue
        first = entries[0]
        if first.column < level:
            chain = [(above, e) for e in entries if e.column < level] + chain
            level = first.column
        elif head_is_dash and first.column == level and first.key is not None:
            # an indentless list: "key:" with its items' dashes at the key's own column
            chain = [(above, first), *chain]
    steps: list[str | int] = []
    for at, entry in chain:
        steps.append(entry.key if entry.key is not None else _dash_index(lines, at, entry.column))
    return tuple(steps)


def _sibling_keys(lines: Sequence[str], row: int, column: int) -> list[str]:
    """The keys at `column` of the block mapping around line `row` (that line left out)."""
    keys: list[str] = []
    for above in range(row - 1, -1, -1):
        entries = _entries(lines[above])
        if not entries:
            continue
        keys.extend(e.key for e in entries if e.key is not None and e.column == column)
        if entries[0].column < column or any(e.column == column and e.key is None for e in entries):
            break
    for below in range(row + 1, len(lines)):
        entries = _entries(lines[below])
        if not entries:
            continue
        if entries[0].column < column or (entries[0].key is None and entries[0].column == column):
            break
        keys.extend(e.key for e in entries if e.key is not None and e.column == column)
    return keys


@dataclass
class _Frame:
    """An open ``{`` or ``[`` on the cursor's line."""

    is_map: bool
    key: str | None = None
    index: int = 0
    keys: tuple[str, ...] = ()


def _flow(value: str) -> tuple[list[_Frame], str]:
    """The flow collections still open at the end of `value`, and the word being typed."""
    frames: list[_Frame] = []
    word = ""
    quote = ""
    for char in value:
        if quote:
            word += char
            if char == quote:
                quote = ""
            continue
        if char in "'\"":
            quote = char
            word += char
        elif char == "{":
            frames.append(_Frame(True))
            word = ""
        elif char == "[":
            frames.append(_Frame(False))
            word = ""
        elif char in "}]":
            if frames:
                frames.pop()
            word = ""
        elif char == "," and frames:
            top = frames[-1]
            if top.is_map:
                if top.key is not None:
                    top.keys = (*top.keys, top.key)
                top.key = None
            else:
                top.index += 1
            word = ""
        elif char == ":" and frames and frames[-1].is_map and frames[-1].key is None:
            frames[-1].key = _unquote(word)
            word = ""
        else:
            word += char
    return frames, word.strip()


# --------------------------------------------------------------------------- the schema


class _Schema:
    """Walks the registry's schemas by path, through references and combinations."""

    def __init__(self, schemas: SchemaRegistry) -> None:
        self.schemas = schemas.schemas

    def lookup(self, uri: str) -> Any:
        """The schema node at a ``$id#/json/pointer`` address (None when there is none)."""
        base, _, fragment = uri.partition("#")
        node: Any = self.schemas.get(base)
        for part in filter(None, fragment.split("/")):
            if not isinstance(node, dict):
                return None
            node = node.get(part.replace("~1", "/").replace("~0", "~"))
        return node

    def branches(
        self, node: Any, base: str, depth: int = 0
    ) -> Iterator[tuple[dict[str, Any], str]]:
        """The node and every schema it stands for (its reference, its combinations)."""
        if not isinstance(node, dict) or depth > _MAX_DEPTH:
            return
        base = node["$id"] if isinstance(node.get("$id"), str) else base
        yield node, base  # first: a key's own title and description win over its reference's
        ref = node.get("$ref")
        if isinstance(ref, str):
            uri = urljoin(base, ref)
            yield from self.branches(self.lookup(uri), uri.partition("#")[0], depth + 1)
        for keyword in ("allOf", "anyOf", "oneOf"):
            for sub in node.get(keyword, ()) if isinstance(node.get(keyword), list) else ():
                yield from self.branches(sub, base, depth + 1)
        for keyword in ("then", "else"):
            yield from self.branches(node.get(keyword), base, depth + 1)

    def child(self, nodes: list[tuple[dict[str, Any], str]], step: str | int) -> list[Any]:
        """The schemas of the value at one step below these schemas, expanded."""
        found: list[tuple[dict[str, Any], str]] = []
        for node, base in nodes:
            subs: list[Any] = []
            if isinstance(step, str):
                properties = node.get("properties")
                if isinstance(properties, dict) and step in properties:
                    subs.append(properties[step])
                patterns = node.get("patternProperties")
                if isinstance(patterns, dict):
                    subs.extend(s for p, s in patterns.items() if _search(p, step))
                extra = node.get("additionalProperties")
                if not subs and isinstance(extra, dict):
                    subs.append(extra)
            else:
                prefix = node.get("prefixItems")
                if isinstance(prefix, list) and step < len(prefix):
                    subs.append(prefix[step])
                elif isinstance(node.get("items"), dict):
                    subs.append(node["items"])
            for sub in subs:
                found.extend(self.branches(sub, base))
        return found

    def at(self, uri: str, path: Path_) -> list[tuple[dict[str, Any], str]]:
        """Every schema that applies to the value at `path` of a document of schema `uri`."""
        nodes = list(self.branches(self.lookup(uri), uri.partition("#")[0]))
        for step in path:
            nodes = self.child(nodes, step)
            if not nodes:
                break
        return nodes


def _search(pattern: str, text: str) -> bool:
    try:
        return re.search(pattern, text) is not None
    except re.error:
        return False


def _words(nodes: list[tuple[dict[str, Any], str]]) -> tuple[str, str]:
    """The first title and the first description among these schemas."""
    title = next((n["title"] for n, _ in nodes if isinstance(n.get("title"), str)), "")
    text = next((n["description"] for n, _ in nodes if isinstance(n.get("description"), str)), "")
    return title, text


def _is_object(nodes: list[tuple[dict[str, Any], str]]) -> bool:
    for node, _ in nodes:
        kind = node.get("type")
        if kind == "object" or (isinstance(kind, list) and "object" in kind):
            return True
        if "properties" in node or "patternProperties" in node:
            return True
    return False


def _values(nodes: list[tuple[dict[str, Any], str]]) -> list[Candidate]:
    """The values these schemas allow when they are a closed set (enum, const, boolean)."""
    out: dict[str, Candidate] = {}
    for node, _ in nodes:
        detail = node.get("description", "") if isinstance(node.get("description"), str) else ""
        allowed: list[Any] = list(node["enum"]) if isinstance(node.get("enum"), list) else []
        if "const" in node:
            allowed.append(node["const"])
        kind = node.get("type")
        if kind == "boolean" or (isinstance(kind, list) and "boolean" in kind):
            allowed += [True, False]
        for value in allowed:
            if isinstance(value, (dict, list)):
                continue
            text = _scalar(value)
            out.setdefault(text, Candidate(text, text, "value", detail))
    return list(out.values())


def _scalar(value: Any) -> str:
    """A value as YAML writes it: ``true``, ``3``, ``snail``; a string that would read as
    something else is quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        if value == "" or value.lower() in {"true", "false", "null", "~"} or _looks_numeric(value):
            return json.dumps(value)
        if value[0] in "-?:,[]{}#&*!|>'\"%@`" or ": " in value or " #" in value:
            return json.dumps(value)
        return value
    return str(value)


def _looks_numeric(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _keys(
    schema: _Schema, nodes: list[tuple[dict[str, Any], str]], present: set[str]
) -> list[Candidate]:
    """The keys these mapping schemas name that are not present yet, in the schema's order."""
    out: dict[str, Candidate] = {}
    for node, base in nodes:
        properties = node.get("properties")
        if not isinstance(properties, dict):
            continue
        for key, sub in properties.items():
            if key in present or key in out:
                continue
            title, text = _words(list(schema.branches(sub, base)))
            out[key] = Candidate(key, f"{key}: ", "key", text or title)
    return list(out.values())


# --------------------------------------------------------------------------- the answer


def known_ids(data: Iterable[Any]) -> dict[str, list[str]]:
    """The ids each content file lists at its top, by list key, from documents' data.

    >>> known_ids([{"factions": [{"id": "pirates"}, {"id": "ninjas"}]}, {"id": "p"}, None])
    {'factions': ['pirates', 'ninjas']}
    """
    found: dict[str, list[str]] = {}
    for each in data:
        if not isinstance(each, dict):
            continue
        for key, items in each.items():
            if not isinstance(items, list):
                continue
            ids = [i["id"] for i in items if isinstance(i, dict) and isinstance(i.get("id"), str)]
            if ids:
                found.setdefault(key, []).extend(i for i in ids if i not in found.get(key, ()))
    return found


def _id_values(path: Path_, ids: Mapping[str, Sequence[str]]) -> list[Candidate]:
    """Ids offered for a value with no closed set: ``faction: `` takes a ``factions`` id.

    A key names what it refers to in the singular (``token``) or, for a list, the plural
    (``tokens: [...]``); the ids are those listed under the plural in content files.
    """
    if not path:
        return []
    last = path[-1]
    if isinstance(last, str):
        names = ids.get(f"{last}s", ())
    elif len(path) >= 2 and isinstance(path[-2], str):
        names = ids.get(str(path[-2]), ()) or ids.get(f"{path[-2]}s", ())
    else:
        names = ()
    return [Candidate(name, name, "value", "an id defined in a content file") for name in names]


def help_at(
    text: str,
    line: int,
    column: int,
    schemas: SchemaRegistry,
    uri: str | None,
    ids: Mapping[str, Sequence[str]] | None = None,
) -> Help:
    """What the schema `uri` says at 1-based `line`, `column` (the cursor is before it).

    Works on any text, however broken; with no schema (``uri`` None) only the path is found.
    ``ids`` (from :func:`known_ids`) are offered for a value the schema leaves open when its
    key names a kind of content (``faction:`` takes the ids listed under ``factions``).
    """
    lines = text.split("\n")
    row = min(max(line - 1, 0), len(lines) - 1)
    full = lines[row].rstrip("\r")
    before = full[: max(column - 1, 0)]
    own = _entries(full)
    if own and not before.strip() and len(before) < own[0].column:
        before = full[: own[0].column]  # in the indentation: at the line's first entry
    typed = _entries(before)

    key: str | None
    flow_frames: list[_Frame] = []
    typed_key = next((e for e in reversed(typed) if e.key is not None), None)
    if typed_key is not None:
        # after "key:" on this line: the value of that key (maybe inside a flow collection)
        position: Position = "value"
        colon = before.index(":", typed_key.column + len(typed_key.key or ""))
        flow_frames, word = _flow(before[colon + 1 :])
        key = typed_key.key
        path: Path_ = (*_ancestors(lines, row, own, typed_key.column), key or "")
        map_column = typed_key.column
    else:
        position = "key"
        last_dash = max((e.column for e in typed if e.key is None), default=-1)
        start = last_dash + 2 if last_dash >= 0 else len(before) - len(before.lstrip(" "))
        word = before[start:].strip()
        if before.rstrip().endswith("-") and last_dash < 0:
            word = ""  # a lone dash typed a moment ago, no blank after it yet
        map_column = start
        path = _ancestors(lines, row, own, start)
        key = next((e.key for e in own if e.key is not None and e.column == start), None)
    key_path = path if position == "value" else (*path, key or "")
    inner_keys: set[str] | None = None
    for frame in flow_frames:
        if frame.is_map and frame.key is None:
            position, inner_keys, key = "key", set(frame.keys), None
            break
        path = (*path, frame.key if frame.is_map and frame.key is not None else frame.index)
        if frame.is_map:
            key, key_path = frame.key, path
    if uri is None:
        return Help(path, position, key, "", "", word, ())
    schema = _Schema(schemas)
    title = description = ""
    if key is not None:
        title, description = _words(schema.at(uri, key_path))
    nodes = schema.at(uri, path)
    candidates: list[Candidate]
    if position == "key":
        present = (
            inner_keys if inner_keys is not None else set(_sibling_keys(lines, row, map_column))
        )
        candidates = _keys(schema, nodes, present) if _is_object(nodes) else _values(nodes)
    else:
        candidates = _values(nodes)
        if not candidates and ids and nodes:
            candidates = _id_values(path, ids)
    return Help(path, position, key, title, description, word, tuple(candidates))
