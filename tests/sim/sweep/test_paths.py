"""Paths name one number of a design's files, or say where they stop making sense."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.core.documents import parse_document
from editor.sim.sweep.paths import SourceFile, SweepPathError, locate


def test_a_ruleset_number_is_found_at_its_line_and_column(crab_files: list[SourceFile]) -> None:
    location = locate("ruleset.contamination.per_round", crab_files)
    text = location.file.document.text
    line = text.split("\n")[location.line - 1]
    assert location.value == 1 and location.file.pack == "snails-base"
    assert line[location.column - 1 :].startswith("1")
    assert "per_round" in line


def test_cards_by_id_and_effects_by_their_one_key(crab_files: list[SourceFile]) -> None:
    location = locate("cards.revolver.results.triangle.damage", crab_files)
    assert location.value == 10
    assert location.steps[-3:] == ("triangle", 0, "damage")
    copies = locate("cards.revolver.copies", crab_files)
    assert copies.value == 3 and copies.line < location.line


def test_list_items_by_a_value_they_hold_or_by_selector(crab_files: list[SourceFile]) -> None:
    with pytest.raises(SweepPathError, match="in 2 files"):  # both packs stock mountains
        locate("tiles.stock.mountain.count", crab_files)
    by_value = locate("snails-base.tiles.stock.mountain.count", crab_files)
    by_selector = locate("tiles.stock[tile=mountain,back=blank].count", crab_files)
    assert by_value.steps == by_selector.steps == ("stock", 2, "count")
    assert by_value.value == 6
    in_expansion = locate("snails-fire-in-the-shell.tiles.stock[back=eggshells].count", crab_files)
    assert (in_expansion.file.pack, in_expansion.value) == ("snails-fire-in-the-shell", 2)


def test_a_tile_count_of_another_game(snake_files: list[SourceFile]) -> None:
    location = locate("tileset.tile_types.body.shapes.corner.count", snake_files)
    assert location.value == 14
    assert locate("ruleset.target", snake_files).value == 13


def test_written_changes_the_number_and_nothing_else(crab_files: list[SourceFile]) -> None:
    location = locate("cards.revolver.results.triangle.damage", crab_files)
    text = location.file.document.text
    changed = location.written(text, "12")
    document, problems = parse_document(changed, "x.yaml")
    assert document is not None and not problems
    assert document.get(location.steps) == 12
    assert changed.replace("damage: 12}", "damage: 10}", 1) == text


@pytest.mark.parametrize(
    ("path", "where", "words"),
    [
        (
            "cards.revolver.results.square.damage",
            "cards.yaml:17:7:",
            "cards.revolver.results has no 'square'; it has triangle, circle",
        ),
        ("ruleset.die.faces.0", "ruleset.yaml:", "names the text 'triangle', not a number"),
        ("tiles.stock.mountain", "tiles.yaml:22:", "names a mapping, not a number"),
        ("cards.nothing-like-it.copies", "cards.yaml:", "has no item 'nothing-like-it'"),
        ("ruleset.hit.range.7", "ruleset.yaml:", "has 2 items; no item 7"),
    ],
)
def test_a_path_that_names_no_number_says_file_line_and_column(
    crab_files: list[SourceFile], path: str, where: str, words: str
) -> None:
    with pytest.raises(SweepPathError) as caught:
        locate(path, crab_files)
    assert caught.value.diagnostic is not None
    shown = str(caught.value)
    assert where in shown and words in shown and "error sweep-path" in shown


def test_a_path_no_file_starts_with_lists_the_files(crab_files: list[SourceFile]) -> None:
    with pytest.raises(SweepPathError, match="its files are board, cards, factions"):
        locate("rulset.rounds", crab_files)
    with pytest.raises(SweepPathError, match="not a path"):
        locate("ruleset..rounds", crab_files)


def test_a_number_in_two_packs_asks_for_the_pack(tmp_path: Path) -> None:
    files = []
    for pack in ("one", "two"):
        text = "rounds: 6\n"
        document, _ = parse_document(text, f"{pack}/ruleset.yaml")
        assert document is not None
        files.append(SourceFile(document, tmp_path / pack / "ruleset.yaml", "ruleset", pack))
    with pytest.raises(SweepPathError, match=r"in 2 files.*start the path with the pack.s id"):
        locate("ruleset.rounds", files)
    assert locate("two.ruleset.rounds", files).file.pack == "two"


def test_a_number_reached_through_an_alias_is_refused(tmp_path: Path) -> None:
    document, _ = parse_document("base: &b 4\ncopy: *b\n", "r.yaml")
    assert document is not None
    files = [SourceFile(document, tmp_path / "r.yaml", "ruleset")]
    assert locate("ruleset.base", files).value == 4
    with pytest.raises(SweepPathError, match="through an alias"):
        locate("ruleset.copy", files)
