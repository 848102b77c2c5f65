"""The content room without a window: file tabs and the Project dock built from a studio.

:class:`DocumentTabs` and :class:`ProjectBrowser` are given a :class:`Studio` and a fake
:class:`~editor.ui.common.services.ContentServices`; no ``MainWindow`` is made.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from editor.core.resources import layouts_dir
from editor.studio.layout_files import open_layout, read_source
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Change, Studio
from editor.ui.common.prompts import Prompts
from editor.ui.common.services import ContentServices
from editor.ui.content.document_tabs import DocumentTabs
from editor.ui.content.project_browser import ProjectBrowser
from tests.ui.conftest import ScriptedPrompts

MANIFEST = "id: {id}\nname: {name}\nversion: 0.1.0\ngame: snails\n"


class FakeServices:
    """What the content room asks of a window, recorded."""

    def __init__(self, prompts: ScriptedPrompts, data_dir: Path) -> None:
        self._prompts = prompts
        self._data_dir = data_dir
        self.messages: list[str] = []
        self.opened: list[Path] = []
        self.dirty = False

    @property
    def prompts(self) -> Prompts:
        return self._prompts

    @property
    def data_dir(self) -> Path:
        return self._data_dir

    def status(self, message: str, ms: int = 4000) -> None:
        self.messages.append(message)

    def open_layout(self, path: Path) -> bool:
        self.opened.append(path)
        return True

    def layout_is_dirty(self) -> bool:
        return self.dirty


def crab_model(path: Path) -> LayoutModel:
    opened = open_layout(path)
    assert opened.layout is not None and opened.workspace is not None
    return LayoutModel(opened.workspace, opened.layout, path, read_source(path))


class Room:
    """A studio, fake services and the content room built from them, in a plain widget."""

    def __init__(self, qtbot: QtBot, tmp_path: Path, prompts: ScriptedPrompts) -> None:
        layout = tmp_path / "work" / "crab.layout.yaml"
        layout.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(layouts_dir() / "crustacean.layout.yaml", layout)
        self.layout = layout
        self.studio = Studio(crab_model(layout))
        self.services = FakeServices(prompts, tmp_path / "data")
        services: ContentServices = self.services  # the fake satisfies the protocol
        self.host = QWidget()
        qtbot.addWidget(self.host)
        self.tabs = QTabWidget(self.host)
        self.tabs.addTab(QWidget(), "Board")
        self.documents = DocumentTabs(self.studio, services, self.host, self.tabs)
        self.browser = ProjectBrowser(self.studio, services, self.host, self.documents)
        self.seen: list[tuple[Change, Any]] = []
        for change in (Change.TEXT_CHANGED, Change.PACKS_CHANGED, Change.LAYOUT_REPLACED):
            self.studio.subscribe(change, lambda value, c=change: self.seen.append((c, value)))

    def of(self, change: Change) -> list[Any]:
        return [value for c, value in self.seen if c is change]


@pytest.fixture
def room(qtbot: QtBot, tmp_path: Path, prompts: ScriptedPrompts) -> Iterator[Room]:
    made = Room(qtbot, tmp_path, prompts)
    yield made
    made.documents.shutdown()


def test_typing_in_a_tab_tells_the_studio(room: Room, tmp_path: Path) -> None:
    pack = tmp_path / "mine"
    pack.mkdir()
    manifest = pack / "pack.yaml"
    manifest.write_text(MANIFEST.format(id="mine", name="Mine"))
    assert room.documents.open(manifest)
    tab = room.documents.current()
    assert tab is not None and tab.path == manifest.resolve()
    tab.editor.insertPlainText("# a note\n")
    changed = room.of(Change.TEXT_CHANGED)
    assert changed and set(changed) == {manifest.resolve()}
    texts = room.studio.texts()
    assert texts[manifest.resolve()].startswith("# a note\n")
    assert texts[manifest.resolve()] == tab.text()


def test_new_pack_adds_its_folder_through_the_studio(
    room: Room, tmp_path: Path, prompts: ScriptedPrompts
) -> None:
    parent = tmp_path / "packs"
    parent.mkdir()
    prompts.texts.append("Volcano Isles")
    prompts.folder_paths.append(parent)
    prompts.confirms.append(False)  # not attached to the layout
    folder = room.browser.new_pack()
    assert folder is not None and (folder / "pack.yaml").is_file()
    assert room.studio.folders == (folder,)
    assert room.of(Change.PACKS_CHANGED) == [(folder,)]
    assert folder in room.browser.listed("pack")
    assert room.studio.model.pack_folders == (folder,)


def test_another_layout_refreshes_the_browser(room: Room, tmp_path: Path) -> None:
    assert room.layout in room.browser.listed("layout")
    other = tmp_path / "elsewhere" / "other.layout.yaml"
    other.parent.mkdir()
    shutil.copy(room.layout, other)
    assert other not in room.browser.listed("layout")  # not beside the open layout
    room.studio.set_model(crab_model(other))
    assert room.of(Change.LAYOUT_REPLACED)
    assert other in room.browser.listed("layout")


def test_activating_a_layout_asks_the_window_to_open_it(room: Room) -> None:
    assert room.browser.activate(room.layout)
    assert room.services.opened == [room.layout]
