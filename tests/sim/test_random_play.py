"""Random play over every registered engine, checking the engine protocol at every step.

In the spirit of OpenSpiel's random-simulation tests: whatever the game, a match started
from a seed asks for decisions with legal options, takes any of them, refuses a choice
that is not among them without changing anything, ends with an outcome, and replays
identically from its seed and its choices.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from typing import Any

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.engine import Engine, GameState, IllegalChoice, MatchSpec
from editor.core.workspace import load_workspace
from editor.sim.runner import derive_seed
from tests.conftest import SQUARE_DATA
from tests.sim.test_runner import RaceEngine
from tests.square_game import GAME as SQUARE

MATCHES = 4


class _NotAnOption:
    """A choice no engine can offer."""

    def __hash__(self) -> int:
        return 1

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _NotAnOption)


Case = tuple[str, Engine, Any, range]


def _layout_cases(ws: Any, games: list[registry.Game]) -> list[Case]:
    cases: list[Case] = []
    for game in games:
        assert game.play is not None
        seats = range(game.play.type.min_players, game.play.type.max_players + 1)
        for layout in sorted(ws.layouts.values(), key=lambda lay: lay.id):
            if layout.game == game.id:
                cases.append((f"{game.id}:{layout.id}", game.play.engine, (ws, layout), seats))
    return cases


def _cases() -> list[Case]:
    """Every registered engine on its bundled layouts, the toy race, and the square test
    game of the fixtures on its own layouts (registered only while they are loaded)."""
    cases: list[Case] = [("toy-race", RaceEngine(), {}, range(2, 5))]
    cases += _layout_cases(load_workspace(), [g for g in registry.games() if g.play])
    registry._GAMES[SQUARE.id] = SQUARE
    try:
        cases += _layout_cases(load_workspace([SQUARE_DATA]), [SQUARE])
    finally:
        del registry._GAMES[SQUARE.id]
    return cases


CASES = _cases()


def _spec(engine: Engine, prepared: Any, seed: int, players: int) -> MatchSpec:
    factions = list(engine.factions(prepared))
    rng = random.Random(seed)
    chosen = tuple(rng.sample(factions, players)) if factions else ()
    return MatchSpec(players=players, factions=chosen, seed=seed)


def _play(state: GameState, seed: int, *, probe: bool, codec: Engine) -> list[Hashable]:
    """Random play to the end; with ``probe``, try an illegal choice before every step."""
    rng = random.Random(seed)
    choices: list[Hashable] = []
    decision = state.decision()
    while decision is not None:
        assert len(decision.options) > 0, decision
        assert isinstance(decision.player, int)
        if probe:
            before = (len(state.events), decision.player, decision.kind, len(decision.options))
            with pytest.raises(IllegalChoice):
                state.apply(_NotAnOption())
            again = state.decision()
            assert again is not None
            after = (len(state.events), again.player, again.kind, len(again.options))
            assert after == before
        choice = decision.options[rng.randrange(len(decision.options))]
        assert choice in decision.options
        # every choice travels as JSON and comes back the same
        assert (
            codec.choice_from_json(json.loads(json.dumps(codec.choice_to_json(choice)))) == choice
        )
        state.apply(choice)
        choices.append(choice)
        assert len(choices) < 100_000, "the match does not end"
        decision = state.decision()
    return choices


@pytest.mark.parametrize(("name", "engine", "source", "seats"), CASES, ids=[c[0] for c in CASES])
def test_random_play_follows_the_protocol(
    name: str, engine: Engine, source: Any, seats: range
) -> None:
    prepared = engine.prepare(*source) if isinstance(source, tuple) else source
    for match in range(MATCHES):
        seed = derive_seed(name, match)
        players = seats[match % len(seats)]
        spec = _spec(engine, prepared, seed, players)
        state = engine.new_match(prepared, spec)
        choices = _play(state, seed, probe=True, codec=engine)
        outcome = state.outcome()
        assert outcome is not None
        assert outcome.winners, "a finished match names its winners"
        assert set(outcome.winners) <= set(range(players))
        assert outcome.reason and outcome.rounds >= 1
        with pytest.raises(IllegalChoice):
            state.apply(choices[0])  # nothing is legal once the match is over
        # The same seed and the same choices replay the same match, refused choices or not.
        replay = engine.new_match(prepared, spec)
        for choice in choices:
            replay.apply(choice)
        assert replay.decision() is None
        assert list(replay.events) == list(state.events)
        assert replay.outcome() == outcome
