"""Snails whose one chosen match naps the first time it is played, so that a test knows
which worker process to kill mid-batch (``LocalCluster(preload=[this module])``: Dask calls
:func:`dask_setup` in each worker; importing the module registers nothing).

The test writes the match's seed to ``$SEASTACK_NAP/seed``; the worker that starts that
match writes its process id to ``$SEASTACK_NAP/napping`` and sleeps. Played again (by
another worker, once the first is killed), the match runs as any other: the engine's
results are those of Snails.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

from editor.core import registry
from editor.core.engine import MatchSpec
from editor.games.snails.engine import SnailsEngine

#: The variable naming the folder of the seed and of the napper's process id.
FOLDER = "SEASTACK_NAP"
#: Long enough for any test to kill the napper; a bound if none does.
NAP = 60.0


class NappingEngine(SnailsEngine):
    """Snails, with one match that sleeps in the first process that starts it."""

    def new_match(self, prepared: Any, spec: MatchSpec) -> Any:
        folder = os.environ.get(FOLDER)
        if folder:
            seed = Path(folder) / "seed"
            napping = Path(folder) / "napping"
            if seed.is_file() and seed.read_text() == str(spec.seed) and not napping.exists():
                napping.write_text(str(os.getpid()))
                time.sleep(NAP)
        return super().new_match(prepared, spec)


def dask_setup(worker: Any) -> None:
    """Dask's preload hook: this worker's process plays Snails with the napping engine."""
    game = registry.get("snails")
    assert game is not None
    registry.register(game.with_play(engine=NappingEngine()))


class Killer:
    """Kills the process that naps on the match with ``seed``, from a thread of its own
    (results may stop coming while the match naps)."""

    def __init__(self, folder: Path, seed: int) -> None:
        self.folder = folder
        (folder / "napping").unlink(missing_ok=True)  # a nap of an earlier batch
        (folder / "seed").write_text(str(seed))
        self.victim = 0
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        napping = self.folder / "napping"
        deadline = time.monotonic() + NAP
        while time.monotonic() < deadline:
            if napping.is_file() and napping.read_text():
                self.victim = int(napping.read_text())
                os.kill(self.victim, signal.SIGKILL)
                return
            time.sleep(0.02)

    def join(self) -> int:
        """Wait for the kill; the victim's process id (0: none napped)."""
        self.thread.join(NAP)
        return self.victim
