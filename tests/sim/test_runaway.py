"""A runaway match is one failed game: a decision budget and a per-worker memory limit."""

from __future__ import annotations

import sys
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import pytest

from editor.core.engine import (
    JSON,
    BotFactory,
    Decision,
    MatchSpec,
    Outcome,
    plain_choice_from_json,
    plain_choice_to_json,
    random_bot,
)
from editor.sim.runner import (
    MEMORY_LIMIT,
    BatchPlan,
    GameResult,
    game_seed,
    limit_memory,
    run_batch,
)

SEED = 11
#: The one match of a batch that takes memory without end.
HOG = 2
HOG_SEED = game_seed(SEED, HOG)
#: Each decision of the hog keeps this much more (address space: zero pages cost no RAM).
CHUNK = 16 * 1024**2


class RunawayState:
    """A match of "steps" that ends after ``turns`` decisions, or never (module ``loop``);
    the match with :data:`HOG_SEED` under module ``hog`` keeps memory at every step."""

    def __init__(self, spec: MatchSpec) -> None:
        self.never = "loop" in spec.modules
        self.hog = "hog" in spec.modules and spec.seed == HOG_SEED
        self.turns = 6
        self.taken = 0
        self.kept: list[bytearray] = []
        self._events: list[tuple[Any, ...]] = []

    def decision(self) -> Decision | None:
        if not self.never and not self.hog and self.taken >= self.turns:
            return None
        return Decision(self.taken % 2, "step", (1, 2, 3), prompt="how far?")

    def apply(self, choice: Hashable) -> None:
        if self.hog:
            self.kept.append(bytearray(CHUNK))
        self.taken += 1
        self._events.append(("step", choice))

    def outcome(self) -> Outcome | None:
        if self.never or self.taken < self.turns:
            return None
        return Outcome((0,), "done", self.taken // 2, {})

    def view(self, player: int) -> Any:
        return None

    @property
    def events(self) -> Sequence[tuple[Any, ...]]:
        return self._events


class RunawayEngine:
    """Picklable (defined at module level), so worker processes receive it by reference."""

    def prepare(self, workspace: Any, layout: Any) -> Any:
        return {}

    def new_match(self, prepared: Any, spec: MatchSpec) -> RunawayState:
        return RunawayState(spec)

    def factions(self, prepared: Any) -> Sequence[str]:
        return ()

    def modules(self, prepared: Any) -> Sequence[str]:
        return ("loop", "hog")

    def bots(self) -> Mapping[str, BotFactory]:
        return {"random": random_bot}

    def choice_to_json(self, choice: Hashable) -> JSON:
        return plain_choice_to_json(choice)

    def choice_from_json(self, data: JSON) -> Hashable:
        return plain_choice_from_json(data)


ENGINE = RunawayEngine()


def plan(games: int, **kw: Any) -> BatchPlan:
    return BatchPlan(games=games, players=2, bots=("random", "random"), seed=SEED, **kw)


def test_the_decision_budget_and_the_memory_limit_are_plan_settings() -> None:
    assert plan(1).memory_limit == MEMORY_LIMIT >= 1024**3
    with pytest.raises(ValueError, match="decision budget"):
        plan(1, max_steps=0)
    with pytest.raises(ValueError, match="memory limit"):
        plan(1, memory_limit=0)
    assert plan(1, memory_limit=None).memory_limit is None
    assert limit_memory(None) is None  # no limit asked, none set (and never in this process)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_match_that_never_ends_is_one_failed_game_with_seed_and_choices(jobs: int) -> None:
    results = run_batch(ENGINE, {}, plan(3, modules=frozenset({"loop"}), max_steps=200), jobs=jobs)
    assert len(results) == 3
    for result in results:
        assert not result.ok and result.error is not None
        assert result.error.startswith("RunnerError: no end after 200 decisions (last: step)")
        assert "decision budget (max_steps) is 200" in result.error
        assert result.seed == game_seed(SEED, result.index)
        assert len(result.choices) == 200
        assert all(choice in (1, 2, 3) for choice in result.choices)
        # its record carries the choices, so that the failure replays
        record = result.to_json(ENGINE.choice_to_json)
        assert record["choices"] == list(result.choices)
        assert GameResult.from_json(record, ENGINE.choice_from_json) == result


def test_the_budget_counts_decisions_not_matches() -> None:
    # the same plan with a budget larger than the match: every game ends
    results = run_batch(ENGINE, {}, plan(4, max_steps=7))
    assert [r.ok for r in results] == [True] * 4
    assert [r.steps for r in results] == [6] * 4


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
@pytest.mark.parametrize("context", ["fork", "spawn"])
def test_a_match_that_runs_out_of_memory_fails_alone_and_quietly(
    context: str, capfd: pytest.CaptureFixture[str]
) -> None:
    games = 8
    limit = 300 * 1024**2
    hog = plan(games, modules=frozenset({"hog"}), memory_limit=limit, max_steps=10_000)
    results = run_batch(ENGINE, {}, hog, jobs=2, context=context)
    assert [r.index for r in results] == list(range(games))
    failed = [r for r in results if not r.ok]
    assert [r.index for r in failed] == [HOG]
    (result,) = failed
    assert result.seed == HOG_SEED
    assert result.error is not None and result.error.startswith("MemoryError: ")
    assert "300 MB (memory_limit)" in result.error
    # the choices up to the failure, the one whose step ran out last: no more than fit
    assert 0 < len(result.choices) <= limit // CHUNK + 1
    # the worker goes on: the other games of the batch (some after it in that worker) finish
    assert all(r.ok and r.steps == 6 for r in results if r.index != HOG)
    out, err = capfd.readouterr()
    assert "Traceback" not in err and "MemoryError" not in err
    assert "Traceback" not in out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS is Linux's")
@pytest.mark.parametrize("jobs", [1, 2])
def test_the_limit_is_the_workers_never_the_callers(jobs: int) -> None:
    # the editor's or the CLI's own process is never limited, even when it plays the batch
    import resource

    before = resource.getrlimit(resource.RLIMIT_AS)
    results = run_batch(ENGINE, {}, plan(3, memory_limit=300 * 1024**2), jobs=jobs)
    assert [r.ok for r in results] == [True] * 3
    assert resource.getrlimit(resource.RLIMIT_AS) == before
