"""Diagnostics: one problem found in a file, with where it is and how bad it is.

Every check in Seastack (YAML syntax, schemas, semantic checks of every game) reports
through :class:`Diagnostic`, so the CLI, the editor and the tests read them the same way.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

#: The longest excerpt of a value a message quotes (:func:`excerpt`).
EXCERPT_LIMIT = 60
#: The longest message a diagnostic keeps, whatever a check wrote: a file's text never
#: reaches the output whole.
MESSAGE_LIMIT = 1000


def clip(text: str, limit: int = EXCERPT_LIMIT) -> str:
    """``text`` cut to at most ``limit`` characters, ending with "…" when it was longer.

    >>> clip("abcdef", 4)
    'abc…'
    >>> clip("abc", 4)
    'abc'
    """
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def excerpt(value: object, limit: int = EXCERPT_LIMIT) -> str:
    """A value as a message quotes it (its ``repr``), cut short: at most ``limit`` characters
    of a long string, ended by "…" inside the quotes; any other long value cut the same way.

    >>> excerpt("beach")
    "'beach'"
    >>> excerpt("x" * 100, 10)
    "'xxxxxxxxx…'"
    >>> excerpt(list(range(100)), 12)
    '[0, 1, 2, 3…'
    """
    if isinstance(value, str):
        return repr(clip(value, limit))
    return clip(repr(value), limit)


def printable(text: str) -> str:
    r"""Text that stays on its line of a terminal: line breaks, control characters and others
    that cannot be printed are escaped, so no file name or value can forge a line of output.

    >>> printable("a.yaml")
    'a.yaml'
    >>> print(printable("evil\nx.yaml:1:1: error"))
    evil\nx.yaml:1:1: error
    >>> print(printable("bell\x07 \x1b[31m \ud800 \u2028"))
    bell\x07 \x1b[31m \ud800 \u2028
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else _escaped(ch) for ch in text)


def _escaped(char: str) -> str:
    named = {"\n": r"\n", "\r": r"\r", "\t": r"\t"}.get(char)
    if named is not None:
        return named
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


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

    def __post_init__(self) -> None:
        if len(self.message) > MESSAGE_LIMIT:
            object.__setattr__(self, "message", clip(self.message, MESSAGE_LIMIT))

    def format(self) -> str:
        r"""The compiler-style line `path:line:col: severity CODE: message`, kept on one
        line: line breaks and control characters in the name or message are escaped.

        >>> print(Diagnostic("a\nb.yaml", 1, 2, Severity.ERROR, "x", "m").format())
        a\nb.yaml:1:2: error x: m
        """
        return printable(
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
