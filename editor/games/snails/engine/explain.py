"""Why a performed step is illegal, in words a designer understands (rules examples)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from editor.games.snails.engine.actions import refusal
from editor.games.snails.engine.attacks import ignore_available
from editor.games.snails.engine.decisions import Action

if TYPE_CHECKING:
    from editor.games.snails.engine.rules import Ability, CardSpec
    from editor.games.snails.engine.state import State


def why_no_action(st: State, p: int, s: int, card: CardSpec) -> str:
    """Why a card cannot be performed at all by snail ``s``."""
    reason = refusal(st, p, s, card)
    if reason is not None:
        return reason
    name = st.snail_names[s]
    if card.select in ("snail", "space"):
        return f"{card.id}: {name} has no legal target (range, line of sight, immunities)"
    return f"{name} cannot perform {card.id} here"


def why_path(st: State, s: int, path: Sequence[int]) -> str:
    """Why a crawl path is illegal."""
    labels = st.tables.labels
    if len(path) > st.crawl_moves:
        return f"crawl: {len(path)} moves given, at most {st.crawl_moves} moves allowed"
    cur = st.sat[s]
    for x in path:
        if x not in st.tables.nbrs[cur]:
            return f"crawl: {labels[x]} is not adjacent to {labels[cur]}"
        if st.level[x] > st.level[cur] + st.crawl_climb:
            return (
                f"crawl: from {labels[cur]} (level {st.level[cur]}) to {labels[x]}"
                f" (level {st.level[x]}) climbs more than {st.crawl_climb} level per move"
            )
        if not st.can_enter(x, cur):
            return f"crawl: {labels[x]} is full and nobody there can be pushed on"
        cur = x
    return "crawl: that path is not legal"


def why_target(
    st: State,
    p: int,
    s: int,
    card: CardSpec,
    main: int,
    uses: Iterable[str],
    opts: Sequence[Action],
) -> str:
    """Why a snail or space cannot be the card's target."""
    labels = st.tables.labels
    at = st.sat[s]
    if card.select == "snail":
        what = st.snail_names[main]
        if main == s:
            return f"{card.id}: a snail cannot target itself"
        space = st.sat[main]
        if space < 0:
            return f"{card.id}: {what} is dead"
    else:
        what = labels[main]
        space = main
    dist = st.tables.dist[at][space]
    if not card.rmin <= dist <= card.rmax:
        return f"{card.id}: {what} is at range {dist}, the card reaches {card.rmin} to {card.rmax}"
    if card.land and not st.stack[space]:
        return f"{card.id}: {what} is water, and the card needs a land space"
    own = st.sight(at)
    ignore = ignore_available(st, p, card)
    if card.los and st.level[space] > own and (ignore is None or ignore not in set(uses)):
        return (
            f"{card.id}: {what} is higher (level {st.level[space]}) than the attacker"
            f" (level {own}): out of line of sight"
        )
    if card.select == "snail" and card.attack and card.single and dist >= st.s_scout[main]:
        return (
            f"{card.id}: {what} is a scout: single-snail attacks cannot target it"
            f" from range {st.s_scout[main]} or more"
        )
    legal = sorted(
        {
            (st.snail_names[o.main] if card.select == "snail" else labels[o.main])
            for o in opts
            if isinstance(o.main, int)
        }
    )
    return f"{card.id}: {what} cannot be targeted; legal targets: {', '.join(legal) or 'none'}"


def why_uses(st: State, p: int, s: int, uses: Iterable[str]) -> str | None:
    """Why abilities listed under ``use`` cannot be used now, or None when they may."""
    owned = {a.id: a for a in _abilities(st, p, s)}
    for u in uses:
        ability = owned.get(u)
        if ability is None:
            return f"{u!r} is not an ability of {st.player_names[p]} or {st.snail_names[s]}"
        if ability.once and u in st.used[p]:
            return f"{u} was already used this round: it can be used once per round"
    return None


def _abilities(st: State, p: int, s: int) -> list[Ability]:
    rules = st.rules
    faction = rules.factions.get(st.pfaction[p] or "")
    out = list(faction.abilities) if faction else []
    kind = rules.soldiers.get(st.skind[s])
    if kind is not None:
        out.extend(kind.abilities)
    return out
