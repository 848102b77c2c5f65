"""The board of a Snails match in progress as a replay frame (the registry's ``replay_frame``).

Read only through the state's read-outs and a seat's public view, so a frame shows what
every player could see at the table: stacks, snails, tokens, round, phase and the sea.
A snail is a :class:`FramePiece` whose attributes are its health and, in its shell, why it is
guarded; its badge is its health and its ring says it is in its shell.
"""

from __future__ import annotations

from typing import Any

from editor.core.registry import Frame, FramePiece
from editor.games.snails.engine.state import State

#: What a snail in its shell is, in words (its frame piece's note and ``guarded`` attribute).
SHELL_NOTE = "in its shell"


def replay_frame(state: Any) -> Frame:
    """The board of a Snails state: stacks by label, snails, tokens, round, phase, the sea."""
    if not isinstance(state, State):
        raise TypeError(f"not a Snails match: {type(state).__name__}")
    public = state.view(0)  # the public part of any seat's view: owners of snails, the sea
    labels = public.tables.labels
    stacks = {label: tuple(state.terrain_at(label)) for label in labels}
    tokens: dict[str, dict[str, int]] = {}
    for label in labels:
        counts = {kind: n for kind, n in state.tokens_at(label).items() if n}
        if counts:
            tokens[label] = counts
    pieces = []
    for name, seat in zip(public.snail_names, public.snail_player, strict=True):
        info = state.snail_info(name)
        shell = bool(info["shell"])
        health = int(info["health"])
        attributes: list[tuple[str, str | int]] = [("health", health)]
        if shell:
            attributes.append(("guarded", SHELL_NOTE))
        pieces.append(
            FramePiece(
                name=name,
                seat=seat,
                label=info["at"],
                alive=bool(info["alive"]),
                attributes=tuple(attributes),
                note=SHELL_NOTE if shell else "",
                badge=str(health),
                ring=shell,
            )
        )
    status = [f"contamination: {state.contamination} (the sea deals {public.contamination_value})"]
    if state.wind is not None:
        status.append(f"wind: {state.wind}")
    out = [f"p{seat + 1}" for seat, gone in enumerate(public.out) if gone]
    if out:
        status.append(f"out: {', '.join(out)}")
    return Frame(
        stacks=stacks,
        pieces=tuple(pieces),
        counters=tokens,
        round=state.round,
        phase=state.phase,
        status=tuple(status),
    )
