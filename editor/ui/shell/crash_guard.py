"""A bug of ours inside the editor: keep the work, write the details down, tell the user.

Qt calls Python slots from its event loop; an exception escaping one would print a traceback
to the terminal and leave the user guessing. :func:`install` replaces ``sys.excepthook``
while the editor runs: the unsaved layout is autosaved at once, the traceback goes to a log
file in the user's data folder, and one dialog says what happened and where the log is.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from editor.ui.shell.services import GuardedWindow

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def install(window: GuardedWindow, log_folder: Path) -> Hook:
    """Guard the editor's event loop; returns the previous hook so it can be put back.

    ``window`` is anything with the window's ``prompts`` and ``autosave``."""
    previous = sys.excepthook

    def guard(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, exc, tb)
            return
        saved = _autosave(window)
        log = _write_log(log_folder, kind, exc, tb)
        window.prompts.error("Something went wrong in Seastack", report(kind, exc, saved, log))

    sys.excepthook = guard
    return previous


def report(kind: type[BaseException], exc: BaseException, saved: bool, log: Path | None) -> str:
    """What the user is told: the error in one line, whether the work is safe, the log.

    >>> report(ValueError, ValueError("bad"), True, Path("/tmp/crash.log"))  # doctest: +ELLIPSIS
    'Seastack hit a bug of its own (ValueError: bad). Your unsaved work was autosaved...'
    """
    text = f"Seastack hit a bug of its own ({kind.__name__}: {exc})."
    if saved:
        text += " Your unsaved work was autosaved and will be offered back if you restart."
    if log is not None:
        text += f" The details are in {log}; please include them when you report it."
    return text


def _autosave(window: GuardedWindow) -> bool:
    try:
        return window.autosave.saved_aside()
    except Exception:  # the guard must not fail in turn; the dialog still tells the user
        return False


def _write_log(
    folder: Path, kind: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> Path | None:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    text = "".join(traceback.format_exception(kind, exc, tb))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # named to the second for people; a counter keeps two crashes in one second apart,
        # and creating the file exclusively means an existing log is never overwritten
        for attempt in range(1000):
            suffix = f"-{attempt}" if attempt else ""
            path = folder / f"crash-{stamp}{suffix}.log"
            try:
                with path.open("x", encoding="utf-8") as log:
                    log.write(text)
            except FileExistsError:
                continue
            return path
    except OSError:
        return None
    return None
