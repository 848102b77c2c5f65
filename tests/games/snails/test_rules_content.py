"""Snails rules content: the loader's index, the bundled cards against the rulebook, the checks."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from editor.core.workspace import Workspace, load_workspace
from editor.games.snails.rules_content import (
    ContentError,
    RulesContent,
    expand_effect,
    load_rules_content,
)

BASE = "snails-base"
EXPANSION = "snails-fire-in-the-shell"
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
#: Every card the rulebook names (Claw is the Pirates' faction card from the base game).
NAMED = {
    "grapes-of-wrath", "gatling-gun", "flaming-star", "dead-weight", "litterbuss",
    "golden-shovel", "combat-mole", "1st-aid-shell", "crawlie-talkie", "revolver", "bazooka",
    "assault-rifle", "sniper-rifle", "hunting-rifle", "smg", "bow", "flail", "grenade", "hammer",
    "drill", "present", "deathglider", "jetpack", "barrel", "mine", "ball-thrower",
    "pusher-beetle", "golf-club", "fishing-rod", "bomber", "claw",
}  # fmt: skip


@pytest.fixture(scope="module")
def ws() -> Workspace:
    return load_workspace()


@pytest.fixture(scope="module")
def both(ws: Workspace) -> RulesContent:
    return load_rules_content(ws, [EXPANSION])


def _write_pack(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    manifest = (
        "id: mine\nname: Mine\nversion: 1.0.0\ngame: snails\n"
        "dependencies: {snails-base: '>=1.0,<2'}\n"
    )
    (folder / "pack.yaml").write_text(manifest)
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def _lowest(card: dict[str, Any], order: list[str]) -> list[dict[str, Any]]:
    """The effects of the lowest result a card lists, as the wind uses them."""
    face = next(f for f in order if f in card["results"])
    return list(card["results"][face])


def _ops(effects: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [expand_effect(e)[:2] for e in effects]


# ------------------------------------------------------------------ the loader


def test_the_loader_returns_every_card_of_both_packs(both: RulesContent) -> None:
    assert both.packs == (BASE, EXPANSION)
    assert set(both.cards) >= NAMED
    assert both.origin[("cards", "revolver")] == BASE
    assert both.origin[("cards", "grapes-of-wrath")] == EXPANSION
    assert set(both.factions) == {"pirates", "cyborgs", "druids", "mobsters", "knights"}
    assert set(both.soldiers) == {"leader", "soldier", "grunt", "scout", "medic"}
    assert set(both.tokens) == {"fire", "damaged", "dead-weight"}
    assert set(both.tile_types) == {"beach", "meadow", "mountain"}
    assert {"blank", "twin-barrels", "salt-deposits"} <= set(both.backs)
    assert sum(s["count"] for s in both.stock if s["pack"] == EXPANSION) == 12
    # the merged ruleset: the base game's numbers plus the expansion's modules
    assert both.ruleset["health"] == {"leader": 30, "soldier": 20}
    assert both.ruleset["specialists"]["team"] == ["grunt", "scout", "medic"]


def test_the_base_pack_alone_has_no_expansion_content(ws: Workspace) -> None:
    base = load_rules_content(ws, [BASE])
    assert base.packs == (BASE,)
    assert "gatling-gun" not in base.cards and "revolver" in base.cards
    assert set(base.factions) == {"pirates"}
    assert "specialists" not in base.ruleset
    assert len(base.arsenal()) == sum(
        c["copies"] for c in base.cards.values() if c["kind"] != "faction"
    )


def test_the_expansion_holds_18_attack_13_special_and_4_faction_cards(
    both: RulesContent,
) -> None:
    counts: dict[str, int] = {}
    for card in both.cards_of_pack(EXPANSION):
        counts[card["kind"]] = counts.get(card["kind"], 0) + card["copies"]
    assert counts == {"attack": 18, "special": 13, "faction": 4}
    owners = {c["faction"] for c in both.cards_of_pack(EXPANSION) if c["kind"] == "faction"}
    assert owners == {"cyborgs", "druids", "mobsters", "knights"}


def test_every_faction_has_its_own_faction_card(both: RulesContent) -> None:
    for faction_id, faction in both.factions.items():
        card = both.cards[faction["card"]]
        assert (card["kind"], card["faction"], card["copies"]) == ("faction", faction_id, 1)
    assert both.cards["claw"]["faction"] == "pirates"


def test_every_id_is_kebab_case_and_unique_in_its_kind(both: RulesContent) -> None:
    groups: list[dict[str, dict[str, Any]]] = [
        both.cards,
        both.factions,
        both.soldiers,
        both.tokens,
        both.backs,
    ]
    ids = [i for group in groups for i in group]
    abilities = [a["id"] for g in groups for item in g.values() for a in item.get("abilities", [])]
    assert len(ids) > 50 and len(abilities) > 15
    assert [i for i in [*ids, *abilities] if not KEBAB.match(i)] == []
    assert len(abilities) == len(set(abilities))  # rules examples name abilities by id


def test_the_rulebook_ability_ids(both: RulesContent) -> None:
    def ability(faction: str) -> list[str]:
        return [a["id"] for a in both.factions[faction]["abilities"]]

    assert ability("cyborgs") == ["targeters"]
    assert ability("druids") == ["oneness-with-the-land"]
    assert ability("mobsters") == ["ace-in-the-hole"]
    assert ability("knights") == ["defensive-stance"]
    druids = both.factions["druids"]["abilities"][0]
    knights = both.factions["knights"]["abilities"][0]
    assert druids["once_per_round"] and knights["once_per_round"]
    assert knights["modifier"] == "stay_in_shell"
    assert [a.get("modifier") for a in both.factions["pirates"]["abilities"]] == [
        "attack_from_water",
        "water_immune",
    ]


def test_unknown_packs_and_broken_packs_are_refused(tmp_path: Path) -> None:
    ws = load_workspace()
    with pytest.raises(ContentError, match="no pack 'nope'"):
        load_rules_content(ws, ["nope"])
    folder = _write_pack(tmp_path / "mine", {"cards.yaml": "cards:\n  - id: x\n    nme: X\n"})
    broken = load_workspace([folder])
    with pytest.raises(ContentError) as caught:
        load_rules_content(broken, ["mine"])
    assert {d.code for d in caught.value.diagnostics} >= {"unknown-key", "missing-key"}
    assert "cards.yaml:3:5" in str(caught.value)


def test_a_pack_file_that_cannot_be_read_is_refused_too(tmp_path: Path) -> None:
    folder = _write_pack(tmp_path / "mine", {"cards.yaml": "cards: [unclosed\n"})
    with pytest.raises(ContentError) as caught:
        load_rules_content(load_workspace([folder]), ["mine"])
    assert "cards.yaml:" in str(caught.value) and "YAML syntax" in str(caught.value)


# ------------------------------------------------------------------ profiles vs examples


def test_die_order_makes_the_wind_examples_come_true(both: RulesContent) -> None:
    order = both.ruleset["die"]["order"]
    cards = both.cards
    # Gatling Gun: all snails at range 1 one by one, 10 on a square, a triangle misses, wind 5
    gatling = cards["gatling-gun"]
    assert gatling["target"]["select"] == "ring" and gatling["target"]["range"] == [1, 1]
    assert gatling["target"]["single"] is True
    assert _ops(gatling["results"]["square"])[0] == ("damage", _damage(10))
    assert "triangle" not in gatling["results"]
    assert _ops(_lowest(gatling, order)) == [("damage", _damage(5))]
    # Assault Rifle: square 10 and again; triangle misses; the wind deals 5; range 3 is too far
    rifle = cards["assault-rifle"]
    assert "triangle" not in rifle["results"]
    assert _ops(rifle["results"]["square"])[0] == ("damage", _damage(10))
    assert _ops(_lowest(rifle, order))[0] == ("damage", _damage(5))
    assert rifle["target"]["range"][1] < 3
    # Revolver: a square misses, the lowest result is 5, range 3 is too far
    revolver = cards["revolver"]
    assert "square" not in revolver["results"] and revolver["target"]["range"][1] < 3
    assert _ops(_lowest(revolver, order)) == [("damage", _damage(5))]
    # Bazooka: a whole space; a square misses; the lowest result is 5 and the tile goes
    bazooka = cards["bazooka"]
    assert bazooka["target"]["select"] == "space" and "square" not in bazooka["results"]
    assert [op for op, _ in _ops(_lowest(bazooka, order))] == ["damage", "destroy"]


def _damage(amount: int) -> dict[str, Any]:
    return {"amount": amount, "to": "targets", "unavoidable": False}


def test_grapes_of_wrath_square_and_circle(both: RulesContent) -> None:
    grapes = both.cards["grapes-of-wrath"]
    assert grapes["target"]["select"] == "space" and grapes["target"]["adjacent"] == 1
    square = _ops(grapes["results"]["square"])
    circle = _ops(grapes["results"]["circle"])
    assert ("destroy", {"at": "target"}) in square and ("destroy", {"at": "adjacent"}) in square
    assert circle[: len(square)] == square
    extra = circle[len(square) :]
    assert extra == [
        ("damage", {"amount": 5, "to": "own-space", "unavoidable": False}),
        ("destroy", {"at": "own"}),
    ]


def test_flaming_star_and_deathglider(both: RulesContent) -> None:
    star = both.cards["flaming-star"]
    assert star["target"] == {
        "select": "ring",
        "range": [1, 1],
        "line_of_sight": True,
        "single": True,
    }
    hit = _ops(_lowest(star, both.ruleset["die"]["order"]))
    assert hit[0] == ("damage", _damage(5))
    assert hit[1] == ("add_token", {"count": 1, "at": "target", "token": "fire"})
    glider = both.cards["deathglider"]
    assert [op for op, _ in _ops(glider["effects"])] == ["place", "damage", "destroy"]
    assert _ops(glider["effects"])[1][1]["amount"] == 15
    assert _ops(glider["effects"])[1][1]["to"] == "own-space"  # the glider is hurt too


@pytest.mark.parametrize(
    ("card", "low", "high", "single"),
    [
        ("hunting-rifle", 3, 3, True),  # hits at range 3
        ("smg", 0, 0, True),  # may shoot on its own space
        ("flail", 1, 1, True),  # range 1 only
        ("present", 0, 0, True),  # range 0
        ("bow", 0, 3, True),  # the Bow at range 0 and at range 3
        ("grenade", 1, 1, False),  # whole-space
        ("bomber", 2, 2, False),
    ],
)
def test_ranges_and_icons_the_examples_use(
    both: RulesContent, card: str, low: int, high: int, single: bool
) -> None:
    target = both.cards[card]["target"]
    lo, hi = target["range"]
    assert lo <= low and high <= hi
    assert target.get("single", target["select"] == "snail") is single


def test_ball_thrower_pushes_and_golf_club_places(both: RulesContent) -> None:
    balls = both.cards["ball-thrower"]
    assert balls["dice"] == 2 and balls["target"]["select"] == "space"
    assert [op for op, _ in _ops(balls["results"]["circle"])] == ["damage", "push"]
    assert "triangle" in balls["results"]  # the example rolls a triangle it could have used
    club = _ops(both.cards["golf-club"]["results"]["triangle"])
    assert club[1] == ("place", {"who": "targets", "at": "adjacent"})  # not a push: Grunts fly


def test_cards_extending_a_basic_action_name_it(both: RulesContent) -> None:
    assert both.cards["combat-mole"]["action"] == "dig"
    assert both.cards["1st-aid-shell"]["action"] == "shell"
    assert both.cards["crawlie-talkie"]["action"] == "crawl"


def test_tile_back_abilities(both: RulesContent) -> None:
    def ops(back: str) -> list[tuple[str, dict[str, Any]]]:
        (ability,) = both.backs[back]["abilities"]
        return _ops(ability["effects"])

    assert ops("twin-barrels") == [("contamination", {"steps": 2})]
    (damage,) = ops("fertilizers")
    assert damage[1]["to"] == "in-water" and damage[1]["unavoidable"] is True
    for back in ("turnip", "turnip-with-card"):
        assert both.backs[back]["abilities"][0]["trigger"]["cause"] == ["dig", "golden-shovel"]
    assert [op for op, _ in ops("turnip-with-card")] == ["heal", "draw"]
    assert ops("eggshells")[0][1]["chooser"] == "first-player"
    assert ops("salt-deposits") == [("shell", {"to": "event", "mode": "leave"})]


# ------------------------------------------------------------------ diagnostics


@pytest.mark.parametrize(
    ("effect", "code", "column", "words"),
    [
        ("{damag: 5}", "unknown-key", 17, "did you mean 'damage'"),
        ("{damage: five}", "wrong-type", 25, "whole number or a mapping"),
        ("{damage: {amount: 5, to: evryone}}", "bad-value", 41, "is not allowed"),
        ("{push: {distance: 0}}", "out-of-range", 34, "minimum"),
        ("{destroy: tagret}", "bad-value", 26, "did you mean 'target'"),
        ("{add_token: {token: smoke}}", "unknown-id", 36, "no token 'smoke'"),
        ("{damage: 5, heal: 5}", "bad-effect", 16, "exactly one thing"),
    ],
)
def test_bad_effects_are_reported_at_their_place(
    tmp_path: Path, effect: str, code: str, column: int, words: str
) -> None:
    cards = (
        "cards:\n  - id: pea\n    name: Pea\n    kind: attack\n    copies: 1\n    text: P.\n"
        "    target: {select: snail, range: [1, 2]}\n    dice: 1\n    results:\n"
        f"      square: [{effect}]\n"
    )
    folder = _write_pack(tmp_path / "mine", {"cards.yaml": cards})
    found = load_workspace([folder]).report()
    assert [(d.code, d.line, d.column) for d in found] == [(code, 10, column)]
    assert words in found[0].message


def test_unknown_modifier_and_unknown_faction_card(tmp_path: Path) -> None:
    factions = (
        "factions:\n  - id: slugs\n    name: Slugs\n    text: S.\n    card: slime-ball\n"
        "    abilities:\n      - {id: ooze, name: Ooze, text: O., modifier: stay_in_shel}\n"
    )
    folder = _write_pack(tmp_path / "mine", {"factions.yaml": factions})
    found = load_workspace([folder]).report()
    assert [(d.code, d.line, d.column) for d in found] == [("bad-value", 7, 52)]
    assert "did you mean 'stay_in_shell'" in found[0].message
    fixed = factions.replace("stay_in_shel}", "stay_in_shell}")
    (folder / "factions.yaml").write_text(fixed)
    found = load_workspace([folder]).report()
    assert [(d.code, d.line, d.column) for d in found] == [("unknown-id", 5, 11)]
    assert "no card 'slime-ball'" in found[0].message


def test_a_file_checked_alone_is_judged_against_its_siblings(tmp_path: Path) -> None:
    cards = (
        "cards:\n  - id: net\n    name: Net\n    kind: faction\n    faction: slugs\n"
        "    copies: 1\n    text: N.\n"
    )
    factions = "factions:\n  - {id: slugs, name: Slugs, text: S., card: nett}\n"
    folder = _write_pack(tmp_path / "mine", {"cards.yaml": cards, "factions.yaml": factions})
    whole = load_workspace([folder]).report()
    assert sorted((Path(d.path).name, d.code, d.line) for d in whole) == [
        ("cards.yaml", "bad-value", 5),  # slugs names another card
        ("factions.yaml", "unknown-id", 2),  # no card nett
    ]
    # Only the file asked about is reported, judged with the factions file beside it.
    alone = load_workspace([folder / "cards.yaml"]).report()
    assert [(Path(d.path).name, d.code, d.line) for d in alone] == [("cards.yaml", "bad-value", 5)]
    # A sibling that fails its schema tells nothing: no error is made up from it.
    (folder / "factions.yaml").write_text("factions:\n  - {id: slugs, card: 7}\n")
    assert load_workspace([folder / "cards.yaml"]).report() == []


def test_a_back_ability_naming_an_unknown_cause(tmp_path: Path) -> None:
    tiles = (
        "tile_backs:\n  - id: carrot\n    name: Carrot\n    abilities:\n"
        "      - id: crunch\n        name: Crunch\n        text: C.\n"
        "        trigger: {event: tile_destroyed, cause: [dug]}\n"
        "        effects: [{heal: {amount: 5, to: self}}]\n"
    )
    folder = _write_pack(tmp_path / "mine", {"tiles.yaml": tiles})
    found = load_workspace([folder]).report()
    assert [(d.code, d.line, d.column) for d in found] == [("unknown-id", 8, 50)]
    assert "did you mean 'dig'" in found[0].message


def test_expand_effect_short_forms() -> None:
    assert expand_effect({"push": 2}) == (
        "push",
        {"to": "targets", "distance": 2, "direction": "away", "chooser": "active"},
        {},
    )
    assert expand_effect({"shell": "leave"}) == ("shell", {"to": "self", "mode": "leave"}, {})
    assert expand_effect({"attack_again": True})[1] == {"same_target": True}
    assert expand_effect({"draw": {"count": 2, "from": "discard"}})[1] == {
        "from": "discard",
        "count": 2,
    }
    with pytest.raises(ValueError, match="exactly one operation"):
        expand_effect({"damage": 5, "heal": 5})
