"""How a failed save is told: the reason in a designer's words, and the one autosave dialog."""

from __future__ import annotations

from pathlib import Path

from editor.ui.common.prompts import Prompts


def save_failure(exc: OSError | ValueError) -> str:
    """Why a save failed, in words: the system's reason (not the temporary file's name an
    ``OSError`` carries), or the message of text that cannot be encoded."""
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)


def tell_autosave_failed(prompts: Prompts, folder: Path, reason: str, what: str, keep: str) -> None:
    """The dialog of a failed autosave: ``what`` could not be put aside in ``folder``;
    nothing is lost, and ``keep`` says how to keep it."""
    prompts.error(
        "Could not autosave",
        f"The unsaved {what} could not be put aside in {folder}: {reason}.\n"
        f"Nothing is lost: {keep}",
    )
