"""The design the live simulator plays: a layout (saved or not), the designer's packs and
the unsaved text of open files, loaded through the one workspace loader and set up for the
game's engine, or refused with a reason and the first diagnostics.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import editor.games  # noqa: F401  (registers every game, whoever imports this first)
from editor.core import registry
from editor.core.diagnostics import Diagnostic, sort_diagnostics
from editor.core.engine import Engine
from editor.core.files import display_path
from editor.core.layouts import Layout
from editor.core.workspace import PathError, Workspace, load_workspace

#: How many diagnostics an invalid design shows: enough to start fixing, few enough to read.
FIRST_DIAGNOSTICS = 5
#: What a layout that was never saved is called in diagnostics.
UNTITLED = "untitled.layout.yaml"


@dataclass(frozen=True)
class Design:
    """A layout's text (and file, when saved), the designer's pack folders, unsaved texts."""

    layout_path: Path | None
    layout_text: str
    pack_folders: tuple[Path, ...] = ()
    #: Unsaved text of open content files by absolute path; used instead of the disk's.
    texts: Mapping[Path, str] = field(default_factory=dict)


@dataclass
class Loaded:
    """A design loaded: its workspace, its layout (None when it failed) and what blocks it."""

    workspace: Workspace
    layout: Layout | None
    #: The errors in the layout file and in the files of the packs it uses, sorted.
    errors: list[Diagnostic]


@dataclass(frozen=True)
class Invalid:
    """Why a design cannot be played, with the first diagnostics that say where."""

    reason: str
    diagnostics: tuple[Diagnostic, ...] = ()

    def lines(self) -> list[str]:
        """The reason, then each diagnostic as ``seastack validate`` prints it."""
        return [self.reason, *(d.format() for d in self.diagnostics)]


@dataclass(frozen=True)
class Ready:
    """A design set up for its game's engine: what a batch needs."""

    loaded: Loaded
    layout: Layout
    game_id: str
    engine: Engine
    prepared: Any


def load_design(design: Design) -> Loaded:
    """Load a design with :func:`load_workspace`; the layout's own text wins over its file.

    A layout never saved (or whose file is gone) is loaded from a temporary file named
    :data:`UNTITLED` in diagnostics.
    """
    texts = dict(design.texts)
    path = design.layout_path
    folders = list(design.pack_folders)
    if path is not None and path.is_file():
        texts[path] = design.layout_text
        ws = load_workspace([path, *folders], texts=texts)
        return _loaded(ws, display_path(path))
    with tempfile.TemporaryDirectory(prefix="seastack-design-") as folder:
        temp = Path(folder) / UNTITLED
        temp.write_text(design.layout_text, encoding="utf-8")
        ws = load_workspace([temp, *folders], texts=texts)
        loaded = _loaded(ws, display_path(temp))
        shown = display_path(temp)
    loaded.errors = [
        dataclasses.replace(d, path=UNTITLED) if d.path == shown else d for d in loaded.errors
    ]
    return loaded


def _loaded(ws: Workspace, shown: str) -> Loaded:
    layout = ws.layout_at(shown)
    folders: list[Path] = []
    if layout is not None:
        folders = [pack.folder.resolve() for pack in ws.packs_in_use(layout)]

    def blocks(d: Diagnostic) -> bool:
        if not d.is_error:
            return False
        if d.path == shown:
            return True
        where = Path(d.path).resolve()
        return any(where.is_relative_to(folder) for folder in folders)

    return Loaded(ws, layout, sort_diagnostics(d for d in ws.diagnostics if blocks(d)))


def prepare_design(design: Design) -> Ready | Invalid:
    """Load a design and set it up for its game's engine, or say why it cannot be played."""
    missing = [f for f in design.pack_folders if not f.is_dir()]
    if missing:
        what = "is not a folder" if missing[0].exists() else "does not exist"
        return Invalid(f"the pack folder {missing[0]} {what}")
    try:
        loaded = load_design(design)
    except PathError as exc:
        return Invalid(str(exc))
    except OSError as exc:  # a temporary folder that cannot be written
        return Invalid(f"cannot load the design: {os.strerror(exc.errno or 0) or exc}")
    first = tuple(loaded.errors[:FIRST_DIAGNOSTICS])
    layout = loaded.layout
    if loaded.errors:
        count = len(loaded.errors)
        where = "the layout" if layout is None else "the layout or the packs it uses"
        them = "it" if count == 1 else "them"
        found = f"{count} error{'s' * (count != 1)}"
        return Invalid(f"{found} in {where}; fix {them} to simulate", first)
    if layout is None:
        return Invalid("the design has no layout to play on (a *.layout.yaml file)")
    game = registry.get(layout.game)
    if game is None or game.engine is None:
        return Invalid(f"the game {layout.game!r} has no rules engine to simulate with")
    try:
        prepared = game.engine.prepare(loaded.workspace, layout)
    except Exception as exc:  # content the engine cannot compile, said in the engine's words
        diagnostics = tuple(getattr(exc, "diagnostics", ())[:FIRST_DIAGNOSTICS])
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return Invalid(f"cannot set up a match: {message}", diagnostics)
    return Ready(loaded, layout, game.id, game.engine, prepared)
