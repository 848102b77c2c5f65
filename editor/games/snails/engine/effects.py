"""The effect language (docs/effects.md) compiled into closures over the state's mutators.

An op is ``op(state, ctx)``; it changes the state and returns None, or returns a generator
that yields the decisions it needs (a push direction, cards to discard...) and is driven with
``yield from``. Nothing here walks YAML while a game is played.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from editor.core.engine import Decision
    from editor.games.snails.engine.rules import Rules
    from editor.games.snails.engine.state import State
    from editor.games.snails.engine.terrain import Aftermath

Gen = Generator["Decision", Any, Any]
Op = Callable[["State", "Ctx"], "Gen | None"]
SnailCond = Callable[["State", int], bool]
Who = Callable[["State", "Ctx"], list[int]]
Where = Callable[["State", "Ctx"], tuple[int, ...]]


class Ctx:
    """What an effect is about: the active player and snail, the card, targets and spaces."""

    __slots__ = (
        "adjacent",
        "again",
        "card",
        "cause",
        "damage_cause",
        "event_snails",
        "event_space",
        "origin",
        "player",
        "snail",
        "spaces",
        "targets",
    )

    def __init__(self, player: int, snail: int, cause: str, origin: int) -> None:
        """A context for one action or trigger."""
        self.player = player
        self.snail = snail
        #: The id of the card (or ability) whose effect this is, for trigger filters.
        self.cause = cause
        self.card: Any = None
        self.origin = origin
        self.targets: tuple[int, ...] = ()
        self.spaces: tuple[int, ...] = ()
        self.adjacent: tuple[int, ...] = ()
        self.event_snails: tuple[int, ...] = ()
        self.event_space = -1
        self.again = False
        #: attack | effect | fire | water: how damage dealt here is logged.
        self.damage_cause = "effect"


# --- selectors -------------------------------------------------------------------------------


def _chooser(st: State, ctx: Ctx) -> int:
    """Who decides for an effect: its player, or the 1st player for effects of no one's."""
    return ctx.player if ctx.player >= 0 else st.first


def _own_space(st: State, ctx: Ctx) -> int:
    at = st.sat[ctx.snail] if ctx.snail >= 0 else -1
    return at if at >= 0 else ctx.origin


def _who_targets(st: State, ctx: Ctx) -> list[int]:
    sat = st.sat
    targets = ctx.targets
    if len(targets) == 1:  # (the usual case: one target, no comprehension)
        return [targets[0]] if sat[targets[0]] >= 0 else []
    return [s for s in targets if sat[s] >= 0]


def _who_self(st: State, ctx: Ctx) -> list[int]:
    return [ctx.snail] if ctx.snail >= 0 and st.sat[ctx.snail] >= 0 else []


def _who_own_space(st: State, ctx: Ctx) -> list[int]:
    at = _own_space(st, ctx)
    return list(st.occ[at]) if at >= 0 else []


def _who_adjacent(st: State, ctx: Ctx) -> list[int]:
    return [s for sp in ctx.adjacent for s in st.occ[sp]]


def _who_in_water(st: State, ctx: Ctx) -> list[int]:
    stack = st.stack
    return [s for s, at in enumerate(st.sat) if at >= 0 and not stack[at]]


def _who_event(st: State, ctx: Ctx) -> list[int]:
    sat = st.sat
    return [s for s in ctx.event_snails if sat[s] >= 0]


WHO: dict[str, Who] = {
    "targets": _who_targets,
    "self": _who_self,
    "own-space": _who_own_space,
    "adjacent": _who_adjacent,
    "in-water": _who_in_water,
    "event": _who_event,
    "friend": _who_event,
}


def _at_target(st: State, ctx: Ctx) -> tuple[int, ...]:
    return ctx.spaces


def _at_adjacent(st: State, ctx: Ctx) -> tuple[int, ...]:
    return ctx.adjacent


def _at_own(st: State, ctx: Ctx) -> tuple[int, ...]:
    at = _own_space(st, ctx)
    return (at,) if at >= 0 else ()


def _at_event(st: State, ctx: Ctx) -> tuple[int, ...]:
    return (ctx.event_space,) if ctx.event_space >= 0 else ()


WHERE: dict[str, Where] = {
    "target": _at_target,
    "adjacent": _at_adjacent,
    "own": _at_own,
    "event": _at_event,
}


# --- conditions ------------------------------------------------------------------------------


def compile_conditions(raw: Mapping[str, Any] | None) -> SnailCond | None:
    """``if:`` conditions as one test on a snail; None when there are none."""
    if not raw:
        return None
    tests = [_condition(key, value) for key, value in raw.items()]

    def test(st: State, s: int) -> bool:
        return all(t(st, s) for t in tests)

    return test


def _condition(key: str, value: Any) -> SnailCond:
    if key == "on_water":
        wet = bool(value)

        def on_water(st: State, s: int) -> bool:
            return (not st.stack[st.sat[s]]) == wet

        return on_water
    if key == "in_shell":
        inside = bool(value)

        def in_shell(st: State, s: int) -> bool:
            return st.sshell[s] == inside

        return in_shell
    if key == "level_at_most":
        top = int(value)

        def level_at_most(st: State, s: int) -> bool:
            return st.level[st.sat[s]] <= top

        return level_at_most
    raise ValueError(f"unknown condition {key!r}")


# --- compiling -------------------------------------------------------------------------------


def compile_effects(rules: Rules, raws: Any, where: str) -> tuple[Op, ...]:
    """A list of effect mappings compiled into ops, in order."""
    out: list[Op] = []
    for index, raw in enumerate(raws or ()):
        if not isinstance(raw, Mapping):
            raise ValueError(f"{where}: effect {index + 1} is not a mapping")
        keys = [k for k in raw if k != "if"]
        if len(keys) != 1:
            raise ValueError(f"{where}: effect {index + 1} must have one operation, has {keys}")
        name = keys[0]
        compiler = _COMPILERS.get(name)
        if compiler is None:
            raise ValueError(f"{where}: unknown operation {name!r}")
        args = raw[name]
        cond = compile_conditions(raw.get("if"))
        out.append(compiler(rules, args, cond))
    return tuple(out)


def _args(args: Any, key: str) -> dict[str, Any]:
    """Shorthand (a number or a word) expanded to a mapping."""
    if isinstance(args, Mapping):
        return dict(args)
    if args is None:
        return {}
    return {key: args}


def _who(name: str) -> Who:
    try:
        return WHO[name]
    except KeyError:
        raise ValueError(f"unknown snail selector {name!r}") from None


def _where(name: str) -> Where:
    try:
        return WHERE[name]
    except KeyError:
        raise ValueError(f"unknown space selector {name!r}") from None


def _filtered(who: Who, cond: SnailCond | None) -> Who:
    if cond is None:
        return who
    return lambda st, ctx: [s for s in who(st, ctx) if cond(st, s)]


def _c_damage(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    args = _args(raw, "amount")
    amount = int(args.get("amount", 0))
    to = str(args.get("to", "targets"))
    who = _filtered(_who(to), cond)
    # Damage to the snails in the water is the water's: the water_immune modifier (Pirates)
    # spares them from it unless the effect is unavoidable (Fertilizers).
    water = to == "in-water"
    spare_immune = water and not bool(args.get("unavoidable", False))
    per_token = args.get("per_token")
    tok = rules.token_index[per_token] if per_token is not None else -1

    def op(st: State, ctx: Ctx) -> None:
        cause = "water" if water else ctx.damage_cause
        for s in who(st, ctx):
            at = st.sat[s]
            if at < 0 or (spare_immune and st.p_water_immune[st.sp[s]]):
                continue
            n = amount * st.tok[tok][at] if tok >= 0 else amount
            if n > 0:
                st.deal(s, n, cause)

    return op


def _c_heal(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    args = _args(raw, "amount")
    amount = int(args.get("amount", 0))
    who = _filtered(_who(str(args.get("to", "targets"))), cond)

    def op(st: State, ctx: Ctx) -> None:
        for s in who(st, ctx):
            st.heal(s, amount)

    return op


def _c_push(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    args = _args(raw, "distance")
    distance = int(args.get("distance", 1))
    who = _filtered(_who(str(args.get("to", "targets"))), cond)
    anyway = args.get("direction") == "any"
    first_player = args.get("chooser") == "first-player"

    def op(st: State, ctx: Ctx) -> Gen:
        for s in who(st, ctx):
            # each push moves the ruleset's push.distance spaces, one step at a time
            for _ in range(distance * st.push_steps):
                origin = -1 if anyway else _own_space(st, ctx)
                chooser = st.first if first_player or ctx.player < 0 else ctx.player
                moved = yield from st.push(s, origin, chooser, first_player)
                if not moved:
                    break

    return op


def _c_place(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    args = _args(raw, "who")
    who = _filtered(_who({"self": "self"}.get(str(args.get("who", "self")), "targets")), cond)
    at = _where(str(args.get("at", "target")))

    def op(st: State, ctx: Ctx) -> Gen:
        spaces = at(st, ctx)
        if not spaces:
            return
        for s in who(st, ctx):
            yield from st.place(s, spaces[0], _chooser(st, ctx))

    return op


def _c_move(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    args = _args(raw, "distance")
    who = _filtered(_who({"self": "self"}.get(str(args.get("who", "targets")), "targets")), cond)
    toward = str(args.get("toward", "self"))
    distance = int(args.get("distance", 1))

    def op(st: State, ctx: Ctx) -> Gen:
        for s in who(st, ctx):
            goal = _own_space(st, ctx) if toward == "self" else (ctx.spaces or (-1,))[0]
            if goal >= 0:
                yield from st.move_toward(s, goal, distance, _chooser(st, ctx))

    return op


def _terrain_op(destroy: bool) -> Callable[[Rules, Any, SnailCond | None], Op]:
    """destroy (the top tile goes) or damage_terrain (a damaged token, or destroy) at spaces."""

    def compile_op(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
        at = _where(str(_args(raw, "at").get("at", "target")))

        def op(st: State, ctx: Ctx) -> Gen | None:
            # done at once, or (something answers a tile's loss) the generator that runs
            # what answers it and then the spaces left
            hurt = st.destroy_now if destroy else st.damage_terrain_now
            spaces = at(st, ctx)
            for k, space in enumerate(spaces):
                after = hurt(space, ctx.cause, ctx.player, ctx.snail)
                if after is not None:
                    return _hurt_rest(st, ctx, after, spaces[k + 1 :], destroy)
            return None

        return op

    return compile_op


def _hurt_rest(
    st: State, ctx: Ctx, after: Aftermath, spaces: tuple[int, ...], destroy: bool
) -> Gen:
    """What answers a tile's loss, then the terrain op on the spaces left (see _terrain_op)."""
    yield from st.aftermath(after)
    for space in spaces:
        hurt = st.destroy if destroy else st.damage_terrain
        yield from hurt(space, ctx.cause, ctx.player, ctx.snail)


def _token_op(sign: int) -> Callable[[Rules, Any, SnailCond | None], Op]:
    """add_token (sign 1) or remove_token (sign -1): ``count`` tokens of a kind at spaces."""

    def compile_op(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
        args = _args(raw, "token")
        tok = rules.token_index[str(args["token"])]
        count = sign * int(args.get("count", 1))
        at = _where(str(args.get("at", "target")))

        def op(st: State, ctx: Ctx) -> None:
            for space in at(st, ctx):
                st.add_token(tok, space, count)

        return op

    return compile_op


def _c_draw(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    args = _args(raw, "count")
    count = int(args.get("count", 1))
    from_discard = args.get("from", "deck") == "discard"

    def op(st: State, ctx: Ctx) -> None:
        if ctx.player >= 0:
            st.draw(ctx.player, count, from_discard)

    return op


def _c_discard(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    count = int(_args(raw, "count").get("count", 1))

    def op(st: State, ctx: Ctx) -> Gen:
        if ctx.player >= 0:
            yield from st.discard_from_hand(ctx.player, count)

    return op


def _c_search(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    args = _args(raw, "count")
    count = int(args.get("count", 1))
    kind = str(args.get("kind", "any"))

    def op(st: State, ctx: Ctx) -> Gen:
        if ctx.player >= 0:
            yield from st.search_discard(ctx.player, count, kind)

    return op


def _c_contamination(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    steps = int(_args(raw, "steps").get("steps", 1))

    def op(st: State, ctx: Ctx) -> None:
        st.move_contamination(steps)

    return op


def _c_shell(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    if isinstance(raw, str):
        args: dict[str, Any] = {"mode": raw}
    else:
        args = _args(raw, "mode")
    mode = args.get("mode") or ("leave" if args.get("leave") else "enter")
    enter = mode == "enter"
    who = _filtered(_who(str(args.get("to", "self"))), cond)

    def op(st: State, ctx: Ctx) -> None:
        for s in who(st, ctx):
            st.set_shell(s, enter)

    return op


def _c_again(rules: Rules, raw: Any, cond: SnailCond | None) -> Op:
    def op(st: State, ctx: Ctx) -> None:
        ctx.again = True

    return op


_COMPILERS: dict[str, Callable[[Rules, Any, SnailCond | None], Op]] = {
    "damage": _c_damage,
    "heal": _c_heal,
    "push": _c_push,
    "place": _c_place,
    "move": _c_move,
    "destroy": _terrain_op(destroy=True),
    "damage_terrain": _terrain_op(destroy=False),
    "add_token": _token_op(1),
    "remove_token": _token_op(-1),
    "draw": _c_draw,
    "discard": _c_discard,
    "search_discard": _c_search,
    "contamination": _c_contamination,
    "shell": _c_shell,
    "attack_again": _c_again,
}


def run_ops(st: State, ctx: Ctx, ops: tuple[Op, ...]) -> Gen:
    """Apply ops in order, driving those that need decisions."""
    for op in ops:
        sub = op(st, ctx)
        if sub is not None:
            yield from sub
