"""The changes from a pinned baseline to the batch played since, as lines a designer reads:
``Pirates: 43% → 31%, −12 ±5``, each saying whether its 95% interval excludes zero.

The figures are :func:`editor.sim.compare.compare`'s; this module names them (factions and
rows by their packs' names, seats by number) and orders them: win rates per seat and per
faction, game length and endings first, then the game's sections.
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.sim.compare import (
    ENDINGS,
    FACTIONS,
    LENGTH,
    SEATS,
    Difference,
    compare,
    difference_text,
    verdict,
)
from editor.studio.playtest_data import PlaytestBatch
from editor.studio.playtest_names import words

#: The groups every summary has: their changes are always listed.
SHARED = (SEATS, FACTIONS, LENGTH, ENDINGS)


@dataclass(frozen=True)
class ChangeLine:
    """One change, worded: its text, whether it is beyond chance, the group it belongs to
    and a tooltip with the interval."""

    text: str
    excludes_zero: bool
    group: str
    tooltip: str
    difference: Difference


def changes(baseline: PlaytestBatch, current: PlaytestBatch) -> list[ChangeLine]:
    """Every measure both batches have, from the baseline to the current batch, worded."""
    lines = []
    for d in compare(baseline.summary, current.summary):
        text = difference_text(d, _name(d, baseline, current))
        scale = 100 if d.kind == "rate" else 1
        digits = 1 if d.kind == "rate" else 2
        unit = " points" if d.kind == "rate" else ""
        tip = (
            f"95% interval of the change: {scale * d.low:+.{digits}f} to"
            f" {scale * d.high:+.{digits}f}{unit}; {verdict(d)}"
        )
        lines.append(ChangeLine(text, d.excludes_zero, d.group, tip, d))
    return lines


def _name(d: Difference, baseline: PlaytestBatch, current: PlaytestBatch) -> str:
    def named(identifier: str) -> str:
        found = current.name(identifier)
        return found if found != identifier else baseline.name(identifier)

    if d.group == SEATS:
        return f"Seat {d.key}"
    if d.group == FACTIONS:
        return named(d.key)
    if d.group == LENGTH:
        return "Game length (rounds)"
    if d.group == ENDINGS:
        reason = named(d.key)
        return f"Ended by {reason if reason != d.key else words(d.key)}"
    return f"{d.group}: {named(d.key)}, {d.column}"


def headline(lines: list[ChangeLine]) -> list[ChangeLine]:
    """What the view lists: every change of the shared groups, and a section's change only
    when it is beyond chance (a design has many cards; most do not move)."""
    return [line for line in lines if line.group in SHARED or line.excludes_zero]
