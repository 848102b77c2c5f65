"""What the playtest view shows, without Qt: real batches' summaries as chart series, tables
and changes from a baseline (editor/studio/playtest_*.py, simulator_report.py). Every
expected figure is computed here from the batches' own GameResults."""

from __future__ import annotations

import pytest

from editor.core import registry
from editor.core.pack_names import pack_names
from editor.core.workspace import open_layout
from editor.games.snails.round_metrics import LOSSES_BY_ROUND, ROUND_METRICS
from editor.sim.runner import BatchPlan, GameResult, run_batch
from editor.sim.stats import mean_ci, wilson
from editor.sim.summary import summarize
from editor.studio.playtest_changes import changes, headline
from editor.studio.playtest_data import (
    BASELINE,
    BIN_WIDTHS,
    CURRENT,
    MOST_BARS,
    PlaytestBatch,
    batches_of,
    endings_chart,
    factions_chart,
    length_bins,
    length_chart,
    rate_interval,
    round_charts,
    seats_chart,
)
from editor.studio.playtest_names import label_name
from editor.studio.playtest_tables import report_tables, table_sections
from editor.studio.simulator_report import report_html, report_text

PLAYERS = 4


class Played:
    """A real batch: its results, summary and the packs' names."""

    def __init__(self, seed: int, games: int = 12) -> None:
        ws, layout = open_layout("layouts/crustacean.layout.yaml")
        assert layout is not None
        game = registry.get(layout.game)
        assert game is not None and game.engine is not None
        engine = game.engine
        prepared = engine.prepare(ws, layout)
        plan = BatchPlan(
            games=games,
            players=PLAYERS,
            bots=("random",) * PLAYERS,
            seed=seed,
            faction_mode="random",
            factions=tuple(engine.factions(prepared)),
        )
        self.results: list[GameResult] = run_batch(
            engine, prepared, plan, measure=ROUND_METRICS.measure
        )
        self.summary = summarize(self.results, plan, ROUND_METRICS)
        self.names = pack_names(ws, layout)
        self.factions_data = [
            entry
            for pack in ws.packs_in_use(layout)
            for doc in ws.documents_of([pack], "factions")
            for entry in doc.data["factions"]
        ]

    def batch(self, label: str = CURRENT) -> PlaytestBatch:
        return PlaytestBatch(self.summary, self.names, label)


@pytest.fixture(scope="module")
def first() -> Played:
    return Played(0)


@pytest.fixture(scope="module")
def second() -> Played:
    return Played(1)


def test_the_packs_name_every_faction_and_card(first: Played) -> None:
    for entry in first.factions_data:
        assert first.names[entry["id"]] == entry["name"]
    cards = next(s for s in first.summary["sections"] if s["title"] == "Cards played")
    named = [row["label"] for row in cards["rows"] if row["label"] in first.names]
    assert named  # pack cards get their names; the engine's own actions keep their words
    assert label_name(first.names, "to water") == "to water"
    assert label_name({}, "last-standing") == "Last standing"


def test_win_rates_per_seat_are_the_games_won_with_their_intervals(first: Played) -> None:
    chart = seats_chart([first.batch()])
    finished = [r for r in first.results if r.ok]
    (bars,) = chart.sets
    for seat, bar in enumerate(bars.bars):
        wins = sum(seat in r.winners for r in finished)
        rate = wilson(wins, len(finished))
        assert bar is not None
        assert bar.value == pytest.approx(100 * rate.rate, abs=1e-3)
        assert (bar.low, bar.high) == pytest.approx((100 * rate.low, 100 * rate.high), abs=1e-3)
    assert chart.reference == pytest.approx(100 / PLAYERS)
    assert chart.categories == tuple(f"Seat {i}" for i in range(1, PLAYERS + 1))


def test_win_rates_per_faction_are_named_and_counted_per_seat_played(first: Played) -> None:
    chart = factions_chart([first.batch()])
    assert chart is not None
    names = {entry["id"]: entry["name"] for entry in first.factions_data}
    assert chart.categories == tuple(names[key] for key in chart.keys)
    for key, bar in zip(chart.keys, chart.sets[0].bars, strict=True):
        seats = [(r, s) for r in first.results for s, f in enumerate(r.factions) if f == key]
        assert bar is not None
        assert bar.value == pytest.approx(
            100 * sum(s in r.winners for r, s in seats) / len(seats), abs=1e-3
        )


def test_a_baseline_stands_beside_the_batch_in_every_chart(first: Played, second: Played) -> None:
    batches = batches_of(second.batch(), first.batch(BASELINE))
    assert [b.label for b in batches] == [BASELINE, CURRENT]
    seats = seats_chart(batches)
    assert [s.label for s in seats.sets] == [BASELINE, CURRENT]
    for played, bars in zip((first, second), seats.sets, strict=True):
        wins = sum(0 in r.winners for r in played.results)
        first_bar = bars.bars[0]
        assert first_bar is not None
        assert first_bar.value == pytest.approx(100 * wins / len(played.results), abs=1e-3)
    lengths = length_chart(batches)
    for played, bars in zip((first, second), lengths.sets, strict=True):
        for rounds, bar in zip(lengths.categories, bars.bars, strict=True):
            share = sum(r.rounds == int(rounds) for r in played.results) / len(played.results)
            assert bar is not None and bar.value == pytest.approx(100 * share, abs=1e-3)
    endings = endings_chart(batches)
    assert endings.bars == (BASELINE, CURRENT)
    for segment in endings.segments:
        for played, value in zip((first, second), segment.values, strict=True):
            share = sum(r.reason == segment.key for r in played.results) / len(played.results)
            assert value == pytest.approx(100 * share, abs=1e-3)


def test_per_round_sections_become_lines_with_their_intervals(first: Played) -> None:
    charts = {c.title: c for c in round_charts([first.batch()])}
    losses = charts[LOSSES_BY_ROUND]
    line = next(ln for ln in losses.lines if ln.label == "snails lost")
    longest = max(r.rounds for r in first.results)
    assert [p.x for p in line.points] == list(range(1, longest + 1))
    for point in line.points:
        so_far = [
            sum(r.metrics["lost_per_round"][: point.x]) for r in first.results
        ]  # a shorter game keeps its final losses
        mean = mean_ci(so_far, floor=0)
        assert point.y == pytest.approx(mean.mean, abs=1e-5)
        assert (point.low, point.high) == pytest.approx((mean.low, mean.high), abs=1e-5)
    assert not line.dashed and not losses.percent
    # tables are what is not drawn as lines
    tables = [t.title for t in table_sections(first.batch(), None)]
    assert LOSSES_BY_ROUND not in tables and "Cards played" in tables


def test_the_cards_table_names_each_card_and_keeps_figures_on_one_line(
    first: Played, second: Played
) -> None:
    alone = next(t for t in table_sections(first.batch(), None) if t.title == "Cards played")
    assert alone.headers[0] == "" and "their win rate" in alone.headers
    for key, row in zip(alone.keys, alone.rows, strict=True):
        name = row[0]
        if key in first.names:
            assert (name.text, name.tooltip) == (first.names[key], key)
        assert not name.numeric and all(cell.numeric for cell in row[1:])
        assert all("\n" not in cell.text for cell in row)
    rate_column = alone.headers.index("their win rate")
    cards = next(s for s in first.summary["sections"] if s["title"] == "Cards played")
    for key, row in zip(alone.keys, alone.rows, strict=True):
        cell = next(r for r in cards["rows"] if r["label"] == key)["cells"]["their win rate"]
        assert row[rate_column].text == rate_interval(cell["rate"])
    compared = next(
        t
        for t in table_sections(second.batch(), first.batch(BASELINE))
        if t.title == "Cards played"
    )
    column = compared.headers.index("their win rate")
    assert compared.headers[column + 1 : column + 3] == (BASELINE, "change")
    before = {
        r["label"]: r["cells"]
        for r in next(s for s in first.summary["sections"] if s["title"] == "Cards played")["rows"]
    }
    after = {
        r["label"]: r["cells"]
        for r in next(s for s in second.summary["sections"] if s["title"] == "Cards played")["rows"]
    }
    checked = 0
    for key, row in zip(compared.keys, compared.rows, strict=True):
        if key in before and before[key]["their win rate"]["rate"]["trials"]:
            was = before[key]["their win rate"]["rate"]
            now = after[key]["their win rate"]["rate"]
            assert row[column + 1].text == rate_interval(was)
            change = 100 * (now["successes"] / now["trials"] - was["successes"] / was["trials"])
            assert row[column + 2].sort == pytest.approx(change, abs=1e-6)
            checked += 1
    assert checked


def test_an_interval_is_a_rate_and_its_half_width_on_one_line() -> None:
    rate = wilson(11, 40)
    half = 100 * (rate.high - rate.low) / 2
    assert rate_interval(rate.to_json()) == f"27.5% ±{half:.1f}"
    assert rate_interval(wilson(0, 0).to_json()) == "–"


def test_the_changes_are_worded_with_names(first: Played, second: Played) -> None:
    lines = changes(first.batch(BASELINE), second.batch())
    faction = next(line for line in lines if line.group == "factions")
    key = faction.difference.key
    assert faction.text.startswith(f"{first.names[key]}: ")
    assert " → " in faction.text and "±" in faction.text
    shown = headline(lines)
    assert all(
        line.group in ("seats", "factions", "game length", "endings") or line.excludes_zero
        for line in shown
    )
    assert {line.group for line in shown} >= {"seats", "factions", "game length", "endings"}


def test_the_report_has_every_table_with_names(first: Played, second: Played) -> None:
    tables = report_tables(second.batch(), first.batch(BASELINE))
    titles = [t.title for t in tables]
    assert titles[:4] == [
        "Win rate per seat",
        "Win rate per faction",
        "Game length in rounds",
        "How games ended",
    ]
    assert set(titles[4:]) == {s["title"] for s in second.summary["sections"]}
    text = report_text(second.batch(), first.batch(BASELINE))
    html = report_html(second.batch(), first.batch(BASELINE))
    for title in titles:
        assert title in text and title in html
    pirates = first.names["pirates"]
    assert pirates in text and "white-space:nowrap" in html
    assert "Changes from the baseline" in text


@pytest.mark.parametrize("span", [(3, 9), (14, 24), (40, 95), (1, 400)])
def test_long_games_are_binned_into_a_readable_histogram(span: tuple[int, int]) -> None:
    low, high = span
    lengths = sorted({*range(low, high + 1, 3), high})
    bins = length_bins(lengths)
    assert len(bins) <= MOST_BARS
    widths = {b - a + 1 for a, b in bins}
    assert len(widths) == 1 and widths <= set(BIN_WIDTHS)
    if high - low + 1 <= MOST_BARS:
        assert widths == {1}
    for length in lengths:
        assert sum(a <= length <= b for a, b in bins) == 1
    # a summary of those games: every game counted once, the shares making the whole
    histogram = {str(n): 1 for n in lengths}
    summary = {
        "rounds": {"histogram": histogram, "n": len(histogram), "mean": 0.0, "ci95": [0, 0]},
        "finished": len(histogram),
    }
    chart = length_chart([PlaytestBatch(summary)])
    assert sum(bar.value for bar in chart.sets[0].bars if bar) == pytest.approx(100.0)
