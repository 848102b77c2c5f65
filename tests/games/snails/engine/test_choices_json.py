"""Snails choices as JSON: every option of every decision met in random games comes back
exactly (same value, same types) through ``json.dumps``/``json.loads``; malformed data is
refused with a ValueError that says what is wrong."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

import pytest

from editor.core.engine import JSON, MatchSpec, RandomBot, choice_from_text, choice_text
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.games.snails.engine import ENGINE, Action, ProgramOptions
from editor.games.snails.engine.choices_json import choice_from_json, choice_to_json

LAYOUTS = ("crustacean", "robot")
MODULES = (
    frozenset(),
    frozenset({"specialists"}),
    frozenset({"wind"}),
    frozenset({"specialists", "wind"}),
)
GAMES = 12
#: Decision kinds these random games must meet (``heal`` and ``wind-target`` are rarer: their
#: options are snails, ints like ``place``'s spaces, and the cases below cover them).
MET = {"place", "program", "action", "keep", "ability", "search", "discard", "push", "step"}
MET |= {"again", "result"}
#: Options checked per decision: all of a short sequence, a sample of a long one.
SAMPLE = 40


def same(a: object, b: object) -> bool:
    """Equal and of the same types all the way down (Action is not a plain tuple, True not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        assert isinstance(b, tuple)
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def round_trips(choice: Hashable) -> bool:
    data = ENGINE.choice_to_json(choice)
    text = json.dumps(data)
    again = json.loads(text)
    return (
        again == data
        and json.dumps(again) == text
        and same(ENGINE.choice_from_json(again), choice)
        and same(ENGINE.choice_from_json(choice_from_text(choice_text(data))), choice)
    )


def sampled(options: Any, rng: random.Random) -> list[Hashable]:
    count = len(options)
    if count <= SAMPLE:
        return list(options)
    picks = {0, count - 1, *(rng.randrange(count) for _ in range(SAMPLE - 2))}
    return [options[i] for i in sorted(picks)]


@pytest.fixture(scope="module")
def prepared() -> dict[str, Any]:
    out = {}
    for name in LAYOUTS:
        ws, layout = open_layout(layouts_dir() / f"{name}.layout.yaml")
        assert layout is not None
        out[name] = ENGINE.prepare(ws, layout)
    return out


def test_every_option_met_in_random_games_comes_back_exactly(prepared: dict[str, Any]) -> None:
    kinds: Counter[str] = Counter()
    for layout in LAYOUTS:
        for modules in MODULES:
            play(prepared[layout], layout, modules, kinds)
    assert set(kinds) >= MET, kinds


def play(ready: Any, layout: str, modules: frozenset[str], kinds: Counter[str]) -> None:
    """Random games on a layout with modules, every decision's options checked."""
    factions = ENGINE.factions(ready)
    for game in range(GAMES):
        rng = random.Random(f"{layout}-{sorted(modules)}-{game}")
        players = 2 + game % 3
        spec = MatchSpec(players, tuple(rng.sample(factions, players)), modules, seed=game)
        state = ENGINE.new_match(ready, spec)
        bots = [RandomBot(seat, random.Random(rng.random())) for seat in range(players)]
        decision = state.decision()
        while decision is not None:
            kinds[decision.kind] += 1
            bad = [o for o in sampled(decision.options, rng) if not round_trips(o)]
            assert bad == [], f"{decision.kind}: {bad[:3]}"
            choice = bots[decision.player].choose(decision, None)
            # the choice taken, decoded from its JSON, is the one the state takes
            state.apply(ENGINE.choice_from_json(json.loads(json.dumps(choice_to_json(choice)))))
            decision = state.decision()
        assert state.outcome() is not None


@pytest.mark.parametrize(
    "choice",
    [
        None,
        True,
        False,
        0,
        17,
        (),
        (3,),
        (4, 9, 12),
        ((3, 0),),
        ((3, 0), (7, 1), (2, 0)),
        Action(),
        Action("pass"),
        Action(5),
        Action((12, 13, 14)),
        Action((), (), ()),
        Action((4, 8)),  # swapped cards
        Action(7, (3, 4), ("ignore-los",)),
        Action(None, (2,), ()),
        Action(None, (), ("shell-stay", "ignore-los")),
    ],
    ids=repr,
)
def test_each_kind_of_choice_comes_back_exactly(choice: Hashable) -> None:
    assert round_trips(choice)


def test_the_json_is_compact_and_plain() -> None:
    assert choice_to_json(Action("pass")) == {"main": "pass"}
    assert choice_to_json(Action(3, (4,), ("x",))) == {"main": 3, "adjacent": [4], "use": ["x"]}
    assert choice_to_json(((3, 0), (7, 1))) == [[3, 0], [7, 1]]
    assert choice_text(choice_to_json(((3, 0), (7, 1)))) == "[[3,0],[7,1]]"
    assert choice_to_json(True) is True and choice_from_json(1) == 1
    assert type(choice_from_json(1)) is int and type(choice_from_json(True)) is bool


def test_a_program_of_a_lazy_sequence_comes_back_in_it() -> None:
    options = ProgramOptions((10, 11, 12, 13), (0, 1, 2), 2, 3)
    for index in (0, 1, len(options) // 2, len(options) - 1):
        program = options[index]
        back = choice_from_json(json.loads(json.dumps(choice_to_json(program))))
        assert back in options and options.index(back) == index


@pytest.mark.parametrize(
    "data",
    [
        1.5,
        2.0,
        "pass",
        [1, "x"],
        [1, [2, 3]],
        [[1, 2, 3]],
        [[1, True]],
        [True, 2],
        [None],
        {},
        {"adjacent": [1]},
        {"main": 1, "extra": 2},
        {"main": 1.5},
        {"main": {"main": 1}},
        {"main": [1, "x"]},
        {"main": None, "adjacent": 3},
        {"main": None, "adjacent": [True]},
        {"main": None, "use": [1]},
        {"main": None, "use": "ignore-los"},
    ],
    ids=repr,
)
def test_malformed_data_is_refused_with_a_value_error(data: JSON) -> None:
    with pytest.raises(ValueError, match=r"."):
        ENGINE.choice_from_json(data)


@pytest.mark.parametrize(
    "choice",
    [
        "no such choice",
        1.5,
        (1, "x"),
        ((1, 2, 3),),
        frozenset({1}),
        Action(1.5),
        Action(None, (1.0,)),
    ],
    ids=repr,
)
def test_what_no_decision_offers_is_refused_by_the_encoder(choice: Hashable) -> None:
    with pytest.raises(ValueError, match="Snails"):
        ENGINE.choice_to_json(choice)


def test_bad_text_is_refused() -> None:
    with pytest.raises(ValueError, match="not the text of a choice"):
        choice_from_text("[1,")
