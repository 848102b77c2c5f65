"""Refusals in words: every illegal choice names the rule it breaks.

A refusal reads ``<what was tried>: <the rule> [<code>]``; the code in brackets is stable,
so rules examples may match it with ``expect_error``.
"""

from __future__ import annotations

from editor.core.engine import IllegalChoice
from editor.games.snakes_of_wrath.engine.sides import INDICES, OPPOSITE_BIT, SIDES, STEP, label_of
from editor.games.snakes_of_wrath.engine.table import Table

#: Each refusal code and the rule it stands for, in our words.
REASONS: dict[str, str] = {
    "game-over": "the game is over; nothing more can be played",
    "not-a-choice": "a turn is a placement, a swap or a pass",
    "not-in-rack": "a player plays only tiles from their own rack",
    "bad-turn": "a tile is turned 0, 1, 2 or 3 quarter turns clockwise",
    "off-table": "cells lie within 2047 steps of 0,0",
    "not-adjacent": "a tile goes next to a tile already on the table, sharing a side with it",
    "blocked-end": "no path may end against a blank side, and no tile may block an open end",
    "occupied": "that cell holds a tile already: only an injury or a healing goes on top",
    "injury-on-top": "an injured body is only ever played on top of a body on the table",
    "opponent-snake": (
        "you can't add to your opponent's snake: a body may join it only to steal it, by"
        " also joining one of your snakes or an open head already on the table"
    ),
    "head-on-opponent": "a head never goes on an opponent's snake (a head alone never steals)",
    "injured-snake": "an injured snake can't be built on or closed by its owner until healed",
    "too-short": "a snake can't be closed with fewer bodies than the ruleset's min_bodies",
    "injure-body": "an injured body goes on top of a body, not on a head or a Todd",
    "same-shape": "a tile laid on another must have the exact same shape, lying the same way",
    "armored": "an armored body can never be injured",
    "once": "a tile is injured at most once and healed at most once",
    "injure-own": "you injure your opponent's snakes, not your own",
    "injure-stray": "a stray body belongs to nobody: only an opponent's snake can be injured",
    "closed-snake": "a closed snake can never be injured",
    "heal-own": "you heal your own snakes only",
    "swap-count": "a swap puts back exactly the ruleset's swap count of tiles from your rack",
    "swap-bag": "a swap draws new tiles first, so the sack must hold as many as are swapped",
}


def refuse(what: str, code: str, detail: str = "") -> IllegalChoice:
    """The :class:`IllegalChoice` for a refusal: what was tried, the rule, its code."""
    rule = REASONS[code]
    text = f"{what}: {rule}"
    if detail:
        text += f" ({detail})"
    return IllegalChoice(f"{text} [{code}]")


def blocked(tb: Table, key: int, paths: int) -> str:
    """Which side of a tile with ``paths`` at ``key`` meets its neighbour wrongly."""
    for i in range(4):
        n = key + STEP[i]
        if n not in tb.kind:
            continue
        theirs = (tb.body[n] | tb.head[n]) & OPPOSITE_BIT[i]
        if paths >> i & 1 and not theirs:
            return f"its path would leave by {SIDES[i]} against the blank side of {label_of(n)}"
        if theirs and not paths >> i & 1:
            side = SIDES[INDICES[OPPOSITE_BIT[i]][0]]
            return f"it would block the open end of {label_of(n)} leaving by {side}"
    return ""
