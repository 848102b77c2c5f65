"""Snails heatmaps: where snails die, where they drown, how long each space lasts.

Built from a batch's finished matches (``GameResult.to_json()`` records, whose ``metrics``
come from :mod:`editor.games.snails.metrics`) and the layout they were played on; the
editor draws them over the board (the registry's ``heatmaps`` hook). Plain data, no Qt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.layouts import Layout
from editor.core.registry import Heatmap
from editor.core.workspace import Workspace
from editor.games.snails.metrics import sunk_round


def heatmaps(records: Sequence[Mapping[str, Any]], ws: Workspace, layout: Layout) -> list[Heatmap]:
    """The Snails heatmaps of a batch on a layout; none when no match finished."""
    games = [r for r in records if r.get("error") is None]
    if not games:
        return []
    land = {label: len(stack) for label, stack in layout.spaces.items() if stack}
    return [
        _deaths(games, land, None),
        _deaths(games, land, "water"),
        _survival(games, land),
        _sunk(games, land),
    ]


def _deaths(
    games: Sequence[Mapping[str, Any]], land: Mapping[str, int], cause: str | None
) -> Heatmap:
    """Deaths per game on each space (of one cause, or of all); land spaces show their 0."""
    totals = dict.fromkeys(land, 0)
    for game in games:
        for label, causes in game["metrics"].get("deaths_at", {}).items():
            count = sum(causes.values()) if cause is None else causes.get(cause, 0)
            if count or label in totals:
                totals[label] = totals.get(label, 0) + count
    n = len(games)
    values = {label: total / n for label, total in totals.items()}
    if cause is None:
        key, title, unit = "deaths", "Where snails die", "deaths per game"
    else:
        key, title, unit = "drowned", "Where snails drown", "drownings per game"
    what = "of any cause" if cause is None else f"of {cause} damage"
    return Heatmap(
        id=key,
        title=title,
        unit=unit,
        values=values,
        low=0.0,
        high=max(values.values(), default=0.0),
        reading=f"snails that died {what} on the space, per game; hotter: more",
        games=n,
    )


def _survival(games: Sequence[Mapping[str, Any]], land: Mapping[str, int]) -> Heatmap:
    """Mean round a land space's last tile is destroyed; standing to the end counts the
    match's last round, so a space that never sank shows the mean game length (the scale's
    top: no space can exceed it)."""
    values: dict[str, float] = {}
    for label, height in land.items():
        lasted = []
        for game in games:
            sunk = sunk_round(game, label, height)
            lasted.append(sunk if sunk is not None else int(game["rounds"]))
        values[label] = sum(lasted) / len(lasted)
    mean_length = sum(int(g["rounds"]) for g in games) / len(games)
    return Heatmap(
        id="survival",
        title="How long each space lasts",
        unit="mean round sunk",
        values=values,
        low=min(values.values(), default=0.0),
        high=mean_length,
        reading=(
            "the mean round in which the space's last tile was destroyed; a space still"
            " standing at a game's end counts that game's last round, so a space that never"
            f" sank shows the mean game length ({mean_length:.1f}); hotter: sinks sooner"
        ),
        hot_high=False,
        games=len(games),
    )


def _sunk(games: Sequence[Mapping[str, Any]], land: Mapping[str, int]) -> Heatmap:
    """The share of matches in which a land space became water."""
    values = {
        label: sum(sunk_round(g, label, height) is not None for g in games) / len(games)
        for label, height in land.items()
    }
    return Heatmap(
        id="sunk",
        title="How often each space sinks",
        unit="share of games sunk",
        values=values,
        low=0.0,
        high=1.0,
        reading="the share of games in which the space's last tile was destroyed; hotter: more",
        games=len(games),
    )
