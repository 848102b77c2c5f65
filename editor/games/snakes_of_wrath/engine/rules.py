"""The tile set and ruleset compiled once into flat tables the engine reads.

A *kind* is one shape of one tile type (a body corner, a head): the unit of the sack, the
racks and the options. Each kind carries its body and head as side masks, the distinct ways
it can lie (``orients``: a straight body has two, a corner four, Todd one), and what each
turn comes to. ``fits`` answers, for an empty cell, which orients of a kind may go there:
the index is the cell's neighbours (a mask of the sides with a tile) times 16 plus the
sides where a neighbour's path comes in, and an orient fits when its path leaves by
exactly those sides among the neighbours' (never against a blank side, never blocking a
path). Shapes are compared by their *signature* (body mask plus head mask times 16) as they
lie, so an injury fits a body of the same shape turned the same way, whatever its name.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from editor.games.snakes_of_wrath.content import Content, TileTypeSpec
from editor.games.snakes_of_wrath.engine.patterns import (
    FIELD,
    FIELD_MASK,
    Entry,
    Pattern,
    build_patterns,
)
from editor.games.snakes_of_wrath.engine.sides import mask_of, turned

#: Roles as ints (the tile set's ``role``).
BODY, HEAD, INJURY, TODD = 0, 1, 2, 3
ROLE_IDS = {"body": BODY, "head": HEAD, "injury": INJURY, "todd": TODD}
ROLE_NAMES = ("body", "head", "injury", "todd")

#: One way a kind lies: ``(turn, body mask, head mask)``.
Orient = tuple[int, int, int]


def signature(body: int, head: int) -> int:
    """The shape of a tile as it lies, as one int."""
    return body | head << 4


@dataclass(frozen=True)
class Kind:
    """One shape of one tile type, as the engine plays it."""

    index: int
    type_id: str
    type_name: str
    shape_id: str
    shape_name: str
    role: int
    armored: bool
    colour: str
    #: The body's and the head's sides as written (turn 0).
    body: int
    head: int
    count: int
    #: The distinct ways it lies, first turn first.
    orients: tuple[Orient, ...]
    #: For each turn 0..3, the first turn that lies the same way.
    canonical: tuple[int, int, int, int]
    #: The turn of each signature it can take.
    turn_of: Mapping[int, int]
    #: How it lies after each turn 0..3 (``orient``), computed once.
    lies: tuple[Orient, ...] = ()

    def orient(self, turn: int) -> Orient:
        """How it lies after ``turn`` quarter turns clockwise (its first turn lying so)."""
        return self.lies[turn % 4]


@dataclass(frozen=True)
class Rules:
    """Everything a match needs from the content, as plain tuples and ints."""

    packs: tuple[str, ...]
    kinds: tuple[Kind, ...]
    #: The kind of every tile, by tile number (the starter included).
    box: tuple[int, ...]
    starter_tile: int
    starter_turn: int
    players: int
    colours: tuple[str, ...]
    rack: int
    swap: int
    target: int
    body_points: int
    todd_points: int
    min_bodies: int
    random_first: bool
    idle_turns: int
    #: ``fits[neighbours * 16 + paths_in][kind]``: the orients of a kind an empty cell takes.
    fits: tuple[tuple[tuple[Orient, ...], ...], ...]
    #: ``patterns[index]``: what to judge at an empty cell of that ``fits`` index.
    patterns: tuple[Pattern, ...] = field(default=(), compare=False, repr=False)
    #: Per seat, a cell's verdicts by its pattern and the standing of the components its
    #: neighbours bring (``legal.Legal``): the same context always gets the same verdicts,
    #: so each is judged once, and kept from match to match.
    verdicts: tuple[dict[Hashable, Entry], ...] = field(default=(), compare=False, repr=False)
    #: By tile number, what its kind stands for on a rack, as one int: below
    #: :attr:`kinds_shift`, the field of its kind in a seat's packed totals of layings on
    #: empty cells (``legal.Legal.packed``; none for an injury); above it, the bit
    #: ``1 << kind``. A rack's are OR-ed together (``options.TurnOptions``).
    rack_bits: tuple[int, ...] = field(default=(), compare=False, repr=False)
    kinds_shift: int = 0
    #: The bits ``1 << kind`` of the injuries.
    injury_mask: int = 0
    #: By a body's signature as it lies, the bits ``1 << kind`` of the body kinds that
    #: heal it (the same shape).
    healers: Mapping[int, int] = field(default_factory=dict, compare=False, repr=False)
    #: Per seat, the prompt of its turn.
    prompts: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: Per seat, the plan of a laying by its cell's context and how it lies (``placing.
    #: judge``'s answer, the same in the same context, as ``Rules.verdicts``).
    plans: tuple[dict[Hashable, Any], ...] = field(default=(), compare=False, repr=False)
    #: By a mask of injury kinds: the signatures each can take, one after the other.
    injury_signatures: dict[int, tuple[int, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def signatures_of(self, injuries: int) -> tuple[int, ...]:
        """The signatures the injury kinds of a mask (bits ``1 << kind``) can take, kind by
        kind (a signature twice when two kinds take it)."""
        found = self.injury_signatures.get(injuries)
        if found is None:
            found = tuple(sig for k in self.kinds if injuries >> k.index & 1 for sig in k.turn_of)
            self.injury_signatures[injuries] = found
        return found

    def kind_of(self, tile: int) -> Kind:
        """The kind of a tile by its number."""
        return self.kinds[self.box[tile]]

    def kinds_of_type(self, type_id: str) -> tuple[Kind, ...]:
        """The kinds of one tile type, in the tile set's order."""
        return tuple(k for k in self.kinds if k.type_id == type_id)

    @property
    def type_ids(self) -> tuple[str, ...]:
        """The tile types, in the tile set's order."""
        return tuple(dict.fromkeys(k.type_id for k in self.kinds))


def _kind(index: int, spec: TileTypeSpec, shape: Any) -> Kind:
    body, head = mask_of(shape.body), mask_of([shape.head] if shape.head else [])
    orients: list[Orient] = []
    canonical: list[int] = []
    turn_of: dict[int, int] = {}
    for t in range(4):
        b, h = turned(body, t), turned(head, t)
        sig = signature(b, h)
        if sig not in turn_of:
            turn_of[sig] = t
            orients.append((t, b, h))
        canonical.append(turn_of[sig])
    return Kind(
        index=index,
        type_id=spec.id,
        type_name=spec.name,
        shape_id=shape.id,
        shape_name=shape.name,
        role=ROLE_IDS[spec.role],
        armored=spec.armored,
        colour=spec.colour,
        body=body,
        head=head,
        count=shape.count,
        orients=tuple(orients),
        canonical=(canonical[0], canonical[1], canonical[2], canonical[3]),
        turn_of=turn_of,
        lies=tuple((t, turned(body, t), turned(head, t)) for t in canonical),
    )


def _fits(kinds: Sequence[Kind]) -> tuple[tuple[tuple[Orient, ...], ...], ...]:
    table = []
    for index in range(256):
        neighbours, paths_in = index >> 4, index & 15
        row: list[tuple[Orient, ...]] = []
        for kind in kinds:
            if kind.role == INJURY or paths_in & ~neighbours:
                row.append(())  # an injury never goes on an empty cell
                continue
            row.append(tuple(o for o in kind.orients if ((o[1] | o[2]) & neighbours) == paths_in))
        table.append(tuple(row))
    return tuple(table)


def _healers(kinds: Sequence[Kind]) -> dict[int, int]:
    healers: dict[int, int] = {}
    for kind in kinds:
        if kind.role == BODY:
            for sig in kind.turn_of:
                healers[sig] = healers.get(sig, 0) | 1 << kind.index
    return healers


def compile_rules(content: Content) -> Rules:
    """The rules of some validated content (``load_content``); ``ValueError`` when the
    content cannot be played (the checks refuse such content first)."""
    kinds: list[Kind] = []
    box: list[int] = []
    for spec in content.tile_types.values():
        for shape in spec.shapes:
            kind = _kind(len(kinds), spec, shape)
            kinds.append(kind)
            box.extend([kind.index] * kind.count)
    rs = content.ruleset
    fits = _fits(kinds)
    starter = rs["starter"]
    starter_tiles = [i for i, k in enumerate(box) if kinds[k].type_id == starter["tile"]]
    if len(starter_tiles) != 1 or kinds[box[starter_tiles[0]]].role != BODY:
        raise ValueError(f"the starter {starter['tile']!r} must be one body tile")
    return Rules(
        packs=content.packs,
        kinds=tuple(kinds),
        box=tuple(box),
        starter_tile=starter_tiles[0],
        starter_turn=int(starter.get("turn", 0)),
        players=int(rs["players"]),
        colours=tuple(str(c) for c in rs["colours"]),
        rack=int(rs["rack"]),
        swap=int(rs["swap"]),
        target=int(rs["target"]),
        body_points=int(rs["points"]["body"]),
        todd_points=int(rs["points"]["todd"]),
        min_bodies=int(rs["min_bodies"]),
        random_first=rs["first_player"] == "random",
        idle_turns=int(rs["idle_turns"]),
        fits=fits,
        patterns=build_patterns(fits),
        verdicts=tuple({} for _ in range(int(rs["players"]))),
        rack_bits=tuple(
            1 << k + FIELD * len(kinds)
            | (0 if kinds[k].role == INJURY else FIELD_MASK << FIELD * k)
            for k in box
        ),
        kinds_shift=FIELD * len(kinds),
        injury_mask=sum(1 << k.index for k in kinds if k.role == INJURY),
        healers=_healers(kinds),
        prompts=tuple(f"{c} plays a tile, passes or swaps" for c in rs["colours"]),
        plans=tuple({} for _ in range(int(rs["players"]))),
    )
