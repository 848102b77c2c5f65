"""`seastack render` and the image export it shares with the editor."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer
from pytestqt.qtbot import QtBot

from editor.cli import main
from editor.core.resources import layouts_dir
from editor.core.workspace import load_workspace
from editor.studio.board_picture import layout_picture
from editor.ui.board.export_image import ExportError, export_image, image_point, natural_size

CRAB = layouts_dir() / "crustacean.layout.yaml"
BEACH = QColor("#e9d8a6")  # the bundled packs' colours, as the editor paints them
MEADOW = QColor("#8fbf5a")
WATER = QColor("#3f7fbf")


def _close(a: QColor, b: QColor, tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def _at(image: QImage, point: tuple[float, float, float]) -> QColor:
    """The colour half a hex left of a space's centre: its ground, clear of any text."""
    x, y, size = point
    return image.pixelColor(int(x - 0.5 * size), int(y))


def _render(tmp_path: Path, layout: Path, name: str, *extra: str) -> QImage:
    out = tmp_path / name
    assert main(["render", str(layout), "-o", str(out), *extra]) == 0
    image = QImage(str(out))
    assert not image.isNull()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def _pixel(row: bytes, x: int) -> bytes:
    return row[4 * x : 4 * x + 4]


def _differences(a: QImage, b: QImage) -> list[tuple[int, int]]:
    """Every pixel at which two images of one size differ (row by row, as bytes)."""
    assert (a.width(), a.height()) == (b.width(), b.height())
    found: list[tuple[int, int]] = []
    for y in range(a.height()):
        row_a, row_b = bytes(a.constScanLine(y)), bytes(b.constScanLine(y))
        if row_a != row_b:
            found += [(x, y) for x in range(a.width()) if _pixel(row_a, x) != _pixel(row_b, x)]
    return found


def test_render_writes_a_png_that_shows_the_layout(qtbot: QtBot, tmp_path: Path) -> None:
    image = _render(tmp_path, CRAB, "crab.png")
    ws = load_workspace([CRAB])
    picture = layout_picture(ws, ws.layouts["crustacean"])
    assert (image.width(), image.height()) == natural_size(picture)
    assert _close(_at(image, image_point(picture, "J6")), BEACH)  # a lone beach
    assert _close(_at(image, image_point(picture, "D4")), MEADOW)  # a meadow on a beach
    assert _close(_at(image, image_point(picture, "A5")), WATER)  # open sea


def test_pixels_differ_only_where_the_layouts_differ(qtbot: QtBot, tmp_path: Path) -> None:
    changed = tmp_path / "changed.layout.yaml"
    text = CRAB.read_text()
    assert "  D4: [beach, meadow]\n" in text
    changed.write_text(text.replace("  D4: [beach, meadow]\n", "  D4: [beach]\n"))
    before = _render(tmp_path, CRAB, "before.png")
    after = _render(tmp_path, changed, "after.png")

    ws = load_workspace([CRAB])
    point = image_point(layout_picture(ws, ws.layouts["crustacean"]), "D4")
    cx, cy, size = point
    differences = _differences(before, after)
    near = [(x, y) for x, y in differences if (x - cx) ** 2 + (y - cy) ** 2 <= (0.8 * size) ** 2]
    far = [(x, y) for x, y in differences if (x - cx) ** 2 + (y - cy) ** 2 > (1.1 * size) ** 2]
    assert len(near) > 0.5 * size * size  # the meadow terrace and the count are gone
    assert far == []  # everything away from D4 is the same, pixel for pixel
    assert _close(_at(before, point), MEADOW)
    assert _close(_at(after, point), BEACH)


def test_size_and_labels(qtbot: QtBot, tmp_path: Path) -> None:
    labelled = _render(tmp_path, CRAB, "a.png", "--size", "500x300")
    bare = _render(tmp_path, CRAB, "b.png", "--size", "500x300", "--no-labels")
    assert (labelled.width(), labelled.height()) == (500, 300)
    # the board is fitted: white margins left and right of a wide image
    assert labelled.pixelColor(2, 150) == QColor("#ffffff")
    assert _differences(labelled, bare)  # the labels are gone...
    assert labelled.pixelColor(250, 150) == bare.pixelColor(250, 150)  # ...nothing else is


def test_render_writes_an_svg_drawn_like_the_png(qtbot: QtBot, tmp_path: Path) -> None:
    out = tmp_path / "crab.svg"
    assert main(["render", str(CRAB), "-o", str(out)]) == 0
    text = out.read_text()
    assert "<svg" in text and "<title>Crustacean</title>" in text
    renderer = QSvgRenderer(QByteArray(text.encode()))
    assert renderer.isValid()
    ws = load_workspace([CRAB])
    picture = layout_picture(ws, ws.layouts["crustacean"])
    width, height = natural_size(picture)
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ff00ff"))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    for label, colour in (("J6", BEACH), ("A5", WATER), ("D4", MEADOW)):
        assert _close(_at(image, image_point(picture, label)), colour), label


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "{tmp}/x.jpg"], "the name must end with .png or .svg"),
        (["-o", "{tmp}/missing/x.png"], "does not exist"),
        (["-o", "{tmp}/file.txt/x.png"], "is not a folder"),
        (["-o", "{tmp}"], "the name must end with .png or .svg"),
    ],
)
def test_bad_outputs_exit_2(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    (tmp_path / "file.txt").write_text("x")
    argv = ["render", str(CRAB), *(a.format(tmp=tmp_path) for a in args)]
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]  # nothing half-written


def test_an_svg_named_folder_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    (tmp_path / "out.svg").mkdir()
    ws = load_workspace([CRAB])
    with pytest.raises(ExportError, match="it is a folder"):
        export_image(layout_picture(ws, ws.layouts["crustacean"]), tmp_path / "out.svg")


def test_a_bad_layout_exits_2_naming_line_and_column(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str], bad_dir: Path
) -> None:
    bad = bad_dir / "layouts" / "illegal-stack.layout.yaml"
    assert main(["render", str(bad), "-o", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "illegal-stack.layout.yaml:7:8: error illegal-stack" in err
    assert "has errors; nothing drawn" in err
    assert not (tmp_path / "x.png").exists()


def test_missing_files_and_bad_sizes_exit_2(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", str(tmp_path / "none.layout.yaml"), "-o", "x.png"]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        main(["render", str(CRAB), "-o", str(tmp_path / "x.png"), "--size", "wide"])
    assert exit_info.value.code == 2
    assert "'wide' is not WIDTHxHEIGHT" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # 8000 x 8000 pixels is already 256 MB of image
        main(["render", str(CRAB), "-o", str(tmp_path / "x.png"), "--size", "9000x100"])
    assert "must be 1 to 8000 pixels" in capsys.readouterr().err


def test_render_without_a_display(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    env.pop("WAYLAND_DISPLAY", None)
    out = tmp_path / "robot.png"
    layout = layouts_dir() / "robot.layout.yaml"
    done = subprocess.run(
        [sys.executable, "-m", "editor", "render", str(layout), "-o", str(out)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert not QImage(str(out)).isNull()


def test_warnings_are_shown_but_the_image_is_drawn(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str], bad_dir: Path
) -> None:
    layout = bad_dir / "layouts" / "land-cut-off.layout.yaml"
    out = tmp_path / "islands.svg"
    assert main(["render", str(layout), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "land-cut-off.layout.yaml:15:3: warning land-cut-off" in err
    assert out.read_text().rstrip().endswith("</svg>")


def test_a_folder_or_a_file_that_is_not_a_layout_is_refused_by_name(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str], bad_dir: Path
) -> None:
    out = tmp_path / "x.png"
    assert main(["render", str(bad_dir / "layouts"), "-o", str(out)]) == 2
    assert "is a folder; give a layout file" in capsys.readouterr().err
    board = layouts_dir() / "snails-expert.board.yaml"
    assert main(["render", str(board), "-o", str(out)]) == 2
    assert "snails-expert.board.yaml is not a layout" in capsys.readouterr().err
    assert not out.exists()


def test_a_layout_that_does_not_parse_has_errors_not_no_layout(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "b.layout.yaml"
    broken.write_text("game: snails\nboard: [x\n")
    assert main(["render", str(broken), "-o", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "b.layout.yaml:3:1: error" in err and "b.layout.yaml has errors; nothing drawn" in err
