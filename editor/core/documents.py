"""The one YAML loader of Seastack: safe, strict, and with a position for every value.

Every YAML file the CLI, the editor or the tests read goes through :func:`load_document`
or :func:`parse_document`. The loader works on PyYAML's *event* stream (the C parser of
libyaml when available, else the pure Python one) and composes the data itself, so that:

* no object is ever constructed from a tag and nothing is ever executed;
* every key and value keeps its source :class:`Span` (1-based lines and columns);
* duplicate keys, custom tags, complex keys, several documents in one file and
  "billion laughs" alias bombs are reported as :class:`~editor.core.diagnostics.Diagnostic`;
* plain scalars follow the YAML 1.2 *core* schema (``yes``/``no``/``on``/``off`` stay
  strings, dates stay strings, no ``1_000`` nor sexagesimal numbers).

Merge keys (``<<: *base``) are not a YAML 1.2 feature: ``<<`` is an ordinary key here.

Outcome of a parse (the ``Document`` is ``None`` exactly for the *fatal* codes):

============================ ==================================================
code                         Document
============================ ==================================================
``unreadable-file``          ``None``
``file-too-large``           ``None`` (refused before reading: :data:`MAX_FILE_BYTES`)
``binary-file``              ``None``
``yaml-syntax``              ``None`` (parsing stops at the first one)
``yaml-alias-budget``        ``None`` (parsing stops at once)
``yaml-too-deep``            ``None`` (parsing stops at once)
``duplicate-key``            present; the first value of the key is kept
``complex-key``              present; the entry is left out
``yaml-tag``                 present; the value is read as if it had no tag
``yaml-multiple-documents``  present; holds the first document only
``unencodable-text``         present; the value holds a lone surrogate (``"\\ud800"``)
============================ ==================================================

At most :data:`MAX_PROBLEMS` diagnostics are kept per file; past them one
``too-many-problems`` diagnostic says how many more there are (:func:`cap_problems`, which
the workspace applies to everything found in a file, its schema and semantic checks too).
"""

from __future__ import annotations

import codecs
import math
import os
import re
import stat
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, Protocol

import yaml
from yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from editor.core.diagnostics import EXCERPT_LIMIT, Diagnostic, error, excerpt, warning

__all__ = [
    "HAS_LIBYAML",
    "MAX_ALIASES",
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "MAX_PROBLEMS",
    "Document",
    "Path_",
    "Span",
    "cap_problems",
    "load_document",
    "parse_document",
]

MAX_ALIASES: Final = 100
"""At most this many alias nodes (``*name``) in one file."""
MAX_NODES: Final = 100_000
"""At most this many nodes in one file once every alias is expanded (checked at aliases)."""
MAX_DEPTH: Final = 100
"""At most this many nested mappings/sequences."""
MAX_FILE_BYTES: Final = 4 * 1024 * 1024
"""A content file larger than this (4 MiB, in UTF-8) is refused before it is parsed."""
MAX_PROBLEMS: Final = 200
"""At most this many diagnostics per file; then one saying how many more there are."""
TOO_MANY_PROBLEMS: Final = "too-many-problems"
"""The code of the diagnostic that stands for those left out past :data:`MAX_PROBLEMS`."""

HAS_LIBYAML: Final[bool] = bool(getattr(yaml, "__with_libyaml__", False))
"""True when PyYAML was built with libyaml, so the fast C parser is used."""

_CORE: Final = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_CORE + t for t in ("str", "int", "float", "bool", "null"))
_SEQ, _MAP = _CORE + "seq", _CORE + "map"
_ALLOWED_TAGS: Final = "!!str, !!int, !!float, !!bool, !!null, !!seq and !!map"

Path_ = tuple[str | int, ...]
"""A path into the data: mapping keys (str) and sequence indices (int), e.g. ``("spaces", 0)``."""


@dataclass(frozen=True)
class Span:
    """Where a key or value is in the text: 1-based line and column of its start and end.

    The end is exclusive: it is the position just after the last character, as PyYAML's
    ``end_mark`` gives it. So ``a: 12`` gives the value ``12`` the span 1:4-1:6. For a
    block scalar (``|`` or ``>``) the end is the start of the line after it (after any
    trailing blank lines); for a block mapping or sequence it is the end of its last value.
    """

    line: int
    column: int
    end_line: int
    end_column: int


_EMPTY_SPAN: Final = Span(1, 1, 1, 1)


class Document:
    """A parsed YAML file: its text, its data, and the source span of every key and value.

    ``data`` is built from ``dict[str, Any]``, ``list[Any]``, ``str``, ``int``, ``float``,
    ``bool`` and ``None`` only. A value reached through an alias is the *same* Python
    object as the anchored one (as with ``yaml.safe_load``); treat ``data`` as read-only.
    Spans are kept for values written in the file; a path inside an alias's expansion
    has no span of its own and :meth:`value_span` answers with the alias.
    """

    __slots__ = ("_key_spans", "_value_spans", "data", "is_empty", "path", "text")

    def __init__(
        self,
        path: str,
        text: str,
        data: Any,
        value_spans: dict[Path_, Span],
        key_spans: dict[Path_, Span],
        is_empty: bool,
    ) -> None:
        self.path: str = path
        """The path as given by the caller, used verbatim in diagnostics."""
        self.text: str = text
        """The text of the file (without a UTF-8 byte order mark)."""
        self.data: Any = data
        """The data; ``None`` for an empty file."""
        self.is_empty: bool = is_empty
        """True when the file holds no YAML content: only blanks, comments, ``---``/``...``."""
        self._value_spans = value_spans
        self._key_spans = key_spans

    def __repr__(self) -> str:
        return f"Document(path={self.path!r}, data={self.data!r})"

    def value_span(self, path: Path_) -> Span:
        """The span of the value at `path`, or of its nearest ancestor that has one.

        The root path ``()`` spans the top-level value (1:1-1:1 for an empty file).
        """
        spans = self._value_spans
        for length in range(len(path), -1, -1):
            span = spans.get(path[:length])
            if span is not None:
                return span
        return _EMPTY_SPAN  # pragma: no cover - the root always has a span

    def key_span(self, path: Path_) -> Span | None:
        """The span of the key whose value is at `path`; None for the root and list items."""
        return self._key_spans.get(path)

    def has(self, path: Path_) -> bool:
        """True when `path` leads to a value in :attr:`data`."""
        node = self.data
        for step in path:
            if isinstance(node, dict) and isinstance(step, str):
                if step not in node:
                    return False
                node = node[step]
            elif isinstance(node, list) and type(step) is int:
                if not 0 <= step < len(node):
                    return False
                node = node[step]
            else:
                return False
        return True

    def get(self, path: Path_, default: Any = None) -> Any:
        """The value at `path`, or `default` when :meth:`has` is false."""
        if not self.has(path):
            return default
        node = self.data
        for step in path:
            node = node[step]
        return node

    def header_schema(self) -> str | None:
        """The ``$schema=`` of a first-line ``# yaml-language-server: $schema=...`` comment."""
        first_line = self.text.split("\n", 1)[0]
        match = _SCHEMA_MODELINE.match(first_line)
        return match.group(1) if match else None

    def error_at(self, path: Path_, code: str, message: str, *, at_key: bool = False) -> Diagnostic:
        """An error diagnostic at the value at `path` (or at its key when `at_key` and any)."""
        span = (self.key_span(path) if at_key else None) or self.value_span(path)
        return error(self.path, span.line, span.column, code, message)

    def warning_at(
        self, path: Path_, code: str, message: str, *, at_key: bool = False
    ) -> Diagnostic:
        """A warning diagnostic at the value at `path` (or at its key when `at_key` and any)."""
        span = (self.key_span(path) if at_key else None) or self.value_span(path)
        return warning(self.path, span.line, span.column, code, message)


_SCHEMA_MODELINE: Final = re.compile(r"#\s*yaml-language-server\s*:\s*\$schema=(\S+)\s*$")


# --------------------------------------------------------------------------- scalars

_INT_DEC: Final = re.compile(r"[-+]?[0-9]+")
_INT_OCT: Final = re.compile(r"0o[0-7]+")
_INT_HEX: Final = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT_NUM: Final = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_FLOAT_INF: Final = re.compile(r"[-+]?\.(?:inf|Inf|INF)")
_FLOAT_NAN: Final = re.compile(r"\.(?:nan|NaN|NAN)")
_NULLS: Final = frozenset({"", "~", "null", "Null", "NULL"})
_TRUES: Final = frozenset({"true", "True", "TRUE"})
_FALSES: Final = frozenset({"false", "False", "FALSE"})
_NO_VALUE: Final = object()
_TOO_LONG: Final = object()


def _as_int(text: str) -> Any:
    """The int that `text` spells in the YAML 1.2 core schema, else `_NO_VALUE`.

    An integer with more digits than Python converts (``sys.get_int_max_str_digits``)
    gives `_TOO_LONG`.
    """
    try:
        if _INT_DEC.fullmatch(text):
            return int(text, 10)
        if _INT_OCT.fullmatch(text):
            return int(text[2:], 8)
        if _INT_HEX.fullmatch(text):
            return int(text[2:], 16)
    except ValueError:
        return _TOO_LONG
    return _NO_VALUE


def _as_float(text: str) -> Any:
    """The float that `text` spells in the YAML 1.2 core schema, else `_NO_VALUE`."""
    if _FLOAT_NUM.fullmatch(text):
        return float(text)
    if _FLOAT_INF.fullmatch(text):
        return -math.inf if text.startswith("-") else math.inf
    if _FLOAT_NAN.fullmatch(text):
        return math.nan
    return _NO_VALUE


def _as_bool(text: str) -> Any:
    """The bool that `text` spells in the YAML 1.2 core schema, else `_NO_VALUE`."""
    if text in _TRUES:
        return True
    if text in _FALSES:
        return False
    return _NO_VALUE


def _as_null(text: str) -> Any:
    """None when `text` spells null in the YAML 1.2 core schema, else `_NO_VALUE`."""
    return None if text in _NULLS else _NO_VALUE


def _resolve_plain(text: str) -> Any:
    """The value of an untagged plain scalar under the YAML 1.2 core schema."""
    if text in _NULLS:
        return None
    first = text[0]
    if first in "tTfF":
        value = _as_bool(text)
        return text if value is _NO_VALUE else value
    if first in "0123456789+-.":
        value = _as_int(text)
        if value is _NO_VALUE:
            value = _as_float(text)
        return text if value is _NO_VALUE or value is _TOO_LONG else value
    return text


def _as_float_or_int(text: str) -> Any:
    """Float for an explicit ``!!float``: also accepts the integer forms."""
    value = _as_float(text)
    if value is _NO_VALUE:
        value = _as_int(text)
        if value is _TOO_LONG:
            return _NO_VALUE
        if value is not _NO_VALUE:
            value = float(value)
    return value


def _as_tagged_int(text: str) -> Any:
    """Int for an explicit ``!!int``; `_NO_VALUE` when too long to convert."""
    value = _as_int(text)
    return _NO_VALUE if value is _TOO_LONG else value


_TAGGED_SCALAR: Final[dict[str, Callable[[str], Any]]] = {
    _INT: _as_tagged_int,
    _FLOAT: _as_float_or_int,
    _BOOL: _as_bool,
    _NULL: _as_null,
}


def _short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:int`` -> ``!!int``; other tags unchanged."""
    return "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag


# --------------------------------------------------------------------------- composer


class _EventSource(Protocol):
    """What both PyYAML parsers (C and pure Python) offer."""

    def get_event(self) -> Any: ...

    def peek_event(self) -> Any: ...

    def dispose(self) -> None: ...


class _Mark(Protocol):
    line: int
    column: int


class _Node(NamedTuple):
    """A composed node: its value, span, scalar text (None for collections), size in nodes."""

    value: Any
    span: Span
    text: str | None
    kind: str
    size: int


class _Fatal(Exception):
    """Stops composing: the diagnostic makes the document unusable."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _position(mark: _Mark | None) -> tuple[int, int]:
    """1-based line and column of a 0-based PyYAML mark (1:1 when there is none)."""
    return (1, 1) if mark is None else (mark.line + 1, mark.column + 1)


def _span(start: _Mark | None, end: _Mark | None) -> Span:
    return Span(*_position(start), *_position(end))


class _Composer:
    """Builds plain data and spans from a PyYAML event stream, with every check."""

    def __init__(self, events: _EventSource, path: str) -> None:
        self.events = events
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.value_spans: dict[Path_, Span] = {}
        self.key_spans: dict[Path_, Span] = {}
        self.anchors: dict[str, _Node] = {}
        self.aliases = 0
        self.nodes = 0
        #: Problems past :data:`MAX_PROBLEMS`, counted but not kept.
        self.more = 0

    def _error(self, mark: _Mark | None, code: str, message: str) -> Diagnostic:
        """Record a problem (a fatal one always, another only while under the cap)."""
        diagnostic = error(self.path, *_position(mark), code, message)
        if code in _FATAL or not self._many():
            self.diagnostics.append(diagnostic)
        return diagnostic

    def _note(self, diagnostic: Diagnostic) -> None:
        if not self._many():
            self.diagnostics.append(diagnostic)

    def _many(self) -> bool:
        """Whether this file has more problems than are kept: later ones are only counted
        (their diagnostics are not even built), then stand for one ``too-many-problems``."""
        if len(self.diagnostics) < MAX_PROBLEMS:
            return False
        self.more += 1
        return True

    def problems(self) -> list[Diagnostic]:
        """The diagnostics kept, and the one standing for the rest when there were more."""
        if not self.more:
            return self.diagnostics
        last = self.diagnostics[-1]
        return [*self.diagnostics, _too_many(last.path, last.line, last.column, self.more)]

    def compose(self) -> tuple[Any, bool]:
        """Read the stream; return the data and whether the file is empty."""
        events = self.events
        events.get_event()  # StreamStartEvent
        if isinstance(events.peek_event(), StreamEndEvent):
            self.value_spans[()] = _EMPTY_SPAN
            return None, True
        events.get_event()  # DocumentStartEvent
        first = events.peek_event()
        is_empty = (
            isinstance(first, ScalarEvent)
            and first.value == ""
            and first.tag is None
            and first.anchor is None
            and first.style in (None, "")
        )
        root = self._node((), True, 0)
        if is_empty:
            self.value_spans[()] = _EMPTY_SPAN
        events.get_event()  # DocumentEndEvent
        following = events.peek_event()
        if isinstance(following, DocumentStartEvent):
            self._error(
                following.start_mark,
                "yaml-multiple-documents",
                "only one YAML document per file is expected; a second one starts here",
            )
        return root.value, is_empty

    def _node(self, path: Path_, record: bool, depth: int) -> _Node:
        event = self.events.get_event()
        if isinstance(event, AliasEvent):
            node = self._alias(event)
        else:
            self.nodes += 1
            if isinstance(event, ScalarEvent):
                node = self._scalar(event)
            elif depth >= MAX_DEPTH:
                raise _Fatal(
                    self._error(
                        event.start_mark,
                        "yaml-too-deep",
                        f"mappings and lists are nested more than {MAX_DEPTH} levels deep",
                    )
                )
            elif isinstance(event, SequenceStartEvent):
                node = self._sequence(event, path, record, depth)
            elif isinstance(event, MappingStartEvent):
                node = self._mapping(event, path, record, depth)
            else:  # pragma: no cover - the parser guarantees a node event here
                raise AssertionError(f"unexpected YAML event {event!r}")
            if event.anchor is not None:
                self.anchors[event.anchor] = node
        if record:
            self.value_spans[path] = node.span
        return node

    def _check_nodes(self, event: Event) -> None:
        """Only an alias can pass the budget: a file without any is bounded by its size."""
        if self.nodes > MAX_NODES:
            raise _Fatal(
                self._error(
                    event.start_mark,
                    "yaml-alias-budget",
                    f"the file expands to more than {MAX_NODES} values once aliases are "
                    "replaced (a 'billion laughs' file?); use fewer aliases",
                )
            )

    def _alias(self, event: AliasEvent) -> _Node:
        self.aliases += 1
        if self.aliases > MAX_ALIASES:
            raise _Fatal(
                self._error(
                    event.start_mark,
                    "yaml-alias-budget",
                    f"more than {MAX_ALIASES} aliases (*name) in one file",
                )
            )
        anchored = self.anchors.get(event.anchor or "")
        if anchored is None:
            raise _Fatal(
                self._error(
                    event.start_mark,
                    "yaml-syntax",
                    f"YAML syntax: alias '*{event.anchor}' refers to no anchor "
                    f"'&{event.anchor}' defined before it",
                )
            )
        self.nodes += anchored.size
        self._check_nodes(event)
        return anchored._replace(span=_span(event.start_mark, event.end_mark))

    def _scalar(self, event: ScalarEvent) -> _Node:
        text = event.value
        tag = event.tag
        value: Any
        if tag is None:
            value = _resolve_plain(text) if event.style in (None, "") else text
        elif tag == _STR:
            value = text
        else:
            convert = _TAGGED_SCALAR.get(tag)
            value = _NO_VALUE if convert is None else convert(text)
            if value is _NO_VALUE:
                if convert is None:
                    self._bad_tag(event.start_mark, tag)
                else:
                    self._error(
                        event.start_mark,
                        "yaml-tag",
                        f"{excerpt(text)} is not a valid {_short_tag(tag)} value",
                    )
                value = _resolve_plain(text) if event.style in (None, "") else text
        if isinstance(value, str):
            self._check_encodable(event.start_mark, value)
        return _Node(value, _span(event.start_mark, event.end_mark), text, "value", 1)

    def _check_encodable(self, mark: _Mark | None, text: str) -> None:
        """A lone surrogate (only an escape such as ``"\\ud800"`` writes one) is no character:
        it cannot be saved as UTF-8, so the editor could never write the file back."""
        bad = _SURROGATE.search(text)
        if bad is not None:
            self._error(
                mark,
                "unencodable-text",
                f"U+{ord(bad.group()):04X} is half of a UTF-16 pair, not a character: it"
                " cannot be saved as UTF-8; write the character itself instead of the escape",
            )

    def _bad_tag(self, mark: _Mark | None, tag: str) -> None:
        self._error(
            mark,
            "yaml-tag",
            f"tag '{_short_tag(tag)}' is not allowed here; only {_ALLOWED_TAGS} may be written",
        )

    def _check_collection_tag(self, event: CollectionStartEvent, allowed: str) -> None:
        if event.tag is not None and event.tag != allowed:
            self._bad_tag(event.start_mark, event.tag)

    def _end(self, start: Event, last: Span | None, flow: bool | None) -> Span:
        end_event = self.events.get_event()
        if last is None or flow:
            return _span(start.start_mark, end_event.end_mark)
        return Span(*_position(start.start_mark), last.end_line, last.end_column)

    def _sequence(self, event: SequenceStartEvent, path: Path_, record: bool, depth: int) -> _Node:
        self._check_collection_tag(event, _SEQ)
        items: list[Any] = []
        size = 1
        last: Span | None = None
        peek = self.events.peek_event
        while not isinstance(peek(), SequenceEndEvent):
            item = self._node((*path, len(items)), record, depth + 1)
            items.append(item.value)
            size += item.size
            last = item.span
        return _Node(items, self._end(event, last, event.flow_style), None, "list", size)

    def _mapping(self, event: MappingStartEvent, path: Path_, record: bool, depth: int) -> _Node:
        self._check_collection_tag(event, _MAP)
        mapping: dict[str, Any] = {}
        key_lines: dict[str, int] = {}
        size = 1
        last: Span | None = None
        peek = self.events.peek_event
        while not isinstance(peek(), MappingEndEvent):
            key = self._node((), False, depth + 1)
            size += key.size
            text = key.text
            keep = record
            if text is None:
                keep = False
                self._note(
                    error(
                        self.path,
                        key.span.line,
                        key.span.column,
                        "complex-key",
                        f"a key must be a plain value, not a {key.kind}",
                    )
                )
            elif text in key_lines:
                keep = False
                self._note(
                    error(
                        self.path,
                        key.span.line,
                        key.span.column,
                        "duplicate-key",
                        f"duplicate key {_quoted_key(text)}"
                        f" (first defined on line {key_lines[text]})",
                    )
                )
            child_path = (*path, text) if text is not None else path
            value = self._node(child_path, keep, depth + 1)
            size += value.size
            last = value.span
            if text is not None and text not in key_lines:
                key_lines[text] = key.span.line
                mapping[text] = value.value
                if keep:
                    self.key_spans[child_path] = key.span
        return _Node(mapping, self._end(event, last, event.flow_style), None, "mapping", size)


class _PythonEvents(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
    """The pure Python PyYAML parser, as an event source."""

    def __init__(self, text: str) -> None:
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)


def _python_events(text: str) -> _EventSource:
    return _PythonEvents(text)


def _c_events(text: str) -> _EventSource:
    from yaml._yaml import CParser

    parser: _EventSource = CParser(text)
    return parser


# --------------------------------------------------------------------------- errors

_TOKEN_WORDS: Final = {
    "<block end>": "the end of the indented block",
    "<block mapping start>": "the start of a new mapping",
    "<block sequence start>": "the start of a new list",
    "<block entry>": "a '-' list item",
    "<flow sequence start>": "'['",
    "<flow sequence end>": "']'",
    "<flow mapping start>": "'{'",
    "<flow mapping end>": "'}'",
    "<flow entry>": "','",
    "<scalar>": "a value",
    "<alias>": "an alias",
    "<anchor>": "an anchor",
    "<tag>": "a tag",
    "<directive>": "a directive",
    "<document start>": "'---'",
    "<document end>": "'...'",
    "<stream start>": "the start of the file",
    "<stream end>": "the end of the file",
}
_TOKEN_NAME: Final = re.compile(r"'?(<[a-z ]+>)'?")
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_NON_PRINTABLE: Final = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)


def _quoted_key(text: str) -> str:
    """A key as a message quotes it: ``'id'``, a long one cut short."""
    return f"'{text}'" if len(text) <= EXCERPT_LIMIT and text.isprintable() else excerpt(text)


def _plain_problem(problem: str) -> str:
    """PyYAML's wording with token names made readable."""
    if "'\\t'" in problem:
        return "a tab character cannot be used here; indent with spaces"
    problem = problem.replace("end of stream", "end of file")
    problem = problem.replace("could not find expected", "could not find the expected")
    problem = problem.replace("found '?'", "found a new key")
    text = _TOKEN_NAME.sub(lambda m: _TOKEN_WORDS.get(m.group(1), m.group(0)), problem)
    if "<block end>" in problem:
        text += " (check the indentation)"
    return text


def _syntax_diagnostic(exc: yaml.YAMLError, path: str, text: str) -> Diagnostic:
    """A ``yaml-syntax`` diagnostic from a PyYAML error, with its position."""
    line, column = 1, 1
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        if mark is not None:
            line, column = mark.line + 1, mark.column + 1
        message = _plain_problem(exc.problem or exc.context or "invalid YAML")
        context, context_mark = exc.context, exc.context_mark
        if exc.problem and context and context_mark is not None:
            start = context_mark.line + 1
            if context == "while scanning a simple key":
                message = f"{message} after the key that starts on line {start}"
            else:
                message += f", {context} that starts on line {start}"
    elif isinstance(exc, yaml.reader.ReaderError):
        line, column = _line_column(text, exc.position)
        message = f"character {exc.character!r} is not allowed"
    else:  # pragma: no cover - PyYAML raises marked errors only
        message = str(exc)
    return error(path, line, column, "yaml-syntax", f"YAML syntax: {message}")


def _line_column(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of the character at `index` in `text`."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _decode(data: bytes, path: str) -> tuple[str | None, Diagnostic | None]:
    """UTF-8 text from `data` (a BOM is dropped), or a ``binary-file`` diagnostic."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None, error(
            path, 1, 1, "binary-file", "binary file: UTF-16 text is not supported, use UTF-8"
        )
    data = data.removeprefix(codecs.BOM_UTF8)
    nul = data.find(b"\x00")
    limit = len(data) if nul < 0 else nul
    try:
        text = data[:limit].decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _byte_line_column(data, exc.start)
        return None, error(
            path,
            line,
            column,
            "binary-file",
            f"binary file: not valid UTF-8 text (byte 0x{data[exc.start]:02x})",
        )
    if nul >= 0:
        line, column = _byte_line_column(data, nul)
        return None, error(path, line, column, "binary-file", "binary file: contains a NUL byte")
    return text, None


def _byte_line_column(data: bytes, index: int) -> tuple[int, int]:
    """1-based line and column (in characters) of the byte at `index` in UTF-8 `data`."""
    line_start = data.rfind(b"\n", 0, index) + 1
    prefix = data[line_start:index].decode("utf-8", errors="replace")
    return data.count(b"\n", 0, index) + 1, len(prefix) + 1


# --------------------------------------------------------------------------- public API


def parse_document(
    text: str | bytes, path: str, *, pure_python: bool = False
) -> tuple[Document | None, list[Diagnostic]]:
    """Parse one YAML document from `text`; `path` is only used to label diagnostics.

    Returns the document (None after a fatal error, see the module docstring) and the
    diagnostics, all errors, in file order. `pure_python` forces PyYAML's pure Python
    parser even when libyaml is available (both give the same results).

    >>> doc, diagnostics = parse_document("name: Snails\\nplayers: 2\\nfast: yes\\n", "g.yaml")
    >>> doc.data, diagnostics
    ({'name': 'Snails', 'players': 2, 'fast': 'yes'}, [])
    >>> doc.value_span(("players",))
    Span(line=2, column=10, end_line=2, end_column=11)
    >>> doc, diagnostics = parse_document("id: a\\nid: b\\n", "g.yaml")
    >>> doc.data, [d.format() for d in diagnostics]
    ({'id': 'a'}, ["g.yaml:2:1: error duplicate-key: duplicate key 'id' (first defined on line 1)"])
    """
    size = _utf8_size(text)
    if size > MAX_FILE_BYTES:
        return None, [_too_large(path, size)]
    key = (text, path, pure_python)
    if len(text) <= _CACHE_MAX_TEXT:
        with _CACHE_LOCK:
            found = _CACHE.get(key)
            if found is not None:
                _CACHE.move_to_end(key)
                return found[0], list(found[1])
    document, diagnostics = _parse_text(text, path, pure_python)
    if len(text) <= _CACHE_MAX_TEXT:
        with _CACHE_LOCK:
            _CACHE[key] = (document, tuple(diagnostics))
            while len(_CACHE) > _CACHE_SIZE:
                _CACHE.popitem(last=False)
    return document, diagnostics


def _utf8_size(text: str | bytes) -> int:
    """The bytes ``text`` takes in a file (UTF-8), counted only when it could be too many."""
    if isinstance(text, bytes) or len(text) * 4 <= MAX_FILE_BYTES or len(text) > MAX_FILE_BYTES:
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


#: Parsed texts kept: the editor re-checks the same unchanged files on every edit, and a
#: document is read-only, so one parse can serve every load of the same text.
_CACHE_SIZE = 512
_CACHE_MAX_TEXT = 1 << 20
_Parsed = tuple[Document | None, tuple[Diagnostic, ...]]
_CACHE: OrderedDict[tuple[str | bytes, str, bool], _Parsed] = OrderedDict()
_CACHE_LOCK = threading.Lock()


def _parse_text(
    text: str | bytes, path: str, pure_python: bool
) -> tuple[Document | None, list[Diagnostic]]:
    if isinstance(text, bytes):
        decoded, problem = _decode(text, path)
        if decoded is None:
            assert problem is not None
            return None, [problem]
        text = decoded
    elif text.startswith("\ufeff"):
        text = text[1:]
    bad = _NON_PRINTABLE.search(text)
    if bad is not None:
        line, column = _line_column(text, bad.start())
        char = bad.group()
        if char == "\x00":
            return None, [
                error(path, line, column, "binary-file", "binary file: contains a NUL byte")
            ]
        return None, [
            error(
                path,
                line,
                column,
                "yaml-syntax",
                f"YAML syntax: character U+{ord(char):04X} is not allowed in a YAML file",
            )
        ]
    if HAS_LIBYAML and not pure_python:
        try:
            return _parse(text, path, _c_events)
        except yaml.YAMLError:
            pass  # report the error as the pure Python parser words and places it
    try:
        return _parse(text, path, _python_events)
    except yaml.YAMLError as exc:
        return None, [_syntax_diagnostic(exc, path, text)]


def _parse(
    text: str, path: str, make_events: Callable[[str], _EventSource]
) -> tuple[Document | None, list[Diagnostic]]:
    events = make_events(text)
    composer = _Composer(events, path)
    try:
        data, is_empty = composer.compose()
    except _Fatal:
        return None, composer.problems()
    finally:
        events.dispose()
    document = Document(path, text, data, composer.value_spans, composer.key_spans, is_empty)
    return document, composer.problems()


def _too_large(path: str, size: int) -> Diagnostic:
    return error(
        path,
        1,
        1,
        "file-too-large",
        f"the file is {_size_words(size)}; a content file may be at most"
        f" {_size_words(MAX_FILE_BYTES)}: split it (a pack may hold several files of a kind)"
        " or shorten it",
    )


def _size_words(size: int) -> str:
    """``4 MB`` (MiB, as the limit is written), ``50.2 MB``, ``900 bytes``."""
    if size < 1024 * 1024:
        return f"{size:,} bytes"
    megabytes = size / (1024 * 1024)
    return f"{megabytes:.0f} MB" if megabytes == int(megabytes) else f"{megabytes:.1f} MB"


def _too_many(path: str, line: int, column: int, more: int, errors: bool = True) -> Diagnostic:
    """The diagnostic standing for ``more`` left out: an error when any of them is one, else
    a warning (a file with warnings only still validates)."""
    noun = "problem" if more == 1 else "problems"
    make = error if errors else warning
    return make(
        path, line, column, TOO_MANY_PROBLEMS, f"and {more} more {noun} in this file (not shown)"
    )


#: The codes after which parsing stops (the document is None): always kept.
_FATAL: Final = frozenset({"yaml-syntax", "yaml-alias-budget", "yaml-too-deep"})
_MORE: Final = re.compile(r"and (\d+) more problems? in this file")


def _left_out(diagnostic: Diagnostic) -> int:
    """How many problems a ``too-many-problems`` diagnostic stands for."""
    found = _MORE.match(diagnostic.message)
    return int(found.group(1)) if found else 0


def cap_problems(diagnostics: Iterable[Diagnostic], limit: int = MAX_PROBLEMS) -> list[Diagnostic]:
    """At most ``limit`` diagnostics per file, then one ``too-many-problems`` saying how many
    more there were; sorted by file, line and column, without duplicates.

    The ones kept are the first in the file. The one standing for the rest is placed at the
    last one kept, so that it comes after them; the count adds up what earlier caps (the
    parser's own) left out.

    >>> from editor.core.diagnostics import error
    >>> many = [error("a.yaml", n, 1, "x", "bad") for n in range(1, 6)]
    >>> [d.format() for d in cap_problems(many, 2)]
    ['a.yaml:1:1: error x: bad', 'a.yaml:2:1: error x: bad', \
'a.yaml:2:1: error too-many-problems: and 3 more problems in this file (not shown)']
    """
    by_path: dict[str, list[Diagnostic]] = {}
    left_out: dict[str, int] = {}
    serious: set[str] = set()  # files whose left-out problems hold an error
    for diagnostic in diagnostics:
        if diagnostic.code == TOO_MANY_PROBLEMS:
            left_out[diagnostic.path] = left_out.get(diagnostic.path, 0) + _left_out(diagnostic)
            if diagnostic.is_error:
                serious.add(diagnostic.path)
        else:
            by_path.setdefault(diagnostic.path, []).append(diagnostic)
    out: list[Diagnostic] = []
    for path in sorted(by_path.keys() | left_out.keys()):
        found = sorted(set(by_path.get(path, ())))
        more = left_out.get(path, 0) + max(0, len(found) - limit)
        kept = found[:limit]
        out.extend(kept)
        if more:
            where = kept[-1] if kept else None
            line, column = (where.line, where.column) if where else (1, 1)
            errors = path in serious or any(d.is_error for d in found[limit:])
            out.append(_too_many(path, line, column, more, errors))
    return out


def load_document(
    path: str | os.PathLike[str], display_path: str | None = None
) -> tuple[Document | None, list[Diagnostic]]:
    """Read and parse the YAML file at `path`; diagnostics name it `display_path` if given."""
    shown = display_path if display_path is not None else os.fspath(path)
    try:
        # a FIFO or a device would block or never end: only regular files are read
        status = os.stat(path)
        if not stat.S_ISREG(status.st_mode):
            return None, [error(shown, 1, 1, "unreadable-file", "not a regular file")]
        if status.st_size > MAX_FILE_BYTES:  # refused unread: parsing it could take minutes
            return None, [_too_large(shown, status.st_size)]
        with open(path, "rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)  # a file that grew meanwhile stays bounded
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return None, [error(shown, 1, 1, "unreadable-file", f"cannot read the file: {reason}")]
    return parse_document(data, shown)
