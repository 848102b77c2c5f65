"""Bounds and runs: the next bound, the end of a run, reproduction, the next run, the winners.

A run ends after its last bound, or once no Snit is left to run (a run to the Snandergrab:
no Snit on the map; a run to the sea: none on the map or under the Snandergrab). A run to the
Snandergrab ends in reproduction: the Snits still out are placed under it by mercy, every
living parent draws offspring from its owner's pool while it lasts, and those placed by
mercy then die. A run to the sea ends with every Snit not in the sea drying up. Each new
bound and each new run passes the Bolotomus Primus to the left (the next seat clockwise).
"""

from __future__ import annotations

from editor.core.engine import Outcome
from editor.games.snit_smashing.engine.state import (
    ACTIVE,
    DEAD,
    HELD,
    LIVING,
    MERCY,
    ON_TOP,
    ORDERS,
    OVER,
    SAFE,
    UNDER,
    State,
    run_to_snandergrab,
)

#: Why a match ended: every run played, or no Snit of any clan left alive.
REASON_RUNS = "runs"
REASON_NO_SNITS = "no-snits-left"


class DrawError(ValueError):
    """A forced draw names a speed the pool does not hold (a scenario's, never a match's)."""


def end_of_bound(state: State) -> None:
    """After the reveal: the next bound, or the end of the run."""
    if state.bound < state.rules.bounds_per_run and _still_running(state):
        state.bound += 1
        state.primus = (state.primus + 1) % state.players
        state.phase = ORDERS
        state.events.append(("bound", state.run, state.bound, state.primus))
        return
    state.events.append(("run-over", state.run, state.bound))
    if state.hold and run_to_snandergrab(state.run):
        state.phase = HELD
        return
    end_run(state)


def _still_running(state: State) -> bool:
    if run_to_snandergrab(state.run):
        return state.on_map > 0
    return state.on_map + state.under > 0


def end_run(state: State) -> None:
    """End the run now: reproduction or drying up, then the next run (or the game's end)."""
    if run_to_snandergrab(state.run):
        reproduce(state)
    else:
        _dry_up(state)
    living = tuple(state.living(seat) for seat in range(state.players))
    state.events.append(("survivors", state.run, living))
    next_run(state)


def reproduce(state: State) -> None:
    """Mercy for the Snits still out, offspring for every living parent, death by mercy."""
    status = state.status
    events = state.events
    for snit in range(len(status)):
        if status[snit] in (ACTIVE, ON_TOP):
            state.lift(snit, MERCY)
            events.append(("mercy", snit))
    per_parent = state.rules.offspring_per_parent
    for seat in range(state.players):
        pool = state.pools[seat]
        parents = [s for s in state.snits_of[seat] if status[s] in (SAFE, MERCY)]
        for parent in parents:
            for _ in range(per_parent):
                if not pool:
                    break
                child = _draw(state, seat)
                status[child] = UNDER
                state.under += 1
                events.append(("offspring", seat, parent, child))
        for parent in parents:
            if status[parent] == MERCY:
                status[parent] = DEAD
                events.append(("died", parent))
            else:
                state.set_off_map(parent, UNDER)
    for seat, speeds in state.forced.items():
        if speeds:
            raise DrawError(
                f"{state.clan_id(seat)} drew every offspring it could; the forced"
                f" speeds {speeds} were never drawn"
            )


def _draw(state: State, seat: int) -> int:
    """One Snit drawn face down from a seat's pool: at random, or of a forced speed."""
    pool = state.pools[seat]
    forced = state.forced.get(seat)
    if forced:
        speed = forced.pop(0)
        for index, snit in enumerate(pool):
            if state.speed[snit] == speed:
                return pool.pop(index)
        if seat in state.loose_pools:  # a pool given by its size only: it held one
            snit = pool.pop(0)
            state.speed[snit] = speed
            return snit
        clan = state.clan_id(seat)
        raise DrawError(f"{clan}'s pool holds no Snit of speed {speed} to draw")
    return pool.pop(state.rng.randrange(len(pool)))


def _dry_up(state: State) -> None:
    """Every Snit not in the sea at the end of a run to the sea dies."""
    status = state.status
    for snit in range(len(status)):
        if status[snit] in (ACTIVE, ON_TOP):
            state.lift(snit, DEAD)
        elif status[snit] == UNDER:
            state.set_off_map(snit, DEAD)
        else:
            continue
        state.events.append(("dried", snit))


def next_run(state: State) -> None:
    """The next run from its first bound, or the end of the game after the last run."""
    if state.run >= state.rules.runs:
        _game_over(state, REASON_RUNS)
        return
    if not any(s in LIVING for s in state.status):
        _game_over(state, REASON_NO_SNITS)
        return
    state.run += 1
    state.bound = 1
    state.primus = (state.primus + 1) % state.players
    state.grab = state.prepared.grab_start
    if run_to_snandergrab(state.run):  # the Snits safe in the sea run again from the start
        for snit, status in enumerate(state.status):
            if status == SAFE:
                state.place(snit, state.start_of(state.owner[snit]))
    state.phase = ORDERS
    kind = "to-snandergrab" if run_to_snandergrab(state.run) else "to-sea"
    state.events.append(("run", state.run, kind))
    state.events.append(("bound", state.run, 1, state.primus))


def _game_over(state: State, reason: str) -> None:
    state.phase = OVER
    state.reason = reason
    state.events.append(("game-over", reason))


def victories(state: State) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The Snit victory (most living Snits), the Bolotomus victory (most rival Snits
    smashed) and the Grand Slams (both), each a tuple of seats; ties are kept."""
    living = [state.living(seat) for seat in range(state.players)]
    snit = tuple(s for s in range(state.players) if living[s] == max(living))
    bolotomus = tuple(s for s in range(state.players) if state.trophies[s] == max(state.trophies))
    slam = tuple(s for s in snit if s in bolotomus)
    return snit, bolotomus, slam


def outcome_of(state: State) -> Outcome:
    """The outcome of a finished match: winners are the seats with either victory."""
    snit, bolotomus, slam = victories(state)
    return Outcome(
        winners=tuple(sorted({*snit, *bolotomus})),
        reason=state.reason,
        rounds=state.bounds_played,
        details={
            "snit_victory": snit,
            "bolotomus_victory": bolotomus,
            "grand_slam": slam,
            "living": tuple(state.living(seat) for seat in range(state.players)),
            "trophies": tuple(state.trophies),
            "own_smashed": tuple(state.own_smashed),
            "clans": tuple(state.clan_id(seat) for seat in range(state.players)),
        },
    )
