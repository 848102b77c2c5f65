"""The flow of a match as a generator of decisions: setup, then Drawing, Planning, Action and
Cleaning each round, until one player is left or the rounds run out."""

from __future__ import annotations

from collections.abc import Generator
from itertools import combinations, compress
from typing import TYPE_CHECKING, Any

from editor.core.engine import Decision
from editor.games.snails.engine.actions import action_options, resolve, resolve_now
from editor.games.snails.engine.decisions import Action, ProgramOptions, plain
from editor.games.snails.engine.effects import Ctx, run_ops
from editor.games.snails.engine.victory import GameOver

if TYPE_CHECKING:
    from editor.games.snails.engine.state import State

Gen = Generator[Decision, Any, Any]
#: The option to let a revealed card do nothing, where the ruleset allows it.
PASS = Action("pass")
#: The one option of a card with nothing to choose (``CardSpec.one_way``).
ONE_WAY = plain(None)


def match_flow(st: State) -> Gen:
    """The whole match from snail placement to the end."""
    try:
        yield from placement(st)
        rounds = int(st.rules.param("rounds"))
        log = st.events.append
        while True:
            # play_round and run_phase, written out: two generators less that every decision
            # passes through
            st.round += 1
            st.log_milestone(("round", st.round))
            for name, phase in PHASES.items():
                st.phase = name
                log(("phase", st.round, name))
                if st.any_triggers:
                    yield from phase_triggers(st, name)
                yield from phase(st)
                st.elim_count += 1  # st.check_end(), written out
                if st.players_left <= 1:
                    st.finish("last-standing")
            if st.round >= rounds:
                st.finish("rounds")
    except GameOver:
        return


def play_round(st: State) -> Gen:
    """One round: its four phases."""
    st.round += 1
    st.log_milestone(("round", st.round))
    for name in ("drawing", "planning", "action", "cleaning"):
        yield from run_phase(st, name)


def run_phase(st: State, name: str) -> Gen:
    """One phase by name."""
    st.phase = name
    st.events.append(("phase", st.round, name))
    if st.any_triggers:
        yield from phase_triggers(st, name)
    yield from PHASES[name](st)
    st.check_end()


def phase_triggers(st: State, name: str) -> Gen:
    """Faction and soldier abilities that fire when a phase starts."""
    yield from st.player_triggers("phase_starts", -1, -1, name, -1, name)
    for s in range(len(st.sat)):
        if st.sat[s] >= 0:
            yield from st.snail_triggers("phase_starts", s, name, name)


def placement_order(st: State) -> list[int]:
    """The snails in the order they are placed (setup.placement); leaders come first."""
    order = st.order()
    team = max(map(len, st.p_snails[: st.n]), default=0)
    if st.placement == "by-player":
        return [s for p in order for s in st.p_snails[p]]
    # alternate: one snail per player in turn order, round after round
    return [st.p_snails[p][k] for k in range(team) for p in order if k < len(st.p_snails[p])]


def placement(st: State) -> Gen:
    """Players place their snails on land with room, in the ruleset's placement order."""
    land = list(st.starts) or list(compress(range(st.tables.size), st.stack))
    occ = st.occ
    capacity = st.capacity
    # (no space full yet, the usual case: every space of the land, without a comprehension)
    if st.crowded == 0 or max(map(len, map(occ.__getitem__, land)), default=0) < capacity:
        opts = tuple(land)
    else:
        opts = tuple([x for x in land if len(occ[x]) < capacity])
    for s in placement_order(st):
        where = yield Decision(st.sp[s], "place", opts, f"where {st.snail_names[s]} starts")
        st.place_at_setup(s, where)
        if len(occ[where]) >= capacity:  # only a space filled up leaves the options
            opts = tuple([x for x in land if len(occ[x]) < capacity])


def token_phase(st: State, name: str) -> Gen:
    """Token abilities that fire when a phase starts, once per space holding such tokens; they
    belong to no player (the 1st player makes their choices). A phase-less one is Cleaning's."""
    for tok, ability in st.token_abilities["phase_starts"]:
        if (ability.phase or "cleaning") != name:
            continue
        row = st.tok[tok]
        if not any(row):  # none of these tokens on the board (often): no list of spaces
            continue
        # the spaces are listed first: a token that moves on fires again only next time
        for space in list(compress(range(st.tables.size), row)):
            ctx = Ctx(-1, -1, ability.id, space)
            ctx.event_space = space
            ctx.event_snails = st.occ[space]
            ctx.spaces = (space,)
            yield from run_ops(st, ctx, ability.effects)


def drawing(st: State) -> Gen:
    """Each player draws (Mobsters draw more and keep some), discards to the hand limit;
    then the wind turns (not in the first round)."""
    if "drawing" in st.token_phases:
        yield from token_phase(st, "drawing")
    per_round = st.draw_per_round
    limit = st.hand_limit
    for p in st.order():
        extra, discard_drawn, _ = st.p_draw_extra[p]
        got = st.draw(p, per_round + extra)
        if discard_drawn and len(got) > discard_drawn:
            keep_n = len(got) - discard_drawn
            opts = tuple(combinations(got, keep_n))
            keep = (
                (yield Decision(p, "keep", opts, f"keep {keep_n} of the cards drawn"))
                if len(opts) > 1
                else opts[0]
            )
            for c in got:
                if c not in keep:
                    st.hand[p].remove(c)
                    st.discard.append(c)
        over = len(st.hand[p]) - limit
        if over > 0:
            yield from st.discard_from_hand(p, over)
    if st.wind_on and st.wind_dir >= 0:
        skip = bool(st.rules.param("wind.skip_first_round"))
        if not (skip and st.round == 1):
            turn = st.rules.param("wind.turn")
            face = st.roll(1)[0]
            st.wind_dir = (st.wind_dir + int(turn.get(st.rules.face_names[face], 0))) % 6
            st.events.append(("wind", st.wind))


def program_options(st: State, p: int) -> ProgramOptions:
    """Every legal program of a player this round."""
    faction_card = st.p_faction_card[p]
    cards = (
        *st.p_basic[p].values(),
        *((faction_card,) if faction_card >= 0 else ()),
        *st.hand[p],
    )
    sat = st.sat
    snails = st.p_snails[p]
    # (every snail alive, the usual case, without a comprehension; a plain loop costs fewer
    # instructions than a map of the list's __getitem__)
    for s in snails:
        if sat[s] < 0:
            alive = tuple([s for s in snails if sat[s] >= 0])
            break
    else:
        alive = tuple(snails)
    return ProgramOptions(cards, alive, st.plan_snails, st.plan_slots)


def planning(st: State) -> Gen:
    """Each player secretly programs their slots."""
    if "planning" in st.token_phases:
        yield from token_phase(st, "planning")
    for p in st.order():
        opts = program_options(st, p)
        prog = yield Decision(p, "program", opts, "program your slots")
        set_program(st, p, prog)


def set_program(st: State, p: int, prog: tuple[tuple[int, int], ...]) -> None:
    """Store a program; its arsenal cards leave the hand."""
    st.program[p] = prog
    st.revealed[p] = 0
    hand = st.hand[p]
    for card, _ in prog:
        if card in hand:
            hand.remove(card)
            st.played.append(card)
    st.events.append(("programmed", p))


def action(st: State) -> Gen:
    """Slot by slot, player by player from the 1st: reveal and resolve."""
    if "action" in st.token_phases:
        yield from token_phase(st, "action")
    cards = st.rules.cards
    log = st.events.append
    milestone = st.milestones.append  # (a play is logged to both here: the commonest)
    programs, revealed, card_of, sat, out = st.program, st.revealed, st.card_of, st.sat, st.out
    stay, may_pass = st.p_stay, st.may_pass
    for slot in range(st.plan_slots):
        for p in st.order():
            prog = programs[p]
            if prog is None or slot >= len(prog):
                continue
            inst, s = prog[slot]
            revealed[p] = slot + 1
            card = cards[card_of[inst]]
            card_id = card.id
            # revealed is every slot turned face up; play only a card that is resolved (the
            # metrics count plays: a dead snail's card is revealed, never played)
            log(("revealed", p, s, card_id))
            if sat[s] < 0 or out[p]:
                continue
            event = ("play", p, s, card_id)
            log(event)
            milestone(event)
            if card.one_way and stay[p] is None and not may_pass:
                # its one option (what action_options would offer alone), resolved at once
                resolve_now(st, p, s, card, ONE_WAY)
                if st.any_triggers:
                    yield from action_triggers(st, p, s, card_id)
                st.elim_count += 1  # st.check_end(), written out
                if st.players_left <= 1:
                    st.finish("last-standing")
                continue
            # how to resolve it, when there is a choice (written out here rather than in a
            # generator of its own: this runs for every card played)
            opts = action_options(st, p, s, card)
            if not opts:
                log(("no-effect", s, card_id))
            else:
                if may_pass:
                    opts = (*opts, PASS)
                if len(opts) > 1:
                    act = yield Decision(
                        p, "action", opts, f"{st.snail_names[s]} plays {card.name}"
                    )
                else:
                    act = opts[0]
                if act.main != "pass":
                    if card.quiet:
                        resolve_now(st, p, s, card, act)
                    else:
                        yield from resolve(st, p, s, card, act)
                    if st.any_triggers:
                        yield from action_triggers(st, p, s, card_id)
            # st.check_end(), written out
            st.elim_count += 1
            if st.players_left <= 1:
                st.finish("last-standing")


def action_triggers(st: State, p: int, s: int, card_id: str) -> Gen:
    """Abilities answering a resolved action: its space's tokens, factions', the snail's own."""
    for tok, ability in st.token_abilities["action_resolved"]:
        at = st.sat[s]
        if at < 0 or not st.tok[tok][at]:
            continue
        if ability.cause is not None and card_id not in ability.cause:
            continue
        ctx = Ctx(p, s, ability.id, at)
        ctx.event_snails = (s,)
        ctx.event_space = at
        ctx.spaces = (at,)
        yield from run_ops(st, ctx, ability.effects)
    yield from st.player_triggers("action_resolved", p, s, card_id, st.sat[s])
    yield from st.snail_triggers("action_resolved", s, card_id)


def cleaning(st: State) -> Gen:
    """Markers reset and dead weights sink (the first step), the sea hurts, cards are
    discarded, the contamination rises and the 1st player token passes on."""
    for p in range(st.n):  # the 1st aid markers (and every once-a-round marker) turn back
        st.used[p].clear()
    if "cleaning" in st.token_phases:
        yield from token_phase(st, "cleaning")
    value = st.track[st.contamination]
    stack = st.stack
    immune = st.p_water_immune
    sp = st.sp
    sat = st.sat
    # the living snails on water spaces, listed first (a plain loop over a handful of
    # snails: fewer instructions than maps of __getitem__); a death here changes only this
    # snail's place
    wet = [s for s, at in enumerate(sat) if at >= 0 and not stack[at]]
    for s in wet:
        if sat[s] >= 0 and not immune[sp[s]]:
            st.deal(s, value, "water")
    st.program[:] = [None] * st.n
    st.revealed[:] = [0] * st.n
    st.saim[:] = [0] * len(st.saim)
    st.discard.extend(st.played)
    st.played.clear()
    st.move_contamination(st.contamination_step)
    st.check_end()
    n = st.n
    for k in range(1, n + 1):
        nxt = (st.first + k) % n
        if not st.out[nxt]:
            st.first = nxt
            break
    st.events.append(("first", st.first))


PHASES = {"drawing": drawing, "planning": planning, "action": action, "cleaning": cleaning}
