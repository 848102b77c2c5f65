"""The Snails rules engine: content compiled into Rules, matches played through decisions.

Public API (docs/architecture.md, "The Snails engine"): :func:`compile_rules`,
:class:`SnailsEngine` (prepare, new_match, factions, bots), :class:`State` with the
GameState protocol and the scenario API for rules examples.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from editor.core.engine import JSON, BotFactory, MatchSpec
from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.games.snails.engine import choices_json
from editor.games.snails.engine.decisions import Action, ProgramOptions
from editor.games.snails.engine.rules import (
    BASIC_ACTIONS,
    CardSpec,
    Rules,
    build_rules,
    compile_rules,
)
from editor.games.snails.engine.setup import Prepared, new_match
from editor.games.snails.engine.state import State
from editor.games.snails.engine.tables import DIRECTIONS, BoardTables, build_tables
from editor.games.snails.engine.view import SnailsView
from editor.games.snails.layout_fields import pinned, start_tokens, starts


def prepare_layout(
    ws: Workspace, layout: Layout, pack_ids: Sequence[str] | None = None
) -> Prepared:
    """Compile a layout's packs and board once."""
    ids = list(pack_ids) if pack_ids is not None else [p.id for p in ws.packs_in_use(layout)]
    rules = compile_rules(ws, ids)
    board = ws.boards[layout.board]
    tables = build_tables(board.hexes)
    tile_of = {t: i for i, t in enumerate(rules.tile_ids)}
    stacks: list[tuple[int, ...]] = [()] * tables.size
    for label, stack in layout.spaces.items():
        stacks[tables.index[label]] = tuple(tile_of[t] for t in stack)
    pinned_by_space: list[tuple[str | None, ...]] = [()] * tables.size
    for label, backs in pinned(layout).items():
        pinned_by_space[tables.index[label]] = tuple(backs)
    tokens = tuple(
        (rules.token_index[tok], tables.index[label], int(count))
        for label, counts in start_tokens(layout).items()
        for tok, count in counts.items()
    )
    return Prepared(
        rules,
        tables,
        tuple(stacks),
        layout.id,
        pinned=tuple(pinned_by_space) if pinned(layout) else (),
        tokens=tokens,
        starts=tuple(tables.index[label] for label in starts(layout)),
    )


class SnailsEngine:
    """The Snails engine as the simulator and the editor see it."""

    def prepare(self, workspace: Workspace, layout: Layout) -> Prepared:
        """Compile content and layout once (picklable)."""
        return prepare_layout(workspace, layout)

    def new_match(self, prepared: Any, spec: MatchSpec) -> State:
        """A fresh match waiting for its first decision."""
        return new_match(prepared, spec)

    def factions(self, prepared: Any) -> Sequence[str]:
        """The faction ids of the packs in use."""
        return sorted(prepared.rules.factions)

    def modules(self, prepared: Any) -> Sequence[str]:
        """The modules the packs in use bring (soldier types' and cards' module, and the
        engine's own modules their ruleset lists)."""
        found: tuple[str, ...] = prepared.rules.modules
        return found

    def bots(self) -> Mapping[str, BotFactory]:
        """The bots by name (from editor.games.snails.bots)."""
        # imported here: the bots module reads the engine's view and rules
        from editor.games.snails.bots import BOTS

        return BOTS

    def choice_to_json(self, choice: Hashable) -> JSON:
        """A choice of any Snails decision as JSON-ready data (``choices_json``)."""
        return choices_json.choice_to_json(choice)

    def choice_from_json(self, data: JSON) -> Hashable:
        """The Snails choice ``data`` encodes; ``ValueError`` for malformed data."""
        return choices_json.choice_from_json(data)


ENGINE = SnailsEngine()

__all__ = [
    "BASIC_ACTIONS",
    "DIRECTIONS",
    "ENGINE",
    "Action",
    "BoardTables",
    "CardSpec",
    "Prepared",
    "ProgramOptions",
    "Rules",
    "SnailsEngine",
    "SnailsView",
    "State",
    "build_rules",
    "build_tables",
    "compile_rules",
    "new_match",
    "prepare_layout",
]
