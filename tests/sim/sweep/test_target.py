"""The target search: bisection among the values given, the crossing and its interval."""

from __future__ import annotations

import pytest

from editor.sim.plan import BatchPlan
from editor.sim.stats import wilson
from editor.sim.sweep.measures import Measure
from editor.sim.sweep.plan import Combination, combinations
from editor.sim.sweep.run import Played, Sweep, open_sweep
from editor.sim.sweep.target import Goal, TargetError, parse, search
from editor.sim.sweep.values import parse_values
from tests.sim.sweep.conftest import SNAKES, design


def sweep(values: str) -> Sweep:
    ready, varies = open_sweep(design(SNAKES), [("ruleset.target", parse_values(values))])
    return Sweep(design(SNAKES), ready, varies, BatchPlan(2, 2, ("random", "random")))


def rising(trials: int, calls: list[int]) -> object:
    """A made-up game where seat 1 wins (value - 3) / 20 of its games."""

    def play(combination: Combination) -> Played:
        value = int(next(iter(combination.values().values())))
        calls.append(value)
        wins = max(0, min(trials, round(trials * (value - 3) / 20)))
        rate = wilson(wins, trials)
        measure = Measure("seat:1 win", "rate", rate.rate, rate.low, rate.high, trials, "win rates")
        return Played(combination, 0, {"errors": []}, [measure])

    return play


def test_bisection_plays_few_values_and_brackets_the_goal() -> None:
    sweep_ = sweep("3..23")
    calls: list[int] = []
    found = search(
        sweep_, combinations(sweep_.varies), parse("seat:1 win=0.25"), rising(4000, calls)
    )  # type: ignore[arg-type]
    assert found.reached and found.bracket is not None and 8.0 in found.bracket
    assert found.estimate == pytest.approx(8.0, abs=0.05)  # 5/20 = 0.25 at 8
    assert len(calls) < 10 and len(set(calls)) == len(calls)
    assert found.interval is not None and found.interval[0] <= 8 <= found.interval[1]
    assert "at ruleset.target = 8" in found.text()
    assert [p.combination.values()["ruleset.target"] for p in found.played] == sorted(calls)


def test_few_games_give_a_wide_interval() -> None:
    sweep_ = sweep("3..23")
    found = search(sweep_, combinations(sweep_.varies), Goal("seat:1", 0.5), rising(10, []))  # type: ignore[arg-type]
    assert found.reached and found.interval is not None
    low, high = found.interval
    assert low < found.bracket[0] and high > found.bracket[1]  # type: ignore[index]


def test_a_goal_out_of_reach_says_so() -> None:
    sweep_ = sweep("3..8")
    found = search(sweep_, combinations(sweep_.varies), Goal("seat:1 win", 0.9), rising(100, []))  # type: ignore[arg-type]
    assert not found.reached and found.estimate is None
    assert "is not reached between the values given" in found.text()
    assert found.to_json()["reached"] is False


def test_targets_are_read_or_refused() -> None:
    assert parse("faction:pirates win=25%") == Goal("faction:pirates win", 0.25)
    for bad in ("faction:pirates", "=0.2", "seat:1 win=many", "seat:1 win=inf"):
        with pytest.raises(TargetError):
            parse(bad)
    sweep_ = sweep("3..5")
    with pytest.raises(TargetError, match="no measure 'faction:pirates'"):
        search(sweep_, combinations(sweep_.varies), Goal("faction:pirates", 0.2), rising(5, []))  # type: ignore[arg-type]
