"""File > Export Pack, Export Scenario and Import Pack, and the layout's file watched."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from editor.core.pack_files.user_folders import DATA_DIR_VARIABLE
from editor.ui.board.commands import SetStacks
from editor.ui.shell.main_window import MainWindow
from tests.core.pack_files.kit import make_pack, manifest_for, write_zip
from tests.ui.conftest import ScriptedPrompts

LAVA = (
    "tile_types:\n  - {id: lava, name: Lava, colour: '#c0392b'}\n"
    "stock:\n  - {tile: lava, back: blank, count: 3}\n"
)


class PackPrompts(ScriptedPrompts):
    """Scripted prompts that also answer which pack file to import."""

    def __init__(self) -> None:
        super().__init__()
        self.pack_files: list[Path | None] = []

    def pack_file_path(self, folder: Path) -> Path | None:
        self.asked.append(("pack file", str(folder)))
        return self.pack_files.pop(0)


@pytest.fixture
def prompts() -> PackPrompts:
    return PackPrompts()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Installed packs in the test's own folder, never the user's."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "packs-data"))
    return tmp_path / "packs-data"


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    """The crab layout with the designer's pack of lava tiles beside it."""
    lava = make_pack(crab_file.parent / "lava", "lava", cards=None)
    (lava / "tiles.yaml").write_text(LAVA)
    return open_window(crab_file)


def _names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        return sorted(archive.namelist())


def test_the_file_menu_offers_the_pack_actions(window: MainWindow) -> None:
    texts = [a.text() for a in window.menus.file_menu.actions()]
    for wanted in ("Export &Pack…", "Export S&cenario…", "&Import Pack…"):
        assert wanted in texts


def test_export_pack_writes_the_designers_pack(
    window: MainWindow, prompts: PackPrompts, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    prompts.folder_paths.append(out)
    written = window.files.export_pack()
    assert written == out / "lava-0.3.0.seastack"
    assert _names(written) == [
        "packs/lava/pack.yaml",
        "packs/lava/tiles.yaml",
        "seastack-manifest.json",
    ]
    assert not any(kind == "choose" for kind, _ in prompts.asked)  # the only pack of mine


def test_export_pack_refuses_a_pack_with_errors_naming_the_place(
    window: MainWindow, prompts: PackPrompts, crab_file: Path, tmp_path: Path
) -> None:
    tiles = crab_file.parent / "lava" / "tiles.yaml"
    tiles.write_text(LAVA.replace("count: 3", "count: -1"))
    prompts.folder_paths.append(tmp_path / "out")
    assert window.files.export_pack() is None
    kind, text = prompts.asked[-1]
    assert kind == "error"
    assert f"{tiles}:4:" in text and "Nothing was written" in text
    assert not (tmp_path / "out").exists()


def test_export_pack_waits_for_unsaved_edits(
    window: MainWindow, prompts: PackPrompts, crab_file: Path
) -> None:
    tiles = crab_file.parent / "lava" / "tiles.yaml"
    assert window.open_file_tab(tiles)
    window.documents.current().editor.insertPlainText("# more\n")
    assert window.files.export_pack() is None
    kind, text = prompts.asked[-1]
    assert kind == "error" and "tiles.yaml has unsaved changes" in text


def test_export_scenario_needs_the_layout_saved_then_holds_its_packs(
    window: MainWindow, prompts: PackPrompts, tmp_path: Path
) -> None:
    window.inspector.packs.attach_pack("lava")
    assert window.files.export_scenario() is None
    assert prompts.asked[-1][0] == "error" and "save it (File > Save)" in prompts.asked[-1][1]
    assert window.files.save()
    prompts.folder_paths.append(tmp_path / "out")
    written = window.files.export_scenario()
    assert written == tmp_path / "out" / "crustacean-scenario.seastack"
    assert "packs/lava/tiles.yaml" in _names(written)
    assert "layout/crustacean.layout.yaml" in _names(written)


def test_import_pack_installs_and_asks_before_replacing(
    window: MainWindow, prompts: PackPrompts, tmp_path: Path, data_dir: Path
) -> None:
    prompts.folder_paths.append(tmp_path / "out")
    built = window.files.export_pack()
    assert built is not None
    prompts.pack_files.append(built)
    installed = window.files.import_pack()
    assert installed is not None
    assert installed.folders == [data_dir / "packs" / "lava" / "0.3.0"]
    listed = window.project_browser.listed("pack")
    assert data_dir / "packs" / "lava" / "0.3.0" in listed
    label = window.project_browser.item_for(data_dir / "packs" / "lava" / "0.3.0").text(0)
    assert label == "Lava (lava) · installed 0.3.0, read-only"

    prompts.pack_files.append(built)
    prompts.confirms.append(False)
    assert window.files.import_pack() is None
    assert "installed already" in prompts.asked[-1][1]
    prompts.pack_files.append(built)
    prompts.confirms.append(True)
    assert window.files.import_pack() is not None


def test_import_pack_refuses_a_hostile_file(
    window: MainWindow, prompts: PackPrompts, tmp_path: Path, data_dir: Path
) -> None:
    files = {"packs/lava/pack.yaml": b"id: lava\n", "../escape.yaml": b"x: 1\n"}
    hostile = write_zip(tmp_path / "evil.seastack", files, manifest_for(files))
    prompts.pack_files.append(hostile)
    assert window.files.import_pack() is None
    kind, text = prompts.asked[-1]
    assert kind == "error" and "'../escape.yaml' is refused" in text
    assert "Nothing was installed" in text
    assert not (tmp_path / "escape.yaml").exists()
    assert not list(data_dir.rglob("*.yaml"))


def test_an_imported_scenario_opens_its_layout(
    window: MainWindow, prompts: PackPrompts, tmp_path: Path, data_dir: Path
) -> None:
    window.inspector.packs.attach_pack("lava")
    assert window.files.save()
    prompts.folder_paths.append(tmp_path / "out")
    scenario = window.files.export_scenario()
    assert scenario is not None
    manifest = json.loads(zipfile.ZipFile(scenario).read("seastack-manifest.json"))
    assert [p["id"] for p in manifest["packs"]] == ["lava"]
    prompts.pack_files.append(scenario)
    assert window.files.import_pack() is not None
    opened = data_dir / "scenarios" / "crustacean" / "crustacean.layout.yaml"
    assert window.model.path == opened
    assert window.model.layout.packs is not None and "lava" in window.model.layout.packs
    assert "lava" in {t.id for t in window.model.tile_types()}


def test_a_layout_changed_on_disk_is_reloaded_when_clean(
    window: MainWindow, crab_file: Path, qtbot: QtBot
) -> None:
    assert window.files.watch.path == crab_file
    text = crab_file.read_text()
    crab_file.write_text(text.replace("name: Crustacean", "name: Changed Elsewhere"))
    qtbot.waitUntil(lambda: window.model.layout.name == "Changed Elsewhere", timeout=5000)
    assert not window.is_dirty


def _edit(window: MainWindow) -> None:
    """An edit on the undo stack: the layout has unsaved changes."""
    before, after = {"B4": ("beach",)}, {"B4": ("beach", "meadow")}
    window.undo_stack.push(SetStacks(window.model, before, after, "Stack a meadow on B4"))
    assert window.is_dirty


def test_a_layout_changed_on_disk_with_unsaved_edits_asks(
    window: MainWindow, crab_file: Path, prompts: PackPrompts
) -> None:
    _edit(window)
    crab_file.write_text(crab_file.read_text().replace("name: Crustacean", "name: Theirs"))
    prompts.reloads.append(False)
    assert not window.files.watch.check()
    assert ("reload", "crab.layout.yaml") in prompts.asked
    assert window.model.stack("B4") == ("beach", "meadow")
    crab_file.write_text(crab_file.read_text().replace("name: Theirs", "name: Theirs Again"))
    prompts.reloads.append(True)
    assert window.files.watch.check()
    assert window.model.layout.name == "Theirs Again"


def test_saving_is_not_taken_for_another_programs_change(
    window: MainWindow, prompts: PackPrompts
) -> None:
    _edit(window)
    assert window.files.save()
    assert not window.files.watch.check()
    assert not any(kind == "reload" for kind, _ in prompts.asked)
