"""``--target 'faction:pirates win=0.25'``: which value of the one varied number brings a
measure to a goal.

The candidates are the values given to ``--vary``, sorted. Five of them, evenly spread
(the ends included), are played first; between the first two neighbours on either side of
the goal, bisection among the candidates plays the middle one until the two are next to
each other. The answer is where the straight line between those two crosses the goal, and
its interval runs from the least to the greatest value played whose measure's 95% interval
holds the goal (the two neighbours when none does): the values the games cannot tell apart
from the goal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from editor.sim.sweep.measures import Measure, find
from editor.sim.sweep.plan import Combination
from editor.sim.sweep.run import Played, Sweep

#: How many values are played before bisection starts.
FIRST_GRID = 5


class TargetError(ValueError):
    """A target that cannot be read, or names no measure."""


@dataclass(frozen=True)
class Goal:
    """A measure's name and the value it should reach."""

    measure: str
    value: float


def parse(text: str) -> Goal:
    """``'faction:pirates win=0.25'`` (or ``=25%``) as a :class:`Goal`."""
    name, equals, raw = text.rpartition("=")
    if not equals or not name.strip():
        raise TargetError(f"--target {text!r} is not MEASURE=GOAL, like 'faction:pirates win=0.25'")
    raw = raw.strip()
    scale = 100.0 if raw.endswith("%") else 1.0
    try:
        value = float(raw.removesuffix("%")) / scale
    except ValueError:
        raise TargetError(f"--target {text!r}: {raw!r} is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise TargetError(f"--target {text!r}: the goal must be a finite number")
    return Goal(name.strip(), value)


@dataclass
class Found:
    """What the search played and what it found."""

    goal: Goal
    path: str
    #: Every combination played, by value.
    played: list[Played] = field(default_factory=list)
    reached: bool = False
    #: Where the line between the two neighbours crosses the goal.
    estimate: float | None = None
    #: The two neighbouring values on either side of the goal.
    bracket: tuple[float, float] | None = None
    #: The values the games cannot tell apart from the goal (see the module's doc).
    interval: tuple[float, float] | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "measure": self.goal.measure,
            "goal": self.goal.value,
            "path": self.path,
            "reached": self.reached,
            "value": self.estimate,
            "bracket": list(self.bracket) if self.bracket else None,
            "interval": list(self.interval) if self.interval else None,
            "played": [_number(p) for p in self.played],
        }

    def text(self) -> str:
        """The answer in one or two lines."""
        goal = f"{self.goal.measure} = {self.goal.value:g}"
        if not self.reached or self.estimate is None or self.bracket is None:
            seen = [f"{_number(p):g}: {_value(p, self.goal):.3g}" for p in self.played]
            return f"{goal} is not reached between the values given ({', '.join(seen)})"
        low, high = self.interval or self.bracket
        return (
            f"{goal} at {self.path} = {self.estimate:.4g} (between {self.bracket[0]:g} and"
            f" {self.bracket[1]:g}); 95% interval: {low:g} to {high:g}"
        )


def _number(played: Played) -> float:
    return float(next(iter(played.combination.values().values())))


def _measure(played: Played, goal: Goal) -> Measure:
    measure = find(played.measures, goal.measure)
    if measure is None:
        names = ", ".join(m.name for m in played.measures[:20])
        raise TargetError(
            f"no measure {goal.measure!r} at {played.combination.label}; there are {names}"
        )
    return measure


def _value(played: Played, goal: Goal) -> float:
    return _measure(played, goal).value


def search(
    sweep: Sweep,
    candidates: Sequence[Combination],
    goal: Goal,
    play: Callable[[Combination], Played],
) -> Found:
    """Play as few candidates as bisection needs to bracket the goal."""
    ordered = sorted(candidates, key=lambda c: next(iter(c.values().values())))
    found = Found(goal, sweep.varies[0].path)
    results: dict[int, Played] = {}

    def at(index: int) -> float:
        if index not in results:
            results[index] = play(ordered[index])
        return _value(results[index], goal) - goal.value

    last = len(ordered) - 1
    grid = sorted({round(k * last / (FIRST_GRID - 1)) for k in range(FIRST_GRID)}) if last else [0]
    gaps = [at(i) for i in grid]
    bracket = next(
        ((grid[k], grid[k + 1]) for k in range(len(grid) - 1) if gaps[k] * gaps[k + 1] <= 0),
        None,
    )
    if bracket is not None:
        low, high = bracket
        while high - low > 1:
            middle = (low + high) // 2
            if at(low) * at(middle) <= 0:
                high = middle
            else:
                low = middle
        found.reached = True
        x0, x1 = _number(results[low]), _number(results[high])
        y0, y1 = at(low), at(high)
        found.estimate = x0 if y0 == y1 else x0 + (x1 - x0) * (0 - y0) / (y1 - y0)
        found.bracket = (x0, x1)
        holding = [
            _number(p)
            for p in results.values()
            if _measure(p, goal).low <= goal.value <= _measure(p, goal).high
        ]
        found.interval = (min(holding), max(holding)) if holding else (x0, x1)
    found.played = [results[i] for i in sorted(results)]
    return found
