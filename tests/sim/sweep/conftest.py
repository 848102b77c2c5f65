"""Designs the sweep tests read: the bundled Crustacean (Snails) and Snakes of Wrath."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.resources import layouts_dir
from editor.sim.design import Design, Ready, prepare_design
from editor.sim.sweep.paths import SourceFile, design_files

CRAB = layouts_dir() / "crustacean.layout.yaml"
SNAKES = layouts_dir() / "snakes-of-wrath.layout.yaml"


def design(path: Path) -> Design:
    return Design(path, path.read_text(encoding="utf-8"))


def ready(path: Path) -> Ready:
    result = prepare_design(design(path))
    assert isinstance(result, Ready), result
    return result


@pytest.fixture(scope="session")
def crab_files() -> list[SourceFile]:
    set_up = ready(CRAB)
    return design_files(set_up.loaded.workspace, set_up.layout)


@pytest.fixture(scope="session")
def snake_files() -> list[SourceFile]:
    set_up = ready(SNAKES)
    return design_files(set_up.loaded.workspace, set_up.layout)
