"""The Statistics panel words the layout statistics of the core."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from editor.core.workspace import load_workspace
from editor.ui.board.statistics_panel import StatisticsPanel


def _panel(qtbot: QtBot) -> StatisticsPanel:
    widget = StatisticsPanel()
    qtbot.addWidget(widget)
    widget.resize(360, 520)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_the_robot_in_numbers(qtbot: QtBot) -> None:
    ws = load_workspace()
    panel = _panel(qtbot)
    panel.show_layout(ws, ws.layouts["robot"])
    text = panel.text()
    assert panel.heading.text() == "Robot"
    for line in (
        "Land: 26 of 120 spaces",
        "  Water: 94 spaces",
        "  Level 1 (Beach): 12 spaces",
        "  Level 3 (Mountain): 8 spaces",
        "Islands: 4 islands",
        "  Island 1: 17 spaces",
        "  Landmasses: 1 (islands a channel apart)",
        "Coastline: 92 hex edges",
        "Stock: 48 of 48 tiles",
        "  Beach: 26 of 26 placed",
        "  from snails-base: 20 of 20",
        "  from snails-fire-in-the-shell: 6 of 6",
    ):
        assert line in text.splitlines(), line


def test_the_panel_follows_edits(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "mine.layout.yaml"
    head = "id: mine\nname: Mine\ngame: snails\nboard: snails-expert\npacks: [snails-base]\n"
    first = head + "spaces:\n  A1: [beach]\n"
    # seven mountains where the base game has six, and J9 far from the rest
    mountains = "".join(f"  {c}{r}: [beach, meadow, mountain]\n" for c in "CD" for r in (3, 4, 5))
    second = head + "spaces:\n" + mountains + "  E3: [beach, meadow, mountain]\n  J9: [beach]\n"
    panel = _panel(qtbot)
    for text in (first, second):
        path.write_text(text)
        ws = load_workspace([path], texts={path: text})
        layout = ws.layout_at(str(path))
        assert layout is not None
        panel.show_layout(ws, layout)
        if text is first:
            # A1 is a corner of the board: 3 of its sides face off the board, 3 face water
            assert "Coastline: 6 hex edges" in panel.text()
            assert "  Facing the board's edge: 3 edges" in panel.text()
    lines = panel.text().splitlines()
    assert "  Mountain: 7 of 6 placed, 1 over" in lines
    assert "  Landmasses: 2 (land cut off)" in lines
    assert "Land: 8 of 120 spaces" in lines
    stock = panel.tree.topLevelItem(3)
    mountain = next(
        stock.child(i) for i in range(stock.childCount()) if "Mountain" in stock.child(i).text(0)
    )
    assert mountain.foreground(1).color().name() == "#c0392b"  # over the stock: in red


def test_every_number_shows_in_full_in_a_narrow_dock(qtbot: QtBot) -> None:
    ws = load_workspace()
    panel = _panel(qtbot)
    panel.resize(300, 520)  # about the width of the right-hand dock at first start
    panel.show_layout(ws, ws.layouts["crustacean"])
    tree = panel.tree
    header = tree.header()
    qtbot.waitUntil(lambda: header.sectionSize(1) > 0)
    right = header.sectionPosition(1) + header.sectionSize(1)
    assert right <= tree.viewport().width()
    metrics = tree.fontMetrics()
    values = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    values += [top.child(j) for top in list(values) for j in range(top.childCount())]
    for item in values:
        assert metrics.horizontalAdvance(item.text(1)) <= header.sectionSize(1), item.text(1)


def test_a_name_cut_short_by_a_narrow_dock_is_whole_in_its_tooltip(qtbot: QtBot) -> None:
    ws = load_workspace()
    panel = _panel(qtbot)
    panel.show_layout(ws, ws.layouts["crustacean"])
    stock = panel.tree.topLevelItem(3)
    assert stock.text(0) == "Stock"
    share = stock.child(2)  # beach tiles from the expansion
    assert share.toolTip(0) == "from snails-fire-in-the-shell"
    assert stock.child(0).toolTip(0).startswith("Beach: snails-base: 20 of 20")
