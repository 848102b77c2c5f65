"""Random Snails matches over every faction, module set and bundled layout, with the
game's invariants checked after every single decision.

The engine offers no invariant check of its own, so this test reads the state's flat
fields (see editor/games/snails/engine/state.py) directly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from editor.core.engine import MatchSpec
from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.engine import ENGINE, Prepared, State
from editor.sim.runner import derive_seed

MODULE_SETS = (
    frozenset(),
    frozenset({"specialists"}),
    frozenset({"wind"}),
    frozenset({"specialists", "wind"}),
)
#: Seats per match, and how many times each: six matches per layout and module set.
PLAYERS = (4, 3, 2)
REPEATS = 2


def invariant_errors(st: State) -> list[str]:
    """What is wrong with a state; empty when every invariant holds."""
    errors: list[str] = []
    names = st.snail_names
    size = st.tables.size
    # Before every snail is placed, snails off the board are waiting, not dead.
    setting_up = st.phase == "setup"
    # Snails: health within bounds, the dead off the board, the living where occ says.
    for s, at in enumerate(st.sat):
        if at >= 0:
            if not 0 < st.shp[s] <= st.smax[s]:
                errors.append(f"{names[s]} is alive with {st.shp[s]}/{st.smax[s]} health")
            if st.occ[at].count(s) != 1:
                errors.append(f"{names[s]} is not listed once on its space {at}")
        else:
            if st.shp[s] != 0 and not setting_up:
                errors.append(f"{names[s]} is dead with {st.shp[s]} health")
            if any(s in occ for occ in st.occ):
                errors.append(f"{names[s]} is dead but still on the board")
            if st.sshell[s] or st.saim[s]:
                errors.append(f"{names[s]} is dead but in its shell or aiming")
    for space in range(size):
        occ = st.occ[space]
        if len(occ) > st.capacity:
            errors.append(f"space {st.tables.labels[space]} holds {len(occ)} snails")
        for s in occ:
            if st.sat[s] != space:
                errors.append(f"{names[s]} is listed on a space it is not on")
    # Players: out exactly when no snail of theirs lives.
    for p in range(st.n):
        alive = any(st.sat[s] >= 0 for s in st.p_snails[p])
        if alive == st.out[p] and not setting_up:
            errors.append(f"seat {p} is {'out' if st.out[p] else 'in'} with alive={alive}")
    # Terrain: legal stacks, levels that match, backs for every tile, no tokens on water.
    stacking = st.rules.param("stacking")
    tile_ids = st.rules.tile_ids
    for space in range(size):
        stack = st.stack[space]
        below = "water"
        for tile in stack:
            tile_id = tile_ids[tile]
            if below not in stacking.get(tile_id, ()):
                errors.append(f"{st.tables.labels[space]}: {tile_id} lies on {below}")
            below = tile_id
        expected = st.rules.tile_levels[stack[-1]] if stack else 0
        if st.level[space] != expected:
            errors.append(f"{st.tables.labels[space]} has level {st.level[space]}, not {expected}")
        if len(st.backs[space]) != len(stack):
            errors.append(f"{st.tables.labels[space]} has {len(st.backs[space])} backs")
        for token in st.rules.tokens:
            count = st.tok[token.index][space]
            if count < 0 or (count and not stack and not token.on_water):
                errors.append(f"{count} {token.id} tokens on {st.tables.labels[space]}")
    if not 0 <= st.contamination < len(st.track):
        errors.append(f"contamination marker off its track at {st.contamination}")
    # Cards: every arsenal card in exactly one of deck, hands, played programs, discard.
    owned = {c for basics in st.p_basic for c in basics.values()}
    owned |= {c for c in st.p_faction_card if c >= 0}
    arsenal = set(range(len(st.card_of))) - owned
    places = Counter([*st.deck, *(c for hand in st.hand for c in hand), *st.played, *st.discard])
    for card in arsenal:
        if places[card] != 1:
            errors.append(f"card {card} ({st.card_id(card)}) is in {places[card]} places")
    if set(places) - arsenal:
        errors.append(f"owned cards among the arsenal's: {sorted(set(places) - arsenal)}")
    for p, program in enumerate(st.program):
        for card, snail in program or ():
            if card not in owned and card not in st.played:
                errors.append(f"seat {p} programmed card {card} that is not among played cards")
            if st.sp[snail] != p:
                errors.append(f"seat {p} programmed another player's snail {names[snail]}")
    return errors


@pytest.fixture(scope="module")
def ws() -> Workspace:
    return load_workspace()


def _layouts(ws: Workspace) -> Iterator[tuple[str, Prepared]]:
    for layout in sorted(ws.layouts.values(), key=lambda lay: lay.id):
        if layout.game == "snails":
            yield layout.id, ENGINE.prepare(ws, layout)


def _play_checked(prepared: Prepared, spec: MatchSpec) -> State:
    st = ENGINE.new_match(prepared, spec)
    assert invariant_errors(st) == []
    rng = random.Random(spec.seed)
    steps = 0
    while (decision := st.decision()) is not None:
        options = decision.options
        st.apply(options[rng.randrange(len(options))])
        steps += 1
        errors = invariant_errors(st)
        assert errors == [], f"seed {spec.seed}, step {steps} ({decision.kind}): {errors}"
        assert steps < 20_000
    return st


def test_random_matches_keep_every_invariant(ws: Workspace) -> None:
    layouts = list(_layouts(ws))
    assert {name for name, _ in layouts} >= {"crustacean", "robot"}
    factions_seen: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    for name, prepared in layouts:
        factions = list(ENGINE.factions(prepared))
        for modules in MODULE_SETS:
            for k, players in enumerate(PLAYERS * REPEATS):
                seed = derive_seed("conformance", name, *sorted(modules), k)
                # Rotating through the factions: every one plays on every layout and module set.
                chosen = tuple(factions[(k * 4 + i) % len(factions)] for i in range(players))
                st = _play_checked(prepared, MatchSpec(players, chosen, modules, seed))
                outcome = st.outcome()
                assert outcome is not None
                assert st.events[-1] == ("end", outcome.winners, outcome.reason)
                factions_seen.update(chosen)
                endings[outcome.reason] += 1
                if "specialists" in modules:
                    assert {"grunt", "scout", "medic"} <= set(st.skind)
                else:
                    assert set(st.skind) == {"leader", "soldier"}
                assert (st.wind is not None) == ("wind" in modules)
    assert set(factions_seen) == set(ENGINE.factions(layouts[0][1]))
    assert sum(endings.values()) == len(layouts) * len(MODULE_SETS) * len(PLAYERS) * REPEATS


def test_the_checker_sees_broken_states(ws: Workspace) -> None:
    # The invariants must be able to fail: break a fresh match in each way they watch.
    prepared = dict(_layouts(ws))["crustacean"]
    spec = MatchSpec(4, ("druids", "knights", "pirates", "cyborgs"), frozenset({"wind"}), 5)

    def fresh() -> State:
        st = ENGINE.new_match(prepared, spec)
        rng = random.Random(1)
        while (d := st.decision()) is not None and d.kind == "place":
            st.apply(d.options[rng.randrange(len(d.options))])
        assert invariant_errors(st) == []
        return st

    st = fresh()
    st.shp[0] = st.smax[0] + 5
    assert any("health" in e for e in invariant_errors(st))
    st = fresh()
    st.sat[1] = -1
    assert any("dead" in e for e in invariant_errors(st))
    st = fresh()
    water = next(x for x in range(st.tables.size) if not st.stack[x])
    st.tok[st.rules.token_index["fire"]][water] = 1
    assert any("fire tokens on" in e for e in invariant_errors(st))
    st = fresh()
    land = next(x for x in range(st.tables.size) if len(st.stack[x]) == 1)
    st.stack[land] = (st.rules.tile_ids.index("mountain"),)
    assert any("mountain lies on water" in e for e in invariant_errors(st))
    st = fresh()
    st.discard.append(st.deck[0])
    assert any("is in 2 places" in e for e in invariant_errors(st))
    st = fresh()
    st.hand[0].pop()
    assert any("is in 0 places" in e for e in invariant_errors(st))
