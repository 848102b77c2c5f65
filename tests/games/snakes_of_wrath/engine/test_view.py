"""Secrecy: a seat sees its own rack, the table, the sack's size and the scores, never the
rival's rack nor the sack's order."""

from __future__ import annotations

from typing import Any

from editor.core.engine import MatchSpec
from editor.games.snakes_of_wrath.engine import Rules, SnakesView, new_match
from editor.games.snakes_of_wrath.engine.setup import Prepared

PUBLIC = ("rack", "rack_tiles", "rack_sizes", "bag_size", "scores", "to_move", "turns", "colour")


def _seen(view: SnakesView) -> dict[str, Any]:
    seen = {name: getattr(view, name) for name in PUBLIC}
    seen["table"] = view.table()
    seen["edge"] = view.edge()
    return seen


def test_a_seat_sees_its_own_rack_the_table_the_sack_size_and_the_scores(rules: Rules) -> None:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=11))
    view = st.view(0)
    assert view.rack == tuple(st.racks[0]) and view.rack_sizes == (8, 8)
    assert view.bag_size == len(st.bag) and view.scores == (0, 0) and view.to_move == 0
    assert list(view.table()) == ["0,0"] and view.tile_at("0,0")["tile"] == "starter"  # type: ignore[index]
    assert view.snake_at("0,0")["owner"] is None  # type: ignore[index]
    assert [tile["number"] for tile in view.rack_tiles] == list(st.racks[0])


def test_nothing_a_seat_sees_changes_with_the_rivals_rack_or_the_sack_order(rules: Rules) -> None:
    st = new_match(Prepared(rules), MatchSpec(players=2, seed=12))
    view = st.view(0)
    before = _seen(view)
    # give the rival other tiles from the sack, and shuffle the sack
    st.racks[1], st.bag[:8] = st.bag[:8], st.racks[1]
    st.bag.reverse()
    assert _seen(view) == before
    # while the seat's own rack is what it sees
    st.racks[0].reverse()
    assert _seen(view)["rack"] != before["rack"]


def test_a_view_offers_no_way_to_the_state(rules: Rules) -> None:
    view = new_match(Prepared(rules), MatchSpec(players=2, seed=1)).view(1)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert public == {*PUBLIC, "rules", "seat", "table", "tile_at", "snake_at", "edge", "forecast"}
