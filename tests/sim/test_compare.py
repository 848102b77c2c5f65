"""Two batches compared (editor/sim/compare.py): Newcombe's interval for two rates against
the published table, Welch's interval for two means, and real batches' summaries compared
measure by measure."""

from __future__ import annotations

import math
from typing import Any

import pytest

from editor.core import registry
from editor.core.workspace import open_layout
from editor.sim.compare import (
    ENDINGS,
    FACTIONS,
    LENGTH,
    MINUS,
    SEATS,
    Difference,
    compare,
    compare_output,
    comparison_json,
    comparison_lines,
    difference_text,
    format_comparison,
    mean_difference,
    newcombe,
    rate_difference,
    welch,
)
from editor.sim.runner import BatchPlan, GameResult, run_batch
from editor.sim.stats import mean_ci, t95, wilson
from editor.sim.summary import format_summary, game_metrics, summarize

#: Newcombe (1998), "Interval estimation for the difference between independent
#: proportions", Statistics in Medicine 17, Table II, method 10 (score interval from
#: Wilson's): (after, before) as (successes, trials) and the published 95% interval.
NEWCOMBE_TABLE = [
    ((56, 70), (48, 80), (0.0524, 0.3339)),
    ((9, 10), (3, 10), (0.1705, 0.8090)),
    ((6, 7), (2, 7), (0.0582, 0.8062)),
    ((5, 56), (0, 29), (-0.0381, 0.1926)),
    ((0, 10), (0, 20), (-0.1611, 0.2775)),
    ((0, 10), (0, 10), (-0.2775, 0.2775)),
    ((10, 10), (0, 20), (0.6791, 1.0000)),
]


@pytest.mark.parametrize(("after", "before", "published"), NEWCOMBE_TABLE)
def test_the_rate_interval_is_newcombes(
    after: tuple[int, int], before: tuple[int, int], published: tuple[float, float]
) -> None:
    low, high = newcombe(before, after)
    assert (round(low, 4), round(high, 4)) == published


def test_welch_is_the_pooled_t_interval_when_both_samples_spread_alike() -> None:
    # equal sizes and spreads: Welch's degrees of freedom are 2(n - 1), its error the pooled
    n, sd = 12, 1.5
    low, high = welch((n, 4.0, sd), (n, 5.0, sd)) or (0.0, 0.0)
    half = t95(2 * (n - 1)) * math.sqrt(2 * sd * sd / n)
    assert (low, high) == pytest.approx((1.0 - half, 1.0 + half))


def test_welch_weighs_the_noisier_sample_and_needs_two_values_a_side() -> None:
    quiet, noisy = (50, 3.0, 0.1), (5, 3.0, 2.0)
    low, high = welch(quiet, noisy) or (0.0, 0.0)
    v = 0.1**2 / 50 + 2.0**2 / 5
    df = v**2 / ((0.1**2 / 50) ** 2 / 49 + (2.0**2 / 5) ** 2 / 4)
    assert math.floor(df) == 4  # the noisy side's few values decide
    assert high == pytest.approx(t95(4) * math.sqrt(v))
    assert low == pytest.approx(-high)
    assert welch((1, 3.0, 0.0), noisy) is None


def _batch(seed: int, games: int = 10) -> tuple[dict[str, Any], list[GameResult]]:
    ws, layout = open_layout("layouts/crustacean.layout.yaml")
    assert layout is not None
    game = registry.get(layout.game)
    assert game is not None and game.play is not None
    engine = game.play.engine
    prepared = engine.prepare(ws, layout)
    plan = BatchPlan(
        games=games,
        players=4,
        bots=("random",) * 4,
        seed=seed,
        faction_mode="random",
        factions=tuple(engine.factions(prepared)),
    )
    metrics = game_metrics(game.id)
    results = run_batch(engine, prepared, plan, measure=metrics.measure if metrics else None)
    return summarize(results, plan, metrics), results


@pytest.fixture(scope="module")
def two_batches() -> tuple[dict[str, Any], dict[str, Any], list[GameResult], list[GameResult]]:
    before, first = _batch(0)
    after, second = _batch(1)
    return before, after, first, second


def test_real_batches_are_compared_measure_by_measure(two_batches: Any) -> None:
    before, after, first, second = two_batches
    found = compare(before, after)
    groups = {d.group for d in found}
    assert {SEATS, FACTIONS, LENGTH, ENDINGS} <= groups
    assert {s["title"] for s in after["sections"]} & groups  # the game's sections too
    for d in found:
        assert d.low <= d.change <= d.high
        assert d.excludes_zero == (abs(d.change) > d.margin)  # the ± says the verdict
    # a faction's change is its win rate over the seats it played, batch to batch
    faction = next(d for d in found if d.group == FACTIONS)

    def rate(results: list[GameResult], faction_id: str) -> float:
        seats = [(r, s) for r in results for s, f in enumerate(r.factions) if f == faction_id]
        return sum(s in r.winners for r, s in seats) / len(seats)

    assert faction.before == pytest.approx(rate(first, faction.key))
    assert faction.after == pytest.approx(rate(second, faction.key))
    length = next(d for d in found if d.group == LENGTH)
    assert length.after == pytest.approx(sum(r.rounds for r in second) / len(second))


def test_a_batch_compared_with_itself_changes_nothing(two_batches: Any) -> None:
    before = two_batches[0]
    found = compare(before, before)
    assert found and all(d.change == 0 for d in found)
    assert not any(d.excludes_zero for d in found)


def test_an_ending_one_batch_never_saw_counts_as_none_of_its_games(two_batches: Any) -> None:
    before, after = two_batches[0], dict(two_batches[1])
    finished = after["finished"]
    after["endings"] = {"made-up": wilson(finished, finished).to_json()}
    endings = [d for d in compare(before, after) if d.group == ENDINGS]
    made_up = next(d for d in endings if d.key == "made-up")
    assert (made_up.before, made_up.after) == (0.0, 1.0)
    assert made_up.excludes_zero
    gone = [d for d in endings if d.key != "made-up"]
    assert gone and all(d.after == 0.0 for d in gone)


def test_the_difference_reads_as_a_designer_says_it() -> None:
    d = rate_difference(wilson(43, 100).to_json(), wilson(31, 100).to_json(), FACTIONS, "p")
    assert d is not None
    margin = round(100 * d.margin)
    assert difference_text(d, "Pirates") == f"Pirates: 43% → 31%, {MINUS}12 ±{margin}"
    up = rate_difference(wilson(10, 400).to_json(), wilson(30, 400).to_json())
    assert up is not None and up.excludes_zero
    assert difference_text(up, "X").startswith("X: 2") and ", +5" in difference_text(up, "X")
    # a mean: two decimals while the margin is under one, else one (and no sign on nothing)
    same = mean_ci([5, 6, 7, 6]).to_json()
    m = mean_difference(same, same)
    assert m is not None and m.margin >= 1
    assert difference_text(m, "length") == f"length: 6.0 → 6.0, 0.0 ±{m.margin:.1f}"
    tight, later = mean_ci([6.0, 6.1] * 20).to_json(), mean_ci([6.1, 6.2] * 20).to_json()
    n = mean_difference(tight, later)
    assert n is not None and n.margin < 1 and n.excludes_zero
    assert difference_text(n, "length") == f"length: 6.05 → 6.15, +0.10 ±{n.margin:.2f}"


def test_the_margin_is_the_side_of_the_interval_toward_zero() -> None:
    # an interval that is not symmetric: the change is beyond chance exactly when it is
    # larger than the reach toward zero
    d = Difference("g", "k", "rate", 0.5, 0.1, -0.7, 0.02)
    assert d.margin == pytest.approx(0.42) and not d.excludes_zero
    e = Difference("g", "k", "rate", 0.1, 0.5, 0.05, 0.7)
    assert e.margin == pytest.approx(0.35) and e.excludes_zero


def test_the_terminal_text_and_json(two_batches: Any) -> None:
    before, after = two_batches[0], two_batches[1]
    text = format_comparison(before, after, before_name="A", after_name="B")
    found = compare(before, after)
    assert text.startswith(f"Compared: A ({before['finished']} games) → B")
    marked = [line for line in text.splitlines() if line.startswith("  *")]
    assert len(marked) == sum(d.excludes_zero for d in found)
    data = comparison_json(before, after)
    assert len(data) == len(found)
    assert all(
        item["change"] == pytest.approx(item["after"] - item["before"], abs=1e-5) for item in data
    )
    lines = comparison_lines(found, {"pirates": "Pirates"})
    assert any(line.startswith("Pirates: ") for line in lines)
    assert all("interval" in line for line in lines)


def test_what_simulate_compare_prints(two_batches: Any) -> None:
    import json

    before, after = two_batches[0], two_batches[1]
    text = compare_output(before, after, before_name="a.layout.yaml", after_name="b.layout.yaml")
    assert text.startswith(f"a.layout.yaml\n{format_summary(before)}\n\nb.layout.yaml\n")
    assert text.count("Win rate per seat") == 2
    assert (
        format_comparison(before, after, before_name="a.layout.yaml", after_name="b.layout.yaml")
        in text
    )
    data = json.loads(compare_output(before, after, before_name="a", after_name="b", as_json=True))
    assert data["before"] == before and data["after"] == after
    assert data["changes"] == comparison_json(before, after)
