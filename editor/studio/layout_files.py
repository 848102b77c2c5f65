"""Opening, checking and starting layout files for the editor, through the core's one loader.

Qt-free: the window (:mod:`editor.ui.shell.file_actions`) asks the user, this module reads.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tempfile
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from editor.core.diagnostics import Diagnostic
from editor.core.files import display_path
from editor.core.layouts import Layout, dump_layout, schema_header_at
from editor.core.resources import content_dir, layouts_dir
from editor.core.workspace import PathError, Workspace, load_workspace

#: How far below a folder pack folders are looked for (``project/packs/my-pack/pack.yaml``).
PACK_SEARCH_DEPTH = 2
_SKIPPED = {"__pycache__", "node_modules", "site-packages"}


@dataclass
class Opened:
    """The result of opening a layout file: the layout and its workspace, or the problems."""

    path: Path | None
    workspace: Workspace | None
    layout: Layout | None
    diagnostics: list[Diagnostic]
    error: str = ""


def is_bundled(path: Path | None) -> bool:
    """Whether a file is one of the layouts shipped with Seastack (not to be overwritten)."""
    if path is None:
        return False
    try:
        path.resolve().relative_to(layouts_dir().resolve())
    except ValueError:
        return False
    return True


def default_layout_path() -> Path:
    """The bundled Crustacean layout, opened when no file is named."""
    return layouts_dir() / "crustacean.layout.yaml"


def find_pack_folders(folder: Path, depth: int = PACK_SEARCH_DEPTH) -> list[Path]:
    """Folders holding a ``pack.yaml`` at or below ``folder``, at most ``depth`` levels down.

    Hidden and cache folders are skipped, and so is the bundled content (always loaded);
    a pack's own subfolders are not searched for more packs.
    """
    found: list[Path] = []
    bundled = content_dir().resolve()

    def visit(current: Path, level: int) -> None:
        resolved = current.resolve()
        if resolved == bundled or bundled in resolved.parents:
            return
        if (current / "pack.yaml").is_file():
            found.append(current)
            return
        if level >= depth:
            return
        try:
            children = sorted(os.scandir(current), key=lambda e: e.name)
        except OSError:
            return
        for entry in children:
            if entry.name.startswith(".") or entry.name in _SKIPPED:
                continue
            try:
                if entry.is_dir(follow_symlinks=False):  # a link is never followed
                    visit(Path(entry.path), level + 1)
            except OSError:
                continue

    if Path(folder).is_dir():
        visit(Path(folder), 0)
    return found


def packs_near(layout_path: Path | None) -> list[Path]:
    """The designer's pack folders that go with a layout file (none for a bundled layout).

    The rule: the packs in the layout's folder and up to two levels below it
    (``my-game/my-pack/pack.yaml``, ``my-game/packs/my-pack/pack.yaml``), never a folder
    above it (another project's packs may be there; see docs/packs.md). A layout kept
    inside a pack folder gets that pack.
    """
    if layout_path is None or is_bundled(layout_path):
        return []
    return find_pack_folders(Path(layout_path).parent)


def open_text(text: str, path: Path | None, *, packs: Sequence[Path] = ()) -> Opened:
    """Load unsaved text as the layout at ``path`` (or as a layout never saved).

    ``packs`` are the designer's pack folders, loaded with the bundled ones.
    """
    if path is not None and path.exists():
        return open_layout(path, text, packs=packs)
    folder = Path(tempfile.mkdtemp(prefix="seastack-open-"))
    try:
        temp = folder / "untitled.layout.yaml"
        temp.write_text(text, encoding="utf-8")
        opened = open_layout(temp, packs=packs)
    finally:
        for file in folder.iterdir():
            file.unlink()
        folder.rmdir()
    opened.path = None
    return opened


def open_layout(path: Path, text: str | None = None, *, packs: Sequence[Path] = ()) -> Opened:
    """Load a layout file (or ``text`` in its place) through the core's loader.

    ``packs`` are the designer's pack folders, loaded with the bundled ones; the
    diagnostics are the layout's own (a pack file's problems show in its own tab).
    """
    path = Path(path)
    if path.is_dir():
        # the loader would take the folder's first layout and the editor would save over a folder
        return Opened(
            path, None, None, [], f"{path} is a folder; choose a layout file (*.layout.yaml)"
        )
    try:
        ws = load_workspace([path, *packs], texts={path: text} if text is not None else None)
    except PathError as exc:
        return Opened(path, None, None, [], str(exc))
    diagnostics = ws.report()
    shown = next(iter(sorted(ws.targets)), "")
    if packs:
        shown = display_path(path)
        diagnostics = [d for d in diagnostics if d.path == shown]
    layout = ws.layout_at(shown)
    if layout is None:
        first = next((d for d in diagnostics if d.is_error), None)
        reason = first.format() if first else f"{path} is not a layout"
        return Opened(path, ws, None, diagnostics, f"{path} cannot be opened: {reason}")
    return Opened(path, ws, layout, diagnostics)


def read_source(path: Path) -> str | None:
    """A file's text for the :class:`~editor.studio.layout_model.LayoutModel` (None: unreadable)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def bundled_workspace() -> Workspace:
    """The bundled boards and packs, for a new layout."""
    return load_workspace()


#: What a new layout is called when the designer gives it no name.
NEW_NAME = "New layout"


def layout_id_for(name: str) -> str:
    """A layout's id from its name: its letters and digits in lower case, words joined by
    hyphens; ``new-layout`` for a name with none.

    >>> layout_id_for("Coral Reef #2"), layout_id_for("Île d'Été"), layout_id_for("?!")
    ('coral-reef-2', 'ile-d-ete', 'new-layout')
    """
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", plain.lower())
    return "-".join(words) or layout_id_for(NEW_NAME)


def new_layout(ws: Workspace, board_id: str, name: str = NEW_NAME) -> Layout:
    """An empty layout (all water) on a board, using the game's default packs, with this
    name (and an id made from it)."""
    board = ws.boards[board_id]
    name = " ".join(name.split()) or NEW_NAME
    return Layout(
        id=layout_id_for(name),
        name=name,
        game=board.game,
        board=board.id,
        spaces={},
        packs=tuple(ws.default_packs(board.game)) or None,
    )


def layout_text_at(layout: Layout, path: Path) -> str:
    """The text a layout is saved as at ``path``: its canonical form, led by a ``$schema``
    line that resolves from the file's folder, or by none where no path would
    (:func:`~editor.core.layouts.schema_header_at`)."""
    return dump_layout(layout, header=schema_header_at(layout.game, Path(path).parent))


def check_text(
    path: Path | None,
    text: str,
    shown: str = "untitled",
    *,
    packs: Sequence[Path] = (),
    texts: Mapping[Path, str] | None = None,
) -> list[Diagnostic]:
    """The diagnostics the core's loader reports for a layout's (unsaved) text.

    A layout that was never saved is checked as a file in a temporary folder; its
    diagnostics are then named ``shown``. ``packs`` are the designer's pack folders, loaded
    as context: only the layout's own diagnostics are returned. ``texts`` are the unsaved
    texts of open content files, read instead of the disk (as the simulator plays them).
    """
    others = dict(texts or {})
    packs = [p for p in packs if Path(p).is_dir()]  # a folder deleted meanwhile is no error
    if path is not None and path.exists():
        try:
            found = load_workspace([path, *packs], texts={**others, path: text}).report()
        except PathError:
            pass
        else:
            return [d for d in found if d.path == display_path(path)] if packs else found
    with tempfile.TemporaryDirectory(prefix="seastack-check-") as folder:
        temp = Path(folder) / "untitled.layout.yaml"
        temp.write_text(text, encoding="utf-8")
        found = load_workspace([temp, *packs], texts=others).report()
        if packs:
            found = [d for d in found if d.path == display_path(temp)]
    return [dataclasses.replace(d, path=shown) for d in found]
