"""The end of a match: when one player is left or the rounds run out, who wins and why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.core.engine import Outcome

if TYPE_CHECKING:
    from editor.games.snails.engine.state import State


class GameOver(Exception):
    """Raised at a safe point when the match has ended; the flow stops there."""


def check_end(st: State) -> None:
    """End the match (raise GameOver) when at most one player is left."""
    st.elim_count += 1
    if st.players_left <= 1:
        st.finish("last-standing")


def finish(st: State, reason: str) -> None:
    """Decide the winners by the ruleset's victory order, log it, raise GameOver."""
    if st.ended is not None:
        raise GameOver
    alive = [p for p in range(st.n) if not st.out[p]]
    if not alive:
        last = max(st.out_step)
        alive = [p for p in range(st.n) if st.out_step[p] == last]
        reason = "all-eliminated"
    cands = alive
    for rule in st.rules.param("victory"):
        if len(cands) <= 1:
            break
        score = _VICTORY_SCORES.get(rule)
        if score is None:
            continue
        best = max(score(st, p) for p in cands)
        cands = [p for p in cands if score(st, p) == best]
    winners = tuple(sorted(cands))
    causes = st.death_causes
    lost_water = causes.count("water")
    lost_attack = causes.count("attack")
    st.ended = Outcome(
        winners=winners,
        reason=reason,
        rounds=st.round,
        details={
            "snails_lost_to_water": lost_water,
            "snails_lost_to_attacks": lost_attack,
            # the events the measures read, without a pass over the whole log
            "milestones": tuple(st.milestones),
        },
    )
    st.events.append(("end", winners, reason))
    raise GameOver


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
