"""Every combination of a sweep's values, the texts of each and the seed it plays with.

A combination's seed is derived from the sweep's seed and the combination itself (each
number's place, as ``pack/file:data.path``, with the value's text, sorted), never from its
position in the sweep: adding a value, or another ``--vary``'s order, leaves the other
combinations' games as they were.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from editor.sim.plan import derive_seed
from editor.sim.sweep.paths import Location
from editor.sim.sweep.values import Value


class PlanError(ValueError):
    """Varies that cannot be combined (two of them name the same number)."""


@dataclass(frozen=True)
class Vary:
    """One ``--vary``: the number its path names and the values it takes."""

    location: Location
    values: tuple[Value, ...]

    @property
    def path(self) -> str:
        """The path as the user wrote it."""
        return self.location.path


def place(location: Location) -> str:
    """A number's place, the same on every machine and from any folder: ``pack/file:steps``."""
    owner = location.file.pack or "design"
    steps = ".".join(str(step) for step in location.steps)
    return f"{owner}/{location.file.stem}:{steps}"


@dataclass(frozen=True)
class Combination:
    """One value for each vary, in the order the varies were given."""

    settings: tuple[tuple[Vary, Value], ...]

    @property
    def label(self) -> str:
        """``path=value, path=value`` for people."""
        return ", ".join(f"{vary.path}={value.text}" for vary, value in self.settings)

    def values(self) -> dict[str, int | float]:
        """The value of each path."""
        return {vary.path: value.number for vary, value in self.settings}

    def seed(self, sweep_seed: int) -> int:
        """The batch seed this combination plays with."""
        parts = sorted(f"{place(vary.location)}={value.text}" for vary, value in self.settings)
        return derive_seed("sweep", sweep_seed, *parts)

    def texts(self, originals: Mapping[Path, str]) -> dict[Path, str]:
        """The changed files' texts (from ``originals``, each file's text by its path)."""
        by_file: dict[Path, list[tuple[Location, str]]] = {}
        for vary, value in self.settings:
            by_file.setdefault(vary.location.file.real, []).append((vary.location, value.text))
        texts: dict[Path, str] = {}
        for real, changes in by_file.items():
            text = originals[real]
            # from the end of the file back, so that earlier positions stay where they were
            for location, written in sorted(changes, key=lambda c: (c[0].line, c[0].column))[::-1]:
                text = location.written(text, written)
            texts[real] = text
        return texts


def check_varies(varies: Sequence[Vary]) -> None:
    """Refuse two varies of one number."""
    seen: dict[str, str] = {}
    for vary in varies:
        key = place(vary.location)
        if key in seen:
            raise PlanError(f"{seen[key]!r} and {vary.path!r} name the same number ({key})")
        seen[key] = vary.path


def combinations(varies: Sequence[Vary]) -> list[Combination]:
    """Every combination of the varies' values, the first vary's changing slowest."""
    check_varies(varies)
    options = [[(vary, value) for value in vary.values] for vary in varies]
    return [Combination(tuple(chosen)) for chosen in itertools.product(*options)]
