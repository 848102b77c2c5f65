"""Snails content compiled once into :class:`Rules`: cards, abilities, tiles and numbers."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from editor.games.snails.engine.effects import Op, compile_conditions, compile_effects

T = TypeVar("T")
#: A snail's Scout range (``State.s_scout``) when it has no Scout ability.
NO_SCOUT = 1 << 30

if TYPE_CHECKING:
    from editor.core.workspace import Workspace

#: The basic actions every player owns one card of, in the order of their instance numbers.
BASIC_ACTIONS: tuple[str, ...] = ("crawl", "dig", "hit", "aim", "shell", "swap")

#: Basic actions whose resolution never asks anything: no target, no move, no tile lost.
QUIET_BASICS = frozenset({"aim", "shell", "swap"})

#: Modifiers the engine knows (docs/effects.md); anything else is refused when compiling.
MODIFIERS = frozenset(
    {
        "ignore_line_of_sight",
        "stay_in_shell",
        "attack_from_water",
        "water_immune",
        "push_immune",
        "untargetable_single_at_range",
        "draw_extra",
        "heal_on_meeting",
    }
)
TRIGGERS = frozenset(
    {"tile_destroyed", "tile_damaged", "snail_enters", "action_resolved", "phase_starts"}
)


class ContentError(ValueError):
    """Content the engine cannot compile (the schema should have caught it)."""


@dataclass(slots=True)
class CardSpec:
    """One card compiled: its targeting, dice and effects."""

    index: int
    id: str
    name: str
    #: basic | attack | special | faction
    kind: str
    faction: str | None
    copies: int
    #: The basic action this card performs (built-in basics: their own id).
    basic: str | None
    #: snail | space | ring | own-space | none
    select: str
    rmin: int
    rmax: int
    los: bool
    land: bool
    adjacent: int
    single: bool
    dice: int
    #: Die face index -> effects.
    results: dict[int, tuple[Op, ...]]
    #: The lowest listed face (the ruleset's die.order ranks faces lowest first), or -1.
    lowest: int
    effects: tuple[Op, ...]
    #: The card says "attack again on a hit" (Assault Rifle).
    again: bool
    #: An attack for the Scout, the Pirates and the water rule: a red card, a roll, or Hit.
    attack: bool
    #: The card places its own snail (Deathglider, Jetpack): it moves for the Medic.
    places_self: bool
    #: The module that brings the card into the arsenal deck (None: always in it).
    module: str | None = None
    #: Resolving it can ask nothing: a basic aim, shell or swap with no target and no
    #: effects (``actions.resolve_now`` resolves it without a generator).
    quiet: bool = False
    #: Resolving it has one way and can ask nothing: a quiet aim or shell that is no attack
    #: (``phases.action`` resolves it without looking for its options, when the seat has no
    #: stay-in-shell ability and no card may be passed).
    one_way: bool = False


@dataclass(slots=True)
class Ability:
    """A faction, soldier, tile-back or token ability."""

    id: str
    name: str
    optional: bool
    once: bool
    modifier: str | None
    args: dict[str, Any]
    events: frozenset[str]
    cause: frozenset[str] | None
    by: str
    phase: str | None
    effects: tuple[Op, ...]
    #: The effects need a space next to the event's (Oneness with the Land).
    needs_adjacent: bool


def sort_out(
    abilities: tuple[Ability, ...],
) -> tuple[dict[str, Ability], tuple[Ability, ...], frozenset[str]]:
    """What a set-up reads of abilities, sorted out once: the last ability of each modifier
    (a later one replaces an earlier), those with triggers, and every event they answer."""
    modifiers = {a.modifier: a for a in abilities if a.modifier is not None}
    triggers = tuple(a for a in abilities if a.events)
    return modifiers, triggers, frozenset().union(*(a.events for a in triggers))


@dataclass(slots=True)
class Faction:
    """A faction: its abilities and its faction card."""

    id: str
    name: str
    card: str | None
    abilities: tuple[Ability, ...]
    #: The abilities sorted out (:func:`sort_out`): by modifier, with triggers, events.
    modifiers: dict[str, Ability] = field(init=False, repr=False, compare=False)
    triggers: tuple[Ability, ...] = field(init=False, repr=False, compare=False)
    events: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.modifiers, self.triggers, self.events = sort_out(self.abilities)


@dataclass(slots=True)
class SoldierKind:
    """A kind of snail (leader, soldier, grunt...)."""

    id: str
    name: str
    rank: str
    abilities: tuple[Ability, ...]
    #: The abilities sorted out (:func:`sort_out`): by modifier, with triggers, events.
    modifiers: dict[str, Ability] = field(init=False, repr=False, compare=False)
    triggers: tuple[Ability, ...] = field(init=False, repr=False, compare=False)
    events: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.modifiers, self.triggers, self.events = sort_out(self.abilities)


@dataclass(slots=True)
class TokenKind:
    """A kind of token."""

    index: int
    id: str
    on_water: bool
    abilities: tuple[Ability, ...]
    #: How damage dealt by its abilities is logged (attack | water | fire | effect...).
    damage_cause: str = "effect"


@dataclass
class Rules:
    """Everything a match needs from content, compiled; picklable (recompiled on load)."""

    content: dict[str, Any]
    ruleset: dict[str, Any]
    cards: list[CardSpec] = field(default_factory=list)
    card_index: dict[str, int] = field(default_factory=dict)
    factions: dict[str, Faction] = field(default_factory=dict)
    soldiers: dict[str, SoldierKind] = field(default_factory=dict)
    backs: dict[str, tuple[Ability, ...]] = field(default_factory=dict)
    back_ids: list[str] = field(default_factory=list)
    tokens: list[TokenKind] = field(default_factory=list)
    token_index: dict[str, int] = field(default_factory=dict)
    tile_ids: list[str] = field(default_factory=list)
    tile_levels: list[int] = field(default_factory=list)
    #: tile type -> list of (back id, count) from the stock of the packs.
    stock: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: Arsenal deck: card index per copy.
    #: Card indices of the arsenal deck, one per copy (a module's cards included; see
    #: :meth:`deck`).
    arsenal: list[int] = field(default_factory=list)
    faces: tuple[int, ...] = ()
    face_names: tuple[str, ...] = ()
    #: The modules a match may switch on: the ruleset's modules and the modules soldier types
    #: and cards name.
    modules: tuple[str, ...] = ()
    #: Soldier types a module brings into play, by module, in content order.
    module_soldiers: dict[str, list[str]] = field(default_factory=dict)
    #: The token a damaged tile carries (the ruleset's terrain.damaged_token).
    damaged_token: int = -1
    #: Per trigger event: (token index, ability) of every token ability answering it, in the
    #: order of the tokens and of their abilities.
    token_triggers: dict[str, tuple[tuple[int, Ability], ...]] = field(default_factory=dict)
    #: Ruleset values already looked up by :meth:`param` (a match reads dozens at set-up).
    _params: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    #: Arsenal decks already filtered by :meth:`deck`, by the modules switched on.
    _decks: dict[frozenset[str], tuple[int, ...]] = field(
        default_factory=dict, repr=False, compare=False
    )
    #: Tables the engine derives from these rules on first use (:meth:`derived`).
    _derived: dict[Hashable, Any] = field(default_factory=dict, repr=False, compare=False)

    def __getstate__(self) -> dict[str, Any]:
        """Only the plain content is pickled; closures are rebuilt on load."""
        return {"content": self.content, "ruleset": self.ruleset}

    def __setstate__(self, data: dict[str, Any]) -> None:
        """Rebuild the compiled tables from the content."""
        fresh = build_rules(data["content"], data["ruleset"])
        self.__dict__.update(fresh.__dict__)

    def derived(self, key: Hashable, build: Callable[[Rules], T]) -> T:
        """A table the engine derives from these rules (``build(self)``), built once per rules;
        ``key`` tells it from the others (one key, one ``build``)."""
        found: T | None = self._derived.get(key)
        if found is None:
            found = self._derived[key] = build(self)
        return found

    def param(self, dotted: str) -> Any:
        """A ruleset value by dotted path. The packs give every one (the complete ruleset,
        incomplete-ruleset otherwise), so there is no default here: a gap is a ContentError."""
        try:
            return self._params[dotted]
        except KeyError:
            pass
        node = self.option(dotted)
        if node is None:
            raise ContentError(
                f"the ruleset gives no {dotted} (seastack validate reports incomplete-ruleset)"
            )
        self._params[dotted] = node
        return node

    def option(self, dotted: str) -> Any:
        """A ruleset value the packs may leave out (modules, a module's team), or None."""
        node: Any = self.ruleset
        for key in dotted.split("."):
            if not isinstance(node, Mapping) or key not in node:
                return None
            node = node[key]
        return node

    def deck(self, modules: frozenset[str]) -> list[int]:
        """The arsenal deck of a match with these modules: cards of no module or of one on."""
        modules = modules if isinstance(modules, frozenset) else frozenset(modules)
        deck = self._decks.get(modules)
        if deck is None:
            cards = self.cards
            deck = tuple(
                c for c in self.arsenal if cards[c].module is None or cards[c].module in modules
            )
            self._decks[modules] = deck
        return list(deck)

    def module_team(self, modules: frozenset[str]) -> list[str]:
        """The soldier types that fill a team's soldier places with these modules on: each
        module's in name order, as its ruleset section's ``team`` orders them (specialists.team)
        or else as content lists them."""
        team: list[str] = []
        for module in sorted(modules):
            team += list(self.option(f"{module}.team") or self.module_soldiers.get(module, ()))
        return team

    def level_of(self, tile: int) -> int:
        """A tile type's level (by its index in ``tile_ids``); a space's is its top tile's."""
        return self.tile_levels[tile]

    def card(self, card_id: str) -> CardSpec:
        """A card by id."""
        return self.cards[self.card_index[card_id]]

    def face(self, name: str) -> int:
        """A die face's index in the ruleset's die order."""
        try:
            return self.face_names.index(name)
        except ValueError:
            raise ContentError(
                f"unknown die result {name!r}; known: {', '.join(self.face_names)}"
            ) from None


def tile_level(tile_id: str, levels: Mapping[str, Any], tile_ids: Sequence[str]) -> int:
    """A tile type's level: the ruleset's ``levels``, else its place among the packs' tile
    types (1-based), else 0 for a tile no pack defines. The one definition of a level.

    >>> tile_level("meadow", {"meadow": 2}, []), tile_level("rock", {}, ["sand", "rock"])
    (2, 2)
    >>> tile_level("lava", {}, ["sand"])
    0
    """
    level = levels.get(tile_id)
    if isinstance(level, int):
        return level
    return list(tile_ids).index(tile_id) + 1 if tile_id in tile_ids else 0


def compile_rules(ws: Workspace, pack_ids: Sequence[str]) -> Rules:
    """The content of some packs (with their dependencies) compiled into Rules."""
    from editor.games.snails.engine.loading import load_content

    content, ruleset = load_content(ws, pack_ids)
    return build_rules(content, ruleset)


def build_rules(content: Mapping[str, Any], ruleset: Mapping[str, Any]) -> Rules:
    """Rules from plain content dicts by kind (cards, factions, ... tile_types, stock)."""
    plain = {key: content.get(key) or {} for key in _CONTENT_KEYS}
    plain["stock"] = list(content.get("stock") or [])
    rules = Rules(content=plain, ruleset=dict(ruleset))
    _check_choices(rules)
    order = list(rules.param("die.order"))
    rules.face_names = tuple(order)
    rules.faces = tuple(order.index(f) for f in rules.param("die.faces"))
    levels: Mapping[str, int] = rules.param("levels")
    for tile_id in plain["tile_types"]:
        rules.tile_ids.append(tile_id)
        rules.tile_levels.append(tile_level(tile_id, levels, list(plain["tile_types"])))
    for entry in plain["stock"]:
        tile, back, count = _stock_entry(entry)
        rules.stock.setdefault(tile, []).append((back, count))
    # Every token id gets its index before any ability is compiled: abilities of tile backs,
    # tokens, factions and soldiers may name any token (add_token, remove_token, per_token).
    token_ids = list(plain["tokens"])
    damaged = str(rules.param("terrain.damaged_token"))
    if damaged not in token_ids:
        # validate refuses such content (incomplete-ruleset, unknown-id); rules built from
        # unchecked dicts still get a bare token, so terrain damage has somewhere to go
        token_ids.append(damaged)
    for index, tok_id in enumerate(token_ids):
        rules.token_index[tok_id] = index
    for index, tok_id in enumerate(token_ids):
        tok = plain["tokens"].get(tok_id) or {}
        rules.tokens.append(
            TokenKind(
                index,
                tok_id,
                bool(tok.get("on_water", False)),
                _abilities(rules, tok.get("abilities", ()), f"token {tok_id}"),
                str(tok.get("damage_cause", "effect")),
            )
        )
    rules.damaged_token = rules.token_index[damaged]
    rules.token_triggers = {
        event: tuple((t.index, a) for t in rules.tokens for a in t.abilities if event in a.events)
        for event in sorted(TRIGGERS)
    }
    for back_id, back in plain["backs"].items():
        rules.back_ids.append(back_id)
        rules.backs[back_id] = _abilities(rules, back.get("abilities", ()), f"tile back {back_id}")
    if "blank" not in rules.backs:
        rules.back_ids.append("blank")
        rules.backs["blank"] = ()
    for kind_id, kind in plain["soldiers"].items():
        rules.soldiers[kind_id] = SoldierKind(
            kind_id,
            str(kind.get("name", kind_id)),
            str(kind.get("rank", "leader" if kind_id == "leader" else "soldier")),
            _abilities(rules, kind.get("abilities", ()), f"soldier {kind_id}"),
        )
    for kind_id in ("leader", "soldier"):
        rules.soldiers.setdefault(kind_id, SoldierKind(kind_id, kind_id.title(), kind_id, ()))
    for kind_id, kind in plain["soldiers"].items():
        if kind.get("module"):
            rules.module_soldiers.setdefault(str(kind["module"]), []).append(kind_id)
    for basic in BASIC_ACTIONS:
        _add_card(rules, _basic_card(rules, basic))
    for card_id, card in plain["cards"].items():
        _add_card(rules, {"id": card_id, **card})
    # a module does something when the engine implements it or content brings things with it;
    # one the ruleset only names would change nothing (validate reports it: unknown-module)
    named = {str(m) for m in (rules.option("modules") or {})} & set(ENGINE_MODULES)
    named |= set(rules.module_soldiers)
    named |= {c.module for c in rules.cards if c.module}
    rules.modules = tuple(sorted(named))
    for faction_id, faction in plain["factions"].items():
        rules.factions[faction_id] = Faction(
            faction_id,
            str(faction.get("name", faction_id)),
            faction.get("card"),
            _abilities(rules, faction.get("abilities", ()), f"faction {faction_id}"),
        )
    for spec in rules.cards:
        if spec.kind in ("attack", "special"):
            rules.arsenal.extend([spec.index] * spec.copies)
    return rules


#: Modules whose rules are the engine's own code (the compass rose); any other module is
#: content: the soldier types and cards that name it (``module:``) are what it brings.
ENGINE_MODULES: tuple[str, ...] = ("wind",)

#: Ruleset parameters that name a behaviour: the values the engine implements.
CHOICES: dict[str, tuple[str, ...]] = {
    "setup.placement": ("alternate", "by-player"),
    "push.off_board": ("blocked",),
}


def _check_choices(rules: Rules) -> None:
    """Refuse a behaviour the engine does not implement (the schema should have said so)."""
    for dotted, known in CHOICES.items():
        value = rules.param(dotted)
        if value not in known:
            raise ContentError(
                f"ruleset {dotted}: {value!r} is not implemented; known: {', '.join(known)}"
            )
    if int(rules.param("team.leader")) + int(rules.param("team.soldiers")) < 1:
        raise ContentError("ruleset team: every player needs at least one snail")


_CONTENT_KEYS = ("cards", "factions", "soldiers", "tokens", "backs", "tile_types")


def _stock_entry(entry: Any) -> tuple[str, str, int]:
    if isinstance(entry, Mapping):
        return str(entry["tile"]), str(entry.get("back", "blank")), int(entry["count"])
    tile, back, count = entry[-3:] if len(entry) > 3 and isinstance(entry[-1], int) else entry[:3]
    return str(tile), str(back), int(count)


def _basic_card(rules: Rules, basic: str) -> dict[str, Any]:
    card: dict[str, Any] = {"id": basic, "name": basic.title(), "kind": "basic", "action": basic}
    if basic == "hit":
        rmin, rmax = rules.param("hit.range")
        effects: list[Any] = [{"damage": int(rules.param("hit.damage"))}]
        pushes = int(rules.param("hit.push"))
        if pushes > 0:
            # hit.push pushes, each of push.distance spaces (the push op scales by it)
            effects.append({"push": pushes})
        card["target"] = {"select": "snail", "range": [rmin, rmax], "line_of_sight": True}
        card["effects"] = effects
        card["action"] = None
        card["attack"] = bool(rules.param("hit.attack"))
    return card


def _add_card(rules: Rules, raw: Mapping[str, Any]) -> None:
    card_id = str(raw["id"])
    if card_id in rules.card_index:
        return
    where = f"card {card_id}"
    target = raw.get("target") or {}
    select = str(target.get("select", "none"))
    if select not in ("snail", "space", "ring", "own-space", "none"):
        raise ContentError(f"{where}: unknown target select {select!r}")
    rng = target.get("range", [0, 0])
    rmin, rmax = (int(rng), int(rng)) if isinstance(rng, int) else (int(rng[0]), int(rng[1]))
    if select == "own-space":
        rmin = rmax = 0
    results: dict[int, tuple[Op, ...]] = {}
    again = False
    for face_name, effects in (raw.get("results") or {}).items():
        results[rules.face(face_name)] = compile_effects(rules, effects, f"{where} {face_name}")
        again = again or any("attack_again" in e for e in effects if isinstance(e, Mapping))
    effects_raw = raw.get("effects") or []
    again = again or any("attack_again" in e for e in effects_raw if isinstance(e, Mapping))
    kind = str(raw.get("kind", "special"))
    dice = int(raw.get("dice", 0) or 0)
    places_self = any(
        isinstance(e, Mapping)
        and isinstance(e.get("place"), Mapping)
        and e["place"].get("who", "self") == "self"
        for e in [*effects_raw, *(x for v in (raw.get("results") or {}).values() for x in v)]
    )
    spec = CardSpec(
        index=len(rules.cards),
        id=card_id,
        name=str(raw.get("name", card_id)),
        kind=kind,
        faction=raw.get("faction"),
        copies=int(raw.get("copies", 1)),
        basic=raw.get("action"),
        select=select,
        rmin=rmin,
        rmax=rmax,
        los=bool(target.get("line_of_sight", True)),
        land=bool(target.get("land", False)),
        adjacent=int(target.get("adjacent", 0) or 0),
        single=bool(target.get("single", select == "snail")),
        dice=dice,
        results=results,
        lowest=min(results) if results else -1,
        effects=compile_effects(rules, effects_raw, where),
        again=again,
        attack=bool(raw.get("attack", kind == "attack" or dice > 0)),
        places_self=places_self,
        module=raw.get("module"),
    )
    if spec.basic is not None and spec.basic not in BASIC_ACTIONS:
        raise ContentError(f"{where}: unknown basic action {spec.basic!r}")
    spec.quiet = spec.basic in QUIET_BASICS and spec.select == "none" and not spec.effects
    spec.one_way = spec.quiet and spec.basic in ("aim", "shell") and not spec.attack
    rules.card_index[card_id] = spec.index
    rules.cards.append(spec)


def _abilities(rules: Rules, raws: Any, where: str) -> tuple[Ability, ...]:
    out: list[Ability] = []
    for raw in raws or ():
        ab_id = str(raw.get("id", where))
        modifier: str | None = None
        args: dict[str, Any] = {}
        mod = raw.get("modifier")
        if isinstance(mod, str):
            modifier = mod
        elif isinstance(mod, Mapping):
            ((modifier, margs),) = mod.items()
            args = dict(margs or {})
        if modifier is not None and modifier not in MODIFIERS:
            raise ContentError(f"{where}: unknown modifier {modifier!r}")
        trigger = raw.get("trigger") or {}
        event = trigger.get("event", ())
        events = frozenset([event] if isinstance(event, str) else event)
        if events - TRIGGERS:
            raise ContentError(f"{where}: unknown trigger {sorted(events - TRIGGERS)}")
        cause = trigger.get("cause")
        effects_raw = raw.get("effects") or []
        out.append(
            Ability(
                id=ab_id,
                name=str(raw.get("name", ab_id)),
                optional=bool(raw.get("optional", False)),
                once=bool(raw.get("once_per_round", False)),
                modifier=modifier,
                args=args,
                events=events,
                cause=frozenset([cause] if isinstance(cause, str) else cause) if cause else None,
                by=str(trigger.get("by", "any")),
                phase=trigger.get("phase"),
                effects=compile_effects(rules, effects_raw, f"{where} {ab_id}"),
                needs_adjacent=_mentions_adjacent(effects_raw),
            )
        )
    return tuple(out)


def _mentions_adjacent(effects: Any) -> bool:
    for effect in effects or ():
        if not isinstance(effect, Mapping):
            continue
        for key, value in effect.items():
            if key == "if":
                continue
            if value == "adjacent" or (isinstance(value, Mapping) and "adjacent" in value.values()):
                return True
    return False


__all__ = [
    "BASIC_ACTIONS",
    "Ability",
    "CardSpec",
    "ContentError",
    "Faction",
    "Rules",
    "SoldierKind",
    "TokenKind",
    "build_rules",
    "compile_conditions",
    "compile_rules",
    "tile_level",
]
