"""Autosave files: unsaved work kept in the user's data folder and offered back after a crash.

Each editor window writes its unsaved layout to one JSON file named after the process and the
window; a clean save or close removes it. A file left behind by a process that is no longer
running (or by another window of this process that went away without closing) is a
:class:`Recovery` to offer at the next start. Qt-free; the window drives it with timers.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from editor.core.atomic import write_text_atomic

PREFIX = "autosave-"


@dataclass(frozen=True)
class Recovery:
    """Unsaved work found in an autosave file."""

    file: Path
    path: Path | None
    name: str
    text: str
    saved_at: float

    def describe(self) -> str:
        """``"Crustacean (crustacean.layout.yaml), autosaved 2026-11-30 04:12"``."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        where = f" ({self.path.name})" if self.path is not None else " (never saved)"
        return f"{self.name}{where}, autosaved {when}"


def _json_text(record: object) -> str:
    """An autosave's text: readable UTF-8, or all escaped when the work holds what UTF-8
    cannot write (a lone surrogate), so that such work is kept aside too."""
    text = json.dumps(record, ensure_ascii=False, indent=1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(record, ensure_ascii=True, indent=1)
    return text


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return False  # cannot ask safely; offer the file
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Whether a process has ended but its parent has not reaped it yet (Linux only).

    Such a process still answers ``kill(pid, 0)``; an editor killed a moment ago is one.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    # the state letter follows the command name, which is in parentheses and may hold spaces
    end = stat.rfind(")")
    return stat[end + 2 : end + 3] == "Z"


class Autosaver:
    """The autosave file of one window."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.key = f"{PREFIX}{os.getpid()}-{uuid.uuid4().hex[:8]}"

    @property
    def file(self) -> Path:
        """Where this window's unsaved work goes."""
        return self.folder / f"{self.key}.json"

    def write(self, path: Path | None, name: str, text: str) -> Path:
        """Keep the unsaved text of a layout (atomically, so a crash mid-write loses nothing)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        record = {
            "path": str(path) if path is not None else None,
            "name": name,
            "text": text,
            "saved_at": time.time(),
        }
        write_text_atomic(self.file, _json_text(record))
        return self.file

    def remove(self) -> None:
        """Forget the unsaved work (after a clean save or close).

        Never fails: an autosave that cannot be removed (its folder is gone, or is a file)
        must not stop the window from closing; at worst it is offered back once.
        """
        with contextlib.suppress(OSError):
            self.file.unlink(missing_ok=True)

    def pending(self) -> list[Recovery]:
        """Work left behind by windows that did not close cleanly, newest first."""
        if not self.folder.is_dir():
            return []
        found: list[Recovery] = []
        for file in self.folder.glob(f"{PREFIX}*.json"):
            if file == self.file:
                continue
            pid_text = file.stem[len(PREFIX) :].split("-", 1)[0]
            if pid_text.isdigit() and int(pid_text) != os.getpid() and _alive(int(pid_text)):
                continue  # another editor is running and owns it
            recovery = read_recovery(file)
            if recovery is not None:
                found.append(recovery)
        return sorted(found, key=lambda r: r.saved_at, reverse=True)


def read_recovery(file: Path) -> Recovery | None:
    """The work in an autosave file; None when it cannot be read (it is then left alone)."""
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
        path = record.get("path")
        return Recovery(
            file=file,
            path=Path(path) if path else None,
            name=str(record.get("name", "")),
            text=str(record["text"]),
            saved_at=float(record.get("saved_at", file.stat().st_mtime)),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


BUFFERS_PREFIX = "buffers-"


class BufferAutosaver:
    """The autosave file of one window's open content files (the YAML tabs), all in one.

    Kept apart from the layout's :class:`Autosaver` (its own file name prefix), so that the
    layout's autosave and recovery work exactly as before.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.key = f"{BUFFERS_PREFIX}{os.getpid()}-{uuid.uuid4().hex[:8]}"

    @property
    def file(self) -> Path:
        """Where this window's unsaved content files go."""
        return self.folder / f"{self.key}.json"

    def write(self, buffers: dict[Path, str]) -> Path:
        """Keep the unsaved text of these files (atomically); none removes the file."""
        if not buffers:
            self.remove()
            return self.file
        self.folder.mkdir(parents=True, exist_ok=True)
        now = time.time()
        record = {
            "files": [
                {"path": str(path), "text": text, "saved_at": now}
                for path, text in sorted(buffers.items())
            ]
        }
        write_text_atomic(self.file, _json_text(record))
        return self.file

    def remove(self) -> None:
        """Forget the unsaved files (all saved or closed); never fails."""
        with contextlib.suppress(OSError):
            self.file.unlink(missing_ok=True)

    def pending(self) -> list[Recovery]:
        """Unsaved content files left behind by windows that did not close, newest first.

        Each file of an autosave is one :class:`Recovery` whose ``file`` is that autosave.
        """
        if not self.folder.is_dir():
            return []
        found: list[Recovery] = []
        for file in self.folder.glob(f"{BUFFERS_PREFIX}*.json"):
            if file == self.file:
                continue
            pid_text = file.stem[len(BUFFERS_PREFIX) :].split("-", 1)[0]
            if pid_text.isdigit() and int(pid_text) != os.getpid() and _alive(int(pid_text)):
                continue  # another editor is running and owns it
            found.extend(read_buffers(file))
        return sorted(found, key=lambda r: r.saved_at, reverse=True)


def read_buffers(file: Path) -> list[Recovery]:
    """The files kept in a buffers autosave; none when it cannot be read (left alone)."""
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
        return [
            Recovery(
                file=file,
                path=Path(entry["path"]),
                name=Path(entry["path"]).name,
                text=str(entry["text"]),
                saved_at=float(entry.get("saved_at", 0.0)),
            )
            for entry in record["files"]
        ]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return []
