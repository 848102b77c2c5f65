"""The Preview dock's face of a tile type: role, colour, count, and each shape drawn as a
square seen from above, with its path and head."""

from __future__ import annotations

from editor.core import registry
from editor.core.workspace import Workspace
from editor.games.snakes_of_wrath.art import INJURY_CROSS
from editor.games.snakes_of_wrath.content import TILESET, tile_entries
from editor.games.snakes_of_wrath.faces import preview, shape_art


def _entry(ws: Workspace, type_id: str) -> dict[str, object]:
    pack = ws.packs["snakes-of-wrath-base"]
    return next(dict(e.data) for e in tile_entries(ws, [pack]) if e.data["id"] == type_id)


def test_a_shape_is_drawn_from_its_sides() -> None:
    corner = shape_art("#7cb342", "body", {"body": ["E", "N"]})
    assert corner.paths == ("N", "E") and corner.ends == () and corner.fill == "#7cb342"
    # a head tile: the head in the middle, its neck to its side
    head = shape_art("#8e24aa", "head", {"head": "S"})
    assert head.paths == ("S",) and head.ends == ("",)
    # a body with a head: the body through the middle, the head by its own side
    both = shape_art("#2e7d32", "body", {"body": ["W", "E"], "head": "S"})
    assert both.paths == ("E", "W") and both.ends == ("S",)
    todd = shape_art("#f9a825", "todd", {})
    assert todd.paths == () and todd.text == "T"
    assert shape_art("#c62828", "injury", {"body": ["W", "E"]}).cross == INJURY_CROSS


def test_a_tile_types_face_has_its_role_colour_count_and_shapes(bundled: Workspace) -> None:
    game = registry.get("snakes-of-wrath")
    assert game is not None and game.content.preview is preview
    face = preview(TILESET, _entry(bundled, "body"))
    assert face is not None
    assert (face.name, face.kind, face.id) == ("Body", "Body tile", "body")
    lines = [(line.label, line.text) for line in face.details]
    assert ("Colour", "#7cb342") in lines and ("Tiles", "30 in the sack") in lines
    assert ("Corner ×14", "body leaves by N, E") in lines
    captions = [caption for caption, _ in face.art]
    assert captions == ["Straight ×12", "Corner ×14", "Branch ×4"]
    assert dict(face.art)["Branch ×4"].paths == ("N", "E", "W")
    armored = preview(TILESET, _entry(bundled, "armored"))
    assert armored is not None and ("Armored", "can never be injured") in [
        (line.label, line.text) for line in armored.details
    ]
    assert preview("ruleset", {"rack": 8}) is None
