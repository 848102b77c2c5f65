"""Snails rules examples, compared: the read-outs an example's ``expect`` lists, and every
read-out before and after a refused step (which must change nothing)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from editor.games.snails.engine import State
    from editor.games.snails.examples_check import Setup


Snapshot = dict[str, Any]


def snapshot(state: State, setup: Setup) -> Snapshot:
    """Every read-out of the state, to tell whether a refused step changed anything."""
    out: Snapshot = {}
    for name in setup.snail_names:
        for key, value in state.snail_info(name).items():
            out[f"snails.{name}.{key}"] = value
    for label in setup.labels:
        stack = tuple(state.terrain_at(label))
        if stack:
            out[f"terrain.{label}"] = list(stack)
        for token, count in state.tokens_at(label).items():
            if count:
                out[f"tokens.{label}.{token}"] = count
    out["damaged"] = sorted(state.damaged_labels())
    out["contamination"] = state.contamination
    out["wind"] = state.wind
    for name, size in _hands(state, setup).items():
        out[f"hands.{name}"] = size
    out["discard"] = _discard(state)
    out["events"] = len(state.events)
    return out


def compare_snapshots(before: Snapshot, after: Snapshot) -> list[str]:
    """``key: X before, Y after`` for every read-out that changed."""
    return [
        f"{key}: {_show(before.get(key))} before, {_show(after.get(key))} after"
        for key in sorted(set(before) | set(after))
        if before.get(key) != after.get(key)
    ]


def _hands(state: State, setup: Setup) -> dict[str, int]:
    sizes = state.view(0).hand_sizes  # public: every seat sees the others' hand sizes
    return {name: sizes[seat] for seat, name in enumerate(setup.player_names)}


def _discard(state: State) -> int:
    return len(state.view(0).discard)


def compare(state: State, setup: Setup, expect: Mapping[str, Any]) -> list[str]:
    """``field: expected X, got Y`` for every listed field that differs."""
    out: list[str] = []

    def check(field_name: str, expected: Any, got: Any) -> None:
        if expected != got:
            out.append(f"{field_name}: expected {_show(expected)}, got {_show(got)}")

    for name, fields in expect.get("snails", {}).items():
        info = state.snail_info(name)
        for key in ("health", "at", "shell", "alive"):
            if key in fields:
                check(f"snails.{name}.{key}", fields[key], info.get(key))
    for label, stack in expect.get("terrain", {}).items():
        check(f"terrain.{label}", list(stack), list(state.terrain_at(label)))
    if "damaged" in expect:
        check("damaged", sorted(expect["damaged"]), sorted(state.damaged_labels()))
    for label, counts in expect.get("tokens", {}).items():
        present = state.tokens_at(label)
        for token, count in counts.items():
            check(f"tokens.{label}.{token}", count, present.get(token, 0))
    if "contamination" in expect:
        check("contamination", expect["contamination"], state.contamination)
    if "wind" in expect:
        check("wind", expect["wind"], state.wind)
    if "hands" in expect:
        sizes = _hands(state, setup)
        for name, size in expect["hands"].items():
            check(f"hands.{name}", size, sizes[name])
    if "discard" in expect:
        check("discard", expect["discard"], _discard(state))
    return out


def _show(value: Any) -> str:
    """A value as it would be written in the example file."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)
