"""New content from templates: a new pack folder with its manifest, a new card or faction.

Qt-free; the project browser asks the questions and calls these. Every write keeps what the
designer wrote: a new entry is appended as text to the end of its file (comments, order and
formatting untouched), and the result is parsed again to prove it holds exactly one entry
more. A new pack is built in a hidden folder beside its place and renamed into it, so a
failure leaves nothing half made.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editor.core.atomic import write_text_atomic
from editor.core.documents import parse_document
from editor.core.files import is_link
from editor.core.registry import Template, TemplatePart
from editor.core.schemas import SchemaRegistry, schema_id
from editor.core.workspace import Workspace

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
NEW_PACK_VERSION = "0.1.0"


class TemplateError(Exception):
    """Something new cannot be made; the message says why and what to do instead."""


def kebab_id(name: str) -> str:
    """The kebab-case id of a name: lower case, words joined by hyphens.

    >>> kebab_id("My Volcanoes!")
    'my-volcanoes'
    >>> kebab_id("  ")
    ''
    """
    words = re.findall(r"[a-z0-9]+", name.lower())
    return "-".join(words)


def check_id(pack_id: str) -> None:
    """Raise :class:`TemplateError` unless ``pack_id`` is a valid kebab-case id."""
    if not ID_PATTERN.match(pack_id):
        raise TemplateError(
            f"{pack_id!r} is not a valid id: use lower-case letters and digits joined by"
            " hyphens, such as 'my-volcanoes'"
        )


def default_dependencies(ws: Workspace, game: str) -> dict[str, str]:
    """The game's bundled packs, each with the range of its current major version."""
    out: dict[str, str] = {}
    for pack_id in ws.default_packs(game):
        major = ws.packs[pack_id].version.split(".", 1)[0]
        out[pack_id] = f">={major}.0,<{int(major) + 1}" if major.isdigit() else "*"
    return out


def manifest_text(
    pack_id: str, name: str, game: str, dependencies: Mapping[str, str], description: str = ""
) -> str:
    """The text of a new ``pack.yaml``."""
    lines = [
        f"id: {pack_id}",
        f"name: {_quote(name)}",
        f"version: {NEW_PACK_VERSION}",
        f"game: {game}",
    ]
    if description:
        lines.append(f"description: {_quote(description)}")
    if dependencies:
        lines.append("dependencies:")
        lines += [f"  {dep}: {_quote(spec)}" for dep, spec in sorted(dependencies.items())]
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    """A YAML double-quoted scalar (JSON escaping is valid YAML)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'"{escaped}"'


def new_pack(
    parent: Path,
    name: str,
    game: str,
    *,
    dependencies: Mapping[str, str],
    pack_id: str | None = None,
    taken_ids: Iterable[str] = (),
    schemas: SchemaRegistry | None = None,
) -> Path:
    """Create the folder ``parent/<id>`` with a ``pack.yaml``; return the folder.

    The id is the kebab-case of ``name`` unless given. Refused (:class:`TemplateError`): an
    empty name, a bad id, an id another pack has (``taken_ids``), an existing folder, a
    parent that is not a folder, or a manifest that would fail its schema.
    """
    if not name.strip():
        raise TemplateError("a pack needs a name")
    pack_id = pack_id if pack_id is not None else kebab_id(name)
    if not pack_id:
        raise TemplateError(f"{name!r} has no letters or digits to make a pack id from")
    check_id(pack_id)
    if pack_id in set(taken_ids):
        raise TemplateError(f"a pack with the id {pack_id!r} already exists; choose another name")
    parent = Path(parent)
    if not parent.is_dir():
        raise TemplateError(f"{parent} is not a folder")
    folder = parent / pack_id
    if folder.exists():
        raise TemplateError(f"{folder} already exists; choose another name or folder")
    text = manifest_text(pack_id, name.strip(), game, dependencies)
    document, problems = parse_document(text, "pack.yaml")
    if document is not None:
        registry = schemas or SchemaRegistry()
        problems += registry.validate(document, schema_id("pack.schema.json"), "pack manifest")
    if problems:
        raise TemplateError("the new manifest would not be valid: " + problems[0].message)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{pack_id}.", dir=parent))
    except OSError as exc:
        raise TemplateError(f"cannot create a pack in {parent}: {exc.strerror or exc}") from exc
    try:
        # mkdtemp's folder is private (0700); a folder made inside it gets the usual
        # permissions from the umask, without touching the process-wide umask (not safe
        # while other threads create files)
        built = staging / pack_id
        built.mkdir()
        (built / "pack.yaml").write_text(text, encoding="utf-8")
        # rename, not replace: another program making the same folder meanwhile wins
        os.rename(built, folder)
    except OSError as exc:
        raise TemplateError(f"cannot create {folder}: {exc.strerror or exc}") from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return folder


@dataclass(frozen=True)
class Added:
    """What :func:`add_from_template` did: the new entry's id and the files it changed."""

    id: str
    name: str
    files: tuple[Path, ...]


def add_from_template(
    folder: Path,
    template: Template,
    *,
    name: str | None = None,
    taken_ids: Iterable[str] = (),
    texts: Mapping[Path, str] | None = None,
) -> Added:
    """Append a template's entries to a pack folder's files (created with a header if absent).

    The new id is the template's ``base_id`` (or the kebab-case of ``name``) made unique
    against the ids in the files touched and ``taken_ids``: ``new-card``, ``new-card-2``...
    ``texts`` gives unsaved editor buffers to append to instead of the files on disk.
    Raises :class:`TemplateError` when a file cannot take the entry as text.
    """
    folder = Path(folder)
    if not (folder / "pack.yaml").is_file():
        raise TemplateError(f"{folder} is not a pack folder (it has no pack.yaml)")
    buffers = {Path(p).resolve(): t for p, t in (texts or {}).items()}
    current: dict[Path, str | None] = {}
    for part in template.parts:
        path = folder / part.file
        _refuse_link(folder, path)
        current[path] = _read(path, buffers)
    taken = set(taken_ids)
    for part in template.parts:
        taken |= _ids_in(current[folder / part.file], part.top_key)
    base = kebab_id(name) if name and kebab_id(name) else template.base_id
    new_id = _free_id(template, base, taken)
    new_name = name.strip() if name and name.strip() else _numbered_name(template, new_id)
    changed: dict[Path, str] = {}
    for part in template.parts:
        path = folder / part.file
        before = changed.get(path, current[path])
        changed[path] = append_entry(before, part, new_id, new_name, path.name)
    for path, text in changed.items():
        try:
            write_text_atomic(path, text)
        except OSError as exc:
            raise TemplateError(f"cannot write {path}: {exc.strerror or exc}") from exc
    return Added(new_id, new_name, tuple(changed))


def _refuse_link(folder: Path, path: Path) -> None:
    """A pack's file is written in its own folder, never through a symbolic link (which
    would read and replace a file elsewhere, or break the link)."""
    linked = [p for p in (path, *path.parents) if p != folder and folder in p.parents]
    for each in linked:
        if is_link(each):
            raise TemplateError(
                f"{each.name} in {folder} is a symbolic link to a file elsewhere; Seastack"
                " writes only files inside the pack's folder: replace the link with a copy of"
                " the file, then try again"
            )


def _free_id(template: Template, base: str, taken: set[str]) -> str:
    """The first of ``base``, ``base-2``... whose every filled-in entry id is free."""
    candidate = unique_id(base, taken)
    while any(_part_id(part, candidate) in taken for part in template.parts):
        taken = taken | {candidate}
        candidate = unique_id(base, taken)
    return candidate


def _part_id(part: TemplatePart, new_id: str) -> str | None:
    """The id a part's entry gets with ``new_id`` filled in (None if it has none)."""
    document, _ = parse_document(fill(part, new_id, "x"), "template")
    data = document.data if document is not None else None
    if isinstance(data, list) and data and isinstance(data[0], dict) and "id" in data[0]:
        return str(data[0]["id"])
    return None


def _numbered_name(template: Template, new_id: str) -> str:
    suffix = new_id.removeprefix(template.base_id)
    return template.base_name + (f" {suffix.lstrip('-')}" if suffix else "")


def _read(path: Path, buffers: Mapping[Path, str]) -> str | None:
    if path.resolve() in buffers:
        return buffers[path.resolve()]
    if not path.exists():
        return None
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TemplateError(f"cannot read {path}: {exc}") from exc


def _ids_in(text: str | None, top_key: str) -> set[str]:
    if text is None:
        return set()
    document, _ = parse_document(text, "entries")
    if document is None or not isinstance(document.data, dict):
        return set()
    return _entry_ids(document.data.get(top_key))


def unique_id(base: str, taken: Iterable[str]) -> str:
    """``base``, or ``base-2``, ``base-3``... whichever is first not taken.

    >>> unique_id("new-card", {"new-card", "new-card-2"})
    'new-card-3'
    """
    used = set(taken)
    if base not in used:
        return base
    number = 2
    while f"{base}-{number}" in used:
        number += 1
    return f"{base}-{number}"


def fill(part: TemplatePart, new_id: str, name: str) -> str:
    """A template part's text with its id and name filled in."""
    return part.text.replace("{id}", new_id).replace("{name}", name)


def append_entry(text: str | None, part: TemplatePart, new_id: str, name: str, shown: str) -> str:
    """``text`` with one more list item under ``part.top_key``, added at the end.

    A missing file starts from the part's header. Raises :class:`TemplateError` when the file
    has syntax errors or its list is not a block list ending the file (the entry would land
    elsewhere): the designer adds it by hand then.
    """
    if text is None:
        text = part.header
    before, problems = parse_document(text, shown)
    if before is None or (problems and not before.is_empty):
        first = problems[0]
        raise TemplateError(
            f"{shown} has errors (line {first.line}: {first.message}); fix them before adding to it"
        )
    # a file of comments only keeps them; the top key follows
    data = {} if before.is_empty else before.data if isinstance(before.data, dict) else None
    if data is None:
        raise TemplateError(f"{shown} does not hold a mapping with {part.top_key!r}")
    items = data.get(part.top_key)
    count = len(items) if isinstance(items, list) else 0
    if items is None and part.top_key not in data:
        text = _with_newline(text) + f"{part.top_key}:\n"
    indent = _item_indent(text, part.top_key)
    entry = "".join(
        (indent + line if line.strip() else line) + "\n"
        for line in fill(part, new_id, name).rstrip("\n").split("\n")
    )
    after_text = _with_newline(text) + entry
    after, problems = parse_document(after_text, shown)
    new_items = (
        after.data.get(part.top_key) if after is not None and isinstance(after.data, dict) else None
    )
    if (
        problems
        or not isinstance(new_items, list)
        or len(new_items) != count + 1
        or not isinstance(new_items[-1], dict)
        or new_items[-1].get("id") != _part_id(part, new_id)
    ):
        raise TemplateError(
            f"the new entry cannot be appended to {shown}: its {part.top_key!r} list is not a"
            " block list at the end of the file; add the entry by hand"
        )
    return after_text


def _with_newline(text: str) -> str:
    return text if text.endswith("\n") or not text else text + "\n"


def _item_indent(text: str, top_key: str) -> str:
    """The indent of the existing items of the top key's list (two blanks when it has none)."""
    lines = text.split("\n")
    key = re.compile(rf"^{re.escape(top_key)}\s*:")
    for number, line in enumerate(lines):
        if key.match(line):
            for later in lines[number + 1 :]:
                match = re.match(r"^(\s*)- ", later)
                if match:
                    return match.group(1)
                if later.strip() and not later.lstrip().startswith("#") and not later[0].isspace():
                    break
            break
    return "  "


def taken_entry_ids(ws: Workspace, pack_ids: Sequence[str], kinds: Iterable[str]) -> set[str]:
    """Ids of entries of some kinds (``cards``...) in some packs: new ids must avoid them."""
    out: set[str] = set()
    kinds = tuple(kinds)
    for pack_id in pack_ids:
        pack = ws.packs.get(pack_id)
        if pack is None:
            continue
        for kind, document in pack.documents:
            if kind in kinds and isinstance(document.data, dict):
                out |= _entry_ids(document.data.get(kind))
    return out


def _entry_ids(items: Any) -> set[str]:
    if not isinstance(items, list):
        return set()
    return {str(item["id"]) for item in items if isinstance(item, dict) and "id" in item}
