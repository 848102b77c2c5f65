"""Match records as JSON, both ways: finished and failed results come back equal from their
records (through ``json.dumps``/``json.loads``), a failed match replays to its error from its
record alone, and a finished match's record is what it always was."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

import pytest

from editor.core import registry
from editor.core.engine import Engine, plain_choice_from_json, plain_choice_to_json
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.sim.live import failures_text
from editor.sim.replay import (
    differences,
    replay_result,
    result_from_json,
    result_to_json,
)
from editor.sim.runner import BatchPlan, GameResult, run_batch
from editor.sim.summary import game_metrics, summarize
from tests.conftest import Flaky
from tests.sim.test_runner import ENGINE as RACE
from tests.sim.test_runner import plan as race_plan

#: The keys of a finished match's record, in order, as ``--json`` and the metrics know them.
RECORD_KEYS = ["index", "seed", "factions", "winners", "reason", "rounds", "steps", "metrics"]
RECORD_KEYS.append("error")


def snails_engine() -> Engine:
    game = registry.get("snails")
    assert game is not None and game.engine is not None
    return game.engine


def prepared_crab(engine: Engine) -> Any:
    ws, layout = open_layout(layouts_dir() / "crustacean.layout.yaml")
    assert layout is not None
    return engine.prepare(ws, layout)


def plan(engine: Engine, prepared: Any, games: int = 6, **kw: Any) -> BatchPlan:
    base: dict[str, Any] = {
        "games": games,
        "players": 3,
        "bots": ("heuristic", "random", "random"),
        "seed": 5,
        "factions": tuple(engine.factions(prepared)),
    }
    base.update(kw)
    return BatchPlan(**base)


def through_text(record: dict[str, Any]) -> Any:
    return json.loads(json.dumps(record))


@pytest.fixture(scope="module")
def finished() -> tuple[Engine, Any, BatchPlan, list[GameResult]]:
    engine = snails_engine()
    prepared = prepared_crab(engine)
    batch = plan(engine, prepared)
    metrics = game_metrics("snails")
    assert metrics is not None
    return engine, prepared, batch, run_batch(engine, prepared, batch, measure=metrics.measure)


@pytest.fixture
def failed(
    flaky_snails: Callable[..., Flaky],
) -> tuple[Engine, Any, BatchPlan, list[GameResult]]:
    flaky_snails()
    engine = snails_engine()  # the flaky one now
    prepared = prepared_crab(engine)
    batch = plan(engine, prepared, digest=True)
    results = run_batch(engine, prepared, batch)
    assert any(r.ok for r in results) and any(not r.ok for r in results)
    return engine, prepared, batch, results


def test_a_finished_records_keys_are_the_ones_it_always_had(
    finished: tuple[Engine, Any, BatchPlan, list[GameResult]],
) -> None:
    engine, _, _, results = finished
    for result in results:
        assert result.ok and not result.digest
        assert list(result.to_json()) == RECORD_KEYS
        # the engine's encoder adds nothing to a finished match's record
        assert result.to_json(engine.choice_to_json) == result.to_json()


def test_a_digest_is_written_only_when_there_is_one(
    failed: tuple[Engine, Any, BatchPlan, list[GameResult]],
) -> None:
    _, _, _, results = failed
    for result in (r for r in results if r.ok):
        assert result.digest and list(result.to_json()) == [*RECORD_KEYS, "digest"]


def test_finished_results_come_back_equal_from_their_records(
    finished: tuple[Engine, Any, BatchPlan, list[GameResult]],
) -> None:
    engine, _, batch, results = finished
    for result in results:
        record = result.to_json(engine.choice_to_json)
        assert GameResult.from_json(record, engine.choice_from_json) == result
        assert GameResult.from_json(record) == result  # no choices: no decoder needed
        back = GameResult.from_json(through_text(record), engine.choice_from_json)
        assert back.to_json() == through_text(record)
    # what the summary and --json are made of survives the text: the same summary
    again = [GameResult.from_json(through_text(r.to_json())) for r in results]
    metrics = game_metrics("snails")
    assert summarize(again, batch, metrics) == summarize(results, batch, metrics)


def test_failed_results_come_back_equal_with_their_choices(
    failed: tuple[Engine, Any, BatchPlan, list[GameResult]],
) -> None:
    engine, _, batch, results = failed
    for result in results:
        record = through_text(result_to_json(engine, result))
        assert result_from_json(engine, record) == result
        assert GameResult.from_json(record, engine.choice_from_json) == result
        if not result.ok:
            assert len(record["choices"]) == len(result.choices) > 0
            assert list(record) == [*RECORD_KEYS, "choices"]  # no digest: it did not end
    # the summary's errors are the failed records' fields
    summary = summarize(results, batch)
    records = [r.to_json() for r in results if not r.ok]
    keys = ("index", "seed", "factions", "error")
    assert summary["errors"] == [{k: rec[k] for k in keys} for rec in records]


def test_a_failed_match_replays_to_its_error_from_its_json_record(
    failed: tuple[Engine, Any, BatchPlan, list[GameResult]],
) -> None:
    engine, prepared, batch, results = failed
    for result in (r for r in results if not r.ok):
        record = through_text(result.to_json(engine.choice_to_json))
        played = replay_result(engine, prepared, batch, record)
        assert played.error is not None and played.error.startswith("RuntimeError: flaky engine")
        assert differences(played, result) == []
        assert played.choices == result.choices
        assert played.steps[-1].error == result.error


def test_the_failures_text_lists_the_choices_as_json_that_decodes(
    failed: tuple[Engine, Any, BatchPlan, list[GameResult]],
) -> None:
    engine, _, _, results = failed
    text = failures_text(results, engine)
    lines = [line for line in text.splitlines() if line.startswith("  choices: ")]
    bad = [r for r in results if not r.ok]
    assert len(lines) == len(bad)
    for line, result in zip(lines, bad, strict=True):
        data = json.loads(line.removeprefix("  choices: "))
        assert tuple(engine.choice_from_json(d) for d in data) == result.choices
        assert "Action(" not in line


def test_an_engine_of_plain_choices_needs_no_codec_of_its_own() -> None:
    race = race_plan(30, modules=frozenset({"boom"}))
    results = run_batch(RACE, {}, race)
    failed = [r for r in results if not r.ok]
    assert failed
    for result in failed:
        record = through_text(result.to_json(plain_choice_to_json))
        assert GameResult.from_json(record) == result
        # a record replays with an engine that has no codec: plain choices are assumed
        played = replay_result(RACE, {}, race, record)
        assert differences(played, result) == []


@pytest.mark.parametrize(
    "record",
    [
        [],
        {},
        {"index": 1},
        {"index": "1", "seed": 2},
        {"index": 1, "seed": True},
        {"index": 1, "seed": 2, "factions": "pirates"},
        {"index": 1, "seed": 2, "winners": [0.5]},
        {"index": 1, "seed": 2, "winners": [0, True]},
        {"index": 1, "seed": 2, "factions": ["pirates", 1]},
        {"index": 1, "seed": 2, "reason": 3},
        {"index": 1, "seed": 2, "error": 3},
        {"index": 1, "seed": 2, "metrics": []},
        {"index": 1, "seed": 2, "digest": None},
        {"index": 1, "seed": 2, "choices": {}},
        {"index": 1, "seed": 2, "error": "x", "choices": [1.5]},
        {"index": 1, "seed": 2, "error": "x", "choices": [{"main": 1, "bad": 2}]},
    ],
    ids=repr,
)
def test_a_malformed_record_is_refused_with_a_value_error(record: Any) -> None:
    engine = snails_engine()
    with pytest.raises(ValueError, match="record"):
        GameResult.from_json(record, engine.choice_from_json)


def test_a_record_read_from_other_mappings_and_tuples_is_the_same_result() -> None:
    record = {"index": 1, "seed": 2, "factions": ["a", "b"], "winners": [1], "rounds": 3}
    record.update({"steps": 9, "metrics": {}})
    plain = GameResult.from_json(record)
    assert plain.factions == ("a", "b") and plain.winners == (1,)
    other = MappingProxyType({**record, "factions": ("a", "b"), "metrics": MappingProxyType({})})
    assert GameResult.from_json(other) == plain


def test_plain_choices_round_trip_and_others_are_refused() -> None:
    for choice in (None, True, 3, "x", (), (1, ("a", None), False)):
        data = plain_choice_to_json(choice)
        assert plain_choice_from_json(json.loads(json.dumps(data))) == choice
    for value in (1.5, frozenset({1})):
        with pytest.raises(ValueError, match="plain choice"):
            plain_choice_to_json(value)
    for data in (1.5, {"a": 1}, [1, {}]):
        with pytest.raises(ValueError, match="plain choice"):
            plain_choice_from_json(data)
