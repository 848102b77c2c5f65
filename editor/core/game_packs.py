"""The packs a game's content is read from: the packs chosen, with what they depend on, all
of that game, and the errors found in their files (every game's content loader asks these)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from editor.core.diagnostics import Diagnostic, sort_diagnostics
from editor.core.pack_files.discovery import pack_root_of
from editor.core.packs import Pack, closure
from editor.core.workspace import Workspace


class PackChoiceError(ValueError):
    """Packs asked for that are not loaded, or that belong to another game."""


def packs_for_game(
    ws: Workspace, packs: Sequence[str | Pack], game_id: str, game_title: str
) -> list[Pack]:
    """The packs named (ids or packs) and their dependencies, dependencies first; every one
    must be loaded and of the game ``game_id`` (named ``game_title`` in the message)."""
    ids = [p.id if isinstance(p, Pack) else p for p in packs]
    unknown = [i for i in ids if i not in ws.packs]
    if unknown:
        known = ", ".join(sorted(ws.packs)) or "none"
        raise PackChoiceError(f"no pack {', '.join(map(repr, unknown))}; known: {known}")
    chosen = closure(ws.packs, ids)
    other = [p.id for p in chosen if p.game != game_id]
    if other:
        raise PackChoiceError(f"not {game_title} packs: {', '.join(other)}")
    return chosen


def pack_errors(ws: Workspace, packs: Iterable[Pack]) -> list[Diagnostic]:
    """The errors found in the manifests and data files of some packs, those of files that
    could not be read at all (a YAML syntax error) included."""
    paths = set()
    folders = set()
    for pack in packs:
        paths.add(pack.manifest.path)
        paths.update(document.path for _, document in pack.documents)
        folders.add(pack.folder.resolve())

    def in_packs(path: str) -> bool:
        if path in paths:
            return True
        root = pack_root_of(Path(path))
        return root is not None and root.resolve() in folders

    return sort_diagnostics(d for d in ws.diagnostics if d.is_error and in_packs(d.path))
