"""Situations on the bundled beach, built through the scenario API."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from editor.core.workspace import Workspace
from editor.games.snit_smashing.engine import Prepared
from editor.games.snit_smashing.engine.scenario import Scenario, SnitSpec, beach

#: Both players write a garbled order: nothing happens at the reveal.
QUIET = {"red": "garbled", "blue": "garbled"}

Situation = Callable[..., Scenario]


@pytest.fixture(scope="session")
def beach_map(bundled: Workspace) -> Prepared:
    """The bundled beach, compiled through the scenario API."""
    return beach(bundled)


@pytest.fixture
def situation(beach_map: Prepared) -> Situation:
    """A red and blue situation: ``situation(R1=("red", 5, "B5"), B1=("blue", 4, "F5"), run=1)``;
    a Snit is (clan, speed, hex) on the map or (clan, speed, state) off it."""

    def build(**given: Any) -> Scenario:
        snits = []
        options = {}
        for key, value in given.items():
            if isinstance(value, tuple):
                clan, speed, where = value
                if where in ("safe", "under", "dead"):
                    snits.append(SnitSpec(key, clan, speed, state=where))
                elif isinstance(where, tuple):  # (state, hex): on top
                    snits.append(SnitSpec(key, clan, speed, state=where[0], at=where[1]))
                else:
                    snits.append(SnitSpec(key, clan, speed, at=where))
            else:
                options[key] = value
        options.setdefault("players", ["red", "blue"])
        return Scenario.build(beach_map, snits=snits, **options)

    return build
