"""Snakes of Wrath rules examples, run: the situation built by the check
(:mod:`examples_check`, through ``scenario.build``), each step taken as its player's turn
through the engine's own decision (``scenario.place`` / ``swap`` / ``act``), tiles given under
``draw`` drawn first, and the listed fields compared (:mod:`examples_compare`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document
from editor.core.engine import IllegalChoice
from editor.core.example_steps import refusal_verdict
from editor.core.workspace import Workspace
from editor.games.snakes_of_wrath.engine import State
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.examples_check import check_example
from editor.games.snakes_of_wrath.examples_compare import (
    compare,
    compare_snapshots,
    kind_name,
    snapshot,
)


def run_example(ws: Workspace, document: Document) -> tuple[list[Diagnostic], list[str]]:
    """The examples hook of Snakes of Wrath: problems that stop the run, else differences."""
    problems, setup = check_example(ws, document)
    if problems or setup is None:
        return problems, []
    return [], _play(setup.state, document.data)


def _describe(step: Mapping[str, Any]) -> str:
    if "place" in step:
        return f"{step['player']} place {step['place']['tile']} at {step['at']}"
    return f"{step['player']} {step['action']}"


def _play(st: State, data: Mapping[str, Any]) -> list[str]:
    """Take the steps; the differences found, in order (empty: the example passes)."""
    differences: list[str] = []
    for index, step in enumerate(data["steps"], start=1):
        where = f"step {index} ({_describe(step)})"
        before, marks = snapshot(st), sc.fingerprint(st)
        kept = (list(st.bag), list(st.aside))
        forced = step.get("draw", ())
        short = _force_draws(st, forced)
        if short:
            differences.append(f"{where}: draw: {short}")
            return differences
        events = len(st.events)
        refusal: str | None = None
        try:
            _do(st, step)
        except IllegalChoice as exc:
            refusal = str(exc)
            st.bag[:], st.aside[:] = kept  # the draws arranged for a step that was refused

        def changed() -> list[str]:  # asked at once, within this step
            moved = compare_snapshots(before, snapshot(st))  # noqa: B023
            if not moved and sc.fingerprint(st) != marks:  # noqa: B023
                moved = ["the engine's state (nothing its read-outs show)"]
            return moved

        found, stop = refusal_verdict(where, step.get("expect_error"), refusal, changed)
        differences += found
        if stop:
            return differences
        unused = len(forced) - _drawn(st, events)
        if unused > 0 and refusal is None:
            differences.append(
                f"{where}: {unused} of the {len(forced)} tiles given under draw were not drawn"
            )
        if "expect" in step:
            differences += [f"after {where}: {d}" for d in compare(st, step["expect"])]
    # without a top-level expect, the steps going as written is the whole check
    differences += compare(st, data.get("expect", {}))
    return differences


def _do(st: State, step: Mapping[str, Any]) -> None:
    player = step["player"]
    if "place" in step:
        sc.act(st, player, sc.place(st, player, step["place"], step["at"]))
    elif step["action"] == "swap":
        sc.act(st, player, sc.swap(st, player, step["swap"]))
    else:
        sc.pass_turn(st, player)


def _drawn(st: State, since: int) -> int:
    """How many tiles the events after ``since`` drew from the bag."""
    return sum(e[2] for e in st.events[since:] if e[0] in ("draw", "swap"))


def _force_draws(st: State, forced: Sequence[Mapping[str, Any]]) -> str:
    """Put the tiles given under ``draw`` at the drawing end of the bag, the first given drawn
    first. A tile of that kind kept aside (a bag given by its size holds unknown tiles) takes
    the place of a bag tile not forced. Returns what could not be forced ("" when all were).
    """
    rules = st.rules
    chosen: list[int] = []
    for spec in forced:
        kind, _ = sc.match_tile(rules, spec, "draw", lying=False)
        tile = next((t for t in st.bag if rules.box[t] == kind.index and t not in chosen), None)
        if tile is None:
            tile = next((t for t in st.aside if rules.box[t] == kind.index), None)
            spare = next((t for t in st.bag if t not in chosen), None)
            if tile is None or spare is None:
                return f"the bag holds no {kind_name(kind, rules)} tile to draw"
            st.aside[st.aside.index(tile)] = spare
            st.bag[st.bag.index(spare)] = tile
        chosen.append(tile)
    rest = [t for t in st.bag if t not in chosen]
    st.bag[:] = rest + chosen[::-1]  # the bag is drawn from its end
    st.aside.sort()
    return ""
