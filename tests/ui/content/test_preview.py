"""The Preview dock: the face of the entry under the cursor, following the text."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import editor.games  # noqa: F401  (registers Snails and its preview hook)
from editor.core.documents import parse_document
from editor.core.resources import content_dir
from editor.ui.content.preview import ERRORS_NOTE, PreviewPanel, entry_at
from editor.ui.shell.main_window import MainWindow

CARDS = content_dir() / "snails-base" / "cards.yaml"
FACTIONS = content_dir() / "snails-fire-in-the-shell" / "factions.yaml"


@pytest.fixture
def panel(qtbot: QtBot) -> PreviewPanel:
    widget = PreviewPanel()
    qtbot.addWidget(widget)
    return widget


def card_line(text: str, card_id: str) -> int:
    """The 1-based line of ``- id: card_id`` in a cards file."""
    document, _ = parse_document(text, "cards.yaml")
    assert document is not None
    index = next(i for i, c in enumerate(document.data["cards"]) if c["id"] == card_id)
    return document.value_span(("cards", index)).line


def details(panel: PreviewPanel) -> dict[str, str]:
    assert panel.face is not None
    return {line.label: line.text for line in panel.face.details}


def a_ranged_card(text: str) -> dict[str, object]:
    document, _ = parse_document(text, "cards.yaml")
    assert document is not None
    return next(c for c in document.data["cards"] if "range" in c.get("target", {}))


def test_shows_the_card_under_the_cursor(panel: PreviewPanel) -> None:
    text = CARDS.read_text()
    card = a_ranged_card(text)
    line = card_line(text, str(card["id"]))
    panel.show_text(CARDS, text, line + 2)  # a line inside the card, not its first
    assert panel.face is not None
    assert panel.face.name == card["name"]
    low, high = card["target"]["range"]  # type: ignore[index]
    assert details(panel)["Range"] == (str(low) if low == high else f"{low}–{high}")
    assert str(card["name"]) in panel.label.text()
    assert not panel.stale


def test_the_face_follows_a_range_edited_in_the_text(panel: PreviewPanel, qtbot: QtBot) -> None:
    text = CARDS.read_text()
    card = a_ranged_card(text)
    line = card_line(text, str(card["id"]))
    panel.show_text(CARDS, text, line)
    low, high = card["target"]["range"]  # type: ignore[index]
    lines = text.split("\n")
    target_line = next(
        i for i in range(line - 1, len(lines)) if lines[i].strip().startswith("target:")
    )
    old = f"range: [{low}, {high}]"
    assert old in lines[target_line]
    lines[target_line] = lines[target_line].replace(old, f"range: [{low}, {high + 3}]")
    panel.follow(CARDS, "\n".join(lines), line)
    panel.flush()  # what the 200 ms timer does
    assert details(panel)["Range"] == f"{low}–{high + 3}"
    # and through the timer itself, as an editor drives it
    lines[target_line] = lines[target_line].replace(f"{high + 3}]", f"{high + 4}]")
    panel.follow(CARDS, "\n".join(lines), line)
    qtbot.waitUntil(lambda: details(panel)["Range"] == f"{low}–{high + 4}")


def test_broken_text_keeps_the_last_face_greyed(panel: PreviewPanel) -> None:
    text = CARDS.read_text()
    card = a_ranged_card(text)
    line = card_line(text, str(card["id"]))
    panel.show_text(CARDS, text, line)
    good = panel.face
    panel.show_text(CARDS, text.replace("cards:", "cards: [", 1), line)
    assert panel.face == good
    assert panel.stale
    assert ERRORS_NOTE in panel.label.text()
    assert panel.problem.startswith("line ")
    panel.show_text(CARDS, text, line)  # fixed: the face is live again
    assert not panel.stale and ERRORS_NOTE not in panel.label.text()


def test_a_schema_error_in_the_entry_greys_it(panel: PreviewPanel) -> None:
    text = CARDS.read_text()
    card = a_ranged_card(text)
    line = card_line(text, str(card["id"]))
    panel.show_text(CARDS, text, line)
    lines = text.split("\n")
    i = next(i for i in range(line - 1, len(lines)) if "range:" in lines[i])
    lines[i] = lines[i].replace("range: [", "range: [far, ")
    panel.show_text(CARDS, "\n".join(lines), line)
    assert panel.stale
    assert panel.face is not None and panel.face.name == card["name"]


def test_a_faction_shows_its_card_and_abilities(panel: PreviewPanel) -> None:
    text = FACTIONS.read_text()
    document, _ = parse_document(text, "factions.yaml")
    assert document is not None
    faction = document.data["factions"][1]
    panel.show_text(FACTIONS, text, document.value_span(("factions", 1)).line + 1)
    assert panel.face is not None
    assert panel.face.kind == "Faction"
    assert details(panel)["Faction card"] == faction["card"]
    assert [a.label for a in panel.face.abilities] == [a["name"] for a in faction["abilities"]]


def test_nothing_for_other_files_or_above_the_entries(panel: PreviewPanel) -> None:
    panel.show_text(Path("x.layout.yaml"), "id: x\n", 1)
    assert panel.face is None
    panel.show_text(None, "", 1)
    assert panel.face is None
    text = CARDS.read_text()
    panel.show_text(CARDS, text, 1)  # the header comment
    assert panel.face is None


def test_entry_at_takes_the_entry_above_a_blank_line() -> None:
    text = "cards:\n  - id: a\n    name: A\n\n  - id: b\n    name: B\n"
    document, _ = parse_document(text, "cards.yaml")
    assert document is not None
    assert entry_at(document, 4)[2]["id"] == "a"  # type: ignore[index]
    assert entry_at(document, 6)[2]["id"] == "b"  # type: ignore[index]
    assert entry_at(document, 1) is None


def test_the_window_has_a_preview_dock(open_window) -> None:
    window: MainWindow = open_window()
    assert window.preview_dock.widget() is window.preview_panel
    assert window.preview_dock.toggleViewAction() in window.docks_menu.actions()


def test_the_preview_follows_a_file_tab_as_the_designer_types(
    open_window, tmp_path: Path, qtbot: QtBot
) -> None:
    from PySide6.QtGui import QTextCursor

    cards = tmp_path / "mine" / "cards.yaml"
    cards.parent.mkdir()
    text = CARDS.read_text()
    cards.write_text(text)
    card = a_ranged_card(text)
    line = card_line(text, str(card["id"]))
    window: MainWindow = open_window()
    panel = window.preview_panel
    assert window.open_file_tab(cards)
    tab = window.documents.tab_of(cards)
    assert tab is not None
    tab.editor.go_to(line + 1, 1)
    qtbot.waitUntil(lambda: panel.face is not None and panel.face.name == card["name"])
    low, high = card["target"]["range"]  # type: ignore[index]
    # type a new maximum range into the range list, as a designer would
    block = tab.editor.document().findBlockByNumber(line - 1)
    while "range:" not in block.text():
        block = block.next()
    old = f"range: [{low}, {high}]"
    start = block.position() + block.text().index(old) + len(f"range: [{low}, ")
    cursor = QTextCursor(tab.editor.document())
    cursor.setPosition(start)
    cursor.setPosition(start + len(str(high)), QTextCursor.MoveMode.KeepAnchor)
    tab.editor.setTextCursor(cursor)
    tab.editor.insertPlainText(str(high + 2))
    qtbot.waitUntil(lambda: details(panel).get("Range") == f"{low}–{high + 2}")
    assert not panel.stale
