"""The packs a game's content is read from: the choice, its dependencies, its game."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.game_packs import PackChoiceError, pack_errors, packs_for_game
from editor.core.workspace import load_workspace


def _pack(folder: Path, pack_id: str, game: str, *deps: str, data: str = "") -> Path:
    root = folder / pack_id
    root.mkdir()
    lines = [f"id: {pack_id}", f"name: {pack_id}", "version: 1.0.0", f"game: {game}"]
    if deps:
        lines.append("dependencies:")
        lines += [f"  {dep}: '*'" for dep in deps]
    (root / "pack.yaml").write_text("\n".join(lines) + "\n")
    if data:
        (root / "cards.yaml").write_text(data)
    return root


def test_a_choice_brings_its_dependencies_first(tmp_path: Path) -> None:
    base = _pack(tmp_path, "base", "one")
    extra = _pack(tmp_path, "extra", "one", "base")
    ws = load_workspace([base, extra])
    assert [p.id for p in packs_for_game(ws, ["extra"], "one", "One")] == ["base", "extra"]
    assert [p.id for p in packs_for_game(ws, [ws.packs["base"]], "one", "One")] == ["base"]


def test_unknown_packs_and_packs_of_another_game_are_refused_by_name(tmp_path: Path) -> None:
    mine = _pack(tmp_path, "mine", "one", "theirs")
    theirs = _pack(tmp_path, "theirs", "two")
    ws = load_workspace([mine, theirs])
    with pytest.raises(PackChoiceError, match=r"no pack 'nope'; known: .*mine"):
        packs_for_game(ws, ["nope"], "one", "One")
    with pytest.raises(PackChoiceError, match=r"^not One packs: theirs$"):
        packs_for_game(ws, ["mine"], "one", "One")


def test_the_errors_of_a_pack_are_those_of_its_own_files(tmp_path: Path) -> None:
    broken = _pack(tmp_path, "broken", "snails", data="cards: [unclosed\n")
    fine = _pack(tmp_path, "fine", "snails")
    ws = load_workspace([broken, fine])
    errors = pack_errors(ws, [ws.packs["broken"]])
    assert errors and all(Path(d.path).parent == broken for d in errors)
    assert pack_errors(ws, [ws.packs["fine"]]) == []
