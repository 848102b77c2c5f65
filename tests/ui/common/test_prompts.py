"""The real dialogs' answers as the editor reads them (the dialogs themselves stubbed out)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from editor.ui.common.prompts import Prompts


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """What the file dialog returns and what the yes/no question answers; records questions."""
    state: dict[str, object] = {"file": ("", ""), "yes": False, "asked": []}

    def file_dialog(*_args: object, **_kwargs: object) -> tuple[str, str]:
        return state["file"]  # type: ignore[return-value]

    def question(_parent: object, _title: str, text: str, *_rest: object) -> object:
        state["asked"].append(text)  # type: ignore[attr-defined]
        yes = QMessageBox.StandardButton.Yes
        return yes if state["yes"] else QMessageBox.StandardButton.No

    monkeypatch.setattr("editor.ui.common.prompts.QFileDialog.getSaveFileName", file_dialog)
    monkeypatch.setattr("editor.ui.common.prompts.QMessageBox.question", question)
    return state


def test_a_completed_name_that_exists_is_not_replaced_unasked(
    qapp: object, answers: dict[str, object], tmp_path: Path
) -> None:
    existing = tmp_path / "crab.layout.yaml"
    existing.write_text("id: crab\n", encoding="utf-8")
    answers["file"] = (str(tmp_path / "crab"), "")  # the dialog asked about "crab" only
    assert Prompts().save_path(tmp_path / "x.layout.yaml") is None
    assert answers["asked"] == [f"crab.layout.yaml already exists in {tmp_path}. Replace it?"]
    answers["yes"] = True
    assert Prompts().save_path(tmp_path / "x.layout.yaml") == existing


def test_a_completed_name_that_is_new_asks_nothing(
    qapp: object, answers: dict[str, object], tmp_path: Path
) -> None:
    answers["file"] = (str(tmp_path / "crab.yaml"), "")
    assert Prompts().save_path(tmp_path / "x.layout.yaml") == tmp_path / "crab.layout.yaml"
    answers["file"] = (str(tmp_path / "board"), "SVG image (*.svg)")
    assert Prompts().export_path(tmp_path / "x.png") == tmp_path / "board.svg"
    assert answers["asked"] == []


def test_an_image_name_completed_onto_an_existing_file_asks(
    qapp: object, answers: dict[str, object], tmp_path: Path
) -> None:
    (tmp_path / "board.png").write_bytes(b"png")
    answers["file"] = (str(tmp_path / "board"), "PNG image (*.png)")
    assert Prompts().export_path(tmp_path / "x.png") is None
    assert len(answers["asked"]) == 1  # type: ignore[arg-type]
