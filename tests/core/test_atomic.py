"""Atomic writes keep the file's permissions and never leave half a file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from editor.core import atomic
from editor.core.atomic import _read_umask, write_bytes_atomic, write_text_atomic


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_file_gets_the_usual_permissions_not_a_temporary_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, umask: int, mode: int
) -> None:
    monkeypatch.setattr("editor.core.atomic._UMASK", umask)
    write_text_atomic(tmp_path / "new.yaml", "a: 1\n")
    assert _mode(tmp_path / "new.yaml") == mode
    assert (tmp_path / "new.yaml").read_text() == "a: 1\n"


def test_the_umask_read_at_import_is_the_processs() -> None:
    mask = os.umask(0)
    os.umask(mask)
    assert _read_umask() == mask == atomic._UMASK


def test_replacing_a_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "shared.png"
    target.write_bytes(b"old")
    target.chmod(0o664)
    write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert _mode(target) == 0o664


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "keep.bin"
    target.write_bytes(b"old")

    def crash(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("editor.core.atomic.os.replace", crash)
    with pytest.raises(OSError, match="disk full"):
        write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.bin"]
