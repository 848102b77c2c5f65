"""Shared set-up of the Snails tests: small boards and layouts in a temporary folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from editor.core.layouts import Layout
from editor.core.workspace import Workspace, load_workspace

#: A 4 x 3 board: columns A-D, rows 1-3.
TINY_BOARD = "id: tiny\nname: Tiny\ngame: snails\ngrid: hex\ncolumns: 4\nrows: 3\n"

LoadLayout = Callable[..., tuple[Workspace, Layout]]


def layout_text(spaces: dict[str, list[str]], *, board: str = "tiny", packs: str = "") -> str:
    """The text of a layout file with these stacks (line 5 or 6 is ``spaces:``)."""
    lines = ["id: sample", "name: Sample", "game: snails", f"board: {board}"]
    if packs:
        lines.append(f"packs: [{packs}]")
    lines.append("spaces:" if spaces else "spaces: {}")
    lines += [f"  {label}: [{', '.join(stack)}]" for label, stack in spaces.items()]
    return "\n".join(lines) + "\n"


@pytest.fixture
def load_layout(tmp_path: Path) -> LoadLayout:
    """Write the tiny board and a layout, load them with the bundled packs as context.

    Call it with ``spaces`` (label to stack) and optionally ``board=`` (a board id) and
    ``packs=`` (a comma-separated list), or with ``text=`` for a whole layout file.
    """

    def load(
        spaces: dict[str, list[str]] | None = None,
        *,
        text: str | None = None,
        board: str = "tiny",
        packs: str = "",
    ) -> tuple[Workspace, Layout]:
        (tmp_path / "tiny.board.yaml").write_text(TINY_BOARD)
        path = tmp_path / "sample.layout.yaml"
        if text is None:
            text = layout_text(spaces or {}, board=board, packs=packs)
        path.write_text(text)
        ws = load_workspace([tmp_path / "tiny.board.yaml", path])
        layout = ws.layout_at(str(path))
        if layout is None:
            layout = next(s for s in ws.salvaged if s.document and s.document.path == str(path))
        return ws, layout

    return load
