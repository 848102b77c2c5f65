"""Snit Smashing rules examples, run: the situation built with the engine's scenario API
(:class:`~editor.games.snit_smashing.engine.scenario.Scenario`), each step played as a whole
bound (``play_bound``) or a reproduction (``reproduce`` with forced draws), the listed fields
compared (:mod:`editor.games.snit_smashing.examples_compare`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document, Path_
from editor.core.engine import IllegalChoice
from editor.core.example_steps import refusal_verdict
from editor.core.workspace import Workspace
from editor.games.snit_smashing.engine.scenario import Refused, Scenario, SetupError, SnitSpec
from editor.games.snit_smashing.examples_check import Setup, check_example
from editor.games.snit_smashing.examples_compare import compare, compare_snapshots, snapshot


class StepError(Exception):
    """A step that cannot be run at all (a forced draw the rules never make...), at a path."""

    def __init__(self, path: Path_, message: str) -> None:
        super().__init__(message)
        self.path = path


def run_example(ws: Workspace, document: Document) -> tuple[list[Diagnostic], list[str]]:
    """The examples hook of Snit Smashing: problems that stop the run, else differences."""
    problems, setup = check_example(ws, document)
    if problems or setup is None:
        return problems, []
    data: dict[str, Any] = document.data
    try:
        scenario = build(setup, data["given"])
    except SetupError as exc:
        message = f"the situation is refused: {exc}"
        return [document.error_at(("given",), "bad-situation", message)], []
    try:
        return [], play(scenario, setup, data)
    except StepError as exc:
        return [document.error_at(exc.path, "bad-step", str(exc))], []


def build(setup: Setup, given: Mapping[str, Any]) -> Scenario:
    """The scenario of an example's ``given`` (``SetupError`` when the engine refuses it)."""
    snits = [
        SnitSpec(name, s["player"], s["speed"], state=s.get("state", "active"), at=s.get("at"))
        for name, s in given["snits"].items()
    ]
    pools = {clan: player["pool"] for clan, player in given["players"].items() if "pool" in player}
    return Scenario.build(
        setup.prepared,
        players=list(setup.players),
        snits=snits,
        run=int(given.get("run", 1)),
        bound=int(given.get("bound", 1)),
        primus=given.get("primus"),
        snandergrab=given.get("snandergrab"),
        pools=pools,
        trophies=dict(given.get("trophies", {})),
        own_smashed=dict(given.get("own_smashed", {})),
        seed=setup.seed,
    )


def describe(scenario: Scenario, step: Mapping[str, Any]) -> str:
    """How a step is named in the report: the bound it plays, or the phase."""
    if "phase" in step:
        return f"{step['phase']} after run {scenario.run}"
    return f"run {scenario.run}, bound {scenario.bound}"


def play(scenario: Scenario, setup: Setup, data: Mapping[str, Any]) -> list[str]:
    """Play the steps; the differences found, in order (empty: the example passes)."""
    differences: list[str] = []
    for index, step in enumerate(data["steps"]):
        where = f"step {index + 1} ({describe(scenario, step)})"
        before = snapshot(scenario, setup)
        refusal: str | None = None
        try:
            do(scenario, step, ("steps", index))
        except IllegalChoice as exc:
            refusal = str(exc)

        def changed() -> list[str]:  # asked at once, within this step
            moved = compare_snapshots(before, snapshot(scenario, setup))  # noqa: B023
            return moved

        found, stop = refusal_verdict(where, step.get("expect_error"), refusal, changed)
        differences += found
        if stop:
            return differences
        if "expect" in step:
            found = compare(scenario, setup, step["expect"])
            differences += [f"after {where}: {d}" for d in found]
    # without a top-level expect, the steps going as written is the whole check
    differences += compare(scenario, setup, data.get("expect", {}))
    return differences


def do(scenario: Scenario, step: Mapping[str, Any], at: Path_) -> None:
    """Take one step: a bound, or a reproduction; :class:`Refused` when the rules forbid it,
    :class:`StepError` when it cannot be run at all."""
    try:
        if "phase" in step:
            _reproduce(scenario, step.get("draw"))
        else:
            moves = [(name, list(path)) for move in step["moves"] for name, path in move.items()]
            scenario.play_bound(dict(step["orders"]), moves)
    except SetupError as exc:
        raise StepError(_where_step_failed(step, at, str(exc)), str(exc)) from None


def _reproduce(scenario: Scenario, draw: Mapping[str, Any] | None) -> None:
    """Reproduction, which follows the end of a run to the Snandergrab: after its last bound,
    or the bound after which no Snit is left running."""
    if scenario.phase == "orders" and scenario.run % 2 == 1 and _running(scenario):
        raise Refused(
            f"run {scenario.run} is not over: bound {scenario.bound} is next and Snits are"
            " still running (reproduction follows the last bound, or the bound after which no"
            " Snit is left on the map)"
        )
    scenario.reproduce({clan: list(speeds) for clan, speeds in (draw or {}).items()})


def _running(scenario: Scenario) -> bool:
    return any(facts["at"] is not None for facts in scenario.snits().values())


def _where_step_failed(step: Mapping[str, Any], at: Path_, message: str) -> Path_:
    """The key of a step a :class:`SetupError` points at: the draw of the clan it names."""
    for clan in step.get("draw", {}):
        if message.startswith(clan) or f" {clan} " in message or f"{clan}'s" in message:
            return (*at, "draw", clan)
    if "draw" in step:
        return (*at, "draw")
    return at
