"""Snails bots: a uniform random player and a heuristic one that plays like a newcomer.

Bots see only ``state.view(seat)`` (:class:`~editor.games.snails.engine.view.SnailsView`):
the public board, their own hand and program, and the revealed part of other programs.
The heuristic bot (:mod:`.heuristic`) keeps out of the water, climbs, attacks what it can
reach (a dig only when the card also strikes a snail in reach) and goes into its shell when
enemies can reach it; it never looks ahead or counts cards. What it reads of a view is in
:mod:`.board`, how it programs its slots in :mod:`.program`.
"""

from __future__ import annotations

from editor.core.engine import BotFactory, RandomBot, random_bot
from editor.games.snails.bots.heuristic import HeuristicBot, heuristic_bot

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "heuristic_bot", "random_bot"]

#: The Snails bots by name; the engine's ``bots()`` returns this.
BOTS: dict[str, BotFactory] = {"random": random_bot, "heuristic": heuristic_bot}
