"""Shared test set-up: Qt offscreen, the games registered, paths to test data."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

import editor.games  # noqa: F401  (registers the games)

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def repo_root() -> Path:
    """The repository's top folder."""
    return ROOT


@pytest.fixture
def bad_dir() -> Path:
    """The deliberately broken files."""
    return DATA / "bad"
