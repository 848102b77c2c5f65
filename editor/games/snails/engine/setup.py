"""Building a match: the board dealt from a layout, factions, snails, cards, the compass rose."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from editor.core.engine import MatchSpec
from editor.games.snails.engine.phases import match_flow
from editor.games.snails.engine.rules import BASIC_ACTIONS, NO_SCOUT, Rules
from editor.games.snails.engine.state import State
from editor.games.snails.engine.tables import BoardTables

_LATE_EVENTS = frozenset({"action_resolved", "phase_starts"})
_TILE_EVENTS = frozenset({"tile_destroyed", "tile_damaged"})


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


def deal_backs(
    rules: Rules,
    stacks: Sequence[tuple[int, ...]],
    st: State,
    pinned: Sequence[tuple[str | None, ...]] = (),
) -> None:
    """Put every tile on the board: pinned backs where the layout pins them, the rest of each
    type's stock dealt at random."""
    pools: dict[int, list[str]] = {}
    for tile_index, tile_id in enumerate(rules.tile_ids):
        pool = [back for back, count in rules.stock.get(tile_id, []) for _ in range(count)]
        for space, stack in enumerate(stacks):
            for tile, back in zip(stack, pinned[space] if pinned else (), strict=False):
                if tile == tile_index and back is not None and back in pool:
                    pool.remove(back)
        st.rng.shuffle(pool)
        pools[tile_index] = pool
    for space, stack in enumerate(stacks):
        if stack:
            fixed = pinned[space] if pinned else ()
            backs: list[str] = []
            for i, t in enumerate(stack):
                back = fixed[i] if i < len(fixed) else None
                if back is None:
                    back = pools[t].pop() if pools[t] else "blank"
                backs.append(back)
            st.set_top(space, stack, tuple(backs))


def setup_players(st: State, factions: Sequence[str | None], with_snails: bool = True) -> None:
    """Factions, their abilities, snails (with soldier kinds), basic and faction card instances."""
    rules = st.rules
    team_leaders = int(rules.param("team.leader"))
    team_soldiers = int(rules.param("team.soldiers"))
    kinds = rules.module_team(st.modules)
    for p, faction_id in enumerate(factions):
        st.pfaction[p] = faction_id
        faction = rules.factions.get(faction_id) if faction_id else None
        abilities = faction.abilities if faction else ()
        for ability in abilities:
            mod = ability.modifier
            if mod == "ignore_line_of_sight":
                st.p_ignore_los[p] = ability.id
                st.p_ignore_optional[p] = ability.optional
                st.p_ignore_once[p] = ability.once
                when = ability.args.get("when") or {}
                st.p_ignore_when[p] = (when.get("kind"), int(when.get("dice_at_least", 0)))
            elif mod == "stay_in_shell":
                st.p_stay[p] = ability.id
                st.p_stay_optional[p] = ability.optional
                st.p_stay_once[p] = ability.once
            elif mod == "attack_from_water":
                st.p_from_water[p] = True
            elif mod == "water_immune":
                st.p_water_immune[p] = True
            elif mod == "draw_extra":
                a = ability.args
                st.p_draw_extra[p] = (
                    int(a.get("phase", 0)),
                    int(a.get("discard_drawn", 0)),
                    int(a.get("setup", 0)),
                )
        st.p_triggers[p] = tuple(a for a in abilities if a.events)
        st.any_triggers |= any(a.events & _LATE_EVENTS for a in abilities)
        st.enter_triggers |= any("snail_enters" in a.events for a in abilities)
        roster = ["leader"] * team_leaders + [
            kinds[i] if i < len(kinds) else "soldier" for i in range(team_soldiers)
        ]
        for kind in roster if with_snails else ():
            # a kind met once is named after it (p1-leader); several are numbered (p1-leader2)
            single = kind != "soldier" and roster.count(kind) == 1
            add_snail(st, p, kind, f"{st.player_names[p]}-{kind}" if single else "")
        for basic in BASIC_ACTIONS:
            st.p_basic[p][basic] = new_instance(st, rules.card_index[basic])
        card_id = faction.card if faction else None
        if card_id and card_id in rules.card_index:
            st.p_faction_card[p] = new_instance(st, rules.card_index[card_id])


def add_snail(st: State, p: int, kind: str, name: str = "", health: int | None = None) -> int:
    """A new snail of a player, off the board; returns its number."""
    rules = st.rules
    soldier = rules.soldiers.get(kind) or rules.soldiers["soldier"]
    rank = soldier.rank
    top = st.health[rank]
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
    st.s_leader.append(rank == "leader")
    push_immune = False
    scout = NO_SCOUT
    medic: tuple[int, int] | None = None
    for ability in soldier.abilities:
        if ability.modifier == "push_immune":
            push_immune = True
        elif ability.modifier == "untargetable_single_at_range":
            scout = int(ability.args.get("min_range", 1))
        elif ability.modifier == "heal_on_meeting":
            medic = (int(ability.args.get("other", 10)), int(ability.args.get("self", 5)))
            st.medic_id = ability.id
            st.medic_once = ability.once
            st.medics = True
    st.s_triggers.append(tuple(a for a in soldier.abilities if a.events))
    st.any_triggers |= any(a.events & _LATE_EVENTS for a in soldier.abilities)
    st.enter_triggers |= any("snail_enters" in a.events for a in soldier.abilities)
    st.tile_triggers |= any(a.events & _TILE_EVENTS for a in soldier.abilities)
    st.s_push_immune.append(push_immune)
    st.s_scout.append(scout)
    st.s_medic.append(medic)
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
    deal_backs(rules, prepared.stacks, st, prepared.pinned)
    for tok, space, count in prepared.tokens:
        st.add_token(tok, space, count)
    st.starts = prepared.starts
    setup_players(st, factions)
    spaces = prepared.starts or [x for x, stack in enumerate(prepared.stacks) if stack]
    room = len(spaces) * st.capacity
    if room < len(st.sp):
        raise ValueError(
            f"the layout's land holds {room} snails, but {spec.players} players bring {len(st.sp)}"
        )
    st.deck = [new_instance(st, c) for c in rules.deck(st.modules)]
    st.rng.shuffle(st.deck)
    st.first = st.rng.randrange(st.n)
    hand = int(rules.param("setup.hand"))
    for p in st.order():
        st.draw(p, hand + st.p_draw_extra[p][2])
    if st.wind_on:
        # the rulebook puts the compass rose on an empty (water) space at the board's edge
        border = [x for x in prepared.tables.border if not st.stack[x]]
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
