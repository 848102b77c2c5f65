"""The Problems and Statistics docks share one layout: a heading line over their view."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from editor.ui.board.statistics_panel import StatisticsPanel
from editor.ui.common.headed import HEADING_MARGINS, lay_out_headed
from editor.ui.shell.problems_panel import ProblemsPanel


def test_a_heading_over_a_view_edge_to_edge(qtbot: QtBot) -> None:
    panel = QWidget()
    qtbot.addWidget(panel)
    body = QListWidget(panel)
    heading = lay_out_headed(panel, "Things", "3 things", body)
    layout = panel.layout()
    assert isinstance(layout, QVBoxLayout)
    assert [layout.itemAt(i).widget() for i in range(layout.count())] == [heading, body]
    assert (heading.text(), panel.windowTitle()) == ("3 things", "Things")
    margins = heading.contentsMargins()
    assert (margins.left(), margins.top(), margins.right(), margins.bottom()) == HEADING_MARGINS
    assert layout.contentsMargins().left() == 0 and layout.spacing() == 0


def test_both_docks_use_it(qtbot: QtBot) -> None:
    problems, stats = ProblemsPanel(), StatisticsPanel()
    qtbot.addWidget(problems)
    qtbot.addWidget(stats)
    for panel, heading, body in (
        (problems, problems.summary, problems.list),
        (stats, stats.heading, stats.tree),
    ):
        layout = panel.layout()
        assert isinstance(heading, QLabel)
        assert [layout.itemAt(i).widget() for i in range(layout.count())] == [heading, body]
    assert (problems.windowTitle(), stats.windowTitle()) == ("Problems", "Statistics")
