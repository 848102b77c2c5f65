"""A batch's figures as one document to paste elsewhere (HTML, and plain text for a
terminal or a mail): every table of :func:`editor.studio.playtest_tables.report_tables`,
and the changes from the baseline when one is pinned.

Names, not ids, lead each row (the id is kept in the HTML's tooltip); figures are
right-aligned and never wrap (``27.5% ±6.3`` stays on one line).
"""

from __future__ import annotations

from html import escape

from editor.studio.playtest_changes import changes
from editor.studio.playtest_data import PlaytestBatch, describe_batch
from editor.studio.playtest_tables import TableData, report_tables

#: Room between two columns of the text tables.
GAP = 2


def _heading(current: PlaytestBatch | None, baseline: PlaytestBatch | None) -> list[str]:
    lines = []
    if current is not None:
        lines.append(f"This batch: {describe_batch(current.summary)}")
    if baseline is not None:
        lines.append(f"Baseline: {describe_batch(baseline.summary)}")
    return lines


def _change_lines(current: PlaytestBatch | None, baseline: PlaytestBatch | None) -> list[str]:
    if current is None or baseline is None:
        return []
    return [
        f"{line.text}{' *' if line.excludes_zero else ''}" for line in changes(baseline, current)
    ]


def table_html(table: TableData) -> str:
    """One table: a heading, the header row, figures right-aligned on one line each."""
    head = "".join(
        f"<th align='{'left' if i == 0 else 'right'}' title='{escape(tip, quote=True)}'>"
        f"{escape(text)}</th>"
        for i, (text, tip) in enumerate(zip(table.headers, table.header_tips, strict=True))
    )
    body = []
    for row in table.rows:
        cells = []
        for cell in row:
            align = "right" if cell.numeric else "left"
            tip = f" title='{escape(cell.tooltip, quote=True)}'" if cell.tooltip else ""
            text = f"<b>{escape(cell.text)}</b>" if cell.strong else escape(cell.text)
            cells.append(f"<td align='{align}' style='white-space:nowrap'{tip}>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    note = f"<p><i>{escape(table.note)}</i></p>" if table.note else ""
    return (
        f"<h4>{escape(table.title)}</h4><table cellspacing='0' cellpadding='3'>"
        f"<tr>{head}</tr>{''.join(body)}</table>{note}"
    )


def table_text(table: TableData) -> list[str]:
    """One table as lines of text: names left-aligned, figures right-aligned."""
    grid = [list(table.headers)] + [[cell.text for cell in row] for row in table.rows]
    widths = [max(len(line[c]) for line in grid) for c in range(len(table.headers))]
    lines = [table.title]
    for line in grid:
        cells = [
            text.ljust(width) if c == 0 else text.rjust(width)
            for c, (text, width) in enumerate(zip(line, widths, strict=True))
        ]
        lines.append("  " + (" " * GAP).join(cells).rstrip())
    if table.note:
        lines.append(f"  ({table.note})")
    return lines


def report_html(current: PlaytestBatch | None, baseline: PlaytestBatch | None = None) -> str:
    """Every figure of the batch (and the baseline's, with the changes) as HTML."""
    parts = [f"<p>{escape(line)}</p>" for line in _heading(current, baseline)]
    found = _change_lines(current, baseline)
    if found:
        items = "".join(f"<li>{escape(line)}</li>" for line in found)
        parts.append(
            "<h4>Changes from the baseline (* beyond chance: the 95% interval excludes zero)"
            f"</h4><ul>{items}</ul>"
        )
    parts += [table_html(table) for table in report_tables(current, baseline)]
    return "".join(parts)


def report_text(current: PlaytestBatch | None, baseline: PlaytestBatch | None = None) -> str:
    """Every figure of the batch (and the baseline's, with the changes) as plain text."""
    lines = _heading(current, baseline)
    found = _change_lines(current, baseline)
    if found:
        lines += ["", "Changes from the baseline (* beyond chance)"]
        lines += [f"  {line}" for line in found]
    for table in report_tables(current, baseline):
        lines.append("")
        lines += table_text(table)
    return "\n".join(lines)
