"""The Snit Smashing rules engine: a beach compiled once, matches played through decisions.

Public API: :class:`SnitEngine` (prepare, new_match, bots, choices as JSON), :class:`State`
with the GameState protocol, and :mod:`.scenario` to build a state from an explicit
situation for rules examples. The rules it plays are described in docs/rules/snit-smashing.md.

Modules: ``rules`` (the compiled content and beach), ``tables`` (hexes as bits, reach),
``orders`` and ``movement`` (the options of the two decisions and why a choice is refused),
``state`` (the flat state), ``setup``, ``bound`` (orders, moves, reveal), ``runs`` (run ends,
reproduction, winners), ``view``, ``choices_json``, ``scenario``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from editor.core.engine import JSON, BotFactory, MatchSpec
from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.games.snit_smashing.engine import choices_json
from editor.games.snit_smashing.engine.rules import Prepared, Rules, prepare_beach, prepare_layout
from editor.games.snit_smashing.engine.setup import new_match
from editor.games.snit_smashing.engine.state import State
from editor.games.snit_smashing.engine.view import SnitView


class SnitEngine:
    """The Snit Smashing engine as the simulator and the editor see it."""

    def prepare(self, workspace: Workspace, layout: Layout) -> Prepared:
        """Compile content and layout once (picklable)."""
        return prepare_layout(workspace, layout)

    def new_match(self, prepared: Any, spec: MatchSpec) -> State:
        """A fresh match waiting for its first order."""
        return new_match(prepared, spec)

    def factions(self, prepared: Any) -> Sequence[str]:
        """None: seats play the clans in order, not factions drawn per match."""
        return ()

    def modules(self, prepared: Any) -> Sequence[str]:
        """None: the game has no optional modules."""
        return ()

    def bots(self) -> Mapping[str, BotFactory]:
        """The bots by name (from editor.games.snit_smashing.bots)."""
        from editor.games.snit_smashing.bots import BOTS

        return BOTS

    def choice_to_json(self, choice: Hashable) -> JSON:
        """A choice of any decision as JSON-ready data (``choices_json``)."""
        return choices_json.choice_to_json(choice)

    def choice_from_json(self, data: JSON) -> Hashable:
        """The choice ``data`` encodes; ``ValueError`` for malformed data."""
        return choices_json.choice_from_json(data)


ENGINE = SnitEngine()

__all__ = [
    "ENGINE",
    "Prepared",
    "Rules",
    "SnitEngine",
    "SnitView",
    "State",
    "new_match",
    "prepare_beach",
    "prepare_layout",
]
