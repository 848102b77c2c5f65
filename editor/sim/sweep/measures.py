"""The measures of a batch's summary as one flat list, each named and with its interval.

Names: ``seat:1 win``, ``faction:pirates win`` (rates), ``rounds`` (the mean game length),
``ending:last-standing`` (a rate), and a game's own sections as ``TITLE: ROW (COLUMN)``
(``Snails lost: to water (per game)``). :func:`find` reads a name case-insensitively and
takes ``faction:pirates`` for ``faction:pirates win``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True, slots=True)
class Measure:
    """One measure of a batch: a rate or a mean, with its 95% interval."""

    name: str
    kind: Literal["rate", "mean"]
    value: float
    low: float
    high: float
    #: Trials of a rate, values of a mean.
    n: int
    #: Which table it belongs to: ``win rates``, ``game``, or the section's title.
    group: str

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "name": self.name,
            "kind": self.kind,
            "value": self.value,
            "ci95": [self.low, self.high],
            "n": self.n,
        }


def _rate(name: str, data: Mapping[str, Any], group: str) -> Measure:
    low, high = data["ci95"]
    return Measure(name, "rate", data["rate"], low, high, data["trials"], group)


def _mean(name: str, data: Mapping[str, Any], group: str) -> Measure:
    low, high = data["ci95"]
    return Measure(name, "mean", data["mean"], low, high, data["n"], group)


def measures(summary: Mapping[str, Any]) -> list[Measure]:
    """Every rate and mean of a summary (from :func:`editor.sim.summary.summarize`)."""
    found = [_rate(f"seat:{s['seat']} win", s["wins"], "win rates") for s in summary["seats"]]
    found += [
        _rate(f"faction:{f['faction']} win", f["wins"], "win rates") for f in summary["factions"]
    ]
    found.append(_mean("rounds", summary["rounds"], "game"))
    found += [_rate(f"ending:{k}", v, "game") for k, v in summary["endings"].items()]
    for section in summary["sections"]:
        title = section["title"]
        for row in section["rows"]:
            for column, cell in row["cells"].items():
                name = f"{title}: {row['label']} ({column})"
                if "rate" in cell:
                    found.append(_rate(name, cell["rate"], title))
                elif "mean" in cell:
                    found.append(_mean(name, cell["mean"], title))
    return found


def _normal(name: str) -> str:
    return " ".join(name.lower().split())


def find(found: Sequence[Measure], name: str) -> Measure | None:
    """The measure called ``name`` (any case and spacing; ``faction:x`` is its win rate)."""
    wanted = _normal(name)
    for measure in found:
        normal = _normal(measure.name)
        if wanted in (normal, normal.removesuffix(" win")):
            return measure
    return None
