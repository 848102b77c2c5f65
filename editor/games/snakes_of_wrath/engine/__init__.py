"""The Snakes of Wrath rules engine: the tile set compiled into Rules, matches by turns.

Public API (docs/architecture.md): :func:`prepare_packs`, :class:`SnakesEngine` (prepare,
new_match, bots, choices to and from JSON), :class:`State` with the GameState protocol, and
``scenario`` for situations built by rules examples.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from editor.core.engine import JSON, BotFactory, MatchSpec
from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.games.snakes_of_wrath.content import load_content
from editor.games.snakes_of_wrath.engine import choices
from editor.games.snakes_of_wrath.engine.choices import PASS, Place, Swap
from editor.games.snakes_of_wrath.engine.rules import Kind, Rules, compile_rules
from editor.games.snakes_of_wrath.engine.setup import Prepared, new_match
from editor.games.snakes_of_wrath.engine.state import State
from editor.games.snakes_of_wrath.engine.view import SnakesView


def prepare_packs(ws: Workspace, pack_ids: Sequence[str], scenario: str = "") -> Prepared:
    """Compile some packs (with their dependencies) once; ``ContentError`` when they have
    errors."""
    return Prepared(compile_rules(load_content(ws, pack_ids)), scenario)


class SnakesEngine:
    """The Snakes of Wrath engine as the simulator and the editor see it."""

    def prepare(self, workspace: Workspace, layout: Layout) -> Prepared:
        """Compile the packs a scenario layout names (it has no spaces: the table starts with
        the starter alone)."""
        packs = [p.id for p in workspace.packs_in_use(layout)]
        return prepare_packs(workspace, packs, layout.id)

    def new_match(self, prepared: Any, spec: MatchSpec) -> State:
        """A fresh match waiting for the first player's turn."""
        return new_match(prepared, spec)

    def factions(self, prepared: Any) -> Sequence[str]:
        """None: seats play as colours."""
        return ()

    def modules(self, prepared: Any) -> Sequence[str]:
        """None."""
        return ()

    def bots(self) -> Mapping[str, BotFactory]:
        """The bots by name (from editor.games.snakes_of_wrath.bots)."""
        from editor.games.snakes_of_wrath.bots import BOTS

        return BOTS

    def choice_to_json(self, choice: Hashable) -> JSON:
        """A turn's choice as JSON-ready data (``choices``)."""
        return choices.choice_to_json(choice)

    def choice_from_json(self, data: JSON) -> Hashable:
        """The choice ``data`` encodes; ``ValueError`` for malformed data."""
        return choices.choice_from_json(data)


ENGINE = SnakesEngine()

__all__ = [
    "ENGINE",
    "PASS",
    "Kind",
    "Place",
    "Prepared",
    "Rules",
    "SnakesEngine",
    "SnakesView",
    "State",
    "Swap",
    "compile_rules",
    "new_match",
    "prepare_packs",
]
