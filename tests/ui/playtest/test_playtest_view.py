"""The Playtest tab on the real window: a real batch's figures in the charts' own series,
a pinned baseline beside the next batch with the changes worded, updates in place while a
batch streams in, the palette followed, and tables of names with sortable figures.

Every expected figure is computed here from the batch's GameResults (the snapshot's
``results``), never typed in.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QTabBar
from pytestqt.qtbot import QtBot

from editor.games.snails.round_metrics import LOSSES_BY_ROUND
from editor.sim.live import Snapshot
from editor.sim.runner import GameResult
from editor.sim.stats import mean_ci, wilson
from editor.studio.playtest_data import BASELINE, CURRENT
from editor.ui.playtest.playtest_view import REFRESH_MS

#: Generous bounds on waiting for background work (not speed requirements).
WAIT_MS = 60_000


def play_in_the_tab(qtbot: QtBot, window: Any, games: int) -> Snapshot:
    """Show the Playtest tab (the dock stays hidden: the tab alone makes it play) and wait
    for the batch and for the tab to draw it."""
    window.simulator.form.games.setValue(games)
    window.tabs.setCurrentWidget(window.playtest)
    return wait_drawn(qtbot, window, 0)


def wait_drawn(qtbot: QtBot, window: Any, after: int) -> Snapshot:
    def done() -> bool:
        snap: Snapshot = window.simulator.snapshot()
        return snap.generation > after and snap.state == "done"

    qtbot.waitUntil(done, timeout=WAIT_MS)
    snap: Snapshot = window.simulator.snapshot()
    view = window.playtest
    qtbot.waitUntil(
        lambda: view.current is not None and view.current.summary is snap.summary,
        timeout=WAIT_MS,
    )
    return snap


def seat_rates(results: tuple[GameResult, ...], players: int) -> list[wilson.__class__]:
    finished = [r for r in results if r.ok]
    return [wilson(sum(s in r.winners for r in finished), len(finished)) for s in range(players)]


def faction_rate(results: tuple[GameResult, ...], faction: str) -> float:
    seats = [(r, s) for r in results for s, f in enumerate(r.factions) if f == faction]
    return sum(s in r.winners for r, s in seats) / len(seats)


def test_the_playtest_tab_stands_beside_board_and_replay_and_never_closes(
    open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    tabs = window.tabs
    assert [tabs.tabText(i) for i in range(3)] == ["Board", "Replay", "Playtest"]
    assert tabs.widget(2) is window.playtest
    bar = tabs.tabBar()
    sides = (QTabBar.ButtonPosition.LeftSide, QTabBar.ButtonPosition.RightSide)
    assert all(bar.tabButton(2, side) is None for side in sides)
    window.simulator.charts_button.click()
    assert tabs.currentWidget() is window.playtest


def test_a_batchs_numbers_are_in_the_charts_series(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    assert not window.simulator_dock.isVisible()  # the Playtest tab alone plays
    snap = play_in_the_tab(qtbot, window, 8)
    view = window.playtest
    players = snap.summary["players"]  # type: ignore[index]
    rates = seat_rates(snap.results, players)
    assert view.seats.values(CURRENT) == pytest.approx([100 * r.rate for r in rates], abs=1e-3)
    whiskers = [bound for pair in view.seats.whiskers(CURRENT) if pair for bound in pair]
    assert whiskers == pytest.approx(
        [bound for r in rates for bound in (100 * r.low, 100 * r.high)], abs=1e-3
    )
    assert view.seats.reference() == pytest.approx(100 / players)
    # factions by name (the packs' names), each its wins over the seats it played
    ws, layout = snap.ready.loaded.workspace, snap.ready.layout  # type: ignore[union-attr]
    names = {
        entry["id"]: entry["name"]
        for pack in ws.packs_in_use(layout)
        for doc in ws.documents_of([pack], "factions")
        for entry in doc.data["factions"]
    }
    played = sorted({f for r in snap.results for f in r.factions})
    assert view.factions.categories() == [names[f] for f in played]
    assert view.factions.values(CURRENT) == pytest.approx(
        [100 * faction_rate(snap.results, f) for f in played], abs=1e-3
    )
    # the histogram of game lengths, and how the games ended
    lengths = [int(c) for c in view.lengths.categories()]
    assert lengths == list(range(min(r.rounds for r in snap.results), lengths[-1] + 1))
    shares = [100 * sum(r.rounds == n for r in snap.results) / len(snap.results) for n in lengths]
    assert view.lengths.values(CURRENT) == pytest.approx(shares, abs=1e-3)
    reasons = {r.reason for r in snap.results}
    endings = view.endings.shares(CURRENT)
    assert set(endings) == reasons
    for reason in reasons:
        share = 100 * sum(r.reason == reason for r in snap.results) / len(snap.results)
        assert endings[reason] == pytest.approx(share, abs=1e-3)
    # the game's per-round section as lines, with the interval as a band
    chart = view.round_charts[LOSSES_BY_ROUND]
    points = chart.points("snails lost", CURRENT)
    band = chart.band("snails lost", CURRENT)
    for (x, y), (_, low, high) in zip(points, band, strict=True):
        so_far = mean_ci(
            [sum(r.metrics["lost_per_round"][: int(x)]) for r in snap.results], floor=0
        )
        assert y == pytest.approx(so_far.mean, abs=1e-4)
        assert (low, high) == pytest.approx((so_far.low, so_far.high), abs=1e-4)
    assert [x for x, _ in points] == list(range(1, max(r.rounds for r in snap.results) + 1))


def test_the_cards_table_shows_names_and_sorts_by_the_figures(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    snap = play_in_the_tab(qtbot, window, 6)
    table = window.playtest.tables["Cards played"]
    headers = table.headers()
    assert headers[:2] == ["", "plays"] and "their win rate" in headers
    plays: dict[str, int] = {}
    for result in snap.results:
        for card, count in result.metrics["plays"].items():
            plays[card] = plays.get(card, 0) + count
    names = window.playtest.current.names
    named = [card for card in plays if card in names]
    assert named
    for card in named:
        item = table.cell(card, "")
        assert (item.text(), item.toolTip()) == (names[card], card)
        assert table.cell(card, "plays").text() == str(plays[card])
        figure = table.cell(card, "their win rate")
        assert figure.textAlignment() & Qt.AlignmentFlag.AlignRight
        assert "% ±" in figure.text() and "\n" not in figure.text()
    assert not table.view.wordWrap()
    # sorted by plays, most first, by the numbers (not by the text: "99" after "100")
    table.view.sortByColumn(headers.index("plays"), Qt.SortOrder.DescendingOrder)
    shown = [int(row[1]) for row in table.texts()]
    assert shown == sorted(plays.values(), reverse=True)


def test_a_pinned_baseline_stands_beside_the_next_batch_with_the_changes(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    view = window.playtest
    before = play_in_the_tab(qtbot, window, 10)
    view.pin_button.click()
    assert view.baseline is not None and view.baseline_label.isVisible()
    window.simulator.again_button.click()  # the next batch seed: other games
    after = wait_drawn(qtbot, window, before.generation)
    players = after.summary["players"]  # type: ignore[index]
    for label, snap in ((BASELINE, before), (CURRENT, after)):
        rates = seat_rates(snap.results, players)
        assert view.seats.values(label) == pytest.approx([100 * r.rate for r in rates], abs=1e-3)
    assert view.seats.bar_colour(BASELINE) != view.seats.bar_colour(CURRENT)
    chart = view.round_charts[LOSSES_BY_ROUND]
    assert ("snails lost", BASELINE) in chart.lines()
    assert chart.is_dashed("snails lost", BASELINE) and not chart.is_dashed("snails lost", CURRENT)
    # the changes, worded: "Pirates: 43% → 31%, −12 ±5", each with its verdict
    lines = view.change_lines()
    shown = [view.changes.item(i).text() for i in range(view.changes.count())]
    assert shown[1:] == [line.text for line in lines]
    names = view.current.names
    both = sorted(
        {f for r in before.results for f in r.factions}
        & {f for r in after.results for f in r.factions}
    )
    assert both
    for faction in both:
        was, now = faction_rate(before.results, faction), faction_rate(after.results, faction)
        line = next(ln for ln in lines if ln.group == "factions" and ln.difference.key == faction)
        assert line.text.startswith(f"{names[faction]}: {100 * was:.0f}% → {100 * now:.0f}%, ")
        change = round(100 * (now - was))
        assert f"{'+' if change > 0 else '−' if change < 0 else ''}{abs(change)} ±" in line.text
        item = view.changes.item(shown.index(line.text))
        assert item.font().bold() == line.difference.excludes_zero
    cards = view.tables["Cards played"]
    assert "baseline" in cards.headers() and "change" in cards.headers()
    view.clear_button.click()
    assert view.baseline is None and not view.changes.isVisible()
    assert [s.label() for s in view.seats._sets] == [CURRENT]


def test_a_streaming_batch_updates_the_series_in_place_a_few_times_a_second(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    import time

    window = open_window(crab_file)
    view = window.playtest
    window.simulator.form.games.setValue(3000)
    window.tabs.setCurrentWidget(window.playtest)
    qtbot.waitUntil(lambda: view.current is not None, timeout=WAIT_MS)
    start, redraws = time.monotonic(), view.redraws
    sets = list(view.seats._sets)
    first = view.current.summary["finished"]
    qtbot.waitUntil(
        lambda: view.current is not None and view.current.summary["finished"] > first + 20,
        timeout=WAIT_MS,
    )
    elapsed_ms = 1000 * (time.monotonic() - start)
    drawn = view.redraws - redraws
    assert drawn >= 1
    # throttled: never more than one redraw per REFRESH_MS (plus the one in flight)
    assert drawn <= elapsed_ms / REFRESH_MS + 2
    assert view.seats._sets == sets  # the same bar sets, their values replaced


def test_the_charts_follow_a_dark_palette(qtbot: QtBot, open_window: Any, crab_file: Path) -> None:
    window = open_window(crab_file)
    play_in_the_tab(qtbot, window, 4)
    view = window.playtest
    light = view.seats.bar_colour(CURRENT)
    dark = QPalette(view.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#1e1f22"))
    dark.setColor(QPalette.ColorRole.Text, QColor("#e6e6e6"))
    dark.setColor(QPalette.ColorRole.Window, QColor("#2b2d31"))
    dark.setColor(QPalette.ColorRole.WindowText, QColor("#e6e6e6"))
    view.setPalette(dark)
    chart = view.seats.chart()
    qtbot.waitUntil(lambda: chart.backgroundBrush().color() == QColor("#1e1f22"))
    assert chart.titleBrush().color() == QColor("#e6e6e6")
    assert view.seats.colours.dark and view.seats.bar_colour(CURRENT) != light
    assert view.tables["Cards played"].isVisible()


def test_results_are_drawn_when_the_tab_is_shown_not_while_hidden(
    qtbot: QtBot, open_window: Any, crab_file: Path
) -> None:
    window = open_window(crab_file)
    view = window.playtest
    window.simulator.form.games.setValue(4)
    window.simulator_dock.show()  # the dock plays; the Playtest tab is not in sight
    qtbot.waitUntil(lambda: window.simulator.snapshot().state == "done", timeout=WAIT_MS)
    qtbot.wait(2 * REFRESH_MS)
    assert view.current is None and view.seats.data is None
    window.tabs.setCurrentWidget(view)
    snap = window.simulator.snapshot()
    assert view.current is not None and view.current.summary is snap.summary
    players = snap.summary["players"]  # type: ignore[index]
    rates = seat_rates(snap.results, players)
    assert view.seats.values(CURRENT) == pytest.approx([100 * r.rate for r in rates], abs=1e-3)
