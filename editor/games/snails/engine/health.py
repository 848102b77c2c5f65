"""Snails' health: damage (the shell reduces it), healing, death and elimination, the shell."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from editor.games.snails.engine.state import State


def deal(st: State, s: int, amount: int, cause: str) -> None:
    """Damage a snail (the shell reduces it); death at 0 health."""
    if st.sat[s] < 0:
        return
    if st.sshell[s]:
        amount -= st.reduction
        if amount <= 0:
            return
    hp = st.shp[s] - amount
    st.shp[s] = hp
    st.events.append(("damage", s, amount, cause))
    if hp <= 0:
        st.kill(s, cause)


def heal(st: State, s: int, amount: int) -> None:
    """Heal a living snail up to its starting health."""
    if st.sat[s] < 0:
        return
    gain = min(amount, st.smax[s] - st.shp[s])
    if gain > 0:
        st.shp[s] += gain
        st.events.append(("heal", s, gain))


def kill(st: State, s: int, cause: str) -> None:
    """A snail dies: off the board; its player is out when it was the last one."""
    at = st.sat[s]
    here = st.occ[at]
    st.occ[at] = () if here == (s,) else tuple([x for x in here if x != s])
    if len(here) == st.capacity:  # full no more
        st.crowded -= 1
    st.sat[s] = -1
    st.sshell[s] = False
    st.saim[s] = 0
    st.shp[s] = 0
    p = st.sp[s]
    st.log_milestone(("death", s, p, cause, st.tables.labels[at]))
    st.death_causes.append(cause)
    sat = st.sat
    for mate in st.p_snails[p]:  # (a plain loop: fewer instructions than a map of __getitem__)
        if sat[mate] >= 0:
            break
    else:  # every snail of the player dead
        st.out[p] = True
        st.players_left -= 1
        st.out_step[p] = st.elim_count
        st.events.append(("eliminated", p))


def set_shell(st: State, s: int, inside: bool) -> None:
    """A living snail enters or leaves its shell."""
    if st.sat[s] >= 0 and st.sshell[s] != inside:
        st.sshell[s] = inside
        st.events.append(("shell", s, inside))
