"""The values a sweep gives a number: ``1,2,3``, ranges ``1..5`` and ``0.1..0.5:0.1``.

A list may mix single numbers and ranges (``1,4..6,10``). A range's step defaults to 1
(or -1 when it counts down); its end is included when the steps land on it. Decimal
arithmetic keeps ``0.1..0.3:0.1`` at 0.1, 0.2, 0.3 rather than 0.30000000000000004.
A value is kept with the text it is written as in the YAML (:attr:`Value.text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

#: The most values one ``--vary`` may give: a sweep plays every combination.
MAX_VALUES = 200

_NUMBER = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")


class ValuesError(ValueError):
    """Values that cannot be read; the message says which part and why."""


@dataclass(frozen=True, slots=True)
class Value:
    """One value of a sweep: the number and the text written into the YAML for it."""

    number: int | float
    text: str


def parse_values(text: str) -> tuple[Value, ...]:
    """The values a ``VALUES`` text names, in the order given, each once.

    >>> [v.text for v in parse_values("1..3,7")]
    ['1', '2', '3', '7']
    >>> [v.text for v in parse_values("0.1..0.3:0.1")]
    ['0.1', '0.2', '0.3']
    """
    parts = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not part for part in parts):
        raise ValuesError(f"{text!r} has an empty value; write numbers like 1,2,3 or 1..5")
    values: list[Value] = []
    for part in parts:
        values.extend(_range(part) if ".." in part else (_single(part),))
        if len(values) > MAX_VALUES:
            raise ValuesError(f"{text!r} gives more than {MAX_VALUES} values")
    unique = {value.text: value for value in values}
    return tuple(unique.values())


def _decimal(text: str, whole: str) -> Decimal:
    if not _NUMBER.fullmatch(text):
        raise ValuesError(f"{text!r} in {whole!r} is not a number")
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
        raise ValuesError(f"{text!r} in {whole!r} is not a number") from None


def _is_whole(text: str) -> bool:
    return not any(mark in text for mark in ".eE")


def _single(text: str) -> Value:
    number = _decimal(text, text)
    return _value(number, whole=_is_whole(text))


def _value(number: Decimal, *, whole: bool) -> Value:
    if whole:
        return Value(int(number), str(int(number)))
    written = format(number.normalize(), "f")
    if "." not in written:
        written += ".0"  # stays a float in the YAML: 2.0, not 2
    return Value(float(written), written)


def _range(text: str) -> tuple[Value, ...]:
    bounds, _, step_text = text.partition(":")
    start_text, _, end_text = (piece.strip() for piece in bounds.partition(".."))
    start, end = _decimal(start_text, text), _decimal(end_text, text)
    pieces = [start_text, end_text]
    if step_text.strip():
        step = _decimal(step_text.strip(), text)
        pieces.append(step_text.strip())
    else:
        step = Decimal(1) if end >= start else Decimal(-1)
    if step == 0:
        raise ValuesError(f"the step of {text!r} is zero")
    if (end - start) * step < 0:
        raise ValuesError(f"the step of {text!r} goes away from its end")
    count = int((end - start) / step) + 1
    if count > MAX_VALUES:
        raise ValuesError(f"{text!r} gives {count} values; at most {MAX_VALUES}")
    whole = all(_is_whole(piece) for piece in pieces)
    return tuple(_value(start + k * step, whole=whole) for k in range(count))
