"""Rules examples: a match built from a described situation, steps taken by colour, and the
read-outs an example's ``expect`` lists.

A tile is described as a mapping: ``tile`` (a tile type id) and, as needed to tell it
apart, ``shape`` (a shape id of that type), ``sides`` (every side its path leaves by as it
lies, body and head together), ``head`` (the side of its head) or ``turn`` (quarter turns
clockwise from the shape as written). On the table a tile may also say ``colour`` (a body:
the owner of its snake; a Todd or a stray body: who played it), ``injured`` (an injury lies
on it) and ``healed`` (an injury and a healing lie on it). Tiles are taken from the packs'
sack, so a situation can only hold the tiles the packs have.

A description that cannot be read raises :class:`ScenarioError` (a ValueError); a step the
rules refuse raises :class:`IllegalChoice` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from editor.core.engine import IllegalChoice
from editor.games.snakes_of_wrath.engine import readout
from editor.games.snakes_of_wrath.engine.choices import PASS, Place, Swap
from editor.games.snakes_of_wrath.engine.rules import BODY, INJURY, TODD, Kind, Rules, signature
from editor.games.snakes_of_wrath.engine.sides import (
    BIT,
    INDICES,
    OPPOSITE_BIT,
    SIDES,
    STEP,
    key_of,
    label_of,
    mask_of,
    parse_label,
)
from editor.games.snakes_of_wrath.engine.state import State
from editor.games.snakes_of_wrath.engine.table import NOBODY

TileSpec = Mapping[str, Any]
_TILE_KEYS = {"tile", "shape", "sides", "head", "turn", "colour", "injured", "healed"}


class ScenarioError(ValueError):
    """A described situation or step that cannot be read; the message says why."""


# --- describing tiles -----------------------------------------------------------------------


def seat_of(rules: Rules, colour: str) -> int:
    """The seat playing a colour; :class:`ScenarioError` for a colour nobody plays."""
    if colour not in rules.colours:
        raise ScenarioError(f"no player is {colour!r}; the players are {', '.join(rules.colours)}")
    return rules.colours.index(colour)


def _mask(sides: Any, where: str) -> int:
    if not isinstance(sides, list | tuple) or not all(s in BIT for s in sides):
        raise ScenarioError(f"{where}: sides are a list of N, E, S, W, not {sides!r}")
    if len(set(sides)) != len(sides):
        raise ScenarioError(f"{where}: a side is listed twice in {list(sides)}")
    return mask_of(sides)


def match_tile(rules: Rules, spec: TileSpec, where: str, *, lying: bool) -> tuple[Kind, int]:
    """The kind a description names and the turn it lies at (with ``lying``, the turn must
    be told apart; without, the first way the kind lies)."""
    if not isinstance(spec, Mapping) or "tile" not in spec:
        raise ScenarioError(f"{where}: a tile is described as {{tile: <type>, ...}}, not {spec!r}")
    unknown = sorted(set(spec) - _TILE_KEYS)
    if unknown:
        raise ScenarioError(f"{where}: a tile has no key {unknown[0]!r}")
    kinds = rules.kinds_of_type(str(spec["tile"]))
    if not kinds:
        known = ", ".join(rules.type_ids)
        raise ScenarioError(f"{where}: no tile type {spec['tile']!r}; known: {known}")
    if "shape" in spec:
        kinds = tuple(k for k in kinds if k.shape_id == spec["shape"])
        if not kinds:
            shapes = ", ".join(k.shape_id for k in rules.kinds_of_type(str(spec["tile"])))
            raise ScenarioError(
                f"{where}: {spec['tile']} has no shape {spec['shape']!r}; its shapes: {shapes}"
            )
    sides = _mask(spec["sides"], where) if "sides" in spec else None
    head = _mask([spec["head"]], where) if "head" in spec else None
    turn = spec.get("turn")
    if turn is not None and (type(turn) is not int or not 0 <= turn <= 3):
        raise ScenarioError(f"{where}: a turn is 0, 1, 2 or 3, not {turn!r}")
    found = [
        (k, t)
        for k in kinds
        for t, b, h in k.orients
        if (turn is None or k.canonical[turn] == t)
        and (sides is None or b | h == sides)
        and (head is None or h == head)
    ]
    if not found:
        shapes = "; ".join(f"{k.shape_id}: {_written(k)}" for k in kinds)
        raise ScenarioError(f"{where}: no {spec['tile']} tile lies like that ({shapes})")
    if len({k.index for k, _ in found}) > 1:
        names = ", ".join(dict.fromkeys(k.shape_id for k, _ in found))
        raise ScenarioError(f"{where}: say which {spec['tile']} (its shape or sides): {names}")
    if lying and len(found) > 1:
        raise ScenarioError(f"{where}: say how the {spec['tile']} lies (its sides or its turn)")
    return found[0]


def _written(kind: Kind) -> str:
    parts = []
    if kind.body:
        parts.append("body " + ",".join(SIDES[i] for i in INDICES[kind.body]))
    if kind.head:
        parts.append("head " + SIDES[INDICES[kind.head][0]])
    return " ".join(parts) or "no path"


class _Sack:
    """The packs' tiles not used yet, by kind, lowest number first."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.free: dict[int, list[int]] = {}
        for tile, kind in enumerate(rules.box):
            self.free.setdefault(kind, []).append(tile)

    def take(self, kind: Kind, where: str) -> int:
        tiles = self.free.get(kind.index, [])
        if not tiles:
            raise ScenarioError(
                f"{where}: the packs have no more {kind.type_id} ({kind.shape_id}) tiles"
                f" ({kind.count} in all)"
            )
        return tiles.pop(0)

    def take_fitting(self, role: int, sig: int, where: str, what: str) -> int:
        for kind in self.rules.kinds:
            if kind.role == role and sig in kind.turn_of and self.free.get(kind.index):
                if role == BODY and kind.index == self.rules.box[self.rules.starter_tile]:
                    continue
                return self.free[kind.index].pop(0)
        raise ScenarioError(f"{where}: the packs have no {what} tile of that shape left")

    def rest(self) -> list[int]:
        return sorted(t for tiles in self.free.values() for t in tiles)


# --- building a situation ---------------------------------------------------------------------


def build(
    rules: Rules,
    *,
    table: Mapping[str, TileSpec] | None = None,
    racks: Mapping[str, Sequence[TileSpec]] | None = None,
    bag: int | Sequence[TileSpec] | None = None,
    scores: Mapping[str, int] | None = None,
    turn: str | None = None,
    seed: int = 0,
) -> State:
    """A match in the situation described, waiting for ``turn``'s choice (default the first
    colour). The starter lies at 0,0 as the ruleset turns it unless the table places it or
    holds 0,0. ``bag``: how many tiles are left (drawn at random by ``seed`` from the tiles not
    used elsewhere), or the tiles in the order they will be drawn; default every tile left.
    Tiles used nowhere are kept aside. ``scores`` default to 0."""
    st = State(rules, rules.players, seed)
    sack = _Sack(rules)
    given = dict(table or {})
    placed: dict[int, TileSpec] = {}
    starter = rules.kind_of(rules.starter_tile)
    for label, spec in given.items():
        try:
            key = parse_label(str(label))
        except ValueError as exc:
            raise ScenarioError(f"table: {exc}") from None
        kind, t = match_tile(rules, spec, f"table {label}", lying=True)
        colour = spec.get("colour")
        placer = seat_of(rules, colour) if colour is not None else NOBODY
        _check_fit(st, key, kind, t)
        st.lay(sack.take(kind, f"table {label}"), key, t, placer, (NOBODY, NOBODY))
        placed[key] = spec
    aside: list[int] = []
    if sack.free.get(starter.index):  # the table does not place it: 0,0, or aside
        tile = sack.take(starter, "starter")
        if key_of(0, 0) in placed:
            aside.append(tile)
        else:
            _check_fit(st, key_of(0, 0), starter, rules.starter_turn)
            st.lay(tile, key_of(0, 0), rules.starter_turn, NOBODY, (NOBODY, NOBODY))
    _owners(st, placed)
    _injuries(st, sack, placed)
    _closed(st)
    for colour, tiles in (racks or {}).items():
        seat = seat_of(rules, colour)
        if len(tiles) > rules.rack:
            raise ScenarioError(f"racks {colour}: a rack holds at most {rules.rack} tiles")
        for index, spec in enumerate(tiles):
            where = f"racks {colour} {index + 1}"
            kind, _ = match_tile(rules, spec, where, lying=False)
            st.racks[seat].append(sack.take(kind, where))
    st.bag = _bag(st, sack, bag)
    st.aside = sorted(aside + sack.rest())
    for colour, points in (scores or {}).items():
        st.scores[seat_of(rules, colour)] = int(points)
    st.to_move = seat_of(rules, turn) if turn is not None else 0
    return st


def _check_fit(st: State, key: int, kind: Kind, turn: int) -> None:
    """Refuse a tile whose path would meet a neighbour's blank side, or the reverse."""
    tb = st.table
    _, body, head = kind.orient(turn)
    paths = body | head
    for i in range(4):
        n = key + STEP[i]
        if n in tb.kind:
            theirs = bool((tb.body[n] | tb.head[n]) & OPPOSITE_BIT[i])
            if bool(paths >> i & 1) != theirs:
                raise ScenarioError(
                    f"table: {label_of(key)} and {label_of(n)} meet with a path against"
                    " a blank side; no tile ever lies so"
                )


def _owners(st: State, placed: Mapping[int, TileSpec]) -> None:
    tb = st.table
    colours: dict[int, set[int]] = {}
    for key, spec in placed.items():
        if tb.body[key] and spec.get("colour") is not None:
            comp = tb.part_comp[key * 2]
            colours.setdefault(comp, set()).add(seat_of(st.rules, spec["colour"]))
    for comp, seats in colours.items():
        if len(seats) > 1:
            cells = ", ".join(sorted({label_of(p >> 1) for p in tb.members[comp]}))
            raise ScenarioError(f"table: one snake ({cells}) has bodies of two colours")
        tb.owner[comp] = seats.pop()
    for key in tb.order:
        if st.rules.kinds[tb.kind[key]].role == TODD and tb.placer[key] != NOBODY:
            st.todds[tb.placer[key]] += 1


def _injuries(st: State, sack: _Sack, placed: Mapping[int, TileSpec]) -> None:
    tb = st.table
    for key, spec in placed.items():
        if not (spec.get("injured") or spec.get("healed")):
            continue
        where = f"table {label_of(key)}"
        if st.rules.kinds[tb.kind[key]].role != BODY:
            raise ScenarioError(f"{where}: only a body carries an injury")
        comp = tb.part_comp[key * 2]
        if tb.owner[comp] == NOBODY:
            raise ScenarioError(
                f"{where}: an injury lies only on a snake with an owner: give its colour"
            )
        sig = signature(tb.body[key], tb.head[key])
        tb.injury[key] = sack.take_fitting(INJURY, sig, where, "injured")
        tb.wounded.add(key)
        if spec.get("healed"):
            tb.heal[key] = sack.take_fitting(BODY, sig, where, "healthy body")
        else:
            tb.hurt.add(key)
            tb.wounds[comp] += 1


def _closed(st: State) -> None:
    tb = st.table
    for comp in tb.components():
        if tb.opens[comp] == 0 and tb.bodies[comp] and tb.owner[comp] != NOBODY:
            tb.scored[comp] = tb.wounds[comp] == 0


def _bag(st: State, sack: _Sack, bag: int | Sequence[TileSpec] | None) -> list[int]:
    if bag is None:
        tiles = sack.rest()
        st.rng.shuffle(tiles)
        for kind_tiles in sack.free.values():
            kind_tiles.clear()
        return tiles
    if isinstance(bag, int) and not isinstance(bag, bool):
        rest = sack.rest()
        if not 0 <= bag <= len(rest):
            raise ScenarioError(f"bag: {bag} tiles asked for; {len(rest)} are left")
        tiles = st.rng.sample(rest, bag)
        chosen = set(tiles)
        for kind_tiles in sack.free.values():
            kind_tiles[:] = [t for t in kind_tiles if t not in chosen]
        return tiles
    if isinstance(bag, bool) or not isinstance(bag, Sequence):
        raise ScenarioError(f"bag: a number of tiles or a list of tiles, not {bag!r}")
    drawn = [
        sack.take(match_tile(st.rules, spec, f"bag {i + 1}", lying=False)[0], f"bag {i + 1}")
        for i, spec in enumerate(bag)
    ]
    return drawn[::-1]  # the sack is drawn from its end: the first listed comes first


# --- steps --------------------------------------------------------------------------------------


def place(st: State, colour: str, spec: TileSpec, at: str) -> Place:
    """The placement of a tile of ``colour``'s rack described by ``spec``, lying as it says,
    at cell ``at``; :class:`IllegalChoice` when the rack holds no such tile."""
    seat = seat_of(st.rules, colour)
    kind, turn = match_tile(st.rules, spec, f"place at {at}", lying=True)
    try:
        x, y = (int(v) for v in str(at).split(","))
        key_of(x, y)
    except ValueError:
        raise ScenarioError(f"place: a cell is x,y, like 2,0, not {at!r}") from None
    for tile in st.racks[seat]:
        if st.rules.box[tile] == kind.index:
            return Place(tile, x, y, turn)
    raise IllegalChoice(
        f"{colour} has no {kind.type_id} ({kind.shape_id}) on the rack: a player plays only"
        " tiles from their own rack [not-in-rack]"
    )


def swap(st: State, colour: str, specs: Sequence[TileSpec]) -> Swap:
    """The swap of the tiles of ``colour``'s rack that ``specs`` describe."""
    seat = seat_of(st.rules, colour)
    chosen: list[int] = []
    for index, spec in enumerate(specs):
        kind, _ = match_tile(st.rules, spec, f"swap {index + 1}", lying=False)
        tile = next(
            (t for t in st.racks[seat] if st.rules.box[t] == kind.index and t not in chosen), None
        )
        if tile is None:
            raise IllegalChoice(
                f"{colour} has no more {kind.type_id} ({kind.shape_id}) on the rack to swap:"
                " a player plays only tiles from their own rack [not-in-rack]"
            )
        chosen.append(tile)
    return Swap(tuple(sorted(chosen)))


def act(st: State, colour: str, choice: Hashable) -> None:
    """Take ``choice`` as ``colour``'s turn; :class:`IllegalChoice` (nothing changed) when it
    is not that colour's turn or the rules refuse it."""
    seat = seat_of(st.rules, colour)
    if st.finished is None and st.to_move != seat:
        whose = st.rules.colours[st.to_move]
        raise IllegalChoice(f"{colour} plays out of turn: it is {whose}'s turn [turn]")
    st.apply(choice)


def pass_turn(st: State, colour: str) -> None:
    """``colour`` passes."""
    act(st, colour, PASS)


# --- read-outs --------------------------------------------------------------------------------


def tiles(st: State) -> dict[str, dict[str, Any]]:
    """Every tile on the table by cell (``readout.cell``)."""
    return readout.table(st)


def tile(st: State, label: str) -> dict[str, Any] | None:
    """The tile at a cell, or None."""
    return readout.cell(st, parse_label(label))


def snake(st: State, label: str, *, head: bool = False) -> dict[str, Any] | None:
    """The snake through a cell (``readout.snake``), or None."""
    return readout.snake(st, parse_label(label), head=head)


def racks(st: State) -> dict[str, list[dict[str, Any]]]:
    """Each colour's rack in order (``readout.rack``)."""
    return {c: readout.rack(st, s) for s, c in enumerate(st.rules.colours)}


def scores(st: State) -> dict[str, int]:
    """Points by colour."""
    return dict(zip(st.rules.colours, st.scores, strict=True))


def turn(st: State) -> str | None:
    """Whose turn it is, or None once the game is over."""
    return None if st.finished is not None else st.rules.colours[st.to_move]


def winner(st: State) -> str | list[str] | None:
    """The winner's colour, the colours of a tie, or None while the game goes on."""
    if st.finished is None:
        return None
    colours = [st.rules.colours[s] for s in st.finished.winners]
    return colours[0] if len(colours) == 1 else colours


def fingerprint(st: State) -> tuple[Any, ...]:
    """Everything a step could change, as one comparable value (a refused step leaves it)."""
    tb = st.table
    comps = tuple(
        (c, tb.owner[c], tb.bodies[c], tb.heads[c], tb.opens[c], tb.wounds[c], tb.scored[c])
        for c in tb.components()
    )
    cells = tuple(
        (k, tb.kind[k], tb.tile[k], tb.turn[k], tb.placer[k], tb.injury.get(k), tb.heal.get(k))
        for k in tb.order
    )
    return (
        cells,
        comps,
        tuple(sorted(tb.edge.items())),
        tuple(sorted(tb.inward.items())),
        tuple(sorted(tb.hurt)),
        tuple(sorted(tb.wounded)),
        tb.graph.number_of_edges(),
        tuple(tuple(r) for r in st.racks),
        tuple(st.bag),
        tuple(st.scores),
        tuple(st.todds),
        st.to_move,
        st.turns,
        st.idle,
        st.finished,
        len(st.events),
        st.rng.getstate(),
    )
