"""What every game's check of its rules examples shares: the examples of one game, the
schema of its keys first, then the game's own checker, whose problems sit at a line and
column of the example and whose result is what the example runs with."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document, Path_
from editor.core.workspace import Workspace

#: What a checked example runs with (each game's own ``Setup``).
S = TypeVar("S")
#: What the schema calls a document that breaks it.
WHAT = "rules example"


def examples_of(ws: Workspace, game_id: str) -> Iterator[Document]:
    """The loaded rules examples of one game."""
    for document in ws.examples:
        if isinstance(document.data, dict) and document.data.get("game") == game_id:
            yield document


class ExampleChecker(Generic[S]):
    """A game's checks of one example whose keys passed their schema: :meth:`error` notes a
    problem at a place of the document; :meth:`check` returns what the example runs with."""

    def __init__(self, ws: Workspace, document: Document) -> None:
        self.ws = ws
        self.doc = document
        self.data: dict[str, Any] = document.data
        self.given: dict[str, Any] = self.data["given"]
        self.problems: list[Diagnostic] = []

    def error(self, path: Path_, code: str, message: str, *, at_key: bool = False) -> None:
        """A problem at ``path`` of the example (its key when ``at_key``)."""
        self.problems.append(self.doc.error_at(path, code, message, at_key=at_key))

    def check(self) -> S | None:
        """What the example runs with (None when it cannot be built)."""
        raise NotImplementedError


def check_example_with(
    ws: Workspace,
    document: Document,
    schema: str,
    checker: Callable[[Workspace, Document], ExampleChecker[S]],
) -> tuple[list[Diagnostic], S | None]:
    """The problems of one example (its schema's, else its checker's), or what it runs with
    when it has none."""
    problems = ws.schemas.validate(document, schema, WHAT)
    if problems:
        return problems, None
    found = checker(ws, document)
    setup = found.check()
    return found.problems, (setup if not found.problems else None)
