"""The Replay tab on an open table whose tiles carry paths: the table grows step by step,
and each tile is drawn from the art its game's frame gives (paths, heads, owners)."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.sim.runner import BatchPlan, run_batch
from editor.ui.replay.replay_panel import ReplayPanel

#: A bundled game played on an open square table (its layout names only the table).
TABLE_LAYOUT = "snakes-of-wrath.layout.yaml"


@pytest.fixture(scope="module")
def batch() -> dict[str, Any]:
    ws = load_workspace([layouts_dir() / TABLE_LAYOUT])
    layout = ws.layout_at(sorted(ws.targets)[0])
    assert layout is not None
    game = registry.get(layout.game)
    assert game is not None and game.engine is not None
    prepared = game.engine.prepare(ws, layout)
    plan = BatchPlan(games=2, players=2, bots=("heuristic", "heuristic"), seed=8, digest=True)
    results = run_batch(game.engine, prepared, plan)
    return {
        "ws": ws,
        "layout": layout,
        "engine": game.engine,
        "prepared": prepared,
        "plan": plan,
        "results": results,
    }


def test_the_table_grows_and_its_tiles_are_drawn_with_their_paths(
    qtbot: QtBot, batch: dict[str, Any]
) -> None:
    panel = ReplayPanel()
    qtbot.addWidget(panel)
    panel.resize(1100, 700)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_batch(
        batch["results"],
        batch["plan"],
        batch["engine"],
        batch["prepared"],
        batch["layout"],
        batch["ws"],
    )
    panel.replay_row(0)
    played = panel.replay
    assert played is not None
    scene = panel.board.board_scene
    panel.set_step(0)
    first = set(scene.space_items)
    start = [label for label, item in scene.space_items.items() if item.art is not None]
    assert start == ["0,0"]  # the starter alone, with the empty cells round it
    panel.set_step(len(played.steps) - 1)
    last = set(scene.space_items)
    assert len(last) > len(first) and first <= last  # it grew
    frame = panel.frame()
    assert frame is not None
    for label, art in frame.art.items():
        item = scene.item_for(label)
        assert item.art == art and item.stack == list(frame.stacks[label])
    owned = [a for a in frame.art.values() if a.path_colour in ("red", "blue")]
    assert owned, "no tile drawn in an owner's colour"
    image = panel.board.grab().toImage()
    assert not image.isNull()
