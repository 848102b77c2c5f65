"""Snakes of Wrath rules examples, checked: the keys of a ``*.example.yaml`` against the packs.

The format is ``../shared/spec/examples.md`` (the keys in ``docs/examples.md``); the keys are
checked by ``schemas/snakes-of-wrath/example.schema.json`` and then here: packs, colours, tile
types and shapes, how each tile lies, cells within the table's reach, a table whose tiles
touch, racks within the ruleset's size, scores below the points to win, draws only where a
step draws. Then the situation is built (:mod:`examples_build`), so a situation the rules
cannot hold is an error at its line and column too, in ``seastack validate`` as well.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from editor.core.diagnostics import Diagnostic, suggest
from editor.core.documents import Document, Path_
from editor.core.example_checks import ExampleChecker, check_example_with, examples_of
from editor.core.schemas import schema_id
from editor.core.workspace import Workspace
from editor.games.snakes_of_wrath.content import GAME_ID
from editor.games.snakes_of_wrath.engine import State
from editor.games.snakes_of_wrath.engine import scenario as sc
from editor.games.snakes_of_wrath.engine.rules import BODY, HEAD, Rules
from editor.games.snakes_of_wrath.engine.sides import REACH, STEP, key_of, parse_label
from editor.games.snakes_of_wrath.examples_build import build_situation, described, rules_for

SCHEMA = schema_id("snakes-of-wrath/example.schema.json")


def check_examples(ws: Workspace) -> Iterator[Diagnostic]:
    """The Snakes of Wrath keys of every loaded example of the game (a game check)."""
    for document in examples_of(ws, GAME_ID):
        yield from check_example(ws, document)[0]


@dataclass
class Setup:
    """What a checked example runs with: its rules and the situation, built."""

    rules: Rules
    state: State


def check_example(ws: Workspace, document: Document) -> tuple[list[Diagnostic], Setup | None]:
    """The problems of one example whose envelope is valid, or what it runs with."""
    return check_example_with(ws, document, SCHEMA, _Checker)


class _Checker(ExampleChecker[Setup]):
    """Checks every name, tile and cell of one example against its packs."""

    def __init__(self, ws: Workspace, document: Document) -> None:
        super().__init__(ws, document)

    def check(self) -> Setup | None:
        packs = self._packs()
        if packs is None:
            return None
        rules = rules_for(self.ws, packs)
        if isinstance(rules, str):
            at: Path_ = ("packs",) if "packs" in self.data else ("game",)
            self.error(at, "bad-content", f"the packs in use cannot be played: {rules}")
            return None
        self._given(rules)
        for index, step in enumerate(self.data["steps"]):
            self._step(("steps", index), step, rules)
        if "expect" in self.data:
            self._expect(("expect",), self.data["expect"], rules)
        if self.problems:
            return None
        built = build_situation(self.doc, rules)
        if isinstance(built, Diagnostic):
            self.problems.append(built)
            return None
        return Setup(rules, built)

    # -- envelope ------------------------------------------------------------------------

    def _packs(self) -> tuple[str, ...] | None:
        listed = self.data.get("packs")
        if listed is None:
            return tuple(self.ws.default_packs(GAME_ID))
        ok = True
        for index, pack_id in enumerate(listed):
            pack = self.ws.packs.get(pack_id)
            if pack is None:
                message = f"no pack {pack_id!r}{suggest(pack_id, self.ws.packs)}"
                self.error(("packs", index), "unknown-id", message)
                ok = False
            elif pack.game != GAME_ID:
                self.error(("packs", index), "wrong-game", f"pack {pack_id!r} is for {pack.game!r}")
                ok = False
        return tuple(listed) if ok else None

    # -- references ----------------------------------------------------------------------

    def colour(self, path: Path_, colour: Any, rules: Rules, *, at_key: bool = False) -> bool:
        """Whether a colour is a player's (an error naming the closest when not)."""
        if colour is None or colour in rules.colours:
            return True
        message = f"no player is {colour!r}{suggest(str(colour), rules.colours)}"
        self.error(path, "unknown-id", message, at_key=at_key)
        return False

    def cell(self, path: Path_, label: str, *, at_key: bool = False) -> bool:
        """Whether a cell lies within the table's reach (an error when it does not)."""
        try:
            parse_label(label)
        except ValueError:
            message = f"{label} is more than {REACH} cells from the starter at 0,0"
            self.error(path, "off-table", message, at_key=at_key)
            return False
        return True

    def tile(
        self, path: Path_, spec: Mapping[str, Any], rules: Rules, *, lying: bool
    ) -> int | None:
        """The role of a described tile, or None after an error at ``path``."""
        type_id = spec["tile"]
        if type_id not in rules.type_ids:
            message = f"no tile type {type_id!r}{suggest(type_id, rules.type_ids)}"
            self.error((*path, "tile"), "unknown-id", message)
            return None
        shape = spec.get("shape")
        shapes = [k.shape_id for k in rules.kinds_of_type(type_id)]
        if shape is not None and shape not in shapes:
            message = f"{type_id} has no shape {shape!r}{suggest(shape, shapes)}"
            self.error((*path, "shape"), "unknown-id", message)
            return None
        try:
            kind, _ = sc.match_tile(rules, described(spec), _where(path), lying=lying)
        except sc.ScenarioError as exc:
            self.error(path, "bad-value", str(exc))
            return None
        return kind.role

    def tiles(self, path: Path_, specs: Iterable[Mapping[str, Any]], rules: Rules) -> None:
        """Each tile of a rack, the bag, a swap or a draw, however it lies."""
        for index, spec in enumerate(specs):
            self.tile((*path, index), spec, rules, lying=False)

    # -- given ---------------------------------------------------------------------------

    def _given(self, rules: Rules) -> None:
        given = self.given
        if given.get("new_game"):
            for key in given:
                if key != "new_game":
                    message = f"given.{key} may not be given with new_game: the rules deal it"
                    self.error(("given", key), "bad-key", message, at_key=True)
        table = given.get("table", {})
        for label, spec in table.items():
            path: Path_ = ("given", "table", label)
            if not self.cell(path, label, at_key=True):
                continue
            self.colour((*path, "colour"), spec.get("colour"), rules)
            role = self.tile(path, spec, rules, lying=True)
            self._marks(path, spec, role)
        self._touching(table, rules.kind_of(rules.starter_tile).type_id)
        for colour, rack in given.get("racks", {}).items():
            path = ("given", "racks", colour)
            self.colour(path, colour, rules, at_key=True)
            if len(rack) > rules.rack:
                message = (
                    f"a rack holds at most {rules.rack} tiles (the ruleset's rack), not {len(rack)}"
                )
                self.error(path, "bad-size", message)
            self.tiles(path, rack, rules)
        if isinstance(given.get("bag"), list):
            self.tiles(("given", "bag"), given["bag"], rules)
        for colour, points in given.get("scores", {}).items():
            path = ("given", "scores", colour)
            self.colour(path, colour, rules, at_key=True)
            if points >= rules.target:
                message = (
                    f"{points} points would have ended the game: the ruleset's target is"
                    f" {rules.target}"
                )
                self.error(path, "bad-value", message)
        self.colour(("given", "turn"), given.get("turn"), rules)

    def _marks(self, path: Path_, spec: Mapping[str, Any], role: int | None) -> None:
        """An injury or a healing lies on a body; a head has no colour of its own."""
        if spec.get("injured") and spec.get("healed"):
            message = "a healed tile's injury is covered by the healing: give healed alone"
            self.error((*path, "injured"), "bad-value", message, at_key=True)
        for mark in ("injured", "healed"):
            if spec.get(mark) and role is not None and role != BODY:
                message = f"only a body can be {mark}, not a {spec['tile']}"
                self.error((*path, mark), "bad-value", message, at_key=True)
        if spec.get("colour") is not None and role == HEAD:
            message = "a head has no colour of its own: the bodies of its snake say who owns it"
            self.error((*path, "colour"), "bad-value", message, at_key=True)

    def _touching(self, table: Mapping[str, Any], starter: str) -> None:
        """Every tile of the table touches the others (the starter's 0,0 included)."""
        keys: dict[int, str] = {}
        for label in table:
            try:
                keys[parse_label(label)] = label
            except ValueError:
                continue  # reported as off the table
        if not keys:
            return
        origin = key_of(0, 0)
        cells = set(keys)
        if not any(spec.get("tile") == starter for spec in table.values()):
            cells.add(origin)  # the starter lies there unless 0,0 holds another tile
        start = origin if origin in cells else next(iter(keys))
        seen, todo = {start}, [start]
        while todo:
            key = todo.pop()
            for step in STEP:
                if key + step in cells and key + step not in seen:
                    seen.add(key + step)
                    todo.append(key + step)
        for key, label in keys.items():
            if key not in seen:
                message = (
                    f"{label} touches no tile joined to the rest: every tile lies next to another"
                )
                self.error(("given", "table", label), "bad-situation", message, at_key=True)

    # -- steps and expectations ----------------------------------------------------------

    def _step(self, at: Path_, step: Mapping[str, Any], rules: Rules) -> None:
        self.colour((*at, "player"), step["player"], rules)
        action = step.get("action")
        if "place" in step:
            self.tile((*at, "place"), step["place"], rules, lying=True)
            self.cell((*at, "at"), step["at"])
        if action == "pass" and "swap" in step:
            self.error((*at, "swap"), "bad-key", "a pass puts no tiles back", at_key=True)
        if "swap" in step:
            self.tiles((*at, "swap"), step["swap"], rules)
        if "draw" in step:
            self._draw(at, step, rules)
        if "expect" in step:
            self._expect((*at, "expect"), step["expect"], rules)

    def _draw(self, at: Path_, step: Mapping[str, Any], rules: Rules) -> None:
        """Draws only where the step draws, as many as it may, from a bag not in order."""
        path = (*at, "draw")
        draw = step["draw"]
        action = step.get("action")
        if action == "pass":
            self.error(path, "bad-key", "a pass draws no tile", at_key=True)
            return
        if isinstance(self.given.get("bag"), list):
            message = "the bag is given in draw order: the draws come from it"
            self.error(path, "bad-key", message, at_key=True)
            return
        most = rules.swap if action == "swap" else rules.rack
        if len(draw) > most:
            what = f"a swap draws {most}" if action == "swap" else f"a refill draws at most {most}"
            self.error(path, "bad-size", f"{what} tiles, not {len(draw)}")
        self.tiles(path, draw, rules)

    def _expect(self, at: Path_, expect: Mapping[str, Any], rules: Rules) -> None:
        for label, fields in expect.get("table", {}).items():
            path: Path_ = (*at, "table", label)
            if not self.cell(path, label, at_key=True) or fields is None:
                continue
            self._expected_tile(path, fields, rules)
        for label, fields in expect.get("snakes", {}).items():
            path = (*at, "snakes", label)
            self.cell(path, label.removesuffix(" head"), at_key=True)
            if fields is not None:
                self.colour((*path, "owner"), fields.get("owner"), rules)
        for colour in expect.get("scores", {}):
            self.colour((*at, "scores", colour), colour, rules, at_key=True)
        for colour, rack in expect.get("racks", {}).items():
            self.colour((*at, "racks", colour), colour, rules, at_key=True)
            if isinstance(rack, list):
                self.tiles((*at, "racks", colour), rack, rules)
        if isinstance(expect.get("bag"), list):
            self.tiles((*at, "bag"), expect["bag"], rules)
        self.colour((*at, "turn"), expect.get("turn"), rules)
        winner = expect.get("winner")
        for index, colour in enumerate(winner if isinstance(winner, list) else []):
            self.colour((*at, "winner", index), colour, rules)
        if isinstance(winner, str):
            self.colour((*at, "winner"), winner, rules)
        for colour, view in expect.get("view", {}).items():
            path = (*at, "view", colour)
            self.colour(path, colour, rules, at_key=True)
            for other in view.get("racks", {}):
                self.colour((*path, "racks", other), other, rules, at_key=True)
            for other in view.get("scores", {}):
                self.colour((*path, "scores", other), other, rules, at_key=True)
            self.colour((*path, "turn"), view.get("turn"), rules)
            if isinstance(view.get("rack"), list):
                self.tiles((*path, "rack"), view["rack"], rules)

    def _expected_tile(self, path: Path_, fields: Mapping[str, Any], rules: Rules) -> None:
        type_id = fields.get("tile")
        if type_id is not None and type_id not in rules.type_ids:
            message = f"no tile type {type_id!r}{suggest(type_id, rules.type_ids)}"
            self.error((*path, "tile"), "unknown-id", message)
            return
        shapes = {k.shape_id for k in rules.kinds if type_id in (None, k.type_id)}
        shape = fields.get("shape")
        if shape is not None and shape not in shapes:
            whose = f"{type_id} has" if type_id else "no tile type has"
            self.error(
                (*path, "shape"),
                "unknown-id",
                f"{whose} no shape {shape!r}{suggest(shape, shapes)}",
            )
        for key in ("colour", "played_by"):
            self.colour((*path, key), fields.get(key), rules)


def _where(path: Path_) -> str:
    """A path in the words of the engine's messages (``steps[2].place``)."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out
