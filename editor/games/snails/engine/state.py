"""The Snails game state: flat lists of ints, the mutators the rules use, the decision loop."""

from __future__ import annotations

import random
from collections.abc import Generator, Hashable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision, IllegalChoice, Outcome
from editor.games.snails.engine.decisions import options_text
from editor.games.snails.engine.effects import Ctx, run_ops
from editor.games.snails.engine.tables import DIRECTIONS

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import Ability, Rules
    from editor.games.snails.engine.tables import BoardTables

Gen = Generator[Decision, Any, Any]


class GameOver(Exception):
    """Raised at a safe point when the match has ended; the flow stops there."""


class State:
    """A Snails match: board, snails, cards, and the decision it waits for."""

    def __init__(
        self, rules: Rules, tables: BoardTables, n_players: int, modules: frozenset[str], seed: int
    ) -> None:
        """An empty match (no tiles, no snails); see setup.new_match and scenario.from_scenario."""
        self.rules = rules
        self.tables = tables
        self.modules = modules
        self.specialists = "specialists" in modules
        self.wind_on = "wind" in modules
        self.rng = random.Random(seed)
        self.seed = seed
        self.n = n_players
        self.first = 0
        self.round = 0
        self.phase = "setup"
        size = tables.size
        self.stack: list[tuple[int, ...]] = [()] * size
        self.backs: list[tuple[str, ...]] = [()] * size
        self.level: list[int] = [0] * size
        self.tok: list[list[int]] = [[0] * size for _ in rules.tokens]
        self.occ: list[tuple[int, ...]] = [()] * size
        # snails, parallel lists indexed by snail number
        self.snail_names: list[str] = []
        self.sp: list[int] = []
        self.sat: list[int] = []
        self.shp: list[int] = []
        self.smax: list[int] = []
        self.sshell: list[bool] = []
        self.skind: list[str] = []
        self.saim: list[int] = []
        self.s_push_immune: list[bool] = []
        self.s_scout: list[int] = []
        self.s_medic: list[tuple[int, int] | None] = []
        self.s_leader: list[bool] = []
        # players
        self.player_names: list[str] = [f"p{i + 1}" for i in range(n_players)]
        self.pfaction: list[str | None] = [None] * n_players
        self.hand: list[list[int]] = [[] for _ in range(n_players)]
        self.program: list[tuple[tuple[int, int], ...] | None] = [None] * n_players
        self.revealed: list[int] = [0] * n_players
        self.used: list[set[str]] = [set() for _ in range(n_players)]
        self.out: list[bool] = [False] * n_players
        self.out_step: list[int] = [-1] * n_players
        self.p_snails: list[list[int]] = [[] for _ in range(n_players)]
        self.p_basic: list[dict[str, int]] = [{} for _ in range(n_players)]
        self.p_faction_card: list[int] = [-1] * n_players
        self.p_ignore_los: list[str | None] = [None] * n_players
        #: When the line-of-sight ability applies: (card kind or None, least dice rolled).
        self.p_ignore_when: list[tuple[str | None, int]] = [(None, 0)] * n_players
        self.p_stay: list[str | None] = [None] * n_players
        #: Whether the stay-in-shell and line-of-sight abilities are a "may" (used only when
        #: chosen; otherwise they simply apply) and once a round: their content flags.
        self.p_stay_optional: list[bool] = [True] * n_players
        self.p_stay_once: list[bool] = [False] * n_players
        self.p_ignore_optional: list[bool] = [True] * n_players
        self.p_ignore_once: list[bool] = [False] * n_players
        self.p_from_water: list[bool] = [False] * n_players
        self.p_water_immune: list[bool] = [False] * n_players
        self.p_draw_extra: list[tuple[int, int, int]] = [(0, 0, 0)] * n_players
        self.p_triggers: list[tuple[Ability, ...]] = [()] * n_players
        self.s_triggers: list[tuple[Ability, ...]] = []
        #: Whether any faction or soldier ability fires on action_resolved or phase_starts.
        self.any_triggers = False
        #: Whether any faction or soldier ability fires on snail_enters.
        self.enter_triggers = False
        #: Whether any soldier ability fires on tile_destroyed or tile_damaged.
        self.tile_triggers = False
        #: The seat whose card is being resolved and the card's id (-1, "": none, such as in
        #: the Cleaning phase): who and what caused an event, for triggers' by and cause.
        self.actor = -1
        self.actor_card = ""
        #: The snail resolving the card being resolved (-1: none).
        self.actor_snail = -1
        #: The heal_on_meeting ability's id (set with the first snail that has it).
        self.medic_id: str = ""
        #: Whether any snail heals on meeting (heal_on_meeting), and whether once a round (its
        #: content's once_per_round, marked under medic_id).
        self.medics = False
        self.medic_once = True
        # cards: instance -> card index
        self.card_of: list[int] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.played: list[int] = []
        self.contamination = int(rules.param("contamination.start", 0))
        self.wind_dir = -1
        self.wind_space = -1
        self.events: list[tuple[Any, ...]] = []
        #: Where snails may be placed at setup (empty: any land).
        self.starts: tuple[int, ...] = ()
        self._forced: list[int] = []
        self._moved: set[int] = set()
        #: The snail a push/step/capacity decision is about, and whether the rules name its
        #: chooser (so a rules example may leave it to the default).
        self.about = -1
        self.by_rule = False
        self.about_ability = ""
        self._elim_count = 0
        self._outcome: Outcome | None = None
        self._gen: Gen | None = None
        self._pending: Decision | None = None
        # numbers read once
        self.capacity = int(rules.param("capacity", 3))
        self.track: list[int] = list(rules.param("contamination.track", [5]))
        self.reduction = int(rules.param("shell.reduction", 5))
        self.cross_water_damage = bool(rules.param("water.damage_when_sinking", False))
        #: The level a snail in the water sees from (the shore), for line of sight.
        self.water_sight = int(rules.param("line_of_sight.from_water", 1))
        self.crawl_moves = int(rules.param("crawl.moves", 2))
        self.crawl_climb = int(rules.param("crawl.climb", 1))
        self.swap_max = int(rules.param("swap.max", 2))
        self.aim_extra = int(rules.param("aim.extra_dice", 1))
        self.plan_snails = int(rules.param("plan.snails", 2))
        self.plan_slots = int(rules.param("plan.slots", 5))
        self.may_pass = bool(rules.param("actions.optional", False))
        #: Spaces one push moves a snail, and the damage per level a pushed snail drops.
        self.push_steps = int(rules.param("push.distance", 1))
        self.fall_damage = int(rules.param("push.falling_damage", 0))
        self.placement = str(rules.param("setup.placement", "alternate"))
        self.draw_per_round = int(rules.param("draw.per_round", 1))
        self.hand_limit = int(rules.param("hand.limit", 5))
        self.contamination_step = int(rules.param("contamination.per_round", 1))
        self.health: dict[str, int] = {
            rank: int(value) for rank, value in (rules.param("health", {}) or {}).items()
        }
        #: Seats not yet eliminated.
        self.players_left = n_players
        self.enter_token_abilities = [
            (t.index, a) for t in rules.tokens for a in t.abilities if "snail_enters" in a.events
        ]
        #: Token abilities by the other events they answer (tokens on the event's space).
        self.token_abilities: dict[str, list[tuple[int, Ability]]] = {
            event: [(t.index, a) for t in rules.tokens for a in t.abilities if event in a.events]
            for event in ("tile_destroyed", "tile_damaged", "action_resolved")
        }
        self.any_triggers = bool(self.token_abilities["action_resolved"])

    # --- the decision loop ------------------------------------------------------------------

    def start(self, flow: Gen) -> None:
        """Run a flow until its first decision."""
        self._gen = flow
        self._advance(None, first=True)

    def _advance(self, choice: Hashable, first: bool = False) -> None:
        gen = self._gen
        assert gen is not None
        try:
            self._pending = next(gen) if first else gen.send(choice)
        except StopIteration:
            self._pending = None
            self._gen = None

    def decision(self) -> Decision | None:
        """The decision waited for, or None when the match is over (or a scenario is idle)."""
        return self._pending

    def apply(self, choice: Hashable) -> None:
        """Take a choice; IllegalChoice (state unchanged) if it is not among the options."""
        d = self._pending
        if d is None:
            raise IllegalChoice("no decision is waited for: the match is over")
        try:
            legal = choice in d.options
        except TypeError:
            legal = False
        if not legal:
            raise IllegalChoice(
                f"{choice!r} is not a legal {d.kind} choice for {self.player_names[d.player]}"
                f" ({d.prompt}); legal: {options_text(d.options)}"
            )
        self._advance(choice)

    def outcome(self) -> Outcome | None:
        """How the match ended, once it has."""
        return self._outcome

    # --- read-outs -------------------------------------------------------------------------------

    @property
    def wind(self) -> str | None:
        """The compass rose's arrow, or None without the wind."""
        return DIRECTIONS[self.wind_dir] if self.wind_dir >= 0 else None

    def sight(self, space: int) -> int:
        """The level a snail on a space sees from, for line of sight: the space's level on
        land, the ruleset's line_of_sight.from_water in the water (the shore's)."""
        return self.level[space] if self.stack[space] else self.water_sight

    def card_id(self, instance: int) -> str:
        """The card id of a card instance."""
        return self.rules.cards[self.card_of[instance]].id

    def snail(self, name: str) -> int:
        """A snail's number by name."""
        try:
            return self.snail_names.index(name)
        except ValueError:
            raise IllegalChoice(
                f"no snail named {name!r}; known: {', '.join(self.snail_names)}"
            ) from None

    def space(self, label: str) -> int:
        """A space's number by label."""
        try:
            return self.tables.index[label]
        except KeyError:
            raise IllegalChoice(f"no space {label!r} on this board") from None

    def snail_info(self, name: str) -> dict[str, Any]:
        """Health, space label (None if dead), shell and life of a snail."""
        s = self.snail(name)
        at = self.sat[s]
        return {
            "health": self.shp[s],
            "at": self.tables.labels[at] if at >= 0 else None,
            "shell": self.sshell[s],
            "alive": at >= 0,
        }

    def terrain_at(self, label: str) -> list[str]:
        """The stack of a space, bottom to top ([] is water)."""
        return [self.rules.tile_ids[t] for t in self.stack[self.space(label)]]

    def damaged_labels(self) -> list[str]:
        """Spaces whose top tile carries a damaged-terrain token, in board order."""
        dmg = self.tok[self.rules.damaged_token]
        return [self.tables.labels[s] for s in range(self.tables.size) if dmg[s]]

    def tokens_at(self, label: str) -> dict[str, int]:
        """Token counts on a space (every token kind, zeros included)."""
        s = self.space(label)
        return {t.id: self.tok[t.index][s] for t in self.rules.tokens}

    def alive_players(self) -> list[int]:
        """Seats still in the game."""
        return [p for p in range(self.n) if not self.out[p]]

    def order(self) -> list[int]:
        """Seats still in, in turn order from the 1st player."""
        n = self.n
        return [(self.first + k) % n for k in range(n) if not self.out[(self.first + k) % n]]

    def view(self, seat: int) -> Any:
        """What one seat may see."""
        from editor.games.snails.engine.view import make_view

        return make_view(self, seat)

    # --- scenarios (rules examples) -----------------------------------------------------

    @classmethod
    def from_scenario(cls, rules: Rules, board: Any, **given: Any) -> State:
        """A state built from a described situation (see scenario.from_scenario)."""
        from editor.games.snails.engine.scenario import from_scenario

        return from_scenario(rules, board, **given)

    def perform(self, snail: str, action: str, **keys: Any) -> None:
        """Resolve one action outside the planning flow (see scenario.perform); atomic."""
        from editor.games.snails.engine.scenario import perform

        perform(self, snail, action, **keys)

    def run_phase(self, name: str, roll: Sequence[str] | None = None) -> None:
        """Run one whole phase (see scenario.run_phase); atomic."""
        from editor.games.snails.engine.scenario import run_phase

        run_phase(self, name, roll)

    # --- dice --------------------------------------------------------------------------------

    def force_dice(self, faces: Sequence[str]) -> None:
        """The next dice rolled take these results, in order."""
        self._forced.extend(self.rules.face(f) for f in faces)

    def forced_dice(self) -> tuple[str, ...]:
        """The forced results not rolled yet, in order."""
        names = self.rules.face_names
        return tuple(names[f] for f in self._forced)

    def clear_forced_dice(self) -> int:
        """Forget the forced results not rolled yet; how many there were."""
        left = len(self._forced)
        self._forced.clear()
        return left

    def roll(self, n: int) -> list[int]:
        """Roll ``n`` attack dice (forced results first)."""
        out = []
        faces = self.rules.faces
        for _ in range(n):
            out.append(
                self._forced.pop(0) if self._forced else faces[self.rng.randrange(len(faces))]
            )
        return out

    # --- snails: damage, healing, death ----------------------------------------------------

    def deal(self, s: int, amount: int, cause: str) -> None:
        """Damage a snail (the shell reduces it); death at 0 health."""
        if self.sat[s] < 0:
            return
        if self.sshell[s]:
            amount -= self.reduction
            if amount <= 0:
                return
        hp = self.shp[s] - amount
        self.shp[s] = hp
        self.events.append(("damage", s, amount, cause))
        if hp <= 0:
            self.kill(s, cause)

    def heal(self, s: int, amount: int) -> None:
        """Heal a living snail up to its starting health."""
        if self.sat[s] < 0:
            return
        gain = min(amount, self.smax[s] - self.shp[s])
        if gain > 0:
            self.shp[s] += gain
            self.events.append(("heal", s, gain))

    def kill(self, s: int, cause: str) -> None:
        """A snail dies: off the board; its player is out when it was the last one."""
        at = self.sat[s]
        self.occ[at] = tuple(x for x in self.occ[at] if x != s)
        self.sat[s] = -1
        self.sshell[s] = False
        self.saim[s] = 0
        self.shp[s] = 0
        p = self.sp[s]
        self.events.append(("death", s, p, cause, self.tables.labels[at]))
        if not any(self.sat[x] >= 0 for x in self.p_snails[p]):
            self.out[p] = True
            self.players_left -= 1
            self.out_step[p] = self._elim_count
            self.events.append(("eliminated", p))

    def set_shell(self, s: int, inside: bool) -> None:
        """A living snail enters or leaves its shell."""
        if self.sat[s] >= 0 and self.sshell[s] != inside:
            self.sshell[s] = inside
            self.events.append(("shell", s, inside))

    # --- end of the match ---------------------------------------------------------------------

    def check_end(self) -> None:
        """End the match (raise GameOver) when at most one player is left."""
        self._elim_count += 1
        if self.players_left <= 1:
            self.finish("last-standing")

    def finish(self, reason: str) -> None:
        """Decide the winners by the ruleset's victory order, log it, raise GameOver."""
        if self._outcome is not None:
            raise GameOver
        alive = [p for p in range(self.n) if not self.out[p]]
        if not alive:
            last = max(self.out_step)
            alive = [p for p in range(self.n) if self.out_step[p] == last]
            reason = "all-eliminated"
        cands = alive
        for rule in self.rules.param(
            "victory", ["last-standing", "most-living-snails", "leader-alive", "total-health"]
        ):
            if len(cands) <= 1:
                break
            score = _VICTORY_SCORES.get(rule)
            if score is None:
                continue
            best = max(score(self, p) for p in cands)
            cands = [p for p in cands if score(self, p) == best]
        winners = tuple(sorted(cands))
        lost_water = sum(1 for e in self.events if e[0] == "death" and e[3] == "water")
        lost_attack = sum(1 for e in self.events if e[0] == "death" and e[3] == "attack")
        self._outcome = Outcome(
            winners=winners,
            reason=reason,
            rounds=self.round,
            details={"snails_lost_to_water": lost_water, "snails_lost_to_attacks": lost_attack},
        )
        self.events.append(("end", winners, reason))
        raise GameOver

    # --- movement ----------------------------------------------------------------------------

    def _relocate(self, s: int, dest: int, kind: str) -> None:
        frm = self.sat[s]
        if frm >= 0:
            self.occ[frm] = tuple(x for x in self.occ[frm] if x != s)
        self.occ[dest] = (*self.occ[dest], s)
        self.sat[s] = dest
        self._moved.add(s)
        labels = self.tables.labels
        self.events.append((kind, s, labels[frm] if frm >= 0 else None, labels[dest]))

    def pushable(self, s: int) -> bool:
        """Whether a push can move this snail (not in its shell, not a Grunt)."""
        return not self.sshell[s] and not self.s_push_immune[s]

    def can_enter(self, dest: int, frm: int) -> bool:
        """Whether a snail coming from ``frm`` can enter ``dest`` (room, or one to push on)."""
        occ = self.occ[dest]
        if len(occ) < self.capacity:
            return True
        if frm < 0:
            return False
        if not self.tables.away[frm][dest]:
            return False
        return any(self.pushable(x) for x in occ)

    def enter(self, s: int, dest: int, frm: int, chooser: int, kind: str = "move") -> Gen:
        """Move a snail onto a space: room made by pushing one on, water, tokens. Returns moved."""
        occ = self.occ[dest]
        if len(occ) >= self.capacity:
            onward = self.tables.away[frm][dest] if frm >= 0 else ()
            victims = [x for x in occ if self.pushable(x)] if onward else []
            if not victims:
                return False
            self.about = s
            if len(victims) > 1:
                victim = yield Decision(
                    chooser, "capacity", tuple(victims), "which snail is pushed on"
                )
            else:
                victim = victims[0]
            self.about = victim
            if len(onward) > 1:
                to = yield Decision(
                    chooser, "push", onward, f"where {self.snail_names[victim]} is pushed"
                )
            else:
                to = onward[0]
            yield from self.enter(victim, to, dest, chooser, "push")
            if len(self.occ[dest]) >= self.capacity:
                return False
        self._relocate(s, dest, kind)
        if kind == "push" and self.fall_damage and frm >= 0:
            drop = self.level[frm] - self.level[dest]
            if drop > 0:
                self.deal(s, drop * self.fall_damage, "effect")
                if self.sat[s] < 0:
                    return True
        yield from self.arrived(s, dest, chooser)
        return True

    def arrived(self, s: int, dest: int, chooser: int) -> Gen:
        """What entering a space does: water damage, aim lost at sea, token triggers."""
        if not self.stack[dest]:
            self.saim[s] = 0
            if not self.p_water_immune[self.sp[s]]:
                self.deal(s, self.track[self.contamination], "water")
        if self.sat[s] < 0:
            return
        for tok, ability in self.enter_token_abilities:
            if self.tok[tok][dest]:
                ctx = Ctx(chooser, s, ability.id, dest)
                ctx.event_snails = (s,)
                ctx.event_space = dest
                ctx.damage_cause = self.rules.tokens[tok].damage_cause
                yield from run_ops(self, ctx, ability.effects)
        if self.enter_triggers:
            yield from self.enter_abilities(s, dest)

    def enter_abilities(self, s: int, dest: int) -> Gen:
        """Faction abilities answering any snail entering a space, then the entering snail's
        own (soldier) abilities; ``by`` and ``cause`` are the card being resolved."""
        by, cause = self.actor, self.actor_card
        owner = self.sp[s]
        for p in range(self.n):
            for ability in self.p_triggers[p]:
                if "snail_enters" not in ability.events or self.out[p]:
                    continue
                if self.sat[s] != dest:
                    return  # the snail died or was moved on by an earlier ability
                if (ability.by == "own" and p != by) or (
                    ability.cause is not None and cause not in ability.cause
                ):
                    continue
                ctx = self._enter_ctx(p, s if owner == p else -1, ability.id, s, dest)
                yield from self.use_ability(p, ability, ctx, dest)
        for ability in self.s_triggers[s]:
            if "snail_enters" not in ability.events:
                continue
            if self.sat[s] != dest:
                return
            if (ability.by == "own" and owner != by) or (
                ability.cause is not None and cause not in ability.cause
            ):
                continue
            ctx = self._enter_ctx(owner, s, ability.id, s, dest)
            yield from self.use_ability(owner, ability, ctx, dest)

    def _enter_ctx(self, p: int, snail: int, cause: str, s: int, dest: int) -> Ctx:
        ctx = Ctx(p, snail, cause, dest)
        ctx.event_snails = (s,)
        ctx.event_space = dest
        ctx.spaces = (dest,)
        return ctx

    def push(self, s: int, origin: int, chooser: int, by_rule: bool = False) -> Gen:
        """Push a snail one space away from ``origin`` (any direction when -1). Returns moved."""
        at = self.sat[s]
        if at < 0 or not self.pushable(s):
            return False
        # tables.away holds on-board spaces only
        cands = self.tables.nbrs[at] if origin < 0 else self.tables.away[origin][at]
        if not cands:
            return False
        if len(cands) > 1:
            self.about, self.by_rule = s, by_rule
            to = yield Decision(chooser, "push", cands, f"where {self.snail_names[s]} is pushed")
            self.by_rule = False
        else:
            to = cands[0]
        moved = yield from self.enter(s, to, at, chooser, "push")
        return moved

    def place(self, s: int, dest: int, chooser: int) -> Gen:
        """Put a snail on a space (not a push: Grunts too)."""
        at = self.sat[s]
        if at < 0 or at == dest:
            return False
        moved = yield from self.enter(s, dest, at, chooser, "move")
        return moved

    def move_toward(self, s: int, goal: int, distance: int, chooser: int) -> Gen:
        """Move a snail step by step toward a space."""
        for _ in range(distance):
            at = self.sat[s]
            if at < 0 or at == goal:
                return
            cands = tuple(x for x in self.tables.toward[goal][at] if self.can_enter(x, at))
            if not cands:
                return
            self.about = s
            if len(cands) > 1:
                to = yield Decision(chooser, "step", cands, f"where {self.snail_names[s]} moves")
            else:
                to = cands[0]
            moved = yield from self.enter(s, to, at, chooser, "move")
            if not moved:
                return

    # --- terrain -----------------------------------------------------------------------------

    def set_top(self, space: int, stack: tuple[int, ...], backs: tuple[str, ...]) -> None:
        """Set a space's tiles (bottom to top) and recompute its level."""
        self.stack[space] = stack
        self.backs[space] = backs
        self.level[space] = self.rules.level_of(stack[-1]) if stack else 0

    def destroy(self, space: int, cause: str, by: int, snail: int) -> Gen:
        """Remove a space's top tile, discard its tokens, fire its back's abilities."""
        stack = self.stack[space]
        if not stack:
            return
        tile = stack[-1]
        back = self.backs[space][-1]
        # tokens answering their tile's destruction fire once it is gone (they go with it)
        doomed = [
            a
            for tok, a in self.token_abilities["tile_destroyed"]
            if self.tok[tok][space] and (a.cause is None or cause in a.cause)
        ]
        self.set_top(space, stack[:-1], self.backs[space][:-1])
        for row in self.tok:
            row[space] = 0
        label = self.tables.labels[space]
        self.events.append(("destroyed", label, self.rules.tile_ids[tile], back, self.round))
        if not self.stack[space]:
            for s in self.occ[space]:
                self.saim[s] = 0
                if self.cross_water_damage and not self.p_water_immune[self.sp[s]]:
                    self.deal(s, self.track[self.contamination], "water")
        for ability in self.rules.backs.get(back, ()):
            if "tile_destroyed" in ability.events and (
                ability.cause is None or cause in ability.cause
            ):
                ctx = self._event_ctx(by, snail, cause, space)
                yield from run_ops(self, ctx, ability.effects)
        for ability in doomed:
            yield from run_ops(self, self._event_ctx(by, snail, cause, space), ability.effects)
        yield from self.player_triggers("tile_destroyed", by, snail, cause, space)
        if self.tile_triggers:
            for s in self.occ[space]:
                yield from self.snail_triggers("tile_destroyed", s, cause, by=by)

    def damage_terrain(self, space: int, cause: str, by: int, snail: int) -> Gen:
        """Put a damaged token on the top tile, or destroy it when it already has one."""
        if not self.stack[space]:
            return
        dmg = self.tok[self.rules.damaged_token]
        if dmg[space]:
            yield from self.destroy(space, cause, by, snail)
            return
        dmg[space] = 1
        self.events.append(("damaged", self.tables.labels[space]))
        # the hidden back of the damaged tile, then the tokens lying on it
        for ability in self.rules.backs.get(self.backs[space][-1], ()):
            if "tile_damaged" in ability.events and (
                ability.cause is None or cause in ability.cause
            ):
                yield from run_ops(self, self._event_ctx(by, snail, cause, space), ability.effects)
        for tok, ability in self.token_abilities["tile_damaged"]:
            if self.tok[tok][space] and (ability.cause is None or cause in ability.cause):
                yield from run_ops(self, self._event_ctx(by, snail, cause, space), ability.effects)
        yield from self.player_triggers("tile_damaged", by, snail, cause, space)
        if self.tile_triggers:
            for s in self.occ[space]:
                yield from self.snail_triggers("tile_damaged", s, cause, by=by)

    def _event_ctx(self, by: int, snail: int, cause: str, space: int) -> Ctx:
        ctx = Ctx(by, snail, cause, space)
        ctx.event_space = space
        ctx.event_snails = self.occ[space] if space >= 0 else ()
        ctx.spaces = (space,) if space >= 0 else ()
        return ctx

    def player_triggers(
        self,
        event: str,
        by: int,
        snail: int,
        cause: str,
        space: int,
        phase: str | None = None,
    ) -> Gen:
        """Faction abilities answering an event caused by seat ``by``."""
        for p in range(self.n):
            for ability in self.p_triggers[p]:
                if event not in ability.events or self.out[p]:
                    continue
                if ability.by == "own" and p != by:
                    continue
                if ability.cause is not None and cause not in ability.cause:
                    continue
                if ability.phase is not None and ability.phase != phase:
                    continue
                ctx = self._event_ctx(p, snail if p == by else -1, ability.id, space)
                if event == "action_resolved" and snail >= 0:
                    ctx.event_snails = (snail,)
                yield from self.use_ability(p, ability, ctx, space)

    def snail_triggers(
        self, event: str, s: int, cause: str, phase: str | None = None, by: int | None = None
    ) -> Gen:
        """A snail's own (soldier) abilities answering an event about it (its action, a phase,
        the tile under it); ``by``, when given, is the seat that caused the event."""
        p = self.sp[s]
        for ability in self.s_triggers[s]:
            if event not in ability.events or self.sat[s] < 0:
                continue
            if by is not None and ability.by == "own" and by != p:
                continue
            if ability.cause is not None and cause not in ability.cause:
                continue
            if ability.phase is not None and ability.phase != phase:
                continue
            at = self.sat[s]
            ctx = self._event_ctx(p, s, ability.id, at)
            ctx.event_snails = (s,)
            yield from self.use_ability(p, ability, ctx, at)

    def use_ability(self, p: int, ability: Ability, ctx: Ctx, space: int) -> Gen:
        """Use a triggered ability: once-per-round marker, the owner's "may", its effects."""
        if ability.once and ability.id in self.used[p]:
            return
        self.about_ability = ability.id
        if ability.needs_adjacent:
            spaces = (
                tuple(x for x in self.tables.nbrs[space] if self.stack[x]) if space >= 0 else ()
            )
            if not spaces:
                return
            opts: tuple[int | None, ...] = ((None,) if ability.optional else ()) + spaces
            where = self.tables.labels[space]
            pick = yield Decision(p, "ability", opts, f"{ability.name}: a space next to {where}")
            if pick is None:
                return
            ctx.adjacent = (pick,)
        elif ability.optional:
            yes = yield Decision(p, "ability", (False, True), f"use {ability.name}?")
            if not yes:
                return
        if ability.once:
            self.used[p].add(ability.id)
        self.events.append(("ability", p, ability.id))
        yield from run_ops(self, ctx, ability.effects)

    def add_token(self, tok: int, space: int, count: int) -> None:
        """Add (or with a negative count remove) tokens; never on water."""
        if count > 0 and not self.stack[space] and not self.rules.tokens[tok].on_water:
            return
        row = self.tok[tok]
        row[space] = max(0, row[space] + count)

    def move_contamination(self, steps: int) -> None:
        """Move the contamination marker along its track (clamped)."""
        new = max(0, min(len(self.track) - 1, self.contamination + steps))
        if new != self.contamination:
            self.contamination = new
            self.events.append(("contamination", new))

    # --- cards -------------------------------------------------------------------------------

    def draw(self, p: int, count: int, from_discard: bool = False) -> list[int]:
        """Draw cards into a hand: from the deck (the discard pile reshuffled when it runs out)
        or from the shuffled discard pile."""
        got: list[int] = []
        if from_discard:
            self.rng.shuffle(self.discard)
        for _ in range(count):
            if from_discard:
                if not self.discard:
                    break
                got.append(self.discard.pop())
                continue
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
            got.append(self.deck.pop())
        self.hand[p].extend(got)
        if got:
            self.events.append(("draw", p, len(got)))
        return got

    def discard_from_hand(self, p: int, count: int) -> Gen:
        """The player discards ``count`` cards of their choice."""
        hand = self.hand[p]
        count = min(count, len(hand))
        if count <= 0:
            return
        opts = tuple(combinations(hand, count))
        pick = (
            (yield Decision(p, "discard", opts, f"discard {count}")) if len(opts) > 1 else opts[0]
        )
        for c in pick:
            hand.remove(c)
            self.discard.append(c)

    def search_discard(self, p: int, count: int, kind: str) -> Gen:
        """Shuffle the discard pile, then take ``count`` cards of a kind from it."""
        self.rng.shuffle(self.discard)
        cards = self.rules.cards
        for _ in range(count):
            opts = tuple(
                c for c in self.discard if kind == "any" or cards[self.card_of[c]].kind == kind
            )
            if not opts:
                return
            pick = (
                (yield Decision(p, "search", opts, "take a card from the discard pile"))
                if len(opts) > 1
                else opts[0]
            )
            self.discard.remove(pick)
            self.hand[p].append(pick)


def _living(st: State, p: int) -> int:
    return sum(1 for s in st.p_snails[p] if st.sat[s] >= 0)


def _leader(st: State, p: int) -> int:
    return int(any(st.sat[s] >= 0 and st.s_leader[s] for s in st.p_snails[p]))


def _health(st: State, p: int) -> int:
    return sum(st.shp[s] for s in st.p_snails[p] if st.sat[s] >= 0)


_VICTORY_SCORES = {
    "most-living-snails": _living,
    "leader-alive": _leader,
    "total-health": _health,
}
