"""A pack folder, or a content file in one, plays its game's first bundled layout with the
pack added, when no layout of that game is open: in ``seastack simulate`` and in the studio.

The rule names no game; the tests use the bundled games whose layouts differ in kind: one
game with boards to lay out, one whose bundled layout only names the table and the packs.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.resources import content_dir, layouts_dir
from editor.core.workspace import PathError
from editor.sim.design import (
    Design,
    Ready,
    attached,
    design_to_play,
    first_layout,
    open_scenario,
    pack_of,
    prepare_design,
)
from editor.studio.layout_files import open_layout as open_layout_file
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Studio

BOARD_GAME = "snails"
TABLE_GAME = "snakes-of-wrath"
CRAB = layouts_dir() / "crustacean.layout.yaml"


def _bundled_pack(game: str) -> Path:
    return content_dir() / f"{game}-base"


def _own_pack(tmp_path: Path, game: str, pack_id: str = "my-pack") -> Path:
    """A designer's pack of a game that depends on its base pack and adds nothing."""
    folder = tmp_path / pack_id
    folder.mkdir()
    (folder / "pack.yaml").write_text(
        f"id: {pack_id}\nname: Mine\nversion: 1.0.0\ngame: {game}\n"
        f"dependencies: {{{game}-base: '>=1.0'}}\n",
        encoding="utf-8",
    )
    return folder


def test_the_first_bundled_layout_of_a_game_is_found_by_file_name() -> None:
    table = first_layout(TABLE_GAME)
    assert table is not None and table.name == "snakes-of-wrath.layout.yaml"
    board = first_layout(BOARD_GAME)
    assert board is not None and board.name == "crustacean.layout.yaml"  # before robot
    assert first_layout("no-such-game") is None


def test_a_pack_is_told_by_its_manifest_from_its_folder_or_a_file_in_it() -> None:
    folder = _bundled_pack(TABLE_GAME)
    for path in (folder, next(p for p in folder.iterdir() if p.name != "pack.yaml")):
        info = pack_of(path)
        assert info is not None and (info.id, info.game) == (f"{TABLE_GAME}-base", TABLE_GAME)
    assert pack_of(layouts_dir()) is None


def test_a_pack_is_added_to_the_packs_the_layout_names(tmp_path: Path) -> None:
    layout = first_layout(TABLE_GAME)
    assert layout is not None
    text = attached(layout, "my-pack")
    assert text is not None and f"packs: [{TABLE_GAME}-base, my-pack]" in text
    again = attached(layout, f"{TABLE_GAME}-base")  # named already: not twice
    assert again is not None and f"packs: [{TABLE_GAME}-base]\n" in again


@pytest.mark.parametrize("game", [TABLE_GAME, BOARD_GAME])
def test_simulate_takes_a_pack_folder_and_plays_its_games_first_layout(game: str) -> None:
    ws, layout = open_scenario(_bundled_pack(game))
    assert layout is not None and layout.game == game
    assert layout.document is not None and layout.document.path.endswith(
        first_layout(game).name  # type: ignore[union-attr]
    )
    assert not [d for d in ws.report() if d.is_error]


def test_a_designers_own_pack_is_played_with_the_layout(tmp_path: Path) -> None:
    folder = _own_pack(tmp_path, TABLE_GAME)
    ws, layout = open_scenario(folder)
    assert layout is not None and layout.packs == (f"{TABLE_GAME}-base", "my-pack")
    assert "my-pack" in [p.id for p in ws.packs_in_use(layout)]
    ws, layout = open_scenario(folder / "pack.yaml")  # a file in the pack: the same
    assert layout is not None and layout.packs == (f"{TABLE_GAME}-base", "my-pack")


def test_a_folder_that_is_no_pack_is_refused_with_a_reason(tmp_path: Path) -> None:
    with pytest.raises(PathError, match="not a pack"):
        open_scenario(tmp_path)


def test_a_layout_file_is_opened_as_before() -> None:
    _, layout = open_scenario(CRAB)
    assert layout is not None and layout.id == "crustacean"


def test_the_cli_simulates_a_pack_folder_in_text_and_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from editor.cli import main

    folder = tmp_path / "copy"
    shutil.copytree(_bundled_pack(TABLE_GAME), folder)
    assert main(["simulate", str(folder), "--games", "6", "--jobs", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == TABLE_GAME and summary["finished"] == 6
    assert main(["simulate", str(folder), "--games", "4", "--jobs", "1"]) == 0
    assert "4 of 4 games finished" in capsys.readouterr().out
    assert main(["simulate", str(tmp_path / "copy" / ".."), "--games", "2"]) == 2
    assert "not a pack" in capsys.readouterr().err


# --- the studio: the design the simulator dock plays -------------------------------------


def _studio_on_crab(tmp_path: Path) -> Studio:
    path = tmp_path / "crab.layout.yaml"
    path.write_text(CRAB.read_text(encoding="utf-8"), encoding="utf-8")
    opened = open_layout_file(path)
    assert opened.layout is not None and opened.workspace is not None
    return Studio(LayoutModel(opened.workspace, opened.layout, path, path.read_text("utf-8")))


def test_an_open_content_file_of_another_game_plays_that_games_layout(tmp_path: Path) -> None:
    studio = _studio_on_crab(tmp_path)
    assert studio.model.layout.game == BOARD_GAME
    folder = _own_pack(tmp_path, TABLE_GAME)
    tiles = folder / "pack.yaml"
    studio.read_texts_from(lambda: {tiles: tiles.read_text(encoding="utf-8")})
    design = studio.design()
    assert design.layout_path == first_layout(TABLE_GAME)
    assert design.pack_folders[0] == folder
    ready = prepare_design(design)
    assert isinstance(ready, Ready) and ready.game_id == TABLE_GAME
    assert "my-pack" in [p.id for p in ready.loaded.workspace.packs_in_use(ready.layout)]
    assert registry.get(ready.game_id) is not None


def test_the_layouts_own_game_wins_when_one_of_its_files_is_open(tmp_path: Path) -> None:
    studio = _studio_on_crab(tmp_path)
    other = _own_pack(tmp_path, TABLE_GAME)
    own = _own_pack(tmp_path, BOARD_GAME, "my-board-pack")
    texts = {other / "pack.yaml": "x", own / "pack.yaml": (own / "pack.yaml").read_text()}
    studio.read_texts_from(lambda: texts)
    assert studio.design().layout_path == studio.model.path
    studio.read_texts_from(dict)  # no content file open: the layout, as ever
    assert studio.design().layout_path == studio.model.path


def test_a_design_of_files_in_no_pack_is_left_alone(tmp_path: Path) -> None:
    loose = tmp_path / "notes.yaml"
    design = Design(CRAB, CRAB.read_text(), (), {loose: "a: 1\n"})
    assert design_to_play(design, BOARD_GAME) is design
