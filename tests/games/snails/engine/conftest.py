"""Shared fixtures of the engine tests: the bundled content compiled once, a scenario maker."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from editor.core.boards import Board
from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.engine import ENGINE, Prepared, Rules, State, compile_rules

PACKS = ["snails-base", "snails-fire-in-the-shell"]
Scenario = Callable[..., State]


def write_pack(folder: Path, files: Mapping[str, str]) -> Path:
    """A fixture pack: these files (name to text) written into a new folder."""
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def compile_pack(folder: Path, files: Mapping[str, str]) -> tuple[Rules, Board]:
    """A fixture pack named after its folder, checked clean, compiled over snails-base."""
    ws = load_workspace([write_pack(folder, files)])
    assert ws.report() == []  # the schemas and the content checks accept it
    return compile_rules(ws, ["snails-base", folder.name]), ws.boards["snails-expert"]


@pytest.fixture(scope="session")
def ws() -> Workspace:
    """The bundled workspace."""
    return load_workspace()


@pytest.fixture(scope="session")
def rules(ws: Workspace) -> Rules:
    """The bundled packs compiled."""
    return compile_rules(ws, PACKS)


@pytest.fixture(scope="session")
def board(ws: Workspace) -> Board:
    """The expert board."""
    return ws.boards["snails-expert"]


@pytest.fixture(scope="session")
def crustacean(ws: Workspace) -> Prepared:
    """The Crustacean layout prepared."""
    return ENGINE.prepare(ws, ws.layouts["crustacean"])


@pytest.fixture
def scenario(rules: Rules, board: Board) -> Scenario:
    """Build a scenario state with short arguments.

    ``snails`` maps a name to ``(player, label)`` or ``(player, label, health, shell, soldier)``;
    ``players`` maps a name to a faction (hands via ``hands``).
    """

    def make(
        terrain: dict[str, list[str]],
        snails: dict[str, tuple[Any, ...]],
        players: dict[str, str | None] | None = None,
        hands: dict[str, list[str]] | None = None,
        **given: Any,
    ) -> State:
        players = players if players is not None else {"red": None, "blue": None}
        hands = hands or {}
        rows = []
        for name, spec in snails.items():
            player, label, *rest = spec
            health = rest[0] if len(rest) > 0 else None
            shell = rest[1] if len(rest) > 1 else False
            soldier = rest[2] if len(rest) > 2 else None
            rows.append((name, player, label, health, shell, soldier))
        return State.from_scenario(
            rules,
            board,
            terrain=terrain,
            players=[(name, faction, hands.get(name, [])) for name, faction in players.items()],
            snails=rows,
            **given,
        )

    return make
