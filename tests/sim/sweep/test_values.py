"""Values of a sweep: lists, ranges with and without a step, and what is refused."""

from __future__ import annotations

import pytest

from editor.sim.sweep.values import MAX_VALUES, ValuesError, parse_values


def texts(raw: str) -> list[str]:
    return [value.text for value in parse_values(raw)]


def test_lists_and_ranges_mix_in_order_each_value_once() -> None:
    assert texts("1,4..6,10") == ["1", "4", "5", "6", "10"]
    assert texts("3,1,3") == ["3", "1"]
    assert texts("5..1") == ["5", "4", "3", "2", "1"]
    assert texts("0..10:4") == ["0", "4", "8"]


def test_decimal_ranges_land_on_their_written_values() -> None:
    values = parse_values("0.1..0.5:0.1")
    assert [v.text for v in values] == ["0.1", "0.2", "0.3", "0.4", "0.5"]
    assert values[2].number == 0.3
    assert all(isinstance(v.number, float) for v in values)
    assert texts("1..2:0.5") == ["1.0", "1.5", "2.0"]  # floats stay floats in the YAML


def test_whole_numbers_stay_whole() -> None:
    assert [type(v.number) for v in parse_values("-2,7")] == [int, int]
    assert texts("2.0") == ["2.0"]


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("", "empty"),
        ("1,,2", "empty"),
        ("1..x", "'x' in '1..x' is not a number"),
        ("ten", "not a number"),
        ("1..5:0", "zero"),
        ("1..5:-1", "goes away"),
        ("nan", "not a number"),
        (f"1..{MAX_VALUES + 1}", "at most"),
    ],
)
def test_bad_values_say_what_is_wrong(raw: str, words: str) -> None:
    with pytest.raises(ValuesError, match=words):
        parse_values(raw)
