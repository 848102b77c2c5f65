"""Atomic file writes: a crash mid-save leaves the old file or the new one, never half.

A save writes a temporary file beside its target (``.NAME.XXXXXXXX.tmp``), then renames it
over the target. A save killed before the rename leaves its temporary file behind; the next
save of the same file removes it (:func:`remove_leftovers`), and the editor sweeps the
folders it works in at its start. A temporary file another save is still writing is never
removed: each writer holds a lock on its own (``flock``, released by the system when the
process ends, however it ends), and only unlocked ones are left over. Where there are no such
locks (Windows), only temporary files older than :data:`LEFTOVER_AGE` seconds are removed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

if sys.platform != "win32":
    import fcntl

#: Where no lock tells a live save from a dead one, a temporary file this old is left over.
LEFTOVER_AGE = 600.0
#: mkstemp's random part: eight of these characters.
_RANDOM = "[a-z0-9_]{8}"


class UnencodableText(OSError):
    """The text holds what UTF-8 cannot write (a lone surrogate); nothing was written.

    An :class:`OSError` (``EILSEQ``), so that every save's error handling, which already
    tells the user why a file could not be written, tells this too.
    """


def write_text_atomic(path: Path, text: str) -> None:
    """Write a UTF-8 text file atomically; see :func:`write_bytes_atomic`.

    Raises :class:`UnencodableText` (an ``OSError``) when the text cannot be encoded, before
    anything is written.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        code = ord(text[exc.start])
        raise UnencodableText(
            errno.EILSEQ,
            f"line {line} holds U+{code:04X}, half of a UTF-16 pair and not a character,"
            " which cannot be written as UTF-8; remove it or write the character itself",
        ) from exc
    write_bytes_atomic(path, data)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write a file so that a crash leaves either the old file or the new one, never half.

    The file keeps the permissions of the one it replaces; a new file gets the usual ones
    (0666 less the umask), not the private mode of a temporary file. Temporary files that
    earlier saves of this file left behind (killed mid-save) are removed.
    """
    path = Path(path)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_UMASK
    fd, tmp = _locked_temporary(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, path)  # still locked: a sweep never takes it for a leftover
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    remove_leftovers(path.parent, name=path.name)


def remove_leftovers(folder: Path, *, name: str | None = None) -> list[Path]:
    """Remove the temporary files that saves killed midway left in a folder; never fails.

    ``name`` limits it to one file's (``.NAME.XXXXXXXX.tmp``); otherwise those of the kinds
    of file Seastack writes (``*.yaml``, ``*.yml``, ``*.json``), so that another program's
    temporary files in the same folder are left alone. A temporary file a live save is
    writing is kept. Returns the files removed.
    """
    prefix = re.escape(name) if name is not None else r".+\.(?:yaml|yml|json)"
    pattern = re.compile(rf"\.{prefix}\.{_RANDOM}\.tmp")
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        with contextlib.suppress(OSError):
            if not entry.is_file(follow_symlinks=False):
                continue
            with _if_unlocked(Path(entry.path)) as left_over:
                if left_over:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def _locked_temporary(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path``, open and locked as being written.

    A sweep (:func:`remove_leftovers`) running at the same moment may take a file that is
    not locked yet for a leftover; such a file is dropped and another one made.
    """
    for _attempt in range(10):
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        if _lock(fd) and _still_named(fd, tmp):
            return fd, tmp
        os.close(fd)  # the sweep that holds it removes it
    raise OSError(errno.EBUSY, f"cannot make a temporary file in {path.parent}")


def _lock(fd: int) -> bool:
    """Mark a temporary file as being written by this process (until it closes it).

    False when a sweep holds it; a file system without locks marks nothing and says True.
    """
    if sys.platform == "win32":  # pragma: no cover
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        return exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN)
    return True


def _still_named(fd: int, tmp: str) -> bool:
    """Whether the open file is still the one named ``tmp`` (no sweep removed it)."""
    try:
        return os.path.samestat(os.fstat(fd), os.stat(tmp, follow_symlinks=False))
    except OSError:
        return False


@contextlib.contextmanager
def _if_unlocked(path: Path) -> Iterator[bool]:
    """Whether no save holds ``path`` (held locked meanwhile, so none starts to)."""
    if sys.platform == "win32":  # pragma: no cover - only old files are surely left over
        yield time.time() - path.stat().st_mtime > LEFTOVER_AGE
        return
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                yield False  # a live save is writing it
            else:  # a file system without locks
                yield time.time() - os.fstat(fd).st_mtime > LEFTOVER_AGE
            return
        yield True
    finally:
        os.close(fd)


def _read_umask() -> int:
    """The process's umask; reading it means setting it, so this runs once, at import."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# Read while the process is still importing, not while other threads may be creating files.
_UMASK = _read_umask()
