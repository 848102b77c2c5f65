"""The merged ruleset must name everything the engine reads, the damaged-terrain token too:
no default fills a gap silently (docs/effects.md, Tokens)."""

from __future__ import annotations

import shutil
from pathlib import Path

from editor.core.workspace import load_workspace

ROOT = Path(__file__).resolve().parents[3]
LAYOUT = """\
id: islet
name: Islet
game: snails
board: snails-expert
packs: [homebrew]
spaces:
  D4: [beach]
  D5: [beach]
  E4: [beach]
  E5: [beach]
  C4: [beach]
  C5: [beach]
  F4: [beach]
  F5: [beach]
"""


def _homebrew(tmp_path: Path, ruleset_edit: tuple[str, str]) -> list[Path]:
    """A copy of snails-base as a game of its own, its ruleset edited."""
    pack = tmp_path / "homebrew"
    shutil.copytree(ROOT / "content" / "snails-base", pack)
    manifest = pack / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("id: snails-base", "id: homebrew"))
    ruleset = pack / "ruleset.yaml"
    old, new = ruleset_edit
    assert old in ruleset.read_text()
    ruleset.write_text(ruleset.read_text().replace(old, new))
    layout = tmp_path / "islet.layout.yaml"
    layout.write_text(LAYOUT)
    return [pack, layout]


def test_a_ruleset_naming_no_damaged_token_is_incomplete(tmp_path: Path) -> None:
    ws = load_workspace(_homebrew(tmp_path, ("terrain: {damaged_token: damaged}\n", "")))
    errors = [d for d in ws.report() if d.is_error]
    assert [(d.code, Path(d.path).name) for d in errors] == [
        ("incomplete-ruleset", "islet.layout.yaml")
    ]
    assert errors[0].message.endswith("give no ruleset for: terrain")


def test_a_terrain_section_without_the_token_is_a_schema_error(tmp_path: Path) -> None:
    edit = ("terrain: {damaged_token: damaged}", "terrain: {}")
    ws = load_workspace(_homebrew(tmp_path, edit))
    errors = [d for d in ws.report() if d.is_error]
    assert [(Path(d.path).name, d.code) for d in errors][:1] == [("ruleset.yaml", "missing-key")]
    assert "damaged_token" in errors[0].message


def test_the_bundled_ruleset_is_complete_as_copied(tmp_path: Path) -> None:
    ws = load_workspace(_homebrew(tmp_path, ("terrain:", "terrain:")))
    assert [d for d in ws.report() if d.is_error] == []
