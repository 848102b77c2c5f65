"""The layout's pack list in the inspector: attach, detach and order as undo steps."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from pytestqt.qtbot import QtBot

from editor.core.pack_files.user_folders import DATA_DIR_VARIABLE
from editor.ui.board.layout_packs import LayoutPacks
from editor.ui.shell.main_window import MainWindow
from tests.core.pack_files.kit import make_pack
from tests.ui.board.test_board_room import model_of

LAVA = (
    "tile_types:\n  - {id: lava, name: Lava, colour: '#c0392b'}\n"
    "stock:\n  - {tile: lava, back: blank, count: 3}\n"
)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Installed packs in the test's own folder, never the user's."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "packs-data"))
    return tmp_path / "packs-data"


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    """The crab layout with a pack of lava tiles beside it, open but not attached."""
    lava = make_pack(crab_file.parent / "lava", "lava", cards=None)
    (lava / "tiles.yaml").write_text(LAVA)
    return open_window(crab_file)


def _tiles(window: MainWindow) -> list[str]:
    return [
        window.inspector.tile_choice.itemData(i)
        for i in range(window.inspector.tile_choice.count())
    ]


def test_an_open_pack_not_attached_is_said_and_attaching_is_one_undo_step(
    window: MainWindow,
) -> None:
    packs = window.inspector.packs
    assert packs.listed_ids() == ["snails-base", "snails-fire-in-the-shell"]
    assert "Lava (lava) is open but not attached" in packs.note.text()
    assert "lava" not in _tiles(window)
    assert packs.choice.findData("lava") >= 0

    assert packs.attach_pack("lava")
    assert window.undo_stack.undoText() == "Attach pack lava"
    assert window.model.layout.packs == ("snails-base", "snails-fire-in-the-shell", "lava")
    assert packs.listed_ids()[-1] == "lava"
    assert packs.selected() == "lava"
    assert "lava" in _tiles(window)
    assert any(line.tile.id == "lava" for line in window.model.stock_lines())
    assert "not attached" not in packs.note.text()
    assert window.is_dirty

    window.undo_stack.undo()
    assert window.model.layout.packs == ("snails-base", "snails-fire-in-the-shell")
    assert "lava" not in _tiles(window)
    assert "not attached" in packs.note.text()
    window.undo_stack.redo()
    assert "lava" in _tiles(window)


def test_the_saved_layout_lists_the_pack(window: MainWindow, crab_file: Path) -> None:
    window.inspector.packs.attach_pack("lava")
    assert window.files.save()
    assert "packs: [snails-base, snails-fire-in-the-shell, lava]" in crab_file.read_text()


def test_detaching_a_pack_a_tile_stands_on_is_refused_with_its_place(
    window: MainWindow,
) -> None:
    packs = window.inspector.packs
    packs.attach_pack("lava")
    window.model.apply({"B4": ("beach", "lava")})
    steps = window.undo_stack.count()
    assert not packs.detach_pack("lava")
    assert window.undo_stack.count() == steps
    assert "lava" in window.model.layout.packs
    assert packs.note.text().startswith("Not changed: B4")
    window.model.apply({"B4": ("beach",)})
    assert packs.detach_pack("lava")
    assert window.undo_stack.undoText() == "Detach pack lava"
    assert window.model.layout.packs == ("snails-base", "snails-fire-in-the-shell")


def test_a_pack_others_need_stays_in_use_and_the_order_changes(window: MainWindow) -> None:
    packs = window.inspector.packs
    assert packs.detach_pack("snails-base")
    assert "snails-base stays in use: snails-fire-in-the-shell depends on it" in packs.note.text()
    texts = [packs.list.item(row).text() for row in range(packs.list.count())]
    assert any("needed by a pack" in text for text in texts)
    window.undo_stack.undo()
    packs.select("snails-base")
    assert not packs.up_button.isEnabled()
    packs.down_button.click()
    assert window.model.layout.packs == ("snails-fire-in-the-shell", "snails-base")
    assert window.undo_stack.undoText() == "Move pack snails-base down"
    assert packs.selected() == "snails-base"


def test_a_long_pack_name_wraps_whole_in_a_narrow_dock(qtbot: QtBot) -> None:
    # "Snails: Fire in the Shell 1.0.0 · bundled" was cut to "Snails: Fire....0 · bundled"
    packs = LayoutPacks()
    qtbot.addWidget(packs)
    packs.set_model(model_of("crustacean"))
    packs.resize(260, 160)
    packs.show()
    qtbot.waitExposed(packs)
    listing = packs.list
    texts = [listing.item(row).text() for row in range(listing.count())]
    assert texts == ["Snails 1.0.0 · bundled", "Snails: Fire in the Shell 1.0.0 · bundled"]
    metrics = listing.fontMetrics()
    room = listing.viewport().width()
    assert metrics.horizontalAdvance(texts[1]) > room  # one line cannot hold it
    for row, text in enumerate(texts):
        item = listing.item(row)
        rect = listing.visualItemRect(item)
        assert rect.width() <= room  # no sideways scrolling to read it
        # the whole text, wrapped at the row's width, fits the row's height
        needed = metrics.boundingRect(
            QRect(0, 0, rect.width() - 8, 10_000), Qt.TextFlag.TextWordWrap, text
        )
        assert needed.height() <= rect.height()
        assert item.toolTip().startswith(text.split(" · ")[0])
    assert listing.textElideMode() == Qt.TextElideMode.ElideNone
