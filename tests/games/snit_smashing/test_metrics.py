"""The Snit Smashing measures: one match's log read exactly, the figures of real matches
adding up, and the sections the simulator shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from editor.core import registry
from editor.core.engine import MatchSpec, Outcome
from editor.games.snit_smashing.engine import ENGINE, Prepared
from editor.games.snit_smashing.metrics import METRICS
from editor.sim.runner import BatchPlan, GameResult, run_batch
from editor.sim.summary import format_summary, summarize

#: A short made-up log of two players: one run to the Snandergrab of two bounds, one run to
#: the sea; red's Snits are 0 and 1, blue's 2 and 3.
LOG: list[tuple[Any, ...]] = [
    ("primus-roll", 0, 7),
    ("primus-roll", 1, 9),
    ("run", 1, "to-snandergrab"),
    ("bound", 1, 1, 1),
    ("ordered", 1),
    ("ordered", 0),
    ("move", 1, 2, 5, 20),
    ("move", 0, 0, 0, 21),
    ("move", 1, 3, 5, 22),
    ("move", 0, 1, 0, 23),
    ("reveal", 1, ("smash", 21, 22, 28)),
    ("reveal", 0, ("garbled",)),
    ("killed", 1, 0, 21, True),
    ("killed", 1, 3, 22, False),
    ("bound", 1, 2, 0),
    ("move", 0, 1, 23, 40),
    ("move", 1, 2, 20, 41),
    ("reveal", 0, ("smash", 41, 42, 48)),
    ("killed", 0, 2, 41, True),
    ("safe", 1, 40),
    ("run-over", 1, 2),
    ("survivors", 1, (3, 0)),
    ("run", 2, "to-sea"),
    ("bound", 2, 1, 1),
    ("safe", 1, 3),
    ("safe", 5, 3),
    ("run-over", 2, 1),
    ("survivors", 2, (2, 0)),
    ("game-over", "runs"),
]
OUTCOME = Outcome(
    winners=(0,),
    reason="runs",
    rounds=3,
    details={
        "snit_victory": (0,),
        "bolotomus_victory": (0, 1),
        "grand_slam": (0,),
        "living": (2, 0),
        "trophies": (1, 1),
        "own_smashed": (0, 1),
        "clans": ("red", "blue"),
    },
)


def test_a_log_is_read_exactly() -> None:
    got = METRICS.measure(LOG, OUTCOME, MatchSpec(players=2))
    assert got["clans"] == ["red", "blue"]
    assert got["snit_victory"] == [0] and got["bolotomus_victory"] == [0, 1]
    assert got["grand_slam"] == [0]
    assert got["living"] == [2, 0] and got["trophies"] == [1, 1] and got["own_smashed"] == [0, 1]
    assert got["runs"] == [
        {"bounds": 2, "safe": 1, "smashed": 3, "own_smashed": 1, "living": [3, 0]},
        {"bounds": 1, "safe": 2, "smashed": 0, "own_smashed": 0, "living": [2, 0]},
    ]
    # the first bound: two Snits each ran; red lost one, blue one (its own Bolotomus's)
    assert got["first_bound"] == {"started": [2, 2], "lost": [1, 1]}
    assert got["smashed_at"] == {"21": 1, "22": 1, "41": 1}
    assert got["safe_at_snandergrab"] == {"40": 1} and got["safe_in_sea"] == {"3": 2}


@pytest.fixture(scope="module")
def played(prepared: Prepared) -> list[GameResult]:
    """Seeded 4-player matches, random and heuristic, measured as the simulator does."""
    results: list[GameResult] = []
    for bot, games in (("random", 12), ("heuristic", 4)):
        plan = BatchPlan(games=games, players=4, bots=(bot,) * 4, seed=5)
        results += run_batch(ENGINE, prepared, plan, measure=METRICS.measure)
    return results


def test_the_figures_of_real_matches_add_up(played: list[GameResult], prepared: Prepared) -> None:
    for result in played:
        assert result.ok, result.error
        m = result.metrics
        runs = m["runs"]
        assert len(runs) == prepared.rules.runs
        assert sum(r["smashed"] for r in runs) == sum(m["trophies"]) + sum(m["own_smashed"])
        assert sum(r["own_smashed"] for r in runs) == sum(m["own_smashed"])
        assert sum(r["bounds"] for r in runs) == result.rounds
        assert runs[-1]["living"] == m["living"]  # the last run's survivors are the living
        assert runs[-1]["safe"] == sum(m["living"])  # ... every one of them reached the sea
        assert sum(m["smashed_at"].values()) == sum(r["smashed"] for r in runs)
        assert sum(m["safe_at_snandergrab"].values()) == sum(r["safe"] for r in runs[0::2])
        assert sum(m["safe_in_sea"].values()) == sum(r["safe"] for r in runs[1::2])
        started = m["first_bound"]["started"]
        assert started == [prepared.rules.active_at_start] * 4
        assert all(
            0 <= lost <= s for lost, s in zip(m["first_bound"]["lost"], started, strict=True)
        )
        assert set(m["grand_slam"]) == set(m["snit_victory"]) & set(m["bolotomus_victory"])
        assert set(result.winners) == set(m["snit_victory"]) | set(m["bolotomus_victory"])


def _section(summary: Mapping[str, Any], title: str) -> dict[str, Any]:
    return next(s for s in summary["sections"] if s["title"] == title)


def _rate(cell: Mapping[str, Any]) -> tuple[int, int]:
    return cell["rate"]["successes"], cell["rate"]["trials"]


def test_the_simulator_summarizes_them(played: list[GameResult]) -> None:
    results = played[:12]  # the random batch
    plan = BatchPlan(games=12, players=4, bots=("random",) * 4, seed=5)
    metrics = registry.playable("snit-smashing").metrics  # type: ignore[union-attr]
    assert metrics is METRICS
    summary = summarize(results, plan, METRICS)
    records = [r.metrics for r in results]
    victories = _section(summary, "Victories per seat")
    assert [row["label"] for row in victories["rows"]] == [
        "seat 1 (red)",
        "seat 2 (blue)",
        "seat 3 (green)",
        "seat 4 (yellow)",
    ]
    for seat, row in enumerate(victories["rows"]):
        for column, key in (
            ("Snit victory", "snit_victory"),
            ("Bolotomus victory", "bolotomus_victory"),
            ("Grand Slam", "grand_slam"),
        ):
            assert _rate(row["cells"][column]) == (sum(seat in m[key] for m in records), 12)
        low, high = row["cells"]["Snit victory"]["rate"]["ci95"]
        assert 0 <= low <= row["cells"]["Snit victory"]["rate"]["rate"] <= high <= 1
    ties = {
        row["label"]: _rate(row["cells"]["games"])
        for row in _section(summary, "Grand Slams and ties")["rows"]
    }
    assert ties["a Grand Slam"] == (sum(bool(m["grand_slam"]) for m in records), 12)
    counts = _section(summary, "Snits per game at the end")
    everyone = next(row for row in counts["rows"] if row["label"] == "all seats")
    own = everyone["cells"]["own Snits smashed"]["mean"]
    assert own["mean"] == pytest.approx(sum(sum(m["own_smashed"]) for m in records) / 12)
    runs = _section(summary, "Snits run by run")
    assert [row["label"] for row in runs["rows"]] == [
        "run 1 (to the Snandergrab)",
        "run 2 (to the sea)",
        "run 3 (to the Snandergrab)",
        "run 4 (to the sea)",
    ]
    surviving = runs["rows"][0]["cells"]["surviving per clan"]["mean"]
    assert surviving["n"] == 48  # one value per clan and game
    assert surviving["mean"] == pytest.approx(
        sum(sum(m["runs"][0]["living"]) for m in records) / 48
    )
    text = format_summary(summary)
    for title in ("Victories per seat", "Grand Slams and ties", "Snits run by run"):
        assert title in text


def test_no_finished_match_no_section() -> None:
    assert METRICS.summarize([]) == []


def _records(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    return [r.to_json() for r in results]


def test_the_records_travel_as_json(played: list[GameResult]) -> None:
    import json

    for record in _records(played):
        assert json.loads(json.dumps(record)) == record
