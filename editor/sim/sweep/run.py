"""Play a sweep: each combination's design checked first, then played as one batch.

:func:`open_sweep` reads the design and finds each ``--vary``'s number. :meth:`Sweep.check`
loads every combination's changed texts through the one loader (schema and semantic
checks) and sets it up for the engine, so that a value the content refuses is reported
with its ``file:line:col`` before any game is played. :meth:`Sweep.play` plays the
combinations in turn on one executor (the local pool or Dask), each as a batch of the
plan with the combination's own seed, and yields each one's summary as it finishes.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.core.pack_names import pack_names
from editor.sim.design import Design, Invalid, Ready, prepare_design
from editor.sim.executors import Executor
from editor.sim.executors.jobs import content_of
from editor.sim.plan import BatchPlan, match_spec
from editor.sim.results import GameResult
from editor.sim.runner import Batch
from editor.sim.summary import game_metrics, summarize
from editor.sim.sweep.measures import Measure, measures
from editor.sim.sweep.paths import SourceFile, design_files, locate
from editor.sim.sweep.plan import Combination, Vary, check_varies
from editor.sim.sweep.values import Value


class SweepError(ValueError):
    """A sweep that cannot start: the design, a path or a value; one line each."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = list(lines)


@dataclass(frozen=True)
class Refused:
    """A combination its content or the engine refuses, with where."""

    combination: Combination
    reason: str
    diagnostics: tuple[Diagnostic, ...] = ()

    def lines(self) -> list[str]:
        """The combination and reason, then each diagnostic in the compiler format."""
        return [f"{self.combination.label}: {self.reason}", *(d.format() for d in self.diagnostics)]


@dataclass(frozen=True)
class Played:
    """One combination played: its seed, its summary and its measures."""

    combination: Combination
    seed: int
    summary: dict[str, Any]
    measures: list[Measure]
    rerun: int = 0


class Sweep:
    """A design, the numbers varied and the plan every combination plays."""

    def __init__(self, design: Design, ready: Ready, varies: Sequence[Vary], plan: BatchPlan):
        check_varies(varies)
        self.design = design
        self.ready = ready
        self.varies = list(varies)
        self.plan = plan
        self._originals = {
            vary.location.file.real: vary.location.file.document.text for vary in varies
        }
        self._set_up: dict[Combination, Ready] = {}
        self._cancelled = threading.Event()
        self._batch: Batch | None = None

    @cached_property
    def names(self) -> dict[str, str]:
        """The display names the design's packs give their ids (factions...), for the plot
        (read once: every combination plays the same packs)."""
        return pack_names(self.ready.loaded.workspace, self.ready.layout)

    def set_up(self, combination: Combination) -> Ready | Refused:
        """The combination's design loaded and set up, or why it is refused."""
        if combination in self._set_up:
            return self._set_up[combination]
        texts = {**self.design.texts, **combination.texts(self._originals)}
        layout_text = self.design.layout_text
        if self.design.layout_path is not None:
            layout_text = texts.pop(self.design.layout_path.resolve(), layout_text)
        ready = prepare_design(
            dataclasses.replace(self.design, layout_text=layout_text, texts=texts)
        )
        if isinstance(ready, Invalid):
            return Refused(combination, ready.reason, ready.diagnostics)
        try:  # the engine judges the set-up (players, factions, modules) with these numbers
            ready.engine.new_match(ready.prepared, match_spec(self.plan_for(combination), 0))
        except ValueError as exc:
            return Refused(combination, f"the engine refuses it: {exc}")
        self._set_up[combination] = ready
        return ready

    def check(self, combinations: Sequence[Combination]) -> list[Refused]:
        """Set every combination up; what is refused (empty when all can be played)."""
        refused = []
        for combination in combinations:
            result = self.set_up(combination)
            if isinstance(result, Refused):
                refused.append(result)
        return refused

    def plan_for(self, combination: Combination) -> BatchPlan:
        """The plan with the combination's own seed."""
        return dataclasses.replace(self.plan, seed=combination.seed(self.plan.seed))

    def cancel(self) -> None:
        """Stop: the batch in flight ends at its next result and no other starts."""
        self._cancelled.set()
        batch = self._batch
        if batch is not None:
            batch.cancel()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._cancelled.is_set()

    def play_one(
        self,
        combination: Combination,
        executor: Executor,
        on_game: Callable[[GameResult], object] | None = None,
    ) -> Played | None:
        """Play one combination as a batch; None when cancelled before it ended."""
        ready = self.set_up(combination)
        if isinstance(ready, Refused):
            raise SweepError(ready.lines())
        plan = self.plan_for(combination)
        metrics = game_metrics(ready.game_id)
        batch = Batch(
            ready.engine,
            ready.prepared,
            plan,
            measure=metrics.measure if metrics else None,
            executor=executor,
            content=content_of(ready.loaded.workspace, ready.layout),
        )
        self._batch = batch
        if self._cancelled.is_set():
            return None
        results = []
        try:
            for result in batch:
                results.append(result)
                if on_game is not None:
                    on_game(result)
        finally:
            self._batch = None
        if self._cancelled.is_set() or len(results) < plan.games:
            return None
        meta = {"values": combination.values(), "layout": ready.layout.id, "game": ready.game_id}
        summary = {**summarize(results, plan, metrics, meta=meta), "rerun": batch.rerun}
        return Played(combination, plan.seed, summary, measures(summary), batch.rerun)

    def play(
        self,
        combinations: Sequence[Combination],
        executor: Executor,
        on_game: Callable[[GameResult], object] | None = None,
    ) -> Iterator[Played]:
        """Play the combinations in turn; each one's result as it finishes."""
        for combination in combinations:
            played = self.play_one(combination, executor, on_game)
            if played is None:
                return
            yield played


def open_sweep(
    design: Design, varies: Sequence[tuple[str, tuple[Value, ...]]]
) -> tuple[Ready, list[Vary]]:
    """The design set up as it is, and each path located in its files; :class:`SweepError`
    for a design that does not play as it is, or paths that name no number."""
    ready = prepare_design(design)
    if isinstance(ready, Invalid):
        raise SweepError(ready.lines())
    files: list[SourceFile] = design_files(ready.loaded.workspace, ready.layout)
    problems: list[str] = []
    located: list[Vary] = []
    for path, values in varies:
        try:
            located.append(Vary(locate(path, files), values))
        except ValueError as exc:
            problems.append(str(exc))
    try:
        check_varies(located)
    except ValueError as exc:
        problems.append(str(exc))
    if problems:
        raise SweepError(problems)
    return ready, located


def default_plan(ready: Ready, games: int, seed: int = 0) -> BatchPlan:
    """The plan ``seastack sweep`` plays without options: the most seats, factions drawn at
    random, the heuristic bot where the game has one."""
    from argparse import Namespace

    from editor.core import registry
    from editor.sim.simulate import plan_from_args

    play = registry.playable(ready.game_id)
    most = play.type.max_players if play is not None else 1
    args = Namespace(players=None, bots=None, factions="random", modules="", games=games, seed=seed)
    return plan_from_args(args, ready.engine, ready.prepared, most)
