"""A design for the live simulator: loaded through the workspace loader with unsaved texts,
set up for its engine, or refused with a reason and the first diagnostics."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from editor.core import registry
from editor.core.diagnostics import error
from editor.core.layouts import Layout
from editor.core.resources import content_dir, layouts_dir
from editor.core.workspace import Workspace
from editor.games.snails.engine import SnailsEngine
from editor.games.snails.rules_content import ContentError
from editor.sim.design import (
    FIRST_DIAGNOSTICS,
    UNTITLED,
    Design,
    Invalid,
    Ready,
    load_design,
    prepare_design,
)

CRAB = layouts_dir() / "crustacean.layout.yaml"


def test_the_bundled_layout_is_ready_to_play() -> None:
    ready = prepare_design(Design(CRAB, CRAB.read_text()))
    assert isinstance(ready, Ready)
    assert ready.layout.id == "crustacean" and ready.game_id == "snails"
    assert ready.loaded.errors == []
    assert "pirates" in ready.engine.factions(ready.prepared)


def test_the_layout_text_wins_over_its_file() -> None:
    text = CRAB.read_text().replace("name: ", "name: Edited ", 1)
    loaded = load_design(Design(CRAB, text))
    assert loaded.layout is not None and loaded.layout.name.startswith("Edited ")


def test_a_layout_never_saved_is_played_from_its_text() -> None:
    ready = prepare_design(Design(None, CRAB.read_text()))
    assert isinstance(ready, Ready) and ready.layout.id == "crustacean"
    broken = prepare_design(Design(None, "game: snails\nboard: [\n"))
    assert isinstance(broken, Invalid)
    assert broken.diagnostics and broken.diagnostics[0].path == UNTITLED
    assert broken.reason == "1 error in the layout; fix it to simulate"


def test_an_unsaved_pack_text_is_what_is_played(scratch_pack: Path) -> None:
    cards = scratch_pack / "cards.yaml"
    edited = cards.read_text().replace("name: Revolver", "name: Six-shooter", 1)
    ready = prepare_design(Design(CRAB, CRAB.read_text(), (scratch_pack,), {cards: edited}))
    assert isinstance(ready, Ready)
    assert ready.prepared.rules.card("revolver").name == "Six-shooter"


def test_errors_in_a_pack_in_use_refuse_the_design_with_file_line_and_column(
    scratch_pack: Path,
) -> None:
    cards = scratch_pack / "cards.yaml"
    lines = cards.read_text().splitlines(keepends=True)
    line = next(i for i, text in enumerate(lines) if "copies: 3" in text)
    lines[line] = lines[line].replace("copies: 3", "copies: three")
    texts = {cards: "".join(lines)}
    result = prepare_design(Design(CRAB, CRAB.read_text(), (scratch_pack,), texts))
    assert isinstance(result, Invalid)
    assert result.reason.endswith("in the layout or the packs it uses; fix it to simulate")
    first = result.diagnostics[0]
    assert first.path.endswith("cards.yaml") and first.line == line + 1
    assert result.lines()[1].startswith(f"{first.path}:{line + 1}:{first.column}: error")


def test_only_the_first_diagnostics_are_kept(scratch_pack: Path) -> None:
    cards = scratch_pack / "cards.yaml"
    broken = cards.read_text().replace("copies: ", "copies: x")
    result = prepare_design(Design(CRAB, CRAB.read_text(), (scratch_pack,), {cards: broken}))
    assert isinstance(result, Invalid)
    assert len(result.diagnostics) == FIRST_DIAGNOSTICS
    count = int(result.reason.split()[0])
    assert count > FIRST_DIAGNOSTICS


def test_errors_in_a_pack_the_layout_does_not_use_do_not_block(tmp_path: Path) -> None:
    other = tmp_path / "other"
    shutil.copytree(content_dir() / "snails-base", other / "snails-base")
    (other / "snails-base" / "pack.yaml").write_text(
        (other / "snails-base" / "pack.yaml").read_text().replace("id: snails-base", "id: extra")
    )
    (other / "snails-base" / "cards.yaml").write_text("cards: [\n")
    loaded = load_design(Design(CRAB, CRAB.read_text(), (other,)))
    assert any(d.path.endswith("cards.yaml") for d in loaded.workspace.report())
    assert loaded.errors == []
    assert isinstance(prepare_design(Design(CRAB, CRAB.read_text(), (other,))), Ready)


def test_a_missing_pack_folder_or_no_layout_is_said(tmp_path: Path) -> None:
    missing = prepare_design(Design(CRAB, CRAB.read_text(), (tmp_path / "gone",)))
    assert isinstance(missing, Invalid) and "does not exist" in missing.reason
    (tmp_path / "notes.txt").write_text("not a pack")
    a_file = prepare_design(Design(CRAB, CRAB.read_text(), (tmp_path / "notes.txt",)))
    assert a_file == Invalid(f"the pack folder {tmp_path / 'notes.txt'} is not a folder")
    board = layouts_dir() / "snails-expert.board.yaml"
    none = prepare_design(Design(board, board.read_text()))
    assert none == Invalid("the design has no layout to play on (a *.layout.yaml file)")


def test_content_the_engine_refuses_is_said_in_its_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Refusing(SnailsEngine):
        def prepare(self, workspace: Workspace, layout: Layout) -> Any:
            problem = error("cards.yaml", 7, 3, "bad-card", "no such effect")
            raise ContentError("the packs snails-base have errors; fix them first:", [problem])

    game = registry.get("snails")
    assert game is not None
    monkeypatch.setitem(registry._GAMES, "snails", game.with_play(engine=Refusing()))
    result = prepare_design(Design(CRAB, CRAB.read_text()))
    assert isinstance(result, Invalid)
    assert result.reason == (
        "cannot set up a match: the packs snails-base have errors; fix them first:"
    )
    assert result.lines()[1] == "cards.yaml:7:3: error bad-card: no such effect"
