"""The batch runner on a toy engine: determinism across workers, errors with seeds, cancel."""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from editor.core.engine import (
    JSON,
    BotFactory,
    Decision,
    IllegalChoice,
    MatchSpec,
    Outcome,
    plain_choice_from_json,
    plain_choice_to_json,
    random_bot,
)
from editor.sim.executors import Lost, Setup, Stream
from editor.sim.executors.local import JOBS_PER_WORKER
from editor.sim.play import MatchPlayer
from editor.sim.runner import (
    Batch,
    BatchPlan,
    GameResult,
    RunnerError,
    factions_for,
    game_seed,
    in_order,
    match_spec,
    play_match,
    run_batch,
)

GOAL = 15


class Steps(Sequence[int]):
    """A lazy option sequence: 1..n without building a tuple."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return list(range(1, self.n + 1))[i]
        if not -self.n <= i < self.n:
            raise IndexError(i)
        return i % self.n + 1

    def __contains__(self, x: object) -> bool:
        return isinstance(x, int) and 1 <= x <= self.n


class RaceState:
    """Players take turns stepping 1-3 plus a die roll; the first to reach GOAL wins."""

    def __init__(self, spec: MatchSpec) -> None:
        self.rng = random.Random(spec.seed)
        self.players = spec.players
        self.factions = spec.factions
        self.position = [0] * spec.players
        self.turn = 0
        self.turns = 0
        self.winner: int | None = None
        # Some seeds blow up half way: a stand-in for an engine bug.
        self.doomed = "boom" in spec.modules and self.rng.random() < 0.3
        self.stuck = "stuck" in spec.modules
        if "crash" in spec.modules:  # a worker dying outright (only ever run in a pool)
            os._exit(3)
        self._events: list[tuple[Any, ...]] = []

    def decision(self) -> Decision | None:
        if self.winner is not None:
            return None
        return Decision(self.turn, "step", Steps(3), prompt="how far?")

    def apply(self, choice: Hashable) -> None:
        if self.winner is not None or choice not in Steps(3):
            raise IllegalChoice(f"{choice!r} is not a step")
        assert isinstance(choice, int)
        if self.doomed and max(self.position) > GOAL // 2:
            raise RuntimeError("boom")
        gain = 0 if self.stuck else choice + self.rng.randint(0, 2)
        self.position[self.turn] += gain
        self._events.append(("step", self.turn, gain))
        if self.position[self.turn] >= GOAL:
            self.winner = self.turn
        self.turn = (self.turn + 1) % self.players
        self.turns += 1

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        rounds = (self.turns + self.players - 1) // self.players
        return Outcome((self.winner,), "goal", rounds, {"turns": self.turns})

    def view(self, player: int) -> Any:
        return tuple(self.position)

    @property
    def events(self) -> Sequence[tuple[Any, ...]]:
        return self._events


class GreedyBot:
    """Always the longest step; checks that it is handed a view."""

    uses_view = True

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat

    def choose(self, decision: Decision, view: Any) -> Hashable:
        assert isinstance(view, tuple)
        return decision.options[len(decision.options) - 1]


class RaceEngine:
    """The toy engine: picklable, so workers get it by reference to this module."""

    def prepare(self, workspace: Any, layout: Any) -> Any:
        return {"goal": GOAL}

    def new_match(self, prepared: Any, spec: MatchSpec) -> RaceState:
        return RaceState(spec)

    def factions(self, prepared: Any) -> Sequence[str]:
        return ("ants", "bees", "crabs", "doves")

    def modules(self, prepared: Any) -> Sequence[str]:
        return ("boom",)

    def bots(self) -> Mapping[str, BotFactory]:
        return {"random": random_bot, "greedy": GreedyBot}

    def choice_to_json(self, choice: Hashable) -> JSON:
        return plain_choice_to_json(choice)  # a step is a plain int

    def choice_from_json(self, data: JSON) -> Hashable:
        return plain_choice_from_json(data)


def measure(
    events: Sequence[tuple[Any, ...]], outcome: Outcome, spec: MatchSpec
) -> Mapping[str, Any]:
    """Per-match numbers computed in the worker from the event log."""
    return {"steps": len(events), "zero": sum(e[2] == 0 for e in events)}


ENGINE = RaceEngine()


def plan(games: int = 40, **kw: Any) -> BatchPlan:
    base: dict[str, Any] = {
        "games": games,
        "players": 3,
        "bots": ("random", "random", "greedy"),
        "seed": 7,
        "factions": ("ants", "bees", "crabs", "doves"),
        "faction_mode": "random",
    }
    base.update(kw)
    return BatchPlan(**base)


def as_json(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    return [r.to_json() for r in results]


def test_one_worker_and_two_workers_give_the_same_results() -> None:
    one = run_batch(ENGINE, {}, plan(), jobs=1, measure=measure)
    two = run_batch(ENGINE, {}, plan(), jobs=2, measure=measure)
    assert as_json(one) == as_json(two)
    assert [r.index for r in two] == list(range(40))
    assert all(r.ok for r in one)
    # The games really differ from one another and were measured in the worker.
    assert len({r.seed for r in one}) == 40
    assert len({tuple(r.winners) for r in one}) > 1
    assert all(r.metrics["steps"] == r.steps for r in one)


def test_spawned_workers_give_the_same_results_too() -> None:
    forked = run_batch(ENGINE, {}, plan(12), jobs=1, measure=measure)
    spawned = run_batch(ENGINE, {}, plan(12), jobs=2, measure=measure, context="spawn")
    assert as_json(forked) == as_json(spawned)


def test_same_seed_same_results_other_seed_other_results() -> None:
    first = run_batch(ENGINE, {}, plan(20))
    again = run_batch(ENGINE, {}, plan(20))
    other = run_batch(ENGINE, {}, plan(20, seed=8))
    assert as_json(first) == as_json(again)
    assert [r.winners for r in first] != [r.winners for r in other]


def test_a_match_is_fixed_by_batch_seed_and_index_alone() -> None:
    long = run_batch(ENGINE, {}, plan(30))
    short = run_batch(ENGINE, {}, plan(10))
    assert as_json(long[:10]) == as_json(short)
    assert long[4].seed == game_seed(7, 4)


def test_bots_get_their_own_generators() -> None:
    # Replaying one match by hand with the documented derivations gives the same result.
    p = plan(5)
    result = run_batch(ENGINE, {}, p)[3]
    spec = match_spec(p, 3)
    from editor.sim.runner import bot_rng

    bots = [random_bot(0, bot_rng(spec.seed, 0)), random_bot(1, bot_rng(spec.seed, 1))]
    bots.append(GreedyBot(2, bot_rng(spec.seed, 2)))
    outcome, steps = play_match(RaceState(spec), bots)
    assert (outcome.winners, outcome.rounds, steps) == (result.winners, result.rounds, result.steps)
    assert spec.factions == result.factions


def test_faction_modes() -> None:
    drawn = [factions_for(plan(), i, game_seed(7, i)) for i in range(30)]
    assert all(len(set(f)) == 3 for f in drawn)
    assert len(set(drawn)) > 5
    rotating = plan(faction_mode="rotate")
    rotated = [factions_for(rotating, i, 0) for i in range(4)]
    assert rotated[0] == ("ants", "bees", "crabs") and rotated[3] == ("doves", "ants", "bees")
    for seat in range(3):
        assert sorted(r[seat] for r in rotated) == ["ants", "bees", "crabs", "doves"]
    fixed = plan(factions=("bees", "bees", "ants"), faction_mode="fixed")
    assert factions_for(fixed, 9, 1) == ("bees", "bees", "ants")
    with pytest.raises(ValueError, match="3 players need 3 different factions"):
        plan(factions=("ants", "bees"))
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        plan(bots=("random", "random"))


def test_errors_are_reported_with_their_seed_and_the_batch_goes_on() -> None:
    results = run_batch(ENGINE, {}, plan(40, modules=frozenset({"boom"})), jobs=2)
    failed = [r for r in results if not r.ok]
    assert 0 < len(failed) < 40
    assert len(results) == 40
    for r in failed:
        assert r.error is not None
        assert r.error.startswith("RuntimeError: boom (test_runner.py:")
        assert r.seed == game_seed(7, r.index)
        # The seed alone reproduces the failure.
        spec = match_spec(plan(40, modules=frozenset({"boom"})), r.index)
        with pytest.raises(RuntimeError, match="boom"):
            play_match(RaceState(spec), [GreedyBot(s, random.Random(0)) for s in range(3)])


def test_a_match_that_never_ends_is_an_error_not_a_hang() -> None:
    results = run_batch(ENGINE, {}, plan(2, modules=frozenset({"stuck"}), max_steps=500))
    assert len(results) == 2
    for r in results:
        assert r.error is not None
        assert r.error.startswith("RunnerError: no end after 500 decisions (last: step)")


def test_results_stream_and_cancel_in_process() -> None:
    batch = Batch(ENGINE, {}, plan(100), jobs=1)
    seen = []
    for result in batch:
        seen.append(result.index)
        if len(seen) == 3:
            batch.cancel()
    assert seen == [0, 1, 2]
    assert batch.cancelled


def test_results_stream_and_cancel_in_workers() -> None:
    batch = Batch(ENGINE, {}, plan(2000), jobs=2, chunk=5)
    seen = []
    for result in batch:
        seen.append(result.index)
        batch.cancel()
    # the iteration ends at the result after the cancel: the games still out are dropped.
    # That result is either worker's first game: each holds JOBS_PER_WORKER ranges of five to
    # start with (0-4 and 5-9, 10-14 and 15-19), and a busy machine may start either first
    assert len(seen) == 1 and seen[0] in (0, JOBS_PER_WORKER * 5)
    assert batch.cancelled
    assert multiprocessing.active_children() == []  # and its workers are gone


def test_stopping_the_iteration_shuts_the_workers_down() -> None:
    batch = Batch(ENGINE, {}, plan(2000), jobs=2, chunk=5)
    first = next(iter(batch))
    assert first.ok


def test_a_set_up_workers_cannot_receive_fails_the_batch_clearly() -> None:
    class Unpicklable(RaceEngine):
        pass  # defined inside a function: workers cannot receive it

    with pytest.raises(RunnerError, match="cannot hand the match set-up to worker processes"):
        run_batch(Unpicklable(), {}, plan(4), jobs=2)
    # One worker plays in this process and needs no pickling.
    assert len(run_batch(Unpicklable(), {}, plan(4), jobs=1)) == 4


@pytest.mark.parametrize("chunk", [None, 3])
def test_a_game_that_kills_its_worker_every_time_is_rerun_then_failed(chunk: int | None) -> None:
    # every match of module "crash" ends its worker process outright; in jobs of three
    # games, which of a job's games ended the worker is not known at first
    batch = Batch(ENGINE, {}, plan(6, modules=frozenset({"crash"})), jobs=2, chunk=chunk)
    results = in_order(list(batch))
    assert [r.index for r in results] == list(range(6))
    for r in results:
        assert r.error == "WorkerLost: the worker playing it was lost 3 times (last: exit code 3)"
        assert (
            r.seed == game_seed(7, r.index)
            and r.factions == match_spec(batch.plan, r.index).factions
        )
    # each was handed out again twice before it counted as failed (and those waiting behind
    # it in a lost worker's hands were handed out again too)
    assert batch.rerun >= 2 * 6
    # three workers lost per game, but that the first worker's loss, while it held the job
    # of games 0 to 2 (game 0 playing, and the job of games 3 to 5 waiting), counts against
    # each of the job's three games: which one it was playing is not known at first
    assert len(batch.lost) == (3 * 6 if chunk is None else 3 * 6 - 2)
    assert all(lost.endswith(": exit code 3") for lost in batch.lost)
    assert multiprocessing.active_children() == []


def test_the_random_bot_draws_by_index_from_lazy_options() -> None:
    class Huge(Sequence[int]):
        def __len__(self) -> int:
            return 10**12

        def __getitem__(self, i: Any) -> Any:
            return i * 2

    bot = random_bot(0, random.Random(3))
    picks = [bot.choose(Decision(0, "program", Huge()), None) for _ in range(50)]
    assert all(p % 2 == 0 and 0 <= p < 2 * 10**12 for p in picks)
    assert len(set(picks)) == 50
    same = random_bot(0, random.Random(3))
    assert [same.choose(Decision(0, "program", Huge()), None) for _ in range(50)] == picks
    with pytest.raises(ValueError, match="offers no options"):
        bot.choose(Decision(0, "nothing", ()), None)


def test_the_progress_bar_counts_to_the_end() -> None:
    import io

    from editor.sim.simulate import ProgressBar

    stream = io.StringIO()
    bar = ProgressBar(3, stream)
    for _ in range(3):
        bar.step()
    bar.close()
    text = stream.getvalue()
    assert "3/3 games" in text and "[" + "#" * 30 + "]" in text
    assert text.endswith("\r\x1b[K")


class LosingExecutor:
    """Plays in this process, after reporting the same worker lost with two of its ranges
    and another worker lost once (as a Dask cluster reports a worker that held two tasks)."""

    workers = 1
    largest_range = 10

    def play(self, setup: Setup, ranges: Iterator[tuple[int, int]]) -> Stream:
        player = MatchPlayer(setup.engine, setup.prepared, setup.plan, setup.measure)
        yield Lost(3, "worker A", "its process died")
        yield Lost(2, "worker A", "its process died")
        yield Lost(1, "worker B", "killed by signal 9")
        for start, stop in ranges:
            for index in range(start, stop):
                yield player.play(index)

    def terminate(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_worker_lost_with_several_ranges_is_one_worker_lost() -> None:
    batch = Batch(ENGINE, {}, plan(6), executor=LosingExecutor())
    results = list(batch)
    assert sorted(r.index for r in results) == list(range(6))
    assert batch.rerun == 6  # every game handed out again counts
    assert batch.lost == ["worker A: its process died", "worker B: killed by signal 9"]
