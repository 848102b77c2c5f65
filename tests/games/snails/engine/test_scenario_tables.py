"""Board tables of rules examples are cached per board, never per hash."""

from __future__ import annotations

from editor.core.hexgrid import HexBoard
from editor.games.snails.engine import Rules, State


class _Colliding(HexBoard):
    """A board whose hash is the same as every other such board's."""

    def __hash__(self) -> int:
        return 7


def _state(rules: Rules, board: HexBoard, land: str) -> State:
    return State.from_scenario(
        rules,
        board,
        terrain={land: ["beach"]},
        players=[("red", None, []), ("blue", None, [])],
        snails=[("r", "red", land, None, False, None), ("b", "blue", land, None, False, None)],
    )


def test_boards_with_the_same_hash_get_their_own_tables(rules: Rules) -> None:
    small = _Colliding.rectangle(2, 2)
    wide = _Colliding.rectangle(5, 1)
    assert hash(small) == hash(wide) and small != wide
    assert _state(rules, small, "A1").tables.size == 4
    st = _state(rules, wide, "E1")
    assert st.tables.size == 5
    assert st.snail_info("r")["at"] == "E1"
