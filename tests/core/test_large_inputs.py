"""Inputs that are large or many: a size limit, a cap on problems a file, cycle groups once."""

from __future__ import annotations

import re
from pathlib import Path

from editor.core.diagnostics import error
from editor.core.documents import (
    MAX_FILE_BYTES,
    MAX_PROBLEMS,
    cap_problems,
    load_document,
    parse_document,
)
from editor.core.workspace import load_workspace

MANIFEST = "id: big\nname: Big\nversion: 1.0.0\ngame: snails\n"


def _pack(folder: Path, pack_id: str, *deps: str) -> Path:
    root = folder / pack_id
    root.mkdir()
    lines = [f"id: {pack_id}", f"name: {pack_id}", "version: 1.0.0", "game: snails"]
    if deps:
        lines.append("dependencies:")
        lines += [f"  {dep}: '*'" for dep in deps]
    (root / "pack.yaml").write_text("\n".join(lines) + "\n")
    return root


def test_a_file_over_the_limit_is_refused_at_once(tmp_path: Path) -> None:
    assert MAX_FILE_BYTES == 4 * 1024 * 1024
    root = tmp_path / "big"
    root.mkdir()
    (root / "pack.yaml").write_text(MANIFEST)
    card = "  - id: card-{n}\n    name: Card {n}\n    kind: attack\n    copies: 1\n"
    with (root / "cards.yaml").open("w") as out:
        out.write("cards:\n")
        n = 0
        while out.tell() < 5 * 1024 * 1024:
            out.write(card.format(n=n))
            n += 1
    report = load_workspace([root]).report()
    assert [(d.path.endswith("cards.yaml"), d.line, d.column, d.code) for d in report] == [
        (True, 1, 1, "file-too-large")
    ]
    assert "5.0 MB" in report[0].message and "at most 4 MB" in report[0].message


def test_the_limit_holds_for_unsaved_text_and_counts_bytes(tmp_path: Path) -> None:
    # the editor checks its buffers' text: refused the same, before parsing
    text = "items:\n" + "  - x\n" * (MAX_FILE_BYTES // 6 + 1)
    document, problems = parse_document(text, "big.yaml")
    assert document is None
    assert [(d.line, d.column, d.code) for d in problems] == [(1, 1, "file-too-large")]
    # a text under the limit in characters but over it in UTF-8 bytes
    wide = "name: " + "é" * (MAX_FILE_BYTES // 2)
    assert len(wide) < MAX_FILE_BYTES
    assert [d.code for d in parse_document(wide, "wide.yaml")[1]] == ["file-too-large"]
    # exactly at the limit is read
    edge = tmp_path / "edge.yaml"
    edge.write_text("a: " + "x" * (MAX_FILE_BYTES - 4) + "\n")
    assert edge.stat().st_size == MAX_FILE_BYTES
    document, problems = load_document(edge)
    assert document is not None and problems == []


def test_a_thousand_duplicate_keys_give_two_hundred_and_one_diagnostics(tmp_path: Path) -> None:
    root = tmp_path / "dups"
    root.mkdir()
    manifest = root / "pack.yaml"
    manifest.write_text(MANIFEST.replace("big", "dups") + "name: again\n" * 1000)
    report = load_workspace([root]).report()
    assert len(report) == MAX_PROBLEMS + 1 == 201
    *kept, last = report
    assert {d.code for d in kept} == {"duplicate-key"}
    assert [d.line for d in kept] == list(range(5, 205))  # the first ones, in order
    assert last.code == "too-many-problems"
    assert last.message == "and 800 more problems in this file (not shown)"
    assert (last.line, last.column) == (kept[-1].line, kept[-1].column)


def test_the_cap_adds_up_the_problems_of_every_stage() -> None:
    # the parser's own cap and later problems (schema, checks) make one count
    parsed = parse_document("a: 1\n" * 500, "x.yaml")[1]
    assert len(parsed) == 201 and parsed[-1].message.startswith("and 299 more ")
    later = [error("x.yaml", 600 + n, 1, "unknown-id", "later") for n in range(10)]
    capped = cap_problems([*later, *parsed])
    assert len(capped) == 201
    assert capped[-1].message == "and 309 more problems in this file (not shown)"
    assert cap_problems(capped) == capped  # capping again changes nothing
    # a file with fewer problems is only sorted; other files keep their own count
    few = [error("b.yaml", 2, 1, "x", "m"), error("a.yaml", 1, 1, "x", "m")]
    assert cap_problems(few) == sorted(few)


def test_twelve_packs_that_all_depend_on_each_other_give_one_cycle_group(
    tmp_path: Path,
) -> None:
    ids = [f"ring-{chr(ord('a') + n)}" for n in range(12)]
    for pack_id in ids:
        _pack(tmp_path, pack_id, *(other for other in ids if other != pack_id))
    report = load_workspace([tmp_path]).report()
    cycles = [d for d in report if d.code == "dependency-cycle"]
    assert len(cycles) == 1
    (cycle,) = cycles
    assert cycle.path.endswith("ring-a/pack.yaml")
    assert "ring-a -> ring-b -> ring-a" in cycle.message
    assert "a group of 12 packs" in cycle.message
    assert [d for d in report if d.code != "dependency-cycle"] == []


def test_separate_groups_and_a_pack_on_itself_are_one_each(tmp_path: Path) -> None:
    _pack(tmp_path, "one-a", "one-b")
    _pack(tmp_path, "one-b", "one-c")
    _pack(tmp_path, "one-c", "one-a")
    _pack(tmp_path, "two-a", "two-b")
    _pack(tmp_path, "two-b", "two-a", "one-a")  # leaving a group is no cycle
    _pack(tmp_path, "self", "self")
    _pack(tmp_path, "plain", "one-a")
    cycles = [d for d in load_workspace([tmp_path]).report() if d.code == "dependency-cycle"]
    rings = [re.search(r"circle: (.*?)(,|$)", d.message) for d in cycles]
    assert [m.group(1) for m in rings if m] == [
        "one-a -> one-b -> one-c -> one-a",
        "self -> self",
        "two-a -> two-b -> two-a",
    ]


def test_a_file_with_only_warnings_past_the_cap_still_validates(tmp_path: Path) -> None:
    from editor.core.workspace import load_workspace

    far = [f"{column}{row}" for column in ("X", "Y", "Z") for row in range(1, 100)]
    board = tmp_path / "wide.board.yaml"
    board.write_text(
        "id: wide\nname: Wide\ngame: snails\ngrid: hex\ncolumns: 2\nrows: 2\n"
        f"omit: [{', '.join(far)}]\n",
        encoding="utf-8",
    )
    report = load_workspace([board]).report()
    assert len(report) == 201 and not any(d.is_error for d in report)
    assert report[-1].code == "too-many-problems" and "and 97 more" in report[-1].message
