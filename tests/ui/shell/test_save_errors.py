"""Every save that fails is told in a dialog and the work is kept: the layout's Save and Save
As, a file tab's save, both autosaves; what killed saves left is swept at the start."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from editor.core.atomic import UnencodableText
from editor.ui.content import document_tabs
from editor.ui.shell.main_window import MainWindow
from tests.ui.conftest import ScriptedPrompts
from tests.ui.test_editor import click


@pytest.fixture
def window(open_window, crab_file: Path) -> MainWindow:
    return open_window(crab_file)


def _errors(prompts: ScriptedPrompts) -> list[str]:
    return [text for kind, text in prompts.asked if kind == "error"]


def _no_temporary_files(folder: Path) -> bool:
    return not any(p.name.endswith(".tmp") for p in folder.iterdir())


def _refuse(path: Path, text: str) -> None:
    raise OSError(5, "Input/output error", str(path.parent / f".{path.name}.abcdefgh.tmp"))


def test_a_save_that_fails_is_told_and_the_layout_stays_unsaved(
    qtbot: QtBot,
    window: MainWindow,
    prompts: ScriptedPrompts,
    crab_file: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = crab_file.read_text(encoding="utf-8")
    click(qtbot, window, "E4")
    monkeypatch.setattr("editor.ui.shell.file_actions.write_text_atomic", _refuse)
    assert not window.files.save()
    (error,) = _errors(prompts)
    assert error.startswith(f"crab.layout.yaml could not be saved in {crab_file.parent}:")
    assert "Input/output error" in error and "Nothing is lost" in error
    assert window.isWindowModified()
    assert window.model.stack("E4") == ("beach",)
    assert crab_file.read_text(encoding="utf-8") == before


@pytest.fixture
def surrogate_file(crab_file: Path) -> Path:
    """The Crustacean copy with a name holding a lone surrogate, written as an escape."""
    text = crab_file.read_text(encoding="utf-8")
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("name:"))
    lines[index] = 'name: "Crab \\ud800"'
    crab_file.write_text("\n".join(lines), encoding="utf-8")
    return crab_file


@pytest.mark.parametrize("how", ["save", "save as"])
def test_a_name_that_cannot_be_encoded_is_told_not_raised(
    qtbot: QtBot,
    open_window,
    prompts: ScriptedPrompts,
    surrogate_file: Path,
    how: str,
) -> None:
    before = surrogate_file.read_bytes()
    window = open_window(surrogate_file)
    window.run_checks()
    assert "unencodable-text" in {d.code for d in window.problems_panel.diagnostics}
    click(qtbot, window, "E4")
    if how == "save":
        assert not window.files.save()
    else:
        prompts.save_paths = [surrogate_file.parent / "other.layout.yaml"]
        assert not window.files.save_as()
    (error,) = _errors(prompts)
    assert "U+D800" in error and "Nothing is lost" in error
    assert window.isWindowModified()
    assert surrogate_file.read_bytes() == before
    assert not (surrogate_file.parent / "other.layout.yaml").exists()
    assert _no_temporary_files(surrogate_file.parent)
    # the work is aside all the same: the autosave escapes what UTF-8 cannot write
    assert window.autosave.now()
    assert len(_errors(prompts)) == 1


def test_a_failing_autosave_is_told_once_and_the_work_stays(
    qtbot: QtBot,
    window: MainWindow,
    prompts: ScriptedPrompts,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    click(qtbot, window, "E4")
    autosaver = window.autosave.autosaver

    def full(path: Path | None, name: str, text: str) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosaver, "write", full)
    assert not window.autosave.now()
    assert not window.autosave.now()  # every few seconds: the status line, not a dialog
    (error,) = _errors(prompts)
    assert "could not be put aside" in error and "No space left on device" in error
    assert window.isWindowModified()
    monkeypatch.undo()
    assert window.autosave.now()  # it works again...
    monkeypatch.setattr(autosaver, "write", full)
    click(qtbot, window, "E5")
    assert not window.autosave.now()  # ...so the next failure is told again
    assert len(_errors(prompts)) == 2


@pytest.fixture
def cards(window: MainWindow, scratch_pack: Path) -> document_tabs.DocumentTab:
    assert window.open_file_tab(scratch_pack / "cards.yaml")
    tab = window.documents.current()
    assert tab is not None
    return tab


def test_a_file_tab_whose_save_fails_stays_unsaved(
    window: MainWindow,
    prompts: ScriptedPrompts,
    cards: document_tabs.DocumentTab,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = cards.path.read_text(encoding="utf-8")
    cards.replace_text(cards.text() + "# edited\n", modified=True)
    monkeypatch.setattr(document_tabs, "write_text_atomic", _refuse)
    assert not window.save_current()
    (error,) = _errors(prompts)
    assert "cards.yaml could not be saved" in error and "Nothing is lost" in error
    assert ".tmp" not in error
    assert cards.is_dirty and cards.text().endswith("# edited\n")
    assert cards.path.read_text(encoding="utf-8") == before


def test_a_file_tab_with_text_that_cannot_be_encoded_is_told(
    window: MainWindow,
    prompts: ScriptedPrompts,
    cards: document_tabs.DocumentTab,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = cards.path.read_bytes()
    cards.replace_text(cards.text() + "# edited\n", modified=True)
    monkeypatch.setattr(cards, "text", lambda: "cards: \ud800\n")
    assert not window.save_current()
    (error,) = _errors(prompts)
    assert "U+D800" in error
    assert cards.is_dirty and cards.path.read_bytes() == before
    assert _no_temporary_files(cards.path.parent)


def test_a_failing_autosave_of_file_tabs_is_told_once(
    window: MainWindow,
    prompts: ScriptedPrompts,
    cards: document_tabs.DocumentTab,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cards.replace_text(cards.text() + "# edited\n", modified=True)

    def refuse(buffers: dict[Path, str]) -> Path:
        raise UnencodableText(84, "line 3 holds U+D800")

    monkeypatch.setattr(window.documents.autosaver, "write", refuse)
    assert not window.documents.autosave_now()
    assert not window.documents.autosave_now()
    (error,) = _errors(prompts)
    assert "unsaved files could not be put aside" in error and "U+D800" in error
    assert cards.is_dirty


def test_the_start_sweeps_what_killed_saves_left(
    open_window, prompts: ScriptedPrompts, crab_file: Path, tmp_path: Path, scratch_pack: Path
) -> None:
    autosave = tmp_path / "data" / "autosave"
    autosave.mkdir(parents=True)
    left = [
        crab_file.parent / ".crab.layout.yaml.k1ll3d_0.tmp",
        crab_file.parent / ".other.layout.yaml.k1ll3d_1.tmp",
        autosave / ".autosave-1-2.json.k1ll3d_2.tmp",
        scratch_pack / ".cards.yaml.k1ll3d_3.tmp",
    ]
    for path in left:
        path.write_text("half")
    kept = crab_file.parent / "notes.tmp"
    kept.write_text("mine")
    window = open_window(crab_file)
    window.studio.set_folders([scratch_pack])
    window.files.offer_recovery()  # what the start runs (editor.ui.shell.app.run)
    assert not any(path.exists() for path in left)
    assert kept.exists()
