"""Snakes of Wrath registered like any game: its type, file kinds and bots, and the shared
simulator playing its scenario."""

from __future__ import annotations

import json

import pytest

from editor.cli import main
from editor.core import registry
from editor.core.resources import layouts_dir


def test_the_game_declares_what_it_is() -> None:
    game = registry.get("snakes-of-wrath")
    assert game is not None and game.play is not None
    assert (game.name, game.grid) == ("Snakes of Wrath", "square")
    kind = game.play.type
    assert (kind.min_players, kind.max_players, kind.dynamics) == (2, 2, "sequential")
    assert kind.sides == "colours" and kind.chance and "racks" in kind.hidden
    assert set(game.content.file_kinds) == {"tileset", "ruleset"}
    assert list(game.play.engine.bots()) == ["random", "heuristic"]
    assert game.play.engine.factions(None) == () and game.play.engine.modules(None) == ()


def test_seastack_simulate_plays_the_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    layout = str(layouts_dir() / "snakes-of-wrath.layout.yaml")
    code = main(["simulate", layout, "--games", "6", "--jobs", "1", "--json", "--seed", "3"])
    out, err = capsys.readouterr()
    assert code == 0, err
    summary = json.loads(out)
    assert (summary["game"], summary["games"], summary["finished"]) == ("snakes-of-wrath", 6, 6)
    assert summary["errors"] == [] and set(summary["endings"]) <= {"target", "bag-empty", "idle"}
