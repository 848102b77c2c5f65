"""The table of a Snakes of Wrath match in progress as a replay frame (``replay_frame``).

Read only through the state's public read-outs: the tiles on the table, the snakes' owners,
the scores, the sack's size and how many tiles each rack holds (never which). Each cell's
stack is its tile type, then an injury and a healing laid on top; its art is the tile seen
from above (:mod:`~editor.games.snakes_of_wrath.art`): the tile type's colour, each path in
its snake's owner's colour, a head as an end mark, a cross over an unhealed injury, ``+``
in the corner of a healed body, ``T`` on a Todd.
"""

from __future__ import annotations

from typing import Any

from editor.core.registry import Frame, TileArt
from editor.games.snakes_of_wrath.art import NOBODYS_PATH, tile_art
from editor.games.snakes_of_wrath.engine import State
from editor.games.snakes_of_wrath.engine.readout import colour_of, tile_colour
from editor.games.snakes_of_wrath.engine.rules import TODD
from editor.games.snakes_of_wrath.engine.sides import label_of, sides_of


def _state(state: Any) -> State:
    if not isinstance(state, State):
        raise TypeError(f"not a Snakes of Wrath match: {type(state).__name__}")
    return state


def cell_art(st: State, key: int) -> TileArt:
    """The tile at a cell seen from above."""
    tb, rules = st.table, st.rules
    kind = rules.kinds[tb.kind[key]]
    head = sides_of(tb.head[key])
    head_ink = ""
    if head and tb.body[key]:  # a body with a head: the head is a snake of its own
        head_ink = colour_of(st, tb.owner[tb.part_comp[key * 2 + 1]]) or NOBODYS_PATH
    return tile_art(
        kind.colour,
        sides_of(tb.body[key]),
        head[0] if head else None,
        ink=tile_colour(st, key) or NOBODYS_PATH,
        head_ink=head_ink,
        todd=kind.role == TODD,
        injured=key in tb.hurt,
        healed=key in tb.heal,
    )


def replay_frame(state: Any) -> Frame:
    """The table of a Snakes of Wrath state: each cell's tiles and art, and the score."""
    st = _state(state)
    tb, rules = st.table, st.rules
    stacks: dict[str, tuple[str, ...]] = {}
    art: dict[str, TileArt] = {}
    for key in tb.order:
        label = label_of(key)
        stack = [rules.kinds[tb.kind[key]].type_id]
        for on_top in (tb.injury.get(key), tb.heal.get(key)):
            if on_top is not None:
                stack.append(rules.kind_of(on_top).type_id)
        stacks[label] = tuple(stack)
        art[label] = cell_art(st, key)
    public = st.view(0)
    colours = rules.colours
    scores = ", ".join(f"{c} {s}" for c, s in zip(colours, public.scores, strict=True))
    racks = ", ".join(f"{c} {n}" for c, n in zip(colours, public.rack_sizes, strict=True))
    status = [
        f"points: {scores} (to win: {rules.target})",
        f"sack: {public.bag_size}",
        f"racks: {racks}",
    ]
    if public.to_move is not None:
        status.append(f"to play: {colour_of(st, public.to_move)}")
    return Frame(
        stacks=stacks,
        pieces=(),
        counters={},
        round=max(1, -(-public.turns // st.n)),
        phase=f"turn {public.turns + 1}" if public.to_move is not None else "over",
        status=tuple(status),
        art=art,
    )
