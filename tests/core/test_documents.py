"""Tests of the YAML loader: positions, strictness, safety and error reporting."""

from __future__ import annotations

import errno
import math
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from editor.core import documents
from editor.core.diagnostics import Diagnostic, Severity
from editor.core.documents import (
    HAS_LIBYAML,
    MAX_ALIASES,
    Document,
    Path_,
    Span,
    load_document,
    parse_document,
)

Parse = Callable[[str | bytes], tuple[Document | None, list[Diagnostic]]]

PARSERS = [pytest.param(True, id="python")]
if HAS_LIBYAML:
    PARSERS.append(pytest.param(False, id="libyaml"))


@pytest.fixture(params=PARSERS)
def parse(request: pytest.FixtureRequest) -> Parse:
    """parse_document on `x.yaml`, once with each available parser."""
    pure_python: bool = request.param

    def run(text: str | bytes) -> tuple[Document | None, list[Diagnostic]]:
        return parse_document(text, "x.yaml", pure_python=pure_python)

    return run


def ok(parse: Parse, text: str | bytes) -> Document:
    """Parse text that must give a document and no diagnostics."""
    doc, diagnostics = parse(text)
    assert diagnostics == []
    assert doc is not None
    return doc


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


def where(diagnostic: Diagnostic) -> tuple[int, int]:
    return diagnostic.line, diagnostic.column


# --------------------------------------------------------------------------- positions

NESTED = (
    "id: snails\n"  # 1
    "spaces:\n"  # 2
    "  D10:\n"  # 3
    "    - water\n"  # 4
    "    - {cost: 2, tags: [a, b]}\n"  # 5
    "  \"E 1\": 'x'\n"  # 6
)


def test_nested_data(parse: Parse) -> None:
    doc = ok(parse, NESTED)
    assert doc.data == {
        "id": "snails",
        "spaces": {"D10": ["water", {"cost": 2, "tags": ["a", "b"]}], "E 1": "x"},
    }
    assert doc.path == "x.yaml"
    assert doc.text == NESTED
    assert not doc.is_empty


@pytest.mark.parametrize(
    ("path", "key", "value"),
    [
        (("id",), Span(1, 1, 1, 3), Span(1, 5, 1, 11)),
        (("spaces",), Span(2, 1, 2, 7), Span(3, 3, 6, 13)),
        (("spaces", "D10"), Span(3, 3, 3, 6), Span(4, 5, 5, 30)),
        (("spaces", "D10", 0), None, Span(4, 7, 4, 12)),
        (("spaces", "D10", 1), None, Span(5, 7, 5, 30)),
        (("spaces", "D10", 1, "cost"), Span(5, 8, 5, 12), Span(5, 14, 5, 15)),
        (("spaces", "D10", 1, "tags"), Span(5, 17, 5, 21), Span(5, 23, 5, 29)),
        (("spaces", "D10", 1, "tags", 1), None, Span(5, 27, 5, 28)),
        (("spaces", "E 1"), Span(6, 3, 6, 8), Span(6, 10, 6, 13)),
        ((), None, Span(1, 1, 6, 13)),
    ],
)
def test_nested_positions(parse: Parse, path: Path_, key: Span | None, value: Span) -> None:
    doc = ok(parse, NESTED)
    assert doc.key_span(path) == key
    assert doc.value_span(path) == value
    assert doc.has(path)


def test_missing_path_falls_back_to_nearest_ancestor(parse: Parse) -> None:
    doc = ok(parse, NESTED)
    assert not doc.has(("spaces", "D11"))
    assert doc.value_span(("spaces", "D11", 3)) == Span(3, 3, 6, 13)
    assert doc.value_span(("spaces", "D10", 7)) == Span(4, 5, 5, 30)
    assert doc.value_span(("nope",)) == Span(1, 1, 6, 13)
    assert doc.key_span(("spaces", "D11")) is None
    # A str step into a list and an int step into a mapping do not exist.
    assert not doc.has(("spaces", "D10", "0"))
    assert not doc.has(("spaces", 0))
    assert not doc.has(("spaces", "D10", -1))
    assert not doc.has(("id", "x"))


def test_get_and_error_at(parse: Parse) -> None:
    doc = ok(parse, NESTED)
    assert doc.get(("spaces", "D10", 1, "cost")) == 2
    assert doc.get(("spaces", "D12"), "default") == "default"
    at_value = doc.error_at(("spaces", "D10", 1, "cost"), "bad-cost", "too cheap")
    assert (at_value.path, at_value.line, at_value.column) == ("x.yaml", 5, 14)
    assert at_value.severity is Severity.ERROR
    at_key = doc.error_at(("spaces", "D10", 1, "cost"), "bad-cost", "x", at_key=True)
    assert where(at_key) == (5, 8)
    # Without a key (list item), at_key falls back to the value.
    assert where(doc.error_at(("spaces", "D10", 0), "c", "m", at_key=True)) == (4, 7)


def test_block_scalar_and_crlf_positions(parse: Parse) -> None:
    doc = ok(parse, "a: |\r\n  one\r\n  two\r\nb: 2\r\n")
    assert doc.data == {"a": "one\ntwo\n", "b": 2}
    assert doc.value_span(("a",)) == Span(1, 4, 4, 1)
    assert doc.key_span(("b",)) == Span(4, 1, 4, 2)
    assert doc.value_span(("b",)) == Span(4, 4, 4, 5)


def test_columns_count_characters_not_bytes(parse: Parse) -> None:
    doc = ok(parse, "café: [é, ü]\n")
    assert doc.key_span(("café",)) == Span(1, 1, 1, 5)
    assert doc.value_span(("café", 1)) == Span(1, 11, 1, 12)


# --------------------------------------------------------------------------- duplicate keys


def test_duplicate_keys_name_both_lines(parse: Parse) -> None:
    doc, diagnostics = parse("id: 1\nx:\n  id: 2\n  name: a\n  id: 3\nid: 4\n")
    assert [d.format() for d in diagnostics] == [
        "x.yaml:5:3: error duplicate-key: duplicate key 'id' (first defined on line 3)",
        "x.yaml:6:1: error duplicate-key: duplicate key 'id' (first defined on line 1)",
    ]
    assert all(d.severity is Severity.ERROR for d in diagnostics)
    assert doc is not None
    assert doc.data == {"id": 1, "x": {"id": 2, "name": "a"}}  # first value kept
    assert doc.value_span(("id",)) == Span(1, 5, 1, 6)
    assert doc.value_span(("x", "id")) == Span(3, 7, 3, 8)


def test_duplicate_key_does_not_leak_spans_of_the_dropped_value(parse: Parse) -> None:
    doc, diagnostics = parse("a: {x: 1}\na: {y: 2}\n")
    assert codes(diagnostics) == ["duplicate-key"]
    assert doc is not None
    assert doc.data == {"a": {"x": 1}}
    assert not doc.has(("a", "y"))
    assert doc.value_span(("a", "y")) == Span(1, 4, 1, 10)


def test_keys_are_compared_as_text(parse: Parse) -> None:
    doc, diagnostics = parse("10: a\n'10': b\n")
    assert codes(diagnostics) == ["duplicate-key"]
    assert where(diagnostics[0]) == (2, 1)
    assert doc is not None
    assert doc.data == {"10": "a"}


def test_duplicates_in_flow_mappings(parse: Parse) -> None:
    _, diagnostics = parse("m: {a: 1, b: 2, a: 3}\n")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("duplicate-key", 1, 17)]
    assert "first defined on line 1" in diagnostics[0].message


# --------------------------------------------------------------------------- keys


def test_keys_become_their_text(parse: Parse) -> None:
    doc = ok(parse, "10: a\ntrue: b\nnull: c\n~: d\n1.5: e\n!!int 7: f\n")
    assert doc.data == {"10": "a", "true": "b", "null": "c", "~": "d", "1.5": "e", "7": "f"}
    assert all(isinstance(key, str) for key in doc.data)


@pytest.mark.parametrize(
    ("text", "kind", "line", "column"),
    [
        ("? [a, b]\n: 1\nok: 2\n", "list", 1, 3),
        ("? {a: 1}\n: 1\nok: 2\n", "mapping", 1, 3),
        ("{[a]: 1, ok: 2}\n", "list", 1, 2),
        ("base: &b [1]\n*b : 1\nok: 2\n", "list", 2, 1),
    ],
)
def test_complex_keys_are_refused(
    parse: Parse, text: str, kind: str, line: int, column: int
) -> None:
    doc, diagnostics = parse(text)
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("complex-key", line, column)]
    assert kind in diagnostics[0].message
    assert doc is not None
    assert doc.data["ok"] == 2


# --------------------------------------------------------------------------- tags


def test_python_tags_never_run(
    parse: Parse, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[object] = []

    def fake_system(command: str) -> int:
        calls.append(command)
        return 0

    monkeypatch.setattr(os, "system", fake_system)
    marker = tmp_path / "ran"
    doc, diagnostics = parse(
        f'a: !!python/object/apply:os.system ["touch {marker}"]\n'
        "b: !!python/object/apply:os.system ['echo hi']\n"
        "c: !!python/name:os.system ''\n"
    )
    assert codes(diagnostics) == ["yaml-tag"] * 3
    assert [where(d) for d in diagnostics] == [(1, 4), (2, 4), (3, 4)]
    assert "'!!python/object/apply:os.system' is not allowed" in diagnostics[0].message
    assert calls == []
    assert not marker.exists()
    assert doc is not None
    assert doc.data["b"] == ["echo hi"]  # read as if untagged: plain data, nothing built


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a: !foo 1\n", "!foo"),
        ("a: !!binary aGVsbG8=\n", "!!binary"),
        ("a: !!timestamp 2020-01-01\n", "!!timestamp"),
        ("a: !!set {x, y}\n", "!!set"),
        ("a: !!omap [x: 1]\n", "!!omap"),
        ("a: !<tag:example.com,2000:x> 1\n", "tag:example.com,2000:x"),
        ("a: !!map [1]\n", "!!map"),
        ("a: !!seq {b: 1}\n", "!!seq"),
        ("a: !!seq x\n", "!!seq"),
        ("a: ! x\n", "!"),
        ("!foo a: 1\n", "!foo"),
    ],
)
def test_custom_and_non_core_tags_are_refused(parse: Parse, text: str, shown: str) -> None:
    doc, diagnostics = parse(text)
    assert codes(diagnostics) == ["yaml-tag"]
    assert f"tag '{shown}' is not allowed" in diagnostics[0].message
    assert doc is not None


def test_core_tags_are_honoured(parse: Parse) -> None:
    doc = ok(
        parse,
        "s: !!str 5\ni: !!int '7'\nf: !!float 1\nb: !!bool 'false'\nn: !!null ''\n"
        "l: !!seq [1]\nm: !!map {k: v}\nt: !<tag:yaml.org,2002:str> true\n",
    )
    assert doc.data == {
        "s": "5",
        "i": 7,
        "f": 1.0,
        "b": False,
        "n": None,
        "l": [1],
        "m": {"k": "v"},
        "t": "true",
    }
    assert isinstance(doc.data["f"], float)


@pytest.mark.parametrize("text", ["a: !!bool yes\n", "a: !!int 1.5\n", "a: !!null x\n"])
def test_core_tag_with_invalid_value(parse: Parse, text: str) -> None:
    doc, diagnostics = parse(text)
    assert codes(diagnostics) == ["yaml-tag"]
    assert "is not a valid !!" in diagnostics[0].message
    assert where(diagnostics[0]) == (1, 4)
    assert doc is not None


# --------------------------------------------------------------------------- aliases

BILLION_LAUGHS = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def test_billion_laughs_is_refused(parse: Parse) -> None:
    doc, diagnostics = parse(BILLION_LAUGHS)
    assert doc is None
    assert codes(diagnostics) == ["yaml-alias-budget"]
    assert diagnostics[0].line == 6  # where the expansion passes the budget
    assert "billion laughs" in diagnostics[0].message


def test_too_many_aliases_is_refused(parse: Parse) -> None:
    text = "x: &x 1\nl: [" + ", ".join(["*x"] * (MAX_ALIASES + 1)) + "]\n"
    doc, diagnostics = parse(text)
    assert doc is None
    assert codes(diagnostics) == ["yaml-alias-budget"]
    assert where(diagnostics[0]) == (2, 5 + 4 * MAX_ALIASES)
    assert f"more than {MAX_ALIASES} aliases" in diagnostics[0].message


def test_only_aliases_count_against_the_node_budget(
    parse: Parse, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(documents, "MAX_NODES", 50)
    doc = ok(parse, "a: &a [" + "1, " * 60 + "]\n")  # many values, no alias: fine
    assert len(doc.data["a"]) == 60
    bad, diagnostics = parse("a: &a [" + "1, " * 60 + "]\nb: *a\n")
    assert bad is None
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("yaml-alias-budget", 2, 4)]
    assert "more than 50 values" in diagnostics[0].message


def test_a_few_aliases_are_accepted(parse: Parse) -> None:
    doc = ok(
        parse,
        "base: &base {cost: 1, tags: [a]}\nsea: *base\nlist: [*base, *base]\nname: &n N\n*n : 2\n",
    )
    assert doc.data["sea"] == {"cost": 1, "tags": ["a"]}
    assert doc.data["list"] == [doc.data["base"], doc.data["base"]]
    assert doc.data["N"] == 2
    assert doc.value_span(("sea",)) == Span(2, 6, 2, 11)  # the alias, not the anchor
    assert doc.has(("sea", "tags", 0))
    assert doc.value_span(("sea", "tags", 0)) == Span(2, 6, 2, 11)
    assert doc.value_span(("base", "tags", 0)) == Span(1, 30, 1, 31)
    assert doc.key_span(("N",)) == Span(5, 1, 5, 3)


def test_undefined_and_recursive_aliases(parse: Parse) -> None:
    for text, at in [("a: *nope\n", (1, 4)), ("a: &x [1, *x]\n", (1, 11))]:
        doc, diagnostics = parse(text)
        assert doc is None
        assert codes(diagnostics) == ["yaml-syntax"]
        assert where(diagnostics[0]) == at


def test_merge_keys_are_plain_keys(parse: Parse) -> None:
    doc = ok(parse, "base: &b {x: 1}\nsea:\n  <<: *b\n  y: 2\n")
    assert doc.data["sea"] == {"<<": {"x": 1}, "y": 2}


def test_deep_nesting_is_refused(parse: Parse) -> None:
    doc, diagnostics = parse("[" * 500 + "]" * 500)
    assert doc is None
    assert codes(diagnostics) == ["yaml-too-deep"]


# --------------------------------------------------------------------------- scalars


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # YAML 1.2 booleans only
        ("true", True),
        ("True", True),
        ("TRUE", True),
        ("false", False),
        ("False", False),
        ("FALSE", False),
        ("yes", "yes"),
        ("no", "no"),
        ("on", "on"),
        ("off", "off"),
        ("y", "y"),
        ("n", "n"),
        ("Yes", "Yes"),
        ("tRUE", "tRUE"),
        # null
        ("null", None),
        ("Null", None),
        ("NULL", None),
        ("~", None),
        ("", None),
        ("nULL", "nULL"),
        # ints
        ("0", 0),
        ("42", 42),
        ("-7", -7),
        ("+3", 3),
        ("010", 10),
        ("0o17", 15),
        ("0x1F", 31),
        ("0x1f", 31),
        ("1_000", "1_000"),
        ("0b101", "0b101"),
        ("1:30", "1:30"),
        ("190:20:30", "190:20:30"),
        ("0x", "0x"),
        # floats
        ("1.5", 1.5),
        ("-2e3", -2000.0),
        ("1e3", 1000.0),
        (".5", 0.5),
        ("1.", 1.0),
        ("+1.5E-2", 0.015),
        (".inf", math.inf),
        ("-.Inf", -math.inf),
        ("+.INF", math.inf),
        ("1_000.5", "1_000.5"),
        ("1e", "1e"),
        ("-x", "-x"),
        (".", "."),
        # dates and others stay strings
        ("2024-05-01", "2024-05-01"),
        ("2001-12-14t21:59:43.10-05:00", "2001-12-14t21:59:43.10-05:00"),
        ("D10", "D10"),
    ],
)
def test_plain_scalars_follow_yaml_1_2_core(parse: Parse, text: str, expected: Any) -> None:
    value = ok(parse, f"v: {text}\n").data["v"]
    assert value == expected
    assert type(value) is type(expected)


def test_nan(parse: Parse) -> None:
    values = ok(parse, "[.nan, .NaN, .NAN, .Nan]").data
    assert all(math.isnan(v) for v in values[:3])
    assert values[3] == ".Nan"


@pytest.mark.parametrize(
    "text", ["'1'", '"true"', "'null'", "''", '"2.5"', "|\n  7\n", ">-\n  yes\n"]
)
def test_quoted_and_block_scalars_are_strings(parse: Parse, text: str) -> None:
    value = ok(parse, f"v: {text}\n").data["v"]
    assert isinstance(value, str)


def test_huge_integer_stays_a_string(parse: Parse) -> None:
    digits = "9" * 5000
    assert ok(parse, f"v: {digits}\n").data["v"] == digits
    doc, diagnostics = parse(f"v: !!int {digits}\n")
    assert codes(diagnostics) == ["yaml-tag"]
    assert doc is not None
    assert doc.data["v"] == digits


# --------------------------------------------------------------------------- encodings


def test_binary_input(parse: Parse) -> None:
    doc, diagnostics = parse(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert doc is None
    assert codes(diagnostics) == ["binary-file"]
    assert where(diagnostics[0]) == (1, 1)  # the first problem: 0x89 is not UTF-8
    doc, diagnostics = parse(b"PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert doc is None
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("binary-file", 3, 1)]
    assert "NUL" in diagnostics[0].message


def test_nul_in_text(parse: Parse) -> None:
    doc, diagnostics = parse("a: 1\nb: \x00\n")
    assert doc is None
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("binary-file", 2, 4)]


def test_invalid_utf8(parse: Parse) -> None:
    doc, diagnostics = parse("a: 1\nname: café\n".encode("latin-1"))
    assert doc is None
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("binary-file", 2, 10)]
    assert "0xe9" in diagnostics[0].message


def test_utf16_is_refused(parse: Parse) -> None:
    doc, diagnostics = parse("a: 1\n".encode("utf-16"))
    assert doc is None
    assert codes(diagnostics) == ["binary-file"]


def test_control_character(parse: Parse) -> None:
    doc, diagnostics = parse("a: 1\nb: x\x07y\n")
    assert doc is None
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("yaml-syntax", 2, 5)]
    assert "U+0007" in diagnostics[0].message


def test_utf8_input_and_bom(parse: Parse) -> None:
    texts: list[str | bytes] = [
        "\ufeffname: café\n".encode(),
        "\ufeffname: café\n",
        b"name: caf\xc3\xa9\n",
    ]
    for text in texts:
        doc = ok(parse, text)
        assert doc.data == {"name": "café"}
        assert doc.text == "name: café\n"
        assert doc.key_span(("name",)) == Span(1, 1, 1, 5)
        assert doc.value_span(("name",)) == Span(1, 7, 1, 11)


def test_invalid_utf8_after_bom_column(parse: Parse) -> None:
    _, diagnostics = parse(b"\xef\xbb\xbfab: \xff\n")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("binary-file", 1, 5)]


# --------------------------------------------------------------------------- empty files


@pytest.mark.parametrize(
    "text", ["", "\n\n", "# only\n# comments\n", "---\n", "--- # c\n...\n", b"", b"\xef\xbb\xbf"]
)
def test_empty_files(parse: Parse, text: str | bytes) -> None:
    doc = ok(parse, text)
    assert doc.data is None
    assert doc.is_empty
    assert doc.value_span(()) == Span(1, 1, 1, 1)
    assert doc.value_span(("a", 1)) == Span(1, 1, 1, 1)
    assert doc.has(())
    assert not doc.has(("a",))


@pytest.mark.parametrize("text", ["null\n", "~\n", "# c\n''\n", "[]\n", "{}\n"])
def test_explicitly_empty_values_are_not_empty_files(parse: Parse, text: str) -> None:
    assert not ok(parse, text).is_empty


def test_scalar_and_list_roots(parse: Parse) -> None:
    assert ok(parse, "42\n").data == 42
    doc = ok(parse, "# list\n- a\n- b\n")
    assert doc.data == ["a", "b"]
    assert doc.value_span(()) == Span(2, 1, 3, 4)
    assert doc.value_span((1,)) == Span(3, 3, 3, 4)


# --------------------------------------------------------------------------- documents & syntax


def test_multiple_documents_refused(parse: Parse) -> None:
    doc, diagnostics = parse("a: 1\n---\nb: 2\n")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("yaml-multiple-documents", 2, 1)]
    assert doc is not None
    assert doc.data == {"a": 1}


def test_multiple_documents_after_end_marker(parse: Parse) -> None:
    _, diagnostics = parse("---\na: 1\n...\n--- {b: 2}\n")
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("yaml-multiple-documents", 4, 1)]


def test_explicit_single_document(parse: Parse) -> None:
    assert ok(parse, "%YAML 1.2\n---\na: 1\n...\n").data == {"a": 1}


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("a: 1\n  b: 2\n", 2, 4, "YAML syntax: mapping values are not allowed here"),
        (
            "id: a\nkey value\nother: 1\n",
            3,
            1,
            "YAML syntax: could not find the expected ':' after the key that starts on line 2",
        ),
        (
            "a: [1, 2\n",
            2,
            1,
            "YAML syntax: expected ',' or ']', but got the end of the file, "
            "while parsing a flow sequence that starts on line 1",
        ),
        (
            "a:\n    b: 1\n  c: 2\n",
            3,
            3,
            "YAML syntax: expected the end of the indented block, but found the start of a new "
            "mapping (check the indentation), while parsing a block mapping that starts on line 1",
        ),
        (
            "a:\n\t- b\n",
            2,
            1,
            "YAML syntax: a tab character cannot be used here; indent with spaces",
        ),
        (
            "a: 'open\n",
            2,
            1,
            "YAML syntax: found unexpected end of file, "
            "while scanning a quoted scalar that starts on line 1",
        ),
    ],
)
def test_syntax_errors(parse: Parse, text: str, line: int, column: int, message: str) -> None:
    doc, diagnostics = parse(text)
    assert doc is None
    assert diagnostics == [
        Diagnostic("x.yaml", line, column, Severity.ERROR, "yaml-syntax", message)
    ]


def test_syntax_error_stops_collecting(parse: Parse) -> None:
    doc, diagnostics = parse("a: 1\na: 2\nb: [\n")
    assert doc is None
    assert codes(diagnostics) == ["yaml-syntax"]


def test_all_errors_collected_in_order(parse: Parse) -> None:
    _, diagnostics = parse("a: 1\na: 2\nb: !x 1\n? [k]\n: v\nb: 3\n---\n")
    assert [(d.code, d.line) for d in diagnostics] == [
        ("duplicate-key", 2),
        ("yaml-tag", 3),
        ("complex-key", 4),
        ("duplicate-key", 6),
        ("yaml-multiple-documents", 7),
    ]


# --------------------------------------------------------------------------- header schema


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        (
            "# yaml-language-server: $schema=../schemas/layout.schema.json\nid: x\n",
            "../schemas/layout.schema.json",
        ),
        ("#yaml-language-server:$schema=https://x.org/s.json  \r\nid: x\n", "https://x.org/s.json"),
        ("\ufeff# yaml-language-server: $schema=s.json\n", "s.json"),
        ("id: x\n# yaml-language-server: $schema=s.json\n", None),
        ("# a comment\n", None),
        ("", None),
    ],
)
def test_header_schema(parse: Parse, text: str, schema: str | None) -> None:
    assert ok(parse, text).header_schema() == schema


# --------------------------------------------------------------------------- files


def test_load_document(tmp_path: Path) -> None:
    file = tmp_path / "game.yaml"
    file.write_bytes("\ufeffid: snails\nid: again\n".encode())
    doc, diagnostics = load_document(file, display_path="content/game.yaml")
    assert doc is not None
    assert doc.path == "content/game.yaml"
    assert doc.data == {"id": "snails"}
    assert [d.format() for d in diagnostics] == [
        "content/game.yaml:2:1: error duplicate-key: duplicate key 'id' (first defined on line 1)"
    ]
    doc, diagnostics = load_document(str(file))
    assert doc is not None
    assert diagnostics[0].path == str(file)


def test_load_binary_file(tmp_path: Path) -> None:
    file = tmp_path / "image.yaml"
    file.write_bytes(bytes(range(256)))
    doc, diagnostics = load_document(file, "image.yaml")
    assert doc is None
    assert codes(diagnostics) == ["binary-file"]


def test_unreadable_files(tmp_path: Path) -> None:
    doc, diagnostics = load_document(tmp_path / "missing.yaml", "missing.yaml")
    assert doc is None
    assert [d.format() for d in diagnostics] == [
        "missing.yaml:1:1: error unreadable-file: cannot read the file: "
        + os.strerror(errno.ENOENT)
    ]
    doc, diagnostics = load_document(tmp_path)
    assert doc is None
    assert codes(diagnostics) == ["unreadable-file"]
    assert diagnostics[0].path == str(tmp_path)


# --------------------------------------------------------------------------- both parsers agree


def _paths(data: Any, prefix: Path_ = ()) -> Iterator[Path_]:
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*prefix, index))


AGREEMENT_SAMPLES = [
    NESTED,
    BILLION_LAUGHS,
    "a: |\n  x\n\n\nb: >+\n  y\n\nc: 'q\n  r'\nd: \"e\\u00e9\"\n",
    "- [a, {b: c}]\n- ? k\n  : v\n- - nested\n  - again\n",
    "a:\n- x\n- y\nb: plain\n  continued\n# comment\n",
    "x: &x {a: [1, 2]}\ny: *x\nz: [*x]\n",
    "{a: 1, b: [2, 3], c: {d: e}}",
    "a: 1\na: 2\nb: !foo 3\n? [c]\n: 4\n---\n",
    "key: value # trailing\n\n\n   \nother:   spaced   \n",
    "a: 1\n  b: 2\n",
    "a: [1\n",
    '"unterminated\n',
]


@pytest.mark.skipif(not HAS_LIBYAML, reason="PyYAML built without libyaml")
@pytest.mark.parametrize("text", AGREEMENT_SAMPLES)
def test_c_and_python_parsers_agree(text: str) -> None:
    c_doc, c_diagnostics = parse_document(text, "x.yaml")
    py_doc, py_diagnostics = parse_document(text, "x.yaml", pure_python=True)
    assert c_diagnostics == py_diagnostics
    if py_doc is None:
        assert c_doc is None
        return
    assert c_doc is not None
    assert repr(c_doc.data) == repr(py_doc.data)
    for path in _paths(py_doc.data):
        assert c_doc.value_span(path) == py_doc.value_span(path), path
        assert c_doc.key_span(path) == py_doc.key_span(path), path


def test_large_file(benchmark: Any) -> None:
    lines = ["spaces:"]
    for i in range(400):
        lines += [
            f"  S{i}:",
            "    kind: water",
            f"    neighbours: [S{i + 1}, S{i + 2}, 'x']",
            f"    cost: {i}.5",
            "    enabled: true",
        ]
    text = "\n".join(lines) + "\n"
    doc, diagnostics = benchmark(parse_document, text, "big.yaml")
    assert diagnostics == []
    assert doc is not None
    assert len(doc.data["spaces"]) == 400
    assert doc.data["spaces"]["S399"]["cost"] == 399.5
    assert doc.value_span(("spaces", "S399", "neighbours", 2)) == Span(1999, 30, 1999, 33)


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.layout.yaml"
    os.mkfifo(fifo)
    document, diagnostics = load_document(fifo)
    assert document is None
    assert [(d.code, d.message) for d in diagnostics] == [("unreadable-file", "not a regular file")]


def test_the_same_text_is_parsed_once_and_a_changed_text_again() -> None:
    first, _ = parse_document("a: 1\n", "cache.yaml")
    again, _ = parse_document("a: 1\n", "cache.yaml")
    changed, _ = parse_document("a: 2\n", "cache.yaml")
    assert again is first
    assert changed is not None and changed.data == {"a": 2}


def test_cached_diagnostics_are_a_fresh_list_each_time() -> None:
    _, found = parse_document("a: 1\na: 2\n", "cache-dup.yaml")
    found.clear()
    _, again = parse_document("a: 1\na: 2\n", "cache-dup.yaml")
    assert [d.code for d in again] == ["duplicate-key"]
