"""Snakes of Wrath warnings a playtester would raise about a batch.

Each is a :class:`~editor.core.registry.PlaytestCheck` (numbers and a named threshold); the
simulator warns only when the measure's 95% interval lies beyond the threshold, so a few
games never raise one by chance. They read the measures of
:mod:`editor.games.snakes_of_wrath.metrics` in the finished matches' records:

- the first player's advantage (or handicap), over the games with a winner;
- games that mostly end with the sack empty and nobody at the target;
- a shape whose tiles are hardly ever laid, or mostly left unplayable on the racks when the
  sack runs out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.layouts import Layout
from editor.core.registry import PlaytestCheck
from editor.games.snakes_of_wrath.metrics import BAG_EMPTY, tile_labels, tiles_of

#: The first seat has an advantage worth telling when, with 95% confidence, it wins more
#: than this share of the games that have a winner (or a handicap below one minus it).
FIRST_PLAYER = 0.6
#: "Mostly": more than this share of games end with the sack empty, with 95% confidence.
MOSTLY = 0.5
#: A shape is hardly ever laid when, with 95% confidence, fewer than this share of its
#: tiles are laid over the batch.
HARDLY_EVER = 0.1
#: A shape is mostly left unplayable when, with 95% confidence, more than this share of its
#: tiles are still on the racks when the sack runs out and nobody can play.
UNPLAYABLE = 0.5


def playtest(
    prepared: Any, layout: Layout, games: Sequence[Mapping[str, Any]], modules: frozenset[str]
) -> list[PlaytestCheck]:
    """The checks for a batch of finished matches (the registry's hook); the simulator warns
    about those whose interval clears their threshold."""
    target = int(prepared.rules.target)
    return [*first_player_checks(games), ending_check(games, target), *tile_checks(games)]


def first_player_checks(games: Sequence[Mapping[str, Any]]) -> list[PlaytestCheck]:
    """The first seat's share of the games with one winner, too high or too low."""
    decided = [g for g in games if len(g["winners"]) == 1]
    rate = (sum(g["winners"] == [0] for g in decided), len(decided))
    return [
        PlaytestCheck(
            "the first player wins {measure} of the games that have a winner",
            rate=rate,
            above=FIRST_PLAYER,
        ),
        PlaytestCheck(
            "the first player wins only {measure} of the games that have a winner",
            rate=rate,
            below=1 - FIRST_PLAYER,
        ),
    ]


def ending_check(games: Sequence[Mapping[str, Any]], target: int) -> PlaytestCheck:
    """The share of games that end with the sack empty rather than at the target."""
    empty = sum(g["reason"] == BAG_EMPTY for g in games)
    return PlaytestCheck(
        f"most games end with the sack empty and nobody at {target} points: {{measure}} of games",
        rate=(empty, len(games)),
        above=MOSTLY,
    )


def tile_checks(games: Sequence[Mapping[str, Any]]) -> list[PlaytestCheck]:
    """For each shape: its tiles hardly ever laid; most left unplayable at a bag-empty end."""
    ended_empty = [g for g in games if g["reason"] == BAG_EMPTY]
    out = []
    for label in tile_labels(games):
        counts = [tiles_of(g, label) for g in games]
        laid = (sum(n for n, _, _ in counts), sum(t for _, t, _ in counts))
        out.append(
            PlaytestCheck(
                f"tiles of {label} are hardly ever laid: {{measure}} of them",
                rate=laid,
                below=HARDLY_EVER,
            )
        )
        if ended_empty:
            stuck = [tiles_of(g, label) for g in ended_empty]
            left = (sum(s for _, _, s in stuck), sum(t for _, t, _ in stuck))
            out.append(
                PlaytestCheck(
                    f"tiles of {label} are mostly left unplayable when the sack runs out:"
                    " {measure} of them",
                    rate=left,
                    above=UNPLAYABLE,
                )
            )
    return out
