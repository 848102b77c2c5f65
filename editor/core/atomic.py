"""Atomic file writes: a crash mid-save leaves the old file or the new one, never half."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def write_text_atomic(path: Path, text: str) -> None:
    """Write a UTF-8 text file atomically; see :func:`write_bytes_atomic`."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write a file so that a crash leaves either the old file or the new one, never half.

    The file keeps the permissions of the one it replaces; a new file gets the usual ones
    (0666 less the umask), not the private mode of a temporary file.
    """
    path = Path(path)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_UMASK
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _read_umask() -> int:
    """The process's umask; reading it means setting it, so this runs once, at import."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# Read while the process is still importing, not while other threads may be creating files.
_UMASK = _read_umask()
