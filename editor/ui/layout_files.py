"""Opening, checking and starting layout files for the editor, through the core's one loader.

Qt-free: the window (:mod:`editor.ui.file_actions`) asks the user, this module reads.
"""

from __future__ import annotations

import dataclasses
import tempfile
from dataclasses import dataclass
from pathlib import Path

from editor.core.diagnostics import Diagnostic
from editor.core.layouts import Layout
from editor.core.resources import layouts_dir
from editor.core.workspace import PathError, Workspace, load_workspace


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


def open_text(text: str, path: Path | None) -> Opened:
    """Load unsaved text as the layout at ``path`` (or as a layout never saved)."""
    if path is not None and path.exists():
        return open_layout(path, text)
    folder = Path(tempfile.mkdtemp(prefix="seastack-open-"))
    try:
        temp = folder / "untitled.layout.yaml"
        temp.write_text(text, encoding="utf-8")
        opened = open_layout(temp)
    finally:
        for file in folder.iterdir():
            file.unlink()
        folder.rmdir()
    opened.path = None
    return opened


def open_layout(path: Path, text: str | None = None) -> Opened:
    """Load a layout file (or ``text`` in its place) through the core's loader."""
    path = Path(path)
    if path.is_dir():
        # the loader would take the folder's first layout and the editor would save over a folder
        return Opened(
            path, None, None, [], f"{path} is a folder; choose a layout file (*.layout.yaml)"
        )
    try:
        ws = load_workspace([path], texts={path: text} if text is not None else None)
    except PathError as exc:
        return Opened(path, None, None, [], str(exc))
    diagnostics = ws.report()
    shown = next(iter(sorted(ws.targets)), "")
    layout = ws.layout_at(shown)
    if layout is None:
        first = next((d for d in diagnostics if d.is_error), None)
        reason = first.format() if first else f"{path} is not a layout"
        return Opened(path, ws, None, diagnostics, f"{path} cannot be opened: {reason}")
    return Opened(path, ws, layout, diagnostics)


def read_source(path: Path) -> str | None:
    """A file's text for the :class:`~editor.ui.layout_model.LayoutModel`; None if unreadable."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def bundled_workspace() -> Workspace:
    """The bundled boards and packs, for a new layout."""
    return load_workspace()


def new_layout(ws: Workspace, board_id: str) -> Layout:
    """An empty layout (all water) on a board, using the game's default packs."""
    board = ws.boards[board_id]
    return Layout(
        id="new-layout",
        name="New layout",
        game=board.game,
        board=board.id,
        spaces={},
        packs=tuple(ws.default_packs(board.game)) or None,
    )


def check_text(path: Path | None, text: str, shown: str = "untitled") -> list[Diagnostic]:
    """The diagnostics the core's loader reports for a layout's (unsaved) text.

    A layout that was never saved is checked as a file in a temporary folder; its
    diagnostics are then named ``shown``.
    """
    if path is not None and path.exists():
        try:
            return load_workspace([path], texts={path: text}).report()
        except PathError:
            pass
    with tempfile.TemporaryDirectory(prefix="seastack-check-") as folder:
        temp = Path(folder) / "untitled.layout.yaml"
        temp.write_text(text, encoding="utf-8")
        found = load_workspace([temp]).report()
    return [dataclasses.replace(d, path=shown) for d in found]
