"""A playtest report as one self-contained HTML file: the design (name, game, board, packs
and their versions), the settings and seed, the warnings and failed games, the changes from a
baseline when one is pinned, every chart (inline SVG) and every table.

The figures are those the Playtest tab shows, from the same Qt-free modules: the charts'
data from :mod:`editor.studio.playtest_data`, the tables from
:func:`editor.studio.playtest_tables.report_tables`, the changes from
:mod:`editor.studio.playtest_changes`. Nothing in the file points outside it (no script,
style sheet, font or image to fetch), so it reads the same when mailed to a co-designer.
Every section has an ``id`` (``design``, ``settings``, ``warnings``, ``baseline``,
``charts``, ``tables``) and every chart a ``figure`` with ``data-chart`` naming it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from editor.core.pack_names import pack_names
from editor.sim.report.record import BatchRecord
from editor.studio.playtest_changes import changes, headline
from editor.studio.playtest_data import (
    CURRENT,
    PlaytestBatch,
    batches_of,
    describe_batch,
    endings_chart,
    factions_chart,
    length_chart,
    round_charts,
    seats_chart,
)
from editor.studio.playtest_tables import TableData, report_tables
from editor.studio.report.charts import (
    bar_chart_svg,
    line_chart_svg,
    stack_chart_svg,
)

#: The report's look: plain paper, figures right-aligned and never wrapped.
STYLE = """
body { font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: #1b1b1b;
       background: #ffffff; max-width: 60em; margin: 2em auto; padding: 0 1em; line-height: 1.4; }
h1 { margin-bottom: 0.2em; }
h2 { border-bottom: 1px solid #cccccc; padding-bottom: 0.2em; margin-top: 1.6em; }
p.lead { font-size: 1.1em; margin-top: 0; }
p.made { color: #666666; font-size: 0.9em; }
table { border-collapse: collapse; margin: 0.4em 0 1em 0; }
th, td { padding: 0.2em 0.7em; border-bottom: 1px solid #e4e4e4; vertical-align: top; }
th { background: #f3f5f7; }
td.figure, th.figure { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.name, th.name { text-align: left; }
td.strong { font-weight: bold; }
ul.warnings li { margin-bottom: 0.3em; }
li.beyond { font-weight: bold; }
figure { margin: 1em 0 2em 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: #555555; font-size: 0.9em; }
p.note { color: #555555; font-style: italic; }
code { font-size: 0.95em; }
"""


def _rows(pairs: Sequence[tuple[str, str]]) -> str:
    return "".join(
        f"<tr><th class='name' scope='row'>{escape(what)}</th><td>{escape(value)}</td></tr>"
        for what, value in pairs
    )


def design_section(record: BatchRecord) -> str:
    """The design: the layout by name and id, its game and board, the packs and versions."""
    layout = record.layout
    facts = [
        ("layout", f"{layout.name} ({layout.id})"),
        ("game", record.game_name),
        ("board", record.board_name),
    ]
    if layout.description:
        facts.append(("description", layout.description))
    packs = "".join(
        f"<tr><td class='name'>{escape(p.name)}</td><td class='name'><code>{escape(p.id)}</code>"
        f"</td><td class='figure'>{escape(p.version)}</td><td class='name'>{escape(p.origin)}"
        "</td></tr>"
        for p in record.packs()
    )
    return (
        "<section id='design'><h2>Design</h2>"
        f"<table>{_rows(facts)}</table>"
        "<h3>Packs</h3><table id='packs'><tr><th class='name'>pack</th><th class='name'>id</th>"
        f"<th class='figure'>version</th><th class='name'>from</th></tr>{packs}</table>"
        "</section>"
    )


def settings_section(record: BatchRecord) -> str:
    """The settings the batch was played with, its seed among them."""
    return (
        "<section id='settings'><h2>Settings</h2>"
        f"<table>{_rows(record.settings())}</table></section>"
    )


def warnings_section(record: BatchRecord) -> str:
    """What a playtester would raise about the batch, then each failed game with its seed."""
    parts = ["<section id='warnings'><h2>Warnings</h2>"]
    if record.warnings:
        items = "".join(f"<li>{escape(w)}</li>" for w in record.warnings)
        parts.append(f"<ul class='warnings'>{items}</ul>")
    else:
        parts.append("<p>No warnings: nothing a playtester would raise stood out.</p>")
    errors = record.summary.get("errors", [])
    if errors:
        rows = "".join(
            f"<tr><td class='figure'>{int(e['index']) + 1}</td><td class='figure'>{e['seed']}"
            f"</td><td class='name'>{escape(' vs '.join(e.get('factions', [])))}</td>"
            f"<td class='name'>{escape(str(e.get('error', '')))}</td></tr>"
            for e in errors
        )
        parts.append(
            "<h3>Failed games</h3><table id='failed'><tr><th class='figure'>game</th>"
            "<th class='figure'>seed</th><th class='name'>factions</th>"
            f"<th class='name'>error</th></tr>{rows}</table>"
        )
    parts.append("</section>")
    return "".join(parts)


def baseline_section(current: PlaytestBatch, baseline: PlaytestBatch | None) -> str:
    """The baseline and the changes from it, as the Playtest tab lists them: every change
    of what all games share, and a game's measure only when it is beyond chance (bold);
    "" without a baseline."""
    if baseline is None:
        return ""
    every = changes(baseline, current)
    listed = headline(every)
    items = "".join(
        f"<li class='{'beyond' if line.excludes_zero else 'within'}'"
        f" title='{escape(line.tooltip, quote=True)}'>{escape(line.text)}</li>"
        for line in listed
    )
    rest = len(every) - len(listed)
    others = (
        f"<p>{rest} more measures of the game's own were compared, none beyond chance; each"
        " change is in its table's <i>change</i> column.</p>"
        if rest
        else ""
    )
    return (
        "<section id='baseline'><h2>Compared with the baseline</h2>"
        f"<p>Baseline: {escape(describe_batch(baseline.summary))}</p>"
        "<p>Bold: beyond chance (the 95% interval of the change excludes zero). Of many"
        " measures compared, about one in twenty crosses by chance alone.</p>"
        f"<ul class='changes'>{items}</ul>{others}</section>"
    )


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _figure(key: str, title: str, svg: str) -> str:
    return (
        f"<figure data-chart='{escape(key, quote=True)}' id='chart-{_slug(key)}'>{svg}"
        f"<figcaption>{escape(title)}</figcaption></figure>"
    )


def charts_section(current: PlaytestBatch, baseline: PlaytestBatch | None) -> str:
    """Every chart the Playtest tab draws: win rates per seat and per faction, game length,
    endings, and each of the game's per-round measures."""
    batches = batches_of(current, baseline)
    figures = []
    seats = seats_chart(batches)
    figures.append(_figure("seats", seats.title, bar_chart_svg(seats)))
    factions = factions_chart(batches)
    if factions is not None:
        svg = bar_chart_svg(factions, horizontal=True)
        figures.append(_figure("factions", factions.title, svg))
    lengths = length_chart(batches)
    figures.append(_figure("length", lengths.title, bar_chart_svg(lengths)))
    endings = endings_chart(batches)
    figures.append(_figure("endings", endings.title, stack_chart_svg(endings)))
    for chart in round_charts(batches):
        note = f" ({chart.note})" if chart.note else ""
        svg = line_chart_svg(chart)
        figures.append(_figure(f"round: {chart.title}", chart.title + note, svg))
    return f"<section id='charts'><h2>Charts</h2>{''.join(figures)}</section>"


def table_html(table: TableData) -> str:
    """One table: names on the left (the id in the tooltip), figures right-aligned on one
    line each, a change beyond chance in bold."""
    head = "".join(
        f"<th class='{'name' if i == 0 else 'figure'}' title='{escape(tip, quote=True)}'>"
        f"{escape(text)}</th>"
        for i, (text, tip) in enumerate(zip(table.headers, table.header_tips, strict=True))
    )
    body = []
    for row in table.rows:
        cells = []
        for cell in row:
            kind = "figure" if cell.numeric else "name"
            strong = " strong" if cell.strong else ""
            tip = f" title='{escape(cell.tooltip, quote=True)}'" if cell.tooltip else ""
            cells.append(f"<td class='{kind}{strong}'{tip}>{escape(cell.text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    note = f"<p class='note'>{escape(table.note)}</p>" if table.note else ""
    return (
        f"<div class='table' data-table='{escape(table.title, quote=True)}'>"
        f"<h3>{escape(table.title)}</h3><table><tr>{head}</tr>{''.join(body)}</table>{note}</div>"
    )


def tables_section(current: PlaytestBatch, baseline: PlaytestBatch | None) -> str:
    """Every figure as a table: what every summary has, then the game's sections."""
    tables = "".join(table_html(t) for t in report_tables(current, baseline))
    return f"<section id='tables'><h2>Tables</h2>{tables}</section>"


def batch_of(record: BatchRecord) -> PlaytestBatch:
    """The record's batch as the Playtest tab's modules take it, with its packs' names."""
    names = pack_names(record.workspace, record.layout)
    return PlaytestBatch(record.summary, names, CURRENT)


def report_document(record: BatchRecord, baseline: PlaytestBatch | None = None) -> str:
    """The whole report as one HTML document."""
    current = batch_of(record)
    title = f"Playtest report: {record.title}"
    body = [
        f"<header><h1>{escape(title)}</h1>",
        f"<p class='lead'>{escape(describe_batch(record.summary, record.title))}</p>",
        f"<p class='made'>{escape(record.made_with())}</p></header>",
        design_section(record),
        settings_section(record),
        warnings_section(record),
        baseline_section(current, baseline),
        charts_section(current, baseline),
        tables_section(current, baseline),
    ]
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<meta name='generator' content='Seastack'><title>{escape(title)}</title>"
        f"<style>{STYLE}</style></head><body>{''.join(body)}</body></html>\n"
    )
