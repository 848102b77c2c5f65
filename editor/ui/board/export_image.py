"""Images of a board, PNG or SVG, painted by the board view's own painter (the painter of
the board's grid, :func:`editor.ui.board.painters.for_grid`).

``seastack render`` and the editor's File > Export image both call :func:`export_image`, so a
picture in a rulebook looks exactly like the board in the editor. Labels are written or not:
``render`` writes them unless ``--no-labels``; the editor writes them when its labels show
"always" (an image has no hover, so "on hover" exports as "off"). The image is drawn in
memory and then written atomically: a failed export never leaves half a file.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPaintDevice, QPainter
from PySide6.QtSvg import QSvgGenerator

from editor.core.atomic import write_bytes_atomic
from editor.studio.board_picture import BoardPicture
from editor.ui.board.painters import for_grid
from editor.ui.common.display_check import display_problem

#: The grid size of a space in scene units (hex: centre to corner; square: half the side).
HEX_SIZE = 40.0
MARGIN = 12.0
FORMATS = {".png": "PNG", ".svg": "SVG"}


@dataclass(frozen=True)
class ImageStyle:
    """How an image draws the board: labels written, tile backs shown, background colour."""

    labels: bool = True
    backs: bool = False
    background: str = "#ffffff"


class ExportError(Exception):
    """An image cannot be written: unknown extension, or the file system refused."""


def application() -> QGuiApplication:
    """The running Qt application, or a new one for headless drawing.

    Drawing needs no window, so the offscreen platform is used unless ``QT_QPA_PLATFORM``
    names another one that can work here; the caller keeps the returned object alive.
    """
    existing = QGuiApplication.instance()
    if isinstance(existing, QGuiApplication):
        return existing
    if not os.environ.get("QT_QPA_PLATFORM") or display_problem() is not None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    return QGuiApplication(["seastack"])


def image_format(path: Path) -> str:
    """``"PNG"`` or ``"SVG"`` from a file's extension; :class:`ExportError` for others."""
    found = FORMATS.get(path.suffix.lower())
    if found is None:
        shown = f"'{path.suffix}'" if path.suffix else "no extension"
        raise ExportError(
            f"cannot write {str(path)!r}: {shown} is not an image type Seastack writes;"
            " end the name with .png or .svg"
        )
    return found


def _scene_rect(picture: BoardPicture) -> QRectF:
    rect = for_grid(picture.grid).board_rect(picture.spaces(), HEX_SIZE)
    return rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)


def natural_size(picture: BoardPicture) -> tuple[int, int]:
    """The image size in pixels when none is asked for (one scene unit per pixel)."""
    rect = _scene_rect(picture)
    return max(math.ceil(rect.width()), 1), max(math.ceil(rect.height()), 1)


def image_point(
    picture: BoardPicture, label: str, size: tuple[int, int] | None = None
) -> tuple[float, float, float]:
    """Where a space's centre lands in an image of ``size``: ``(x, y, space size)`` in pixels
    (the space size is the grid's: a hex's centre to corner, half a square's side)."""
    width, height = size or natural_size(picture)
    rect = _scene_rect(picture)
    scale = min(width / rect.width(), height / rect.height())
    centre = for_grid(picture.grid).centre(label, HEX_SIZE)
    x = (width - rect.width() * scale) / 2 + (centre.x() - rect.left()) * scale
    y = (height - rect.height() * scale) / 2 + (centre.y() - rect.top()) * scale
    return x, y, HEX_SIZE * scale


def _draw_on(
    device: QPaintDevice,
    picture: BoardPicture,
    size: tuple[int, int],
    style: ImageStyle,
) -> None:
    """Fill an image or an SVG generator of ``size`` pixels with the background and the
    board, fitted and centred, and finish the painting."""
    width, height = size
    rect = _scene_rect(picture)
    scale = min(width / rect.width(), height / rect.height())
    painter = QPainter(device)
    try:
        painter.fillRect(QRectF(0, 0, width, height), QColor(style.background))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.translate((width - rect.width() * scale) / 2, (height - rect.height() * scale) / 2)
        painter.scale(scale, scale)
        painter.translate(-rect.left(), -rect.top())
        for_grid(picture.grid).paint_picture(
            painter, picture, HEX_SIZE, show_marks=style.backs, show_labels=style.labels
        )
    finally:
        painter.end()


def render_image(
    picture: BoardPicture, size: tuple[int, int] | None = None, style: ImageStyle = ImageStyle()
) -> QImage:
    """The board as an image of ``size`` pixels (default: :func:`natural_size`)."""
    width, height = size or natural_size(picture)
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    _draw_on(image, picture, (width, height), style)
    return image


def svg_bytes(
    picture: BoardPicture, size: tuple[int, int] | None = None, style: ImageStyle = ImageStyle()
) -> bytes:
    """The board as an SVG document, drawn by the same code as :func:`render_image`."""
    width, height = size or natural_size(picture)

    def write(buffer: QBuffer) -> None:
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setSize(QSize(width, height))
        generator.setViewBox(QRectF(0, 0, width, height))
        generator.setResolution(96)  # CSS pixels: the mm size Qt writes is then width px
        generator.setTitle(picture.title or "Seastack board")
        generator.setDescription("Drawn by Seastack")
        _draw_on(generator, picture, (width, height), style)

    return _buffered(write)


def png_bytes(
    picture: BoardPicture, size: tuple[int, int] | None = None, style: ImageStyle = ImageStyle()
) -> bytes:
    """The board as PNG data."""
    image = render_image(picture, size, style)

    def write(buffer: QBuffer) -> None:
        if not image.save(buffer, "PNG"):
            raise ExportError("Qt could not encode the PNG image")

    return _buffered(write)


def _buffered(write: Callable[[QBuffer], None]) -> bytes:
    """The bytes ``write`` puts into an in-memory buffer (written to disk atomically later)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    try:
        write(buffer)
    finally:
        buffer.close()
    return bytes(data.data())


def export_image(
    picture: BoardPicture,
    path: Path | str,
    size: tuple[int, int] | None = None,
    *,
    labels: bool = True,
    backs: bool = False,
    background: str = "#ffffff",
) -> Path:
    """Write the board to ``path``, PNG or SVG by its extension; returns the path written.

    Raises :class:`ExportError` with a message naming the file when it cannot be written.
    A ``QGuiApplication`` must exist (text needs fonts).
    """
    target = Path(path)
    kind = image_format(target)
    if QGuiApplication.instance() is None:
        raise ExportError("drawing needs a Qt application; none was started")
    folder = target.parent
    if not folder.is_dir():
        why = "is not a folder" if folder.exists() else "does not exist"
        raise ExportError(f"cannot write {str(target)!r}: {str(folder)!r} {why}")
    if target.is_dir():
        raise ExportError(f"cannot write {str(target)!r}: it is a folder")
    draw = png_bytes if kind == "PNG" else svg_bytes
    data = draw(picture, size, ImageStyle(labels, backs, background))
    try:
        write_bytes_atomic(target, data)
    except OSError as exc:
        raise ExportError(f"cannot write {str(target)!r}: {exc.strerror or exc}") from exc
    return target
