"""Snit Smashing choices as JSON and back, exactly, without the decision they answer.

Every option is a tagged tuple of ints, written as a list: an order ``["smash", 12, 13, 20]``,
``["move", 31]`` or ``["garbled"]``, and a Snit's move ``["go", 5, 40]`` (the Snit, then the
hex it ends on; -1 to stay under the Snandergrab).
"""

from __future__ import annotations

from collections.abc import Hashable

from editor.core.engine import JSON

#: Each tag with how many ints follow it (None: one or more).
_ARITY: dict[str, int | None] = {"smash": None, "move": 1, "garbled": 0, "go": 2}


def choice_to_json(choice: Hashable) -> JSON:
    """A choice as a JSON list; ``ValueError`` for a value no decision offers."""
    if type(choice) is tuple and choice and _fits(list(choice)):
        return list(choice)
    raise ValueError(f"not a Snit Smashing choice: {choice!r}")


def choice_from_json(data: JSON) -> Hashable:
    """The choice a JSON list encodes; ``ValueError`` saying what is wrong otherwise."""
    if type(data) is not list or not data:
        raise ValueError(f"a Snit Smashing choice is a non-empty list, not {data!r}")
    if not _fits(data):
        raise ValueError(
            f"not a Snit Smashing choice: {data!r} (one of {', '.join(_ARITY)}, then its ints)"
        )
    return tuple(data)


def _fits(items: list[JSON]) -> bool:
    tag, rest = items[0], items[1:]
    if type(tag) is not str or tag not in _ARITY:
        return False
    arity = _ARITY[tag]
    if (arity is None and not rest) or (arity is not None and len(rest) != arity):
        return False
    return all(type(item) is int for item in rest)
