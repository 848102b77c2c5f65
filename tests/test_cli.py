"""`seastack validate` as a user runs it: output lines, formats and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main

LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (error|warning) [a-z-]+: .+$")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["validate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_everything_bundled_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 0
    assert out == ""
    assert re.match(r"checked \d+ files: 0 errors, 0 warnings", err)


def test_bad_files_fail_with_compiler_style_lines(
    capsys: pytest.CaptureFixture[str], bad_dir: Path
) -> None:
    code, out, err = run(capsys, str(bad_dir / "layouts"))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) >= 16
    assert all(LINE.match(line) for line in lines), lines
    assert "unknown-key" in out and "illegal-stack" in out
    assert "errors" in err


def test_json_output_for_tools(capsys: pytest.CaptureFixture[str], bad_dir: Path) -> None:
    code, out, _ = run(
        capsys, "--format", "json", str(bad_dir / "layouts" / "off-board.layout.yaml")
    )
    assert code == 1
    data = json.loads(out)
    assert data["errors"] == 2 and data["ok"] is False
    assert [(d["code"], d["line"], d["column"]) for d in data["diagnostics"]] == [
        ("too-small", 6, 1),
        ("off-board", 8, 3),
        ("off-board", 9, 3),
    ]


def _board_with_a_warning(folder: Path) -> Path:
    path = folder / "odd.board.yaml"
    path.write_text(
        "id: odd\nname: Odd\ngame: snails\ngrid: hex\ncolumns: 3\nrows: 3\nomit: [Z9]\n"
    )
    return path


def test_warnings_fail_only_with_strict(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _board_with_a_warning(tmp_path)
    code, out, _ = run(capsys, str(path))
    assert code == 0
    assert ": warning off-board: Z9" in out
    code, _, _ = run(capsys, "--strict", str(path))
    assert code == 1


def test_a_missing_path_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, str(tmp_path / "nope.layout.yaml"))
    assert code == 2
    assert "nope.layout.yaml" in err and "no such file" in err
    assert out == ""


def test_bad_usage_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["validate", "--format", "xml"])
    assert exit_info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_a_binary_file_gets_a_clear_answer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "island.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    code, out, _ = run(capsys, str(picture))
    assert code == 1
    assert "unknown-file-kind" in out and "not a Seastack file" in out
    disguised = tmp_path / "island.layout.yaml"
    disguised.write_bytes(picture.read_bytes())
    code, out, _ = run(capsys, str(disguised))
    assert code == 1
    assert "binary-file" in out


def test_an_empty_file_gets_a_clear_answer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "nothing.layout.yaml"
    empty.write_text("")
    code, out, _ = run(capsys, str(empty))
    assert code == 1
    assert out.strip().endswith("error empty-file: the file is empty; a layout is expected")


def test_a_folder_of_thousands_of_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for index in range(3000):
        (tmp_path / f"note-{index}.txt").write_text("not yaml")
    for index in range(200):
        (tmp_path / f"config-{index}.yaml").write_text("a: 1\n")
    (tmp_path / "broken.layout.yaml").write_text("id: [\n")
    code, out, err = run(capsys, str(tmp_path))
    assert code == 1
    assert out.count("\n") == 1 and "yaml-syntax" in out
    assert "checked 1 file: 1 error, 0 warnings (3200 other files skipped)" in err


def test_a_folder_with_no_seastack_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "readme.txt").write_text("hello")
    code, out, err = run(capsys, str(tmp_path))
    assert code == 0 and out == ""
    assert "found no Seastack files" in err


def test_the_installed_command_never_shows_a_traceback(bad_dir: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "editor", "validate", str(bad_dir)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    assert all(LINE.match(line) for line in result.stdout.splitlines())


def test_edit_refuses_what_it_cannot_open(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, bad_dir: Path
) -> None:
    assert main(["edit", str(tmp_path / "missing.layout.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["edit", str(bad_dir / "layouts" / "syntax.layout.yaml")]) == 1
    err = capsys.readouterr().err
    assert "yaml-syntax" in err
    assert "is not a layout that can be opened" in err


def test_an_empty_path_is_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "")
    assert code == 2
    assert "empty path" in err


def test_a_bug_of_ours_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("editor.cli.load_workspace", broken)
    code, out, err = run(capsys)
    assert code == 70
    assert out == ""
    assert err.strip() == (
        "seastack: internal error (RuntimeError: boom); please report it with the command you ran"
    )


def test_an_unreadable_folder_is_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    (tmp_path / "locked").mkdir()
    real_walk = os.walk

    def walk(top: str, onerror: object = None, **kwargs: object):  # type: ignore[no-untyped-def]
        for root, dirs, names in real_walk(top, **kwargs):  # type: ignore[arg-type]
            if Path(root).name == "locked":
                error = PermissionError(13, "Permission denied", root)
                onerror(error)  # type: ignore[operator]
                continue
            yield root, dirs, names

    monkeypatch.setattr("editor.core.files.os.walk", walk)
    code, out, _ = run(capsys, str(tmp_path))
    assert code == 1
    assert "locked:1:1: error unreadable-file: cannot read the folder: Permission denied" in out
