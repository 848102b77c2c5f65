"""Shared set-up of the Snit Smashing tests: the bundled beach, scratch packs and layouts."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from editor.core.resources import content_dir, layouts_dir
from editor.core.workspace import Workspace, load_workspace
from editor.games.snit_smashing.engine import ENGINE, Prepared

BASE = "snit-smashing-base"
#: A layout on the bundled beach board, its lines numbered from 1 (``spaces`` is line 6).
LAYOUT_HEAD = "id: sample\nname: Sample\ngame: snit-smashing\nboard: snit-beach\n"


@pytest.fixture(scope="session")
def bundled() -> Workspace:
    """The bundled content and layouts."""
    return load_workspace()


@pytest.fixture(scope="session")
def prepared(bundled: Workspace) -> Prepared:
    """The bundled beach compiled for matches."""
    return ENGINE.prepare(bundled, bundled.layouts["snit-beach"])


@pytest.fixture
def scratch_pack(tmp_path: Path) -> Path:
    """A scratch copy of the base pack (same id: it replaces the bundled one)."""
    folder = tmp_path / "packs" / BASE
    shutil.copytree(content_dir() / BASE, folder)
    return folder


def beach_layout(
    *,
    sea: list[str] | None = None,
    starts: dict[str, str] | None = None,
    snandergrab: str | None = "D10",
    extra: str = "",
) -> str:
    """A beach layout's text: the bundled sea and starts unless given."""
    sea = sea if sea is not None else ["A1", "A2", "B1", "C1", "D1", "E1", "F1", "G1", "G2"]
    starts = (
        starts if starts is not None else {"A1": "red", "C1": "green", "E1": "yellow", "G1": "blue"}
    )
    lines = [LAYOUT_HEAD.rstrip("\n"), "spaces:" if sea else "spaces: {}"]
    lines += [f"  {label}: [sea]" for label in sea]
    if starts:
        lines.append("starts: {" + ", ".join(f"{k}: {v}" for k, v in starts.items()) + "}")
    if snandergrab is not None:
        lines.append(f"snandergrab: {snandergrab}")
    return "\n".join(lines) + "\n" + extra


LoadLayout = Callable[..., Workspace]


@pytest.fixture
def load_layout(tmp_path: Path) -> LoadLayout:
    """Write a layout text (and optionally pack folders) and load it with the bundled context."""

    def load(text: str, *packs: Path) -> Workspace:
        path = tmp_path / "sample.layout.yaml"
        path.write_text(text, encoding="utf-8")
        return load_workspace([path, *packs])

    return load


def bundled_layout_text() -> str:
    """The bundled beach layout's text."""
    return (layouts_dir() / "snit-beach.layout.yaml").read_text(encoding="utf-8")
