"""Snakes of Wrath rules examples: checked (:mod:`examples_check`), run (:mod:`examples_run`)
and compared (:mod:`examples_compare`); the game registers ``check_examples`` and
``run_example``.
"""

from __future__ import annotations

from editor.games.snakes_of_wrath.examples_check import Setup, check_example, check_examples
from editor.games.snakes_of_wrath.examples_run import run_example

__all__ = ["Setup", "check_example", "check_examples", "run_example"]
