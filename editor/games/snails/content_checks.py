"""Semantic checks of Snails rules content: what the schemas alone cannot see.

Each pack's cards, factions, soldiers, tokens and tile backs are checked against everything
its dependencies define, so a reference to something the pack cannot see is reported where
it is written.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from editor.core.diagnostics import Diagnostic, suggest
from editor.core.documents import Document
from editor.core.files import display_path
from editor.core.packs import Pack, closure
from editor.core.rulesets import merge_rulesets
from editor.core.workspace import Workspace
from editor.games.snails.checks import snails_packs
from editor.games.snails.engine.rules import ENGINE_MODULES
from editor.games.snails.rules_content import (
    ARSENAL_KINDS,
    BASIC_ACTIONS,
    ENTRY_KINDS,
    KINDS,
    OPERATIONS,
    Entry,
    index_entries,
)

Path_ = tuple[str | int, ...]
_WHAT = {
    "cards": "card",
    "factions": "faction",
    "soldiers": "soldier type",
    "tokens": "token",
    "tile_types": "tile type",
    "tile_backs": "tile back",
}
# Operations whose short form is a space, and those whose default target is the targets.
_SPACE_SHORT = ("destroy", "damage_terrain")
_TO_DEFAULT_TARGETS = ("damage", "heal", "push")
#: Operations on snails, the only ones an ``if:`` condition limits.
_SNAIL_OPS = ("damage", "heal", "push", "place", "move", "shell")
_AT_DEFAULT_TARGET = ("add_token", "remove_token")
_KINDS_OF_FILE = {"tiles": ("tile_types", "tile_backs")}


@dataclass
class _Known:
    """The ids a pack can see: its own and its dependencies' (first definition of each)."""

    ids: dict[str, dict[str, Entry]]
    #: Kinds with a file that was not loaded or failed its schema: their ids are not all known.
    unsure: frozenset[str] = frozenset()

    def get(self, kind: str, item_id: str) -> Entry | None:
        return self.ids[kind].get(item_id)

    def missing(self, kind: str, item_id: str) -> bool:
        """True when no such id exists, as far as can be told from the files checked."""
        return item_id not in self.ids[kind] and kind not in self.unsure


def _unsure_kinds(ws: Workspace, packs: Iterable[Pack]) -> frozenset[str]:
    """Kinds for which some pack has a file on disk that was not loaded or is invalid.

    Checking one file of a designer's pack loads only that file and the manifest, so a
    reference into a sibling file cannot be judged; saying nothing beats a false error.
    """
    unsure: set[str] = set()
    for pack in packs:
        loaded = {document.path for _, document in pack.documents}
        for kind in (*ENTRY_KINDS, "tiles"):
            for suffix in (".yaml", ".yml"):
                path = pack.folder / f"{kind}{suffix}"
                shown = display_path(path)
                if path.is_file() and (shown not in loaded or shown not in ws.valid):
                    unsure.update(_KINDS_OF_FILE.get(kind, (kind,)))
    return frozenset(unsure)


def check_content(ws: Workspace) -> Iterator[Diagnostic]:
    """Duplicate ids, dangling references, malformed effects and a too-small arsenal."""
    for pack in snails_packs(ws):
        deps = closure(ws.packs, [pack.id])
        entries = index_entries(ws, deps)
        known = _Known({kind: {} for kind in KINDS}, _unsure_kinds(ws, deps))
        abilities: dict[str, tuple[Document, Path_]] = {}
        for kind in KINDS:
            for entry in entries[kind]:
                first = known.ids[kind].get(str(entry.data["id"]))
                if first is None:
                    known.ids[kind][str(entry.data["id"])] = entry
                elif entry.pack == pack.id:
                    yield _duplicate(_WHAT[kind], entry, first)
        own = {kind: [e for e in entries[kind] if e.pack == pack.id] for kind in KINDS}
        # abilities are named by id in rules examples and markers: unique across the packs
        for mine in (False, True):  # the dependencies' abilities first
            for kind in KINDS:
                for entry in entries[kind]:
                    if (entry.pack == pack.id) == mine:
                        yield from _ability_ids(entry, pack.id, abilities)
        for entry in own["cards"]:
            yield from _check_card(entry, known)
        for entry in own["factions"]:
            yield from _check_faction(entry, known)
        for kind in ("soldiers", "tokens", "tile_backs"):
            for entry in own[kind]:
                yield from _check_abilities(entry, known)
        for entry in own["tile_backs"]:
            yield from _check_back_events(entry)
        yield from _check_arsenal(ws, pack, deps, own["cards"], known)
        yield from _check_ruleset_tokens(ws, pack, known)
        yield from _check_modules(ws, pack, entries)


def _duplicate(what: str, entry: Entry, first: Entry) -> Diagnostic:
    document, path = entry.where.document, entry.where.path
    line = first.where.document.value_span((*first.where.path, "id")).line
    message = (
        f"{what} id {entry.data['id']!r} is already defined in {first.where.document.path}:{line}"
    )
    return document.error_at((*path, "id"), "duplicate-id", message)


def _ability_ids(
    entry: Entry, pack_id: str, seen: dict[str, tuple[Document, Path_]]
) -> Iterator[Diagnostic]:
    document, path = entry.where.document, entry.where.path
    for index, ability in enumerate(entry.data.get("abilities", [])):
        where = (*path, "abilities", index, "id")
        ability_id = str(ability["id"])
        if ability_id not in seen:
            seen[ability_id] = (document, where)
        elif entry.pack == pack_id and seen[ability_id] != (document, where):
            first_doc, first_where = seen[ability_id]
            line = first_doc.value_span(first_where).line
            message = f"ability id {ability_id!r} is already used in {first_doc.path}:{line}"
            yield document.error_at(where, "duplicate-id", message)


def _check_card(entry: Entry, known: _Known) -> Iterator[Diagnostic]:
    card, document, path = entry.data, entry.where.document, entry.where.path
    kind = card["kind"]
    if "faction" in card:
        faction_id = str(card["faction"])
        faction = known.get("factions", faction_id)
        if kind != "faction":
            message = f"only faction cards belong to a faction; this card is of kind {kind!r}"
            yield document.error_at((*path, "faction"), "bad-value", message)
        elif faction is None and known.missing("factions", faction_id):
            message = f"no faction {faction_id!r}" + suggest(faction_id, known.ids["factions"])
            yield document.error_at((*path, "faction"), "unknown-id", message)
        elif faction is not None and faction.data["card"] != card["id"]:
            message = (
                f"faction {faction_id!r} has {faction.data['card']!r} as its card, not this one"
            )
            yield document.error_at((*path, "faction"), "bad-value", message)
    if kind == "faction" and card["copies"] != 1:
        message = "a faction card has exactly 1 copy: its player keeps it"
        yield document.error_at((*path, "copies"), "out-of-range", message)
    target = card.get("target") or {}
    select = target.get("select", "none")
    if select in ("snail", "space", "ring") and "range" not in target:
        message = f"a target that selects a {select} needs a range, such as range: [1, 2]"
        yield document.error_at((*path, "target", "select"), "missing-key", message)
    bounds = target.get("range")
    if bounds is not None and bounds[0] > bounds[1]:
        message = f"range {bounds} runs backwards; write [min, max]: [{bounds[1]}, {bounds[0]}]"
        yield document.error_at((*path, "target", "range"), "out-of-range", message)
    dice = int(card.get("dice", 0))
    if dice > 0 and "results" not in card:
        dice_text = "a die" if dice == 1 else f"{dice} dice"
        message = f"the card rolls {dice_text} but lists no results per face"
        yield document.error_at((*path, "dice"), "missing-key", message)
    if dice == 0 and "results" in card:
        message = "results are read from dice; give the card dice: 1 or more, or use effects"
        yield document.error_at((*path, "results"), "bad-effect", message, at_key=True)
    scope = _Scope(
        document,
        known,
        ability=False,
        has_target=select != "none" and "target" in card,
        adjacent=bool(target.get("adjacent")),
    )
    for face, effects in card.get("results", {}).items():
        yield from scope.effects(effects, (*path, "results", face), in_results=True)
    yield from scope.effects(card.get("effects", []), (*path, "effects"), in_results=False)


def _check_faction(entry: Entry, known: _Known) -> Iterator[Diagnostic]:
    faction, document, path = entry.data, entry.where.document, entry.where.path
    card_id = str(faction["card"])
    card = known.get("cards", card_id)
    if card is None:
        if known.missing("cards", card_id):
            message = f"no card {card_id!r}" + suggest(card_id, known.ids["cards"])
            yield document.error_at((*path, "card"), "unknown-id", message)
    elif card.data["kind"] != "faction":
        message = (
            f"card {card_id!r} is of kind {card.data['kind']!r};"
            " a faction's card is of kind faction"
        )
        yield document.error_at((*path, "card"), "bad-value", message)
    elif card.data.get("faction") != faction["id"]:
        owner = card.data.get("faction")
        message = f"card {card_id!r} belongs to faction {owner!r}, not {faction['id']!r}"
        yield document.error_at((*path, "card"), "bad-value", message)
    yield from _check_abilities(entry, known)


def _check_abilities(entry: Entry, known: _Known) -> Iterator[Diagnostic]:
    document, path = entry.where.document, entry.where.path
    scope = _Scope(document, known, ability=True, has_target=False, adjacent=True)
    for index, ability in enumerate(entry.data.get("abilities", [])):
        where = (*path, "abilities", index)
        has_modifier, trigger = "modifier" in ability, ability.get("trigger")
        if has_modifier and trigger is not None:
            message = "an ability has a modifier or a trigger, not both; split it in two"
            yield document.error_at((*where, "trigger"), "bad-effect", message, at_key=True)
        elif not has_modifier and trigger is None:
            message = "an ability needs a modifier (a standing rule) or a trigger with effects"
            yield document.error_at(where, "missing-key", message)
        if trigger is not None and not ability.get("effects"):
            message = "a trigger needs effects: what happens when it fires"
            yield document.error_at((*where, "trigger"), "missing-key", message, at_key=True)
        if has_modifier and "effects" in ability:
            message = "a modifier takes no effects; give the ability a trigger instead"
            yield document.error_at((*where, "effects"), "bad-effect", message, at_key=True)
        if trigger is not None:
            yield from _check_trigger(document, (*where, "trigger"), trigger, known)
        yield from scope.effects(ability.get("effects", []), (*where, "effects"), False)


#: What a tile back can answer: it lies hidden under its tile until the tile is destroyed.
BACK_EVENTS = ("tile_destroyed", "tile_damaged")


def _check_back_events(entry: Entry) -> Iterator[Diagnostic]:
    """A tile back's trigger names only its own tile's events (the engine fires no other)."""
    document, path = entry.where.document, entry.where.path
    for index, ability in enumerate(entry.data.get("abilities", [])):
        trigger = ability.get("trigger")
        if not isinstance(trigger, Mapping):
            continue
        event = trigger.get("event")
        events = event if isinstance(event, list) else [event]
        for position, name in enumerate(events):
            if name in BACK_EVENTS or not isinstance(name, str):
                continue
            where: Path_ = (*path, "abilities", index, "trigger", "event")
            if isinstance(event, list):
                where = (*where, position)
            message = (
                f"a tile back answers only its own tile's tile_destroyed or tile_damaged, not"
                f" {name}: it lies hidden under its tile until the tile is destroyed"
            )
            yield document.error_at(where, "bad-value", message)


def _check_trigger(
    document: Document, where: Path_, trigger: Mapping[str, Any], known: _Known
) -> Iterator[Diagnostic]:
    events = trigger["event"] if isinstance(trigger["event"], list) else [trigger["event"]]
    if "phase" in trigger and "phase_starts" not in events:
        message = "phase is only read with event: phase_starts"
        yield document.error_at((*where, "phase"), "bad-value", message)
    if "phase_starts" in events and "phase" not in trigger:
        message = "event phase_starts needs the phase: drawing, planning, action or cleaning"
        yield document.error_at((*where, "event"), "missing-key", message)
    causes = {*BASIC_ACTIONS, *known.ids["cards"]}
    for index, cause in enumerate(trigger.get("cause", [])):
        if cause not in BASIC_ACTIONS and known.missing("cards", cause):
            message = f"no basic action or card {cause!r}" + suggest(cause, causes)
            yield document.error_at((*where, "cause", index), "unknown-id", message)


@dataclass
class _Scope:
    """What the effects of one card or ability may refer to."""

    document: Document
    known: _Known
    ability: bool
    has_target: bool
    adjacent: bool

    def effects(
        self, effects: list[dict[str, Any]], where: Path_, in_results: bool
    ) -> Iterator[Diagnostic]:
        for index, effect in enumerate(effects):
            yield from self.effect(effect, (*where, index), in_results)

    def effect(
        self, effect: dict[str, Any], where: Path_, in_results: bool
    ) -> Iterator[Diagnostic]:
        document = self.document
        ops = [key for key in effect if key != "if"]
        if len(ops) != 1:
            listed = " and ".join(repr(o) for o in ops) or "none"
            message = (
                f"an effect does exactly one thing, found {listed}; write one effect per item"
                f" (operations: {', '.join(OPERATIONS)})"
            )
            yield document.error_at(where, "bad-effect", message)
            return
        op = ops[0]
        args = effect[op]
        at: Path_ = (*where, op)
        if "if" in effect and op not in _SNAIL_OPS:
            # conditions test snails; the other operations would silently ignore them
            message = f"if: only limits effects on snails ({', '.join(_SNAIL_OPS)}), not {op!r}"
            yield document.error_at((*where, "if"), "bad-effect", message, at_key=True)
        if op == "attack_again" and (self.ability or not in_results):
            message = "attack_again only works in a card's results (after a hit)"
            yield document.error_at(at, "bad-effect", message, at_key=True)
        if (
            op == "damage"
            and isinstance(args, dict)
            and args.get("unavoidable") is True
            and args.get("to") != "in-water"
        ):
            # only water damage (to: in-water) has an immunity to get past
            message = "unavoidable only matters for damage to: in-water (water_immune spares it)"
            yield document.error_at((*at, "unavoidable"), "bad-effect", message, at_key=True)
        for key in ("token", "per_token"):
            if isinstance(args, dict) and key in args:
                token = str(args[key])
                if self.known.missing("tokens", token):
                    message = f"no token {token!r}" + suggest(token, self.known.ids["tokens"])
                    yield document.error_at((*at, key), "unknown-id", message)
        for selector, path in self._selectors(op, args, at):
            yield from self._selector(selector, path, at)

    def _selectors(self, op: str, args: Any, at: Path_) -> Iterator[tuple[str, Path_]]:
        """Every snail or space selector the effect uses, written or by default."""
        if isinstance(args, str) and op in _SPACE_SHORT:
            yield args, at
        written = args if isinstance(args, dict) else {}
        for key in ("to", "at", "who"):
            if key in written:
                yield str(written[key]), (*at, key)
        if not (isinstance(args, str) and op in _SPACE_SHORT):
            default = self._default(op, written)
            if default is not None:
                yield default, at

    @staticmethod
    def _default(op: str, args: Mapping[str, Any]) -> str | None:
        if op in _TO_DEFAULT_TARGETS and "to" not in args:
            return "targets"
        if op in _AT_DEFAULT_TARGET and "at" not in args:
            return "target"
        return None

    def _selector(self, selector: str, path: Path_, at: Path_) -> Iterator[Diagnostic]:
        document = self.document
        written = path != at
        if selector in ("targets", "target") and not self.has_target:
            if self.ability:
                message = (
                    f"an ability has no target, so {selector!r} means nothing here"
                    "; use event, self or in-water"
                )
            else:
                message = f"this card picks no target, so {selector!r} means nothing here"
            if not written:
                key = "to" if at[-1] in _TO_DEFAULT_TARGETS else "at"
                message += f" (it is the default of {at[-1]!r}: give {key}:)"
            yield document.error_at(path, "bad-effect", message, at_key=not written)
        if selector == "adjacent" and not self.adjacent:
            message = "'adjacent' needs a target with adjacent: 1 or more"
            yield document.error_at(path, "bad-effect", message)
        if selector in ("event", "friend") and not self.ability:
            message = f"{selector!r} only means something in an ability"
            yield document.error_at(path, "bad-effect", message)


def _check_ruleset_tokens(ws: Workspace, pack: Pack, known: _Known) -> Iterator[Diagnostic]:
    """The token a pack's ruleset names for damaged terrain must exist (the engine would
    otherwise make a bare token of a misspelt id)."""
    for document in ws.documents_of([pack], "ruleset"):
        terrain = document.data.get("terrain") if isinstance(document.data, dict) else None
        token = terrain.get("damaged_token") if isinstance(terrain, dict) else None
        if isinstance(token, str) and known.missing("tokens", token):
            message = f"no token {token!r} in the packs" + suggest(token, known.ids["tokens"])
            yield document.error_at(("terrain", "damaged_token"), "unknown-id", message)


def _check_modules(
    ws: Workspace, pack: Pack, entries: Mapping[str, list[Entry]]
) -> Iterator[Diagnostic]:
    """A module a pack's ruleset names must change something: the engine implements it, or a
    soldier type or card of the pack or its dependencies names it (``module:``)."""
    brought = {
        str(entry.data["module"])
        for kind in ("soldiers", "cards")
        for entry in entries[kind]
        if entry.data.get("module")
    }
    real = sorted(brought | set(ENGINE_MODULES))
    for document in ws.documents_of([pack], "ruleset"):
        modules = document.data.get("modules") if isinstance(document.data, dict) else None
        for name in modules if isinstance(modules, dict) else ():
            if name not in real:
                message = (
                    f"module {name!r} would change nothing: no soldier type or card of the packs"
                    f" names it (module: {name}) and the engine's own modules are"
                    f" {', '.join(ENGINE_MODULES)}" + suggest(name, real)
                )
                yield document.error_at(("modules", name), "unknown-module", message, at_key=True)


def _check_arsenal(
    ws: Workspace, pack: Pack, deps: list[Pack], own_cards: list[Entry], known: _Known
) -> Iterator[Diagnostic]:
    if not own_cards:
        return
    cards = known.ids["cards"].values()
    deck = sum(int(e.data["copies"]) for e in cards if e.data["kind"] in ARSENAL_KINDS)
    ruleset = merge_rulesets(ws.documents_of(deps, "ruleset"))
    hand = ruleset.get("setup", {}).get("hand")
    if not isinstance(hand, int):
        return
    # the arsenal must deal a starting hand to each of the most players the ruleset seats; a
    # ruleset that does not say yet is incomplete (incomplete-ruleset at the layouts)
    most = ruleset.get("players", {}).get("max")
    if not isinstance(most, int):
        return
    need = most * hand
    if deck < need:
        first = own_cards[0].where.document
        message = (
            f"the arsenal of {pack.id} and its dependencies holds {deck} cards, too few to deal"
            f" {most} players {hand} cards each ({need})"
        )
        yield first.warning_at(("cards",), "small-arsenal", message, at_key=True)
