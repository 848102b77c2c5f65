"""Random games of the bundled tile set, every invariant checked after every step.

Every tile is in exactly one of the sack, the racks and the table; racks are full while the
sack lasts; the scores are the closed, healthy snakes' bodies plus the Todds; no path ends
against a blank side; the engine's snakes are the components of the graph of joined sides
rebuilt from the tiles alone. Each game also replays identically from its seed and choices.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from editor.core.engine import MatchSpec
from editor.games.snakes_of_wrath.engine import ENGINE, Place, Rules, new_match
from editor.games.snakes_of_wrath.engine.setup import Prepared
from tests.games.snakes_of_wrath.invariants import check

GAMES = 10


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_random_game_keeps_every_invariant(rules: Rules, seed: int) -> None:
    prepared = Prepared(rules)
    st = new_match(prepared, MatchSpec(players=2, seed=seed))
    check(st)
    rng = random.Random(seed)
    choices = []
    while (decision := st.decision()) is not None:
        choice = decision.options[rng.randrange(len(decision.options))]
        st.apply(choice)
        choices.append(choice)
        check(st)
    outcome = st.outcome()
    assert outcome is not None
    best = max(st.scores)
    if outcome.reason == "target":
        assert st.scores[outcome.winners[0]] >= rules.target
    else:
        assert outcome.winners == tuple(s for s in range(2) if st.scores[s] == best)
    replay = new_match(prepared, MatchSpec(players=2, seed=seed))
    for choice in choices:
        replay.apply(choice)
    assert list(replay.events) == list(st.events)


def test_random_games_use_every_action_and_end_every_way_but_one(rules: Rules) -> None:
    """Over a batch, random play builds, starts, steals, caps, claims, injures and heals:
    the conformance checks above are not passed by games that never do the hard things."""
    actions: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for seed in range(40):
        st = ENGINE.new_match(Prepared(rules), MatchSpec(players=2, seed=100 + seed))
        rng = random.Random(seed)
        while (decision := st.decision()) is not None:
            placements = [o for o in decision.options if isinstance(o, Place)]
            # mostly place, so that games get far (a random bot swaps a lot)
            pool = placements if placements and rng.random() < 0.9 else decision.options
            st.apply(pool[rng.randrange(len(pool))])
        for event in st.events:
            if event[0] == "place":
                actions.update(event[6].split("+"))
            elif event[0] in ("steal", "close", "claim"):
                actions[event[0] + "-event"] += 1
        outcome = st.outcome()
        assert outcome is not None
        reasons[outcome.reason] += 1
    for action in ("build", "start", "steal", "cap", "claim", "rogue", "stray", "head", "todd"):
        assert actions[action] > 0, (action, actions)
    for action in ("injure", "heal", "steal-event", "close-event", "claim-event"):
        assert actions[action] > 0, (action, actions)
    assert reasons["bag-empty"] > 0
