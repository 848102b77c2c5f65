"""Diagnostics: one problem found in a file, with where it is and how bad it is.

Every check in Seastack (YAML syntax, schemas, semantic checks of every game) reports
through :class:`Diagnostic`, so the CLI, the editor and the tests read them the same way.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable
from dataclasses import dataclass, field


def suggest(word: str, known: Iterable[str], *, listing: str = "known", sort: bool = True) -> str:
    """A hint to end a message about an unknown word: the closest known one, else all of them.

    ``listing`` introduces the full list; ``sort=False`` keeps the order given (a schema's enum).

    >>> suggest("beech", ["meadow", "beach"])
    "; did you mean 'beach'?"
    >>> suggest("zz", ["wind", "specialists"])
    '; known: specialists, wind'
    >>> suggest("zz", ["b", "a"], listing="use one of", sort=False)
    '; use one of: b, a'
    >>> suggest("zz", [])
    ''
    """
    names = sorted(known) if sort else list(known)
    close = difflib.get_close_matches(word, names, n=1)
    if close:
        return f"; did you mean {close[0]!r}?"
    return f"; {listing}: {', '.join(names)}" if names else ""


class Severity(enum.Enum):
    """How bad a diagnostic is; only errors make `seastack validate` fail."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, order=True)
class Diagnostic:
    """A problem in a file at a 1-based line and column.

    >>> d = Diagnostic("x.layout.yaml", 3, 5, Severity.ERROR, "unknown-key", "no 'foo' here")
    >>> d.format()
    "x.layout.yaml:3:5: error unknown-key: no 'foo' here"
    """

    path: str
    line: int
    column: int
    severity: Severity = field(compare=False)
    code: str
    message: str = field(compare=True)

    def format(self) -> str:
        """The compiler-style line `path:line:col: severity CODE: message`."""
        return (
            f"{self.path}:{self.line}:{self.column}: "
            f"{self.severity.value} {self.code}: {self.message}"
        )

    def to_json(self) -> dict[str, object]:
        """A plain dict for `--format json`."""
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
        }

    @property
    def is_error(self) -> bool:
        """True for errors, the severity that fails validation."""
        return self.severity is Severity.ERROR


def error(path: str, line: int, column: int, code: str, message: str) -> Diagnostic:
    """Shorthand for an error diagnostic."""
    return Diagnostic(path, line, column, Severity.ERROR, code, message)


def warning(path: str, line: int, column: int, code: str, message: str) -> Diagnostic:
    """Shorthand for a warning diagnostic."""
    return Diagnostic(path, line, column, Severity.WARNING, code, message)


def sort_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics by file, then line and column, without duplicates."""
    return sorted(set(diagnostics))
