"""What the simulator measures in a Snakes of Wrath match, checked against the match itself,
and the sections it summarizes a batch into, through the simulator's own summary."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from editor.core.engine import MatchSpec
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.games.snakes_of_wrath.engine import Rules, State, new_match
from editor.games.snakes_of_wrath.engine.rules import TODD
from editor.games.snakes_of_wrath.engine.setup import Prepared
from editor.games.snakes_of_wrath.metrics import METRICS
from editor.sim.runner import BatchPlan, run_batch
from editor.sim.summary import format_summary, summarize


def _played(rules: Rules, seed: int) -> State:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=seed))
    rng = random.Random(seed)
    while (decision := st.decision()) is not None:
        st.apply(decision.options[rng.randrange(len(decision.options))])
    return st


def _label(rules: Rules, tile: int) -> str:
    kind = rules.kind_of(tile)
    return f"{kind.type_id}/{kind.shape_id}"


@pytest.mark.parametrize("seed", range(4))
def test_the_measures_of_a_match_are_what_happened_in_it(rules: Rules, seed: int) -> None:
    st = _played(rules, seed)
    outcome = st.outcome()
    assert outcome is not None
    m = METRICS.measure(st.events, outcome, MatchSpec(players=2, seed=seed))
    tb = st.table
    assert m["turns"] == st.turns and m["scores"] == st.scores
    if len(outcome.winners) == 1:
        loser = 1 - outcome.winners[0]
        assert m["loser"] == st.scores[loser] and m["winner"] == st.scores[outcome.winners[0]]
    else:
        assert m["loser"] is None and m["winner"] is None
    # every tile laid is on the table (the starter aside), as a tile, an injury or a healing
    on_table = [t for key, t in tb.tile.items() if key != tb.order[0]]
    laid = Counter(_label(rules, t) for t in [*on_table, *tb.injury.values(), *tb.heal.values()])
    assert m["laid"] == dict(laid)
    assert m["injuries"] == len(tb.injury) and m["heals"] == len(tb.heal)
    assert m["todds"] == sum(rules.kinds[k].role == TODD for k in tb.kind.values())
    # every other tile is on a rack or in the sack: together the whole box but the starter
    unlaid = Counter(_label(rules, t) for t in [*st.bag, *(t for r in st.racks for t in r)])
    assert m["unlaid"] == dict(unlaid)
    assert sum(laid.values()) + sum(unlaid.values()) == len(rules.box) - 1
    stuck = Counter(_label(rules, t) for r in st.racks for t in r)
    assert m["stuck"] == (dict(stuck) if outcome.reason == "bag-empty" else {})
    steals = [e for e in st.events if e[0] == "steal"]
    assert (m["steals"], m["stolen"]) == (len(steals), sum(e[3] for e in steals))


def _batch(bots: tuple[str, str], games: int) -> tuple[Any, BatchPlan]:
    ws = load_workspace([layouts_dir() / "snakes-of-wrath.layout.yaml"])
    layout = ws.layout_at(sorted(ws.targets)[0])
    assert layout is not None
    from editor.core import registry

    game = registry.get(layout.game)
    assert game is not None and game.play is not None
    engine = game.play.engine
    plan = BatchPlan(games=games, players=2, bots=bots, seed=3)
    results = run_batch(engine, engine.prepare(ws, layout), plan, jobs=1, measure=METRICS.measure)
    return results, plan


def test_a_batch_is_summarized_with_turns_points_moves_and_tiles() -> None:
    results, plan = _batch(("random", "random"), 12)
    summary = summarize(results, plan, METRICS)
    sections = {s["title"]: s for s in summary["sections"]}
    length = {r["label"]: r["cells"] for r in sections["Game length in turns, and points"]["rows"]}
    turns = [r.metrics["turns"] for r in results]
    assert length["turns"]["per game"]["mean"]["mean"] == pytest.approx(sum(turns) / len(turns))
    moves = {
        r["label"]: r["cells"]
        for r in sections["Steals, injuries and other moves per game"]["rows"]
    }
    injuries = sum(r.metrics["injuries"] for r in results)
    assert moves["injuries"]["per game"]["mean"]["mean"] == pytest.approx(injuries / 12)
    tiles = {r["label"]: r["cells"] for r in sections["Tiles by shape"]["rows"]}
    heads = tiles["head/head"]["share laid"]["rate"]
    assert heads["successes"] == sum(r.metrics["laid"].get("head/head", 0) for r in results)
    assert heads["trials"] == 12 * 24  # the bundled sack holds 24 heads
    bag_empty = [r for r in results if r.reason == "bag-empty"]
    assert bag_empty and tiles["head/head"]["left unplayable"]["rate"]["trials"] == 24 * len(
        bag_empty
    )
    text = format_summary(summary)
    for words in ("points of the loser", "bodies stolen", "left unplayable", "body/tee"):
        assert words in text
