"""Nothing lost, nothing left: what a killed save leaves is removed by the next save, a live
save's temporary file never is, and text that cannot be encoded is refused before writing."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor.core import atomic
from editor.core.atomic import (
    UnencodableText,
    remove_leftovers,
    write_bytes_atomic,
    write_text_atomic,
)
from editor.core.workspace import load_workspace
from editor.studio.autosave import Autosaver, read_recovery

ROOT = Path(__file__).resolve().parents[2]
posix = pytest.mark.skipif(os.name != "posix", reason="locks and kills of POSIX")


@pytest.fixture(autouse=True)
def _leave_nothing(tmp_path: Path) -> Iterator[None]:
    """Remove this test's files afterwards: the editor's tests look for packs near their own
    temporary folders, and must not find these hostile ones."""
    yield
    shutil.rmtree(tmp_path, ignore_errors=True)


def _leftover(folder: Path, name: str, random: str = "ab12cd_9") -> Path:
    path = folder / f".{name}.{random}.tmp"
    path.write_text("half a sav")
    return path


def test_the_next_save_of_a_file_removes_what_killed_saves_of_it_left(tmp_path: Path) -> None:
    mine = [_leftover(tmp_path, "cards.yaml", r) for r in ("ab12cd_9", "zzzzzzzz")]
    other = _leftover(tmp_path, "factions.yaml")
    unrelated = [tmp_path / ".cards.yaml.tmp", tmp_path / "cards.yaml.x1234567.tmp"]
    for path in unrelated:
        path.write_text("not a save's")
    write_text_atomic(tmp_path / "cards.yaml", "cards: []\n")
    assert not any(path.exists() for path in mine)
    assert other.exists() and all(path.exists() for path in unrelated)
    assert (tmp_path / "cards.yaml").read_text() == "cards: []\n"


def test_a_sweep_removes_every_saves_leftovers_in_a_folder(tmp_path: Path) -> None:
    left = [_leftover(tmp_path, "a.layout.yaml"), _leftover(tmp_path, "buffers-1-2.json")]
    (tmp_path / "keep.yaml").write_text("a: 1\n")
    assert sorted(remove_leftovers(tmp_path)) == sorted(left)
    assert [p.name for p in tmp_path.iterdir()] == ["keep.yaml"]
    assert remove_leftovers(tmp_path / "missing") == []  # never fails


@posix
def test_a_live_saves_temporary_file_is_never_removed(tmp_path: Path) -> None:
    """A save in another process holds its temporary file locked; it is kept until the
    process ends, however it ends (here by SIGKILL), and removed by the next save then."""
    script = (
        "import fcntl, os, sys, time\n"
        f"fd = os.open({str(tmp_path / '.cards.yaml.live1234.tmp')!r}, os.O_CREAT | os.O_WRONLY)\n"
        "fcntl.flock(fd, fcntl.LOCK_EX)\n"
        "print('locked', flush=True)\n"
        "time.sleep(60)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "locked\n"
        live = tmp_path / ".cards.yaml.live1234.tmp"
        write_text_atomic(tmp_path / "cards.yaml", "a: 1\n")
        assert remove_leftovers(tmp_path) == []
        assert live.exists()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        if child.stdout is not None:
            child.stdout.close()
    write_text_atomic(tmp_path / "cards.yaml", "a: 2\n")
    assert not live.exists()


@posix
def test_saves_killed_midway_leave_the_file_whole_and_nothing_after_the_next_save(
    tmp_path: Path,
) -> None:
    """A short run of benchmarks/kill_during_save.py (which runs 100 kills on demand)."""
    path = tmp_path / "cards.yaml"
    old, new = "cards:\n" + "  - old\n" * 20_000, "cards:\n" + "  - new\n" * 20_000
    write_text_atomic(path, old)
    (tmp_path / "texts.json").write_text(json.dumps([old, new]))
    script = (
        f"import json, sys; sys.path.insert(0, {str(ROOT)!r})\n"
        "from pathlib import Path\n"
        "from editor.core.atomic import write_text_atomic\n"
        f"texts = json.loads(Path({str(tmp_path / 'texts.json')!r}).read_text())\n"
        "print('ready', flush=True)\n"
        "i = 0\n"
        "while True:\n"
        f"    write_text_atomic(Path({str(path)!r}), texts[i % 2]); i += 1\n"
    )
    for delay in (0.0, 0.003, 0.007, 0.013, 0.021):
        child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        child.stdout.readline()
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        assert path.read_text() in (old, new)
        write_text_atomic(path, old)
        assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_a_sweep_running_during_a_save_does_not_break_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sweep that takes a save's brand-new temporary file (not locked yet) for a leftover:
    the save makes another one and succeeds."""
    real = atomic._lock
    calls: list[int] = []

    def sweep_first(fd: int) -> bool:
        calls.append(fd)
        if len(calls) == 1:
            remove_leftovers(tmp_path)  # runs before the first file is locked
        return real(fd)

    monkeypatch.setattr(atomic, "_lock", sweep_first)
    write_text_atomic(tmp_path / "a.yaml", "a: 1\n")
    assert len(calls) == 2
    assert (tmp_path / "a.yaml").read_text() == "a: 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.yaml"]


def test_text_that_cannot_be_encoded_is_refused_before_anything_is_written(
    tmp_path: Path,
) -> None:
    path = tmp_path / "mine.layout.yaml"
    path.write_text("id: mine\n")
    with pytest.raises(UnencodableText) as caught:
        write_text_atomic(path, 'id: mine\nname: "x\ud800"\n')
    assert isinstance(caught.value, OSError) and caught.value.errno == errno.EILSEQ
    assert caught.value.strerror is not None and "line 2" in caught.value.strerror
    assert "U+D800" in caught.value.strerror
    assert path.read_text() == "id: mine\n"
    assert [p.name for p in tmp_path.iterdir()] == ["mine.layout.yaml"]


def test_a_failed_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(src: str, dst: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full)
    with pytest.raises(OSError, match="No space"):
        write_bytes_atomic(tmp_path / "a.yaml", b"a: 1\n")
    assert list(tmp_path.iterdir()) == []


def test_a_lone_surrogate_in_a_layout_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "mine.layout.yaml"
    path.write_text(
        'id: mine\nname: "Mine \\ud800"\ngame: snails\nboard: snails-expert\nspaces: {}\n'
    )
    report = load_workspace([path]).report()
    assert [(d.code, d.line, d.column) for d in report if d.code == "unencodable-text"] == [
        ("unencodable-text", 2, 7)
    ]
    assert "U+D800" in report[0].message


def test_work_with_a_lone_surrogate_is_still_autosaved(tmp_path: Path) -> None:
    autosaver = Autosaver(tmp_path / "autosave")
    text = 'id: mine\nname: "\ud800"\n'
    file = autosaver.write(None, "\ud800", text)
    recovery = read_recovery(file)
    assert recovery is not None and recovery.text == text


def test_the_sweep_leaves_other_programs_temporary_files_alone(tmp_path: Path) -> None:
    from editor.core.atomic import remove_leftovers

    ours = tmp_path / ".crab.layout.yaml.abcd1234.tmp"
    theirs = tmp_path / ".notes.txt.abcd1234.tmp"
    for path in (ours, theirs):
        path.write_text("half", encoding="utf-8")
    assert remove_leftovers(tmp_path) == [ours]
    assert theirs.exists() and not ours.exists()
