"""The Replay tab names seats as a designer knows them: a Snit Smashing seat by its clan, a
Snails seat by its faction, a seat with neither as ``Player 1``; never ``p1``."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from editor.core import registry
from editor.core.engine import MatchSpec
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.sim.runner import BatchPlan, run_batch
from editor.ui.replay.replay_panel import FACTIONS_COLUMN, ReplayPanel, default_context
from editor.ui.replay.seat_names import match_seat_names, seat_names


def batch_of(layout_file: str, seed: int) -> dict[str, Any]:
    """Two games of a bundled layout between its heuristic bots."""
    ws = load_workspace([layouts_dir() / layout_file])
    layout = ws.layout_at(sorted(ws.targets)[0])
    assert layout is not None
    game = registry.get(layout.game)
    assert game is not None and game.engine is not None
    engine = game.engine
    prepared = engine.prepare(ws, layout)
    plan = BatchPlan(
        games=2,
        players=2,
        bots=("heuristic", "heuristic"),
        seed=seed,
        factions=tuple(engine.factions(prepared)),
        digest=True,
    )
    results = run_batch(engine, prepared, plan)
    assert all(r.ok for r in results)
    return {
        "ws": ws,
        "layout": layout,
        "engine": engine,
        "prepared": prepared,
        "plan": plan,
        "results": results,
    }


@pytest.fixture(scope="module")
def beach() -> dict[str, Any]:
    return batch_of("snit-beach.layout.yaml", 4)


@pytest.fixture(scope="module")
def table() -> dict[str, Any]:
    return batch_of("snakes-of-wrath.layout.yaml", 8)


def panel_on(qtbot: QtBot, batch: dict[str, Any]) -> ReplayPanel:
    panel = ReplayPanel()
    qtbot.addWidget(panel)
    panel.resize(1200, 700)
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
    return panel


def clan_names(batch: dict[str, Any]) -> list[str]:
    """The clans' names in the packs' order (seats take them in order)."""
    names: list[str] = []
    for pack in batch["ws"].packs_in_use(batch["layout"]):
        for kind, document in pack.documents:
            if kind == "clans":
                names += [clan["name"] for clan in document.data["clans"]]
    return names


def test_snit_seats_are_named_by_their_clans(qtbot: QtBot, beach: dict[str, Any]) -> None:
    panel = panel_on(qtbot, beach)
    clans = clan_names(beach)[:2]
    assert clans == ["Red", "Blue"]
    # seats play clans, not factions: no empty factions column
    assert panel.games.isColumnHidden(FACTIONS_COLUMN)
    # the games list: each winner by its clan
    for row, result in enumerate(sorted(beach["results"], key=lambda r: r.index)):
        winners = panel.games.item(row, 3).text()
        assert winners == (", ".join(clans[s] for s in result.winners) or "nobody")
    panel.replay_row(0)
    played = panel.replay
    assert played is not None
    assert panel.seat_names == ("Red", "Blue")
    outcome = played.outcome
    assert outcome is not None
    won = ", ".join(clans[s] for s in outcome.winners) or "nobody"
    assert f" · {won} won in round " in panel.title.text()
    # the log's headers name the seat that chose
    step = next(s for s in played.steps if s.seat is not None)
    assert step.seat is not None
    assert panel.log.texts_of(step.number)[0].startswith(
        f"step {step.number} · {clans[step.seat]} · "
    )
    assert " · p1 · " not in panel.log.texts_of(step.number)[0]
    # the pieces' tooltips too, at the first step with a Snit on the beach
    number, piece = next(
        (s.number, p)
        for s in played.steps
        if s.frame is not None
        for p in s.frame.pieces
        if p.alive and p.label is not None
    )
    panel.set_step(number)
    tip = panel.board.board_scene.item_for(piece.label).toolTip()
    assert f"{piece.name} ({clans[piece.seat]}): " in tip


def test_seats_with_no_faction_or_clan_are_players(qtbot: QtBot, table: dict[str, Any]) -> None:
    panel = panel_on(qtbot, table)
    panel.replay_row(0)
    played = panel.replay
    assert played is not None
    assert panel.seat_names == ("Player 1", "Player 2")
    step = next(s for s in played.steps if s.seat is not None)
    assert step.seat is not None
    header = panel.log.texts_of(step.number)[0]
    assert header.startswith(f"step {step.number} · Player {step.seat + 1} · ")
    for row in range(panel.games.rowCount()):
        winners = panel.games.item(row, 3).text()
        assert winners == "nobody" or winners.startswith("Player ")


def test_a_seed_entered_names_the_seats_too(qtbot: QtBot, beach: dict[str, Any]) -> None:
    panel = ReplayPanel()
    qtbot.addWidget(panel)
    panel.set_fallback(lambda: default_context(beach["ws"], beach["layout"]))
    assert panel.replay_seed(11) is not None
    assert panel.seat_names == ("Red", "Blue")


def test_one_faction_twice_gets_the_seats_numbers() -> None:
    names = {"pirates": "Pirates", "druids": "Druids"}
    assert seat_names(2, ("pirates", "druids"), names) == ("Pirates", "Druids")
    assert seat_names(2, ("pirates", "pirates"), names) == (
        "Pirates (Player 1)",
        "Pirates (Player 2)",
    )
    # an id no pack names stays as it is; a seat beyond the factions is a player
    assert seat_names(3, ("robots",), names) == ("robots", "Player 2", "Player 3")
    # the game's own names come first; a blank one leaves the seat to its faction
    assert seat_names(2, ("pirates", "druids"), names, ("Red", " ")) == ("Red", "Druids")


def test_a_failing_seat_hook_leaves_the_seats_their_numbers(beach: dict[str, Any]) -> None:
    def broken(_state: object, _seat: int) -> str:
        raise RuntimeError("a bug in the game's words")

    spec = MatchSpec(players=2, seed=3)
    engine, prepared = beach["engine"], beach["prepared"]
    assert match_seat_names(engine, prepared, spec, broken) == ("Player 1", "Player 2")
    play = registry.playable("snit-smashing")
    assert play is not None and play.seat_name is not None
    assert match_seat_names(engine, prepared, spec, play.seat_name) == ("Red", "Blue")
