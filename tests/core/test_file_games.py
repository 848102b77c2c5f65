"""Which game reads a content file: its pack's game, so two games' ``ruleset.yaml`` differ."""

from __future__ import annotations

from pathlib import Path

import editor.games  # noqa: F401 - registers the games
from editor.core.file_games import game_for_kind, game_of_file
from editor.core.resources import content_dir
from editor.core.schema_help import schema_for_file


def test_bundled_rulesets_are_checked_by_their_own_games_schema() -> None:
    seen = {}
    for pack in sorted(content_dir().iterdir()):
        ruleset = pack / "ruleset.yaml"
        if ruleset.is_file():
            game = game_of_file(ruleset)
            assert game is not None
            seen[pack.name] = schema_for_file(ruleset)
            assert seen[pack.name] is not None and f"/{game}/" in str(seen[pack.name])
    assert seen["snails-base"] != seen["snakes-of-wrath-base"]


def test_a_file_beside_no_pack_falls_back_to_the_first_game_reading_the_kind(
    tmp_path: Path,
) -> None:
    loose = tmp_path / "ruleset.yaml"
    loose.write_text("{}\n")
    game = game_for_kind(loose)
    assert game is not None and "ruleset" in game.content.file_kinds
    assert game_of_file(loose) is None


def test_a_pack_of_an_unknown_game_or_a_broken_pack_file_names_no_game(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text("id: x\ngame: [not, a, name\n")
    assert game_of_file(tmp_path / "ruleset.yaml") is None
    (tmp_path / "pack.yaml").write_text("id: x\ngame: chess\n")
    assert game_of_file(tmp_path / "ruleset.yaml") == "chess"
    assert game_for_kind(tmp_path / "ruleset.yaml") is not None  # still read by some game


def test_a_symlinked_pack_file_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text("game: snakes-of-wrath\n")
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.yaml").symlink_to(outside)
    assert game_of_file(pack / "ruleset.yaml") is None
