"""Snails rules examples, checked: the keys of a ``*.example.yaml`` against the packs in use.

The format is ``../shared/spec/examples.md``; the Snails keys are checked by
``schemas/snails/example.schema.json`` and then here (boards, spaces, tiles, backs, tokens,
factions, cards, soldiers, abilities, modules, dice, snail and player names), so a typo is an
error at its line and column instead of a confusing failure when the example runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from editor.core.boards import Board
from editor.core.diagnostics import Diagnostic, suggest
from editor.core.documents import Document, Path_
from editor.core.example_checks import ExampleChecker, check_example_with, examples_of
from editor.core.schemas import schema_id
from editor.core.workspace import Workspace

if TYPE_CHECKING:
    from editor.games.snails.engine import CardSpec, Rules

GAME_ID = "snails"
SCHEMA = schema_id("snails/example.schema.json")
DEFAULT_SOLDIER = "soldier"


def check_examples(ws: Workspace) -> Iterator[Diagnostic]:
    """The Snails keys of every loaded Snails example (a game check, for ``validate`` too)."""
    for document in examples_of(ws, GAME_ID):
        yield from check_example(ws, document)[0]


def check_example(ws: Workspace, document: Document) -> tuple[list[Diagnostic], Setup | None]:
    """The problems of one example whose envelope is valid, or what it needs to run."""
    return check_example_with(ws, document, SCHEMA, _Checker)


@dataclass
class Setup:
    """What a checked example runs with: its compiled rules, its board and its names."""

    rules: Rules
    board: Board
    modules: tuple[str, ...]
    seed: int
    snail_names: tuple[str, ...]
    player_names: tuple[str, ...]
    labels: tuple[str, ...] = field(default_factory=tuple)


class _RulesCache:
    """Compiled rules per pack list, for the last workspace only (examples share packs)."""

    def __init__(self) -> None:
        self.ws: Workspace | None = None
        self.rules: dict[tuple[str, ...], Rules | str] = {}

    def get(self, ws: Workspace, packs: tuple[str, ...]) -> Rules | str:
        """The rules of these packs, or why they cannot be compiled."""
        from editor.games.snails.engine import compile_rules
        from editor.games.snails.engine.rules import ContentError as CompileError
        from editor.games.snails.rules_content import ContentError

        if ws is not self.ws:
            self.ws, self.rules = ws, {}
        if packs not in self.rules:
            try:
                self.rules[packs] = compile_rules(ws, list(packs))
            except ContentError as exc:
                first = str(exc).split("\n", 1)[0].rstrip(": ")
                found = exc.diagnostics
                more = f" ({len(found)}; the first: {found[0].format()})" if found else ""
                self.rules[packs] = first + more
            except CompileError as exc:
                self.rules[packs] = str(exc)
        return self.rules[packs]


_CACHE = _RulesCache()


class _Checker(ExampleChecker[Setup]):
    """Checks every name and id of one example against its packs and board."""

    def __init__(self, ws: Workspace, document: Document) -> None:
        super().__init__(ws, document)
        self.board: Board | None = None
        self.rules: Rules | None = None

    def check(self) -> Setup | None:
        packs = self._packs()
        if packs is None:
            return None
        rules = _CACHE.get(self.ws, packs)
        if isinstance(rules, str):
            at: Path_ = ("packs",) if "packs" in self.data else ("game",)
            self.error(at, "bad-content", f"the packs in use cannot be played: {rules}")
            return None
        self.rules = rules
        modules = self._modules(rules)
        self.board = self._board()
        self._given(rules, modules)
        self._steps(rules)
        if "expect" in self.data:  # optional: the steps being legal may be the whole check
            self._expect(("expect",), self.data["expect"], rules)
        if self.problems or self.board is None:
            return None
        return Setup(
            rules=rules,
            board=self.board,
            modules=modules,
            seed=int(self.data.get("seed", 0)),
            snail_names=tuple(self.given["snails"]),
            player_names=tuple(self.given["players"]),
            labels=self.board.labels,
        )

    # -- envelope ------------------------------------------------------------------------

    def _packs(self) -> tuple[str, ...] | None:
        listed = self.data.get("packs")
        if listed is None:
            return tuple(self.ws.default_packs(GAME_ID))
        ok = True
        for index, pack_id in enumerate(listed):
            pack = self.ws.packs.get(pack_id)
            if pack is None:
                self.error(
                    ("packs", index),
                    "unknown-id",
                    f"no pack {pack_id!r}{suggest(pack_id, self.ws.packs)}",
                )
                ok = False
            elif pack.game != GAME_ID:
                self.error(("packs", index), "wrong-game", f"pack {pack_id!r} is for {pack.game!r}")
                ok = False
        return tuple(listed) if ok else None

    def _modules(self, rules: Rules) -> tuple[str, ...]:
        modules = tuple(self.data.get("modules", ()))
        for index, module in enumerate(modules):
            if module not in rules.modules:
                self.error(
                    ("modules", index),
                    "unknown-id",
                    f"no Snails module {module!r} in the packs in use"
                    + suggest(module, rules.modules),
                )
        return modules

    def _board(self) -> Board | None:
        board_id = self.given["board"]
        board = self.ws.boards.get(board_id)
        path = ("given", "board")
        if board is None:
            self.error(
                path, "unknown-id", f"no board {board_id!r}{suggest(board_id, self.ws.boards)}"
            )
            return None
        if board.game != GAME_ID or board.grid != "hex":
            self.error(path, "wrong-game", f"board {board_id!r} is not a Snails hex board")
            return None
        return board

    # -- references ----------------------------------------------------------------------

    def label(self, path: Path_, label: str, *, at_key: bool = False) -> bool:
        """Whether a space is on the board (an error when it is not)."""
        if self.board is None:
            return False
        if self.board.has_space(label):
            return True
        message = (
            f"{label} is not a space of board {self.board.id!r}"
            f" ({self.board.columns} columns, {self.board.rows} rows)"
        )
        self.error(path, "off-board", message, at_key=at_key)
        return False

    def known(
        self, path: Path_, value: str, known: Iterable[str], what: str, *, at_key: bool = False
    ) -> bool:
        """Whether an id is among the known ones (an error naming the closest when not)."""
        names = set(known)
        if value in names:
            return True
        self.error(path, "unknown-id", f"no {what} {value!r}{suggest(value, names)}", at_key=at_key)
        return False

    def _given(self, rules: Rules, modules: Sequence[str]) -> None:
        given = self.given
        land: set[str] = set()
        for label, stack in given.get("terrain", {}).items():
            path: Path_ = ("given", "terrain", label)
            self.label(path, label, at_key=True)
            for index, tile in enumerate(stack):
                self.known((*path, index), tile, rules.tile_ids, "tile type")
            if stack:
                land.add(label)
        for label, back in given.get("backs", {}).items():
            path = ("given", "backs", label)
            if self.label(path, label, at_key=True) and label not in land:
                self.error(
                    path,
                    "bad-value",
                    f"{label} is water: it has no tile to have a back",
                    at_key=True,
                )
            self.known(path, back, rules.back_ids, "tile back")
        for index, label in enumerate(given.get("damaged", [])):
            path = ("given", "damaged", index)
            if self.label(path, label) and label not in land:
                self.error(path, "bad-value", f"{label} is water: it has no tile to damage")
        self._tokens(("given", "tokens"), given.get("tokens", {}), rules, land)
        players = given["players"]
        for name, player in players.items():
            path = ("given", "players", name)
            self.known((*path, "faction"), player["faction"], rules.factions, "faction")
            for index, card in enumerate(player.get("hand", [])):
                self.known((*path, "hand", index), card, _hand_cards(rules), "card")
        if "first_player" in given:
            self.known(("given", "first_player"), given["first_player"], players, "player")
        abilities = _ability_ids(rules)
        for name, used in given.get("used", {}).items():
            path = ("given", "used", name)
            self.known(path, name, players, "player", at_key=True)
            for index, ability in enumerate(used):
                self.known((*path, index), ability, abilities, "ability")
        capacity = int(rules.param("capacity"))
        crowd: dict[str, int] = {}
        for name, snail in given["snails"].items():
            path = ("given", "snails", name)
            self.known((*path, "player"), snail["player"], players, "player")
            if self.label((*path, "at"), snail["at"]):
                crowd[snail["at"]] = crowd.get(snail["at"], 0) + 1
                if crowd[snail["at"]] > capacity:
                    message = (
                        f"more than {capacity} snails on {snail['at']} (the ruleset's capacity)"
                    )
                    self.error((*path, "at"), "bad-value", message)
            kind = snail.get("soldier", DEFAULT_SOLDIER)
            if self.known((*path, "soldier"), kind, rules.soldiers, "kind of snail"):
                module = _soldier_module(rules, kind)
                if module and module not in modules:
                    message = f"a {kind} belongs to the {module} module; add it to modules"
                    self.error((*path, "soldier"), "bad-value", message)

    def _tokens(self, at: Path_, tokens: Mapping[str, Any], rules: Rules, land: set[str]) -> None:
        for label, counts in tokens.items():
            path = (*at, label)
            on_board = self.label(path, label, at_key=True)
            for token, count in counts.items():
                known = self.known((*path, token), token, rules.token_index, "token", at_key=True)
                water = on_board and at[0] == "given" and count and label not in land
                if known and water and not rules.tokens[rules.token_index[token]].on_water:
                    message = f"{label} is water: no {token} token can lie there"
                    self.error((*path, token), "bad-value", message, at_key=True)

    def _steps(self, rules: Rules) -> None:
        snails = self.given["snails"]
        abilities = _ability_ids(rules)
        for index, step in enumerate(self.data["steps"]):
            at: Path_ = ("steps", index)
            self._choose(at, step, rules)
            for position, face in enumerate(step.get("roll", [])):
                self.known((*at, "roll", position), face, rules.face_names, "die result")
            if "expect" in step:
                self._expect((*at, "expect"), step["expect"], rules)
            if "phase" in step:
                continue
            self.known((*at, "snail"), step["snail"], snails, "snail")
            if self.known((*at, "action"), step["action"], rules.card_index, "action or card"):
                self._keys_fit_the_card(at, step, rules.card(step["action"]))
            for position, label in enumerate(step.get("path", [])):
                self.label((*at, "path", position), label)
            if "heal" in step:
                self.known((*at, "heal"), step["heal"], snails, "snail")
            target = step.get("target")
            board = self.board
            if (
                target is not None
                and target not in snails
                and board
                and not board.has_space(target)
            ):
                message = f"target {target!r} is neither a snail of this example nor a space"
                message += f" of board {board.id!r}"
                self.error((*at, "target"), "unknown-id", message + suggest(target, snails))
            adjacent = step.get("adjacent")
            if isinstance(adjacent, list):  # the card's own, then the wind's, then abilities'
                for position, label in enumerate(adjacent):
                    self.label((*at, "adjacent", position), label)
            elif adjacent is not None:
                self.label((*at, "adjacent"), adjacent)
            for name, labels in step.get("push", {}).items():
                self.known((*at, "push", name), name, snails, "snail", at_key=True)
                if isinstance(labels, list):  # one space per step of a longer push or move
                    for k, label in enumerate(labels):
                        self.label((*at, "push", name, k), label)
                else:
                    self.label((*at, "push", name), labels)
            for position, ability in enumerate(step.get("use", [])):
                self.known((*at, "use", position), ability, abilities, "ability")

    def _choose(self, at: Path_, step: Mapping[str, Any], rules: Rules) -> None:
        """Each ``choose`` entry is a die result or a card (swapped, discarded, kept, found)."""
        raw = step.get("choose")
        if raw is None:
            return
        known = [*rules.face_names, *_hand_cards(rules)]
        if not isinstance(raw, list):
            self.known((*at, "choose"), raw, known, "die result or card")
            return
        for position, value in enumerate(raw):
            self.known((*at, "choose", position), value, known, "die result or card")

    def _keys_fit_the_card(self, at: Path_, step: Mapping[str, Any], card: CardSpec) -> None:
        """A path only for crawls, a target of the kind the card picks, dice only if it rolls."""
        name = card.id
        if "path" in step and card.basic != "crawl":
            self.error(
                (*at, "path"), "bad-value", f"{name} does not crawl: it takes no path", at_key=True
            )
        target = step.get("target")
        snails = self.given["snails"]
        if target is not None:
            if card.select in ("ring", "own-space", "none"):
                message = f"{name} takes no target"
                if card.select in _WHAT_IT_HITS:
                    message += f": it hits {_WHAT_IT_HITS[card.select]}"
                self.error((*at, "target"), "bad-value", message, at_key=True)
            elif card.select == "snail" and target not in snails:
                message = f"{name} targets a snail: name one of {', '.join(snails)}, not {target!r}"
                self.error((*at, "target"), "bad-value", message)
            elif card.select == "space" and target in snails:
                message = f"{name} targets a space: give its label, not the snail {target!r}"
                self.error((*at, "target"), "bad-value", message)
        if "roll" in step and card.dice <= 0:
            self.error((*at, "roll"), "bad-value", f"{name} rolls no dice", at_key=True)

    def _expect(self, at: Path_, expect: Mapping[str, Any], rules: Rules) -> None:
        for name, fields in expect.get("snails", {}).items():
            path = (*at, "snails", name)
            self.known(path, name, self.given["snails"], "snail", at_key=True)
            if fields.get("at") is not None:
                self.label((*path, "at"), fields["at"])
        for label, stack in expect.get("terrain", {}).items():
            path = (*at, "terrain", label)
            self.label(path, label, at_key=True)
            for index, tile in enumerate(stack):
                self.known((*path, index), tile, rules.tile_ids, "tile type")
        for index, label in enumerate(expect.get("damaged", [])):
            self.label((*at, "damaged", index), label)
        self._tokens((*at, "tokens"), expect.get("tokens", {}), rules, set())
        for name in expect.get("hands", {}):
            self.known((*at, "hands", name), name, self.given["players"], "player", at_key=True)


_WHAT_IT_HITS = {"ring": "every space at its range", "own-space": "its own space"}


def _hand_cards(rules: Rules) -> list[str]:
    """Cards a player may hold: every card but the basic actions."""
    return [card.id for card in rules.cards if card.kind != "basic"]


def _ability_ids(rules: Rules) -> set[str]:
    """Every ability a step may ``use``: of factions, soldiers, backs, tokens, and cards."""
    ids = {ability.id for faction in rules.factions.values() for ability in faction.abilities}
    ids |= {ability.id for kind in rules.soldiers.values() for ability in kind.abilities}
    ids |= {ability.id for abilities in rules.backs.values() for ability in abilities}
    ids |= {ability.id for token in rules.tokens for ability in token.abilities}
    ids |= {card.id for card in rules.cards if card.kind != "basic"}
    return ids


def _soldier_module(rules: Rules, kind: str) -> str | None:
    raw = rules.content.get("soldiers", {}).get(kind)
    module = raw.get("module") if isinstance(raw, Mapping) else None
    return module if isinstance(module, str) else None
