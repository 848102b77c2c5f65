"""The live simulator: a content edit changes the next batch, invalid designs pause with the
reason, a newer change cancels the batch in flight, failed and crashed games are reported."""

from __future__ import annotations

import json
import multiprocessing
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from editor.core import registry
from editor.core.engine import MatchSpec
from editor.core.resources import layouts_dir
from editor.games.snails.engine import SnailsEngine
from editor.sim.design import Design
from editor.sim.live import LiveSettings, LiveSimulator, Snapshot, failures_text
from editor.sim.replay import choices_json, differences, replay_result
from editor.sim.runner import game_seed

CRAB = layouts_dir() / "crustacean.layout.yaml"


@pytest.fixture
def simulator() -> Iterator[LiveSimulator]:
    """A live simulator with one forked worker (forked: it knows this module's engines)."""
    sim = LiveSimulator(jobs=1, context="fork")
    yield sim
    sim.close()


def design(pack: Path | None = None, texts: dict[Path, str] | None = None) -> Design:
    return Design(CRAB, CRAB.read_text(), (pack,) if pack else (), texts or {})


def attack_deaths(snapshot: Snapshot) -> int:
    assert snapshot.summary is not None
    losses = next(s for s in snapshot.summary["sections"] if s["title"] == "Snails lost")
    row = next(r for r in losses["rows"] if r["label"] == "to attack")
    return int(row["cells"]["total"]["count"])


def test_a_harder_hitting_card_changes_the_next_batch(
    simulator: LiveSimulator, scratch_pack: Path
) -> None:
    cards = scratch_pack / "cards.yaml"
    text = cards.read_text()
    hard = re.sub(r"\{damage: \d+\}", "{damage: 99}", text)
    assert hard != text
    settings = LiveSettings(games=6, seed=3)
    simulator.submit(design(scratch_pack, {cards: text}), settings)
    before = simulator.wait()
    simulator.submit(design(scratch_pack, {cards: hard}), settings)
    after = simulator.wait()
    assert (before.state, after.state) == ("done", "done")
    assert (before.done, after.done) == (6, 6)
    assert after.generation == before.generation + 1
    # same seed, same bots: only the cards differ, and every hit now kills
    assert attack_deaths(after) > attack_deaths(before)
    # the unsaved text was played, not the file on disk
    simulator.submit(design(scratch_pack), settings)
    assert attack_deaths(simulator.wait()) == attack_deaths(before)


def test_the_snapshot_summarizes_and_offers_the_designs_choices(
    simulator: LiveSimulator,
) -> None:
    simulator.submit(design(), LiveSettings(games=4, players=3, seed=1))
    snap = simulator.wait()
    assert snap.state == "done" and snap.done == snap.planned == 4
    assert snap.summary is not None and snap.summary["players"] == 3
    assert [s["seat"] for s in snap.summary["seats"]] == [1, 2, 3]
    assert sum(snap.summary["rounds"]["histogram"].values()) == 4
    assert "pirates" in snap.factions_available and "heuristic" in snap.bots_available
    assert [r.index for r in snap.results] == [0, 1, 2, 3]
    assert snap.results[2].seed == game_seed(1, 2)
    assert snap.first_result is not None and snap.games_per_second > 0


def test_an_invalid_text_pauses_with_the_reason_and_the_first_diagnostics(
    simulator: LiveSimulator, scratch_pack: Path
) -> None:
    cards = scratch_pack / "cards.yaml"
    broken = cards.read_text().replace("copies: 3", "copies: [3", 1)
    simulator.submit(design(scratch_pack, {cards: broken}), LiveSettings(games=4))
    snap = simulator.wait()
    assert snap.state == "paused"
    assert "error" in snap.reason and "fix" in snap.reason
    assert snap.diagnostics and "cards.yaml:" in snap.diagnostics[0]
    assert re.search(r"cards\.yaml:\d+:\d+: error", snap.diagnostics[0])
    assert snap.results == () and snap.summary is None


def test_too_few_factions_for_the_players_pauses_with_the_reason(
    simulator: LiveSimulator,
) -> None:
    simulator.submit(design(), LiveSettings(games=4, players=4, factions=("pirates", "druids")))
    snap = simulator.wait()
    assert snap.state == "paused"
    assert snap.reason == "4 players need 4 different factions; only 2 chosen"


def test_a_change_during_a_batch_cancels_it(simulator: LiveSimulator) -> None:
    seen: list[Snapshot] = []
    lock = threading.Lock()
    started = threading.Event()

    def record(snap: Snapshot) -> None:
        with lock:
            seen.append(snap)
        if snap.done:
            started.set()

    simulator.on_update = record
    first = simulator.submit(design(), LiveSettings(games=5000, seed=1))
    assert started.wait(60)
    second = simulator.submit(design(), LiveSettings(games=3, seed=2))
    final = simulator.wait()
    assert second == first + 1
    assert final.generation == second and final.state == "done"
    assert [r.seed for r in final.results] == [game_seed(2, i) for i in range(3)]
    with lock:
        # the old batch may publish until submit() takes the lock; from the new
        # generation's first snapshot on (published by submit() itself) nothing of it
        mark = next(i for i, s in enumerate(seen) if s.generation == second)
        old = seen[:mark]
        later = seen[mark:]
    assert all(s.generation == first for s in old)
    assert all(s.generation == second for s in later)
    assert old and max(s.done for s in old) < 5000


def test_pause_holds_changes_and_resume_plays_the_latest(simulator: LiveSimulator) -> None:
    simulator.pause()
    assert simulator.snapshot().state == "paused"
    generation = simulator.submit(design(), LiveSettings(games=2, seed=5))
    snap = simulator.snapshot()
    assert snap.state == "paused" and snap.generation == generation and snap.done == 0
    simulator.resume()
    snap = simulator.wait()
    assert snap.state == "done" and snap.done == 2
    assert snap.results[0].seed == game_seed(5, 0)


def test_a_failed_game_is_reported_with_its_seed_and_choices(
    simulator: LiveSimulator, flaky_snails: Any
) -> None:
    flaky = flaky_snails()
    simulator.submit(design(), LiveSettings(games=9, seed=0))
    snap = simulator.wait()
    assert snap.state == "done" and snap.done == 9
    failed = snap.failures
    failing = [i for i in range(9) if flaky.fails(game_seed(0, i))]
    assert [r.index for r in failed] == failing and failing
    for result in failed:
        assert result.seed == game_seed(0, result.index)
        assert result.error is not None and result.error.startswith("RuntimeError: flaky engine")
        assert len(result.choices) == flaky.fail_at
    assert any("failed" in w for w in snap.warnings)
    assert snap.summary is not None and len(snap.summary["errors"]) == len(failed)
    text = failures_text(snap.results)
    assert f"seed {failed[0].seed}" in text and repr(list(failed[0].choices)) in text
    assert snap.ready is not None
    line = snap.failures_text().splitlines()[2]  # the choices as the engine's JSON, one line
    assert json.loads(line.removeprefix("  choices: ")) == choices_json(
        snap.ready.engine, failed[0].choices
    )


def test_a_game_that_kills_its_worker_is_a_failed_game_not_the_callers_end(
    simulator: LiveSimulator, flaky_snails: Any
) -> None:
    flaky = flaky_snails(crash=True)  # its flaky games end their worker's process
    simulator.submit(design(), LiveSettings(games=6, seed=0))
    snap = simulator.wait()
    assert snap.state == "done" and snap.done == 6
    failing = [i for i in range(6) if flaky.fails(game_seed(0, i))]
    assert [r.index for r in snap.failures] == failing and failing
    for result in snap.failures:
        # played again on a fresh worker each time it killed one, then given up on
        assert result.error is not None
        assert result.error.startswith("WorkerLost: the worker playing it was lost 3 times")
    assert all(r.ok for r in snap.results if r.index not in failing)


def test_closing_leaves_no_worker_process(alive: Any) -> None:
    import multiprocessing

    sim = LiveSimulator(jobs=2)
    seen: list[int] = []
    running = threading.Event()

    def record(snap: Snapshot) -> None:
        if snap.done and not running.is_set():
            seen.extend(p.pid for p in multiprocessing.active_children() if p.pid)
            running.set()

    sim.on_update = record
    sim.submit(design(), LiveSettings(games=5000))
    assert running.wait(60)
    sim.close()
    assert sim.snapshot().done < 5000
    assert multiprocessing.active_children() == []
    assert seen and not [pid for pid in seen if alive(pid)]


def test_resume_leaves_the_paused_batch_no_moment_to_publish(
    simulator: LiveSimulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    simulator.submit(design(), LiveSettings(games=2, seed=1))
    simulator.wait()
    paused = simulator._job
    assert paused is not None
    simulator.pause()
    published: list[bool] = []

    def submit(design: Design, settings: LiveSettings) -> int:
        # what the paused batch's thread may do at any moment: publish its end
        published.append(simulator._publish(paused, Snapshot(paused.generation, "cancelled")))
        return LiveSimulator.submit(simulator, design, settings)

    monkeypatch.setattr(simulator, "submit", submit)
    simulator.resume()
    assert True not in published
    assert simulator.generation == paused.generation + 1
    assert simulator.wait().state == "done"


def test_every_game_of_a_batch_replays_to_the_same_event_log(simulator: LiveSimulator) -> None:
    simulator.submit(design(), LiveSettings(games=3, players=2, seed=5))
    snap = simulator.wait()
    assert snap.state == "done" and snap.ready is not None and snap.plan is not None
    for result in snap.results:
        # the digest of the game's log is what lets the replay prove the same end
        assert result.digest
        played = replay_result(snap.ready.engine, snap.ready.prepared, snap.plan, result)
        assert played.digest == result.digest
        assert differences(played, result) == []


class HangingEngine(SnailsEngine):
    """Snails whose matches never start in a worker process (the caller's checks pass)."""

    def new_match(self, prepared: Any, spec: MatchSpec) -> Any:
        if multiprocessing.parent_process() is not None:
            time.sleep(3600)
        return super().new_match(prepared, spec)


def test_closing_on_a_stuck_batch_ends_its_workers_and_no_other_process(
    monkeypatch: pytest.MonkeyPatch, alive: Any
) -> None:
    game = registry.get("snails")
    assert game is not None
    monkeypatch.setitem(registry._GAMES, "snails", game.with_play(engine=HangingEngine()))
    bystander = multiprocessing.get_context("fork").Process(target=time.sleep, args=(60,))
    bystander.start()
    try:
        running = threading.Event()
        sim = LiveSimulator(jobs=2, context="fork")
        sim.on_update = lambda snap: running.set() if snap.state == "running" else None
        sim.submit(design(), LiveSettings(games=4))
        assert running.wait(60)
        workers: list[int | None] = []
        for _ in range(1200):  # the pool starts its workers as tasks arrive
            workers = [p.pid for p in multiprocessing.active_children() if p is not bystander]
            if len(workers) == 2:
                break
            time.sleep(0.05)
        assert len(workers) == 2
        sim.close(timeout=0.5)
        # the batch's own workers are ended; a process that is not the simulator's lives on
        assert not [pid for pid in workers if pid is not None and alive(pid)]
        assert bystander.is_alive()
    finally:
        bystander.terminate()
        bystander.join()
