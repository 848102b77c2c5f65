"""The rules-examples runner shared by every game: find, load, dispatch, report.

A rules example (``*.example.yaml``, format in ``../shared/spec/examples.md``) names its game;
the game's registered :data:`~editor.core.registry.ExampleRunner` builds the situation, plays
the steps and compares what it expects. This module knows no game: it loads the files through
the one workspace loader, hands each valid example to its game, and turns the answers into
``PASS``/``FAIL`` lines and an exit code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from editor.core import registry
from editor.core.diagnostics import Diagnostic, error, sort_diagnostics
from editor.core.files import display_path, file_kind
from editor.core.workspace import Workspace, load_workspace

EXAMPLE_KIND = "example"


class Status(Enum):
    """How one example went."""

    PASSED = "PASS"
    FAILED = "FAIL"
    #: The file could not be run (bad YAML, schema error, unknown id...).
    BROKEN = "ERROR"


@dataclass(frozen=True)
class ExampleResult:
    """The outcome of one example file."""

    path: str
    title: str
    #: What differed from the expectations; empty when the example passed.
    differences: tuple[str, ...] = ()
    #: Why the file could not be run; empty when it ran.
    problems: tuple[Diagnostic, ...] = ()

    @property
    def status(self) -> Status:
        """Passed, failed, or could not be run."""
        if self.problems:
            return Status.BROKEN
        return Status.FAILED if self.differences else Status.PASSED

    def line(self) -> str:
        """The one-line verdict: ``PASS <file>: <title>`` or ``FAIL <file>: <title>: <why>``."""
        status = self.status
        if status is Status.PASSED:
            return f"PASS {self.path}: {self.title}"
        if status is Status.FAILED:
            return f"FAIL {self.path}: {self.title}: {'; '.join(self.differences)}"
        title = f": {self.title}" if self.title else ""
        return f"ERROR {self.path}{title}: cannot be run ({len(self.problems)} problem(s))"


@dataclass(frozen=True)
class ExamplesRun:
    """Every example found under some paths, in file order, and problems with the paths."""

    results: tuple[ExampleResult, ...]
    #: Paths that hold no example or are not example files.
    path_problems: tuple[str, ...] = ()

    @property
    def exit_code(self) -> int:
        """0 all passed, 1 some failed, 2 some could not be run (or nothing to run)."""
        if self.path_problems or not self.results:
            return 2
        if any(r.status is Status.BROKEN for r in self.results):
            return 2
        return 1 if any(r.status is Status.FAILED for r in self.results) else 0

    def count(self, status: Status) -> int:
        """How many examples ended with this status."""
        return sum(r.status is status for r in self.results)

    def summary(self) -> str:
        """A one-line count of the verdicts."""
        total = len(self.results)
        text = f"{total} example{'s' * (total != 1)}: {self.count(Status.PASSED)} passed"
        text += f", {self.count(Status.FAILED)} failed"
        broken = self.count(Status.BROKEN)
        if broken:
            text += f", {broken} could not be run"
        return text


class ExamplesPathError(Exception):
    """A path given to the runner does not exist."""


def run_examples(paths: Sequence[str | Path]) -> ExamplesRun:
    """Run every rules example in these files and folders (folders: ``*.example.yaml``)."""
    path_problems: list[str] = []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise ExamplesPathError(f"cannot read {str(raw)!r}: no such file or folder")
        if path.is_file() and file_kind(path) != EXAMPLE_KIND:
            path_problems.append(
                f"{display_path(path)}: not a rules example; their names end in .example.yaml"
            )
    ws = load_workspace([Path(p) for p in paths])
    shown = sorted(p for p in ws.targets if ws.kinds.get(p) == EXAMPLE_KIND)
    if not shown:  # a folder without examples may still lend its packs to the others
        folders = ", ".join(display_path(Path(p)) for p in paths if Path(p).is_dir())
        if folders:
            path_problems.append(f"no *.example.yaml file in {folders}")
    results = tuple(run_one(ws, s) for s in shown)
    return ExamplesRun(results, tuple(path_problems))


def run_one(ws: Workspace, shown: str) -> ExampleResult:
    """Run the example file loaded under this display path."""
    document = ws.documents.get(shown)
    title = ""
    if document is not None and isinstance(document.data, dict):
        raw_title = document.data.get("example")
        title = raw_title if isinstance(raw_title, str) else ""
    problems = sort_diagnostics(d for d in ws.diagnostics if d.path == shown and d.is_error)
    if document is None and not problems:  # pragma: no cover - the loader always says why
        problems = [error(shown, 1, 1, "unreadable-file", "the file could not be read")]
    if problems or document is None:
        return ExampleResult(shown, title, problems=tuple(problems))
    game = registry.get(document.data["game"])
    if game is None:  # pragma: no cover - the loader has reported the unknown game
        problem = document.error_at(("game",), "unknown-game", "no such game")
        return ExampleResult(shown, title, problems=(problem,))
    if game.play is None or game.play.examples is None:
        problem = document.error_at(
            ("game",), "no-examples", f"Seastack cannot run rules examples of {game.name} yet"
        )
        return ExampleResult(shown, title, problems=(problem,))
    try:
        errors, differences = game.play.examples(ws, document)
    except Exception as exc:  # a bug of ours: this example cannot be run; run the others
        crash = f"{type(exc).__name__}: {exc}"
        reason = f"internal error of the {game.name} rules ({crash}); please report it"
        return ExampleResult(shown, title, problems=(error(shown, 1, 1, "internal-error", reason),))
    if errors:
        return ExampleResult(shown, title, problems=tuple(sort_diagnostics(errors)))
    return ExampleResult(shown, title, differences=tuple(differences))
