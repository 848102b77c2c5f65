"""The window's tabs of content files: open, check as you type, save, reload, close, autosave.

The first tab of the window's central :class:`QTabWidget` is the board and never closes; every
other tab is a :class:`DocumentTab` holding one YAML file in a
:class:`~editor.ui.content.code_editor.CodeEditor`. :class:`DocumentTabs` manages them: the live
check runs the core's one loader (``load_workspace(paths, texts=...)``) on the unsaved text of
every open tab shortly after an edit, and shows the problems underlined and in the Problems
dock; saves are atomic; a file changed on disk by another program is reloaded when the tab
holds no edits and offered for reload when it does; unsaved text is autosaved and offered
back after a crash.

The tabs are built from the :class:`~editor.studio.studio.Studio` (they are its source of open
texts, and tell it of each change with ``studio.text_changed(path)``) and the window's
:class:`~editor.ui.common.services.ContentServices`; what the window shows of them (the
Problems dock, the title's unsaved mark, the board's Undo) it connects to their signals.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QTextCursor
from PySide6.QtWidgets import QLabel, QTabBar, QTabWidget, QVBoxLayout, QWidget

from editor.core.atomic import write_text_atomic
from editor.core.diagnostics import Diagnostic
from editor.core.documents import parse_document
from editor.core.files import display_path
from editor.core.resources import content_dir
from editor.core.schema_help import known_ids, schema_for_file
from editor.core.schemas import SchemaRegistry
from editor.core.workspace import PathError, load_workspace
from editor.studio.autosave import BufferAutosaver, Recovery
from editor.studio.studio import Studio
from editor.ui.common.save_errors import save_failure, tell_autosave_failed
from editor.ui.common.services import ContentServices
from editor.ui.content.code_editor import CodeEditor
from editor.ui.content.find_bar import FindBar

#: How long after the last keystroke the open files are checked.
CHECK_DELAY_MS = 300
#: How long after the last keystroke unsaved files are autosaved.
AUTOSAVE_DELAY_MS = 3000
#: How long after a watched file vanished it is looked for again (another program's save
#: may be halfway through replacing it).
GONE_RECHECK_MS = 300
#: Files larger than this are not opened in the editor (they are not hand-written YAML).
MAX_BYTES = 4 * 1024 * 1024


class FileProblem(Exception):
    """A file cannot be opened as text: missing, a folder, unreadable, binary, not UTF-8."""


def read_text(path: Path) -> str:
    """The UTF-8 text of a file to edit; :class:`FileProblem` says plainly why not."""
    try:
        if path.is_dir():
            raise FileProblem(f"{path.name} is a folder, not a file")
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise FileProblem(f"{path.name} is too large to edit ({size // 1024} KiB)")
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise FileProblem(f"{path.name} does not exist (in {path.parent})") from exc
    except OSError as exc:
        raise FileProblem(f"{path.name} cannot be read: {exc.strerror or exc}") from exc
    # the core's loader tells binary and non-UTF-8 files with the line and column
    _, problems = parse_document(data, path.name)
    for problem in problems:
        if problem.code == "binary-file":
            raise FileProblem(f"{problem.format()}; only UTF-8 text files can be edited")
    return data.decode("utf-8-sig")


def is_bundled_content(path: Path) -> bool:
    """Whether a file is part of the content shipped with Seastack (never overwritten)."""
    try:
        path.resolve().relative_to(content_dir().resolve())
    except ValueError:
        return False
    return True


def tab_title(path: Path, dirty: bool) -> str:
    """``"snails-base/cards.yaml"``, with ``*`` after it while unsaved.

    >>> tab_title(Path("/x/snails-base/cards.yaml"), True)
    'snails-base/cards.yaml*'
    """
    name = f"{path.parent.name}/{path.name}" if path.parent.name else path.name
    return name + ("*" if dirty else "")


class DocumentTab(QWidget):
    """One open content file: the editor and, under it, the schema's words on the cursor's key."""

    def __init__(self, path: Path, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = path
        #: Whether the file ends its lines with CR LF (kept when it is saved).
        self.crlf = "\r\n" in text
        text = text.replace("\r\n", "\n")
        #: The text the file had on disk when last read or written (lines ending in LF).
        self.disk_text = text
        #: True while the tab's text is replaced by the program (not an edit of the user).
        self.loading = False
        self.editor = CodeEditor(self)
        self.loading = True
        self.editor.setPlainText(text)
        self.loading = False
        self.editor.document().setModified(False)
        self.help_label = QLabel(self)
        self.help_label.setWordWrap(True)
        self.help_label.setObjectName("SchemaHelp")
        self.editor.help_changed.connect(self.help_label.setText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        #: Ctrl+F: find in this file.
        self.find_bar = FindBar(self.editor, self)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.find_bar)
        layout.addWidget(self.help_label)

    @property
    def is_dirty(self) -> bool:
        """Whether the text differs from what was last saved or loaded (undo may clear it)."""
        return bool(self.editor.document().isModified())

    def text(self) -> str:
        """The text in the editor now."""
        return str(self.editor.toPlainText())

    def replace_text(self, text: str, *, modified: bool) -> None:
        """Put new text in as one undoable step (a reload can be undone), cursor kept near."""
        line, column = self.editor.position()
        self.loading = True
        cursor = QTextCursor(self.editor.document())
        cursor.beginEditBlock()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text)
        cursor.endEditBlock()
        self.loading = False
        self.editor.document().setModified(modified)
        self.editor.go_to(line, column)


class DocumentTabs(QObject):
    """The content-file tabs of one window, and everything that keeps their text safe.

    ``tabs`` is the window's central tab widget, whose first tab (the board) never closes;
    the Undo, Redo, Find and Close Tab actions are added to ``parent`` so that their
    shortcuts work anywhere in it.
    """

    #: The current tab's file (None on the board tab) and its text, on a switch or an edit.
    current_text_changed = Signal(object, str)
    #: The current tab's file and its cursor's 1-based line and column.
    cursor_moved = Signal(object, int, int)
    #: The content files' problems were checked again: given them (for the Problems dock).
    diagnostics_changed = Signal(list)
    #: Whether some tab holds unsaved edits may have changed (the window's title marks it).
    dirty_changed = Signal()
    #: True when a file tab became current (its Undo and Redo act), False on another tab.
    file_tab_current = Signal(bool)
    #: A tab's file was saved under a new name: given the new path (the Project dock lists it).
    saved_as = Signal(object)

    def __init__(
        self,
        studio: Studio,
        services: ContentServices,
        parent: QWidget,
        tabs: QTabWidget,
    ) -> None:
        super().__init__(parent)
        self.studio = studio
        self.services = services
        self.tabs = tabs
        self.diagnostics: list[Diagnostic] = []
        self._schemas: SchemaRegistry | None = None
        self._asking: set[Path] = set()
        self.autosaver = BufferAutosaver(services.data_dir / "autosave")
        #: Whether the last autosave failed (the user was told; the next failure is not).
        self._autosave_failing = False
        studio.read_texts_from(self.unsaved_texts)
        tabs.setTabsClosable(True)
        tabs.setMovable(False)
        tabs.setDocumentMode(True)
        for side in (QTabBar.ButtonPosition.RightSide, QTabBar.ButtonPosition.LeftSide):
            tabs.tabBar().setTabButton(0, side, None)  # the board never closes
        tabs.tabCloseRequested.connect(self.close_index)
        tabs.currentChanged.connect(self._current_changed)

        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self.disk_changed)
        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(CHECK_DELAY_MS)
        self._check_timer.timeout.connect(self.run_checks)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.autosave_now)

        # Undo and Redo of the Edit menu while a file tab is current (the board keeps its stack)
        self.undo_action = QAction("&Undo", parent)
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.undo_action.triggered.connect(lambda _=False: self._editor_call("undo"))
        self.redo_action = QAction("&Redo", parent)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(lambda _=False: self._editor_call("redo"))
        self.find_action = QAction("&Find…", parent)
        self.find_action.setShortcuts([QKeySequence("Ctrl+F")])
        self.find_action.triggered.connect(lambda _=False: self.find_in_current())
        self.close_action = QAction("&Close Tab", parent)
        self.close_action.setShortcut(QKeySequence("Ctrl+W"))
        self.close_action.triggered.connect(lambda _=False: self.close_current())
        for action in (self.undo_action, self.redo_action, self.find_action, self.close_action):
            parent.addAction(action)
        self.undo_action.setVisible(False)
        self.redo_action.setVisible(False)

    # --- the tabs -----------------------------------------------------------------------

    @property
    def schemas(self) -> SchemaRegistry:
        """The schemas, read when the first file opens."""
        if self._schemas is None:
            self._schemas = SchemaRegistry()
        return self._schemas

    def all(self) -> list[DocumentTab]:
        """Every open file tab, in tab order."""
        found = []
        for index in range(self.tabs.count()):
            widget = self.tabs.widget(index)
            if isinstance(widget, DocumentTab):
                found.append(widget)
        return found

    def current(self) -> DocumentTab | None:
        """The current file tab; None on the board."""
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, DocumentTab) else None

    def tab_of(self, path: Path) -> DocumentTab | None:
        """The tab of a file, if it is open."""
        resolved = Path(path).resolve()
        return next((tab for tab in self.all() if tab.path == resolved), None)

    def unsaved_texts(self) -> dict[Path, str]:
        """The text of every open file tab by absolute path, saved or not."""
        return {tab.path: tab.text() for tab in self.all()}

    def open(self, path: Path) -> bool:
        """Open a file in a tab, or bring its tab forward; a clear message when it cannot."""
        resolved = Path(path).resolve()
        existing = self.tab_of(resolved)
        if existing is not None:
            self.tabs.setCurrentWidget(existing)
            return True
        try:
            text = read_text(resolved)
        except FileProblem as exc:
            self.services.prompts.error("Cannot open the file", str(exc))
            return False
        self._add(resolved, text)
        return True

    def _add(self, path: Path, text: str) -> DocumentTab:
        tab = DocumentTab(path, text)
        tab.editor.set_schema(self.schemas, schema_for_file(path))
        index = self.tabs.addTab(tab, tab_title(path, False))
        bundled = " (bundled with Seastack: edits can be tried, not saved)"
        self.tabs.setTabToolTip(index, str(path) + (bundled if is_bundled_content(path) else ""))
        document = tab.editor.document()
        document.modificationChanged.connect(lambda _m, t=tab: self._update_title(t))
        tab.editor.textChanged.connect(lambda t=tab: self._edited(t))
        tab.editor.cursorPositionChanged.connect(lambda t=tab: self._cursor_moved(t))
        document.undoAvailable.connect(lambda _a, t=tab: self._update_actions(t))
        document.redoAvailable.connect(lambda _a, t=tab: self._update_actions(t))
        if path.exists():
            self.watcher.addPath(str(path))
        self.tabs.setCurrentWidget(tab)
        tab.editor.setFocus()
        self.run_checks()
        self.studio.text_changed(path)  # the design is read with this tab's text from now on
        return tab

    def _update_title(self, tab: DocumentTab) -> None:
        index = self.tabs.indexOf(tab)
        if index >= 0:
            self.tabs.setTabText(index, tab_title(tab.path, tab.is_dirty))
        self.dirty_changed.emit()

    def _edited(self, tab: DocumentTab) -> None:
        if tab.loading:
            return
        self._check_timer.start()
        self._autosave_timer.start()
        if tab is self.current():
            self.current_text_changed.emit(tab.path, tab.text())
        self.studio.text_changed(tab.path)

    def _cursor_moved(self, tab: DocumentTab) -> None:
        if tab is self.current():
            line, column = tab.editor.position()
            self.cursor_moved.emit(tab.path, line, column)

    def _current_changed(self, _index: int) -> None:
        tab = self.current()
        on_board = tab is None
        self.file_tab_current.emit(not on_board)  # the board's Undo and Redo give way
        self.undo_action.setVisible(not on_board)
        self.redo_action.setVisible(not on_board)
        if tab is None:
            self.current_text_changed.emit(None, "")
            return
        self._update_actions(tab)
        self.current_text_changed.emit(tab.path, tab.text())
        line, column = tab.editor.position()
        self.cursor_moved.emit(tab.path, line, column)

    def _update_actions(self, tab: DocumentTab) -> None:
        if tab is self.current():
            document = tab.editor.document()
            self.undo_action.setEnabled(document.isUndoAvailable())
            self.redo_action.setEnabled(document.isRedoAvailable())

    def find_in_current(self) -> bool:
        """Ctrl+F: open the current file tab's find bar (False on the board or the replay)."""
        tab = self.current()
        if tab is None:
            self.services.status("Find works in a file's tab", 3000)
            return False
        tab.find_bar.open_bar()
        return True

    def _editor_call(self, name: str) -> None:
        tab = self.current()
        if tab is not None:
            getattr(tab.editor, name)()

    # --- checks -------------------------------------------------------------------------

    def run_checks(self) -> None:
        """Check every open file with the core's loader, on the unsaved texts; show problems."""
        self._check_timer.stop()
        tabs = self.all()
        paths = [tab.path for tab in tabs if tab.path.exists()]
        found: list[Diagnostic] = []
        ids: dict[str, list[str]] = {}
        if paths:
            try:
                ws = load_workspace(paths, texts=self.unsaved_texts())
            except (PathError, OSError) as exc:
                self.services.status(f"Could not check the files: {exc}", 6000)
            else:
                found = ws.report()
                # what completion offers for a value naming content (cheap: already loaded)
                ids = known_ids(doc.data for doc in ws.documents.values())
        by_path: dict[str, list[Diagnostic]] = {}
        for diagnostic in found:
            by_path.setdefault(diagnostic.path, []).append(diagnostic)
        shown: list[Diagnostic] = []
        for tab in tabs:
            mine = by_path.get(display_path(tab.path), [])
            tab.editor.set_diagnostics(mine)
            tab.editor.ids = ids
            shown.extend(mine)
        self.diagnostics = shown
        self.diagnostics_changed.emit(shown)

    def show_problem(self, diagnostic: object) -> None:
        """A problem was activated in the Problems dock: show it in its file's tab (opened
        if need be); a layout's problem brings the board forward."""
        if not isinstance(diagnostic, Diagnostic):
            return
        if diagnostic not in self.diagnostics:
            self.tabs.setCurrentIndex(0)  # a layout problem: the board shows it
            return
        tab = self.tab_of(Path(diagnostic.path))
        if tab is None:
            if not self.open(Path(diagnostic.path)):
                return
            tab = self.current()
            if tab is None:
                return
        self.tabs.setCurrentWidget(tab)
        tab.editor.go_to(diagnostic.line, diagnostic.column)

    # --- saving and closing -------------------------------------------------------------

    def save(self, tab: DocumentTab) -> bool:
        """Write a tab's text to its file atomically; a clear message when it cannot."""
        if is_bundled_content(tab.path):
            # like a bundled layout, shipped content is not overwritten; edits may be tried out
            self.services.prompts.error(
                "Cannot save a bundled file",
                f"{tab_title(tab.path, False)} comes with Seastack and is not changed in place."
                " Your edits stay in the tab (the simulator plays them); to keep them, use"
                " File > Save As to write the file into a pack of your own.",
            )
            return False
        return self._write(tab, tab.path)

    def save_as(self, tab: DocumentTab) -> bool:
        """Save a tab's text under a name the user chooses; the tab then edits that file."""
        folder = tab.path.parent
        if is_bundled_content(tab.path):
            folders = self.studio.folders
            folder = folders[0] if folders else Path.home()
        chosen = self.services.prompts.save_file_path(folder / tab.path.name)
        if chosen is None:
            return False
        path = chosen.resolve()
        if path == tab.path:
            return self.save(tab)
        if is_bundled_content(path):
            self.services.prompts.error(
                "Cannot save into Seastack's own content",
                f"{path.name} would be written among the files bundled with Seastack;"
                " choose a folder of your own.",
            )
            return False
        if self.tab_of(path) is not None:
            self.services.prompts.error(
                "The file is open in another tab",
                f"{tab_title(path, False)} is open in another tab; close that tab first.",
            )
            return False
        old = tab.path
        tab.path = path
        if not self._write(tab, path):
            tab.path = old
            return False
        if str(old) in self.watcher.files():
            self.watcher.removePath(str(old))
        index = self.tabs.indexOf(tab)
        self._update_title(tab)
        self.tabs.setTabToolTip(index, str(path))
        tab.editor.set_schema(self.schemas, schema_for_file(path))
        self.saved_as.emit(path)  # the Project dock may list the new file
        self.run_checks()
        self.studio.text_changed(path)  # the simulator reads this file now, not the old
        return True

    def _write(self, tab: DocumentTab, path: Path) -> bool:
        """Write a tab's text to ``path`` atomically; the tab is then clean."""
        text = tab.text()
        try:
            write_text_atomic(path, text.replace("\n", "\r\n") if tab.crlf else text)
        except (OSError, ValueError) as exc:  # ValueError: text that cannot be encoded
            reason = save_failure(exc)
            self.services.prompts.error(
                "Could not save",
                f"{path.name} could not be saved in {path.parent}: {reason}.\n"
                "Nothing is lost: the file stays open with its changes.",
            )
            return False
        tab.disk_text = text
        tab.editor.document().setModified(False)
        # an atomic save replaces the file: watch the new one
        if str(path) in self.watcher.files():
            self.watcher.removePath(str(path))
        self.watcher.addPath(str(path))
        self.autosave_now()
        self.services.status(f"Saved {path}", 4000)
        return True

    def save_current(self) -> bool:
        """Save the current file tab (False on the board tab or when saving failed)."""
        tab = self.current()
        return self.save(tab) if tab is not None else False

    def save_current_as(self) -> bool:
        """Save the current file tab under a new name (False on the board tab or cancelled)."""
        tab = self.current()
        return self.save_as(tab) if tab is not None else False

    def _may_lose(self, tab: DocumentTab) -> bool:
        """Before a tab's unsaved edits go away: save, discard or cancel. True to go ahead."""
        if not tab.is_dirty:
            return True
        self.tabs.setCurrentWidget(tab)
        answer = self.services.prompts.unsaved(tab_title(tab.path, False))
        if answer == "save":
            # a bundled file is never overwritten: saving it means choosing a new name
            return self.save_as(tab) if is_bundled_content(tab.path) else self.save(tab)
        return answer == "discard"

    def close_index(self, index: int) -> bool:
        """Close the tab at an index, asking first about unsaved edits; the board stays."""
        tab = self.tabs.widget(index)
        if not isinstance(tab, DocumentTab) or not self._may_lose(tab):
            return False
        if str(tab.path) in self.watcher.files():
            self.watcher.removePath(str(tab.path))
        self.tabs.removeTab(self.tabs.indexOf(tab))
        tab.deleteLater()
        self.dirty_changed.emit()  # its unsaved edits no longer mark the window
        self.run_checks()
        self.autosave_now()
        self.studio.text_changed(tab.path)
        return True

    def close_current(self) -> bool:
        """Close the current file tab (Ctrl+W); nothing on the board tab."""
        tab = self.current()
        if tab is None:
            self.services.status("The Board and Replay tabs stay open", 3000)
            return False
        return self.close_index(self.tabs.indexOf(tab))

    def may_close_all(self) -> bool:
        """Before the window closes: ask about each tab with unsaved edits. True to go ahead."""
        return all(self._may_lose(tab) for tab in self.all() if tab.is_dirty)

    def shutdown(self) -> None:
        """The window closes: no more timers, no autosave left behind."""
        self._check_timer.stop()
        self._autosave_timer.stop()
        self.autosaver.remove()

    # --- the disk -----------------------------------------------------------------------

    def disk_changed(self, name: str) -> None:
        """A watched file changed on disk: reload a clean tab, offer it for a dirty one."""
        tab = self.tab_of(Path(name))
        if tab is None or tab.path in self._asking:
            return
        path = tab.path
        if path.exists() and str(path) not in self.watcher.files():
            self.watcher.addPath(str(path))  # replaced atomically: watch the new file
        if not path.exists():
            # maybe a save by another program halfway through its replace: look again soon
            QTimer.singleShot(GONE_RECHECK_MS, self, lambda: self._gone(tab))
            return
        try:
            text = read_text(path).replace("\r\n", "\n")
        except FileProblem as exc:
            self.services.status(f"{exc}; the tab keeps its text", 8000)
            return
        if text == tab.disk_text:
            return  # our own save, or a touch
        name_shown = tab_title(path, False)
        if not tab.is_dirty:
            tab.replace_text(text, modified=False)
            tab.disk_text = text
            self.services.status(
                f"Reloaded {name_shown}: it changed on disk (Undo brings back the old text)", 8000
            )
        else:
            self._asking.add(path)
            try:
                reload = self.services.prompts.reload_changed(name_shown)
            finally:
                self._asking.discard(path)
            if reload:
                tab.replace_text(text, modified=False)
            tab.disk_text = text  # kept: a save now writes the user's text over it
        self._check_timer.start()
        self.studio.text_changed(path)

    def _gone(self, tab: DocumentTab) -> None:
        if tab not in self.all():
            return
        if tab.path.exists():
            self.disk_changed(str(tab.path))
            return
        tab.editor.document().setModified(True)  # only the tab holds the text now
        self.services.status(
            f"{tab_title(tab.path, False)} was deleted or moved on disk; save to keep it", 10000
        )

    def check_disk(self) -> None:
        """Look at every open file on disk now (as if the watcher had told of a change)."""
        for tab in self.all():
            self.disk_changed(str(tab.path))

    # --- autosave -----------------------------------------------------------------------

    def autosave_now(self, *, tell: bool = True) -> bool:
        """Write the unsaved files' text to this window's autosave (none: remove it).

        The first failure after a success is told in a dialog (``tell``), later ones in the
        status line only."""
        self._autosave_timer.stop()
        dirty = {tab.path: tab.text() for tab in self.all() if tab.is_dirty}
        try:
            self.autosaver.write(dirty)
        except (OSError, ValueError) as exc:
            reason = save_failure(exc)
            self.services.status(f"Autosave failed: {reason}", 6000)
            if tell and not self._autosave_failing:  # told once, not every few seconds
                self._autosave_failing = True
                tell_autosave_failed(
                    self.services.prompts,
                    self.autosaver.folder,
                    reason,
                    "files",
                    "the files stay open with their changes; save them to keep them.",
                )
            return False
        self._autosave_failing = False
        return bool(dirty)

    def saved_aside(self) -> bool | None:
        """None when no tab holds unsaved edits; else whether they are now in the autosave."""
        if not any(tab.is_dirty for tab in self.all()):
            return None
        return self.autosave_now(tell=False)  # the caller says whether the work is safe

    def offer_recovery(self) -> bool:
        """Offer back unsaved files a crashed editor left behind; True when one was restored."""
        restored = False
        seen: set[Path] = set()
        for recovery in self.autosaver.pending():
            seen.add(recovery.file)
            if self.services.prompts.recover(recovery) and self.restore(recovery):
                restored = True
        for file in seen:
            file.unlink(missing_ok=True)
        if restored:
            self.autosave_now()
        return restored

    def restore(self, recovery: Recovery) -> bool:
        """Open an autosaved file's text as unsaved edits in its tab."""
        if recovery.path is None:
            return False
        path = recovery.path.resolve()
        tab = self.tab_of(path)
        if tab is None:
            if path.exists():
                if not self.open(path):
                    return False
                tab = self.tab_of(path)
            else:
                tab = self._add(path, "")
        if tab is None:
            return False
        tab.replace_text(recovery.text, modified=True)
        self.tabs.setCurrentWidget(tab)
        self.run_checks()
        self.services.status(
            f"Restored the unsaved text of {tab_title(path, False)}; save it to keep it", 15000
        )
        return True
