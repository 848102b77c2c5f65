"""The layout's pack list without Qt: what may be attached, and each edit of the list."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from editor.core.layouts import dump_layout
from editor.core.pack_files.archive import build_pack
from editor.core.pack_files.install import install_pack_file
from editor.core.pack_files.user_folders import DATA_DIR_VARIABLE
from editor.studio import pack_list
from editor.studio.layout_files import open_layout, read_source
from editor.studio.layout_model import LayoutModel
from tests.core.pack_files.kit import make_layout, make_pack

LAVA = (
    "tile_types:\n  - {id: lava, name: Lava, colour: '#c0392b'}\n"
    "stock:\n  - {tile: lava, back: blank, count: 3}\n"
)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder of the test's own."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "data"))
    return tmp_path / "data"


def _model(layout: Path, *folders: Path) -> LayoutModel:
    opened = open_layout(layout, packs=list(folders))
    assert opened.layout is not None and opened.workspace is not None, opened.error
    model = LayoutModel(opened.workspace, opened.layout, layout, read_source(layout))
    model.pack_folders = tuple(folders)
    return model


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project with a pack of lava tiles and a layout that lists only the bundled packs."""
    make_pack(tmp_path / "proj" / "lava", "lava", cards=None)
    (tmp_path / "proj" / "lava" / "tiles.yaml").write_text(LAVA)
    make_layout(tmp_path / "proj", packs=())
    return tmp_path / "proj"


def test_the_list_and_what_is_on_offer(project: Path, tmp_path: Path) -> None:
    installed = make_pack(tmp_path / "src" / "zaps")
    install_pack_file(build_pack(installed, tmp_path / "out").written[0])
    model = _model(project / "zapland.layout.yaml", project / "lava")
    assert pack_list.listed(model) == ("snails-base", "snails-fire-in-the-shell")
    offered = {c.id: c.origin for c in pack_list.choices(model)}
    assert offered == {
        "snails-base": "bundled",
        "snails-fire-in-the-shell": "bundled",
        "lava": "folder",
        "zaps": "installed",
    }
    labels = [c.label for c in pack_list.choices(model)]
    assert "Zaps 0.3.0 (zaps) · installed" in labels
    assert "Lava 0.3.0 (lava) · your folder" in labels
    # lava is open in the editor but not attached: the editor says so
    assert [c.id for c in pack_list.unattached(model)] == ["lava"]


def test_a_layout_without_a_list_uses_its_games_bundled_packs(project: Path) -> None:
    path = project / "zapland.layout.yaml"
    path.write_text(
        "".join(line for line in path.read_text().splitlines(True) if not line.startswith("packs:"))
    )
    model = _model(path)
    assert model.layout.packs is None
    assert pack_list.listed(model) == ("snails-base", "snails-fire-in-the-shell")


def test_attaching_brings_the_dependencies_the_list_lacks(tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    make_pack(proj / "rocks", "rocks", "1.0.0", cards=None)
    make_pack(proj / "zaps", dependencies={"snails-base": ">=1", "rocks": ">=1.0,<2"})
    make_pack(proj / "odd", "odd", dependencies={"nowhere": ">=1"}, cards=None)
    layout = make_layout(proj, packs=())
    model = _model(layout, proj)
    edit = pack_list.attach(model, "zaps")
    assert edit.packs == ("snails-base", "snails-fire-in-the-shell", "rocks", "zaps")
    assert edit.added == ("rocks",)
    assert edit.missing == () and edit.refused == ()
    assert edit.text == "Attach pack zaps"
    odd = pack_list.attach(model, "odd")
    assert odd.packs[-1] == "odd"
    assert odd.missing == ("odd needs nowhere >=1, which no pack on offer is",)
    assert pack_list.attach(model, "snails-base").refused == ("snails-base is attached already",)


def test_moving_a_pack_up_and_down(project: Path) -> None:
    model = _model(project / "zapland.layout.yaml", project / "lava")
    down = pack_list.move(model, "snails-base", +1)
    assert down is not None
    assert down.packs == ("snails-fire-in-the-shell", "snails-base")
    assert down.text == "Move pack snails-base down"
    assert pack_list.move(model, "snails-base", -1) is None
    assert pack_list.move(model, "lava", -1) is None


def test_detaching_a_pack_the_layout_stands_on_is_refused_with_the_places(
    project: Path,
) -> None:
    path = project / "zapland.layout.yaml"
    model = _model(path, project / "lava")
    attached = pack_list.attach(model, "lava")
    layout = dataclasses.replace(model.layout, packs=attached.packs)
    spaces = dict(layout.spaces)
    spaces["B4"] = ("beach", "lava")
    path.write_text(dump_layout(dataclasses.replace(layout, spaces=spaces)))
    model = _model(path, project / "lava")
    assert "lava" in pack_list.in_use(model)
    edit = pack_list.detach(model, "lava")
    assert edit.refused, "a tile of the layout needs lava"
    assert edit.refused[0].startswith("B4")
    assert "lava" in edit.refused[0]
    # a pack nothing stands on goes
    path.write_text(dump_layout(layout))
    model = _model(path, project / "lava")
    edit = pack_list.detach(model, "lava")
    assert edit.refused == ()
    assert edit.packs == ("snails-base", "snails-fire-in-the-shell")


def test_a_pack_another_depends_on_stays_in_use(project: Path) -> None:
    model = _model(project / "zapland.layout.yaml")
    edit = pack_list.detach(model, "snails-base")
    assert edit.packs == ("snails-fire-in-the-shell",)
    assert edit.kept_by == ("snails-fire-in-the-shell",)


def test_the_content_of_an_attached_installed_pack_is_loaded(project: Path, tmp_path: Path) -> None:
    lava = project / "lava"
    install_pack_file(build_pack(lava, tmp_path / "out").written[0])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = (project / "zapland.layout.yaml").rename(elsewhere / "x.layout.yaml")
    model = _model(moved)  # the lava folder is not open: lava is there installed only
    assert "lava" not in model.workspace.packs
    assert "lava" not in {t.id for t in model.tile_types()}
    edit = pack_list.attach(model, "lava")
    ws = pack_list.workspace_for(model, edit.packs)
    assert ws is not None and ws.packs["lava"].origin == "installed"
    model.replace_layout(dataclasses.replace(model.layout, packs=edit.packs), ws)
    assert "lava" in {t.id for t in model.tile_types()}
    assert model.workspace is ws
