"""Every Snails template, instantiated in a new pack, loads with no diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

import editor.games  # noqa: F401  (registers Snails)
from editor.core import registry
from editor.core.templates import add_from_template, default_dependencies, new_pack
from editor.core.workspace import load_workspace
from editor.games.snails.rules_content import load_rules_content
from editor.games.snails.templates import TEMPLATE_GROUPS


def _new_pack(tmp_path: Path) -> Path:
    deps = default_dependencies(load_workspace(), "snails")
    return new_pack(tmp_path, "Template Test", "snails", dependencies=deps)


TEMPLATES = {t.key: t for group in TEMPLATE_GROUPS for t in group.templates}


def test_snails_registers_its_templates_in_two_groups() -> None:
    game = registry.get("snails")
    assert game is not None
    groups = [(g.key, g.label, [t.key for t in g.templates]) for g in game.content.templates]
    assert groups == [
        ("card", "Card", ["attack-card", "special-card"]),
        ("faction", "Faction", ["faction"]),
    ]


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_each_template_validates_in_a_new_pack(tmp_path: Path, key: str) -> None:
    folder = _new_pack(tmp_path)
    added = add_from_template(folder, TEMPLATES[key])
    ws = load_workspace([folder])
    assert ws.report() == []
    content = load_rules_content(ws, ["template-test"])
    kind = "factions" if key == "faction" else "cards"
    assert added.id in getattr(content, kind)
    assert getattr(content, kind)[added.id]["name"] == added.name


def test_every_template_twice_in_one_pack_still_validates(tmp_path: Path) -> None:
    folder = _new_pack(tmp_path)
    ids = []
    for _ in range(2):
        for key in sorted(TEMPLATES):
            ids.append(add_from_template(folder, TEMPLATES[key]).id)
    assert len(set(ids)) == len(ids)
    ws = load_workspace([folder])
    assert ws.report() == []
    content = load_rules_content(ws, ["template-test"])
    assert {"new-card", "new-card-2", "new-special", "new-special-2"} <= set(content.cards)
    assert {"new-faction", "new-faction-2"} <= set(content.factions)
    # a faction's card names it back, so the faction is playable
    assert content.cards["new-faction-2-card"]["faction"] == "new-faction-2"
