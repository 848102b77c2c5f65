"""The Project dock: packs and layouts listed, designer's packs loaded, new pack and card."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from editor.core.documents import load_document
from editor.core.resources import content_dir, layouts_dir
from editor.core.workspace import load_workspace
from editor.ui.content.project_browser import SETTINGS_KEY
from editor.ui.shell.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts

MANIFEST = (
    "id: {id}\nname: {name}\nversion: 0.1.0\ngame: snails\n"
    'dependencies:\n  snails-base: ">=1.0,<2"\n'
)
LAVA_TILES = (
    "tile_types:\n  - {id: lava, name: Lava, colour: '#c0392b'}\n"
    "stock:\n  - {tile: lava, back: blank, count: 3}\n"
)


def make_pack(folder: Path, pack_id: str, *, tiles: str = "") -> Path:
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(MANIFEST.format(id=pack_id, name=pack_id.title()))
    if tiles:
        (folder / "tiles.yaml").write_text(tiles)
    return folder


@pytest.fixture
def lava_project(crab_file: Path) -> tuple[Path, Path]:
    """crab.layout.yaml beside the designer's pack 'lava', which the layout uses."""
    pack = make_pack(crab_file.parent / "lava", "lava", tiles=LAVA_TILES)
    text = crab_file.read_text()
    old = "packs: [snails-base, snails-fire-in-the-shell]"
    assert old in text
    crab_file.write_text(text.replace(old, "packs: [snails-base, snails-fire-in-the-shell, lava]"))
    return crab_file, pack


def test_lists_bundled_packs_and_layouts(open_window) -> None:
    window: MainWindow = open_window()
    browser = window.project_browser
    packs = browser.listed("pack")
    bundled = sorted(p for p in content_dir().iterdir() if (p / "pack.yaml").is_file())
    assert packs == bundled
    labels = [browser.item_for(p).text(0) for p in packs]
    assert all("read-only" in label for label in labels)
    assert content_dir() / "snails-base" / "cards.yaml" in browser.listed("file")
    layouts = browser.listed("layout")
    assert set(layouts_dir().glob("*.layout.yaml")) <= set(layouts)
    assert window.project_dock.widget() is browser


def test_opening_a_designers_layout_loads_the_packs_beside_it(
    open_window, lava_project: tuple[Path, Path]
) -> None:
    crab, pack = lava_project
    window: MainWindow = open_window()
    assert window.files.open_file(crab)
    assert window.project_folders == [pack]
    assert "lava" in window.model.workspace.packs
    assert "lava" in [t.id for t in window.model.tile_types()]
    assert [d for d in window.diagnostics if d.is_error] == []
    browser = window.project_browser
    assert pack in browser.listed("pack")
    assert "read-only" not in browser.item_for(pack).text(0)
    assert browser.item_for(pack).font(0).bold()  # in use by the open layout
    assert pack / "tiles.yaml" in browser.listed("file")
    assert crab in browser.listed("layout")


def test_a_window_started_on_a_designers_layout_reloads_it_with_its_packs(
    open_window, lava_project: tuple[Path, Path]
) -> None:
    crab, pack = lava_project
    window: MainWindow = open_window(crab)
    assert window.project_folders == [pack]
    assert "lava" in window.model.workspace.packs
    assert window.model.check() == [] or all(not d.is_error for d in window.model.check())


def test_the_layout_check_uses_the_designers_packs(
    open_window, lava_project: tuple[Path, Path]
) -> None:
    crab, _pack = lava_project
    window: MainWindow = open_window()
    window.files.open_file(crab)
    model = window.model
    label = next(iter(model.layout.spaces))
    stack = model.stack(label)
    from editor.ui.board.commands import SetStacks

    window.undo_stack.push(SetStacks(model, {label: stack}, {label: ("lava",)}, "lava"))
    window.run_checks()
    codes = {d.code for d in window.diagnostics}
    assert "unknown-id" not in codes  # lava is known from the designer's pack
    # and without the pack's folder the same text names an unknown tile
    model.pack_folders = ()
    assert "unknown-id" in {d.code for d in model.check()}


def test_folders_are_remembered_and_missing_ones_dropped(
    open_window, tmp_path: Path, settings_file: Path
) -> None:
    keep = make_pack(tmp_path / "proj" / "keep", "keep")
    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    settings.setValue(SETTINGS_KEY, [str(keep), str(tmp_path / "gone")])
    settings.sync()
    window: MainWindow = open_window()
    assert window.project_folders == [keep]
    assert keep in window.project_browser.listed("pack")


def test_open_pack_folder_adds_the_packs_below_it(
    open_window, tmp_path: Path, prompts: ScriptedPrompts
) -> None:
    one = make_pack(tmp_path / "proj" / "one", "one")
    two = make_pack(tmp_path / "proj" / "packs" / "two", "two")
    window: MainWindow = open_window()
    prompts.folder_paths.append(tmp_path / "proj")
    window.open_pack_folder_action.trigger()
    assert sorted(window.project_folders) == sorted([one, two])
    assert {one, two} <= set(window.project_browser.listed("pack"))
    empty = tmp_path / "empty"
    empty.mkdir()
    prompts.folder_paths.append(empty)
    assert not window.project_browser.open_pack_folder()
    assert prompts.asked[-1][0] == "error" and "no pack" in prompts.asked[-1][1]


def test_new_pack_creates_a_valid_manifest_shown_in_the_tree(
    open_window, tmp_path: Path, prompts: ScriptedPrompts, settings_file: Path
) -> None:
    window: MainWindow = open_window()
    browser = window.project_browser
    opened: list[Path] = []
    browser.file_activated.connect(opened.append)
    parent = tmp_path / "proj"
    parent.mkdir()
    prompts.texts.append("Lava Lands")
    prompts.folder_paths.append(parent)
    prompts.confirms.append(True)  # attach it to the open layout
    folder = browser.new_pack()
    assert folder == parent / "lava-lands"
    assert window.model.layout.packs is not None and window.model.layout.packs[-1] == "lava-lands"
    assert window.undo_stack.undoText() == "Attach pack lava-lands"
    ws = load_workspace([folder])
    assert ws.report() == []
    pack = ws.packs["lava-lands"]
    assert (pack.name, pack.game) == ("Lava Lands", window.model.layout.game)
    assert set(pack.dependencies) == set(window.model.workspace.default_packs("snails"))
    assert folder in browser.listed("pack")
    assert browser.selected_path() == folder
    assert opened == [folder / "pack.yaml"]
    assert window.project_folders == [folder]
    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    assert settings.value(SETTINGS_KEY) in ([str(folder)], str(folder))


@pytest.mark.parametrize("name", ["!!!", "   ", "Snails Base"])
def test_a_bad_pack_name_is_refused_with_a_message(
    open_window, tmp_path: Path, prompts: ScriptedPrompts, name: str
) -> None:
    window: MainWindow = open_window()
    prompts.texts.append(name)
    assert window.project_browser.new_pack() is None
    kind, text = prompts.asked[-1]
    assert kind == "error"
    assert ("id" in text) or ("name" in text)
    assert not any(k == "folder" for k, _ in prompts.asked)  # refused before asking where
    assert window.project_folders == []


def test_new_card_appends_a_valid_card_to_the_designers_pack(
    open_window, tmp_path: Path, prompts: ScriptedPrompts
) -> None:
    pack = make_pack(tmp_path / "proj" / "mine", "mine")
    cards = pack / "cards.yaml"
    mine = "# my cards\ncards:\n  - id: zap\n    name: Zap\n    kind: special\n    copies: 1\n"
    mine += "    text: Draw a card.\n    effects: [{draw: 1}]\n"
    cards.write_text(mine)
    window: MainWindow = open_window()
    window.set_project_folders([pack])
    browser = window.project_browser
    opened: list[Path] = []
    browser.file_activated.connect(opened.append)
    browser.tree.setCurrentItem(browser.item_for(pack))
    prompts.choices.append("Attack Card")
    assert browser.new_entry("card") == cards
    text = cards.read_text()
    assert text.startswith(mine)
    ws = load_workspace([pack])
    assert ws.report() == []
    document, _ = load_document(cards, str(cards))
    assert document is not None
    assert [c["id"] for c in document.data["cards"]] == ["zap", "new-card"]
    assert document.data["cards"][1]["kind"] == "attack"
    assert opened == [cards]
    # a second one gets the next free id; a faction brings its faction card
    prompts.choices.append("Attack Card")
    browser.new_entry("card")
    browser.tree.setCurrentItem(browser.item_for(cards))  # a file selects its pack
    assert browser.new_entry("faction") == cards, prompts.asked
    ws = load_workspace([pack])
    assert ws.report() == []
    ids = [c["id"] for c in load_document(cards, "c")[0].data["cards"]]
    assert ids == ["zap", "new-card", "new-card-2", "new-faction-card"]
    assert (pack / "factions.yaml").is_file()


def test_new_card_into_a_bundled_pack_is_refused(open_window, prompts: ScriptedPrompts) -> None:
    window: MainWindow = open_window()
    browser = window.project_browser
    base = content_dir() / "snails-base"
    before = (base / "cards.yaml").read_text()
    browser.tree.setCurrentItem(browser.item_for(base / "cards.yaml"))
    assert browser.new_entry("card") is None
    kind, text = prompts.asked[-1]
    assert kind == "error" and "read-only" in text and "New Pack" in text
    assert (base / "cards.yaml").read_text() == before


def test_new_card_without_a_pack_of_ones_own_says_what_to_do(
    open_window, prompts: ScriptedPrompts
) -> None:
    window: MainWindow = open_window()
    assert window.project_browser.new_entry("card") is None
    assert prompts.asked[-1][0] == "error" and "New Pack" in prompts.asked[-1][1]


def test_activating_a_file_emits_it_and_a_layout_opens(
    open_window, crab_file: Path, prompts: ScriptedPrompts
) -> None:
    window: MainWindow = open_window()
    browser = window.project_browser
    got: list[Path] = []
    browser.file_activated.connect(got.append)
    cards = content_dir() / "snails-base" / "cards.yaml"
    assert browser.activate(cards)
    assert got == [cards]
    robot = layouts_dir() / "robot.layout.yaml"
    assert browser.activate(robot)
    assert window.model.path == robot
    assert got == [cards]  # a layout is not a content file for a tab


def test_a_copy_of_a_bundled_pack_in_a_project_is_the_designers(
    open_window, tmp_path: Path
) -> None:
    copy = tmp_path / "proj" / "base-copy"
    shutil.copytree(content_dir() / "snails-base", copy)
    window: MainWindow = open_window()
    window.set_project_folders([copy])
    label = window.project_browser.item_for(copy).text(0)
    assert "read-only" not in label


def test_an_activated_file_opens_in_a_tab(open_window) -> None:
    window: MainWindow = open_window()
    cards = content_dir() / "snails-base" / "cards.yaml"
    assert window.project_browser.activate(cards)
    assert window.documents.tab_of(cards) is not None


def test_a_file_made_in_a_designers_pack_by_another_program_is_listed(
    open_window, tmp_path: Path, qtbot
) -> None:
    pack = make_pack(tmp_path / "proj" / "mine", "mine")
    window: MainWindow = open_window()
    window.set_project_folders([pack])
    tokens = pack / "tokens.yaml"
    assert tokens not in window.project_browser.listed("file")
    tokens.write_text("tokens: []\n")
    qtbot.waitUntil(lambda: tokens in window.project_browser.listed("file"))


def test_which_packs_go_with_a_layout(tmp_path: Path) -> None:
    from editor.studio.layout_files import packs_near

    game = tmp_path / "game"
    layouts = game / "layouts"
    layouts.mkdir(parents=True)
    layout = layouts / "x.layout.yaml"
    layout.write_text("id: x\n")
    # none beside it: the folder above is never searched (another project's packs)
    make_pack(game / "packs" / "near", "near")
    assert packs_near(layout) == []
    # the layout's folder, two levels down, not inside a pack
    beside = make_pack(layouts / "beside", "beside")
    make_pack(layouts / "beside" / "inner", "inner")  # inside a pack: not searched
    below = make_pack(layouts / "more" / "below", "below")
    make_pack(layouts / "a" / "b" / "c", "too-deep")
    assert packs_near(layout) == [beside, below]
    assert packs_near(layouts_dir() / "robot.layout.yaml") == []
    assert packs_near(None) == []


def test_new_card_waits_for_unsaved_edits_in_an_open_tab_only(
    open_window, tmp_path: Path, prompts: ScriptedPrompts
) -> None:
    pack = make_pack(tmp_path / "proj" / "mine", "mine")
    cards = pack / "cards.yaml"
    mine = "cards:\n  - id: zap\n    name: Zap\n    kind: special\n    copies: 1\n"
    mine += "    text: Draw a card.\n    effects: [{draw: 1}]\n"
    cards.write_bytes(mine.replace("\n", "\r\n").encode())
    window: MainWindow = open_window()
    window.set_project_folders([pack])
    assert window.open_file_tab(cards)
    tab = window.documents.current()
    assert tab is not None and not tab.is_dirty
    browser = window.project_browser
    browser.tree.setCurrentItem(browser.item_for(pack))
    prompts.choices.append("Attack Card")
    assert browser.new_entry("card") == cards  # the open tab (a CR LF file) has no edits
    assert load_workspace([pack]).report() == []
    tab.editor.appendPlainText("# mine")
    assert tab.is_dirty
    prompts.choices.append("Attack Card")
    assert browser.new_entry("card") is None
    assert "unsaved changes" in prompts.asked[-1][1]


def test_the_new_buttons_come_from_the_games_template_groups(
    open_window, tmp_path: Path, prompts: ScriptedPrompts, square_game: object
) -> None:
    window: MainWindow = open_window()
    browser = window.project_browser
    buttons = [a.text() for a in browser.buttons.actions()]
    assert buttons == ["New Pack…", "New Card…", "New Faction…"]  # Snails' groups
    pack = make_pack(tmp_path / "proj" / "mine", "mine")
    window.set_project_folders([pack])
    browser.tree.setCurrentItem(browser.item_for(pack))
    cards = pack / "cards.yaml"
    assert browser.new_entry("faction") == cards  # the group's one template, no question
    assert not [kind for kind, _ in prompts.asked if kind == "choose"]
    assert "new-faction" in (pack / "factions.yaml").read_text()
    from tests.conftest import SQUARE_DATA

    assert window.files.open_file(SQUARE_DATA / "yard.layout.yaml")
    assert [a.text() for a in browser.buttons.actions()] == ["New Pack…"]  # it has none
