"""A sweep's PATH: which number of a design's YAML files it names, and the text changed.

A path is dotted steps (``ruleset.contamination.per_round``,
``cards.revolver.results.triangle.damage``, ``tileset.tile_types.body.shapes.corner.count``):

- it may start with a pack's id (``snails-base.ruleset.players.max``), to look only there;
- then the file's name without ``.yaml`` (``ruleset``, ``cards``; ``layout`` and ``board``
  for the design's layout and board), or straight away a top-level key of some file;
- a step into a mapping is a key; into a list, an index (``0``), the ``id`` of an item,
  an item's ``[key=value,...]`` (``stock[tile=beach,back=blank]``), a name that one item
  alone holds as a value (``stock.mountain``), or a key that one item alone has (the
  ``damage`` of ``triangle: [{damage: 10}]``).

A path must name exactly one number written in the files (not reached through an alias).
Every failure is a :class:`~editor.core.diagnostics.Diagnostic` at the place the path
stopped making sense, or a plain :class:`SweepPathError` when no file fits its start.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document, Path_, parse_document
from editor.core.layouts import Layout
from editor.core.workspace import Workspace

#: The diagnostic code of a path that names nothing, or no number.
CODE = "sweep-path"

_SELECTOR = re.compile(r"^([^\[\]]*)\[([^\[\]]+)\]$")


class SweepPathError(ValueError):
    """A path that names nothing; :attr:`diagnostic` says where it stopped, if anywhere."""

    def __init__(self, message: str, diagnostic: Diagnostic | None = None) -> None:
        super().__init__(diagnostic.format() if diagnostic is not None else message)
        self.diagnostic = diagnostic


@dataclass(frozen=True)
class SourceFile:
    """One YAML file of a design: its document, where it is, and what a path calls it."""

    document: Document
    #: The file on disk (the key of the texts a changed design is loaded with).
    real: Path
    #: What a path's first step calls it: ``ruleset``, ``cards``, ``layout``, ``board``.
    stem: str
    #: The pack it belongs to, if any.
    pack: str | None = None


@dataclass(frozen=True)
class Location:
    """The number a path names: in which file, at which data path, its span and value."""

    path: str
    file: SourceFile
    steps: Path_
    value: int | float
    #: 1-based line and column of the value's start, and of just after its end.
    line: int
    column: int
    end_line: int
    end_column: int

    @property
    def where(self) -> str:
        """``file:line:col`` of the number."""
        return f"{self.file.document.path}:{self.line}:{self.column}"

    def written(self, text: str, value_text: str) -> str:
        """``text`` (this file's text) with the number replaced by ``value_text``."""
        start = _offset(text, self.line, self.column)
        end = _offset(text, self.end_line, self.end_column)
        return text[:start] + value_text + text[end:]


def design_files(ws: Workspace, layout: Layout) -> list[SourceFile]:
    """The files a design plays: its layout, its board and every file of its packs."""
    files: list[SourceFile] = []
    if layout.document is not None:
        files.append(SourceFile(layout.document, Path(layout.document.path).resolve(), "layout"))
    board = ws.boards.get(layout.board)
    if board is not None:
        files.append(SourceFile(board.document, Path(board.document.path).resolve(), "board"))
    for pack in ws.packs_in_use(layout):
        named = [("pack", pack.manifest)]
        named += [(Path(doc.path).name.removesuffix(".yaml"), doc) for _kind, doc in pack.documents]
        for stem, document in named:
            files.append(SourceFile(document, Path(document.path).resolve(), stem, pack.id))
    return files


def locate(path: str, files: Sequence[SourceFile]) -> Location:
    """The one number ``path`` names in ``files``; :class:`SweepPathError` otherwise."""
    steps = _steps(path)
    pool = list(files)
    if steps[0] in {f.pack for f in files if f.pack} and len(steps) > 1:
        pool = [f for f in files if f.pack == steps[0]]
        steps = steps[1:]
    found: list[Location] = []
    failures: list[tuple[int, Diagnostic]] = []
    for file in pool:
        starts = [steps[1:]] if steps[0] == file.stem and len(steps) > 1 else []
        if isinstance(file.document.data, dict) and steps[0] in file.document.data:
            starts.append(steps)
        for rest in starts:
            result = _walk(path, file, rest)
            if isinstance(result, Location):
                found.append(result)
            else:
                failures.append(result)
    if len(found) == 1:
        return found[0]
    if found:
        places = ", ".join(f"{loc.where} ({loc.file.pack or loc.file.stem})" for loc in found)
        raise SweepPathError(
            f"{path!r} names a number in {len(found)} files: {places}; start the path with"
            " the pack's id to say which"
        )
    if failures:  # the one that got furthest says best what is wrong
        raise SweepPathError(path, max(failures, key=lambda f: f[0])[1])
    names = sorted({f.stem for f in pool})
    raise SweepPathError(
        f"{path!r}: no file of the design is called {steps[0]!r} nor has it as a top-level"
        f" key; its files are {', '.join(names)}"
    )


def _steps(path: str) -> list[str]:
    """A path's steps: split at dots, ``stock[tile=beach]`` as ``stock`` then ``[tile=beach]``."""
    steps: list[str] = []
    for raw in path.split("."):
        step = raw.strip()
        if selector := _SELECTOR.match(step):
            steps += [
                part for part in (selector.group(1).strip(), f"[{selector.group(2)}]") if part
            ]
        elif step and "[" not in step and "]" not in step:
            steps.append(step)
        else:
            raise SweepPathError(
                f"{path!r} is not a path: write steps joined by dots, like a.b.c"
                " (a list item may be picked by [key=value])"
            )
    return steps


def _walk(path: str, file: SourceFile, steps: Sequence[str]) -> Location | tuple[int, Diagnostic]:
    document = file.document
    node: Any = document.data
    at: Path_ = ()
    for depth, step in enumerate(steps):
        taken = _step(node, step)
        if isinstance(taken, str):  # why the step fails
            full = _steps(path)  # the steps before this one, as the user wrote them
            said = ".".join(full[: len(full) - len(steps) + depth]) or "the file"
            return depth, document.error_at(at, CODE, f"{path}: {said} {taken}")
        for part in taken:
            node = node[part]
            at = (*at, part)
    if isinstance(node, bool) or not isinstance(node, int | float):
        what = _kind(node)
        return len(steps), document.error_at(at, CODE, f"{path} names {what}, not a number")
    span = document.value_span(at)
    location = Location(
        path, file, at, node, span.line, span.column, span.end_line, span.end_column
    )
    if _scalar(document.text, location) != node:
        message = f"{path} is a number reached through an alias; change the value it copies"
        return len(steps), document.error_at(at, CODE, message)
    return location


def _step(node: Any, step: str) -> tuple[str | int, ...] | str:
    """The data path one step takes from ``node``, or why it cannot be taken."""
    if isinstance(node, dict):
        if step in node:
            return (step,)
        return f"has no {step!r}; it has {_listed(node)}"
    if not isinstance(node, list):
        return f"is {_kind(node)}, with nothing inside to name {step!r}"
    if step.isdigit():
        index = int(step)
        return (index,) if index < len(node) else f"has {len(node)} items; no item {index}"
    if step.startswith("["):
        return _select(node, step[1:-1])
    items = [i for i, item in enumerate(node) if isinstance(item, dict)]
    by_id = [i for i in items if node[i].get("id") == step]
    if len(by_id) == 1:
        return (by_id[0],)
    by_value = [i for i in items if step in node[i].values()]
    if len(by_value) == 1:
        return (by_value[0],)
    if len(by_value) > 1:
        return f"has {len(by_value)} items holding {step!r}; pick one with [key=value]"
    by_key = [i for i in items if step in node[i]]
    if len(by_key) == 1:
        return (by_key[0], step)
    if len(by_key) > 1:
        return f"has {len(by_key)} items with {step!r}; pick one by its index"
    ids = [str(node[i]["id"]) for i in items if "id" in node[i]]
    known = f"its ids are {', '.join(ids[:12])}" if ids else f"it has {len(node)} items"
    return f"has no item {step!r}; {known}"


def _select(node: list[Any], inside: str) -> tuple[str | int, ...] | str:
    wanted: dict[str, str] = {}
    for pair in inside.split(","):
        key, equals, value = (piece.strip() for piece in pair.partition("="))
        if not equals or not key:
            return f"cannot read [{inside}]: write [key=value,...]"
        wanted[key] = value
    matches = [
        i
        for i, item in enumerate(node)
        if isinstance(item, dict) and all(str(item.get(k)) == v for k, v in wanted.items())
    ]
    if len(matches) == 1:
        return (matches[0],)
    return f"has {len(matches)} items matching [{inside}], not one"


def _scalar(text: str, location: Location) -> Any:
    """The number the text holds at a location's span, read again (None if it holds none)."""
    start = _offset(text, location.line, location.column)
    end = _offset(text, location.end_line, location.end_column)
    document, problems = parse_document(f"v: {text[start:end]}\n", "value")
    if document is None or problems or not isinstance(document.data, dict):
        return None
    return document.data.get("v")


def _offset(text: str, line: int, column: int) -> int:
    lines = text.split("\n")
    return sum(len(piece) + 1 for piece in lines[: line - 1]) + column - 1


def _kind(node: Any) -> str:
    if isinstance(node, dict):
        return "a mapping"
    if isinstance(node, list):
        return "a list"
    if node is None:
        return "nothing (null)"
    if isinstance(node, bool):
        return f"a true/false value ({str(node).lower()})"
    if isinstance(node, int | float):
        return f"the number {node}"
    return f"the text {str(node)!r}"


def _listed(keys: Iterable[Any]) -> str:
    names = [str(k) for k in keys]
    if not names:
        return "nothing"
    return ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")
