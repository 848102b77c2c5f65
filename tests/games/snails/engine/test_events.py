"""The event log: what a revealed card of a dead snail logs, and what the metrics count."""

from __future__ import annotations

import contextlib

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


def test_the_view_names_the_acting_snail_and_the_one_moved(scenario: Scenario) -> None:
    from editor.games.snails.engine.actions import resolve
    from editor.games.snails.engine.decisions import Action

    st = scenario(
        {"C4": ["beach"], "C5": ["beach"], "C6": ["beach"]},
        {"r": ("red", "C4"), "b1": ("blue", "C5"), "b2": ("blue", "C5"), "b3": ("blue", "C5")},
    )
    r = st.snail("r")
    assert st.view(0).acting == -1
    flow = resolve(st, 0, r, st.rules.card("crawl"), Action((st.space("C5"),)))
    d = next(flow)  # C5 is full: which snail r pushes on
    assert d.kind == "capacity"
    assert (st.view(0).acting, st.view(0).about) == (r, r)
    with contextlib.suppress(StopIteration):
        flow.send(st.snail("b2"))  # b2 goes on to C6 (one space lies away from C4)
    assert st.snail_info("b2")["at"] == "C6" and st.snail_info("r")["at"] == "C5"
    assert st.view(0).acting == -1


def test_the_options_and_the_explanation_share_one_refusal(scenario: Scenario) -> None:
    from editor.games.snails.engine.actions import action_options, refusal
    from editor.games.snails.engine.explain import why_no_action

    st = scenario(
        {"C4": ["beach"], "D4": ["beach"]},
        {"r": ("red", "C5"), "p": ("blue", "D5"), "b": ("red", "C4"), "q": ("blue", "D4")},
        players={"red": None, "blue": "pirates"},
    )
    for snail in ("r", "p", "b", "q"):
        s = st.snail(snail)
        p = st.sp[s]
        for card in st.rules.cards:
            reason = refusal(st, p, s, card)
            if reason is not None:
                assert action_options(st, p, s, card) == ()
                assert why_no_action(st, p, s, card) == reason
    r, p = st.snail("r"), st.snail("p")
    assert refusal(st, 0, r, st.rules.card("dig")) is not None
    assert refusal(st, 0, r, st.rules.card("hit")) is not None
    assert refusal(st, 1, p, st.rules.card("hit")) is None  # the Pirates attack from water
    assert refusal(st, 0, st.snail("b"), st.rules.card("dig")) is None
