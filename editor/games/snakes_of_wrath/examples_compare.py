"""Snakes of Wrath rules examples, compared: the read-outs an ``expect`` lists, and every
read-out before and after a refused step (which must change nothing).

Every read-out comes from the engine's own (``scenario``: tiles, snakes through the graph of
joined sides, racks, bag, scores, turn, winner; ``State.view`` for what a player sees).
Sides, open ends, cells and racks compare in any order; the bag in draw order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from editor.games.snakes_of_wrath.engine import State
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.engine.rules import Kind, Rules
from editor.games.snakes_of_wrath.engine.sides import SIDES

Snapshot = dict[str, Any]
#: Fields of a tile and of a snake compared in any order.
_UNORDERED = {"sides", "body", "open_ends", "cells"}


def kind_name(kind: Kind, rules: Rules) -> str:
    """A kind as people name it: its type, and its shape when the type has several."""
    if len(rules.kinds_of_type(kind.type_id)) == 1:
        return kind.type_id
    return f"{kind.type_id} ({kind.shape_id})"


def tile_names(rules: Rules, tiles: Sequence[int]) -> list[str]:
    """Tiles by number, named."""
    return [kind_name(rules.kind_of(t), rules) for t in tiles]


def described_names(rules: Rules, specs: Sequence[Mapping[str, Any]]) -> list[str]:
    """Tile descriptions of an example (checked already), named as :func:`tile_names` does."""
    return [
        kind_name(sc.match_tile(rules, spec, "expect", lying=False)[0], rules) for spec in specs
    ]


def bag_order(st: State) -> list[int]:
    """The bag's tiles, the next drawn first."""
    return st.bag[::-1]


def snapshot(st: State) -> Snapshot:
    """Every read-out of the state, to tell whether a refused step changed anything."""
    rules = st.rules
    out: Snapshot = {}
    for label, cell in sc.tiles(st).items():
        for key, value in cell.items():
            out[f"table.{label}.{key}"] = value
        for head in (False, True):
            snake = sc.snake(st, label, head=head)
            for key, value in (snake or {}).items():
                out[f"snakes.{label}{' head' * head}.{key}"] = value
    for colour, rack in sc.racks(st).items():
        out[f"racks.{colour}"] = sorted(tile_names(rules, [t["number"] for t in rack]))
    out["bag"] = tile_names(rules, bag_order(st))
    for colour, points in sc.scores(st).items():
        out[f"scores.{colour}"] = points
    out["turn"] = sc.turn(st)
    out["winner"] = sc.winner(st)
    out["events"] = len(st.events)
    return out


def compare_snapshots(before: Snapshot, after: Snapshot) -> list[str]:
    """``key: X before, Y after`` for every read-out that changed."""
    return [
        f"{key}: {show(before.get(key))} before, {show(after.get(key))} after"
        for key in sorted(set(before) | set(after))
        if before.get(key) != after.get(key)
    ]


def compare(st: State, expect: Mapping[str, Any]) -> list[str]:
    """``field: expected X, got Y`` for every listed field that differs."""
    out: list[str] = []

    def check(name: str, expected: Any, got: Any) -> None:
        if expected != got:
            out.append(f"{name}: expected {show(expected)}, got {show(got)}")

    rules = st.rules
    for label, fields in expect.get("table", {}).items():
        cell = sc.tile(st, label)
        _fields(f"table.{label}", fields, cell, "a tile", "an empty cell", check, out)
    for label, fields in expect.get("snakes", {}).items():
        cell, _, part = label.partition(" ")
        snake = sc.snake(st, cell, head=part == "head")
        _fields(f"snakes.{label}", fields, snake, "a snake", "no path there", check, out)
    for colour, points in expect.get("scores", {}).items():
        check(f"scores.{colour}", points, sc.scores(st)[colour])
    racks = sc.racks(st)
    for colour, rack in expect.get("racks", {}).items():
        held = [t["number"] for t in racks[colour]]
        _count_or_tiles(f"racks.{colour}", rack, held, rules, check, ordered=False)
    if "bag" in expect:
        _count_or_tiles("bag", expect["bag"], bag_order(st), rules, check, ordered=True)
    if "turn" in expect:
        check("turn", expect["turn"], sc.turn(st))
    if "winner" in expect:
        check("winner", _winners(expect["winner"]), _winners(sc.winner(st)))
    if "end" in expect:
        check("end", expect["end"], st.finished.reason if st.finished is not None else None)
    for colour, fields in expect.get("view", {}).items():
        _view(st, colour, fields, check)
    return out


def _fields(
    name: str,
    fields: Mapping[str, Any] | None,
    found: Mapping[str, Any] | None,
    thing: str,
    nothing: str,
    check: Callable[[str, Any, Any], None],
    out: list[str],
) -> None:
    """The listed fields of a tile or a snake (None: there must be none)."""
    if fields is None or found is None:
        if (fields is None) != (found is None):
            out.append(
                f"{name}: expected {nothing if fields is None else thing}, got"
                f" {thing if fields is None else nothing}"
            )
        return
    for key, expected in fields.items():
        got = found.get(key)
        if key in _UNORDERED:
            expected, got = _in_order(expected), _in_order(got)
        check(f"{name}.{key}", expected, got)


def _in_order(values: Sequence[str] | None) -> list[str] | None:
    """Sides clockwise from N, anything else sorted."""
    if values is None:
        return None
    if all(v in SIDES for v in values):
        return sorted(values, key=SIDES.index)
    return sorted(values, key=_natural)


def _natural(text: str) -> tuple[Any, ...]:
    """``x,y`` and ``x,y S`` in the order of the cells' numbers."""
    cell, _, side = text.partition(" ")
    try:
        x, y = (int(v) for v in cell.split(","))
    except ValueError:
        return (0, 0, text)
    return (x, y, side)


def _count_or_tiles(
    name: str,
    expected: int | Sequence[Mapping[str, Any]],
    tiles: Sequence[int],
    rules: Rules,
    check: Callable[[str, Any, Any], None],
    *,
    ordered: bool,
) -> None:
    if isinstance(expected, int):
        check(name, expected, len(tiles))
        return
    wanted, got = described_names(rules, expected), tile_names(rules, tiles)
    if not ordered:
        wanted, got = sorted(wanted), sorted(got)
    check(name, wanted, got)


def _winners(value: str | Sequence[str] | None) -> Any:
    """A winner as a sorted list of colours (a single colour is a list of one)."""
    if value is None:
        return None
    return sorted([value] if isinstance(value, str) else value)


def _view(
    st: State, colour: str, fields: Mapping[str, Any], check: Callable[[str, Any, Any], None]
) -> None:
    """What one player's view shows, and that it hides the rival's tiles and the bag's order."""
    rules = st.rules
    seat = rules.colours.index(colour)
    view = st.view(seat)
    name = f"view.{colour}"
    if "rack" in fields:
        _count_or_tiles(f"{name}.rack", fields["rack"], view.rack, rules, check, ordered=False)
    for other, size in fields.get("racks", {}).items():
        check(f"{name}.racks.{other}", size, view.rack_sizes[rules.colours.index(other)])
    if "bag" in fields:
        check(f"{name}.bag", fields["bag"], view.bag_size)
    for other, points in fields.get("scores", {}).items():
        check(f"{name}.scores.{other}", points, view.scores[rules.colours.index(other)])
    if "turn" in fields:
        to_move = view.to_move
        check(
            f"{name}.turn", fields["turn"], rules.colours[to_move] if to_move is not None else None
        )
    if "hidden" in fields:
        leaks = list(_leaks(st, seat, view))
        check(f"{name}.hidden", fields["hidden"], not leaks)


def _leaks(st: State, seat: int, view: Any) -> Iterator[str]:
    """The public read-outs of a view that hold a rival's rack or the bag in its order."""
    secrets = [list(r) for s, r in enumerate(st.racks) if s != seat and r]
    if len(st.bag) > 1:
        secrets += [list(st.bag), bag_order(st)]
    for name in dir(type(view)):
        if name.startswith("_"):
            continue
        member = getattr(type(view), name)
        if isinstance(member, property):
            value = getattr(view, name)
        elif callable(member) and name in ("table", "edge"):
            value = getattr(view, name)()
        else:
            continue
        if any(_holds(value, secret) for secret in secrets):
            yield name


def _holds(value: Any, secret: list[int]) -> bool:
    """Whether a read-out holds a secret sequence of tile numbers anywhere inside it."""
    if isinstance(value, list | tuple):
        if list(value) == secret:
            return True
        numbers = [v.get("number") if isinstance(v, Mapping) else v for v in value]
        if numbers == secret:
            return True
        return any(_holds(v, secret) for v in value)
    if isinstance(value, Mapping):
        return any(_holds(v, secret) for v in value.values())
    return False


def show(value: Any) -> str:
    """A value as it would be written in the example file."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)
