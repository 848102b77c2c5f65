"""Snails rules examples, run: the situation built with the engine's scenario API
(``State.from_scenario``), the steps played with ``perform``/``run_phase`` and ``force_dice``,
the listed fields compared (:mod:`editor.games.snails.examples_compare`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document
from editor.core.engine import IllegalChoice
from editor.core.example_steps import refusal_verdict
from editor.core.workspace import Workspace
from editor.games.snails.examples_check import DEFAULT_SOLDIER, Setup, check_example
from editor.games.snails.examples_compare import compare, compare_snapshots, snapshot

if TYPE_CHECKING:
    from editor.games.snails.engine import State


def run_example(ws: Workspace, document: Document) -> tuple[list[Diagnostic], list[str]]:
    """The examples hook of the Snails game: problems that stop the run, else differences."""
    problems, setup = check_example(ws, document)
    if problems or setup is None:
        return problems, []
    data: dict[str, Any] = document.data
    try:
        state = _build(setup, data["given"])
    except IllegalChoice as exc:
        return [
            document.error_at(("given",), "bad-situation", f"the situation is refused: {exc}")
        ], []
    return [], _play(state, setup, data)


def _build(setup: Setup, given: Mapping[str, Any]) -> State:
    from editor.games.snails.engine import State

    rules = setup.rules
    players = [
        (name, player["faction"], tuple(player.get("hand", ())))
        for name, player in given["players"].items()
    ]
    snails = []
    for name, snail in given["snails"].items():
        kind = snail.get("soldier", DEFAULT_SOLDIER)
        # no health given: the engine's own, the ruleset's starting health of its rank
        health = snail.get("health")
        snails.append((name, snail["player"], snail["at"], health, bool(snail.get("shell")), kind))
    return State.from_scenario(
        rules,
        setup.board,
        terrain={label: tuple(stack) for label, stack in given.get("terrain", {}).items()},
        backs=dict(given.get("backs", {})),
        damaged=tuple(given.get("damaged", ())),
        tokens={label: dict(counts) for label, counts in given.get("tokens", {}).items()},
        contamination=given.get("contamination"),
        wind=given.get("wind"),
        round=int(given.get("round", 1)),
        players=players,
        first_player=given.get("first_player", players[0][0]),
        used={name: tuple(ids) for name, ids in given.get("used", {}).items()},
        snails=snails,
        modules=frozenset(setup.modules),
        seed=setup.seed,
    )


def _describe(step: Mapping[str, Any]) -> str:
    if "phase" in step:
        return f"{step['phase']} phase"
    return f"{step['snail']} {step['action']}"


def _play(state: State, setup: Setup, data: Mapping[str, Any]) -> list[str]:
    """Play the steps; the differences found, in order (empty: the example passes)."""
    differences: list[str] = []
    steps: list[dict[str, Any]] = data["steps"]
    for index, step in enumerate(steps, start=1):
        where = f"step {index} ({_describe(step)})"
        before = snapshot(state, setup)
        refusal: str | None = None
        try:
            _do(state, step)
        except IllegalChoice as exc:
            refusal = str(exc)
        unused = _drop_forced_dice(state)
        if unused and refusal is None:
            given = len(step.get("roll", ()))
            differences.append(
                f"{where}: {unused} of the {given} dice given under roll were not rolled"
            )

        def changed() -> list[str]:  # asked at once, within this step
            moved = compare_snapshots(before, snapshot(state, setup))  # noqa: B023
            return moved

        found, stop = refusal_verdict(where, step.get("expect_error"), refusal, changed)
        differences += found
        if stop:
            return differences
        if "expect" in step:
            differences += [f"after {where}: {d}" for d in compare(state, setup, step["expect"])]
    # without a top-level expect, the steps going as written is the whole check
    differences += compare(state, setup, data.get("expect", {}))
    return differences


def _do(state: State, step: Mapping[str, Any]) -> None:
    if "phase" in step:
        roll = step.get("roll")
        state.run_phase(step["phase"], roll=list(roll) if roll is not None else None)
        return
    if "roll" in step:
        state.force_dice(list(step["roll"]))
    state.perform(
        step["snail"],
        step["action"],
        path=list(step["path"]) if "path" in step else None,
        target=step.get("target"),
        adjacent=step.get("adjacent"),
        choose=step.get("choose"),
        push=dict(step["push"]) if "push" in step else None,
        use=tuple(step.get("use", ())),
        heal=step.get("heal"),
    )


def _drop_forced_dice(state: State) -> int:
    """Forget the forced dice a step did not roll, and say how many there were.

    Dice given to a refused or short step must not be rolled by the next one.
    """
    return state.clear_forced_dice()
