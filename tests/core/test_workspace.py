"""The loader: unsaved texts, progress, and what counts as a target."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.workspace import load_workspace

ROOT = Path(__file__).resolve().parent.parent.parent


def test_unsaved_text_is_checked_instead_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "draft.layout.yaml"
    path.write_text((ROOT / "layouts" / "robot.layout.yaml").read_text().replace("robot", "draft"))
    assert load_workspace([path]).report() == []
    unsaved = path.read_text().replace("F4: [beach, meadow, mountain]", "F4: [mountain]")
    diagnostics = load_workspace([path], texts={path: unsaved}).report()
    assert [d.code for d in diagnostics] == ["illegal-stack"]
    assert "F4" in diagnostics[0].message


def test_progress_counts_every_file(tmp_path: Path) -> None:
    for index in range(5):
        (tmp_path / f"b{index}.board.yaml").write_text(
            f"id: b{index}\nname: B\ngame: snails\ngrid: hex\ncolumns: 2\nrows: 2\n"
        )
    calls: list[tuple[int, int]] = []
    ws = load_workspace([tmp_path], progress=lambda done, total: calls.append((done, total)))
    total = len(ws.documents)
    assert calls == [(n, total) for n in range(1, total + 1)]
    assert total >= 5


def test_only_the_files_asked_about_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    ws = load_workspace([Path("layouts/robot.layout.yaml")])
    assert ws.targets == {"layouts/robot.layout.yaml"}
    assert "crustacean" in ws.layouts  # the bundled context is still loaded


def test_a_file_checked_alone_is_judged_with_the_rest_of_its_pack(tmp_path: Path) -> None:
    pack = tmp_path / "my-pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: my-pack\nname: My pack\nversion: 0.1.0\ngame: snails\n"
        'dependencies:\n  snails-base: ">=1.0,<2"\n'
    )
    (pack / "cards.yaml").write_text(
        "cards:\n  - id: sting\n    name: Sting\n    kind: faction\n    faction: wasps\n"
        "    copies: 1\n    text: Sting one snail next to you.\n"
        "    target: {select: snail, range: [1, 1], line_of_sight: true}\n"
        "    effects: [{damage: 5}]\n"
    )
    factions = pack / "factions.yaml"
    factions.write_text(
        "factions:\n  - id: wasps\n    name: Wasps\n    text: Snails that sting.\n"
        "    card: stingg\n    abilities: []\n"
    )
    report = load_workspace([factions]).report()
    # Only the file asked about is reported, but its sibling cards file is known.
    assert [(d.code, d.line, d.column) for d in report] == [("unknown-id", 5, 11)]
    assert "did you mean 'sting'" in report[0].message
    factions.write_text(factions.read_text().replace("stingg", "sting"))
    assert load_workspace([factions]).report() == []
