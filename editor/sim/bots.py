"""Bots that work for every game: they only need a decision's options."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from editor.core.engine import Decision


class RandomBot:
    """Picks uniformly among the legal options; lazy option sequences work too."""

    #: It never looks at the state, so the runner need not build a view for it.
    uses_view = False

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, decision: Decision, view: Any) -> Hashable:
        """One option, drawn uniformly by index (never materializes a lazy sequence)."""
        options = decision.options
        count = len(options)
        if count == 0:
            raise ValueError(f"decision {decision.kind!r} offers no options")
        return options[self.rng.randrange(count)]


def random_bot(seat: int, rng: random.Random) -> RandomBot:
    """A :class:`RandomBot` for a seat (a ``BotFactory``)."""
    return RandomBot(seat, rng)
