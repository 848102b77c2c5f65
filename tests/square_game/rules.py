"""The rules of the square test game: two players take turns claiming floor cells.

The playable cells are the layout's spaces that hold a ``floor`` tile, in canonical order.
A seeded generator held by the state draws who starts; then the players alternate, each
claiming one unclaimed floor cell. When every floor cell is claimed, whoever holds the most
wins (a tie: both win). Nothing is hidden. Events: ``("start", seat)`` once, then
``("claim", seat, label)`` per turn.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from editor.core.engine import (
    JSON,
    BotFactory,
    Decision,
    IllegalChoice,
    MatchSpec,
    Outcome,
    random_bot,
)
from editor.core.layouts import Layout, label_sort_key
from editor.core.registry import Frame, FramePiece
from editor.core.workspace import Workspace

#: The one tile type of the game: a cell holding it can be claimed.
FLOOR = "floor"
PLAYERS = 2


@dataclass(frozen=True)
class Prepared:
    """A layout compiled for matches: its floor cells, their floor neighbours, all stacks."""

    cells: tuple[str, ...]
    neighbours: Mapping[str, tuple[str, ...]]
    stacks: Mapping[str, tuple[str, ...]]
    home: str | None = None


@dataclass(frozen=True)
class View:
    """What a seat sees: everything (who owns which cell, whose turn it is, the neighbours)."""

    seat: int
    to_move: int | None
    owners: Mapping[str, int]
    neighbours: Mapping[str, tuple[str, ...]]


class SquareState:
    """A match in progress: who owns which floor cell, and whose turn it is."""

    def __init__(self, prepared: Prepared, spec: MatchSpec) -> None:
        if spec.players != PLAYERS:
            raise ValueError(f"the square test game is for {PLAYERS} players, not {spec.players}")
        self.prepared = prepared
        self.rng = random.Random(spec.seed)
        self.to_move = self.rng.randrange(PLAYERS)
        self.owners: dict[str, int] = {}
        self.turns = 0
        self._events: list[tuple[Any, ...]] = [("start", self.to_move)]

    def unclaimed(self) -> tuple[str, ...]:
        """The floor cells no one has claimed, in canonical order."""
        return tuple(cell for cell in self.prepared.cells if cell not in self.owners)

    def decision(self) -> Decision | None:
        """The claim waited for, or None once every floor cell is claimed."""
        options = self.unclaimed()
        if not options:
            return None
        prompt = f"p{self.to_move + 1} claims a cell"
        return Decision(player=self.to_move, kind="claim", options=options, prompt=prompt)

    def apply(self, choice: Hashable) -> None:
        """Claim a cell; :class:`IllegalChoice` (nothing changed) unless it is unclaimed floor."""
        decision = self.decision()
        if decision is None:
            raise IllegalChoice("the match is over")
        if not isinstance(choice, str) or choice not in decision.options:
            raise IllegalChoice(f"{choice!r} is not an unclaimed floor cell")
        self.owners[choice] = decision.player
        self._events.append(("claim", decision.player, choice))
        self.turns += 1
        self.to_move = 1 - decision.player

    def claimed(self) -> tuple[int, ...]:
        """How many cells each seat holds."""
        counts = [0] * PLAYERS
        for seat in self.owners.values():
            counts[seat] += 1
        return tuple(counts)

    def outcome(self) -> Outcome | None:
        """Most cells wins (ties: both), once the floor is full."""
        if self.unclaimed():
            return None
        counts = self.claimed()
        best = max(counts)
        winners = tuple(seat for seat, n in enumerate(counts) if n == best)
        return Outcome(winners, "board-full", self.turns // 2, {"claimed": list(counts)})

    def view(self, player: int) -> View:
        """Everything: nothing in this game is hidden."""
        to_move = self.to_move if self.unclaimed() else None
        return View(player, to_move, dict(self.owners), self.prepared.neighbours)

    @property
    def events(self) -> Sequence[tuple[Any, ...]]:
        """The event log."""
        return self._events


class GreedyBot:
    """Claims the cell with most neighbours of its own (ties: the first in canonical order)."""

    uses_view = True

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, decision: Decision, view: Any) -> Hashable:
        """The best-connected unclaimed cell."""
        assert isinstance(view, View), "the greedy bot reads the view"

        def mine(cell: str) -> int:
            return sum(view.owners.get(n) == self.seat for n in view.neighbours.get(cell, ()))

        best = max(range(len(decision.options)), key=lambda i: (mine(str(decision.options[i])), -i))
        return decision.options[best]


def greedy_bot(seat: int, rng: random.Random) -> GreedyBot:
    """A :class:`GreedyBot` for a seat (a ``BotFactory``)."""
    return GreedyBot(seat, rng)


class SquareEngine:
    """The rules engine: layouts to :class:`Prepared`, matches to :class:`SquareState`."""

    def prepare(self, workspace: Workspace, layout: Layout) -> Prepared:
        """The floor cells of a layout and their floor neighbours."""
        board = workspace.boards.get(layout.board)
        if board is None:
            raise ValueError(f"no board {layout.board!r}")
        grid = board.geometry
        cells = tuple(
            sorted(
                (lb for lb, stack in layout.spaces.items() if FLOOR in stack), key=label_sort_key
            )
        )
        if not cells:
            raise ValueError("the layout has no floor cell to claim")
        floor = set(cells)
        neighbours = {c: tuple(n for n in grid.neighbours(c) if n in floor) for c in cells}
        home = layout.value("home") if layout.fields else None
        return Prepared(cells, neighbours, dict(layout.spaces), home)

    def new_match(self, prepared: Any, spec: MatchSpec) -> SquareState:
        """A fresh match; ``ValueError`` for anything but two players."""
        return SquareState(prepared, spec)

    def factions(self, prepared: Any) -> Sequence[str]:
        """None: seats play as colours."""
        return ()

    def modules(self, prepared: Any) -> Sequence[str]:
        """None."""
        return ()

    def bots(self) -> Mapping[str, BotFactory]:
        """``random`` and ``greedy``."""
        return {"random": random_bot, "greedy": greedy_bot}

    def choice_to_json(self, choice: Hashable) -> JSON:
        """A choice is a cell label: its JSON is the string."""
        if not isinstance(choice, str):
            raise ValueError(f"a square-test choice is a cell label, not {choice!r}")
        return choice

    def choice_from_json(self, data: JSON) -> Hashable:
        """The label back; ``ValueError`` for anything but a string."""
        if not isinstance(data, str):
            raise ValueError(f"a square-test choice is a cell label string, not {data!r}")
        return data


ENGINE = SquareEngine()


class SquareMetrics:
    """Cells claimed per seat."""

    def measure(
        self, events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
    ) -> dict[str, Any]:
        """How many cells each seat claimed, from the log."""
        claimed = [0] * spec.players
        for event in events:
            if event[0] == "claim":
                claimed[event[1]] += 1
        return {"claimed": claimed}

    def summarize(self, games: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """One section: the mean cells claimed by each seat."""
        seats = len(games[0]["metrics"]["claimed"]) if games else 0
        rows = [
            {
                "label": f"p{seat + 1}",
                "cells": {"cells": {"values": [g["metrics"]["claimed"][seat] for g in games]}},
            }
            for seat in range(seats)
        ]
        return [{"title": "Cells claimed", "columns": ["cells"], "rows": rows}]


METRICS = SquareMetrics()


def replay_frame(state: Any) -> Frame:
    """The board of a match: the layout's stacks, one piece per claimed cell."""
    if not isinstance(state, SquareState):
        raise TypeError(f"not a square-test match: {type(state).__name__}")
    pieces = tuple(
        FramePiece(
            name=f"p{seat + 1} {label}",
            seat=seat,
            label=label,
            alive=True,
            attributes=(("owner", f"p{seat + 1}"),),
            badge=str(seat + 1),
        )
        for label, seat in state.owners.items()
    )
    counts = state.claimed()
    return Frame(
        stacks={label: tuple(stack) for label, stack in state.prepared.stacks.items()},
        pieces=pieces,
        counters={},
        round=state.turns // 2,
        phase="claim" if state.unclaimed() else "over",
        status=tuple(f"p{seat + 1}: {n} cells" for seat, n in enumerate(counts)),
    )
