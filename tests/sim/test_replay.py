"""Replays reach the same end as the simulated match: from a batch index, from a seed, from
the recorded choices, and a failed match's choices reach its error again."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from editor.core import registry
from editor.core.engine import MatchSpec
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.sim.replay import (
    bots_for,
    differences,
    replay,
    replay_index,
    replay_result,
    replay_seed,
    seed_spec,
)
from editor.sim.runner import BatchPlan, GameResult, event_digest, play_match, run_batch
from tests.sim.test_runner import ENGINE as RACE
from tests.sim.test_runner import plan as race_plan


@pytest.fixture(scope="module")
def snails() -> tuple[Any, Any, registry.Game]:
    """The Snails engine prepared on the bundled Crustacean layout."""
    ws = load_workspace([layouts_dir() / "crustacean.layout.yaml"])
    game = registry.playable("snails")
    assert game is not None and game.engine is not None and game.replay_frame is not None
    prepared = game.engine.prepare(ws, ws.layouts["crustacean"])
    return game.engine, prepared, game


def snails_plan(engine: Any, prepared: Any, **kw: Any) -> BatchPlan:
    base: dict[str, Any] = {
        "games": 4,
        "players": 2,
        "bots": ("heuristic", "random"),
        "seed": 11,
        "factions": tuple(engine.factions(prepared)),
        "digest": True,
    }
    base.update(kw)
    return BatchPlan(**base)


def test_a_replay_from_the_batch_index_ends_as_the_simulated_match(
    snails: tuple[Any, Any, registry.Game],
) -> None:
    engine, prepared, game = snails
    plan = snails_plan(engine, prepared)
    results = run_batch(engine, prepared, plan)
    assert all(r.ok and r.digest for r in results)
    for result in results:
        played = replay_index(engine, prepared, plan, result.index, frame=game.replay_frame)
        assert differences(played, result) == []
        assert played.digest == result.digest
        assert played.outcome is not None and played.outcome.winners == result.winners
        assert len(played.steps) == result.steps + 1  # the set-up, then one per decision
        # every step's events, put together, are the whole log
        log = [e for step in played.steps for e in step.events]
        assert event_digest(log) == result.digest
        assert log[-1][0] == "end"


def test_a_replay_from_the_choices_alone_reaches_the_same_final_board(
    snails: tuple[Any, Any, registry.Game],
) -> None:
    engine, prepared, game = snails
    plan = snails_plan(engine, prepared, games=3, seed=4)
    for index in range(plan.games):
        by_index = replay_index(engine, prepared, plan, index, frame=game.replay_frame)
        spec = by_index.spec
        again = replay(engine, prepared, spec, choices=by_index.choices, frame=game.replay_frame)
        assert again.digest == by_index.digest
        assert again.outcome == by_index.outcome
        assert again.frames() == by_index.frames()
        # and the board at the end is the board of the match the bots played directly
        state = engine.new_match(prepared, spec)
        play_match(state, bots_for(engine, plan, spec.seed))
        frame_of = game.replay_frame
        assert frame_of is not None
        assert again.steps[-1].frame == frame_of(state)


def test_a_seed_entered_by_hand_plays_the_plans_match_with_that_seed(
    snails: tuple[Any, Any, registry.Game],
) -> None:
    engine, prepared, _ = snails
    plan = snails_plan(engine, prepared, games=1)
    result = run_batch(engine, prepared, plan)[0]
    # the batch's own match 0 is the match of its seed
    same = replay_seed(engine, prepared, plan, result.seed)
    assert same.digest == result.digest and differences(same, result) == []
    other = replay_seed(engine, prepared, plan, result.seed + 1)
    assert other.spec == seed_spec(plan, result.seed + 1)
    assert other.outcome is not None and other.digest != result.digest


def test_a_failed_matchs_choices_reach_its_error_again() -> None:
    plan = race_plan(30, modules=frozenset({"boom"}), digest=True)
    results = run_batch(RACE, {}, plan)
    failed = [r for r in results if not r.ok]
    assert failed
    for result in failed:
        assert result.choices
        played = replay_result(RACE, {}, plan, result)
        assert played.error == result.error  # raised in the engine: the same place too
        assert differences(played, result) == []
        assert played.choices == tuple(result.choices)
        assert played.steps[-1].error == result.error
        # the choices alone, without bots, get there too
        spec = MatchSpec(plan.players, tuple(result.factions), plan.modules, result.seed)
        alone = replay(RACE, {}, spec, choices=result.choices)
        assert alone.error == result.error


def test_a_match_that_never_ends_replays_to_the_same_error() -> None:
    plan = race_plan(1, modules=frozenset({"stuck"}), max_steps=50)
    result = run_batch(RACE, {}, plan)[0]
    played = replay_index(RACE, {}, plan, 0)
    assert played.error is not None and played.error.startswith("RunnerError: no end after 50")
    assert differences(played, result) == []


def test_differences_are_named(snails: tuple[Any, Any, registry.Game]) -> None:
    engine, prepared, _ = snails
    plan = snails_plan(engine, prepared, games=1)
    result = run_batch(engine, prepared, plan)[0]
    played = replay_index(engine, prepared, plan, 0)
    other: GameResult = dataclasses.replace(result, rounds=result.rounds + 1, digest="x")
    assert differences(played, other) == [
        f"rounds {result.rounds!r} != {result.rounds + 1!r}",
        "the event logs differ (digests)",
    ]


def test_choices_that_stop_early_leave_the_replay_unfinished() -> None:
    plan = race_plan(1)
    full = replay_index(RACE, {}, plan, 0)
    spec = full.spec
    part = replay(RACE, {}, spec, choices=full.choices[:3])
    assert part.outcome is None and part.error is None
    assert len(part.steps) == 4
    assert [s.choice for s in part.steps[1:]] == list(full.choices[:3])


def test_a_wording_that_fails_leaves_plain_text_and_the_same_replay() -> None:
    def broken(*_: Any) -> str:
        raise KeyError("oops")

    plan = race_plan(1)
    plain = replay_index(RACE, {}, plan, 0)
    worded = replay_index(RACE, {}, plan, 0, words=registry.ReplayWords(broken, broken))
    assert worded.digest == plain.digest and worded.outcome == plain.outcome
    step = worded.steps[1]
    assert step.choice_text == str(step.choice)
    assert step.event_texts == tuple(" ".join(str(x) for x in e) for e in step.events)
    assert plain.steps[1].event_texts == ()
