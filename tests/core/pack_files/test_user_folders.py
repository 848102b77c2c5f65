"""The user's data folder: platformdirs' by default, another when the variable names one."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from editor.core.pack_files import user_folders
from editor.core.pack_files.user_folders import DATA_DIR_VARIABLE


def test_the_variable_names_the_data_folder(tmp_path: Path, data_dir: Path) -> None:
    assert user_folders.data_dir() == data_dir
    assert user_folders.packs_dir() == data_dir / "packs"
    assert user_folders.staging_dir() == data_dir / "packs" / ".staging"
    assert user_folders.scenarios_dir() == data_dir / "scenarios"


def test_without_the_variable_it_is_the_platforms(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    expected = platformdirs.user_data_path("seastack", appauthor=False)
    assert user_folders.data_dir() == expected
    monkeypatch.setenv(DATA_DIR_VARIABLE, "  ")
    assert user_folders.data_dir() == expected
