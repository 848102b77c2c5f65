"""The playtest report: one self-contained HTML file that holds the design (name, packs and
versions), the settings and seed, the warnings and failed games, every chart and every
table, for every game with an engine. Each report is of a real batch, read back with
``html.parser``; the expected figures are counted from the batch's results here, not taken
from the code that wrote them."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.layouts import Layout
from editor.core.workspace import Workspace, load_workspace
from editor.sim.playtest import playtest_warnings
from editor.sim.report.record import BatchRecord
from editor.sim.runner import BatchPlan, GameResult, run_batch
from editor.sim.summary import game_metrics, summarize
from editor.studio.playtest_data import BASELINE, PlaytestBatch
from editor.studio.report import write_report
from tests.conftest import SQUARE_DATA, load_square

GAMES = 8


# --- the HTML read back as a tree -------------------------------------------------------------


@dataclasses.dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = dataclasses.field(default_factory=list)

    def walk(self) -> Iterator[Element]:
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.walk()

    def find_all(self, tag: str, **attrs: str) -> list[Element]:
        return [
            e
            for e in self.walk()
            if e.tag == tag and all(e.attrs.get(k) == v for k, v in attrs.items())
        ]

    def find(self, tag: str, **attrs: str) -> Element:
        found = self.find_all(tag, **attrs)
        assert found, f"no <{tag} {attrs}>"
        return found[0]

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


VOID = {"meta", "br", "img", "link", "input", "hr"}


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(path: Path) -> Element:
    builder = TreeBuilder()
    builder.feed(path.read_text(encoding="utf-8"))
    builder.close()
    return builder.root


def table_rows(element: Element) -> list[list[str]]:
    return [
        [cell.text().strip() for cell in row.children if isinstance(cell, Element)]
        for row in element.find_all("tr")
    ]


# --- real batches -------------------------------------------------------------------------------


@dataclasses.dataclass
class Played:
    ws: Workspace
    layout: Layout
    plan: BatchPlan
    results: list[GameResult]
    record: BatchRecord


def play(
    ws: Workspace, layout: Layout, *, seed: int = 1, games: int = GAMES, **plan: Any
) -> Played:
    game = registry.get(layout.game)
    assert game is not None and game.play is not None
    engine = game.play.engine
    prepared = engine.prepare(ws, layout)
    players = max(game.play.type.min_players, 2)
    bots = list(engine.bots())
    bot = "heuristic" if "heuristic" in bots else bots[0]
    factions = tuple(engine.factions(prepared))
    batch_plan = BatchPlan(
        games=games,
        players=players,
        bots=(bot,) * players,
        seed=seed,
        factions=factions if len(factions) >= players else (),
        **plan,
    )
    metrics = game_metrics(game.id)
    results = run_batch(engine, prepared, batch_plan, measure=metrics.measure if metrics else None)
    summary = summarize(results, batch_plan, metrics, meta={"layout": layout.id})
    warnings = playtest_warnings(
        summary, results, batch_plan, game_id=game.id, prepared=prepared, layout=layout
    )
    record = BatchRecord(ws, layout, batch_plan, summary, tuple(warnings), played_by="a test")
    return Played(ws, layout, batch_plan, results, record)


def bundled_cases() -> list[str]:
    ws = load_workspace()
    cases = []
    for game in registry.games():
        if game.play is None:
            continue
        layouts = sorted(lay.id for lay in ws.layouts.values() if lay.game == game.id)
        if layouts:
            cases.append(f"{game.id}:{layouts[0]}")
    return cases


def check_report(played: Played, out: Path) -> Element:
    """Every section of a report, checked against the batch it reports."""
    write_report(out, played.record)
    html = out.read_text(encoding="utf-8")
    doc = parse(out)
    layout, plan, results = played.layout, played.plan, played.results
    finished = [r for r in results if r.ok]

    # self-contained: nothing to fetch, no script
    for element in doc.walk():
        assert element.tag not in ("script", "link", "img", "iframe", "object")
        for name in ("src", "href", "xlink:href"):
            value = element.attrs.get(name)
            assert value is None or value.startswith("#"), (element.tag, name, value)
    assert "url(http" not in html and "@import" not in html

    # the design: its name, game and every pack in use with the version its manifest says
    assert layout.name in doc.find("title").text() and layout.name in doc.find("h1").text()
    design = doc.find("section", id="design")
    game = registry.get(layout.game)
    assert game is not None and game.name in design.text()
    packs = table_rows(design.find("table", id="packs"))[1:]
    expected = []
    for pack in played.ws.packs_in_use(layout):
        manifest = yaml.safe_load((pack.folder / "pack.yaml").read_text(encoding="utf-8"))
        expected.append([manifest["name"], manifest["id"], str(manifest["version"])])
    assert [row[:3] for row in packs] == expected and expected

    # the settings and the seed
    settings = dict(table_rows(doc.find("section", id="settings")))
    assert settings["seed"] == str(plan.seed)
    assert settings["players"] == str(plan.players)
    assert settings["games"].startswith(f"{plan.games} planned, {len(finished)} finished")

    # the warnings, as the simulator gave them, and each failed game by seed
    warnings = doc.find("section", id="warnings")
    listed = [li.text() for li in warnings.find_all("li")]
    assert listed == list(played.record.warnings)
    failed = [r for r in results if not r.ok]
    if failed:
        rows = table_rows(warnings.find("table", id="failed"))[1:]
        assert [(row[0], row[1]) for row in rows] == [
            (str(r.index + 1), str(r.seed)) for r in failed
        ]
    else:
        assert not warnings.find_all("table", id="failed")

    # every chart, drawn as inline SVG, the win rates written on the bars
    charts = doc.find("section", id="charts")
    figures = {f.attrs["data-chart"]: f for f in charts.find_all("figure")}
    assert {"seats", "length", "endings"} <= set(figures)
    assert ("factions" in figures) == bool(plan.factions)
    for figure in figures.values():
        assert figure.find_all("svg"), figure.attrs
    seats_text = figures["seats"].text()
    for seat in range(plan.players):
        wins = sum(seat in r.winners for r in finished)
        assert f"Seat {seat + 1}" in seats_text
        assert f"{100 * wins / len(finished):.1f}%" in seats_text
    per_round = [
        s["title"] for s in played.record.summary["sections"] if s.get("kind") == "per-round"
    ]
    for title in per_round:
        assert f"round: {title}" in figures

    # every table: the shared ones and one per section of the game's metrics
    tables = {t.attrs["data-table"]: t for t in doc.find("section", id="tables").find_all("div")}
    seat_rows = table_rows(tables["Win rate per seat"].find("table"))[1:]
    for seat, row in enumerate(seat_rows):
        wins = sum(seat in r.winners for r in finished)
        assert row[1].startswith(f"{100 * wins / len(finished):.1f}% ±")
    lengths = {  # every length from the shortest game to the longest, some with no game
        row[0]: row[-1]
        for row in table_rows(tables["Game length in rounds"].find("table"))[2:]
        if row[-1] != "0"
    }
    counted = Counter(r.rounds for r in finished)
    assert lengths == {f"{k} rounds": str(v) for k, v in sorted(counted.items())}
    endings = table_rows(tables["How games ended"].find("table"))[1:]
    reasons = Counter(r.reason for r in finished)
    assert sorted(row[1].split("%")[0] for row in endings) == sorted(
        f"{100 * n / len(finished):.1f}" for n in reasons.values()
    )
    for section in played.record.summary["sections"]:
        assert section["title"] in tables, section["title"]
    return doc


@pytest.mark.parametrize("case", bundled_cases())
def test_a_report_holds_every_section_of_a_real_batch(case: str, tmp_path: Path) -> None:
    layout_id = case.split(":")[1]
    ws = load_workspace()
    played = play(ws, ws.layouts[layout_id])
    check_report(played, tmp_path / "report.html")


def test_a_report_of_the_square_test_game(square_game: registry.Game, tmp_path: Path) -> None:
    ws = load_square(SQUARE_DATA)
    layout = sorted(ws.layouts.values(), key=lambda lay: lay.id)[0]
    played = play(ws, layout)
    check_report(played, tmp_path / "square.html")


def test_failed_games_are_listed_with_their_seeds(tmp_path: Path) -> None:
    ws = load_workspace()
    crab = ws.layouts["crustacean"]
    # a decision budget too small for some games: those fail, the others finish
    played = play(ws, crab, games=6, max_steps=60)
    assert any(not r.ok for r in played.results) and any(r.ok for r in played.results)
    doc = check_report(played, tmp_path / "failed.html")
    warnings = doc.find("section", id="warnings").text()
    assert "games failed" in warnings


def test_a_baseline_shows_beside_the_batch_with_the_changes(tmp_path: Path) -> None:
    ws = load_workspace()
    crab = ws.layouts["crustacean"]
    before = play(ws, crab, seed=2)
    after = play(ws, crab, seed=9)
    baseline = PlaytestBatch(before.record.summary, {}, BASELINE)
    out = write_report(tmp_path / "compared.html", after.record, baseline)
    doc = parse(out)
    changes = [li.text() for li in doc.find("section", id="baseline").find_all("li")]

    def percent(played: Played, seat: int) -> float:
        done = [r for r in played.results if r.ok]
        return 100 * sum(seat in r.winners for r in done) / len(done)

    for seat in range(before.plan.players):
        was, now = percent(before, seat), percent(after, seat)
        line = next(c for c in changes if c.startswith(f"Seat {seat + 1}:"))
        assert f"{was:.0f}% → {now:.0f}%" in line or f"{was:.1f}% → {now:.1f}%" in line
    # the charts draw both batches: the baseline's bars beside this batch's
    seats = doc.find("figure", **{"data-chart": "seats"})
    ids = {e.attrs.get("id", "") for e in seats.walk()}
    assert {"bars-baseline", "bars-this batch"} <= ids
    # the tables carry the baseline's figure and the change beside each rate
    table = doc.find("div", **{"data-table": "Win rate per seat"})
    assert [c.text() for c in table.find("tr").children if isinstance(c, Element)] == [
        "",
        "win rate",
        "baseline",
        "change",
    ]


def test_the_same_batch_gives_the_same_file(tmp_path: Path) -> None:
    # no date and no random ids: a report can be compared with the one sent last week
    ws = load_workspace()
    played = play(ws, ws.layouts["crustacean"], games=4)
    first = write_report(tmp_path / "a.html", played.record).read_text(encoding="utf-8")
    second = write_report(tmp_path / "b.html", played.record).read_text(encoding="utf-8")
    assert first == second
