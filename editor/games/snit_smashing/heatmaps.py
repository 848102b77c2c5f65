"""Snit Smashing heatmaps: where Snits are smashed, and where they reach safety (under the
Snandergrab, or in the sea).

Built from a batch's finished matches (``GameResult.to_json()`` records, whose ``metrics``
come from :mod:`editor.games.snit_smashing.metrics`, hexes as the engine numbers them) and
the layout they were played on; the editor draws them over the board (the registry's
``heatmaps`` hook). Plain data, no Qt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.layouts import Layout
from editor.core.registry import Heatmap
from editor.core.workspace import Workspace
from editor.games.snit_smashing.shapes import sea_of

#: Each heatmap: its id, the measure it reads, title, unit, and what a number means.
MAPS = (
    (
        "smashed",
        "smashed_at",
        "Where Snits are smashed",
        "Snits smashed per game",
        "Snits smashed on the hex, rival and own, per game; hotter: more",
    ),
    (
        "safe-snandergrab",
        "safe_at_snandergrab",
        "Where Snits reach the Snandergrab",
        "Snits safe per game",
        "Snits that reached safety under the Snandergrab on the hex, per game; hotter: more",
    ),
    (
        "safe-sea",
        "safe_in_sea",
        "Where Snits reach the sea",
        "Snits safe per game",
        "Snits that reached safety in the sea on the hex, per game; hotter: more",
    ),
)


def hex_labels(ws: Workspace, layout: Layout) -> tuple[str, ...]:
    """The labels of the layout's board hexes as the engine numbers them (its canonical
    order), or none when the board is missing or not a hex board."""
    board = ws.boards.get(layout.board)
    if board is None or board.grid != "hex":
        return ()
    return tuple(board.labels)


def heatmaps(records: Sequence[Mapping[str, Any]], ws: Workspace, layout: Layout) -> list[Heatmap]:
    """The Snit Smashing heatmaps of a batch on a layout; none when no match finished."""
    games = [r for r in records if r.get("error") is None]
    labels = hex_labels(ws, layout)
    if not games or not labels:
        return []
    sea = sea_of(layout.spaces) & set(labels)
    sand = [label for label in labels if label not in sea]
    shown = {"smashed": labels, "safe-snandergrab": sand, "safe-sea": sorted(sea)}
    out = []
    for key, measure, title, unit, reading in MAPS:
        values = _per_game(games, measure, labels, shown[key])
        out.append(
            Heatmap(
                id=key,
                title=title,
                unit=unit,
                values=values,
                low=0.0,
                high=max(values.values(), default=0.0),
                reading=reading,
                games=len(games),
            )
        )
    return out


def _per_game(
    games: Sequence[Mapping[str, Any]],
    measure: str,
    labels: Sequence[str],
    shown: Sequence[str],
) -> dict[str, float]:
    """A per-hex count averaged over the games: every hex ``shown`` (0 where none), and any
    other hex where something happened."""
    totals = dict.fromkeys(shown, 0)
    for game in games:
        for key, count in game["metrics"].get(measure, {}).items():
            index = int(key)
            if 0 <= index < len(labels):
                totals[labels[index]] = totals.get(labels[index], 0) + int(count)
    return {label: total / len(games) for label, total in totals.items()}
