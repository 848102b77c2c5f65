"""The heuristic bot: it beats the random bot, and in crafted positions it closes, steals,
heals, injures the rival's longest open snake and caps its own snake with its heads."""

from __future__ import annotations

import random

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.engine import Decision
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.games.snakes_of_wrath.bots import BOTS, HeuristicBot
from editor.games.snakes_of_wrath.engine import Place, State, Swap
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.sim.runner import BatchPlan, run_batch
from tests.games.snakes_of_wrath.conftest import Build, t

GAMES = 30


def _wins(bots: tuple[str, str]) -> list[int]:
    ws = load_workspace([layouts_dir() / "snakes-of-wrath.layout.yaml"])
    layout = ws.layout_at(sorted(ws.targets)[0])
    assert layout is not None
    game = registry.get(layout.game)
    assert game is not None and game.play is not None
    engine = game.play.engine
    plan = BatchPlan(games=GAMES, players=2, bots=bots, seed=12)
    results = run_batch(engine, engine.prepare(ws, layout), plan, jobs=1)
    assert all(r.ok for r in results), [r.error for r in results if not r.ok]
    wins = [0, 0]
    for result in results:
        for seat in result.winners:
            wins[seat] += 1
    return wins


def test_the_heuristic_bot_beats_the_random_bot_from_either_seat() -> None:
    first = _wins(("heuristic", "random"))
    second = _wins(("random", "heuristic"))
    # it wins nearly every game whichever seat it plays (random play closes few snakes)
    assert first[0] >= GAMES * 0.8 and first[1] <= GAMES * 0.2, first
    assert second[1] >= GAMES * 0.8 and second[0] <= GAMES * 0.2, second


def _choose(st: State, seed: int = 0) -> object:
    decision = st.decision()
    assert isinstance(decision, Decision)
    bot = BOTS["heuristic"](decision.player, random.Random(seed))
    assert isinstance(bot, HeuristicBot)
    choice = bot.choose(decision, st.view(decision.player))
    assert choice in decision.options
    return choice


def _play(st: State) -> list[tuple[object, ...]]:
    """Let the bot take red's turn; the events it made."""
    before = len(st.events)
    st.apply(_choose(st))  # type: ignore[arg-type]
    return list(st.events[before:])


#: Red's snake: a head at -1,0, the starter and a body at 1,0; its open end is 1,0 E.
RED_SNAKE = {
    "-1,0": t("head", "E"),
    "0,0": t("starter", "W", "E"),
    "1,0": t("body", "W", "E", colour="red"),
}


def test_it_closes_its_snake_when_it_can(build: Build) -> None:
    rack = [t("body", "W", "E"), t("body", "N", "E"), t("head"), t("injured", "W", "E")]
    st = build(table=RED_SNAKE, racks={"red": rack})
    events = _play(st)
    assert ("close", 0, 2, 2) in events and sc.scores(st)["red"] == 2
    assert sc.snake(st, "1,0")["closed"] is True  # type: ignore[index]


def test_it_steals_when_it_can(build: Build) -> None:
    """Blue's open snake runs down from 2,1; a corner at 2,0 joins it to red's snake."""
    table = {
        **RED_SNAKE,
        "2,1": t("body", "N", "S", colour="blue"),
        "2,2": t("body", "N", "S", colour="blue"),
    }
    rack = [t("body", "W", "S"), t("body", "W", "E"), t("head")]
    st = build(table=table, racks={"red": rack})
    events = _play(st)
    assert ("steal", 0, 1, 2) in events
    assert sc.snake(st, "2,2")["owner"] == "red"  # type: ignore[index]


def test_it_heals_its_injured_snake(build: Build) -> None:
    table = {**RED_SNAKE, "1,0": t("body", "W", "E", colour="red", injured=True)}
    rack = [t("body", "N", "E"), t("body", "W", "E"), t("head")]
    st = build(table=table, racks={"red": rack})
    events = _play(st)
    assert events[0][:3] == ("place", 0, "body") and events[0][4:] == ("1,0", 0, "heal")
    assert sc.snake(st, "1,0")["injured"] is False  # type: ignore[index]


def test_it_injures_the_rivals_longest_open_snake(build: Build) -> None:
    """Blue has a snake of two bodies on row 0 and one of four on row 1."""
    table = {
        "-1,0": t("head", "E"),
        "0,0": t("starter", "W", "E"),
        "1,0": t("body", "W", "E", colour="blue"),
        "-2,1": t("head", "E"),
        **{f"{x},1": t("body", "W", "E", colour="blue") for x in range(-1, 3)},
    }
    st = build(table=table, racks={"red": [t("injured", "W", "E"), t("injured", "N", "E")]})
    assert sc.snake(st, "1,0")["bodies"] == 2 and sc.snake(st, "0,1")["bodies"] == 4  # type: ignore[index]
    events = _play(st)
    assert events[0][6] == "injure"
    assert events[0][4].endswith(",1"), events[0]  # on the longer snake, row 1
    assert sc.snake(st, "0,1")["injured"] is True  # type: ignore[index]
    assert sc.snake(st, "0,0")["injured"] is False  # type: ignore[index]


def test_it_keeps_its_heads_for_its_snakes_ends(build: Build) -> None:
    """Red's snake is open at both ends; with two heads it caps an end, never lays one
    alone, and with the other it closes the snake."""
    table = {
        "-1,0": t("body", "W", "E", colour="red"),
        "0,0": t("starter", "W", "E"),
        "1,0": t("body", "W", "E", colour="red"),
    }
    st = build(table=table, racks={"red": [t("head"), t("head")], "blue": [t("todd")]})
    events = _play(st)
    assert events[0][6] == "cap" and events[0][4] in ("-2,0", "2,0")
    sc.act(st, "blue", sc.place(st, "blue", t("todd"), "0,-1"))
    events = _play(st)
    assert events[0][6] == "cap" and ("close", 0, 3, 3) in events


def test_with_nothing_worth_laying_it_swaps_the_tiles_it_can_use_least(build: Build) -> None:
    """The starter alone and a rack of bodies: each would only lie rogue, so it swaps."""
    rack = [t("body", "W", "E")] * 4 + [t("body", "N", "E")] * 4
    st = build(racks={"red": rack}, bag=10)
    choice = _choose(st)
    assert isinstance(choice, Swap) and len(choice.tiles) == 4
    # with the sack too small to swap from, it lays a tile after all rather than pass
    st = build(racks={"red": rack}, bag=2)
    assert isinstance(_choose(st), Place)
