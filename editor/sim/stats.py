"""Small statistics for simulation summaries: proportions, means and histograms with 95% CIs.

No third-party dependency: the Wilson score interval for proportions and Student's t
interval for means are computed here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054

#: Two-sided 95% quantiles of Student's t for 1 to 30 degrees of freedom.
_T95 = (
    12.7062,
    4.3027,
    3.1824,
    2.7764,
    2.5706,
    2.4469,
    2.3646,
    2.3060,
    2.2622,
    2.2281,
    2.2010,
    2.1788,
    2.1604,
    2.1448,
    2.1314,
    2.1199,
    2.1098,
    2.1009,
    2.0930,
    2.0860,
    2.0796,
    2.0739,
    2.0687,
    2.0639,
    2.0595,
    2.0555,
    2.0518,
    2.0484,
    2.0452,
    2.0423,
)


@dataclass(frozen=True, slots=True)
class Proportion:
    """Successes out of trials, with a 95% Wilson score interval."""

    successes: int
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """The observed proportion (0 when there were no trials)."""
        return self.successes / self.trials if self.trials else 0.0

    def to_json(self) -> dict[str, float | int | list[float]]:
        """Plain numbers for JSON output."""
        return {
            "successes": self.successes,
            "trials": self.trials,
            "rate": round(self.rate, 6),
            "ci95": [round(self.low, 6), round(self.high, 6)],
        }


@dataclass(frozen=True, slots=True)
class Mean:
    """The mean of a sample with a 95% confidence interval (Student's t)."""

    n: int
    mean: float
    sd: float
    low: float
    high: float

    def to_json(self) -> dict[str, float | int | list[float]]:
        """Plain numbers for JSON output."""
        return {
            "n": self.n,
            "mean": round(self.mean, 6),
            "sd": round(self.sd, 6),
            "ci95": [round(self.low, 6), round(self.high, 6)],
        }


def wilson(successes: int, trials: int, z: float = Z95) -> Proportion:
    """The proportion with its Wilson score interval (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 or all
    successes, which matters for rare cards and lopsided factions.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return Proportion(0, 0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # At 0 or all successes one bound is exactly the observed value; say so without rounding.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Proportion(successes, trials, low, high)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if df <= len(_T95):
        return _T95[df - 1]
    # Cornish-Fisher expansion around the normal quantile; better than 1e-4 beyond 30.
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def mean_ci(
    values: Iterable[float], *, floor: float | None = None, ceiling: float | None = None
) -> Mean:
    """The sample mean with a 95% t interval (zero width for a single value).

    ``floor`` and ``ceiling`` are the least and greatest values possible (0 for counts, the
    round limit for game length): the interval is cut there, so a few games never show a
    negative number of snails lost.
    """
    data = [float(v) for v in values]
    n = len(data)
    if n == 0:
        return Mean(0, 0.0, 0.0, 0.0, 0.0)
    mean = math.fsum(data) / n
    if n == 1:
        return Mean(1, mean, 0.0, mean, mean)
    variance = math.fsum((v - mean) ** 2 for v in data) / (n - 1)
    sd = math.sqrt(variance)
    half = t95(n - 1) * sd / math.sqrt(n)
    low = mean - half if floor is None else max(floor, mean - half)
    high = mean + half if ceiling is None else min(ceiling, mean + half)
    return Mean(n, mean, sd, low, high)


def histogram(values: Iterable[int]) -> dict[int, int]:
    """How often each integer value occurs, by value, gaps between min and max included."""
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    if not counts:
        return {}
    return {v: counts.get(v, 0) for v in range(min(counts), max(counts) + 1)}


def bar_lines(counts: Mapping[int, int] | Mapping[str, int], width: int = 40) -> list[str]:
    """A text bar chart of a histogram, one line per value."""
    if not counts:
        return []
    top = max(counts.values()) or 1
    label_width = max(len(str(k)) for k in counts)
    count_width = len(str(top))
    return [
        f"{k!s:>{label_width}} {c:>{count_width}} {'#' * round(width * c / top)}".rstrip()
        for k, c in counts.items()
    ]
