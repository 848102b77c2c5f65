"""Rules examples: a state built from a described situation, actions performed outside the
planning flow, forced dice and whole phases, all through the same resolution code."""

from __future__ import annotations

import contextlib
from collections.abc import Generator, Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from editor.core.engine import Decision, IllegalChoice
from editor.core.hexgrid import HexBoard
from editor.games.snails.engine.actions import action_options, resolve
from editor.games.snails.engine.decisions import Action
from editor.games.snails.engine.explain import why_no_action, why_path, why_target, why_uses
from editor.games.snails.engine.phases import PHASES, action_triggers
from editor.games.snails.engine.rules import Rules
from editor.games.snails.engine.setup import add_snail, new_instance, setup_players
from editor.games.snails.engine.state import GameOver, State
from editor.games.snails.engine.tables import DIRECTIONS, BoardTables, build_tables


def _tables(board: Any) -> BoardTables:
    if isinstance(board, BoardTables):
        return board
    return _tables_of(board if isinstance(board, HexBoard) else board.hexes)


@lru_cache(maxsize=8)
def _tables_of(hexes: HexBoard) -> BoardTables:
    """A board's tables, kept for the few boards a batch of examples uses (keyed on the board
    itself: two boards never share an entry, whatever their hashes)."""
    return build_tables(hexes)


def from_scenario(
    rules: Rules,
    board: Any,
    *,
    terrain: Mapping[str, Sequence[str]],
    backs: Mapping[str, str] | None = None,
    damaged: Iterable[str] = (),
    tokens: Mapping[str, Mapping[str, int]] | None = None,
    contamination: int | None = None,
    wind: str | None = None,
    round: int = 1,
    players: Sequence[tuple[str, str | None, Sequence[str]]],
    first_player: str | None = None,
    used: Mapping[str, Iterable[str]] | None = None,
    snails: Sequence[tuple[str, str, str, int | None, bool, str | None]],
    modules: Iterable[str] = (),
    seed: int = 0,
) -> State:
    """A state in the middle of a game, as a rules example describes it; no decision pending."""
    tables = _tables(board)
    st = State(rules, tables, len(players), frozenset(modules), seed)
    st.round = round
    st.phase = "action"
    names = [name for name, _, _ in players]
    st.player_names = list(names)
    tile_of = {t: i for i, t in enumerate(rules.tile_ids)}
    for label, stack in terrain.items():
        space = _space(tables, label)
        tiles = []
        for tile in stack:
            if tile not in tile_of:
                raise IllegalChoice(
                    f"unknown tile type {tile!r} at {label}; known: {', '.join(rules.tile_ids)}"
                )
            tiles.append(tile_of[tile])
        st.set_top(space, tuple(tiles), ("blank",) * len(tiles))
    for label, back in (backs or {}).items():
        space = _space(tables, label)
        if not st.stack[space]:
            raise IllegalChoice(f"{label} is water: it has no tile to put the back {back!r} on")
        if back not in rules.backs:
            raise IllegalChoice(
                f"unknown tile back {back!r}; known: {', '.join(sorted(rules.backs))}"
            )
        st.backs[space] = (*st.backs[space][:-1], back)
    dmg = rules.damaged_token
    for label in damaged:
        st.tok[dmg][_space(tables, label)] = 1
    for label, counts in (tokens or {}).items():
        space = _space(tables, label)
        for tok_id, count in counts.items():
            if tok_id not in rules.token_index:
                raise IllegalChoice(
                    f"unknown token {tok_id!r}; known: {', '.join(rules.token_index)}"
                )
            st.tok[rules.token_index[tok_id]][space] = int(count)
    if contamination is not None:
        st.contamination = max(0, min(len(st.track) - 1, int(contamination)))
    if wind is not None:
        if wind not in DIRECTIONS:
            raise IllegalChoice(f"unknown wind direction {wind!r}; known: {', '.join(DIRECTIONS)}")
        st.wind_dir = DIRECTIONS.index(wind)
        st.wind_on = True
    for _, faction, _ in players:
        if faction is not None and faction not in rules.factions:
            raise IllegalChoice(
                f"unknown faction {faction!r}; known: {', '.join(sorted(rules.factions))}"
            )
    setup_players(st, [f for _, f, _ in players], with_snails=False)
    st.deck = [new_instance(st, c) for c in rules.deck(st.modules)]
    st.rng.shuffle(st.deck)
    for p, (_, _, hand) in enumerate(players):
        for card_id in hand:
            if card_id not in rules.card_index:
                raise IllegalChoice(f"unknown card {card_id!r} in the hand of {names[p]}")
            index = rules.card_index[card_id]
            inst = next((c for c in st.deck if st.card_of[c] == index), -1)
            if inst >= 0:
                st.deck.remove(inst)
            else:
                inst = new_instance(st, index)
            st.hand[p].append(inst)
    for name, player, label, health, shell, soldier in snails:
        if player not in names:
            raise IllegalChoice(
                f"snail {name}: unknown player {player!r}; known: {', '.join(names)}"
            )
        kind = soldier or "soldier"
        if kind not in rules.soldiers:
            raise IllegalChoice(
                f"snail {name}: unknown soldier {kind!r}; known: {', '.join(rules.soldiers)}"
            )
        s = add_snail(st, names.index(player), kind, name, health)
        space = _space(tables, label)
        st.sat[s] = space
        st.occ[space] = (*st.occ[space], s)
        st.crowded += len(st.occ[space]) == st.capacity
        st.sshell[s] = bool(shell)
    for p in range(st.n):
        if not st.p_snails[p]:
            st.out[p] = True
            st.players_left -= 1
    if first_player is not None:
        if first_player not in names:
            raise IllegalChoice(f"unknown first player {first_player!r}; known: {', '.join(names)}")
        st.first = names.index(first_player)
    for player, abilities in (used or {}).items():
        if player not in names:
            raise IllegalChoice(f"used: unknown player {player!r}")
        st.used[names.index(player)].update(abilities)
    return st


def _space(tables: BoardTables, label: str) -> int:
    try:
        return tables.index[label]
    except KeyError:
        raise IllegalChoice(f"no space {label!r} on this board") from None


def _drive(st: State, gen: Generator[Decision, Any, Any], answer: Any) -> None:
    """Run a generator to its end, answering each decision with ``answer(decision)``."""
    try:
        d = next(gen)
        while True:
            choice = answer(d)
            if choice not in d.options:
                raise IllegalChoice(f"{choice!r} is not a legal {d.kind} choice ({d.prompt})")
            d = gen.send(choice)
    except StopIteration:
        return
    except GameOver:
        return


def perform(
    st: State,
    snail: str,
    action: str,
    *,
    path: Sequence[str] | None = None,
    target: str | None = None,
    adjacent: str | Sequence[str] | None = None,
    choose: str | Sequence[str] | None = None,
    push: Mapping[str, str | Sequence[str]] | None = None,
    use: Iterable[str] = (),
    heal: str | None = None,
) -> None:
    """Resolve one action of one snail; IllegalChoice (state unchanged) names what is wrong."""
    rules = st.rules
    s = st.snail(snail)
    p = st.sp[s]
    if st.sat[s] < 0:
        raise IllegalChoice(f"snail {snail} is dead and cannot act")
    if action not in rules.card_index:
        raise IllegalChoice(f"unknown action {action!r}: not a basic action or a card id")
    card = rules.card(action)
    if card.kind == "faction" and card.faction is not None and card.faction != st.pfaction[p]:
        raise IllegalChoice(
            f"{action} is the {card.faction}' faction card, not {st.player_names[p]}'s"
        )
    uses = tuple(use)
    problem = why_uses(st, p, s, uses)
    if problem is not None:
        raise IllegalChoice(problem)
    act_uses = {u for u in uses if u in (st.p_ignore_los[p], st.p_stay[p])}
    # abilities that simply apply (not a "may") need no use: and are matched either way
    auto = {
        a
        for a, optional in (
            (st.p_ignore_los[p], st.p_ignore_optional[p]),
            (st.p_stay[p], st.p_stay_optional[p]),
        )
        if a is not None and not optional
    }
    opts = action_options(st, p, s, card)
    main: Any = None
    if card.basic == "crawl":
        if path is None:
            raise IllegalChoice(f"{action}: missing key 'path'")
        main = tuple(st.space(x) for x in path)
    elif card.basic == "swap":
        main = _cards_from_hand(st, p, choose)
    elif card.select == "snail":
        if target is None:
            raise IllegalChoice(f"{action}: missing key 'target' (a snail)")
        main = st.snail(target)
    elif card.select == "space":
        if target is None:
            raise IllegalChoice(f"{action}: missing key 'target' (a space)")
        main = st.space(target)
    if not opts:
        reason = why_no_action(st, p, s, card)
        if "no legal target" in reason and isinstance(main, int):
            reason = why_target(st, p, s, card, main, uses, opts)
        raise IllegalChoice(reason)
    adj_list = [adjacent] if isinstance(adjacent, str) else list(adjacent or ())
    card_adj = tuple(st.space(x) for x in adj_list[: card.adjacent])
    if card.adjacent and len(card_adj) < card.adjacent:
        raise IllegalChoice(
            f"{action}: missing key 'adjacent' ({card.adjacent} space(s) next to the target)"
        )
    chosen = [
        o
        for o in opts
        if o.main == main
        and set(o.adjacent) == set(card_adj)
        and set(o.use) - auto == act_uses - auto
    ]
    if not chosen:
        raise IllegalChoice(_why(st, p, s, card, opts, main, card_adj, act_uses, action))
    act: Action = chosen[0]
    extra_adj = [st.space(x) for x in adj_list[card.adjacent :]]
    # a swap's choose is the cards it swaps (its main choice); other steps answer decisions
    answers = _Answers(st, p, None if card.basic == "swap" else choose, push, uses, extra_adj)
    answers.heal = heal
    snap = st.snapshot()
    try:
        if card.kind in ("attack", "special"):
            inst = next((c for c in st.hand[p] if st.card_of[c] == card.index), -1)
            if inst >= 0:
                st.hand[p].remove(inst)
                st.played.append(inst)
        st.log_milestone(("play", p, s, card.id))
        start = len(st.events)
        _drive(st, resolve(st, p, s, card, act), answers)
        if st.any_triggers and st.outcome() is None:
            _drive(st, action_triggers(st, p, s, card.id), answers)
        unused = (
            answers.unused_push(st.events[start:])
            or answers.unused_heal()
            or answers.unused_adjacent()
        )
        if unused is not None:
            raise IllegalChoice(unused)
        if st.outcome() is None:
            with contextlib.suppress(GameOver):
                st.check_end()
    except IllegalChoice:
        st.restore(snap)
        raise


def _cards_from_hand(st: State, p: int, choose: str | Sequence[str] | None) -> tuple[int, ...]:
    ids = [choose] if isinstance(choose, str) else list(choose or ())
    hand = list(st.hand[p])
    out = []
    for card_id in ids:
        inst = next((c for c in hand if st.card_id(c) == card_id), -1)
        if inst < 0:
            raise IllegalChoice(f"{card_id!r} is not in {st.player_names[p]}'s hand")
        hand.remove(inst)
        out.append(inst)
    return tuple(out)


def _why(
    st: State,
    p: int,
    s: int,
    card: Any,
    opts: Sequence[Action],
    main: Any,
    adj: tuple[int, ...],
    uses: set[str],
    action: str,
) -> str:
    labels = st.tables.labels
    if not any(o.main == main for o in opts):
        if card.basic == "crawl":
            return why_path(st, s, main)
        if card.select in ("snail", "space") and isinstance(main, int):
            return why_target(st, p, s, card, main, uses, opts)
        return f"{action}: that choice is not legal"
    if not any(o.main == main and set(o.adjacent) == set(adj) for o in opts):
        return f"{action}: {', '.join(labels[x] for x in adj)} is not adjacent to the target"
    if st.p_stay[p] in uses and not st.sshell[s]:
        return f"{action}: {st.snail_names[s]} is not in its shell, so it cannot stay in it"
    needed = [o for o in opts if o.main == main and st.p_ignore_los[p] in o.use]
    if needed and st.p_ignore_los[p] not in uses:
        return f"{action}: the target is out of line of sight unless {st.p_ignore_los[p]} is used"
    return f"{action}: the abilities {sorted(uses) or 'none'} cannot be used with this choice"


class _Answers:
    """Answers to the sub-decisions of a performed step, from its keys or the rules' defaults."""

    def __init__(
        self,
        st: State,
        p: int,
        choose: Any,
        push: Mapping[str, str | Sequence[str]] | None,
        uses: tuple[str, ...],
        extra_adj: list[int],
    ) -> None:
        self.st = st
        self.p = p
        chosen = [choose] if isinstance(choose, str) else list(choose or ())
        faces = st.rules.face_names
        #: The step's ``choose``, split: die results answer the result decisions in order,
        #: card ids the card decisions (discard, keep, search) in order.
        self.faces = [c for c in chosen if c in faces]
        self.cards = [c for c in chosen if c not in faces]
        #: One result named on its own (``choose: circle``) answers every result decision of
        #: the step, as it always has; a list answers them one by one.
        self.one_face = isinstance(choose, str) and bool(self.faces)
        #: Where each snail goes, one space per decision about it (a push or move of several
        #: steps asks once per step).
        self.push = {
            name: [spaces] if isinstance(spaces, str) else list(spaces)
            for name, spaces in (push or {}).items()
        }
        self._left = {name: list(spaces) for name, spaces in self.push.items()}
        self.uses = uses
        #: The step's further ``adjacent`` spaces, after the card's own: they answer, in order,
        #: the wind's new choice next to a carried attack's target and abilities' picks.
        self.extra_adj = extra_adj
        self._adj_given = len(extra_adj)
        #: Snails of ``push`` whose entry answered a decision.
        self.pushed: set[str] = set()
        #: The friend a Medic heals when several could be (the step's ``heal``).
        self.heal: str | None = None
        #: Whether a healer had to choose whom it heals (so ``heal`` answered a decision).
        self.heal_asked = False

    def unused_push(self, events: Sequence[tuple[Any, ...]]) -> str | None:
        """Why a ``push`` entry did not apply (its snail was not pushed or went elsewhere)."""
        st = self.st
        for name, spaces in self.push.items():
            label = spaces[-1]
            left = self._left[name]
            if name in self.pushed:
                # (a snail picked to make room answered no step: its entry is not counted)
                if left and len(left) < len(spaces):
                    return (
                        f"push gives {name} {len(spaces)} spaces, but {name} had"
                        f" {len(spaces) - len(left)} choice(s) to make; remove {', '.join(left)}"
                    )
                continue
            s = st.snail(name)
            went = [e[3] for e in events if e[0] in ("push", "move") and e[1] == s]
            if not went:
                return (
                    f"push names {name}, but {name} is not pushed or moved in this step;"
                    f" remove push: {{{name}: {label}}}"
                )
            if went[-1] != label:
                return (
                    f"push sends {name} to {label}, but {name} had no choice and went to {went[-1]}"
                )
        return None

    def unused_heal(self) -> str | None:
        """Why a ``heal`` key did not apply (no healer had to choose whom it heals)."""
        if self.heal is None or self.heal_asked:
            return None
        return (
            f"heal names {self.heal}, but no healer had to choose whom it heals in this step"
            f" (a healing with one hurt friend, or none, needs no choice); remove heal: {self.heal}"
        )

    def unused_adjacent(self) -> str | None:
        """Why some ``adjacent`` spaces did not apply (no choice in this step took them)."""
        if not self.extra_adj:
            return None
        labels = self.st.tables.labels
        left = ", ".join(labels[x] for x in self.extra_adj)
        used = self._adj_given - len(self.extra_adj)
        return (
            f"adjacent gives {len(self.extra_adj)} space(s) more than this step chose"
            f" ({used} taken after the card's own); remove {left}"
        )

    def __call__(self, d: Decision) -> Hashable:
        answer: Hashable = self._answer(d, cast("Sequence[Any]", d.options))
        return answer

    def _answer(self, d: Decision, options: Sequence[Any]) -> Any:
        st = self.st
        kind = d.kind
        if kind == "result":
            names = st.rules.face_names
            rolled = ", ".join(names[f] for f in options)
            if not self.faces:
                raise IllegalChoice(f"several results apply ({rolled}): missing key 'choose'")
            name = self.faces[0] if self.one_face else self.faces.pop(0)
            if names.index(name) not in options:
                raise IllegalChoice(
                    f"choose: {name} is not one of the results that apply ({rolled})"
                )
            return names.index(name)
        if kind in ("push", "step", "capacity"):
            about = st.snail_names[st.about]
            if kind == "capacity":
                for o in options:
                    if st.snail_names[o] in self.push:
                        self.pushed.add(st.snail_names[o])
                        return o
                if d.player != self.p:
                    return options[0]
                raise IllegalChoice(
                    f"{about} enters a full space: missing key 'push' naming the snail pushed on"
                )
            where = ", ".join(st.tables.labels[x] for x in options)
            left = self._left.get(about)
            if left:
                self.pushed.add(about)
                label = left.pop(0)
                space = st.space(label)
                if space not in options:
                    raise IllegalChoice(f"push: {about} cannot go to {label}; it may go to {where}")
                return space
            if about in self.push:  # every space given is used: a further step lacks one
                raise IllegalChoice(
                    f"{about} may go on to {where}: push gives too few spaces for {about}"
                )
            if st.by_rule or d.player != self.p:
                return options[0]
            raise IllegalChoice(f"{about} may go to {where}: missing key 'push' for {about}")
        if kind == "again":
            # attack again while the step still gives dice for it
            return bool(st.forced_dice())
        if kind == "wind-target":
            return options[0]
        if kind == "wind-adjacent":
            labels = st.tables.labels
            count = len(options[0])
            if len(self.extra_adj) < count:
                raise IllegalChoice(
                    f"{d.prompt}: missing key 'adjacent' (after the card's own space(s),"
                    f" {count} space(s) next to the new target)"
                )
            pick = set(self.extra_adj[:count])
            for o in options:
                if set(o) == pick:
                    del self.extra_adj[:count]
                    return o
            given = ", ".join(labels[x] for x in sorted(pick))
            raise IllegalChoice(
                f"adjacent: {given} is not next to the wind's new target ({d.prompt})"
            )
        if kind == "ability":
            ability = st.about_ability
            if ability not in self.uses:
                return None if None in options else False
            if True in options:
                return True
            if self.extra_adj:
                return self.extra_adj.pop(0)
            raise IllegalChoice(f"{ability}: missing key 'adjacent' for the tile it damages")
        if kind == "heal":
            friends = ", ".join(st.snail_names[o] for o in options)
            healer = _healer(st, st.about)
            self.heal_asked = True
            if self.heal is None:
                raise IllegalChoice(
                    f"{healer} may heal {friends}: missing key 'heal' naming the friend it heals"
                )
            friend = st.snail(self.heal)
            if friend not in options:
                raise IllegalChoice(
                    f"heal: {healer} cannot heal {self.heal}; it may heal {friends}"
                )
            return friend
        if kind in ("discard", "search", "keep"):
            count = len(options[0]) if options and isinstance(options[0], tuple) else 1
            wanted = sorted(self.cards[:count])
            for o in options:
                ids = sorted(st.card_id(c) for c in (o if isinstance(o, tuple) else (o,)))
                if ids == wanted:
                    del self.cards[:count]
                    return o
            raise IllegalChoice(f"{d.prompt}: missing key 'choose' naming the card(s)")
        return options[0]


def _healer(st: State, s: int) -> str:
    """A healing snail as a message names it: its name and its soldier's, from content."""
    return f"{st.snail_names[s]} ({st.rules.soldiers[st.skind[s]].name})"


def run_phase(st: State, name: str, roll: Sequence[str] | None = None) -> None:
    """Run a whole phase; decisions take the first legal option."""
    if name not in PHASES:
        raise IllegalChoice(f"unknown phase {name!r}; known: {', '.join(PHASES)}")
    snap = st.snapshot()
    try:
        if roll:
            st.force_dice(roll)
        st.phase = name
        st.events.append(("phase", st.round, name))
        _drive(st, PHASES[name](st), lambda d: d.options[0])
    except IllegalChoice:
        st.restore(snap)
        raise
