"""The heuristic bot's program: which cards its most urgent snails play, in which order.

Each (card, snail) candidate is rated twice, as things are and once its snail has an Aim in
the program (all an earlier pick changes); each slot then goes to the best candidate left,
each nudged by a small random draw, one per candidate in the order they are weighed (by
card, then by snail). Cards that rate alike (see :func:`slot_kind`) are rated once.

Every rating is a whole number of tenths, so two different ones are 0.1 apart at least and
a nudge (under 0.01) only ever breaks ties: :func:`_best` adds the nudges of the tied alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat, starmap
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from editor.games.snails.bots.board import Board, Reach

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import CardSpec

#: A program: (card instance, snail) per slot.
Program = tuple[tuple[int, int], ...]
#: The two ratings of a card for each chosen snail: as things are, and after an Aim.
Row = tuple[list[float], list[float]]
#: A slot's place in the program, the first item of a pick.
_ORDER = itemgetter(0)


def plan(b: Board, options: Sequence[Any], rng: random.Random) -> Program | None:
    """The program the heuristic makes, or None if it cannot make a legal one (no snail, too
    few cards): then any program will do."""
    slots = int(getattr(options, "slots", 0)) or len(options[0])
    cards = program_cards(options)
    mine = b.mine
    if not mine or len(cards) < slots:
        return None
    most = int(b.rules.param("plan.snails"))
    specs = dict(zip(cards, b.view.cards_of(cards), strict=True))
    if len(mine) > 1:
        attacks: dict[Reach, int] = {}  # how the hand's attack cards target, how many each way
        for card in b.hand:
            if card.attack:
                reach = reach_of(card)
                attacks[reach] = attacks.get(reach, 0) + 1
        if len(mine) == 2:  # the sort below, written out for two (the first if tied)
            first, second = mine
            more = _urgency(b, first, attacks)
            ahead = _urgency(b, second, attacks) > more
            chosen = ([second, first] if ahead else mine)[:most]
        else:
            urgency = {s: -_urgency(b, s, attacks) for s in mine}
            chosen = sorted(mine, key=urgency.__getitem__)[:most]
    else:
        chosen = mine[:most]
    kinds = b.known.slots
    rows: dict[tuple[Any, ...], Row] = {}  # by kind
    rated: dict[int, Row] = {}  # by card index
    alone: list[float] = []  # each card's candidates, one block of len(chosen) each
    after: list[float] = []
    for c in cards:
        card = specs[c]
        index = card.index
        row = rated.get(index)
        if row is None:
            kind = kinds.get(index)
            if kind is None:
                kind = kinds[index] = slot_kind(card)
            row = rows.get(kind)
            if row is None:
                if kind[0] == "fixed":  # the same for every snail
                    row = rows[kind] = [kind[1]] * len(chosen), [kind[2]] * len(chosen)
                else:
                    row = rows[kind] = _row(b, kind, chosen, specs)
            rated[index] = row
        alone += row[0]
        after += row[1]
    return _pick(b, options, slots, cards, specs, chosen, alone, after, rng)


def _pick(
    b: Board,
    options: Sequence[Any],
    slots: int,
    cards: list[int],
    specs: dict[int, CardSpec],
    chosen: list[int],
    alone: list[float],
    after_aim: list[float],
    rng: random.Random,
) -> Program | None:
    """Fill the slots from the rated candidates (``alone`` and ``after_aim``: each card's
    block of one rating per chosen snail, as things are and after an Aim), then put them
    in the program's order."""
    left = cards[:]
    values = alone[:]
    # An Aim changes the ratings only if some candidate rates otherwise after one.
    aims_count = alone != after_aim
    width = len(chosen)  # a card's candidates: one block of that many (the cards differ)
    # Every candidate left gets its small random nudge at each slot, in order: the draws of
    # all the slots at once are the same draws, in the same order.
    count = slots * len(values) - width * (slots * (slots - 1) // 2)  # sum of len - k * width
    nudges = list(starmap(rng.random, repeat((), count)))  # rng.random() each, a C loop
    drawn = 0
    picked: list[tuple[int, int, int]] = []
    aimed: set[int] = set()
    stack, at = b.stack, b.at
    for _ in range(slots):
        best = _best(values, nudges, drawn)
        drawn += len(values)
        if width == 1:
            card = left.pop(best)
            snail = chosen[0]
            start = best
        else:
            k, j = divmod(best, width)
            card = left.pop(k)
            snail = chosen[j]
            start = k * width
        # The slot's place in the program: out of the water, aims, the rest, crawls, shells.
        basic = specs[card].basic
        if basic == "crawl":
            picked.append((3 if stack[at[snail]] else 0, card, snail))
        else:
            picked.append((_ORDERS.get(basic, 2), card, snail))
        # the card is used: its candidates go
        del values[start : start + width]
        if aims_count:
            del alone[start : start + width]
            del after_aim[start : start + width]
            if basic == "aim" and snail not in aimed:
                aimed.add(snail)
                aims = [s in aimed for s in chosen] * len(left)
                rows = zip(alone, after_aim, aims, strict=True)
                values = [later if aim else now for now, later, aim in rows]
    # Within the program: leave the water first, aim before shooting, shell last.
    picked.sort(key=_ORDER)
    program = tuple([(c, s) for _, c, s in picked])
    return program if program in options else None


def _best(values: list[float], nudges: list[float], drawn: int) -> int:
    """The first candidate whose rating plus its nudge (``nudges[drawn + i] * 0.01``) is
    highest. Ratings are tenths (see the module), so a nudge (under 0.01) never lifts a
    candidate over a better-rated one: a lone best is it, and only ties are nudged."""
    top = max(values)
    tied = values.count(top)
    if tied == 1:
        return values.index(top)
    if tied == 2:  # (the commonest tie, without the lists below)
        first = values.index(top)
        second = values.index(top, first + 1)
        # the nudged ratings compared as below (the sums, which may round alike)
        nudged = top + nudges[drawn + first] * 0.01
        return first if nudged >= top + nudges[drawn + second] * 0.01 else second
    at = [values.index(top)]
    while len(at) < tied:
        at.append(values.index(top, at[-1] + 1))
    scores = [top + nudges[drawn + i] * 0.01 for i in at]
    return at[scores.index(max(scores))]


def program_cards(options: Sequence[Any]) -> list[int]:
    """The cards a program may hold, read from the options: index k starts with card k (the
    engine's lazy sequence of programs also lists them, in that order)."""
    listed = getattr(options, "cards", None)
    if listed is not None and len(options) and getattr(options, "slots", 0):
        return list(listed)
    first = options[0][0][0]
    cards = [first]
    for k in range(1, len(options)):
        card = options[k][0][0]
        if card == first:
            break
        cards.append(card)
    return cards


def _urgency(b: Board, s: int, attacks: dict[Reach, int]) -> float:
    """How much a snail needs to act: out of the water, rivals in reach of the hand's
    attacks (``attacks``: how many of them target each way), under threat, low."""
    at = b.at[s]
    score = 0.0
    if not b.stack[at]:
        score += 100.0
    reaching = 0
    for reach, cards in attacks.items():
        if b.reaches(at, reach):
            reaching += cards
    score += 10.0 * reaching
    score += 5.0 * b.threats(s)
    score += 3.0 - b.level[at]
    return score + (1.0 if b.kind[s] == "leader" else 0.0)


def reach_of(card: CardSpec) -> Reach:
    """How a card targets: range, line of sight, land only."""
    return card.rmin, card.rmax, card.los, card.land


def slot_kind(card: CardSpec) -> tuple[Any, ...]:
    """How a card rates in a program: cards of one kind rate alike for every snail."""
    basic = card.basic
    if basic == "crawl":
        return ("crawl",)
    if card.attack:
        if card.select == "none":
            return ("fixed", 0.5, 0.5)  # no target to reach
        return ("attack", card.dice, reach_of(card))
    if basic == "aim":
        return ("aim",)
    if basic == "shell":
        return ("shell",)
    if basic == "dig":
        if card.select == "snail":  # a dig that also strikes a snail (the Combat Mole)
            return ("bite", reach_of(card))
        return ("fixed", 0.1, 0.1)  # digging lowers one's own ground
    if basic == "swap":
        return ("fixed", 1.5, 1.5)
    if card.kind == "faction":
        return ("fixed", 4.0, 4.0)
    return ("fixed", 3.0, 3.0)


def _row(b: Board, kind: tuple[Any, ...], chosen: list[int], specs: dict[int, CardSpec]) -> Row:
    """A card of that kind rated for each chosen snail (as things are, after an Aim)."""
    name = kind[0]
    if name == "fixed":
        return [kind[1]] * len(chosen), [kind[2]] * len(chosen)
    if name == "crawl":
        climbs = [_crawl(b, s) for s in chosen]
        return climbs, climbs
    if name == "attack":
        return _attacks(b, kind[1], kind[2], chosen)
    if name == "aim":
        shooters = {reach_of(c) for c in specs.values() if c.attack and c.dice}
        shots = [8.0 if _shoots(b, b.at[s], shooters) else 0.2 for s in chosen]
        return shots, [0.2] * len(chosen)
    if name == "shell":
        shells = [7.0 if b.threats(s) and not b.shell[s] else 1.0 for s in chosen]
        return shells, shells
    bites = [12.0 if b.reaches(b.at[s], kind[1]) else 0.1 for s in chosen]  # "bite"
    return bites, bites


def _shoots(b: Board, at: int, shooters: set[Reach]) -> bool:
    """Whether any of the program's attacks with dice (how each targets) reaches a rival."""
    return any(b.reaches(at, reach) for reach in shooters)


def _crawl(b: Board, s: int) -> float:
    """A crawl: out of the water above all, else up a step if there is one."""
    at = b.at[s]
    if not b.stack[at]:
        return 60.0
    return 6.0 if b.climbs(at) else 1.0


def _attacks(b: Board, dice: int, reach: tuple[int, int, bool, bool], chosen: list[int]) -> Row:
    """An attack that targets: worth its dice if a rival is in reach (more after an Aim),
    nothing from the water."""
    base = 20.0 + 3.0 * dice
    aimed = base + (4.0 if dice else 0.0)
    alone = []
    after = []
    stack = b.stack
    for s in chosen:
        at = b.at[s]
        if not stack[at]:
            alone.append(0.0)
            after.append(0.0)
        elif not b.reaches(at, reach):
            alone.append(0.5)
            after.append(0.5)
        else:
            alone.append(base + 0.0)
            after.append(aimed)
    return alone, after


#: A slot's place in the program by the card's basic action, but for crawls (see _pick).
_ORDERS: dict[str | None, int] = {"aim": 1, "shell": 4}
