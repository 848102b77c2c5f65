"""Choices as JSON and back: a placement, a swap and the pass, exactly; malformed data refused."""

from __future__ import annotations

import json

import pytest

from editor.games.snakes_of_wrath.engine import ENGINE, PASS, Place, Swap


@pytest.mark.parametrize(
    ("choice", "data"),
    [
        (Place(12, 2, -1, 3), {"tile": 12, "at": "2,-1", "turn": 3}),
        (Swap((3, 5, 9, 11)), {"swap": [3, 5, 9, 11]}),
        (PASS, "pass"),
    ],
)
def test_a_choice_travels_as_json_and_comes_back_the_same(choice: object, data: object) -> None:
    encoded = ENGINE.choice_to_json(choice)  # type: ignore[arg-type]
    assert encoded == data
    back = ENGINE.choice_from_json(json.loads(json.dumps(encoded)))
    assert back == choice and type(back) is type(choice)


@pytest.mark.parametrize(
    "data",
    [
        {"tile": 1, "at": "2,0"},
        {"tile": True, "at": "2,0", "turn": 0},
        {"tile": 1, "at": "2 0", "turn": 0},
        {"swap": [1, "2"]},
        {"swap": [1], "tile": 2},
        "skip",
        3,
        [1, 2],
    ],
)
def test_data_that_encodes_no_choice_is_refused(data: object) -> None:
    with pytest.raises(ValueError, match=r"choice|cell|swap|placement"):
        ENGINE.choice_from_json(data)  # type: ignore[arg-type]


@pytest.mark.parametrize("choice", [(1, 2, 3, 4), "skip", Place(1, 2, 3, True), 7, None])
def test_values_that_are_no_choice_cannot_be_encoded(choice: object) -> None:
    with pytest.raises(ValueError, match="not a Snakes of Wrath choice"):
        ENGINE.choice_to_json(choice)  # type: ignore[arg-type]
