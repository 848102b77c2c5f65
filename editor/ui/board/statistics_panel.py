"""The Statistics panel: a layout's land, levels, islands, coastline and stock at a glance.

The sections come from the statistics hook the layout's game registers
(:attr:`editor.core.registry.Game.statistics`); this panel only shows them.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QHeaderView,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from editor.core import registry
from editor.core.layouts import Layout
from editor.core.registry import StatSection
from editor.core.workspace import Workspace
from editor.ui.common.headed import lay_out_headed

TITLE = "Statistics"
OVER_COLOUR = "#c0392b"


class StatisticsPanel(QWidget):
    """Shows the statistics sections of the layout it was last given."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sections: list[StatSection] = []
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
        self.heading = lay_out_headed(self, TITLE, "No layout", self.tree)

    def show_layout(self, workspace: Workspace, layout: Layout) -> None:
        """Compute and show the statistics of ``layout`` (loaded in ``workspace``)."""
        game = registry.get(layout.game)
        if game is None or game.editor.statistics is None:
            self.sections = []
            self.tree.clear()
            self.heading.setText(f"{layout.name}: no statistics for {layout.game!r} layouts")
            return
        self.show_sections(game.editor.statistics(workspace, layout), layout.name)

    def show_sections(self, sections: Sequence[StatSection], name: str = "") -> None:
        """Show statistics already computed and worded."""
        self.sections = list(sections)
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
        for section in self.sections:
            rows = section.rows
            top = QTreeWidgetItem([section.title, section.summary])
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
            top.setExpanded(section.title not in collapsed)

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
