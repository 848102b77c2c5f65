"""Snakes of Wrath replays in words: a turn's choice and each event, with tile names, cells
and colours instead of the engine's tile numbers and seats (the ``replay_words`` hook).

Anything these functions do not know is written as it is.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from editor.core.engine import Decision
from editor.core.registry import ReplayWords
from editor.games.snakes_of_wrath.engine import PASS, Place, State, Swap
from editor.games.snakes_of_wrath.engine.rules import Kind

#: What each action of a laid tile's part is, in words (``placing``'s actions).
ACTIONS = {
    "build": "builds on its snake",
    "start": "starts a snake",
    "steal": "steals a snake",
    "stray": "lays a stray body",
    "rogue": "goes rogue",
    "cap": "caps its snake",
    "claim": "claims a stray",
    "head": "lays a head alone",
    "todd": "lays Todd",
    "injure": "injures a rival's snake",
    "heal": "heals its snake",
}
#: Why a match ended, in words.
ENDINGS = {
    "target": "a player reached the target",
    "bag-empty": "the sack is empty and nobody can play",
    "idle": "too many turns in a row passed with no tile laid",
}
TURNS = ("", ", turned a quarter", ", turned half round", ", turned three quarters")


def _state(state: Any) -> State:
    if not isinstance(state, State):
        raise TypeError(f"not a Snakes of Wrath match: {type(state).__name__}")
    return state


def _seat(st: State, seat: Any) -> str:
    colours = st.rules.colours
    return colours[seat] if isinstance(seat, int) and 0 <= seat < len(colours) else "nobody"


def kind_name(kind: Kind) -> str:
    """A kind as a player calls it: its type, and its shape when the type has several."""
    return (
        kind.type_name
        if kind.shape_name == kind.type_name
        else f"{kind.type_name} ({kind.shape_name})"
    )


def _kind(st: State, type_id: Any, shape_id: Any) -> str:
    for kind in st.rules.kinds:
        if kind.type_id == type_id and kind.shape_id == shape_id:
            return kind_name(kind)
    return f"{type_id} {shape_id}"


def choice_words(state: Any, decision: Decision, choice: Hashable) -> str:
    """A turn's choice as a player would say it (called before it is applied)."""
    st = _state(state)
    if isinstance(choice, str) and choice == PASS:
        return "pass"
    if isinstance(choice, Swap):
        names = [kind_name(st.rules.kind_of(t)) for t in choice.tiles if 0 <= t < len(st.rules.box)]
        return "swap " + ", ".join(names)
    if isinstance(choice, Place) and 0 <= choice.tile < len(st.rules.box):
        kind = st.rules.kind_of(choice.tile)
        turn = TURNS[choice.turn] if 0 <= choice.turn <= 3 else f", turned {choice.turn}"
        return f"{kind_name(kind)} at {choice.x},{choice.y}{turn}"
    return str(choice)


def _action(action: Any) -> str:
    parts = str(action).split("+")
    return " and ".join(ACTIONS.get(part, part) for part in parts)


def _close(st: State, r: list[Any]) -> str:
    owner, bodies, points = r
    snake = f"a snake of {bodies} bod{'y' if bodies == 1 else 'ies'} closes"
    if points:
        return f"{snake}: {_seat(st, owner)} scores it"
    if owner == -1:
        return f"{snake}, nobody's: it scores nothing"
    return f"{snake}, injured: it scores nothing until healed"


def _end(st: State, r: list[Any]) -> str:
    reason, winners = r[0], r[1]
    named = " and ".join(_seat(st, w) for w in winners) or "nobody"
    verb = "tie" if len(winners) > 1 else "wins"
    return f"the game ends ({ENDINGS.get(reason, reason)}): {named} {verb}"


_EVENTS: dict[str, Any] = {
    "start": lambda st, r: f"{_seat(st, r[0])} plays first",
    "place": lambda st, r: (
        f"{_seat(st, r[0])} lays {_kind(st, r[1], r[2])} at {r[3]}: {_action(r[5])}"
    ),
    "steal": lambda st, r: (
        f"{_seat(st, r[0])} steals {_seat(st, r[1])}'s snake of {r[2]} bod"
        f"{'y' if r[2] == 1 else 'ies'}"
    ),
    "claim": lambda st, r: (
        f"{_seat(st, r[0])} claims {r[1]} stray bod{'y' if r[1] == 1 else 'ies'}"
    ),
    "close": _close,
    "score": lambda st, r: f"{_seat(st, r[0])} scores {r[1]} ({r[2]} in all)",
    "draw": lambda st, r: f"{_seat(st, r[0])} draws {r[1]}",
    "pass": lambda st, r: f"{_seat(st, r[0])} passes",
    "swap": lambda st, r: f"{_seat(st, r[0])} puts {r[1]} tiles back and draws as many",
    "end": _end,
}
#: How many items each event needs for its sentence (fewer: written as it is).
_ARITY = {
    "start": 1,
    "place": 6,
    "steal": 3,
    "claim": 2,
    "close": 3,
    "score": 3,
    "draw": 2,
    "pass": 1,
    "swap": 2,
    "end": 2,
}


def event_words(state: Any, event: tuple[Any, ...]) -> str:
    """An event of the log as a sentence."""
    st = _state(state)
    kind, *rest = event
    words = _EVENTS.get(kind)
    if words is None or len(rest) < _ARITY.get(kind, 0):
        return f"{kind}: " + ", ".join(str(x) for x in rest) if rest else str(kind)
    return str(words(st, rest))


REPLAY_WORDS = ReplayWords(choice=choice_words, event=event_words)
