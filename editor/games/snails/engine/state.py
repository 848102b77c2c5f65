"""The Snails game state: flat lists of ints, the decision loop and the read-outs.

The mutators the rules use live in modules with one job each (dice, health, movement,
terrain, triggers, cards, victory) as functions of the state; the class's methods of the
same names call them (compiled) or are them (run from source: see :data:`MUTATOR_MODULES`), so
``st.deal(...)`` costs what a method defined here would.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Generator, Hashable, Mapping, Sequence
from functools import lru_cache
from types import FunctionType
from typing import TYPE_CHECKING, Any, NamedTuple

from editor.core.engine import Decision, IllegalChoice, Outcome
from editor.games.snails.engine import cards, dice, health, movement, terrain, triggers, victory
from editor.games.snails.engine.decisions import Action, options_text
from editor.games.snails.engine.tables import DIRECTIONS
from editor.games.snails.engine.victory import GameOver
from editor.games.snails.engine.view import SnailsView

if TYPE_CHECKING:
    from editor.games.snails.engine.effects import Ctx
    from editor.games.snails.engine.rules import Ability, Rules
    from editor.games.snails.engine.tables import BoardTables
    from editor.games.snails.engine.terrain import Aftermath

Gen = Generator[Decision, Any, Any]
#: The kinds of event kept in ``State.milestones`` as well as in the log: plays, deaths,
#: destroyed tiles, rounds and the start, what the Snails measures read (``metrics.tally``).
MILESTONES = frozenset({"play", "death", "destroyed", "round", "start"})
#: A space's crawls for the levels around it: the neighbours a crawl may climb to, the
#: crawls of that one step, and the two-step crawls through that space (``actions._climbs``).
Climbs = tuple[tuple[int, ...], tuple[Action, ...], tuple[Action, ...]]


class State:
    """A Snails match: board, snails, cards, and the decision it waits for."""

    def __init__(
        self, rules: Rules, tables: BoardTables, n_players: int, modules: frozenset[str], seed: int
    ) -> None:
        """An empty match (no tiles, no snails); see setup.new_match and scenario.from_scenario."""
        self.rules = rules
        self.tables = tables
        self.modules = modules
        self.wind_on = "wind" in modules  # an engine module (rules.ENGINE_MODULES)
        self.rng = random.Random(seed)
        self.seed = seed
        self.n = n_players
        #: Per 1st player: every seat in turn order from them (order() leaves out the out).
        self.turns = _turns(n_players)
        self.first = 0
        self.round = 0
        self.phase = "setup"
        size = tables.size
        self.stack: list[tuple[int, ...]] = [()] * size
        self.backs: list[tuple[str, ...]] = [()] * size
        self.level: list[int] = [0] * size
        #: Per space, its crawls of up to two steps for the levels around it now, when known
        #: (see ``actions._climbs``); a change of level forgets the space's and its neighbours'.
        self.climbs: list[Climbs | None] = [None] * size
        self.tok: list[list[int]] = [[0] * size for _ in rules.tokens]
        self.occ: list[tuple[int, ...]] = [()] * size
        #: How many spaces hold ``capacity`` snails or more (kept by every change of ``occ``):
        #: while none does, every space has room, and crawls need not look.
        self.crowded = 0
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
        #: Whether any faction or soldier ability fires on snail_enters.
        self.enter_triggers = False
        #: Whether any soldier ability fires on tile_destroyed or tile_damaged.
        self.tile_triggers = False
        #: Every event some seat's faction abilities answer (setup_players adds them).
        self.faction_events: frozenset[str] = frozenset()
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
        self.contamination = int(rules.param("contamination.start"))
        self.wind_dir = -1
        self.wind_space = -1
        self.events: list[tuple[Any, ...]] = []
        #: The events of ``events`` whose kind is one of :data:`MILESTONES`, the same tuples in
        #: the same order, logged to both as they happen: the measures read these (the
        #: outcome's details carry them) instead of passing over the whole log.
        self.milestones: list[tuple[Any, ...]] = []
        #: The cause of each death logged in ``events``, in order (for the outcome's counts).
        self.death_causes: list[str] = []
        #: Where snails may be placed at setup (empty: any land).
        self.starts: tuple[int, ...] = ()
        #: Die faces the next rolls take (a rules example's roll), in order.
        self.forced_faces: list[int] = []
        #: Snails that moved or were placed during the action being resolved.
        self.moved: set[int] = set()
        #: The snail a push/step/capacity decision is about, and whether the rules name its
        #: chooser (so a rules example may leave it to the default).
        self.about = -1
        self.by_rule = False
        self.about_ability = ""
        #: Tiles' events held back until the moment being resolved ends (terrain.at_once);
        #: None outside such a moment.
        self.moment: list[Aftermath] | None = None
        #: Safe points passed (check_end): which step a seat was eliminated at, for ties.
        self.elim_count = 0
        #: How the match ended, once it has.
        self.ended: Outcome | None = None
        self._gen: Gen | None = None
        self._pending: Decision | None = None
        # numbers read once (per rules: a match reads them at set-up)
        (
            self.capacity,
            track,
            self.reduction,
            self.cross_water_damage,
            #: The level a snail in the water sees from (the shore), for line of sight.
            self.water_sight,
            self.crawl_moves,
            self.crawl_climb,
            self.swap_max,
            self.aim_extra,
            self.plan_snails,
            self.plan_slots,
            self.may_pass,
            #: Spaces one push moves a snail, and the damage per level a pushed snail drops.
            self.push_steps,
            self.fall_damage,
            self.placement,
            self.draw_per_round,
            self.hand_limit,
            self.contamination_step,
            health,
            #: The phases some token's ability fires at (phase_starts; a phase-less one:
            #: Cleaning).
            self.token_phases,
        ) = rules.derived("state numbers", _numbers)
        self.track: list[int] = list(track)
        self.health: dict[str, int] = dict(health)
        #: Seats not yet eliminated.
        self.players_left = n_players
        self.enter_token_abilities = rules.token_triggers["snail_enters"]
        #: Token abilities by the events they answer (tokens on the event's space; those of
        #: phase_starts on any space).
        self.token_abilities: Mapping[str, tuple[tuple[int, Ability], ...]] = rules.token_triggers
        #: Whether anything answers action_resolved or phase_starts, so the flow looks for
        #: triggers after each action and at each phase: a token's ability here, a faction's or
        #: soldier's as setup adds them (setup_players, add_snail).
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
        gen = self._gen  # _advance, written out: this runs for every decision
        assert gen is not None
        try:
            self._pending = gen.send(choice)
        except StopIteration:
            self._pending = None
            self._gen = None

    def outcome(self) -> Outcome | None:
        """How the match ended, once it has."""
        return self.ended

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

    def order(self) -> tuple[int, ...]:
        """Seats still in, in turn order from the 1st player."""
        out = self.out
        turns = self.turns[self.first]
        return tuple([p for p in turns if not out[p]]) if any(out) else turns

    def log_milestone(self, event: tuple[Any, ...]) -> None:
        """Log an event of a kind in :data:`MILESTONES`, to the log and to the milestones."""
        self.events.append(event)
        self.milestones.append(event)

    def view(self, seat: int) -> Any:
        """What one seat may see."""
        return SnailsView(self, seat)

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

    # --- atomic steps (rules examples) -------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Copies of everything that changes while playing, for :meth:`restore`."""
        snap = {name: copy.deepcopy(getattr(self, name)) for name in _MUTABLE}
        snap["rng"] = self.rng.getstate()
        return snap

    def restore(self, snap: Mapping[str, Any]) -> None:
        """Put a :meth:`snapshot` back."""
        for name in _MUTABLE:
            setattr(self, name, snap[name])
        self.climbs = [None] * len(self.level)  # worked out again for the levels put back
        self.rng.setstate(snap["rng"])

    # --- the mutators, by job ------------------------------------------------------------

    def force_dice(self, faces: Sequence[str]) -> None:
        """The next dice rolled take these results, in order (``dice.force_dice``)."""
        dice.force_dice(self, faces)

    def forced_dice(self) -> tuple[str, ...]:
        """The forced results not rolled yet, in order (``dice.forced_dice``)."""
        return dice.forced_dice(self)

    def clear_forced_dice(self) -> int:
        """See ``dice.clear_forced_dice``."""
        return dice.clear_forced_dice(self)

    def roll(self, n: int) -> list[int]:
        """Roll ``n`` attack dice (forced results first) (``dice.roll``)."""
        return dice.roll(self, n)

    def deal(self, s: int, amount: int, cause: str) -> None:
        """Damage a snail (the shell reduces it); death at 0 health (``health.deal``)."""
        health.deal(self, s, amount, cause)

    def heal(self, s: int, amount: int) -> None:
        """Heal a living snail up to its starting health (``health.heal``)."""
        health.heal(self, s, amount)

    def kill(self, s: int, cause: str) -> None:
        """See ``health.kill``."""
        health.kill(self, s, cause)

    def set_shell(self, s: int, inside: bool) -> None:
        """A living snail enters or leaves its shell (``health.set_shell``)."""
        health.set_shell(self, s, inside)

    def check_end(self) -> None:
        """See ``victory.check_end``."""
        victory.check_end(self)

    def finish(self, reason: str) -> None:
        """See ``victory.finish``."""
        victory.finish(self, reason)

    def begin_action(self) -> None:
        """See ``movement.begin_action``."""
        movement.begin_action(self)

    def has_moved(self, s: int) -> bool:
        """See ``movement.has_moved``."""
        return movement.has_moved(self, s)

    def relocate(self, s: int, dest: int, kind: str) -> None:
        """See ``movement.relocate``."""
        movement.relocate(self, s, dest, kind)

    def place_at_setup(self, s: int, dest: int) -> None:
        """See ``movement.place_at_setup``."""
        movement.place_at_setup(self, s, dest)

    def pushable(self, s: int) -> bool:
        """See ``movement.pushable``."""
        return movement.pushable(self, s)

    def can_enter(self, dest: int, frm: int) -> bool:
        """See ``movement.can_enter``."""
        return movement.can_enter(self, dest, frm)

    def enter(self, s: int, dest: int, frm: int, chooser: int, kind: str = "move") -> Gen:
        """See ``movement.enter``."""
        return movement.enter(self, s, dest, frm, chooser, kind)

    def enter_room(self, s: int, dest: int, frm: int, chooser: int, kind: str) -> Gen | None:
        """See ``movement.enter_room``."""
        return movement.enter_room(self, s, dest, frm, chooser, kind)

    def arrived(self, s: int, dest: int, chooser: int) -> Gen:
        """See ``movement.arrived``."""
        return movement.arrived(self, s, dest, chooser)

    def push(self, s: int, origin: int, chooser: int, by_rule: bool = False) -> Gen:
        """See ``movement.push``."""
        return movement.push(self, s, origin, chooser, by_rule)

    def place(self, s: int, dest: int, chooser: int) -> Gen:
        """Put a snail on a space (not a push: Grunts too) (``movement.place``)."""
        return movement.place(self, s, dest, chooser)

    def move_toward(self, s: int, goal: int, distance: int, chooser: int) -> Gen:
        """Move a snail step by step toward a space (``movement.move_toward``)."""
        return movement.move_toward(self, s, goal, distance, chooser)

    def enter_abilities(self, s: int, dest: int) -> Gen:
        """See ``triggers.enter_abilities``."""
        return triggers.enter_abilities(self, s, dest)

    def player_triggers(
        self, event: str, by: int, snail: int, cause: str, space: int, phase: str | None = None
    ) -> Gen:
        """See ``triggers.player_triggers``."""
        return triggers.player_triggers(self, event, by, snail, cause, space, phase)

    def snail_triggers(
        self, event: str, s: int, cause: str, phase: str | None = None, by: int | None = None
    ) -> Gen:
        """See ``triggers.snail_triggers``."""
        return triggers.snail_triggers(self, event, s, cause, phase, by)

    def use_ability(self, p: int, ability: Ability, ctx: Ctx, space: int) -> Gen:
        """See ``triggers.use_ability``."""
        return triggers.use_ability(self, p, ability, ctx, space)

    def set_top(self, space: int, stack: tuple[int, ...], backs: tuple[str, ...]) -> None:
        """Set a space's tiles (bottom to top) and recompute its level (``terrain.set_top``)."""
        terrain.set_top(self, space, stack, backs)

    def destroy(self, space: int, cause: str, by: int, snail: int) -> Gen:
        """See ``terrain.destroy``."""
        return terrain.destroy(self, space, cause, by, snail)

    def destroy_now(self, space: int, cause: str, by: int, snail: int) -> Aftermath | None:
        """See ``terrain.destroy_now``."""
        return terrain.destroy_now(self, space, cause, by, snail)

    def damage_terrain(self, space: int, cause: str, by: int, snail: int) -> Gen:
        """See ``terrain.damage_terrain``."""
        return terrain.damage_terrain(self, space, cause, by, snail)

    def damage_terrain_now(self, space: int, cause: str, by: int, snail: int) -> Aftermath | None:
        """See ``terrain.damage_terrain_now``."""
        return terrain.damage_terrain_now(self, space, cause, by, snail)

    def aftermath(self, after: Aftermath) -> Gen:
        """See ``terrain.aftermath``."""
        return terrain.aftermath(self, after)

    def add_token(self, tok: int, space: int, count: int) -> None:
        """Add (or with a negative count remove) tokens; never on water (``terrain.add_token``)."""
        terrain.add_token(self, tok, space, count)

    def move_contamination(self, steps: int) -> None:
        """See ``terrain.move_contamination``."""
        terrain.move_contamination(self, steps)

    def draw(self, p: int, count: int, from_discard: bool = False) -> list[int]:
        """See ``cards.draw``."""
        return cards.draw(self, p, count, from_discard)

    def discard_from_hand(self, p: int, count: int) -> Gen:
        """The player discards ``count`` cards of their choice (``cards.discard_from_hand``)."""
        return cards.discard_from_hand(self, p, count)

    def search_discard(self, p: int, count: int, kind: str) -> Gen:
        """See ``cards.search_discard``."""
        return cards.search_discard(self, p, count, kind)


class _Numbers(NamedTuple):
    """The ruleset's numbers a match reads once (``State.__init__``), read once per rules."""

    capacity: int
    track: tuple[int, ...]
    reduction: int
    cross_water_damage: bool
    water_sight: int
    crawl_moves: int
    crawl_climb: int
    swap_max: int
    aim_extra: int
    plan_snails: int
    plan_slots: int
    may_pass: bool
    push_steps: int
    fall_damage: int
    placement: str
    draw_per_round: int
    hand_limit: int
    contamination_step: int
    health: dict[str, int]
    token_phases: frozenset[str]


@lru_cache(maxsize=64)
def _turns(n: int) -> tuple[tuple[int, ...], ...]:
    """``State.turns`` of ``n`` players (made once per number)."""
    return tuple(tuple((first + k) % n for k in range(n)) for first in range(n))


def _numbers(rules: Rules) -> _Numbers:
    """The :class:`_Numbers` of a ruleset."""
    param = rules.param
    return _Numbers(
        capacity=int(param("capacity")),
        track=tuple(param("contamination.track")),
        reduction=int(param("shell.reduction")),
        cross_water_damage=bool(param("water.damage_when_sinking")),
        water_sight=int(param("line_of_sight.from_water")),
        crawl_moves=int(param("crawl.moves")),
        crawl_climb=int(param("crawl.climb")),
        swap_max=int(param("swap.max")),
        aim_extra=int(param("aim.extra_dice")),
        plan_snails=int(param("plan.snails")),
        plan_slots=int(param("plan.slots")),
        may_pass=bool(param("actions.optional")),
        push_steps=int(param("push.distance")),
        fall_damage=int(param("push.falling_damage")),
        placement=str(param("setup.placement")),
        draw_per_round=int(param("draw.per_round")),
        hand_limit=int(param("hand.limit")),
        contamination_step=int(param("contamination.per_round")),
        health={rank: int(value) for rank, value in param("health").items()},
        token_phases=frozenset(
            a.phase or "cleaning" for _, a in rules.token_triggers["phase_starts"]
        ),
    )


#: State attributes a refused rules-example step puts back (everything that changes in play).
_MUTABLE = (
    "first",
    "round",
    "phase",
    "stack",
    "backs",
    "level",
    "tok",
    "occ",
    "crowded",
    "sat",
    "shp",
    "sshell",
    "saim",
    "hand",
    "program",
    "revealed",
    "used",
    "out",
    "out_step",
    "deck",
    "discard",
    "played",
    "contamination",
    "wind_dir",
    "events",
    "milestones",
    "death_causes",
    "forced_faces",
    "moved",
    "elim_count",
    "ended",
    "players_left",
    "card_of",
    "about",
    "by_rule",
    "about_ability",
    "moment",
    "actor",
    "actor_card",
    "actor_snail",
)

#: The modules whose functions the mutator methods above call (each method has its
#: function's name).
MUTATOR_MODULES = (dice, health, victory, movement, triggers, terrain, cards)


def _compiled_probe() -> None:
    """Nothing: a plain function is a FunctionType only when run from source."""


if isinstance(_compiled_probe, FunctionType):
    # Run from its source (not compiled, see editor/accelerated.py): the class takes the
    # module functions themselves as its methods, one Python call less for each. Compiled,
    # a class cannot hold a function as a method, and its methods call them, in C.
    for _name in list(vars(State)):
        for _module in MUTATOR_MODULES:
            _function = getattr(_module, _name, None)
            if isinstance(_function, FunctionType) and _function.__module__ == _module.__name__:
                setattr(State, _name, _function)

__all__ = ["MILESTONES", "GameOver", "State"]
