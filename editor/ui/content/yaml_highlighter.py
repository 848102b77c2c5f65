"""YAML syntax colours for the code editor: keys, strings, numbers, booleans, comments, anchors."""

from __future__ import annotations

import re
from typing import Final

from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument


def _format(colour: str, *, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setForeground(QColor(colour))
    if bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    fmt.setFontItalic(italic)
    return fmt


#: Which colour each part of a line gets, by name (tests and themes read it).
FORMATS: Final = {
    "key": _format("#1f4e9c", bold=True),
    "string": _format("#2e7d32"),
    "number": _format("#b35900"),
    "constant": _format("#8e24aa", bold=True),
    "comment": _format("#7a7a7a", italic=True),
    "anchor": _format("#00838f"),
    "tag": _format("#c62828"),
    "marker": _format("#555555", bold=True),
}

# each rule: a pattern and the group coloured (later rules paint over earlier ones)
_END: Final = r"(?=\s*(?:$|[,\]}#]))"  # a scalar ends the line or its flow item
_NUMBER: Final = r"[-+]?(?:0x[0-9a-fA-F]+|0o[0-7]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.inf|\.nan)"
_CONSTANT: Final = r"true|false|True|False|TRUE|FALSE|null|Null|NULL|~"
_BLOCK_KEY: Final = r"""("[^"]*"|'[^']*'|[^\s#'"{}\[\],:&*!|>-][^#:]*?)\s*:(?=\s|$)"""
_RULES: Final = (
    ("number", re.compile(rf"(?<![\w.-])({_NUMBER}){_END}")),
    ("constant", re.compile(rf"(?<![\w-])({_CONSTANT}){_END}")),
    ("anchor", re.compile(r"((?:^|(?<=[\s\[{,]))[&*][^\s,\[\]{}]+)")),
    ("tag", re.compile(r"((?:^|(?<=[\s\[{,]))![^\s,\[\]{}]*)")),
    ("key", re.compile(rf"^(?:\s*-\s+)*\s*{_BLOCK_KEY}")),
    ("key", re.compile(r"""(?<=[{,])\s*([^\s#'"{}\[\],:][^#:,{}\[\]]*?)\s*:(?=\s|$)""")),
    ("string", re.compile(r"""("(?:[^"\\]|\\.)*"?|'(?:[^']|'')*'?)""")),
    ("marker", re.compile(r"^(---|\.\.\.)(?=\s|$)")),
)


def spans(line: str) -> list[tuple[int, int, str]]:
    """The coloured parts of one line: (start, length, format name), later ones on top.

    >>> [(line[s:s + n], kind) for line in ["  name: 'Rev' # x"] for s, n, kind in spans(line)]
    [('name', 'key'), ("'Rev'", 'string'), ('# x', 'comment')]
    """
    found: list[tuple[int, int, str]] = []
    comment = _comment_start(line)
    code = line[:comment] if comment is not None else line
    for kind, pattern in _RULES:
        for match in pattern.finditer(code):
            start, end = match.span(1)
            if end > start:
                found.append((start, end - start, kind))
    if comment is not None:
        found.append((comment, len(line) - comment, "comment"))
    return found


def _comment_start(line: str) -> int | None:
    """Where a ``#`` comment starts, outside quotes; None when there is none."""
    quote = ""
    for index, char in enumerate(line):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            # a quote opens a string only at the start of a scalar
            if index == 0 or line[index - 1] in " \t[{,:-":
                quote = char
        elif char == "#" and (index == 0 or line[index - 1] in " \t"):
            return index
    return None


class YamlHighlighter(QSyntaxHighlighter):
    """Colours a YAML text document line by line (block scalars are coloured as plain text)."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)

    def highlightBlock(self, text: str) -> None:
        """Colour one line."""
        for start, length, kind in spans(text):
            self.setFormat(start, length, FORMATS[kind])
