"""Snit Smashing rules examples, checked: the keys of a ``*.example.yaml`` against the map and
the packs in use.

The format is ``../shared/spec/examples.md`` (the Snit Smashing section, extended in
docs/examples.md); ``schemas/snit-smashing/example.schema.json`` checks the shapes and bounds,
then this module checks every name: packs, the board, hexes (on the board), clans as players,
Snits, orders for every player, numbers within the ruleset, so that a typo is an error at its
line and column instead of a confusing failure while the example runs.

Hexes written in Bolotomus orders may lie off the board: a Smash or a Snandergrab move partly
off the field is a rule the example may show being refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from editor.core.boards import Board
from editor.core.diagnostics import Diagnostic, sort_diagnostics, suggest
from editor.core.documents import Document, Path_
from editor.core.example_checks import ExampleChecker, check_example_with, examples_of
from editor.core.hexgrid import format_label, parse_label
from editor.core.packs import closure
from editor.core.schemas import schema_id
from editor.core.workspace import Workspace
from editor.games.snit_smashing.content import GAME_ID
from editor.games.snit_smashing.engine.rules import Prepared
from editor.games.snit_smashing.engine.scenario import DEFAULT_LAYOUT, SetupError, beach
from editor.games.snit_smashing.engine.state import run_to_snandergrab
from editor.games.snit_smashing.shapes import snandergrab_hexes

SCHEMA = schema_id("snit-smashing/example.schema.json")
#: States of a Snit that stands on a hex of the map, and those off it.
ON_MAP = ("active", "on-top")
OFF_MAP = ("safe", "under", "dead")


def check_examples(ws: Workspace) -> Iterator[Diagnostic]:
    """The Snit Smashing keys of every loaded example of the game (a game check, for
    ``validate`` too)."""
    for document in examples_of(ws, GAME_ID):
        yield from check_example(ws, document)[0]


@dataclass(frozen=True)
class Setup:
    """What a checked example runs with: its compiled map and rules, its players, its seed."""

    prepared: Prepared
    #: The players (clan ids) in seat order.
    players: tuple[str, ...]
    seed: int


def check_example(ws: Workspace, document: Document) -> tuple[list[Diagnostic], Setup | None]:
    """The problems of one example whose envelope is valid, or what it needs to run."""
    return check_example_with(ws, document, SCHEMA, _Checker)


class _Checker(ExampleChecker[Setup]):
    """Checks every name, hex and number of one example against its map and packs."""

    def __init__(self, ws: Workspace, document: Document) -> None:
        super().__init__(ws, document)
        self.players: tuple[str, ...] = tuple(self.given["players"])
        self.snits: dict[str, Any] = self.given["snits"]
        self.board: Board | None = None

    def check(self) -> Setup | None:
        packs = self._packs()
        board = self._board()
        if packs is None or board is None:
            return None
        self.board = board
        if not self._packs_play(packs):
            return None
        self._map_labels()
        if self.problems:  # beach() would only repeat them, without a position
            return None
        prepared = self._prepare(packs)
        if prepared is None:
            return None
        self._given(prepared)
        self._steps(prepared)
        if "expect" in self.data:  # optional: the steps being legal may be the whole check
            self._expect(("expect",), self.data["expect"], prepared)
        if self.problems:
            return None
        return Setup(
            prepared=prepared,
            players=self.players,
            seed=int(self.data.get("seed", 0)),
        )

    # -- envelope and map ------------------------------------------------------------------

    def _packs(self) -> list[str] | None:
        listed = self.data.get("packs")
        if listed is None:
            return None if self._no_default() else []
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
        return list(listed) if ok else None

    def _packs_play(self, packs: list[str]) -> bool:
        """Whether the packs in use (and what they depend on) are free of errors."""
        chosen = closure(self.ws.packs, packs or self.ws.default_packs(GAME_ID))
        paths = set()
        for pack in chosen:
            paths.add(pack.manifest.path)
            paths.update(document.path for _, document in pack.documents)
        found = sort_diagnostics(d for d in self.ws.diagnostics if d.is_error and d.path in paths)
        if not found:
            return True
        names = ", ".join(p.id for p in chosen)
        message = (
            f"the packs in use cannot be played: {names} have errors; fix them first"
            f" ({len(found)}; the first: {found[0].format()})"
        )
        self.error(("packs",) if "packs" in self.data else ("game",), "bad-content", message)
        return False

    def _no_default(self) -> bool:
        if self.ws.default_packs(GAME_ID):
            return False
        self.error(("game",), "bad-content", "no Snit Smashing pack is loaded; name one in packs")
        return True

    def _board(self) -> Board | None:
        board_id = self.given.get("board")
        if board_id is None:
            layout = self.ws.layouts.get(DEFAULT_LAYOUT)
            board = self.ws.boards.get(layout.board) if layout is not None else None
            if board is None:
                self.error(("given",), "bad-content", "the bundled beach map is not loaded")
            return board
        path = ("given", "board")
        board = self.ws.boards.get(board_id)
        ours = {k: b for k, b in self.ws.boards.items() if b.game == GAME_ID}
        if board is None:
            self.error(path, "unknown-id", f"no board {board_id!r}{suggest(board_id, ours)}")
            return None
        if board.game != GAME_ID or board.grid != "hex":
            self.error(path, "wrong-game", f"board {board_id!r} is not a Snit Smashing hex board")
            return None
        return board

    def label(self, path: Path_, label: str, *, at_key: bool = False) -> bool:
        """Whether a hex is on the board (an error when it is not)."""
        board = self.board
        if board is None:
            return False
        if board.has_space(label):
            return True
        message = (
            f"{label} is not a hex of board {board.id!r}"
            f" ({board.columns} columns, {board.rows} rows)"
        )
        self.error(path, "off-board", message, at_key=at_key)
        return False

    def known(
        self, path: Path_, value: str, known: Iterable[str], what: str, *, at_key: bool = False
    ) -> bool:
        """Whether a name is among the known ones (an error naming the closest when not)."""
        names = list(known)
        if value in names:
            return True
        hint = suggest(value, names)
        self.error(path, "unknown-id", f"no {what} {value!r}{hint}", at_key=at_key)
        return False

    def _map_labels(self) -> None:
        """The hexes of the map the example redraws: its sea, starts, the Snandergrab."""
        given = self.given
        for index, label in enumerate(given.get("sea", ())):
            self.label(("given", "sea", index), label)
        for clan, label in given.get("starts", {}).items():
            self.label(("given", "starts", clan), label)
        if "snandergrab" in given:
            self.label(("given", "snandergrab"), given["snandergrab"])

    def _prepare(self, packs: list[str]) -> Prepared | None:
        given = self.given
        try:
            return _CACHE.get(
                self.ws,
                packs=tuple(packs) or None,
                board=given.get("board"),
                sea=tuple(given["sea"]) if "sea" in given else None,
                starts=tuple(sorted(given.get("starts", {}).items())) or None,
            )
        except SetupError as exc:
            self.error(_where_map_failed(given, str(exc)), "bad-map", str(exc))
            return None

    # -- the situation ---------------------------------------------------------------------

    def _given(self, prepared: Prepared) -> None:
        given = self.given
        rules = prepared.rules
        clans = [clan.id for clan in prepared.clans]
        for clan in self.players:
            self.known(("given", "players", clan), clan, clans, "clan", at_key=True)
        tables = prepared.tables
        for clan, label in given.get("starts", {}).items():
            self.known(("given", "starts", clan), clan, clans, "clan", at_key=True)
            if not (tables.sea >> tables.index[label]) & 1:
                message = f"{clan} starts on {label}, which is not in the sea"
                self.error(("given", "starts", clan), "bad-value", message)
        if "primus" in given:
            self.known(("given", "primus"), given["primus"], self.players, "player")
        for key in ("trophies", "own_smashed"):
            for clan in given.get(key, {}):
                self.known(("given", key, clan), clan, self.players, "player", at_key=True)
        run = int(given.get("run", 1))
        if run > rules.runs:
            self.error(("given", "run"), "bad-value", f"the game has {rules.runs} runs, not {run}")
        bound = int(given.get("bound", 1))
        if bound > rules.bounds_per_run:
            message = f"a run has {rules.bounds_per_run} bounds, not {bound}"
            self.error(("given", "bound"), "bad-value", message)
        self._snits(prepared, run)
        self._pools(prepared)

    def _snits(self, prepared: Prepared, run: int) -> None:
        tables = prepared.tables
        centre = self.given.get("snandergrab")
        grab_centre = centre if centre is not None else tables.labels[prepared.grab_start]
        grab = _grab_labels(grab_centre, prepared.rules.snandergrab_hexes)
        taken: dict[str, str] = {}
        for name, snit in self.snits.items():
            path: Path_ = ("given", "snits", name)
            self.known((*path, "player"), snit["player"], self.players, "player")
            state = snit.get("state", "active")
            at = snit.get("at")
            if state in ON_MAP and at is None:
                message = f"{name} is {state}: give the hex it stands on (at)"
                self.error(path, "missing-key", message)
                continue
            if state in OFF_MAP and at is not None:
                message = f"{name} is {state}, off the map: it stands on no hex; remove at"
                self.error((*path, "at"), "bad-value", message, at_key=True)
                continue
            if at is None or not self.label((*path, "at"), at):
                continue
            sea = (tables.sea >> tables.index[at]) & 1
            if state == "on-top" and (sea or at not in grab):
                message = f"{name} is on top of the Snandergrab, but {at} is not one of its hexes"
                self.error((*path, "at"), "bad-value", f"{message} ({', '.join(grab)})")
            if sea and not run_to_snandergrab(run):
                message = f"{name} is in the sea at {at} in a run to the sea: it is safe there"
                self.error((*path, "at"), "bad-value", message)
            if not sea:
                if at in taken:
                    message = f"{name} and {taken[at]} are both on {at}: one Snit a sand hex"
                    self.error((*path, "at"), "bad-value", message)
                taken[at] = name

    def _pools(self, prepared: Prepared) -> None:
        most = prepared.rules.snits_per_player
        listed: dict[str, int] = {}
        for snit in self.snits.values():
            listed[snit["player"]] = listed.get(snit["player"], 0) + 1
        for clan, player in self.given["players"].items():
            pool = player.get("pool")
            if pool is None:
                continue
            size = pool if isinstance(pool, int) else len(pool)
            given = listed.get(clan, 0)
            if given + size > most:
                message = (
                    f"{clan} has {given} Snits given and {size} in its pool: more than the"
                    f" {most} Snits a player has (the ruleset's snits_per_player)"
                )
                self.error(("given", "players", clan, "pool"), "bad-value", message)

    # -- steps -----------------------------------------------------------------------------

    def _steps(self, prepared: Prepared) -> None:
        for index, step in enumerate(self.data["steps"]):
            at: Path_ = ("steps", index)
            if "expect" in step:
                self._expect((*at, "expect"), step["expect"], prepared)
            if "phase" in step:
                self._draw(at, step.get("draw", {}), prepared)
                continue
            orders = step["orders"]
            for clan in orders:
                self.known((*at, "orders", clan), clan, self.players, "player", at_key=True)
            missing = [clan for clan in self.players if clan not in orders]
            if missing:
                message = (
                    f"no order for {', '.join(missing)}: every player writes one each bound"
                    " (garbled for none)"
                )
                self.error((*at, "orders"), "missing-key", message)
            for position, move in enumerate(step["moves"]):
                for name, hexes in move.items():
                    where = (*at, "moves", position, name)
                    self.known(where, name, self.snits, "Snit", at_key=True)
                    for k, label in enumerate(hexes):
                        self.label((*where, k), label)

    def _draw(self, at: Path_, draw: Mapping[str, Any], prepared: Prepared) -> None:
        """Forced offspring: players of the example, speeds their pool can hold. A pool given
        as a count holds the clan's counters, so a speed none of them has is never drawn (a
        pool given as speeds is checked against them when the draw is made)."""
        for clan, speeds in draw.items():
            if not self.known((*at, "draw", clan), clan, self.players, "player", at_key=True):
                continue
            if isinstance(self.given["players"][clan].get("pool"), list):
                continue
            counters = next((c.counters for c in prepared.clans if c.id == clan), ())
            known = sorted({speed for _name, speed in counters})
            for index, speed in enumerate(speeds):
                if speed not in known:
                    message = (
                        f"{clan} has no Snit counter of speed {speed} to draw"
                        f" (its speeds: {', '.join(map(str, known)) or 'none'})"
                    )
                    self.error((*at, "draw", clan, index), "bad-value", message)

    # -- expectations ----------------------------------------------------------------------

    def _expect(self, at: Path_, expect: Mapping[str, Any], prepared: Prepared) -> None:
        rules = prepared.rules
        for name, fields in expect.get("snits", {}).items():
            path = (*at, "snits", name)
            self.known(path, name, self.snits, "Snit", at_key=True)
            if fields.get("at") is not None:
                self.label((*path, "at"), fields["at"])
            if "player" in fields:
                self.known((*path, "player"), fields["player"], self.players, "player")
        for name in expect.get("offspring", {}):
            self.known((*at, "offspring", name), name, self.snits, "Snit", at_key=True)
        for key in ("trophies", "own_smashed", "pools", "living", "states"):
            for clan in expect.get(key, {}):
                self.known((*at, key, clan), clan, self.players, "player", at_key=True)
        for key, clans in expect.get("winners", {}).items():
            for index, clan in enumerate(clans):
                self.known((*at, "winners", key, index), clan, self.players, "player")
        if "snandergrab" in expect:
            self.label((*at, "snandergrab"), expect["snandergrab"])
        if expect.get("run", 1) > rules.runs:
            self.error((*at, "run"), "bad-value", f"the game has {rules.runs} runs")
        if expect.get("bound", 1) > rules.bounds_per_run:
            self.error((*at, "bound"), "bad-value", f"a run has {rules.bounds_per_run} bounds")
        if "primus" in expect:
            self.known((*at, "primus"), expect["primus"], self.players, "player")


def _grab_labels(centre: str, size: int) -> list[str]:
    """The labels of the Snandergrab's hexes around a centre (those a label can name)."""
    out = []
    for h in snandergrab_hexes(parse_label(centre), size):
        try:
            out.append(format_label(h))
        except ValueError:  # above or left of the first row or column
            continue
    return out


def _where_map_failed(given: Mapping[str, Any], message: str) -> Path_:
    """The key of ``given`` a refused map points at, from what the refusal names."""
    for key, word in (("starts", "start"), ("sea", "sea"), ("board", "board")):
        if key in given and word in message:
            return ("given", key)
    return ("given",) if "pack" not in message else ("game",)


class _MapCache:
    """Compiled maps per workspace (the last one only): examples mostly share the beach."""

    def __init__(self) -> None:
        self.ws: Workspace | None = None
        self.maps: dict[tuple[Any, ...], Prepared | SetupError] = {}

    def get(
        self,
        ws: Workspace,
        *,
        packs: tuple[str, ...] | None,
        board: str | None,
        sea: tuple[str, ...] | None,
        starts: tuple[tuple[str, str], ...] | None,
    ) -> Prepared:
        """The map of these parts, or the :class:`SetupError` saying why there is none."""
        if ws is not self.ws:
            self.ws, self.maps = ws, {}
        key = (packs, board, sea, starts)
        if key not in self.maps:
            try:
                self.maps[key] = beach(
                    ws,
                    packs=packs,
                    board=board,
                    sea=sea,
                    starts=dict(starts) if starts is not None else None,
                )
            except SetupError as exc:
                self.maps[key] = exc
        found = self.maps[key]
        if isinstance(found, SetupError):
            raise found
        return found


_CACHE = _MapCache()
