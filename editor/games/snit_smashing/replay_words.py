"""Snit Smashing replays in words: a choice and an event with names and hexes, not numbers.

The engine's choices and events carry seat, Snit and hex numbers (flat state); these
functions word them with the match's tables and clans. They are the registry's
``replay_words`` hook; anything they do not know is written as it is. A Bolotomus order is
secret until the reveal, so the choice of an order is worded without what it says: the
reveal's event says it, in its turn.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from editor.core.engine import Decision
from editor.core.registry import ReplayWords
from editor.games.snit_smashing.engine.orders import MOVE, SMASH
from editor.games.snit_smashing.engine.runs import REASON_NO_SNITS, REASON_RUNS
from editor.games.snit_smashing.engine.state import UNDER, State

#: Why a match ended, in words.
REASONS = {REASON_RUNS: "every run played", REASON_NO_SNITS: "no Snit left alive"}
#: The choice of an order, as the replay shows it while the order is secret.
SECRET_ORDER = "an order, kept secret until the reveal"


def _state(state: Any) -> State:
    if not isinstance(state, State):
        raise TypeError(f"not a Snit Smashing match: {type(state).__name__}")
    return state


def clan_name(st: State, seat: Any) -> str:
    """The name of the clan a seat plays (``Red``)."""
    if isinstance(seat, int) and 0 <= seat < st.players:
        return st.prepared.clans[st.seat_clans[seat]].name
    return str(seat)


def hex_label(st: State, hex_: Any) -> str:
    """A hex's label (``D10``)."""
    labels = st.tables.labels
    return labels[hex_] if isinstance(hex_, int) and 0 <= hex_ < len(labels) else str(hex_)


def snit_name(st: State, snit: Any) -> str:
    """A Snit with its clan: ``Pip (Red)``."""
    if isinstance(snit, int) and 0 <= snit < len(st.names):
        return f"{st.names[snit]} ({clan_name(st, st.owner[snit])})"
    return str(snit)


def order_words(st: State, order: Any) -> str:
    """A revealed order: ``smash C6, C7, D7``, ``move the Snandergrab to E3`` or garbled."""
    if isinstance(order, tuple) and order and order[0] == SMASH:
        return "smash " + ", ".join(hex_label(st, h) for h in order[1:])
    if isinstance(order, tuple) and len(order) == 2 and order[0] == MOVE:
        return f"move the Snandergrab to {hex_label(st, order[1])}"
    return "a garbled order: nothing happens"


def choice_words(state: Any, decision: Decision, choice: Hashable) -> str:
    """A choice as a player would say it (called before the choice is applied); an order
    stays secret."""
    st = _state(state)
    if decision.kind == "order":
        return SECRET_ORDER
    if decision.kind == "move" and isinstance(choice, tuple) and len(choice) == 3:
        _, snit, end = choice
        if not isinstance(snit, int) or not 0 <= snit < len(st.at):
            return str(choice)
        return _run_words(st, snit, -1 if st.status[snit] == UNDER else st.at[snit], end)
    return str(choice)


def _run_words(st: State, snit: int, start: int, end: Any) -> str:
    """A Snit's move from ``start`` (-1: under the Snandergrab) to ``end`` (-1: stays under)."""
    name = snit_name(st, snit)
    if end == -1:
        return f"{name} stays under the Snandergrab"
    if end == start:
        return f"{name} stays on {hex_label(st, end)}"
    target = hex_label(st, end)
    # a Snit only ever ends a move in the sea in a run to the sea (where it is safe)
    if isinstance(end, int) and 0 <= end < st.tables.size and (st.tables.sea >> end) & 1:
        target = f"the sea at {target}"
    if start == -1:
        return f"{name} leaves the Snandergrab for {target}"
    return f"{name} runs from {hex_label(st, start)} to {target}"


def event_words(state: Any, event: tuple[Any, ...]) -> str:
    """An event of the log as a sentence."""
    st = _state(state)
    kind, *rest = event
    words = _EVENTS.get(kind)
    if words is None or len(rest) < _ARITY.get(kind, 0):
        return f"{kind}: " + ", ".join(str(x) for x in rest) if rest else str(kind)
    return str(words(st, rest))


def _killed(st: State, r: list[Any]) -> str:
    by, snit, hex_, rival = r[:4]
    where = hex_label(st, hex_)
    if rival:
        return f"{clan_name(st, by)} smashes {snit_name(st, snit)} on {where}: a trophy"
    return f"{clan_name(st, by)} smashes its own {st.names[snit]} on {where}: to the box"


def _safe(st: State, r: list[Any]) -> str:
    snit, hex_ = r[:2]
    if isinstance(hex_, int) and 0 <= hex_ < st.tables.size and (st.tables.sea >> hex_) & 1:
        return f"{snit_name(st, snit)} reaches the sea at {hex_label(st, hex_)}: safe"
    return f"{snit_name(st, snit)} is safe under the Snandergrab at {hex_label(st, hex_)}"


def _counts(st: State, counts: Any) -> str:
    return ", ".join(f"{clan_name(st, seat)} {n}" for seat, n in enumerate(counts))


def _game_over(st: State, r: list[Any]) -> str:
    text = f"the game is over: {REASONS.get(str(r[0]), str(r[0]))}"
    outcome = st.outcome()
    if outcome is None:
        return text
    details = outcome.details

    def seats(key: str) -> str:
        return ", ".join(clan_name(st, s) for s in details.get(key, ())) or "none"

    return (
        f"{text}; Snit victory: {seats('snit_victory')}; Bolotomus victory:"
        f" {seats('bolotomus_victory')}; Grand Slam: {seats('grand_slam')}"
    )


_EVENTS: dict[str, Any] = {
    "primus-roll": lambda st, r: f"{clan_name(st, r[0])} rolls {r[1]} for the Bolotomus Primus",
    "run": lambda st, r: (
        f"run {r[0]} begins: to the {'Snandergrab' if r[1] == 'to-snandergrab' else 'sea'}"
    ),
    "bound": lambda st, r: f"bound {r[1]} of run {r[0]}: {clan_name(st, r[2])} is the Primus",
    "situation": lambda st, r: (
        f"the situation: run {r[0]}, bound {r[1]}, {clan_name(st, r[2])} is the Primus"
    ),
    "ordered": lambda st, r: f"{clan_name(st, r[0])} writes an order, secret until the reveal",
    "move": lambda st, r: _run_words(st, r[1], r[2], r[3]),
    "reveal": lambda st, r: f"{clan_name(st, r[0])} reveals: {order_words(st, r[1])}",
    "killed": _killed,
    "safe": _safe,
    "on-top": lambda st, r: (
        f"{snit_name(st, r[0])} ends on top of the Snandergrab at {hex_label(st, r[1])}: its"
        " own Bolotomus moved it there, so it is not protected"
    ),
    "run-over": lambda st, r: f"run {r[0]} is over after bound {r[1]}",
    "mercy": lambda st, r: f"{snit_name(st, r[0])} is placed under the Snandergrab by mercy",
    "offspring": lambda st, r: (
        f"{snit_name(st, r[1])} has an offspring: {st.names[r[2]]} (speed {st.speed[r[2]]})"
    ),
    "died": lambda st, r: f"{snit_name(st, r[0])} dies, having reproduced by mercy",
    "dried": lambda st, r: f"{snit_name(st, r[0])} dries up",
    "survivors": lambda st, r: f"after run {r[0]}, Snits alive: {_counts(st, r[1])}",
    "game-over": _game_over,
}
#: How many items each event needs for its sentence (fewer: written as it is).
_ARITY = {
    "primus-roll": 2,
    "run": 2,
    "bound": 3,
    "situation": 3,
    "ordered": 1,
    "move": 4,
    "reveal": 2,
    "killed": 4,
    "safe": 2,
    "on-top": 2,
    "run-over": 2,
    "mercy": 1,
    "offspring": 3,
    "died": 1,
    "dried": 1,
    "survivors": 2,
    "game-over": 1,
}

REPLAY_WORDS = ReplayWords(choice=choice_words, event=event_words)
