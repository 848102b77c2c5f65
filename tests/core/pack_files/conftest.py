"""The pack file tests' data folder: a temporary one, never the user's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.pack_files.user_folders import DATA_DIR_VARIABLE


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the user's data folder at an empty temporary folder, and work in another."""
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(folder))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return folder
