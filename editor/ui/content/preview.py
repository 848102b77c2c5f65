"""The Preview dock: the card, faction... under the text cursor, as a readable face.

The face comes from the game's ``preview`` hook (:class:`editor.core.registry.Game`); this
module only finds the entry under the cursor in the parsed text and draws the face: its words
as rich text, and the tiles it shows from above (``Face.art``) as pictures below them. Text
that does not parse, or an entry its schema rejects, keeps the last good face, greyed, with
"(text has errors)".
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from editor.core import registry
from editor.core.documents import Document, parse_document
from editor.core.file_games import game_for_kind
from editor.core.files import file_kind
from editor.core.registry import Face, TileArt
from editor.core.schemas import SchemaRegistry
from editor.ui.common.tile_art import paint_tile_art

FOLLOW_DELAY_MS = 200
ERRORS_NOTE = "(text has errors)"
NOTHING = "Put the text cursor on a card, faction or other entry of a content file."


def entry_at(document: Document, line: int) -> tuple[str, int, Mapping[str, Any]] | None:
    """The list entry under a 1-based line: ``(top key, index, entry)``.

    On a line between entries (a comment, a blank) the entry above is taken; above the first
    entry of a list, none.
    """
    data = document.data
    if not isinstance(data, dict):
        return None
    best: tuple[int, str, int, Mapping[str, Any]] | None = None
    for key, items in data.items():
        if not isinstance(items, list):
            continue
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            start = document.value_span((key, index)).line
            if start <= line and (best is None or start >= best[0]):
                best = (start, key, index, item)
    return None if best is None else (best[1], best[2], best[3])


def game_for(path: Path, kind: str) -> registry.Game | None:
    """The registered game that reads the file at ``path`` (of ``kind``), if it can preview it."""
    game = game_for_kind(path, kind)
    return game if game is not None and game.content.preview is not None else None


def face_html(face: Face, stale: bool = False) -> str:
    """A face as rich text for a QLabel."""
    e = html.escape
    colour = "#888888" if stale else "palette(text)"
    parts = [f"<div style='color:{colour}'>"]
    if stale:
        parts.append(f"<p><i>{e(ERRORS_NOTE)}</i></p>")
    parts.append(f"<h3 style='margin-bottom:0'>{e(face.name)}</h3>")
    parts.append(f"<p style='margin-top:0'><i>{e(face.kind)}</i>")
    if face.id:
        parts.append(f" · <tt>{e(face.id)}</tt>")
    parts.append("</p>")
    if face.details:
        rows = "".join(
            f"<tr><td><b>{e(line.label)}</b>&nbsp;</td><td>{e(line.text)}</td></tr>"
            for line in face.details
        )
        parts.append(f"<table>{rows}</table>")
    if face.results:
        rows = "".join(
            f"<tr><td><b>{e(line.label)}</b>&nbsp;</td><td>{e(line.text)}</td></tr>"
            for line in face.results
        )
        parts.append(f"<p><b>Results</b></p><table>{rows}</table>")
    if face.effects:
        items = "".join(f"<li>{e(text)}</li>" for text in face.effects)
        parts.append(f"<p><b>Effects</b></p><ul>{items}</ul>")
    if face.abilities:
        items = "".join(f"<li><b>{e(a.label)}</b>: {e(a.text)}</li>" for a in face.abilities)
        parts.append(f"<p><b>Abilities</b></p><ul>{items}</ul>")
    if face.text:
        parts.append(f"<p><i>{e(face.text)}</i></p>")
    parts.append("</div>")
    return "".join(parts)


class ArtStrip(QWidget):
    """The tiles of a face seen from above, each with its caption, in rows that wrap."""

    #: A tile's side, the room of one tile with its caption, and the gap between them.
    TILE = 72
    CELL = QSize(104, 72 + 34)
    GAP = 8

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.art: tuple[tuple[str, TileArt], ...] = ()
        self.stale = False
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setVisible(False)

    def set_art(self, art: Sequence[tuple[str, TileArt]], stale: bool = False) -> None:
        """Show these tiles (greyed when ``stale``); none hides the strip."""
        self.art, self.stale = tuple(art), stale
        self.setVisible(bool(self.art))
        self.updateGeometry()
        self.update()

    def _columns(self, width: int) -> int:
        return max(1, (width + self.GAP) // (self.CELL.width() + self.GAP))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        rows = math.ceil(len(self.art) / self._columns(width))
        return rows * (self.CELL.height() + self.GAP)

    def sizeHint(self) -> QSize:
        width = 3 * (self.CELL.width() + self.GAP)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        return QSize(self.CELL.width(), self.heightForWidth(self.CELL.width()))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.stale:
            painter.setOpacity(0.45)
        columns = self._columns(self.width())
        cell_w, cell_h = self.CELL.width(), self.CELL.height()
        for index, (caption, art) in enumerate(self.art):
            row, column = divmod(index, columns)
            left, top = column * (cell_w + self.GAP), row * (cell_h + self.GAP)
            centre = QPointF(left + cell_w / 2, top + self.TILE / 2 + 2)
            paint_tile_art(painter, centre, self.TILE / 2, art)
            painter.setPen(self.palette().text().color())
            box = QRectF(left, top + self.TILE + 6, cell_w, cell_h - self.TILE - 6)
            flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
            painter.drawText(box, int(flags) | int(Qt.TextFlag.TextWordWrap), caption)
        painter.end()


class PreviewPanel(QWidget):
    """Shows the face of the entry under the cursor; follows the text as it is typed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.face: Face | None = None
        #: True when the face shown is the last good one and the text now has errors.
        self.stale = False
        self.problem = ""
        self._schemas: SchemaRegistry | None = None
        self._pending: tuple[Path | None, str, int] | None = None
        self._path: Path | None = None
        self._text = ""
        self.label = QLabel(NOTHING, self)
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_label = QLabel("", self)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.setWordWrap(True)
        #: The tiles the face shows from above, below its words.
        self.art = ArtStrip(self)
        page = QWidget(self)
        page_layout = QVBoxLayout(page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self.label)
        page_layout.addWidget(self.art)
        page_layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.status_label)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(FOLLOW_DELAY_MS)
        self._timer.timeout.connect(self.flush)

    # --- following the editor ---------------------------------------------------------

    def follow(self, path: Path | None, text: str, line: int | None = None) -> None:
        """The text changed: show its face after a short pause (typing restarts it)."""
        if line is None:
            line = self._pending[2] if self._pending is not None else 1
        self._pending = (path, text, line)
        self._timer.start()

    def text_changed(self, path: object, text: str) -> None:
        """Slot for an editor's ``(path, text)`` signal."""
        self.follow(Path(path) if path else None, text)

    def cursor_moved(self, path: object, line: int, _column: int = 0) -> None:
        """Slot for an editor's ``(path, line, column)`` signal: same text, another line."""
        path = Path(path) if path else None
        if self._pending is not None:
            self._pending = (path, self._pending[1], line)
            self._timer.start()
        elif path == self._path:
            self._pending = (path, self._text, line)
            self._timer.start()

    def flush(self) -> None:
        """Show what is pending now (the timer's end; tests call it instead of waiting)."""
        self._timer.stop()
        if self._pending is not None:
            pending, self._pending = self._pending, None
            self.show_text(*pending)

    # --- showing ----------------------------------------------------------------------

    def show_text(self, path: Path | None, text: str, line: int) -> None:
        """Show the face of the entry at ``line`` of ``text`` (a file named like ``path``)."""
        self._path, self._text = path, text
        kind = file_kind(path) if path is not None else None
        game = game_for(path, kind) if path is not None and kind else None
        if game is None or kind is None or game.content.preview is None:
            self._show(None, False, "")
            return
        document, problems = parse_document(text, path.name if path else "text")
        if document is None or (problems and not document.is_empty):
            first = problems[0] if problems else None
            where = f"line {first.line}: {first.message}" if first else ""
            self._show(self.face, True, where)
            return
        found = entry_at(document, line)
        if found is None:
            self._show(None, False, "")
            return
        key, index, entry = found
        errors = [
            d
            for d in self._schema_errors(document, game.content.file_kinds[kind])
            if _inside(document, (key, index), d.line)
        ]
        if errors:
            self._show(self.face, True, f"line {errors[0].line}: {errors[0].message}")
            return
        try:
            face = game.content.preview(kind, entry)
        except (KeyError, TypeError, ValueError) as exc:
            # a hook that cannot read a valid entry is a bug of ours: say so, keep the editor
            self._show(self.face, True, f"cannot show this entry: {exc}")
            return
        self._show(face, False, "")

    def _schema_errors(self, document: Document, schema: str) -> list[Any]:
        if self._schemas is None:
            self._schemas = SchemaRegistry()
        return [d for d in self._schemas.validate(document, schema, "content") if d.is_error]

    def _show(self, face: Face | None, stale: bool, problem: str) -> None:
        self.face = face
        self.stale = stale and face is not None
        self.problem = problem
        if face is None:
            self.label.setText(html.escape(ERRORS_NOTE if stale else NOTHING))
        else:
            self.label.setText(face_html(face, self.stale))
        self.art.set_art(face.art if face is not None else (), self.stale)
        self.status_label.setText(problem)
        self.status_label.setVisible(bool(problem))


def _inside(document: Document, path: tuple[str, int], line: int) -> bool:
    span = document.value_span(path)
    return span.line <= line <= span.end_line
