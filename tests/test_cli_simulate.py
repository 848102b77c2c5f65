"""`seastack simulate` as a user runs it: summaries, determinism across --jobs, bad input."""

from __future__ import annotations

import dataclasses
import json
import re
import socket
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster

from editor.cli import main
from editor.core import registry
from editor.core.engine import MatchSpec
from editor.core.resources import layouts_dir
from editor.sim.executors import dask as dask_backend
from editor.sim.runner import game_seed
from tests.sim.executors.napping_snails import FOLDER, Killer
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
    assert one == two  # byte for byte: nothing in it says how many workers played
    first = json.loads(one)
    assert "jobs" not in first and first["rerun"] == 0
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
    assert code == 2 and "is a folder" in err and "give a layout file (*.layout.yaml)" in err
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
    # two local workers, and Dask clusters of one and two workers started for the run
    for backend in (("--jobs", "2"), ("--dask", "--jobs", "1"), ("--dask", "--jobs", "2")):
        code, other, err = run(capsys, *args, *backend, "--json")
        assert code == 0, err
        assert other == one, backend  # byte for byte
    first = json.loads(one)
    assert (first["layout"], first["game"], first["modules"]) == (
        "crustacean",
        "snails",
        ["specialists", "wind"],
    )
    assert first["finished"] == 12 and first["errors"] == []
    titles = [s["title"] for s in first["sections"]]
    assert titles == [
        "Snails lost",
        "Tiles destroyed per round",
        "Left at the end of each round",
        "Losses by the end of each round",
        "Cards played",
    ]
    assert 1 <= first["rounds"]["mean"] <= 6
    played = next(s for s in first["sections"] if s["title"] == "Cards played")
    cards = {row["label"] for row in played["rows"]}
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


def test_dask_without_distributed_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # what an import then raises
    code, out, err = run(capsys, str(tiny), "--dask")
    assert code == 2 and out == ""
    assert err.strip() == (
        "seastack simulate: the Dask backend needs the 'distributed' package:"
        " pip install -e '.[dask]'"
    )


def test_a_dask_address_that_is_no_scheduler_is_exit_2(
    capsys: pytest.CaptureFixture[str], tiny: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, str(tiny), "--dask", "localhost-8786")
    assert code == 2 and out == ""
    assert "--dask localhost-8786 is not a scheduler's address (tcp://HOST:PORT)" in err
    monkeypatch.setattr(dask_backend, "CONNECT_TIMEOUT", 0.5)
    with socket.socket() as listener:  # a port nobody answers on: bound, never listening
        listener.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        code, out, err = run(capsys, CRUSTACEAN, "--dask", address, "--games", "2")
    assert code == 2 and out == ""
    assert err.startswith(f"seastack simulate: cannot reach the Dask scheduler at {address}: ")
    assert "Traceback" not in err


def test_the_summary_says_how_many_games_were_rerun(
    capsys: pytest.CaptureFixture[str], flaky_snails: Any
) -> None:
    flaky = flaky_snails(crash=True)  # its flaky games end their worker's process
    args = (CRUSTACEAN, "--games", "4", "--players", "2", "--bots", "random", "--jobs", "2")
    code, out, err = run(capsys, *args, "--json")
    assert code == 1, err
    summary = json.loads(out)
    crashing = [i for i in range(4) if flaky.fails(game_seed(0, i))]
    assert [e["index"] for e in summary["errors"]] == crashing and crashing
    for entry in summary["errors"]:
        assert entry["error"].startswith("WorkerLost: the worker playing it was lost 3 times")
        assert entry["choices"] == []  # its seed replays it: nothing was recorded
    # each crashing game was handed out again twice before it counted as failed
    assert summary["rerun"] >= 2 * len(crashing)
    assert summary["finished"] == 4 - len(crashing)
    code, text, err = run(capsys, *args)
    assert code == 1, err
    line = next(x for x in text.splitlines() if "rerun" in x)
    assert re.fullmatch(
        r"\d+ games were rerun: \d+ workers lost before returning them \(process \d+: exit"
        r" code 3; .*\)",
        line,
    ), line
    assert int(line.split()[0]) >= 2 * len(crashing)


@pytest.fixture(scope="module")
def napping_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A Dask cluster of two workers one chosen match of which naps (``napping_snails``),
    its scheduler's address, and the folder that chooses the match."""
    folder = tmp_path_factory.mktemp("nap")
    with warnings.catch_warnings():  # another cluster's health routes may hold port 8787
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        local = LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=50,
            preload=["tests.sim.executors.napping_snails"],
            env={FOLDER: str(folder)},
        )
    with local:
        yield local.scheduler_address, folder


def test_a_dask_worker_killed_mid_batch_is_in_the_summary(
    capsys: pytest.CaptureFixture[str], napping_cluster: tuple[str, Path], alive: Any
) -> None:
    address, folder = napping_cluster
    args = (CRUSTACEAN, "--games", "40", "--players", "2", "--bots", "random", "--seed", "9")
    code, calm, err = run(capsys, *args, "--jobs", "2", "--json")
    assert code == 0, err
    killer = Killer(folder, game_seed(9, 12))  # the worker that starts match 12 is killed
    code, out, err = run(capsys, *args, "--dask", address, "--json")
    victim = killer.join()
    assert code == 0, err
    assert victim and not alive(victim)
    summary, undisturbed = json.loads(out), json.loads(calm)
    # ranges of 40 // (2 workers * 8) = 2 games: matches 12 and 13 were played again (on a
    # loaded machine a range the victim had started next may count too: whole ranges only)
    rerun = summary.pop("rerun")
    assert rerun >= 2 and rerun % 2 == 0 and undisturbed.pop("rerun") == 0
    assert summary == undisturbed  # the same games, the same results
    with Client(address) as client:  # the killed worker's nanny starts it again
        client.wait_for_workers(2, timeout=60)
    killer = Killer(folder, game_seed(9, 30))
    code, text, err = run(capsys, *args, "--dask", address)
    assert code == 0, err
    assert killer.join()
    rerun_line = re.search(
        r"\n(\d+) games were rerun: 1 worker lost before returning them"
        r" \(the Dask worker at tcp://[\d.]+:\d+: its process died\)\n",
        text,
    )
    assert rerun_line is not None and int(rerun_line.group(1)) % 2 == 0, text
    assert "40 games in " in err and f"on the Dask cluster at {address} (2 workers)" in err


def test_the_summary_names_the_packs_played_with_their_versions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    snakes = str(layouts_dir() / "snakes-of-wrath.layout.yaml")
    code, out, err = run(capsys, snakes, "--games", "2", "--json")
    assert code == 0, err
    assert json.loads(out)["packs"] == [{"id": "snakes-of-wrath-base", "version": "1.0.0"}]
    code, out, err = run(capsys, CRUSTACEAN, "--games", "2", "--modules", "specialists")
    assert code == 0, err
    assert "packs: snails-base 1.0.0, snails-fire-in-the-shell 1.0.0\n" in out


def test_compare_plays_both_designs_alike_and_reports_the_changes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    flat = tmp_path / "flat.layout.yaml"
    text = (layouts_dir() / "crustacean.layout.yaml").read_text("utf-8")
    flat.write_text(text.replace("[beach, meadow, mountain]", "[beach]"), "utf-8")
    args = ("--games", "8", "--seed", "5", "--json")
    code, alone, err = run(capsys, CRUSTACEAN, *args)
    assert code == 0, err
    code, out, err = run(capsys, CRUSTACEAN, "--compare", str(flat), *args)
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"before", "after", "changes"}
    assert data["before"] == json.loads(alone)  # the first design is played as on its own
    assert data["after"] != data["before"]  # no mountains: another game
    report = tmp_path / "report.html"
    code, _, err = run(
        capsys, CRUSTACEAN, "--compare", str(flat), "--games", "4", "--report", str(report)
    )
    assert code == 0, err
    assert "baseline" in report.read_text("utf-8").lower()
