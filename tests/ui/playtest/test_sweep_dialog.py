"""The Sweep dialog: values checked before a game, the plot filling in, Cancel at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from editor.sim.design import Design
from editor.ui.playtest.sweep_dialog import DASK_KEY, SweepDialog
from tests.sim.sweep.conftest import SNAKES


def design() -> Design:
    return Design(SNAKES, SNAKES.read_text(encoding="utf-8"))


def dialog(qtbot: QtBot, values: str, settings: QSettings | None = None) -> SweepDialog:
    shown = SweepDialog(design, "ruleset.target", settings)
    qtbot.addWidget(shown)
    shown.values_edit.setText(values)
    shown.games.setValue(2)
    return shown


def test_each_value_played_redraws_the_plot(qtbot: QtBot) -> None:
    shown = dialog(qtbot, "3,9")
    assert shown.start()
    assert not shown.run_button.isEnabled() and shown.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: not shown.running, timeout=60_000)
    assert [p.combination.label for p in shown.played] == ["ruleset.target=3", "ruleset.target=9"]
    assert not shown.picture.pixmap().isNull()
    assert "2 values played: done" in shown.status.text()


def test_the_plot_fills_its_room_and_follows_a_resize(qtbot: QtBot) -> None:
    shown = dialog(qtbot, "3,9")
    shown.resize(700, 600)
    shown.show()
    qtbot.waitExposed(shown)
    assert shown.start()
    qtbot.waitUntil(lambda: not shown.running, timeout=60_000)

    def drawn() -> tuple[int, int]:
        picture = shown.picture.pixmap()
        ratio = picture.devicePixelRatio()
        return round(picture.width() / ratio), round(picture.height() / ratio)

    room = shown.picture.size()
    assert abs(drawn()[0] - room.width()) <= 2 and abs(drawn()[1] - room.height()) <= 2
    shown.resize(1000, 800)
    qtbot.waitUntil(lambda: abs(drawn()[0] - shown.picture.width()) <= 2, timeout=5_000)
    assert drawn()[0] > room.width() and drawn()[1] > room.height()


def test_refused_values_are_said_before_any_game(qtbot: QtBot) -> None:
    shown = dialog(qtbot, "0,5")
    assert not shown.start()
    assert "ruleset.yaml:9:9: error" in shown.status.text()
    assert not shown.running and shown.played == []
    shown.path_edit.setText("ruleset.nothing")
    shown.values_edit.setText("1")
    assert not shown.start() and "has no 'nothing'" in shown.status.text()


def test_cancel_stops_the_sweep(qtbot: QtBot) -> None:
    shown = dialog(qtbot, "3..40")
    assert shown.start()
    qtbot.waitUntil(lambda: len(shown.played) >= 1, timeout=60_000)
    shown.cancel()
    qtbot.waitUntil(lambda: not shown.running, timeout=30_000)
    assert 1 <= len(shown.played) < 38
    assert shown.run_button.isEnabled()


def test_a_dask_address_is_checked_and_remembered(qtbot: QtBot, tmp_path: object) -> None:
    settings = QSettings(str(tmp_path) + "/s.ini", QSettings.Format.IniFormat)
    shown = dialog(qtbot, "3", settings)
    shown.dask_edit.setText("not-an-address")
    assert not shown.start() and "not a scheduler's address" in shown.status.text()
    shown.dask_edit.setText("")
    assert shown.start()
    qtbot.waitUntil(lambda: not shown.running, timeout=60_000)
    assert settings.value(DASK_KEY) == ""


def test_the_dock_opens_it_on_the_number_under_the_cursor(
    qtbot: QtBot, open_window: Any, crab_file: Path, scratch_pack: Path
) -> None:
    window = open_window(crab_file)
    window.set_project_folders([scratch_pack.parent])
    cards = scratch_pack / "cards.yaml"
    assert window.open_file_tab(cards)
    tab = window.documents.tab_of(cards)
    line = next(i for i, text in enumerate(tab.text().split("\n")) if "copies:" in text)
    cursor = tab.editor.textCursor()
    cursor.setPosition(tab.editor.document().findBlockByNumber(line).position() + 12)
    tab.editor.setTextCursor(cursor)
    window.simulator.sweep_button.click()
    (opened,) = window.findChildren(SweepDialog)
    assert opened.path_edit.text().endswith(".copies")
    assert opened.path_edit.text().startswith(f"{pack_id(scratch_pack)}.cards.cards.")
    opened.close()


def pack_id(folder: Path) -> str:
    for line in (folder / "pack.yaml").read_text(encoding="utf-8").splitlines():
        if line.startswith("id:"):
            return line.split(":", 1)[1].strip()
    raise AssertionError("no id")
