"""`seastack simulate` as a user runs it: summaries, determinism across --jobs, bad input."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from editor.cli import main
from editor.core import registry
from editor.core.engine import MatchSpec
from editor.core.resources import layouts_dir
from tests.sim.test_runner import RaceEngine

TINY = """\
id: tiny
name: Tiny
game: snails
board: snails-expert
packs: [snails-base]
spaces:
  D4: [beach]
  D5: [beach, meadow]
  E5: [beach]
  C4: [beach]
  C5: [beach]
  E4: [beach]
"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.layout.yaml"
    path.write_text(TINY)
    return path


@pytest.fixture
def toy_engine() -> Iterator[None]:
    """Snails played by the toy race engine, to test the command's plumbing by itself."""
    game = registry.get("snails")
    assert game is not None
    registry.register(game.with_play(engine=RaceEngine()))
    try:
        yield
    finally:
        registry.register(game)


@pytest.mark.usefixtures("toy_engine")
def test_a_summary_in_text(capsys: pytest.CaptureFixture[str], tiny: Path) -> None:
    code, out, err = run(capsys, str(tiny), "--games", "30", "--players", "3", "--jobs", "1")
    assert code == 0, err
    assert out.startswith("tiny: 30 of 30 games finished; 3 players, seed 0, modules: none")
    assert "Win rate per seat" in out and "Win rate per faction" in out
    assert "Game length in rounds" in out and "How games ended" in out
    assert "30 games in" in err


@pytest.mark.usefixtures("toy_engine")
def test_json_is_the_same_whatever_the_jobs(capsys: pytest.CaptureFixture[str], tiny: Path) -> None:
    args = (str(tiny), "--games", "40", "--players", "3", "--seed", "5", "--json")
    code, one, _ = run(capsys, *args, "--jobs", "1")
    assert code == 0
    code, two, _ = run(capsys, *args, "--jobs", "2")
    assert code == 0
    first, second = json.loads(one), json.loads(two)
    assert first.pop("jobs") == 1 and second.pop("jobs") == 2
    assert first == second
    assert first["games"] == first["finished"] == 40
    wins = sum(seat["wins"]["successes"] for seat in first["seats"])
    assert wins == 40  # the race never ties: one winner a game
    assert {f["faction"] for f in first["factions"]} == {"ants", "bees", "crabs", "doves"}
    assert sum(f["wins"]["trials"] for f in first["factions"]) == 120
    code, other, _ = run(capsys, *args[:-3], "--seed", "6", "--json", "--jobs", "1")
    assert json.loads(other)["seats"] != first["seats"]


@pytest.mark.usefixtures("toy_engine")
def test_factions_and_bots_per_seat(capsys: pytest.CaptureFixture[str], tiny: Path) -> None:
    code, out, _ = run(
        capsys,
        str(tiny),
        "--games=20",
        "--players=2",
        "--factions=crabs,ants",
        "--bots=greedy,random",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert [f["faction"] for f in data["factions"]] == ["ants", "crabs"]
    assert [s["bot"] for s in data["seats"]] == ["greedy", "random"]
    # Always taking the longest step beats taking a random one.
    greedy, rand = (s["wins"]["successes"] for s in data["seats"])
    assert greedy > rand
    code, out, _ = run(capsys, str(tiny), "--games=8", "--players=2", "--factions=all", "--json")
    assert code == 0
    assert sum(f["wins"]["trials"] for f in json.loads(out)["factions"]) == 16


@pytest.mark.usefixtures("toy_engine")
def test_failed_games_are_listed_with_their_seeds(
    capsys: pytest.CaptureFixture[str], tiny: Path
) -> None:
    code, out, _ = run(capsys, str(tiny), "--games=30", "--modules=boom", "--jobs=1")
    assert code == 1
    assert "games failed:" in out
    assert "(seed " in out and "RuntimeError: boom" in out


@pytest.mark.usefixtures("toy_engine")
def test_the_json_of_a_failed_game_carries_the_choices_that_replay_it(
    capsys: pytest.CaptureFixture[str], tiny: Path
) -> None:
    code, out, _ = run(capsys, str(tiny), "--games=30", "--modules=boom", "--jobs=1", "--json")
    assert code == 1
    errors = json.loads(out)["errors"]
    assert errors
    engine = RaceEngine()
    for entry in errors:
        spec = MatchSpec(4, (), frozenset({"boom"}), entry["seed"])
        state = engine.new_match({}, spec)
        *before, last = [engine.choice_from_json(c) for c in entry["choices"]]
        for choice in before:
            state.apply(choice)
        with pytest.raises(RuntimeError, match="boom"):  # the last one raised, as recorded
            state.apply(last)


@pytest.mark.usefixtures("toy_engine")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--bots", "genius"), "unknown bot genius; known: greedy, random"),
        (("--bots", "random,random"), "--bots names 2 bots for 4 players; give 1 or 4"),
        (("--factions", "ants,moles"), "unknown faction moles; known: ants, bees, crabs, doves"),
        (("--factions", "ants,bees"), "--factions names 2 factions for 4 players"),
        (("--players", "5"), "5 players need 5 factions; the game has 4"),
    ],
)
def test_bad_choices_are_exit_2(
    capsys: pytest.CaptureFixture[str], tiny: Path, args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, str(tiny), *args)
    assert code == 2
    assert out == ""
    assert err.startswith("seastack simulate: ") and message in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--games", "0"), "argument --games: --games must be at least 1, not 0"),
        (("--games", "lots"), "argument --games: --games must be a whole number, not 'lots'"),
        (("--jobs", "-1"), "argument --jobs: --jobs must be at least 1, not -1"),
        (("--seed", "x1"), "argument --seed: the seed must be a whole number, not 'x1'"),
    ],
)
def test_bad_numbers_are_exit_2(
    capsys: pytest.CaptureFixture[str], tiny: Path, args: tuple[str, ...], message: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["simulate", str(tiny), *args])
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_a_broken_layout_shows_where(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.layout.yaml"
    path.write_text(TINY.replace("E5: [beach]", "E5: [mountain]"))
    code, out, err = run(capsys, str(path))
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith(f"{path}:9:"), lines
    assert "error illegal-stack" in lines[0]
    assert lines[-1] == f"seastack simulate: {path} has errors; fix them first"
    # a file that does not even parse has errors too; it is not "not a layout"
    path.write_text("game: snails\nboard: [x\n")
    code, _, err = run(capsys, str(path))
    assert code == 2 and err.splitlines()[-1].endswith("has errors; fix them first")


def test_paths_that_are_not_layouts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, str(tmp_path / "missing.layout.yaml"))
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, str(tmp_path))
    assert code == 2 and "is a folder; give a layout file" in err
    board = layouts_dir() / "snails-expert.board.yaml"
    code, _, err = run(capsys, str(board))
    assert code == 2 and "is not a layout file" in err


def test_a_game_without_an_engine(capsys: pytest.CaptureFixture[str], tiny: Path) -> None:
    game = registry.get("snails")
    assert game is not None
    registry.register(dataclasses.replace(game, play=None))
    try:
        code, _, err = run(capsys, str(tiny))
    finally:
        registry.register(game)
    assert code == 2
    assert "the game 'snails' has no rules engine to simulate with" in err


CRUSTACEAN = str(layouts_dir() / "crustacean.layout.yaml")


def test_snails_on_crustacean_the_same_whatever_the_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = (CRUSTACEAN, "--games", "12", "--modules", "specialists,wind", "--seed", "3")
    code, one, err = run(capsys, *args, "--jobs", "1", "--json")
    assert code == 0, err
    code, two, err = run(capsys, *args, "--jobs", "2", "--json")
    assert code == 0, err
    first, second = json.loads(one), json.loads(two)
    assert first.pop("jobs") == 1 and second.pop("jobs") == 2
    assert first == second
    assert (first["layout"], first["game"], first["modules"]) == (
        "crustacean",
        "snails",
        ["specialists", "wind"],
    )
    assert first["finished"] == 12 and first["errors"] == []
    titles = [s["title"] for s in first["sections"]]
    assert titles == ["Snails lost", "Tiles destroyed per round", "Cards played"]
    assert 1 <= first["rounds"]["mean"] <= 6
    cards = {row["label"] for row in first["sections"][2]["rows"]}
    assert {"crawl", "hit", "shell"} <= cards


def test_snails_text_summary_with_a_heuristic_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        CRUSTACEAN,
        "--games=8",
        "--players=2",
        "--bots=heuristic,random",
        "--factions=pirates,knights",
        "--jobs=1",
    )
    assert code == 0, err
    assert out.startswith("crustacean: 8 of 8 games finished; 2 players, seed 0, modules: none")
    assert "heuristic" in out and "pirates" in out and "knights" in out
    assert "Snails lost" in out and "to water" in out and "Cards played" in out


def test_snails_plays_heuristic_bots_unless_told(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, CRUSTACEAN, "--games=2", "--jobs=1", "--json")
    assert code == 0, err
    assert [seat["bot"] for seat in json.loads(out)["seats"]] == ["heuristic"] * 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--modules", "tornado"), "unknown module tornado; known: specialists, wind"),
        (("--players", "5"), "Snails is played by 2 to 4 players, not 5"),
        (("--bots", "clever"), "unknown bot clever; known: heuristic, random"),
        (("--factions", "vikings"), "unknown faction vikings; known: cyborgs, druids"),
    ],
)
def test_snails_refuses_what_it_does_not_know(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, CRUSTACEAN, "--games=2", *args)
    assert code == 2 and out == ""
    assert message in err


def test_content_the_engine_cannot_compile_is_exit_2(
    capsys: pytest.CaptureFixture[str], tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(workspace: object, layout: object) -> None:
        raise ValueError("card 'laser' has no dice")

    game = registry.get("snails")
    assert game is not None and game.engine is not None
    monkeypatch.setattr(game.engine, "prepare", refuse)
    code, out, err = run(capsys, str(tiny))
    assert code == 2 and out == ""
    assert (
        err.strip()
        == f"seastack simulate: cannot set up a match on {tiny}: card 'laser' has no dice"
    )


POOL_MANIFEST = """\
id: pool-party
name: Pool party
version: 0.1.0
game: snails
dependencies: {snails-base: '>=1.0,<2'}
"""

POOL_CARDS = """\
cards:
  - id: cannonball
    name: Cannonball
    kind: special
    copies: 6
    text: Splash every snail in the water for 5, and draw a card from the shuffled discard pile.
    effects:
      - damage: {amount: 5, to: in-water}
      - draw: {count: 1, from: discard}
  - id: lifebuoy
    name: Lifebuoy
    kind: faction
    faction: swimmers
    copies: 1
    text: Pull one snail up to 3 spaces away two steps toward you.
    target: {select: snail, range: [1, 3], line_of_sight: false}
    effects:
      - move: {who: targets, toward: self, distance: 2}
"""

POOL_FACTIONS = """\
factions:
  - id: swimmers
    name: Swimmers
    text: Snails that love the shallows.
    card: lifebuoy
    abilities:
      - id: low-tide
        name: Low tide
        text: When the Planning phase starts, the contamination marker moves 1 step down.
        trigger: {event: phase_starts, phase: planning}
        effects:
          - contamination: -1
"""


def test_a_layout_plays_with_the_designers_own_pack(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A new card and a new faction, written as data in a pack outside the bundled content.
    pack = tmp_path / "packs" / "pool-party"
    pack.mkdir(parents=True)
    (pack / "pack.yaml").write_text(POOL_MANIFEST)
    (pack / "cards.yaml").write_text(POOL_CARDS)
    (pack / "factions.yaml").write_text(POOL_FACTIONS)
    layout = tmp_path / "pool.layout.yaml"
    layout.write_text(
        TINY.replace("id: tiny", "id: pool").replace("[snails-base]", "[snails-base, pool-party]")
    )
    code, out, err = run(capsys, str(layout), "--games=4", "--players=2")
    assert code == 2 and "no pack 'pool-party'" in err  # not known without --packs
    args = (str(layout), "--packs", str(pack.parent), "--games=6", "--players=2", "--json")
    code, out, err = run(capsys, *args, "--factions=swimmers,pirates", "--bots=random")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["layout"] == "pool"
    assert {row["faction"] for row in summary["factions"]} == {"swimmers", "pirates"}
    assert "lifebuoy" in json.dumps(summary["sections"])  # its faction card was played
    code, out, err = run(capsys, str(layout), "--packs", str(pack / "cards.yaml"))
    assert code == 2 and "is not a folder" in err


def test_a_path_with_a_newline_cannot_forge_a_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "a\nx.layout.yaml:1:1: error forged"
    folder.mkdir()
    bad = folder / "bad.layout.yaml"
    bad.write_text("id: [\n", encoding="utf-8")
    code = main(["simulate", str(bad), "--games", "1"])
    err = capsys.readouterr().err
    assert code == 2
    assert not any(line.startswith("x.layout.yaml:1:1") for line in err.splitlines()), err
    assert "a\\nx.layout.yaml" in err
