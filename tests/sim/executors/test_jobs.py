"""Jobs as JSON: a design's texts with a digest, rebuilt by a worker into the set-up the
sender had, a plan and a range; bad jobs refused with what is wrong."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from editor.core import registry
from editor.core.resources import layouts_dir
from editor.core.workspace import open_layout
from editor.sim.design import Design, Ready, prepare_design
from editor.sim.executors import jobs
from editor.sim.executors.jobs import (
    Content,
    JobError,
    content_of,
    job_json,
    plan_from_json,
    plan_to_json,
    play_job,
    rebuild,
)
from editor.sim.play import RunnerError
from editor.sim.runner import BatchPlan, GameResult, run_batch
from editor.sim.summary import game_metrics

CRAB = layouts_dir() / "crustacean.layout.yaml"
#: A layout that names no packs: it plays the game's bundled ones.
BARE = """\
id: bare
name: Bare
game: snails
board: snails-expert
spaces:
  D4: [beach]
  D5: [beach, meadow]
  E5: [beach]
  C4: [beach]
"""


def crab() -> tuple[Any, Any]:
    ws, layout = open_layout(CRAB)
    assert layout is not None
    return ws, layout


def plan(games: int = 6, **kw: Any) -> BatchPlan:
    base: dict[str, Any] = {
        "games": games,
        "players": 3,
        "bots": ("heuristic", "random", "random"),
        "seed": 4,
        "factions": ("pirates", "druids", "knights", "cyborgs"),
        "modules": frozenset({"wind"}),
        "digest": True,
    }
    base.update(kw)
    return BatchPlan(**base)


def played(content: Content, batch: BatchPlan, start: int, stop: int) -> list[GameResult]:
    """What a worker plays for this job (its records read back)."""
    job = json.loads(json.dumps(job_json(content.digest, batch, start, stop, content)))
    return [GameResult.from_json(json.loads(r)) for r in play_job(job)]


def test_the_content_of_a_layout_is_its_texts_its_board_and_its_packs() -> None:
    ws, layout = crab()
    content = content_of(ws, layout)
    assert content.game == "snails" and content.layout == "layout/crustacean.layout.yaml"
    assert content.packs == ("snails-base", "snails-fire-in-the-shell")
    assert content.files[content.layout] == CRAB.read_text()
    assert "boards/snails-expert.board.yaml" in content.files
    for pack in ws.packs_in_use(layout):
        assert f"packs/{pack.id}/pack.yaml" in content.files
        for _kind, document in pack.documents:
            name = Path(document.path).name
            assert content.files[f"packs/{pack.id}/{name}"] == Path(document.path).read_text()
    # the digest names the texts: the same from a second load, another for another text
    assert content_of(*crab()).digest == content.digest
    files = dict(content.files)
    files[content.layout] += "\n"
    assert Content("snails", content.layout, files, content.packs).digest != content.digest


def test_content_survives_json_and_refuses_what_is_not_its_own() -> None:
    content = content_of(*crab())
    data = json.loads(json.dumps(content.to_json()))
    assert Content.from_json(data) == content
    with pytest.raises(JobError, match="does not have the digest it claims"):
        Content.from_json({**data, "files": {**data["files"], content.layout: "id: x\n"}})
    for path in ("packs/../../escape.yaml", "/etc/passwd", "elsewhere/x.yaml", "packs//x"):
        with pytest.raises(JobError, match="is not one of its own"):
            Content("snails", content.layout, {**content.files, path: "x: 1\n"}, content.packs)
    with pytest.raises(JobError, match="'files' maps paths to texts"):
        Content.from_json({**data, "files": ["layout/x"]})


def test_a_worker_plays_a_job_as_the_sender_would() -> None:
    ws, layout = crab()
    engine = registry.get("snails")
    assert engine is not None and engine.engine is not None
    prepared = engine.engine.prepare(ws, layout)
    metrics = game_metrics("snails")
    assert metrics is not None
    here = run_batch(engine.engine, prepared, plan(), measure=metrics.measure)
    content = content_of(ws, layout)
    there = played(content, plan(), 2, 5)
    assert [r.to_json() for r in there] == [r.to_json() for r in here[2:5]]
    assert all(r.ok and r.digest and r.metrics["plays"] for r in there)


def test_a_design_is_rebuilt_once_per_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    content = content_of(*crab())
    jobs.forget_all()
    assert not jobs.holds(content.digest)
    built: list[str] = []
    original = jobs.rebuild

    def counting(content: Content) -> jobs.Built:
        built.append(content.digest)
        return original(content)

    monkeypatch.setattr(jobs, "rebuild", counting)
    played(content, plan(), 0, 1)
    # a later job may carry only the digest: the worker holds the design
    bare = job_json(content.digest, plan(), 1, 2)
    assert "content" not in bare
    assert len(list(play_job(bare))) == 1
    assert built == [content.digest] and jobs.holds(content.digest)
    with pytest.raises(JobError, match=r"does not hold the design .* and the job has no texts"):
        list(play_job(job_json("0" * 32, plan(), 0, 1)))


def test_unsaved_texts_of_a_designers_pack_are_what_the_worker_plays(
    scratch_pack: Path,
) -> None:
    cards = scratch_pack / "cards.yaml"
    deadly = re.sub(r"\{damage: \d+\}", "{damage: 99}", cards.read_text())
    ready = prepare_design(Design(CRAB, CRAB.read_text(), (scratch_pack,), {cards: deadly}))
    assert isinstance(ready, Ready)
    content = content_of(ready.loaded.workspace, ready.layout)
    assert content.files["packs/snails-base/cards.yaml"] == deadly
    rebuilt = rebuild(content).prepared.rules.content
    assert rebuilt == ready.prepared.rules.content
    assert rebuilt["cards"]["revolver"]["results"]["circle"] == [{"damage": 99}]
    bundled = rebuild(content_of(*crab())).prepared.rules.content
    assert bundled["cards"]["revolver"]["results"]["circle"] != [{"damage": 99}]


def test_a_layout_that_names_no_packs_plays_the_bundled_ones(tmp_path: Path) -> None:
    path = tmp_path / "bare.layout.yaml"
    path.write_text(BARE)
    ws, layout = open_layout(path)
    assert layout is not None and layout.packs is None
    content = content_of(ws, layout)
    assert content.packs == ("snails-base", "snails-fire-in-the-shell")
    engine = registry.get("snails")
    assert engine is not None and engine.engine is not None
    sender = engine.engine.prepare(ws, layout)
    rebuilt = rebuild(content).prepared
    assert rebuilt.rules.content == sender.rules.content and rebuilt.stacks == sender.stacks
    assert "specialists" in engine.engine.modules(rebuilt)  # the expansion came along


def test_a_worker_refuses_a_design_it_would_play_otherwise() -> None:
    content = content_of(*crab())
    files = dict(content.files)
    # as if the sender had no expansion: this worker's files would still bring it in
    odd = Content("snails", content.layout, files, ("snails-base",))
    with pytest.raises(JobError, match="would play the design with the packs snails-base,"):
        rebuild(odd)
    files[content.layout] = files[content.layout].replace("board: snails-expert", "board: moon")
    broken = Content("snails", content.layout, files, content.packs)
    with pytest.raises(JobError, match="does not set up on this worker: 1 error") as info:
        rebuild(broken)
    assert "layout/crustacean.layout.yaml:" in str(info.value)  # named inside the job
    assert "seastack-job-" not in str(info.value)


def test_plans_travel_as_json_and_bad_ones_are_named() -> None:
    batch = plan(modules=frozenset({"wind", "specialists"}), memory_limit=None, max_steps=50)
    data = json.loads(json.dumps(plan_to_json(batch)))
    assert data["modules"] == ["specialists", "wind"]
    assert plan_from_json(data) == batch
    with pytest.raises(JobError, match="needs its 'seed'"):
        plan_from_json({k: v for k, v in data.items() if k != "seed"})
    with pytest.raises(JobError, match="holds '3' where a whole number goes"):
        plan_from_json({**data, "players": "3"})
    with pytest.raises(JobError, match="no faction_mode 'sometimes'"):
        plan_from_json({**data, "faction_mode": "sometimes"})
    with pytest.raises(JobError, match="is not one: 2 bots for 3 seats"):
        plan_from_json({**data, "bots": ["random", "random"]})
    with pytest.raises(JobError, match="not a job of format 1"):
        list(play_job({**job_json("x", batch, 0, 1), "job": 2}))
    with pytest.raises(JobError, match="range is two whole numbers, not 3 to 1"):
        list(play_job(job_json("x", batch, 3, 1)))


@pytest.mark.parametrize(
    "path", sorted(layouts_dir().glob("*.layout.yaml")), ids=lambda path: path.name
)
def test_every_bundled_layout_plays_on_a_worker_as_here(path: Path) -> None:
    ws, layout = open_layout(path)
    assert layout is not None
    game = registry.get(layout.game)
    assert game is not None and game.play is not None, f"{layout.game} has no engine"
    engine = game.play.engine
    prepared = engine.prepare(ws, layout)
    seats = game.play.type.max_players
    factions = tuple(engine.factions(prepared))
    batch = BatchPlan(
        games=3,
        players=seats,
        bots=("random",) * seats,
        factions=factions,
        faction_mode="random" if len(factions) >= seats else "fixed",
        memory_limit=None,
        digest=True,
    )
    metrics = game.play.metrics
    here = run_batch(engine, prepared, batch, measure=metrics.measure if metrics else None)
    content = content_of(ws, layout)
    assert content.game == game.id and content.packs
    job = json.loads(json.dumps(job_json(content.digest, batch, 0, 3, content)))
    there = [GameResult.from_json(json.loads(r), engine.choice_from_json) for r in play_job(job)]
    assert [r.to_json() for r in there] == [r.to_json() for r in here]
    assert all(r.ok and r.digest for r in there)


def test_a_rebuild_sweeps_what_killed_workers_left_and_nothing_else(tmp_path: Path) -> None:
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    dead = int(gone.stdout)  # a process that has ended (and been waited for)
    temp = Path(tempfile.gettempdir())
    left = temp / f"seastack-job-{dead}-left"
    (left / "packs").mkdir(parents=True)
    (left / "packs" / "cards.yaml").write_text("cards: []\n")
    mine = temp / f"seastack-job-{os.getpid()}-mine"  # a live process's: not touched
    mine.mkdir()
    outside = tmp_path / "kept"
    outside.mkdir()
    (outside / "a.yaml").write_text("a: 1\n")
    link = temp / f"seastack-job-{dead}-link"
    link.symlink_to(outside)  # never followed, never removed: not a folder of ours
    try:
        rebuild(content_of(*crab()))
        assert not left.exists()
        assert mine.is_dir() and link.is_symlink() and (outside / "a.yaml").is_file()
        # and the rebuild left nothing of its own
        assert sorted(temp.glob(f"seastack-job-{os.getpid()}-*")) == [mine]
    finally:
        shutil.rmtree(left, ignore_errors=True)
        mine.rmdir()
        link.unlink()


class _Encoder:
    """The two engine hooks a record needs: choices as lists, refused when negative."""

    def choice_to_json(self, choice: Any) -> Any:
        if isinstance(choice, int) and choice < 0:
            raise ValueError("no negative choices")
        return [choice]

    def choice_from_json(self, data: Any) -> Any:
        return data[0]


def _record(**fields: Any) -> GameResult:
    base: dict[str, Any] = {"index": 3, "seed": 2**64 - 1, "factions": ("a", "b")}
    return GameResult(**{**base, **fields})


def test_a_record_reads_back_as_the_result_it_was() -> None:
    engine: Any = _Encoder()
    metrics = {"plays": {"shell": 2}, "rounds": [1, 0, 3], "share": 0.25, "none": None}
    result = _record(winners=(1,), reason="rounds", rounds=6, steps=90, metrics=metrics)
    assert jobs.read_result(jobs.result_record(result, engine), engine) == result
    failed = _record(error="KeyError: 'x'", choices=(4, 5))
    back = jobs.read_result(jobs.result_record(failed, engine), engine)
    assert back == failed and back.choices == (4, 5)


@pytest.mark.parametrize(
    ("metrics", "named"),
    [
        ({"cards": {"shell", "dig"}}, "not JSON serializable: set"),
        ({"big": 2**64}, "64-bit"),
        ({"by seat": {1: 2}}, "str"),
    ],
)
def test_measures_that_are_not_strict_json_make_a_failed_game(
    metrics: dict[str, Any], named: str
) -> None:
    engine: Any = _Encoder()
    back = jobs.read_result(jobs.result_record(_record(metrics=metrics), engine), engine)
    assert not back.ok and back.metrics == {}
    assert back.error is not None and "measures are not JSON" in back.error
    assert named in back.error
    assert back.seed == 2**64 - 1 and back.factions == ("a", "b")


def test_a_non_finite_measure_is_written_as_null_and_choices_refused_are_said() -> None:
    engine: Any = _Encoder()
    back = jobs.read_result(
        jobs.result_record(_record(metrics={"x": float("nan")}), engine), engine
    )
    assert back.ok and back.metrics == {"x": None}
    refused = _record(error="ValueError: bad", choices=(-1,))
    back = jobs.read_result(jobs.result_record(refused, engine), engine)
    assert back.error is not None and "its choices are not the engine's JSON" in back.error
    assert back.choices == ()


def test_text_that_is_not_valid_unicode_still_makes_a_record() -> None:
    engine: Any = _Encoder()
    lone = _record(error="OSError: no file '\udcff.yaml'", factions=("a\ud800", "b"))
    back = jobs.read_result(jobs.result_record(lone, engine), engine)
    assert not back.ok and back.error is not None
    assert "the match's record is not JSON" in back.error and "\\udcff.yaml" in back.error
    assert back.factions == ("a\\ud800", "b") and back.seed == 2**64 - 1


def test_a_record_that_is_not_one_is_refused_clearly() -> None:
    engine: Any = _Encoder()
    with pytest.raises(RunnerError, match="a worker sent a result that is not one"):
        jobs.read_result(b'{"index": 1, "seed": NaN}', engine)
    with pytest.raises(RunnerError, match="a worker sent a result that is not one"):
        jobs.read_result(b'{"seed": 1}', engine)
