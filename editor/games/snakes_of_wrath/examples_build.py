"""Snakes of Wrath rules examples, built: the rules of the packs an example names (compiled
once per workspace) and its ``given`` situation made into a match through the engine's
scenario API (``scenario.build``, or the rules' own deal for ``new_game``). A situation the
engine refuses is a diagnostic at the key its words name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document, Path_
from editor.core.engine import MatchSpec
from editor.core.workspace import Workspace
from editor.games.snakes_of_wrath.content import ContentError
from editor.games.snakes_of_wrath.engine import State, new_match, prepare_packs
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.engine.rules import Rules
from editor.games.snakes_of_wrath.engine.setup import Prepared

#: Where the engine's words for a situation it refuses point: ``table 2,0: ...``,
#: ``racks red 3: ...``, ``bag 2: ...``, ``bag: ...``.
_WHERE = re.compile(r"^(table|racks|bag)(?: (\S+?))?(?: (\d+))?: ")
_CELL = re.compile(r"-?\d+,-?\d+")


class _RulesCache:
    """Compiled rules per pack list, for the last workspace only (examples share packs)."""

    def __init__(self) -> None:
        self.ws: Workspace | None = None
        self.rules: dict[tuple[str, ...], Rules | str] = {}

    def get(self, ws: Workspace, packs: tuple[str, ...]) -> Rules | str:
        """The rules of these packs, or why they cannot be compiled."""
        if ws is not self.ws:
            self.ws, self.rules = ws, {}
        if packs not in self.rules:
            try:
                self.rules[packs] = prepare_packs(ws, list(packs)).rules
            except ContentError as exc:
                first = str(exc).split("\n", 1)[0].rstrip(": ")
                found = exc.diagnostics
                more = f" ({len(found)}; the first: {found[0].format()})" if found else ""
                self.rules[packs] = first + more
            except ValueError as exc:
                self.rules[packs] = str(exc)
        return self.rules[packs]


_CACHE = _RulesCache()


def rules_for(ws: Workspace, packs: tuple[str, ...]) -> Rules | str:
    """The rules of these packs, or why they cannot be compiled."""
    return _CACHE.get(ws, packs)


def build_situation(document: Document, rules: Rules) -> State | Diagnostic:
    """The match in the situation of a checked example, or the engine's refusal of it."""
    data: Mapping[str, Any] = document.data
    given: Mapping[str, Any] = data["given"]
    seed = int(data.get("seed", 0))
    if given.get("new_game"):
        return new_match(Prepared(rules), MatchSpec(players=rules.players, seed=seed))
    try:
        return sc.build(
            rules,
            table={k: described(v) | _marks_of(v) for k, v in given.get("table", {}).items()},
            racks={c: [described(t) for t in r] for c, r in given.get("racks", {}).items()},
            bag=_bag(given.get("bag")),
            scores=given.get("scores"),
            turn=given.get("turn"),
            seed=seed,
        )
    except sc.ScenarioError as exc:
        path = _situation_path(document, str(exc))
        at_key = len(path) == 3 and path[1] == "table"
        return document.error_at(path, "bad-situation", str(exc), at_key=at_key)


def _situation_path(document: Document, message: str) -> Path_:
    """The key a refusal of the situation names, else ``given``."""
    found = _WHERE.match(message)
    if found is None:
        return ("given",)
    key, name, number = found.groups()
    path: Path_ = ("given", key)
    if key == "table":  # the first cell it names that the example lists
        for label in [name, *_CELL.findall(message[found.end() :])]:
            if label is not None and document.has((*path, label)):
                return (*path, label)
        return path
    if key == "racks" and name is not None:
        path = (*path, name)
    elif key == "bag" and name is not None:
        number = name
    if number is not None:
        path = (*path, int(number) - 1)
    return path if document.has(path) else ("given",)


def described(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of a tile description that say which tile and how it lies."""
    return {k: spec[k] for k in ("tile", "shape", "sides", "head", "turn") if k in spec}


def _marks_of(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of a table tile that say whose it is and what lies on it."""
    return {k: spec[k] for k in ("colour", "injured", "healed") if spec.get(k) is not None}


def _bag(bag: int | Sequence[Mapping[str, Any]] | None) -> int | list[dict[str, Any]] | None:
    if bag is None or isinstance(bag, int):
        return bag
    return [described(t) for t in bag]
