"""The Statistics panel: a layout's land, levels, islands, coastline and stock at a glance.

The numbers come from :func:`editor.games.snails.layout_stats.layout_stats`; this panel only
words them.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.core.layouts import Layout
from editor.core.workspace import Workspace
from editor.games.snails.checks import GAME_ID
from editor.games.snails.layout_stats import LayoutStats, layout_stats

TITLE = "Statistics"
OVER_COLOUR = "#c0392b"


class Row(NamedTuple):
    """One line of a section: what, how many, whether it is a problem (red), and details."""

    what: str
    value: str
    problem: bool = False
    detail: str = ""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def stats_sections(stats: LayoutStats) -> list[tuple[str, str, list[Row]]]:
    """The panel's content as text: ``(section, summary, rows)`` in display order."""
    names = {row.tile: row.name for row in stats.stock}
    land_rows: list[Row] = []
    if stats.board_spaces:
        land_rows.append(Row("Water", _plural(stats.water_spaces, "space")))
    if stats.off_board:
        land_rows.append(Row("Off the board", ", ".join(stats.off_board), True))
    for level in stats.levels:
        tops = ", ".join(names.get(t, t) for t in level.tiles)
        land_rows.append(Row(f"Level {level.level} ({tops})", _plural(level.spaces, "space")))
    of_board = f" of {stats.board_spaces}" if stats.board_spaces else ""
    land = f"{stats.land_spaces}{of_board} spaces"

    island_rows: list[Row] = [
        Row(f"Island {index}", _plural(len(spaces), "space"), detail=", ".join(spaces))
        for index, spaces in enumerate(stats.islands, start=1)
    ]
    if len(stats.islands) > 1:
        joined = stats.landmasses == 1
        why = "islands a channel apart" if joined else "land cut off"
        detail = "Islands one water space apart count as one landmass: a snail swims across."
        island_rows.append(Row("Landmasses", f"{stats.landmasses} ({why})", not joined, detail))
    islands = _plural(len(stats.islands), "island") if stats.islands else "no land"

    coast_rows: list[Row] = [Row("Facing water", _plural(stats.coast_water, "edge"))]
    if stats.coast_edge:
        coast_rows.append(Row("Facing the board's edge", _plural(stats.coast_edge, "edge")))
    coast = _plural(stats.coastline, "hex edge")

    stock_rows: list[Row] = []
    for use in stats.stock:
        over = f", {use.over} over" if use.over else ""
        detail = "; ".join(f"{p.pack}: {p.used} of {p.available}" for p in use.packs)
        stock_rows.append(
            Row(use.name, f"{use.used} of {use.available} placed{over}", use.over > 0, detail)
        )
        stock_rows.extend(
            Row(f"    from {share.pack}", f"{share.used} of {share.available}")
            for share in use.packs
        )
    used = sum(use.used for use in stats.stock)
    available = sum(use.available for use in stats.stock)
    stock = f"{used} of {available} tiles"
    return [
        ("Land", land, land_rows),
        ("Islands", islands, island_rows),
        ("Coastline", coast, coast_rows),
        ("Stock", stock, stock_rows),
    ]


class StatisticsPanel(QWidget):
    """Shows :func:`stats_sections` of the layout it was last given."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stats: LayoutStats | None = None
        self.heading = QLabel("No layout", self)
        self.heading.setContentsMargins(6, 3, 6, 3)
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(2)
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(True)
        self.tree.setSelectionMode(QTreeWidget.SelectionMode.NoSelection)
        # the numbers always show in full; a long name ("from snails-fire-in-the-shell") is
        # elided first when the dock is narrow
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.heading)
        layout.addWidget(self.tree)
        self.setWindowTitle(TITLE)

    def show_layout(self, workspace: Workspace, layout: Layout) -> None:
        """Compute and show the statistics of ``layout`` (loaded in ``workspace``)."""
        if layout.game != GAME_ID:
            self.stats = None
            self.tree.clear()
            self.heading.setText(f"{layout.name}: no statistics for {layout.game!r} layouts")
            return
        self.show_stats(layout_stats(workspace, layout), layout.name)

    def show_stats(self, stats: LayoutStats, name: str = "") -> None:
        """Show statistics already computed."""
        self.stats = stats
        self.heading.setText(name or "Layout")
        collapsed = {
            self.tree.topLevelItem(i).text(0)
            for i in range(self.tree.topLevelItemCount())
            if not self.tree.topLevelItem(i).isExpanded()
        }
        self.tree.clear()
        bold = QFont(self.font())
        bold.setBold(True)
        red = QColor(OVER_COLOUR)
        for section, summary, rows in stats_sections(stats):
            top = QTreeWidgetItem([section, summary])
            top.setFont(0, bold)
            if any(row.problem for row in rows):
                top.setForeground(1, red)
            for row in rows:
                child = QTreeWidgetItem([row.what, row.value])
                if row.problem:
                    child.setForeground(0, red)
                    child.setForeground(1, red)
                # the name may be elided in a narrow dock: the tooltip always gives it whole
                tip = f"{row.what.strip()}: {row.detail}" if row.detail else row.what.strip()
                child.setToolTip(0, tip)
                child.setToolTip(1, tip)
                top.addChild(child)
            self.tree.addTopLevelItem(top)
            top.setExpanded(section not in collapsed)

    def text(self) -> str:
        """Everything shown, one line per row (for tests and copying)."""
        lines: list[str] = []
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            lines.append(f"{top.text(0)}: {top.text(1)}")
            lines += [
                f"  {top.child(j).text(0).strip()}: {top.child(j).text(1)}"
                for j in range(top.childCount())
            ]
        return "\n".join(lines)
