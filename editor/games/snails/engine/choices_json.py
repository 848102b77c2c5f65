"""Snails choices as JSON and back, exactly, without the decision they answer.

Every option a Snails decision offers is one of these (``decisions.KINDS``), and each has
one JSON form that says by itself which it is:

- a space, snail, die face or card instance (``place``, ``push``, ``step``, ``capacity``,
  ``wind-target``, ``heal``, ``result``, ``search``, ``ability``): the int itself;
- yes or no (``again``, ``ability``): ``true`` or ``false``; declining an ability: ``null``;
- cards to discard or keep (``discard``, ``keep``): a list of card instances, ``[4, 9]``;
- the spaces next to a carried attack's new target (``wind-adjacent``): a list of spaces,
  ``[5]``;
- a whole program (``program``): a list of ``[card instance, snail]`` pairs,
  ``[[3, 0], [7, 1]]``;
- how a revealed card is resolved (``action``, an :class:`Action`): an object,
  ``{"main": [12, 13], "adjacent": [5], "use": ["shell-stay"]}``, where ``main`` is null,
  ``"pass"``, a target (int) or a crawl path or swapped cards (list of ints), and
  ``adjacent`` and ``use`` are left out when empty.

Booleans never stand for ints here (``true`` is not snail 1), nor ints for booleans.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from editor.core.engine import JSON
from editor.games.snails.engine.decisions import Action

#: The keys of an encoded :class:`Action`.
ACTION_KEYS = ("main", "adjacent", "use")


def choice_to_json(choice: Hashable) -> JSON:
    """A Snails choice as JSON-ready data; ``ValueError`` for a value no decision offers."""
    if choice is None or type(choice) is bool:
        return choice
    if _is_int(choice):
        return _int(choice)
    if isinstance(choice, Action):
        return _action_to_json(choice)
    if type(choice) is tuple:
        if all(_is_int(item) for item in choice):
            return [_int(item) for item in choice]
        if all(_is_pair(item) for item in choice):
            return [[_int(card), _int(snail)] for card, snail in choice]
    raise ValueError(f"not a Snails choice: {choice!r}")


def choice_from_json(data: JSON) -> Hashable:
    """The Snails choice ``data`` encodes; ``ValueError`` saying what is wrong otherwise."""
    if data is None or type(data) is bool:
        return data
    if _is_int(data):
        return _int(data)
    if isinstance(data, dict):
        return _action_from_json(data)
    if isinstance(data, list):
        if all(_is_int(item) for item in data):
            return tuple(_int(item) for item in data)
        if all(isinstance(item, list) and _is_pair(item) for item in data):
            return tuple((_int(item[0]), _int(item[1])) for item in data)  # type: ignore[index]
        raise ValueError(
            f"a list must hold card instances or spaces (ints) or [card, snail] pairs, not {data!r}"
        )
    raise ValueError(f"not the JSON of a Snails choice: {data!r}")


def _is_int(value: object) -> bool:
    """An int that is not a boolean."""
    return isinstance(value, int) and type(value) is not bool


def _int(value: object) -> int:
    assert isinstance(value, int)
    return int(value)


def _is_pair(value: object) -> bool:
    """A program slot: a card instance and a snail (a tuple, or a list in JSON)."""
    return (
        isinstance(value, tuple | list)
        and len(value) == 2
        and _is_int(value[0])
        and _is_int(value[1])
    )


def _action_to_json(action: Action) -> dict[str, JSON]:
    main = action.main
    encoded: JSON
    if main is None or type(main) is str or _is_int(main):
        encoded = main
    elif type(main) is tuple and all(_is_int(x) for x in main):
        encoded = [_int(x) for x in main]
    else:
        raise ValueError(f"not a Snails action (its main part): {action!r}")
    if type(action.adjacent) is not tuple or not all(_is_int(x) for x in action.adjacent):
        raise ValueError(f"not a Snails action (its adjacent spaces): {action!r}")
    if type(action.use) is not tuple or not all(type(x) is str for x in action.use):
        raise ValueError(f"not a Snails action (its abilities used): {action!r}")
    out: dict[str, JSON] = {"main": encoded}
    if action.adjacent:
        out["adjacent"] = [_int(x) for x in action.adjacent]
    if action.use:
        out["use"] = list(action.use)
    return out


def _action_from_json(data: Mapping[str, Any]) -> Action:
    unknown = sorted(set(data) - set(ACTION_KEYS))
    if unknown:
        raise ValueError(f"an action has no key {unknown[0]!r} (keys: {', '.join(ACTION_KEYS)})")
    if "main" not in data:
        raise ValueError(f"an action needs its 'main' key: {dict(data)!r}")
    main = data["main"]
    if isinstance(main, list):
        if not all(_is_int(x) for x in main):
            raise ValueError(f"an action's main list must hold ints: {main!r}")
        main = tuple(_int(x) for x in main)
    elif not (main is None or type(main) is str or _is_int(main)):
        raise ValueError(f"an action's main must be null, a string, an int or a list: {main!r}")
    adjacent = _list_of(data.get("adjacent", []), "adjacent", _is_int, "ints")
    use = _list_of(data.get("use", []), "use", lambda x: type(x) is str, "strings")
    return Action(main, tuple(_int(x) for x in adjacent), tuple(str(x) for x in use))


def _list_of(value: object, key: str, test: Any, what: str) -> Sequence[object]:
    if not isinstance(value, list) or not all(test(x) for x in value):
        raise ValueError(f"an action's {key!r} must be a list of {what}: {value!r}")
    return value
