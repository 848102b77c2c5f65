"""Confidence intervals against published values, means, histograms."""

from __future__ import annotations

import pytest

from editor.sim.stats import bar_lines, histogram, mean_ci, t95, wilson


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3 (Wilson score).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # Symmetric cases that are easy to check by hand.
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_matches_published_intervals(
    successes: int, trials: int, low: float, high: float
) -> None:
    p = wilson(successes, trials)
    assert p.low == pytest.approx(low, abs=5e-5)
    assert p.high == pytest.approx(high, abs=5e-5)
    assert p.rate == successes / trials


def test_wilson_edge_cases() -> None:
    none = wilson(0, 0)
    assert (none.rate, none.low, none.high) == (0.0, 0.0, 1.0)
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson(3, 2)
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson(-1, 2)
    # The interval narrows as trials grow and always contains the observed rate.
    widths = [wilson(n // 4, n).high - wilson(n // 4, n).low for n in (40, 400, 4000)]
    assert widths[0] > widths[1] > widths[2]
    assert wilson(100, 400).to_json() == {
        "successes": 100,
        "trials": 400,
        "rate": 0.25,
        "ci95": [0.210079, 0.294677],  # by hand: centre 0.252375, half-width 0.042299
    }


def test_t_quantiles() -> None:
    assert t95(1) == pytest.approx(12.706, abs=1e-3)
    assert t95(10) == pytest.approx(2.228, abs=1e-3)
    # Beyond the table: the expansion agrees with published quantiles.
    assert t95(40) == pytest.approx(2.0211, abs=2e-4)
    assert t95(60) == pytest.approx(2.0003, abs=2e-4)
    assert t95(120) == pytest.approx(1.9799, abs=2e-4)
    assert t95(10**9) == pytest.approx(1.95996, abs=1e-5)
    with pytest.raises(ValueError, match="at least 1"):
        t95(0)


def test_mean_interval() -> None:
    m = mean_ci([1, 2, 3, 4, 5])
    assert (m.n, m.mean) == (5, 3.0)
    assert m.sd == pytest.approx(1.5811, abs=1e-4)
    # 3 +- 2.7764 * 1.5811 / sqrt(5)
    assert (m.low, m.high) == (pytest.approx(1.0368, abs=1e-4), pytest.approx(4.9632, abs=1e-4))
    assert mean_ci([]).n == 0
    one = mean_ci([7])
    assert (one.mean, one.low, one.high) == (7.0, 7.0, 7.0)
    same = mean_ci([2, 2, 2])
    assert (same.low, same.high) == (2.0, 2.0)
    # A few counts spread wide: the interval stops at the least possible value.
    spread = mean_ci([0, 0, 0, 14])
    assert spread.low < 0 and mean_ci([0, 0, 0, 14], floor=0).low == 0
    assert mean_ci([0, 0, 0, 14], floor=0).high == spread.high
    assert mean_ci([6, 6, 6, 2], ceiling=6).high == 6 < mean_ci([6, 6, 6, 2]).high


def test_histograms() -> None:
    assert histogram([3, 1, 3, 6]) == {1: 1, 2: 0, 3: 2, 4: 0, 5: 0, 6: 1}
    assert histogram([]) == {}
    assert bar_lines({1: 2, 10: 4}, width=4) == [" 1 2 ##", "10 4 ####"]
