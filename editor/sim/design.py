"""The design the live simulator plays: a layout (saved or not), the designer's packs and
the unsaved text of open files, loaded through the one workspace loader and set up for the
game's engine, or refused with a reason and the first diagnostics.

A pack folder, or a content file in one, plays too, whatever its game: when no layout of
that game is open, the game's first bundled layout (by file name) is played with the pack
added to the packs it names (:func:`design_to_play` for the editor, :func:`open_scenario`
for ``seastack simulate``). A game with nothing to lay out ships such a layout: the
scenario naming its table and packs.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import editor.games  # noqa: F401  (registers every game, whoever imports this first)
from editor.core import registry
from editor.core.diagnostics import Diagnostic, sort_diagnostics
from editor.core.documents import load_document, parse_document
from editor.core.engine import Engine
from editor.core.files import display_path, file_kind, find_pack_root
from editor.core.layouts import Layout, dump_layout
from editor.core.resources import layouts_dir
from editor.core.workspace import PathError, Workspace, load_workspace, open_layout

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


# --- a pack of a game whose layout is not open ----------------------------------------------


@dataclass(frozen=True)
class PackInfo:
    """The pack a folder is, or a file lies in: its folder, id and game."""

    folder: Path
    id: str
    game: str


def pack_of(path: Path, texts: Mapping[Path, str] | None = None) -> PackInfo | None:
    """The pack a folder is or a file lies in, from its ``pack.yaml`` alone (its unsaved
    text when ``texts`` has it); None outside a pack or for a manifest that cannot be read."""
    root = find_pack_root(path.resolve())  # "a/b/.." is "a", not inside "a/b"
    if root is None:
        return None
    manifest = root / "pack.yaml"
    text = (texts or {}).get(manifest.resolve())
    if text is not None:
        document, _ = parse_document(text, display_path(manifest))
    else:
        document, _ = load_document(manifest, display_path(manifest))
    data = document.data if document is not None else None
    if not isinstance(data, dict):
        return None
    pack_id, game = data.get("id"), data.get("game")
    if not isinstance(pack_id, str) or not isinstance(game, str):
        return None
    return PackInfo(root, pack_id, game)


def first_layout(game_id: str) -> Path | None:
    """The first bundled layout of a game, by file name, if it has one and an engine."""
    game = registry.get(game_id)
    if game is None or game.engine is None:
        return None
    for path in sorted(layouts_dir().glob("*.layout.yaml")):
        document, _ = load_document(path, display_path(path))
        data = document.data if document is not None else None
        if isinstance(data, dict) and data.get("game") == game_id:
            return path
    return None


def attached(layout_path: Path, pack_id: str) -> str | None:
    """The text of a (bundled, valid) layout file with a pack added to the packs it names;
    None when the file is not a layout that reads."""
    document, problems = load_document(layout_path, display_path(layout_path))
    if document is None or problems:
        return None
    try:
        layout = Layout.from_document(document)
    except (KeyError, TypeError, ValueError):
        return None
    packs = layout.packs or ()
    if pack_id not in packs:
        layout = dataclasses.replace(layout, packs=(*packs, pack_id))
    return dump_layout(layout)


def design_to_play(design: Design, layout_game: str | None) -> Design:
    """The design the simulator plays: the layout's own, unless the open content files that
    lie in packs are all of other games than the layout's; then the last one's game's first
    bundled layout, with that file's pack added (its folder loaded with the designer's)."""
    packs = [info for info in (pack_of(path, design.texts) for path in design.texts) if info]
    if not packs or any(info.game == layout_game for info in packs):
        return design
    info = packs[-1]
    layout_path = first_layout(info.game)
    text = attached(layout_path, info.id) if layout_path is not None else None
    if layout_path is None or text is None:
        return design
    folders = [
        info.folder,
        *(f for f in design.pack_folders if f.resolve() != info.folder.resolve()),
    ]
    return Design(layout_path, text, tuple(folders), design.texts)


def open_scenario(
    path: Path | str, *, packs: Sequence[Path | str] = ()
) -> tuple[Workspace, Layout | None]:
    """:func:`~editor.core.workspace.open_layout`, taking a pack folder or a content file in
    one too: its game's first bundled layout with the pack added, loaded with its folder.

    Raises :class:`PathError` for a folder that is no pack, or a pack whose game has no
    bundled layout to play on.
    """
    given = Path(path)
    if str(path).strip() and given.exists() and file_kind(given) != "layout":
        info = pack_of(given)
        if info is None and given.is_dir():
            raise PathError(
                f"{str(path)!r} is a folder but not a pack (it has no pack.yaml); give a"
                " layout file (*.layout.yaml) or a pack folder"
            )
        if info is not None:
            layout_path = first_layout(info.game)
            text = attached(layout_path, info.id) if layout_path is not None else None
            if layout_path is None or text is None:
                raise PathError(
                    f"the pack {info.id} is of {info.game!r}, which has no bundled layout"
                    " to play on; give a layout file (*.layout.yaml)"
                )
            texts = {layout_path.resolve(): text}
            ws = load_workspace([layout_path, info.folder, *packs], texts=texts)
            return ws, ws.layout_at(display_path(layout_path))
    return open_layout(path, packs=packs)


# --- which packs a batch plays ----------------------------------------------------------------


def packs_played(ready: Ready) -> list[tuple[str, str]]:
    """The packs a set-up design plays, ``(id, version)``, dependencies first."""
    return [(p.id, p.version) for p in ready.loaded.workspace.packs_in_use(ready.layout)]


def open_packs_not_played(ready: Ready, open_files: Iterable[Path]) -> list[str]:
    """The ids of the packs of the design's game whose files are open but that the design
    does not play (not attached to the layout): the designer's edits there change nothing."""
    played = {pack_id for pack_id, _ in packs_played(ready)}
    missing: list[str] = []
    for path in open_files:
        info = pack_of(path)
        if info and info.game == ready.game_id and info.id not in played | set(missing):
            missing.append(info.id)
    return missing
