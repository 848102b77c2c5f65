"""Snit Smashing rules examples, compared: the read-outs an example's ``expect`` lists, and
every read-out before and after a refused step (which must change nothing)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from editor.games.snit_smashing.engine.scenario import Scenario
    from editor.games.snit_smashing.examples_check import Setup

Snapshot = dict[str, Any]

#: The fields of one Snit an example may check, in the order they are reported.
SNIT_FIELDS = ("at", "state", "player", "speed")
#: The per-player counts an example may check, with the scenario's read-out of each.
COUNTS = ("trophies", "own_smashed", "pools", "living")
#: The states counted under ``states``.
STATES = ("active", "on-top", "safe", "under", "dead")


def snapshot(scenario: Scenario, setup: Setup) -> Snapshot:
    """Every read-out of the scenario, to tell whether a refused step changed anything."""
    out: Snapshot = {}
    for name, facts in scenario.snits().items():
        for key in SNIT_FIELDS:
            out[f"snits.{name}.{key}"] = facts[key]
    for key in COUNTS:
        for clan, value in _counts(scenario, key).items():
            out[f"{key}.{clan}"] = value
    out["run"] = scenario.run
    out["bound"] = scenario.bound
    out["primus"] = scenario.primus
    out["snandergrab"] = scenario.snandergrab
    out["phase"] = scenario.phase
    out["events"] = len(scenario.events)
    # anything else the engine keeps (the order of a pool, whose turn it is...)
    out["engine"] = scenario.state.snapshot()
    return out


def compare_snapshots(before: Snapshot, after: Snapshot) -> list[str]:
    """``key: X before, Y after`` for every read-out that changed."""
    changed = []
    for key in sorted(set(before) | set(after)):
        if before.get(key) == after.get(key):
            continue
        if key == "engine":
            changed.append("the engine's state changed")
        else:
            changed.append(f"{key}: {show(before.get(key))} before, {show(after.get(key))} after")
    return changed


def compare(scenario: Scenario, setup: Setup, expect: Mapping[str, Any]) -> list[str]:
    """``field: expected X, got Y`` for every listed field that differs."""
    out: list[str] = []

    def check(field_name: str, expected: Any, got: Any) -> None:
        if expected != got:
            out.append(f"{field_name}: expected {show(expected)}, got {show(got)}")

    for name, fields in expect.get("snits", {}).items():
        facts = scenario.snit(name)
        for key in SNIT_FIELDS:
            if key in fields:
                check(f"snits.{name}.{key}", fields[key], facts[key])
    for key in COUNTS:
        if key in expect:
            counts = _counts(scenario, key)
            for clan, value in expect[key].items():
                check(f"{key}.{clan}", value, counts[clan])
    for key in ("snandergrab", "run", "bound", "primus", "phase"):
        if key in expect:
            check(key, expect[key], getattr(scenario, key))
    if "states" in expect:
        tally = state_counts(scenario)
        for clan, wanted in expect["states"].items():
            for state, value in wanted.items():
                check(f"states.{clan}.{state}", value, tally[clan][state])
    if "offspring" in expect:
        born = offspring(scenario)
        for name, speeds in expect["offspring"].items():
            check(f"offspring.{name}", list(speeds), born.get(name, []))
    if "winners" in expect:
        winners = scenario.winners()
        order = list(setup.players)
        for key, clans in expect["winners"].items():
            got = None if winners is None else _seated(winners[key], order)
            check(f"winners.{key}", _seated(clans, order), got)
    return out


def state_counts(scenario: Scenario) -> dict[str, dict[str, int]]:
    """Per player, how many of its drawn Snits are in each state."""
    tally = {clan: dict.fromkeys(STATES, 0) for clan in scenario.living()}
    for facts in scenario.snits().values():
        if facts["state"] in STATES:
            tally[facts["player"]][facts["state"]] += 1
    return tally


def offspring(scenario: Scenario) -> dict[str, list[int]]:
    """The situation's Snits that reproduced, with their offspring's speeds in draw order."""
    state = scenario.state
    names = {index: name for name, index in scenario.names.items()}
    born: dict[str, list[int]] = {}
    for event in scenario.events:
        if event[0] == "offspring" and event[2] in names:
            born.setdefault(names[event[2]], []).append(state.speed[event[3]])
    return born


def _counts(scenario: Scenario, key: str) -> dict[str, int]:
    read: dict[str, int] = getattr(scenario, key)()
    return read


def _seated(clans: Any, order: list[str]) -> list[str]:
    """Players in seat order (a tie lists them in any order)."""
    return sorted(clans, key=lambda c: order.index(c) if c in order else len(order))


def show(value: Any) -> str:
    """A value as it would be written in the example file."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)
