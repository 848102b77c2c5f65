"""Every deliberately broken file gives exactly the diagnostics written down for it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from editor.core.workspace import load_workspace

BAD = Path(__file__).resolve().parent.parent / "data" / "bad"
EXPECTED: dict[str, list[str]] = yaml.safe_load((BAD / "expected.yaml").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_file_gives_its_diagnostics(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(BAD)
    diagnostics = load_workspace([name]).report()
    assert {d.path for d in diagnostics} == {name}
    got = sorted(f"{d.code} {d.line}:{d.column}" for d in diagnostics)
    assert got == sorted(EXPECTED[name]), [d.format() for d in diagnostics]
    assert all(d.message for d in diagnostics)


def test_every_bad_file_is_listed() -> None:
    on_disk = {
        Path(root, name).relative_to(BAD).as_posix()
        for root, _, names in os.walk(BAD)
        for name in names
        if name.endswith(".yaml") and name != "expected.yaml" and name != "pack.yaml"
    }
    listed = {n for n in EXPECTED if not n.endswith("/pack.yaml")}
    assert on_disk == listed


def test_the_whole_folder_reports_every_file_at_once() -> None:
    diagnostics = load_workspace([BAD]).report()
    assert sum(len(v) for v in EXPECTED.values()) <= len(diagnostics)
    files = {Path(d.path).resolve().relative_to(BAD).as_posix() for d in diagnostics}
    assert files == set(EXPECTED)


def test_the_python_tag_never_runs(tmp_path: Path) -> None:
    marker = Path("/tmp/seastack-pwned")
    marker.unlink(missing_ok=True)
    load_workspace([BAD / "layouts" / "python-tag.layout.yaml"])
    assert not marker.exists()


def test_a_layout_with_schema_errors_still_gets_its_other_problems(tmp_path: Path) -> None:
    path = tmp_path / "mine.layout.yaml"
    path.write_text(
        "id: Mine\nname: x\ngame: snails\nboard: snails-expert\nspaces:\n"
        "  D4: [beach, meadow, meadow]\n  Z99: [beach]\n  d3: [sand]\n"
    )
    diagnostics = load_workspace([path]).report()
    assert [(d.code, d.line) for d in diagnostics] == [
        ("bad-value", 1),
        ("too-small", 5),
        ("illegal-stack", 6),
        ("off-board", 7),
        ("bad-key", 8),
    ]
