"""A Dask worker preload (``LocalCluster(preload=[this module])``): in the worker's own
process, Snails is played by the engine whose flaky matches end their process outright
(``tests.conftest.FlakyEngine``), as an engine that crashes would. Importing the module
registers nothing; Dask calls :func:`dask_setup` in each worker."""

from __future__ import annotations

from typing import Any

from editor.core import registry
from tests.conftest import FlakyEngine


def dask_setup(worker: Any) -> None:
    """Dask's preload hook: this worker's process plays the crashing Snails."""
    game = registry.get("snails")
    assert game is not None
    registry.register(game.with_play(engine=FlakyEngine(crash=True)))
