"""Faces of the bundled cards and factions: what the Preview dock shows, read from content."""

from __future__ import annotations

from typing import Any

import pytest

import editor.games  # noqa: F401  (registers Snails)
from editor.core import registry
from editor.core.workspace import load_workspace
from editor.games.snails.faces import (
    UNLISTED,
    card_face,
    describe_effect,
    faction_face,
    preview,
)
from editor.games.snails.rules_content import RulesContent, expand_effect, load_rules_content


@pytest.fixture(scope="module")
def content() -> RulesContent:
    ws = load_workspace()
    return load_rules_content(ws, ws.default_packs("snails"))


def _details(face: Any) -> dict[str, str]:
    return {line.label: line.text for line in face.details}


def test_every_bundled_card_has_its_range_dice_and_results(content: RulesContent) -> None:
    assert content.cards
    for card in content.cards.values():
        face = card_face(card)
        details = _details(face)
        assert face.name == card["name"]
        assert face.text == card["text"]
        target = card.get("target") or {}
        if "range" in target:
            low, high = target["range"]
            assert details["Range"] == (str(low) if low == high else f"{low}–{high}")
        if card.get("dice"):
            assert details["Dice"] == str(card["dice"])
        listed = [line.label.lower() for line in face.results if line.label != UNLISTED]
        assert listed == list(card.get("results") or {})
        assert len(face.effects) == len(card.get("effects") or [])
        if card["kind"] == "faction":
            assert details["Faction"] == card["faction"]


def test_damage_amounts_appear_in_each_result(content: RulesContent) -> None:
    checked = 0
    for card in content.cards.values():
        for line in card_face(card).results:
            effects = (card.get("results") or {}).get(line.label.lower(), [])
            for effect in effects:
                op, args, _ = expand_effect(effect)
                if op == "damage":
                    assert f"{args['amount']} damage" in line.text
                    checked += 1
    assert checked > 10


def test_an_attack_card_reads_as_words() -> None:
    card = {
        "id": "x",
        "name": "X",
        "kind": "attack",
        "copies": 2,
        "text": "t",
        "target": {"select": "snail", "range": [1, 2], "line_of_sight": True},
        "dice": 1,
        "results": {"triangle": [{"damage": 10}], "circle": [{"damage": 7}, {"destroy": "target"}]},
    }
    face = card_face(card)
    assert face.kind == "Attack card"
    results = {line.label: line.text for line in face.results}
    assert results["Triangle"] == "10 damage to the target snail"
    assert results["Circle"] == (
        "7 damage to the target snail; destroy the top tile of the target space"
    )
    assert _details(face)["Target"] == "one snail at range 1–2, in line of sight"


@pytest.mark.parametrize(
    ("effect", "words"),
    [
        ({"heal": {"amount": 10, "to": "self"}}, "heal your snail by 10"),
        ({"contamination": -1}, "move the contamination marker 1 step down"),
        ({"draw": {"count": 2, "from": "discard"}}, "draw 2 cards from the shuffled discard pile"),
        ({"add_token": {"token": "fire", "at": "own"}}, "put 1 fire token on your space"),
        ({"damage": 5, "if": {"on_water": False}}, "5 damage to the target (only snails on land)"),
        (
            {"push": {"to": "event", "direction": "any", "chooser": "first-player"}},
            "push the snails concerned in any direction (the first player chooses)",
        ),
        ({"teleport": {"far": True}}, "teleport: {far: true}"),
    ],
)
def test_effects_in_words(effect: dict[str, Any], words: str) -> None:
    assert describe_effect(effect) == words


def test_faction_faces_name_their_card_and_abilities(content: RulesContent) -> None:
    assert content.factions
    for faction in content.factions.values():
        face = faction_face(faction)
        assert face.kind == "Faction"
        assert _details(face)["Faction card"] == faction["card"]
        assert [a.label for a in face.abilities] == [a["name"] for a in faction["abilities"]]
        for line, ability in zip(face.abilities, faction["abilities"], strict=True):
            assert line.text.startswith(ability["text"])


def test_the_registered_hook_gives_faces_by_file_kind(content: RulesContent) -> None:
    game = registry.get("snails")
    assert game is not None and game.content.preview is preview
    card = next(iter(content.cards.values()))
    face = preview("cards", card)
    assert face is not None and face.name == card["name"]
    assert preview("ruleset", {}) is None


def test_who_the_targets_are_follows_the_card_target() -> None:
    damage = {"damage": 5}
    assert describe_effect(damage, "space") == "5 damage to every snail on the target space"
    assert describe_effect(damage, "ring") == "5 damage to each snail hit"
    assert describe_effect({"heal": {"amount": 5, "to": "self"}}, "ring") == "heal your snail by 5"


def test_a_card_listing_every_result_does_not_claim_other_results(
    content: RulesContent,
) -> None:
    every = content.cards["laser-eye"]
    assert set(every["results"]) == {"triangle", "square", "circle"}
    labels = [line.label for line in card_face(every).results]
    assert labels == ["Triangle", "Square", "Circle", UNLISTED]
    assert "other" not in " ".join(labels).lower()
