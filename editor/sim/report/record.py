"""A finished batch with what a playtest report says of it: the design (layout, game, board,
packs and their versions), the settings it was played with, its seed, its summary and the
warnings about it.

Game-free and Qt-free: the figures are :func:`editor.sim.summary.summarize` output, the
warnings :func:`editor.sim.playtest.playtest_warnings`' (or the live simulator's, which are
the same).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editor import __version__
from editor.core import registry
from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.sim.runner import BatchPlan

#: What the report says played the batch when nobody says otherwise.
PLAYED_BY = "the Seastack simulator"


@dataclass(frozen=True)
class PackLine:
    """One pack the design uses: id, display name, version and where it comes from."""

    id: str
    name: str
    version: str
    #: ``bundled`` with Seastack, ``installed`` from a pack file, or a designer's ``folder``.
    origin: str


@dataclass(frozen=True)
class BatchRecord:
    """A batch and its design, as a report tells them (see the module docstring)."""

    workspace: Workspace
    layout: Layout
    plan: BatchPlan
    #: :func:`~editor.sim.summary.summarize` of the batch's results.
    summary: Mapping[str, Any]
    warnings: tuple[str, ...] = ()
    #: What played the batch, in words (``seastack simulate``, the editor's live simulator).
    played_by: str = PLAYED_BY
    #: Where it was played (``2 workers``), if known.
    where: str = ""
    #: Seconds the batch took, if known.
    elapsed: float | None = None
    #: Games played again after a lost worker.
    rerun: int = 0
    #: The summary of a batch to compare with (``seastack simulate --compare``), if any.
    baseline: Mapping[str, Any] | None = None

    @property
    def title(self) -> str:
        """The design's name: the layout's."""
        return self.layout.name

    @property
    def game_name(self) -> str:
        """The layout's game by name (its id when Seastack does not know it)."""
        game = registry.get(self.layout.game)
        return game.name if game is not None else self.layout.game

    @property
    def board_name(self) -> str:
        """The board the layout lies on, by name (its id when the workspace lacks it)."""
        board = self.workspace.boards.get(self.layout.board)
        return board.name if board is not None else self.layout.board

    def packs(self) -> list[PackLine]:
        """The packs the design uses, dependencies first, with their versions."""
        return [
            PackLine(p.id, p.name, p.version, p.origin)
            for p in self.workspace.packs_in_use(self.layout)
        ]

    def settings(self) -> list[tuple[str, str]]:
        """The settings the batch was played with, in words: ``("players", "4")``..."""
        plan = self.plan
        finished = int(self.summary.get("finished", 0))
        games = f"{plan.games} planned, {finished} finished"
        if int(self.summary.get("games", plan.games)) < plan.games:
            games += f" ({int(self.summary['games'])} played before it stopped)"
        rows = [
            ("games", games),
            ("players", str(plan.players)),
            ("bots", _bots(plan.bots)),
            ("factions", _factions(plan)),
            ("modules", ", ".join(sorted(plan.modules)) or "none"),
            ("seed", str(plan.seed)),
            ("decision budget", f"{plan.max_steps} decisions a game"),
        ]
        if self.rerun:
            rows.append(("rerun", f"{self.rerun} games played again after a lost worker"))
        return rows

    def made_with(self) -> str:
        """Who made the report and where the batch played, in a line."""
        parts = [f"Seastack {__version__}", self.played_by]
        if self.where:
            parts.append(self.where)
        if self.elapsed is not None:
            parts.append(f"{self.elapsed:.1f} s")
        return " · ".join(parts)


def _bots(bots: Sequence[str]) -> str:
    if len(set(bots)) == 1:
        return f"{bots[0]} on every seat"
    return ", ".join(f"seat {seat}: {bot}" for seat, bot in enumerate(bots, start=1))


def _factions(plan: BatchPlan) -> str:
    pool = ", ".join(plan.factions)
    if not plan.factions:
        return "none"
    if plan.faction_mode == "fixed":
        return f"fixed, one a seat: {pool}"
    if plan.faction_mode == "rotate":
        return f"every faction on every seat in turn: {pool}"
    return f"drawn at random each game from: {pool}"


#: Writes a report of a batch to a file (the studio layer's
#: :func:`editor.studio.report.write_report`, handed down to ``seastack simulate``).
ReportWriter = Callable[[Path, BatchRecord], Path]
