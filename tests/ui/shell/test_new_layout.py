"""File > New asks for the layout's name: the new layout is called so, its id is made from
the name (and so is the file name Save As offers); cancelling the name starts nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from editor.studio.layout_files import layout_id_for
from tests.ui.conftest import ScriptedPrompts


def test_new_asks_the_name_and_the_layout_takes_it(
    open_window: Any, crab_file: Path, prompts: ScriptedPrompts, tmp_path: Path
) -> None:
    window = open_window(crab_file)
    prompts.texts = ["  Coral   Reef #2 "]
    prompts.boards = ["snails-expert"]
    assert window.files.new_file()
    assert [kind for kind, _ in prompts.asked[-2:]] == ["text", "board"]
    layout = window.model.layout
    assert (layout.name, layout.id) == ("Coral Reef #2", "coral-reef-2")
    assert window.windowTitle().startswith("Coral Reef #2")
    assert window.model.path is None and layout.spaces == {}
    # the text a save writes names it, and Save As offers a file named after it
    written = yaml.safe_load(window.model.text())
    assert (written["name"], written["id"]) == ("Coral Reef #2", "coral-reef-2")
    prompts.save_paths = [None]
    assert not window.files.save_as()
    kind, suggested = prompts.asked[-1]
    assert kind == "save as" and Path(suggested).name == "coral-reef-2.layout.yaml"


def test_cancelling_the_name_starts_no_layout(
    open_window: Any, crab_file: Path, prompts: ScriptedPrompts
) -> None:
    window = open_window(crab_file)
    prompts.texts = [None]
    assert not window.files.new_file()
    assert window.model.path == crab_file
    assert all(kind != "board" for kind, _ in prompts.asked)


def test_a_blank_name_is_the_default_one(
    open_window: Any, crab_file: Path, prompts: ScriptedPrompts
) -> None:
    window = open_window(crab_file)
    prompts.texts = ["   "]
    prompts.boards = ["snit-beach"]
    assert window.files.new_file()
    assert (window.model.layout.name, window.model.layout.id) == ("New layout", "new-layout")
    assert window.model.layout.game == "snit-smashing"


def test_ids_from_names_are_valid_ids() -> None:
    import re

    pattern = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
    for name in ("Crustacean", "Robot 2.0", "  spaced  out ", "Ærø—Øst", "日本", "---"):
        assert pattern.fullmatch(layout_id_for(name)), name
