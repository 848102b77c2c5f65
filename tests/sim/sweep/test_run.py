"""A sweep played on the local pool: every combination checked before a game, each played
with its own seed and its numbers really changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from editor.sim.executors.local import LocalPool
from editor.sim.plan import BatchPlan
from editor.sim.sweep.measures import find
from editor.sim.sweep.plan import combinations
from editor.sim.sweep.run import Refused, Sweep, SweepError, open_sweep
from editor.sim.sweep.values import parse_values
from tests.sim.sweep.conftest import CRAB, SNAKES, design

PLAN = BatchPlan(games=3, players=2, bots=("heuristic", "heuristic"), seed=5)


@pytest.fixture(scope="module")
def pool() -> Iterator[LocalPool]:
    executor = LocalPool(1)
    yield executor
    executor.close()


def snakes(values: str) -> Sweep:
    ready, varies = open_sweep(design(SNAKES), [("ruleset.target", parse_values(values))])
    return Sweep(design(SNAKES), ready, varies, PLAN)


def test_each_value_changes_the_games(pool: LocalPool) -> None:
    sweep = snakes("3,20")
    played = list(sweep.play(combinations(sweep.varies), pool))
    rounds = [find(p.measures, "rounds") for p in played]
    assert all(r is not None for r in rounds)
    short, long = rounds
    assert short is not None and long is not None
    assert short.high < long.low  # a target of 3 points ends far sooner than one of 20
    assert [p.summary["values"] for p in played] == [{"ruleset.target": 3}, {"ruleset.target": 20}]
    assert played[0].seed != played[1].seed == sweep.plan_for(played[1].combination).seed


def test_a_value_is_played_the_same_beside_other_values(pool: LocalPool) -> None:
    alone = list(snakes("6").play(combinations(snakes("6").varies), pool))
    sweep = snakes("4,6")
    beside = list(sweep.play(combinations(sweep.varies), pool))
    assert alone[0].summary == beside[1].summary


def test_refused_values_are_found_before_any_game() -> None:
    sweep = snakes("0,5,1.5")
    refused = sweep.check(combinations(sweep.varies))
    assert [r.combination.label for r in refused] == ["ruleset.target=0", "ruleset.target=1.5"]
    lines = [line for r in refused for line in r.lines()]
    assert any("ruleset.yaml:9:9: error" in line for line in lines)
    assert all(isinstance(r, Refused) for r in refused)


def test_a_snails_number_the_engine_plays(pool: LocalPool) -> None:
    ready, varies = open_sweep(design(CRAB), [("ruleset.rounds", parse_values("2"))])
    plan = BatchPlan(
        2, 2, ("random", "random"), factions=("pirates", "druids"), faction_mode="fixed"
    )
    sweep = Sweep(design(CRAB), ready, varies, plan)
    (played,) = sweep.play(combinations(sweep.varies), pool)
    rounds = find(played.measures, "rounds")
    assert rounds is not None and rounds.high <= 2
    assert find(played.measures, "faction:pirates") is not None


def test_a_design_with_errors_or_a_bad_path_cannot_open(tmp_path: Path) -> None:
    with pytest.raises(SweepError) as caught:
        open_sweep(
            design(SNAKES),
            [("ruleset.nothing", parse_values("1")), ("rack.size", parse_values("1"))],
        )
    assert len(caught.value.lines) == 2  # each bad path said, not only the first
    assert "ruleset.yaml:" in caught.value.lines[1] and "is the number 8" in str(caught.value)
    assert open_sweep(design(SNAKES), [("rack", parse_values("6"))])[1][0].location.value == 8
    broken = tmp_path / "broken.layout.yaml"
    broken.write_text(SNAKES.read_text(encoding="utf-8").replace("board:", "bored:"))
    with pytest.raises(SweepError, match=r"broken\.layout\.yaml:"):
        open_sweep(design(broken), [("ruleset.rack", parse_values("6"))])


def test_cancel_stops_before_the_next_combination(pool: LocalPool) -> None:
    sweep = snakes("3,4,5")
    seen = []
    for played in sweep.play(combinations(sweep.varies), pool):
        seen.append(played)
        sweep.cancel()
    assert len(seen) == 1 and sweep.cancelled
