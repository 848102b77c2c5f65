"""Ties the live simulator's results to the studio (the board's heatmap listens to it) and
the Replay tab.

The simulator dock (``window.simulator``) announces new results with ``results_changed``
and offers ``results()`` and ``snapshot()`` (the live simulator's ``Snapshot``, whose
``plan`` and ``ready`` say how the batch was played); ``replay_requested(GameResult)`` asks
for one game's replay. Whatever of these the simulator lacks is simply not linked. The
results reach ``window.studio.results_arrived`` as a snapshot holding only the results of
the layout open now (``None`` when there is no batch to speak of).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from editor.sim.runner import GameResult
from editor.ui.replay.replay_panel import ReplayContext


def batch_of(simulator: Any) -> tuple[list[GameResult], ReplayContext | None]:
    """The simulator's results and how they were played (None: no batch to speak of)."""
    snapshot = simulator.snapshot() if hasattr(simulator, "snapshot") else None
    results: Sequence[GameResult] = (
        simulator.results() if hasattr(simulator, "results") else getattr(snapshot, "results", ())
    )
    plan = getattr(snapshot, "plan", None)
    ready = getattr(snapshot, "ready", None)
    if not results or plan is None or ready is None:
        return list(results), None
    context = ReplayContext(
        ready.engine, ready.prepared, plan, ready.layout, ready.loaded.workspace
    )
    return list(results), context


def shown_snapshot(simulator: Any, results: Sequence[GameResult]) -> Any:
    """The simulator's snapshot with ``results`` in place of its own (those of the layout open
    now; the snapshot may still hold a batch of the layout open before)."""
    snapshot = simulator.snapshot() if hasattr(simulator, "snapshot") else None
    if dataclasses.is_dataclass(snapshot) and not isinstance(snapshot, type):
        return dataclasses.replace(snapshot, results=tuple(results))
    return SimpleNamespace(**{**vars(snapshot), "results": tuple(results)})


def show_batch(window: Any, simulator: Any) -> None:
    """Hand the simulator's latest results to the studio (the board's heatmap shows them) and
    show them in the Replay tab."""
    results, context = batch_of(simulator)
    window.studio.results_arrived(None if context is None else shown_snapshot(simulator, results))
    if context is None:
        window.replay_panel.clear_batch()
        return
    window.replay_panel.set_context(context)
    window.replay_panel.show_results(results)


def show_replay(window: Any, simulator: Any, result: GameResult) -> None:
    """Bring the Replay tab forward with a game of the batch (a failed one to its error)."""
    show_batch(window, simulator)
    window.show_replay()
    window.replay_panel.replay_game(result)


def link_simulator(window: Any) -> bool:
    """Connect ``window.simulator``'s signals, when it has them; True when linked."""
    simulator = getattr(window, "simulator", None)
    changed = getattr(simulator, "results_changed", None)
    if simulator is None or changed is None:
        return False
    changed.connect(lambda *_: show_batch(window, simulator))
    requested = getattr(simulator, "replay_requested", None)
    if requested is not None:
        requested.connect(lambda result: show_replay(window, simulator, result))
    return True
