"""Snails cards, factions, soldier types and tokens as readable faces, for the Preview dock.

The entries come as validated content (plain dicts, as in the packs' files); the words come
from the effect language's meaning (docs/effects.md). An operation or argument this module
does not know is shown in a compact ``op: args`` form rather than hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from editor.core.registry import Face, FaceLine
from editor.games.snails.rules_content import expand_effect

#: The label of the line saying what a die result the card does not list does.
UNLISTED = "Not listed"

_KINDS = {"attack": "Attack card", "special": "Special card", "faction": "Faction card"}

_SNAILS = {
    "targets": "the target",
    "self": "your snail",
    "own-space": "every snail on your space",
    "adjacent": "the snails on the adjacent spaces",
    "in-water": "every snail in the water",
    "event": "the snails concerned",
    "friend": "the friendly snail",
}
_SPACES = {
    "target": "the target space",
    "adjacent": "the adjacent spaces",
    "own": "your space",
    "event": "the space concerned",
}
_SELECT = {
    "snail": "one snail",
    "space": "one space",
    "ring": "every space",
    "own-space": "your own space",
    "none": "nothing",
}
_MODIFIERS = {
    "ignore_line_of_sight": "may ignore line of sight",
    "stay_in_shell": "may stay in the shell while acting",
    "attack_from_water": "may attack from the water",
    "water_immune": "is not hurt by the water",
    "push_immune": "cannot be pushed",
    "untargetable_single_at_range": "cannot be picked as a single target at range",
    "draw_extra": "draws extra cards",
    "heal_on_meeting": "heals when meeting a friend",
}
_EVENTS = {
    "tile_destroyed": "a tile is destroyed",
    "tile_damaged": "a tile is damaged",
    "snail_enters": "a snail enters a space",
    "action_resolved": "an action has been resolved",
    "phase_starts": "a phase starts",
}


def _plural(count: Any, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


#: Who ``targets`` are, by the card's ``target.select``.
_TARGETS = {
    "snail": "the target snail",
    "space": "every snail on the target space",
    "ring": "each snail hit",
    "own-space": "every other snail on your space",
}


def _snails_of(selector: Any, targets: str = "") -> str:
    if selector == "targets" and targets:
        return targets
    return _SNAILS.get(str(selector), str(selector))


def _space(selector: Any) -> str:
    if isinstance(selector, Mapping):  # destroy: {at: ...}
        selector = selector.get("at", "target")
    return _SPACES.get(str(selector), str(selector))


def compact(value: Any, *, top: bool = True) -> str:
    """A value in short YAML-like form: ``damage: {amount: 5, to: self}``.

    >>> compact({"damage": {"amount": 5, "to": "self"}})
    'damage: {amount: 5, to: self}'
    """
    if isinstance(value, Mapping):
        inner = ", ".join(f"{k}: {compact(v, top=False)}" for k, v in value.items())
        return inner if top else f"{{{inner}}}"
    if isinstance(value, list):
        return "[" + ", ".join(compact(v, top=False) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _condition(condition: Mapping[str, Any]) -> str:
    parts = []
    for key, value in condition.items():
        if key == "on_water":
            parts.append("on water" if value else "on land")
        elif key == "in_shell":
            parts.append("in their shell" if value else "out of their shell")
        elif key == "level_at_most":
            parts.append(f"at level {value} or lower")
        else:
            parts.append(f"{key} {compact(value)}")
    return f" (only snails {' and '.join(parts)})" if parts else ""


def describe_effect(effect: Mapping[str, Any], select: str = "") -> str:
    """One effect in words: ``5 damage to the target``; unknown ones in compact form.

    ``select`` is the card's ``target.select``: it says who "the targets" are.
    """
    try:
        op, args, condition = expand_effect(effect)
    except ValueError:
        return compact(effect)
    words = _describe(op, args, _TARGETS.get(select, ""))
    if words is None:
        return compact(effect)
    return words + _condition(condition)


def _describe(op: str, a: Mapping[str, Any], targets: str = "") -> str | None:
    """The words of one expanded operation; None when its arguments are not understood."""

    def _snails(selector: Any) -> str:
        return _snails_of(selector, targets)

    try:
        if op == "damage":
            text = f"{a['amount']} damage to {_snails(a['to'])}"
            if a.get("per_token"):
                text = (
                    f"{a['amount']} damage per {a['per_token']} token on their space"
                    f" to {_snails(a['to'])}"
                )
            if a.get("unavoidable"):
                text += ", even to snails the water cannot hurt"
            return text
        if op == "heal":
            return f"heal {_snails(a['to'])} by {a['amount']}"
        if op == "push":
            way = "away from your snail" if a["direction"] == "away" else "in any direction"
            times = "" if a["distance"] == 1 else f" {a['distance']} times"
            who = " (the first player chooses)" if a["chooser"] == "first-player" else ""
            return f"push {_snails(a['to'])}{times} {way}{who}"
        if op == "place":
            return f"put {_snails(a.get('who', 'self'))} on {_space(a.get('at', 'target'))}"
        if op == "move":
            toward = "your snail" if a.get("toward") == "self" else "the target"
            return (
                f"move {_snails(a.get('who', 'self'))} up to {_plural(a['distance'], 'space')}"
                f" toward {toward}"
            )
        if op == "destroy":
            return f"destroy the top tile of {_space(a['at'])}"
        if op == "damage_terrain":
            return f"damage the top tile of {_space(a['at'])}"
        if op == "add_token":
            return f"put {_plural(a['count'], a['token'] + ' token')} on {_space(a['at'])}"
        if op == "remove_token":
            return (
                f"remove up to {_plural(a['count'], a['token'] + ' token')} from {_space(a['at'])}"
            )
        if op == "draw":
            source = " from the shuffled discard pile" if a["from"] == "discard" else ""
            return f"draw {_plural(a['count'], 'card')}{source}"
        if op == "discard":
            return f"discard {_plural(a['count'], 'card')}"
        if op == "search_discard":
            kind = "" if a["kind"] == "any" else f"{a['kind']} "
            return f"take {_plural(a['count'], kind + 'card')} from the discard pile"
        if op == "contamination":
            steps = int(a["steps"])
            way = "up" if steps >= 0 else "down"
            return f"move the contamination marker {_plural(abs(steps), 'step')} {way}"
        if op == "shell":
            who = _snails(a["to"])
            return (
                f"{who} goes into its shell"
                if a["mode"] == "enter"
                else (f"{who} comes out of its shell")
            )
        if op == "attack_again":
            same = " at the same target" if a.get("same_target", True) else ""
            return f"after a hit you may attack again{same}"
    except (KeyError, TypeError, ValueError):
        return None
    return None


def describe_effects(effects: Any, select: str = "") -> str:
    """A list of effects in words, joined with ``; ``."""
    if not isinstance(effects, list):
        return compact(effects)
    return "; ".join(
        describe_effect(e, select) if isinstance(e, Mapping) else compact(e) for e in effects
    )


def _range(target: Mapping[str, Any]) -> str:
    low, high = target.get("range", [0, 0])
    return str(low) if low == high else f"{low}–{high}"


def _target(target: Mapping[str, Any]) -> str:
    select = str(target.get("select", "none"))
    words = _SELECT.get(select, select)
    if select in ("snail", "space", "ring"):
        words += " at range " + _range(target)
    if target.get("land"):
        words += ", on land"
    if target.get("adjacent"):
        words += f", and {_plural(target['adjacent'], 'adjacent space')}"
    if select in ("snail", "space", "ring"):
        sight = target.get("line_of_sight", True)
        words += ", in line of sight" if sight else ", line of sight ignored"
    return words


def card_face(card: Mapping[str, Any]) -> Face:
    """A card's face: kind, range, target, dice, each result's effects, text."""
    kind = str(card.get("kind", ""))
    details: list[FaceLine] = []
    if card.get("faction"):
        details.append(FaceLine("Faction", str(card["faction"])))
    if card.get("module"):
        details.append(FaceLine("Module", str(card["module"])))
    details.append(FaceLine("Copies", str(card.get("copies", 1))))
    if card.get("action"):
        details.append(FaceLine("Action first", str(card["action"])))
    target = card.get("target")
    select = str(target.get("select", "")) if isinstance(target, Mapping) else ""
    if isinstance(target, Mapping):
        if "range" in target:
            details.append(FaceLine("Range", _range(target)))
        details.append(FaceLine("Target", _target(target)))
    if card.get("dice"):
        details.append(FaceLine("Dice", str(card["dice"])))
    results = card.get("results") or {}
    lines = tuple(
        FaceLine(str(face).capitalize(), describe_effects(effects, select))
        for face, effects in results.items()
    )
    if lines:
        # faces are the ruleset's, which a face does not see: a card may list them all
        # (laser-eye), so say what an unlisted one does rather than claim there are others
        lines += (FaceLine(UNLISTED, "a miss"),)
    effects = card.get("effects") or []
    return Face(
        name=str(card.get("name", "")),
        kind=_KINDS.get(kind, f"{kind} card"),
        id=str(card.get("id", "")),
        details=tuple(details),
        results=lines,
        effects=tuple(describe_effect(e, select) for e in effects if isinstance(e, Mapping)),
        text=str(card.get("text", "")),
    )


def describe_ability(ability: Mapping[str, Any]) -> str:
    """What an ability does: its text, then how it works (modifier or trigger) in words."""
    how: list[str] = []
    if ability.get("optional"):
        how.append("optional")
    if ability.get("once_per_round"):
        how.append("once a round")
    modifier = ability.get("modifier")
    if modifier is not None:
        name = next(iter(modifier)) if isinstance(modifier, Mapping) else str(modifier)
        args = modifier[name] if isinstance(modifier, Mapping) else None
        words = _MODIFIERS.get(name, name)
        how.append(words + (f" ({compact(args)})" if args else ""))
    trigger = ability.get("trigger")
    if isinstance(trigger, Mapping):
        events = trigger.get("event", [])
        events = events if isinstance(events, list) else [events]
        when = " or ".join(_EVENTS.get(str(e), str(e)) for e in events)
        if trigger.get("by") == "own":
            when += " by you"
        if trigger.get("phase"):
            when += f" ({trigger['phase']})"
        if trigger.get("cause"):
            when += f" (caused by {', '.join(map(str, trigger['cause']))})"
        how.append(f"when {when}: {describe_effects(ability.get('effects', []))}")
    text = str(ability.get("text", ""))
    return f"{text} [{'; '.join(how)}]" if how else text


def _abilities(entry: Mapping[str, Any]) -> tuple[FaceLine, ...]:
    return tuple(
        FaceLine(str(a.get("name", a.get("id", ""))), describe_ability(a))
        for a in entry.get("abilities") or []
        if isinstance(a, Mapping)
    )


def _entry_face(entry: Mapping[str, Any], kind: str, details: list[FaceLine]) -> Face:
    """The face of an entry with abilities: its name, id and text, and these details."""
    return Face(
        name=str(entry.get("name", "")),
        kind=kind,
        id=str(entry.get("id", "")),
        details=tuple(details),
        abilities=_abilities(entry),
        text=str(entry.get("text", "")),
    )


def faction_face(faction: Mapping[str, Any]) -> Face:
    """A faction's face: its card, its abilities in words, its text."""
    return _entry_face(faction, "Faction", [FaceLine("Faction card", str(faction.get("card", "")))])


def soldier_face(soldier: Mapping[str, Any]) -> Face:
    """A soldier type's face: rank, module, abilities."""
    details = [FaceLine("Rank", str(soldier.get("rank", "")))]
    if soldier.get("module"):
        details.append(FaceLine("Module", str(soldier["module"])))
    return _entry_face(soldier, "Soldier type", details)


def token_face(token: Mapping[str, Any]) -> Face:
    """A token's face: where it may lie, its abilities."""
    details = [FaceLine("On water", "yes" if token.get("on_water") else "no")]
    return _entry_face(token, "Token", details)


_FACES = {
    "cards": card_face,
    "factions": faction_face,
    "soldiers": soldier_face,
    "tokens": token_face,
}


def preview(kind: str, data: Mapping[str, Any]) -> Face | None:
    """The registry's preview hook: the face of an entry of a ``kind`` file, else None."""
    face = _FACES.get(kind)
    return face(data) if face is not None else None
