"""Building a match: the board dealt from a layout, factions, snails, cards, the compass rose."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

from editor.core.engine import MatchSpec
from editor.games.snails.engine.actions import dealt_climbs
from editor.games.snails.engine.chance import shuffle
from editor.games.snails.engine.phases import match_flow
from editor.games.snails.engine.rules import BASIC_ACTIONS, NO_SCOUT, Ability, Faction, Rules
from editor.games.snails.engine.state import State
from editor.games.snails.engine.tables import BoardTables

_LATE_EVENTS = frozenset({"action_resolved", "phase_starts"})
_TILE_EVENTS = frozenset({"tile_destroyed", "tile_damaged"})


@dataclass(frozen=True, slots=True)
class Dealing:
    """How a layout's tiles are dealt, worked out once per layout rather than per match."""

    #: Per tile type (by index): its stock of backs less the pinned ones, before the shuffle.
    pools: tuple[tuple[str, ...], ...]
    #: Per land space: (space, tile types bottom to top, pinned back or None per tile).
    land: tuple[tuple[int, tuple[int, ...], tuple[str | None, ...]], ...]
    #: Water spaces on the board's edge (where the Wind module's compass rose may go).
    border_water: tuple[int, ...]
    #: Every space's tiles (bottom to top) and level, as the match starts.
    stacks: tuple[tuple[int, ...], ...] = ()
    levels: tuple[int, ...] = ()
    #: The backs that are no draw: "blank" (a type's stock ran out), then the pinned ones.
    fixed: tuple[str, ...] = ()
    #: The backs of every land tile in :attr:`land`'s order, as positions in the shuffled
    #: pools laid end to end and then :attr:`fixed` (what each tile draws, worked out once).
    picks: tuple[int, ...] = ()
    #: Per land space: (space, where its backs start and end in :attr:`picks`).
    cuts: tuple[tuple[int, int, int], ...] = ()


@dataclass
class Prepared:
    """A layout and its packs compiled once: rules, board tables, stacks; picklable."""

    rules: Rules
    tables: BoardTables
    #: Tile type ints per space, bottom to top (empty: water).
    stacks: tuple[tuple[int, ...], ...]
    layout_id: str = ""
    #: Pinned backs per space, one item per tile (None: dealt at random); () when none.
    pinned: tuple[tuple[str | None, ...], ...] = ()
    #: Tokens lying on spaces when the match starts: (token index, space, count).
    tokens: tuple[tuple[int, int, int], ...] = ()
    #: Where snails may be placed (empty: any land).
    starts: tuple[int, ...] = ()
    #: The deal worked out from the fields above (:func:`plan_dealing`).
    dealing: Dealing = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.dealing = plan_dealing(self.rules, self.stacks, self.tables, self.pinned)


def plan_dealing(
    rules: Rules,
    stacks: Sequence[tuple[int, ...]],
    tables: BoardTables,
    pinned: Sequence[tuple[str | None, ...]] = (),
) -> Dealing:
    """The pools of backs to shuffle and the land to deal them on (see :func:`deal_backs`)."""
    pools: list[tuple[str, ...]] = []
    for tile_index, tile_id in enumerate(rules.tile_ids):
        pool = [back for back, count in rules.stock.get(tile_id, []) for _ in range(count)]
        for space, stack in enumerate(stacks):
            for tile, back in zip(stack, pinned[space] if pinned else (), strict=False):
                if tile == tile_index and back is not None and back in pool:
                    pool.remove(back)
        pools.append(tuple(pool))
    land = []
    for space, stack in enumerate(stacks):
        if stack:
            fixed = pinned[space] if pinned else ()
            land.append(
                (
                    space,
                    stack,
                    tuple(fixed[i] if i < len(fixed) else None for i in range(len(stack))),
                )
            )
    border_water = tuple(x for x in tables.border if not stacks[x])
    # what each tile draws: the pools are popped from their ends, land space by land space
    # and bottom to top, a type's "blank" once its pool is empty
    offsets = [sum(map(len, pools[:t])) for t in range(len(pools))]
    after_pools = sum(map(len, pools))
    fixed_backs = ["blank"]
    drawn = [0] * len(pools)
    picks: list[int] = []
    cuts = []
    for space, stack, pins in land:
        begin = len(picks)
        for t, back in zip(stack, pins, strict=True):
            if back is None and drawn[t] < len(pools[t]):
                drawn[t] += 1
                picks.append(offsets[t] + len(pools[t]) - drawn[t])
            elif back is None:
                picks.append(after_pools)  # the blank
            else:
                picks.append(after_pools + len(fixed_backs))
                fixed_backs.append(back)
        cuts.append((space, begin, len(picks)))
    levels = tuple(rules.tile_levels[stack[-1]] if stack else 0 for stack in stacks)
    return Dealing(
        tuple(pools),
        tuple(land),
        border_water,
        stacks=tuple(stacks),
        levels=levels,
        fixed=tuple(fixed_backs),
        picks=tuple(picks),
        cuts=tuple(cuts),
    )


def deal_backs(st: State, dealing: Dealing) -> None:
    """Put every tile on the board of a fresh match: pinned backs where the layout pins them,
    the rest of each type's stock dealt at random."""
    rng = st.rng
    dealt: list[str] = []
    for pool in dealing.pools:
        shuffled = list(pool)
        shuffle(rng, shuffled)
        dealt += shuffled
    dealt += dealing.fixed
    picks = dealing.picks
    # (one itemgetter call into C; one of a single item would give the item, not a tuple)
    backs = itemgetter(*picks)(dealt) if len(picks) > 1 else tuple([dealt[i] for i in picks])
    # terrain.set_top for every space at once; the climbs are those of the deal's levels,
    # the same in every match of the layout (terrain.set_top forgets them as levels change)
    st.stack[:] = dealing.stacks
    st.level[:] = dealing.levels
    st.climbs[:] = dealt_climbs(st, dealing.levels)
    on = st.backs
    for space, begin, end in dealing.cuts:
        on[space] = backs[begin:end]


class _Kind(NamedTuple):
    """What a new snail of one kind starts with (:func:`add_snail`), worked out once per rules."""

    rank: str
    leader: bool
    triggers: tuple[Ability, ...]
    push_immune: bool
    scout: int
    #: Health it heals a friend and itself by on meeting (the Medic), or None.
    medic: tuple[int, int] | None
    #: Its heal_on_meeting ability, or None.
    medic_ability: Ability | None
    #: Whether it answers action_resolved or phase_starts; snail_enters; a tile's events.
    late: bool
    enters: bool
    tiles: bool


def _kind(rules: Rules, kind: str) -> _Kind:
    """A snail kind's starting values (the plain soldier's for an unknown kind)."""

    def build(rules: Rules) -> _Kind:
        soldier = rules.soldiers.get(kind) or rules.soldiers["soldier"]
        modifiers = soldier.modifiers
        scout = modifiers.get("untargetable_single_at_range")
        medic = modifiers.get("heal_on_meeting")
        events = soldier.events
        return _Kind(
            rank=soldier.rank,
            leader=soldier.rank == "leader",
            triggers=soldier.triggers,
            push_immune="push_immune" in modifiers,
            scout=NO_SCOUT if scout is None else int(scout.args.get("min_range", 1)),
            medic=None
            if medic is None
            else (int(medic.args.get("other", 10)), int(medic.args.get("self", 5))),
            medic_ability=medic,
            late=not events.isdisjoint(_LATE_EVENTS),
            enters="snail_enters" in events,
            tiles=not events.isdisjoint(_TILE_EVENTS),
        )

    return rules.derived(("snail kind", kind), build)


@dataclass(frozen=True, slots=True)
class _Team:
    """A seat's snails as set-up makes them, the same for every seat (by column, to extend
    the state's lists at once), worked out once per rules and modules."""

    #: Each snail's name after its player's ("leader", "soldier2"...).
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    tops: tuple[int, ...]
    leaders: tuple[bool, ...]
    triggers: tuple[tuple[Ability, ...], ...]
    push_immune: tuple[bool, ...]
    scouts: tuple[int, ...]
    medics: tuple[tuple[int, int] | None, ...]
    #: The team's last heal_on_meeting ability (add_snail keeps the last one met), or None.
    medic: Ability | None
    late: bool
    enters: bool
    tiles: bool
    #: The card index of each basic action (BASIC_ACTIONS order).
    basics: tuple[int, ...]


def _team(rules: Rules, modules: frozenset[str]) -> _Team:
    """The :class:`_Team` of a match with these modules."""

    def build(rules: Rules) -> _Team:
        team_leaders = int(rules.param("team.leader"))
        team_soldiers = int(rules.param("team.soldiers"))
        kinds = rules.module_team(modules)
        roster = ["leader"] * team_leaders + [
            kinds[i] if i < len(kinds) else "soldier" for i in range(team_soldiers)
        ]
        # a kind met once is named after it (p1-leader); several are numbered (p1-leader2)
        names = []
        for i, kind in enumerate(roster):
            alone = kind != "soldier" and roster.count(kind) == 1
            names.append(kind if alone else f"{kind}{roster[:i].count(kind) + 1}")
        specs = [_kind(rules, kind) for kind in roster]
        health = rules.param("health")
        medics = [spec.medic_ability for spec in specs if spec.medic_ability is not None]
        return _Team(
            names=tuple(names),
            kinds=tuple(roster),
            tops=tuple(int(health[spec.rank]) for spec in specs),
            leaders=tuple(spec.leader for spec in specs),
            triggers=tuple(spec.triggers for spec in specs),
            push_immune=tuple(spec.push_immune for spec in specs),
            scouts=tuple(spec.scout for spec in specs),
            medics=tuple(spec.medic for spec in specs),
            medic=medics[-1] if medics else None,
            late=any(spec.late for spec in specs),
            enters=any(spec.enters for spec in specs),
            tiles=any(spec.tiles for spec in specs),
            basics=tuple(rules.card_index[basic] for basic in BASIC_ACTIONS),
        )

    return rules.derived(("team", modules), build)


def setup_players(st: State, factions: Sequence[str | None], with_snails: bool = True) -> None:
    """Factions, their abilities, snails (with soldier kinds), basic and faction card instances."""
    rules = st.rules
    team = _team(rules, st.modules)
    card_of = st.card_of
    for p, faction_id in enumerate(factions):
        st.pfaction[p] = faction_id
        faction = rules.factions.get(faction_id) if faction_id else None
        if faction is not None:
            _faction_abilities(st, p, faction)
        if with_snails and team.names:
            _add_team(st, p, team)
        start = len(card_of)  # one new instance per basic action (as new_instance makes them)
        card_of += team.basics
        st.p_basic[p].update(zip(BASIC_ACTIONS, range(start, len(card_of)), strict=True))
        card_id = faction.card if faction else None
        if card_id and card_id in rules.card_index:
            st.p_faction_card[p] = new_instance(st, rules.card_index[card_id])


def _add_team(st: State, p: int, team: _Team) -> None:
    """A fresh seat's snails, off the board: :func:`add_snail` for each of the team's, at once."""
    first = len(st.sp)
    count = len(team.names)
    player = st.player_names[p]
    st.snail_names += [f"{player}-{name}" for name in team.names]
    st.sp += [p] * count
    st.sat += [-1] * count
    st.smax += team.tops
    st.shp += team.tops
    st.sshell += [False] * count
    st.skind += team.kinds
    st.saim += [0] * count
    st.s_leader += team.leaders
    st.s_triggers += team.triggers
    st.s_push_immune += team.push_immune
    st.s_scout += team.scouts
    st.s_medic += team.medics
    st.p_snails[p] += range(first, first + count)
    if team.medic is not None:
        st.medic_id = team.medic.id
        st.medic_once = team.medic.once
        st.medics = True
    st.any_triggers |= team.late
    st.enter_triggers |= team.enters
    st.tile_triggers |= team.tiles


def _faction_abilities(st: State, p: int, faction: Faction) -> None:
    """A seat takes on its faction's modifiers and triggers."""
    modifiers = faction.modifiers
    ability = modifiers.get("ignore_line_of_sight")
    if ability is not None:
        st.p_ignore_los[p] = ability.id
        st.p_ignore_optional[p] = ability.optional
        st.p_ignore_once[p] = ability.once
        when = ability.args.get("when") or {}
        st.p_ignore_when[p] = (when.get("kind"), int(when.get("dice_at_least", 0)))
    ability = modifiers.get("stay_in_shell")
    if ability is not None:
        st.p_stay[p] = ability.id
        st.p_stay_optional[p] = ability.optional
        st.p_stay_once[p] = ability.once
    if "attack_from_water" in modifiers:
        st.p_from_water[p] = True
    if "water_immune" in modifiers:
        st.p_water_immune[p] = True
    ability = modifiers.get("draw_extra")
    if ability is not None:
        a = ability.args
        st.p_draw_extra[p] = (
            int(a.get("phase", 0)),
            int(a.get("discard_drawn", 0)),
            int(a.get("setup", 0)),
        )
    events = faction.events
    st.p_triggers[p] = faction.triggers
    st.faction_events |= events
    st.any_triggers |= not events.isdisjoint(_LATE_EVENTS)
    st.enter_triggers |= "snail_enters" in events


def add_snail(st: State, p: int, kind: str, name: str = "", health: int | None = None) -> int:
    """A new snail of a player, off the board; returns its number."""
    spec = _kind(st.rules, kind)
    top = st.health[spec.rank]
    s = len(st.sp)
    if not name:
        same = sum(1 for x in st.p_snails[p] if st.skind[x] == kind)
        name = f"{st.player_names[p]}-{kind}{same + 1}"
    st.snail_names.append(name)
    st.sp.append(p)
    st.sat.append(-1)
    st.smax.append(top)
    st.shp.append(top if health is None else health)
    st.sshell.append(False)
    st.skind.append(kind)
    st.saim.append(0)
    st.s_leader.append(spec.leader)
    medic = spec.medic_ability
    if medic is not None:
        st.medic_id = medic.id
        st.medic_once = medic.once
        st.medics = True
    st.s_triggers.append(spec.triggers)
    st.any_triggers |= spec.late
    st.enter_triggers |= spec.enters
    st.tile_triggers |= spec.tiles
    st.s_push_immune.append(spec.push_immune)
    st.s_scout.append(spec.scout)
    st.s_medic.append(spec.medic)
    st.p_snails[p].append(s)
    return s


def new_instance(st: State, card_index: int) -> int:
    """A new card instance of a card."""
    st.card_of.append(card_index)
    return len(st.card_of) - 1


def new_match(prepared: Prepared, spec: MatchSpec) -> State:
    """A fresh match set up from a layout, waiting for the first snail's placement."""
    rules = prepared.rules
    fewest, most = int(rules.param("players.min")), int(rules.param("players.max"))
    if not fewest <= spec.players <= most:
        raise ValueError(f"Snails is played by {fewest} to {most} players, not {spec.players}")
    factions: list[str | None] = list(spec.factions) + [None] * (spec.players - len(spec.factions))
    for f in factions:
        if f is not None and f not in rules.factions:
            raise ValueError(f"unknown faction {f!r}; known: {', '.join(sorted(rules.factions))}")
    unknown = sorted(set(spec.modules) - set(rules.modules))
    if unknown:
        plural = "s" if len(unknown) > 1 else ""
        known = ", ".join(rules.modules) or "none"
        raise ValueError(f"unknown module{plural} {', '.join(unknown)}; known: {known}")
    st = State(rules, prepared.tables, spec.players, frozenset(spec.modules), spec.seed)
    dealing = prepared.dealing
    deal_backs(st, dealing)
    for tok, space, count in prepared.tokens:
        st.add_token(tok, space, count)
    st.starts = prepared.starts
    setup_players(st, factions)
    room = len(prepared.starts or dealing.land) * st.capacity
    if room < len(st.sp):
        raise ValueError(
            f"the layout's land holds {room} snails, but {spec.players} players bring {len(st.sp)}"
        )
    deck = rules.deck(st.modules)
    start = len(st.card_of)
    st.card_of.extend(deck)  # one new card instance per copy (as new_instance makes them)
    st.deck = list(range(start, start + len(deck)))
    shuffle(st.rng, st.deck)
    st.first = st.rng.randrange(st.n)
    hand = int(rules.param("setup.hand"))
    for p in st.order():
        st.draw(p, hand + st.p_draw_extra[p][2])
    # what the board starts with, so measures can say what is left round by round
    st.log_milestone(("start", len(st.snail_names), sum(map(len, st.stack))))
    if st.wind_on:
        # the rulebook puts the compass rose on an empty (water) space at the board's edge
        border = dealing.border_water
        if not border:
            raise ValueError(
                f"the Wind module needs an empty border space for the compass rose, but every"
                f" space on the edge of layout {prepared.layout_id or '(unnamed)'} holds a tile"
            )
        st.wind_space = st.rng.choice(border)
        st.wind_dir = st.rng.randrange(6)
        st.events.append(("wind", st.wind))
    st.start(match_flow(st))
    return st
