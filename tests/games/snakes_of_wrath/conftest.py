"""Shared set-up of the Snakes of Wrath tests: the bundled rules, packs written on the fly,
and situations built through the engine's scenario API."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor.core.workspace import Workspace, load_workspace
from editor.games.snakes_of_wrath.engine import Rules, State, prepare_packs
from editor.games.snakes_of_wrath.engine import scenario as sc

BASE = "snakes-of-wrath-base"
MANIFEST = """\
id: {id}
name: Test pack
version: 1.0.0
game: snakes-of-wrath
"""


@pytest.fixture(scope="session")
def bundled() -> Workspace:
    """The bundled content, loaded once."""
    return load_workspace()


@pytest.fixture(scope="session")
def rules(bundled: Workspace) -> Rules:
    """The bundled pack's rules."""
    return prepare_packs(bundled, [BASE]).rules


WritePack = Callable[..., Path]


@pytest.fixture
def write_pack(tmp_path: Path) -> WritePack:
    """Write a pack folder: ``files`` by name; with ``base`` it depends on the bundled pack."""

    def write(files: dict[str, str], *, pack_id: str = "test-pack", base: bool = True) -> Path:
        folder = tmp_path / pack_id
        folder.mkdir()
        manifest = MANIFEST.format(id=pack_id)
        if base:
            manifest += f"dependencies: {{{BASE}: '>=1.0'}}\n"
        (folder / "pack.yaml").write_text(manifest, encoding="utf-8")
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        return folder

    return write


def found(ws: Workspace) -> list[str]:
    """The diagnostics reported, as ``file code line:col`` (file by name only)."""
    return sorted(f"{Path(d.path).name} {d.code} {d.line}:{d.column}" for d in ws.report())


Build = Callable[..., State]


@pytest.fixture
def build(rules: Rules) -> Build:
    """A situation of the bundled rules (``scenario.build``'s keywords), red to play."""

    def make(**given: Any) -> State:
        given.setdefault("turn", "red")
        return sc.build(rules, **given)

    return make


def t(tile: str, *sides: str, **more: Any) -> dict[str, Any]:
    """A tile description: its type and the sides its path leaves by (none: Todd...)."""
    spec: dict[str, Any] = {"tile": tile, **more}
    if sides:
        spec["sides"] = list(sides)
    return spec
