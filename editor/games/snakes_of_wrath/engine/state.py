"""A match in progress: the table, the racks, the sack, the scores and whose turn it is.

Tiles are numbers (``Rules.box`` gives each one's kind); the racks and the sack are lists of
them, the sack drawn from its end. The state's random generator is the only chance: it
shuffles the sack at the start and puts swapped tiles back at random places. One decision
a turn (``turn``): a placement, a pass or a swap. ``apply`` refuses an illegal choice with
an :class:`IllegalChoice` naming the rule, before anything changes.

Events (plain tuples, in order): ``("start", first seat)``, ``("place", seat, tile type,
shape, "x,y", turn, action)`` where action is what the tile did (``build``, ``start``,
``steal``, ``stray``, ``rogue``, ``cap``, ``claim``, ``head``, ``todd``, ``injure``, ``heal``;
a body with a head joins two with ``+``), ``("steal", seat, from seat, bodies)``,
``("claim", seat, bodies)``, ``("close", owner or -1, bodies, points)``, ``("score", seat,
points, total)``, ``("draw", seat, tiles)``, ``("pass", seat)``, ``("swap", seat, tiles)``
and ``("end", reason, winners, scores)``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

from editor.core.engine import Decision, Outcome
from editor.games.snakes_of_wrath.engine.choices import PASS, Place, Swap
from editor.games.snakes_of_wrath.engine.explain import blocked, refuse
from editor.games.snakes_of_wrath.engine.legal import Legal
from editor.games.snakes_of_wrath.engine.options import TurnOptions, can_place
from editor.games.snakes_of_wrath.engine.placing import (
    CLAIM,
    HEAL,
    INJURE,
    Plan,
    judge,
    judge_on_top,
)
from editor.games.snakes_of_wrath.engine.rules import BODY, INJURY, Kind, Rules, signature
from editor.games.snakes_of_wrath.engine.rules import TODD as TODD_ROLE
from editor.games.snakes_of_wrath.engine.sides import key_of, label_of
from editor.games.snakes_of_wrath.engine.table import NOBODY, Table
from editor.games.snakes_of_wrath.engine.view import SnakesView

#: Why a match ended.
TARGET = "target"
BAG_EMPTY = "bag-empty"
IDLE = "idle"


class State:
    """A Snakes of Wrath match; the GameState protocol plus flat read-outs."""

    __slots__ = (
        "_decision",
        "_events",
        "_prompts",
        "aside",
        "bag",
        "finished",
        "idle",
        "legal",
        "n",
        "racks",
        "rivals",
        "rng",
        "rules",
        "scores",
        "table",
        "to_move",
        "todds",
        "turns",
    )

    def __init__(self, rules: Rules, players: int, seed: int) -> None:
        """An empty table with empty racks and sack; :func:`setup.new_match` deals."""
        if players != rules.players:
            raise ValueError(f"Snakes of Wrath is for {rules.players} players, not {players}")
        self.rules = rules
        self.n = players
        #: The other seats of each seat.
        self.rivals = tuple(tuple(s for s in range(players) if s != p) for p in range(players))
        self.rng = random.Random(seed)
        self.table = Table(rules.min_bodies)
        #: The legal layings on empty cells, per seat, brought up to date turn by turn.
        self.legal = Legal(self)
        self.racks: list[list[int]] = [[] for _ in range(players)]
        self.bag: list[int] = []
        #: Tiles in no rack, sack or table (only in situations built for rules examples).
        self.aside: list[int] = []
        self.scores = [0] * players
        self.todds = [0] * players
        self.to_move = 0
        self.turns = 0
        self.idle = 0
        self.finished: Outcome | None = None
        self._events: list[tuple[Any, ...]] = []
        self._decision: Decision | None = None
        self._prompts = rules.prompts

    # --- the protocol -------------------------------------------------------------------

    def decision(self) -> Decision | None:
        """The turn waited for, or None once the match is over."""
        if self.finished is not None:
            return None
        if self._decision is None:
            p = self.to_move
            self._decision = Decision(p, "turn", TurnOptions(self, p), self._prompts[p])
        return self._decision

    def apply(self, choice: Hashable) -> None:
        """Take a turn's choice; :class:`IllegalChoice` (nothing changed) when illegal."""
        if self.finished is not None:
            raise refuse(f"{choice!r}", "game-over")
        p = self.to_move
        if isinstance(choice, str) and choice == PASS:
            self._events.append(("pass", p))
            self._end_turn(p, placed=False)
        elif isinstance(choice, Swap):
            self._swap(p, choice)
        elif isinstance(choice, Place):
            self._place(p, choice)
        else:
            raise refuse(f"{choice!r}", "not-a-choice")

    def outcome(self) -> Outcome | None:
        """How the match ended, once it has."""
        return self.finished

    def view(self, player: int) -> SnakesView:
        """What one seat may see: its own rack, the table, the sack's size, the scores."""
        return SnakesView(self, player)

    @property
    def events(self) -> Sequence[tuple[Any, ...]]:
        """The event log."""
        return self._events

    def log(self, event: tuple[Any, ...]) -> None:
        """Add an event to the log (set-up code)."""
        self._events.append(event)

    # --- laying tiles ----------------------------------------------------------------------

    def lay(self, tile: int, key: int, turn: int, placer: int, owners: tuple[int, int]) -> None:
        """Put a tile on an empty cell and join its parts, with no rule checked (the starter,
        situations built for rules examples); ``owners`` for its body's and head's snakes."""
        kind = self.rules.kind_of(tile)
        t, body, head = kind.orient(turn)
        sig = signature(body, head) if kind.role == BODY and not kind.armored else None
        self.table.put(key, tile, kind.index, t, body, head, placer, sig)
        if body:
            self.table.join(key, False, body, owners[0])
        if head:
            self.table.join(key, True, head, owners[1])

    def _place(self, p: int, choice: Place) -> None:
        rules = self.rules
        tile, x, y, turn = choice
        if type(tile) is not int or tile not in self.racks[p]:
            raise refuse(f"{rules.colours[p]} plays tile {tile!r}", "not-in-rack")
        kind = rules.kinds[rules.box[tile]]
        if type(turn) is not int or not 0 <= turn <= 3:
            raise refuse(self._what(p, kind, x, y), "bad-turn", f"not {turn!r}")
        if type(x) is not int or type(y) is not int:
            raise refuse(self._what(p, kind, x, y), "off-table", f"not a cell: {x!r},{y!r}")
        try:
            key = key_of(x, y)
        except ValueError:
            raise refuse(self._what(p, kind, x, y), "off-table") from None
        t, body, head = kind.lies[turn]
        tb = self.table
        if key in tb.kind:
            done = judge_on_top(tb, rules, p, key, kind.index, signature(body, head))
            if done not in (INJURE, HEAL):
                raise refuse(self._what(p, kind, x, y), done)
            self._on_top(p, tile, kind, key, t, done)
        else:
            if kind.role == INJURY:
                raise refuse(self._what(p, kind, x, y), "injury-on-top")
            neighbours = tb.edge.get(key)
            if neighbours is None:
                raise refuse(self._what(p, kind, x, y), "not-adjacent")
            if (body | head) & neighbours != tb.inward.get(key, 0):
                raise refuse(
                    self._what(p, kind, x, y), "blocked-end", blocked(tb, key, body | head)
                )
            # the same context and lie get the same plan: judged once (``Rules.plans``)
            plans = rules.plans[p]
            asked = (self.legal.context_of(key), body, head)
            plan = plans.get(asked)
            if plan is None:
                plan = plans[asked] = judge(tb, p, rules.min_bodies, key, body, head, neighbours)
            if isinstance(plan, str):
                raise refuse(self._what(p, kind, x, y), plan)
            self._lay_planned(p, tile, kind, key, t, body, head, plan)
        self.racks[p].remove(tile)
        self.refill(p)
        self._end_turn(p, placed=True)

    def _what(self, p: int, kind: Kind, x: object, y: object) -> str:
        """A placement as a refusal words it."""
        return f"{self.rules.colours[p]}'s {kind.type_name} ({kind.shape_name}) at {x},{y}"

    def _lay_planned(
        self, p: int, tile: int, kind: Kind, key: int, turn: int, body: int, head: int, plan: Plan
    ) -> None:
        tb = self.table
        sig = signature(body, head) if kind.role == BODY and not kind.armored else None
        tb.put(key, tile, kind.index, turn, body, head, p, sig)
        first, then = plan.body_action, plan.head_action
        action = f"{first}+{then}" if first and then else first or then
        events = self._events
        events.append(("place", p, kind.type_id, kind.shape_id, label_of(key), turn, action))
        if kind.role == TODD_ROLE:
            self.todds[p] += 1
            self._score(p, self.rules.todd_points)
            return
        if body:
            for was, bodies in tb.join(key, False, body, plan.body_owner)[1]:
                if was != NOBODY and was != p:
                    events.append(("steal", p, was, bodies))
        if head:
            before = tb.join(key, True, head, plan.head_owner)[1]
            for was, bodies in before:
                if was != NOBODY and was != p:
                    events.append(("steal", p, was, bodies))
            if then == CLAIM:
                events.append(("claim", p, sum(b for w, b in before if w == NOBODY)))
        # the snakes closed, in their order (``Table.rank``) when a body and a head close two
        opens, part_comp = tb.opens, tb.part_comp
        comp = part_comp[key * 2] if body else part_comp[key * 2 + 1]
        if body and head:
            other = part_comp[key * 2 + 1]
            if other != comp:
                if tb.rank[other] < tb.rank[comp]:
                    comp, other = other, comp
                if not opens[comp]:
                    self._closed(comp)
                comp = other
        if not opens[comp]:
            self._closed(comp)

    def _closed(self, comp: int) -> None:
        """A component just lost its last open end: it scores if it is owned and healthy."""
        tb = self.table
        owner = tb.owner[comp]
        points = 0
        if owner != NOBODY and tb.wounds[comp] == 0:
            points = tb.bodies[comp] * self.rules.body_points
            tb.scored[comp] = True
        self._events.append(("close", owner, tb.bodies[comp], points))
        tb.spare(part >> 1 for part in tb.members[comp] if not part & 1)  # never injured now
        if tb.scored[comp]:
            self._score(owner, points)

    def _on_top(self, p: int, tile: int, kind: Kind, key: int, turn: int, done: str) -> None:
        tb = self.table
        comp = tb.part_comp[key * 2]
        label = label_of(key)
        self._events.append(("place", p, kind.type_id, kind.shape_id, label, turn, done))
        if done == INJURE:
            tb.injury[key] = tile
            tb.wounded.add(key)
            tb.hurt.add(key)
            tb.spare((key,))
            tb.wound(comp, 1)
            return
        tb.heal[key] = tile
        tb.hurt.discard(key)
        tb.wound(comp, -1)
        if tb.opens[comp] == 0 and tb.wounds[comp] == 0 and not tb.scored[comp]:
            points = tb.bodies[comp] * self.rules.body_points
            tb.scored[comp] = True  # a stolen snake closed while injured scores once healed
            self._score(p, points)

    def _score(self, p: int, points: int) -> None:
        self.scores[p] += points
        self._events.append(("score", p, points, self.scores[p]))

    # --- racks, the sack and turns --------------------------------------------------------

    def refill(self, p: int) -> None:
        """Draw from the sack until a rack is full or the sack is empty."""
        rack, bag = self.racks[p], self.bag
        drawn = 0
        while len(rack) < self.rules.rack and bag:
            rack.append(bag.pop())
            drawn += 1
        if drawn:
            self._events.append(("draw", p, drawn))

    def _swap(self, p: int, choice: Swap) -> None:
        rules = self.rules
        tiles = choice.tiles
        rack, bag = self.racks[p], self.bag
        if type(tiles) is not tuple or len(tiles) != rules.swap:
            raise refuse(self._swapping(p, tiles), "swap-count", f"{rules.swap} tiles")
        for t in tiles:
            if type(t) is not int or t not in rack:
                raise refuse(self._swapping(p, tiles), "not-in-rack")
        if len(set(tiles)) != len(tiles):
            raise refuse(self._swapping(p, tiles), "not-in-rack")
        if len(bag) < rules.swap:
            raise refuse(self._swapping(p, tiles), "swap-bag", f"it holds {len(bag)}")
        drawn = [bag.pop() for _ in tiles]
        for t in tiles:
            rack.remove(t)
        rack.extend(drawn)
        randrange = self.rng.randrange
        for t in tiles:
            bag.insert(randrange(len(bag) + 1), t)
        self._events.append(("swap", p, len(tiles)))
        self._end_turn(p, placed=False)

    def _swapping(self, p: int, tiles: object) -> str:
        """A swap as a refusal words it."""
        return f"{self.rules.colours[p]} swaps {tiles!r}"

    def _end_turn(self, p: int, *, placed: bool) -> None:
        self._decision = None
        self.turns += 1
        self.idle = 0 if placed else self.idle + 1
        if self.scores[p] >= self.rules.target:
            self.finish(TARGET, (p,))
        elif self.idle >= self.rules.idle_turns:
            self.finish(IDLE)
        else:
            self.to_move = (p + 1) % self.n
            if not self.bag and not self._anyone_can_place():
                self.finish(BAG_EMPTY)

    def _anyone_can_place(self) -> bool:
        """Whether a seat can lay a tile, the one to move first: its turn's options, made
        now, are those its decision offers next (they are kept)."""
        decision = self.decision()
        assert decision is not None and isinstance(decision.options, TurnOptions)
        if decision.options.placing:
            return True
        return any(can_place(self, s) for s in self._seats_from(self.to_move + 1)[:-1])

    def _seats_from(self, first: int) -> list[int]:
        return [(first + i) % self.n for i in range(self.n)]

    def finish(self, reason: str, winners: tuple[int, ...] | None = None) -> None:
        """End the match: the winners given, else the most points (a tie stays a tie)."""
        if winners is None:
            best = max(self.scores)
            winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        rounds = max(1, -(-self.turns // self.n))
        details = {
            "scores": list(self.scores),
            "turns": self.turns,
            "bag": len(self.bag),
            # the tiles never laid, by kind (``type/shape``): on the racks, and in all
            "stuck": self._by_kind(t for rack in self.racks for t in rack),
            "unlaid": self._by_kind([*self.bag, *(t for rack in self.racks for t in rack)]),
        }
        self.finished = Outcome(winners, reason, rounds, details)
        self._decision = None
        self._events.append(("end", reason, winners, tuple(self.scores)))

    def _by_kind(self, tiles: Iterable[int]) -> dict[str, int]:
        """How many of some tiles there are of each kind, by ``type/shape``."""
        out: dict[str, int] = {}
        kinds, box = self.rules.kinds, self.rules.box
        for tile in tiles:
            kind = kinds[box[tile]]
            label = f"{kind.type_id}/{kind.shape_id}"
            out[label] = out.get(label, 0) + 1
        return out
