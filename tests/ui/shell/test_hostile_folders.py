"""Links beside a layout are never followed by the editor: a loop does not stop it opening,
and a linked pack folder is not taken for one of the designer's packs."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from editor.core.resources import content_dir
from editor.studio.layout_files import packs_near
from editor.ui.content.project_browser import designer_layouts

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")


def test_a_link_loop_beside_the_layout_does_not_stop_it_opening(
    open_window, crab_file: Path
) -> None:
    folder = crab_file.parent
    (folder / "loop.layout.yaml").symlink_to("loop.layout.yaml")
    (folder / "elsewhere.layout.yaml").symlink_to(crab_file)
    try:
        window = open_window(crab_file)
        assert window.files.open_file(crab_file)
        assert designer_layouts(crab_file, []) == [crab_file]
    finally:
        (folder / "loop.layout.yaml").unlink()
        (folder / "elsewhere.layout.yaml").unlink()


def test_a_linked_folder_is_not_searched_for_packs(tmp_path: Path) -> None:
    real = tmp_path / "elsewhere" / "snails-base"
    shutil.copytree(content_dir() / "snails-base", real)
    game = tmp_path / "mine" / "game"
    game.mkdir(parents=True)
    (game / "mine.layout.yaml").write_text("id: mine\n")
    (game / "packs").symlink_to(real.parent, target_is_directory=True)
    (game / "loop").symlink_to("loop")
    assert packs_near(game / "mine.layout.yaml") == []
    (game / "packs").unlink()
    shutil.copytree(real.parent, game / "packs")
    assert packs_near(game / "mine.layout.yaml") == [game / "packs" / "snails-base"]
