"""Snails replays in words: a choice and an event with names and labels, not numbers.

The engine's choices and events carry snail numbers, space numbers and card instances (flat
state); these functions turn them into text with the state's tables. They are the
registry's ``replay_words`` hook; anything they do not know is written as it is.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from editor.core.engine import Decision
from editor.core.registry import ReplayWords
from editor.games.snails.engine.decisions import Action
from editor.games.snails.engine.state import State

#: Decisions whose choice is a space number, and those whose choice is a snail number.
SPACE_CHOICES = frozenset({"place", "push", "step"})
SNAIL_CHOICES = frozenset({"capacity", "heal", "wind-target"})
#: Decisions whose choice is a card instance or a tuple of them.
CARD_CHOICES = frozenset({"keep", "discard", "search"})


def _state(state: Any) -> State:
    if not isinstance(state, State):
        raise TypeError(f"not a Snails match: {type(state).__name__}")
    return state


def _label(st: State, space: Any) -> str:
    return st.tables.labels[space] if isinstance(space, int) and space >= 0 else str(space)


def _snail(st: State, snail: Any) -> str:
    names = st.snail_names
    return names[snail] if isinstance(snail, int) and 0 <= snail < len(names) else str(snail)


def _seat(st: State, seat: Any) -> str:
    names = st.player_names
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def _cards(st: State, instances: Any) -> str:
    items = instances if isinstance(instances, (tuple, list)) else (instances,)
    return ", ".join(st.card_id(c) if isinstance(c, int) else str(c) for c in items)


def choice_words(state: Any, decision: Decision, choice: Hashable) -> str:
    """A choice as a player would say it (called before the choice is applied)."""
    st = _state(state)
    kind = decision.kind
    if kind in SPACE_CHOICES:
        return _label(st, choice)
    if kind in SNAIL_CHOICES:
        return _snail(st, choice)
    if kind in CARD_CHOICES:
        return _cards(st, choice)
    if kind == "program":
        slots = choice if isinstance(choice, tuple) else ()
        return "; ".join(f"{_cards(st, card)} for {_snail(st, s)}" for card, s in slots)
    if kind == "action" and isinstance(choice, Action):
        return _action_words(st, choice)
    if kind == "result" and isinstance(choice, int):
        return st.rules.face_names[choice]
    if kind == "ability" and isinstance(choice, int):
        return _label(st, choice)
    if kind == "wind-adjacent" and isinstance(choice, tuple):
        return "also " + ", ".join(_label(st, x) for x in choice)
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    if choice is None:
        return "none"
    return str(choice)


def _action_words(st: State, act: Action) -> str:
    """How a revealed card is resolved: its path, target, cards swapped, abilities used."""
    if act.main == "pass":
        return "pass"
    card = st.rules.card(st.actor_card) if st.actor_card in st.rules.card_index else None
    main = act.main
    if main is None:
        text = "no target"
    elif card is not None and card.basic == "swap" and isinstance(main, tuple):
        text = f"swap {_cards(st, main)}" if main else "swap nothing"
    elif isinstance(main, tuple):
        text = "crawl " + " → ".join(_label(st, x) for x in main) if main else "stay"
    elif card is not None and card.select == "snail":
        text = f"at {_snail(st, main)}"
    else:
        text = f"at {_label(st, main)}"
    if act.adjacent:
        text += ", also " + ", ".join(_label(st, x) for x in act.adjacent)
    if act.use:
        text += " (using " + ", ".join(act.use) + ")"
    return text


def event_words(state: Any, event: tuple[Any, ...]) -> str:
    """An event of the log as a sentence."""
    st = _state(state)
    kind, *rest = event
    words = _EVENTS.get(kind)
    if words is None or len(rest) < _ARITY.get(kind, 0):
        return f"{kind}: " + ", ".join(str(x) for x in rest) if rest else str(kind)
    return str(words(st, rest))


def _from(label: Any) -> str:
    return f"from {label} " if label is not None else ""


def _join(items: Sequence[Any]) -> str:
    return ", ".join(str(x) for x in items)


_EVENTS: dict[str, Any] = {
    "start": lambda st, r: f"the match starts with {r[0]} snails and {r[1]} tiles",
    "round": lambda st, r: f"round {r[0]} begins",
    "phase": lambda st, r: f"{r[1]} phase",
    "play": lambda st, r: f"{_seat(st, r[0])} plays {r[2]} with {_snail(st, r[1])}",
    "revealed": lambda st, r: f"{_seat(st, r[0])} reveals {r[2]} for {_snail(st, r[1])}",
    "programmed": lambda st, r: f"{_seat(st, r[0])} programs their slots",
    "damage": lambda st, r: f"{_snail(st, r[0])} takes {r[1]} damage ({r[2]})",
    "heal": lambda st, r: f"{_snail(st, r[0])} heals {r[1]}",
    "move": lambda st, r: f"{_snail(st, r[0])} moves {_from(r[1])}to {r[2]}",
    "push": lambda st, r: f"{_snail(st, r[0])} is pushed {_from(r[1])}to {r[2]}",
    "place": lambda st, r: f"{_snail(st, r[0])} starts on {r[1]}",
    "death": lambda st, r: f"{_snail(st, r[0])} ({_seat(st, r[1])}) dies of {r[2]} on {r[3]}",
    "destroyed": lambda st, r: f"{r[0]} loses its {r[1]} tile (back: {r[2]})",
    "damaged": lambda st, r: f"{r[0]} is damaged",
    "contamination": lambda st, r: f"contamination moves to {r[0]}",
    "wind": lambda st, r: f"the wind blows {r[0]}",
    "eliminated": lambda st, r: f"{_seat(st, r[0])} is out",
    "end": lambda st, r: (
        f"the game ends ({r[1]}): {_join([_seat(st, s) for s in r[0]]) or 'nobody'} won"
    ),
    "shell": lambda st, r: f"{_snail(st, r[0])} {'withdraws into' if r[1] else 'leaves'} its shell",
    "draw": lambda st, r: f"{_seat(st, r[0])} draws {r[1]}",
    "ability": lambda st, r: f"{_seat(st, r[0])} uses {r[1]}",
    "roll": lambda st, r: f"{_snail(st, r[0])} rolls {_join(r[1])}",
    "result": lambda st, r: f"{_snail(st, r[0])} takes the result {r[1]}",
    "miss": lambda st, r: f"{_snail(st, r[0])} misses with {r[1]}",
    "no-effect": lambda st, r: f"{_snail(st, r[0])}'s {r[1]} has no effect",
    "wind-hit": lambda st, r: f"the wind carries {_snail(st, r[0])}'s {r[1]} to {_join(r[2])}",
    "first": lambda st, r: f"{_seat(st, r[0])} is the first player",
}
#: How many items each event needs for its sentence (fewer: written as it is).
_ARITY = {
    "round": 1,
    "phase": 2,
    "play": 3,
    "revealed": 3,
    "programmed": 1,
    "damage": 3,
    "heal": 2,
    "move": 3,
    "push": 3,
    "place": 2,
    "death": 4,
    "destroyed": 3,
    "damaged": 1,
    "contamination": 1,
    "wind": 1,
    "eliminated": 1,
    "end": 2,
    "shell": 2,
    "draw": 2,
    "ability": 2,
    "roll": 2,
    "result": 2,
    "miss": 2,
    "no-effect": 2,
    "wind-hit": 3,
    "first": 1,
}

REPLAY_WORDS = ReplayWords(choice=choice_words, event=event_words)
