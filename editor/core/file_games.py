"""Which game a content file belongs to: the game its pack's ``pack.yaml`` names.

Two games may read files of the same kind (each has a ``ruleset.yaml``), so the kind alone
does not say which schema checks a file. A pack's files sit in the pack's folder beside its
``pack.yaml``; only that file is read, never anything outside the file's own folder.
"""

from __future__ import annotations

from pathlib import Path

from editor.core import registry
from editor.core.documents import load_document
from editor.core.files import file_kind

__all__ = ["game_for_kind", "game_of_file"]


def game_of_file(path: Path | str) -> str | None:
    """The id of the game named by the ``pack.yaml`` beside ``path``; None if none says."""
    pack_file = Path(path).parent / "pack.yaml"
    if pack_file.is_symlink() or not pack_file.is_file():
        return None
    document, _problems = load_document(pack_file)
    if document is None or not isinstance(document.data, dict):
        return None
    game = document.data.get("game")
    return game if isinstance(game, str) else None


def game_for_kind(path: Path | str, kind: str | None = None) -> registry.Game | None:
    """The registered game that reads the file at ``path`` (of ``kind``, from its name).

    The game of the file's pack when that game reads the kind; otherwise the first
    registered game that does.
    """
    kind = kind if kind is not None else file_kind(path)
    if kind is None:
        return None
    named = game_of_file(path)
    readers = [game for game in registry.games() if kind in game.content.file_kinds]
    for game in readers:
        if game.id == named:
            return game
    return readers[0] if readers else None
