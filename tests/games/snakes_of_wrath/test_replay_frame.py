"""The replay frame of a Snakes of Wrath match: the growing table cell by cell, each tile's
art (paths, heads, owners' colours, injuries), the score; through the simulator's replay."""

from __future__ import annotations

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.engine import MatchSpec
from editor.games.snakes_of_wrath.art import INJURY_CROSS, NOBODYS_PATH
from editor.games.snakes_of_wrath.engine import Rules
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.engine.setup import Prepared
from editor.games.snakes_of_wrath.replay_frame import replay_frame
from editor.sim.replay import differences, replay_index
from editor.sim.runner import BatchPlan, run_batch
from tests.games.snakes_of_wrath.conftest import Build, t

GAME = "snakes-of-wrath"


def test_a_replayed_match_shows_the_table_growing_tile_by_tile(rules: Rules) -> None:
    game = registry.get(GAME)
    assert game is not None and game.play is not None
    engine, prepared = game.play.engine, Prepared(rules)
    plan = BatchPlan(games=1, players=2, bots=("heuristic", "random"), seed=4, digest=True)
    [result] = run_batch(engine, prepared, plan, jobs=1)
    played = replay_index(engine, prepared, plan, 0, frame=game.play.replay_frame)
    assert differences(played, result) == []
    frames = played.frames()
    assert all(f is not None for f in frames)
    sizes = [len(f.stacks) for f in frames if f is not None]
    assert sizes[0] == 1 and sizes == sorted(sizes) and sizes[-1] > 10  # the starter, then more
    for step, frame in zip(played.steps, frames, strict=True):
        assert frame is not None and set(frame.art) == set(frame.stacks)
        if step.choice is not None and any(e[0] == "place" for e in step.events):
            placed = next(e for e in step.events if e[0] == "place")
            assert placed[4] in frame.stacks
    last = frames[-1]
    assert last is not None and last.phase == "over" and last.status[0].startswith("points: red")


def test_a_cell_shows_its_path_head_owner_and_injury(build: Build) -> None:
    st = build(
        table={
            "-1,0": t("head", "E"),
            "0,0": t("starter", "W", "E"),
            "1,0": t("body", "W", "E", colour="blue", injured=True),
            "1,1": t("todd", colour="red"),
            "2,0": t("body-head", "W", "E", "S", head="S"),
        },
        racks={"red": [t("head")]},
    )
    frame = replay_frame(st)
    body, head, todd = frame.art["1,0"], frame.art["-1,0"], frame.art["1,1"]
    assert set(body.paths) == {"W", "E"} and body.path_colour == "blue"
    assert body.cross == INJURY_CROSS and frame.stacks["1,0"] == ("body", "injured")
    assert head.paths == ("E",) and head.ends == ("",) and head.path_colour == "blue"
    assert todd.text == "T" and not todd.paths
    # a body with a head: the body in blue's snake, the head by its own side S
    grown = frame.art["2,0"]
    assert set(grown.paths) == {"W", "E"} and grown.ends == ("S",)
    assert grown.path_colour == "blue" and grown.end_colour == NOBODYS_PATH  # a head alone
    assert frame.status[-1] == "to play: red"
    # healed: the cross goes, a + shows in the corner
    healing = build(
        table={
            "-1,0": t("head", "E"),
            "0,0": t("starter", "W", "E"),
            "1,0": t("body", "W", "E", colour="blue", healed=True),
        }
    )
    healed = replay_frame(healing)
    assert healed.art["1,0"].cross == "" and healed.art["1,0"].corner == "+"
    assert healed.stacks["1,0"] == ("body", "injured", "body")


def test_the_frame_hook_refuses_another_games_state() -> None:
    with pytest.raises(TypeError, match="not a Snakes of Wrath match"):
        replay_frame(object())


def test_an_unowned_path_is_drawn_in_the_nobody_colour(rules: Rules) -> None:
    game = registry.get(GAME)
    assert game is not None and game.play is not None
    st = game.play.engine.new_match(Prepared(rules), MatchSpec(players=2, seed=0))
    frame = replay_frame(st)
    assert frame.art["0,0"].path_colour == NOBODYS_PATH  # the starter, nobody's yet
    assert sc.tile(st, "0,0")["colour"] is None  # type: ignore[index]
