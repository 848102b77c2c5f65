"""A placement's forecast (what the bots read) says what applying it then does."""

from __future__ import annotations

import random

import pytest

from editor.core.engine import MatchSpec
from editor.games.snakes_of_wrath.engine import Place, Rules, new_match
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.engine.setup import Prepared
from editor.games.snakes_of_wrath.engine.table import NOBODY


@pytest.mark.parametrize("seed", range(8))
def test_every_forecast_comes_true(rules: Rules, seed: int) -> None:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=seed))
    rng = random.Random(seed)
    checked = 0
    while (decision := st.decision()) is not None:
        seat = decision.player
        places = list(decision.options.placements)  # type: ignore[attr-defined]
        if not places or rng.random() > 0.9:
            st.apply(decision.options[rng.randrange(len(decision.options))])
            continue
        place: Place = places[rng.randrange(len(places))]
        f = st.view(seat).forecast(place)
        before = list(st.scores)
        at = len(st.events)
        st.apply(place)
        events = st.events[at:]
        laid = events[0]
        assert laid[0] == "place"
        assert laid[6] == "+".join(a for a in (f.body_action, f.head_action) if a)
        assert st.scores[seat] - before[seat] == f.points, (laid, f)
        assert sum(e[3] for e in events if e[0] == "steal") == f.stolen, (laid, f)
        if f.body_action == "todd":
            continue
        label = f"{place.x},{place.y}"
        snake = sc.snake(st, label, head=not f.body_action)
        assert snake is not None
        owner = snake["owner"]
        assert (snake["bodies"], len(snake["open_ends"])) == (f.bodies, f.opens), (laid, f)
        assert owner == (rules.colours[f.owner] if f.owner != NOBODY else None), (laid, f)
        assert snake["injured"] == f.injured
        checked += 1
    assert checked > 20


def test_a_forecast_refuses_an_illegal_placement(rules: Rules) -> None:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=1))
    tile = st.racks[0][0]
    with pytest.raises(ValueError, match="not a legal placement"):
        st.view(0).forecast(Place(tile, 5, 5, 0))  # far from the table
    with pytest.raises(ValueError, match="not on red's rack"):
        st.view(0).forecast(Place(st.racks[1][0], 1, 0, 0))
