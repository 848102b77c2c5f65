"""The event log: what a revealed card of a dead snail logs, and what the metrics count."""

from __future__ import annotations

from editor.core.engine import MatchSpec, Outcome
from editor.games.snails.metrics import METRICS
from tests.games.snails.engine.conftest import Scenario


def test_a_dead_snails_card_is_revealed_not_played(scenario: Scenario) -> None:
    st = scenario(
        {"A1": ["beach"], "B1": ["beach"]},
        {"r1": ("red", "A1"), "r2": ("red", "B1"), "b1": ("blue", "B1")},
    )
    r1, r2 = st.snail("r1"), st.snail("r2")
    st.kill(r1, "attack")
    crawl, aim = st.p_basic[0]["crawl"], st.p_basic[0]["aim"]
    st.program[0] = ((crawl, r1), (aim, r2))
    st.run_phase("action")
    revealed = [e for e in st.events if e[0] == "revealed"]
    played = [e for e in st.events if e[0] == "play"]
    assert revealed == [("revealed", 0, r1, "crawl"), ("revealed", 0, r2, "aim")]
    assert played == [("play", 0, r2, "aim")]
    m = METRICS.measure(st.events, Outcome((0,), "rounds", 1), MatchSpec(2, (), frozenset(), 0))
    assert m["plays"] == {"aim": 1}
