"""What a batch plays (:class:`BatchPlan`) and how each of its matches is derived from it.

Every match is fixed by the batch seed and its index alone: the match seed, the factions
drawn for it and each bot's random generator are derived from them, so a batch gives the
same results whatever plays it: this process, worker processes or a Dask cluster, with any
number of workers.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Literal

from editor.core.engine import MatchSpec

#: The decision budget of a match: one that has not ended after this many decisions is
#: stopped and reported as a failed game (an engine bug or content beyond what it can play).
MAX_STEPS = 100_000

#: How much memory a worker process may take beyond what it holds when it starts (bytes of
#: address space, ``RLIMIT_AS``, on Linux): a match past it fails with a MemoryError, which
#: is reported as that match's failure while the batch goes on.
MEMORY_LIMIT = 2 * 1024**3

FactionMode = Literal["fixed", "random", "rotate"]


@dataclass(frozen=True, slots=True)
class BatchPlan:
    """What a batch plays: how many matches, seats, factions, modules, bots and the seed."""

    games: int
    players: int
    #: One bot name per seat.
    bots: tuple[str, ...]
    seed: int = 0
    modules: frozenset[str] = frozenset()
    #: ``fixed``: ``factions`` is one id per seat. ``random``: each match draws distinct
    #: factions from ``factions`` (the pool). ``rotate``: match i seats pool[(i + seat) % n],
    #: so that every faction plays every seat equally often.
    faction_mode: FactionMode = "random"
    factions: tuple[str, ...] = ()
    #: The decision budget of each match: past ``max_steps`` decisions it stops and is one
    #: failed game (``GameResult.error`` names the budget), with its seed and its choices.
    max_steps: int = MAX_STEPS
    #: Bytes of memory each worker process may take for its matches beyond what it holds
    #: when it starts (``RLIMIT_AS`` on Linux; ignored where there is no ``resource`` module
    #: or the system does not enforce it, and never applied to a batch played in the
    #: caller's own process). A match that runs out is one failed game. None: no limit.
    memory_limit: int | None = MEMORY_LIMIT
    #: Hash each finished match's event log into ``GameResult.digest`` (for replays).
    digest: bool = False

    def __post_init__(self) -> None:
        if self.games < 0:
            raise ValueError("the number of games cannot be negative")
        if self.players < 1:
            raise ValueError("a match needs at least one player")
        if self.max_steps < 1:
            raise ValueError("the decision budget (max_steps) must be at least 1")
        if self.memory_limit is not None and self.memory_limit <= 0:
            raise ValueError("the memory limit must be positive (or None for no limit)")
        if len(self.bots) != self.players:
            raise ValueError(f"{len(self.bots)} bots for {self.players} seats")
        if self.faction_mode == "fixed" and self.factions and len(self.factions) != self.players:
            raise ValueError(f"{len(self.factions)} factions for {self.players} seats")
        if self.faction_mode == "random" and 0 < len(self.factions) < self.players:
            raise ValueError(
                f"{self.players} players need {self.players} different factions;"
                f" only {len(self.factions)} to draw from"
            )


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed from some parts; the same everywhere (no Python hash randomization)."""
    data = "\x1f".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def game_seed(batch_seed: int, index: int) -> int:
    """The seed of match ``index`` of a batch."""
    return derive_seed("game", batch_seed, index)


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random generator of the bot in ``seat`` of the match with this seed."""
    return random.Random(derive_seed("bot", seed, seat))


def factions_for(plan: BatchPlan, index: int, seed: int) -> tuple[str, ...]:
    """The factions of match ``index`` (one per seat; empty for a game without factions)."""
    pool = plan.factions
    if not pool:
        return ()
    if plan.faction_mode == "fixed":
        return pool
    if plan.faction_mode == "rotate":
        return tuple(pool[(index + seat) % len(pool)] for seat in range(plan.players))
    return tuple(random.Random(derive_seed("factions", seed)).sample(pool, plan.players))


def match_spec(plan: BatchPlan, index: int) -> MatchSpec:
    """The full spec of match ``index``."""
    seed = game_seed(plan.seed, index)
    return MatchSpec(
        players=plan.players,
        factions=factions_for(plan, index, seed),
        modules=plan.modules,
        seed=seed,
    )
