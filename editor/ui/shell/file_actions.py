"""The File menu's work: new, open, save, save as, export, packs, and offering back crashed
work; and the layout's file watched for changes made by another program.

Packs travel as pack files (docs/packs.md): Export Pack writes one of the designer's packs,
Export Scenario the saved layout with every pack it uses that is not bundled, and Import Pack
installs a pack file into the user's data folder (asking before it replaces a version there),
opening a scenario's layout at once.

:class:`FileActions` works on the :class:`~editor.studio.studio.Studio`'s layout and asks the
window only what :class:`~editor.ui.shell.services.FileServices` offers. Every question goes
through its :class:`~editor.ui.common.prompts.Prompts`; reading files is
:mod:`editor.studio.layout_files`, writing them :func:`editor.core.atomic.write_text_atomic`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from editor.core.atomic import remove_leftovers, write_text_atomic
from editor.core.files import file_kind
from editor.core.pack_files.archive import Built, build_pack, build_scenario
from editor.core.pack_files.install import Installed, install_pack_file
from editor.core.pack_files.problems import (
    AlreadyInstalled,
    OutputExists,
    PackFileError,
    PackPathError,
)
from editor.studio.autosave import Recovery
from editor.studio.layout_files import (
    NEW_NAME,
    Opened,
    bundled_workspace,
    is_bundled,
    layout_text_at,
    new_layout,
    open_layout,
    open_text,
    packs_near,
    read_source,
)
from editor.studio.layout_model import LayoutModel
from editor.studio.pack_list import choices
from editor.studio.playtest_data import PlaytestBatch
from editor.studio.studio import Studio
from editor.ui.board.export_image import ExportError, export_image
from editor.ui.common.save_errors import save_failure
from editor.ui.shell.autosave_control import AutosaveControl
from editor.ui.shell.layout_watch import LayoutWatch
from editor.ui.shell.recent_files import RecentFiles
from editor.ui.shell.report_export import export_report
from editor.ui.shell.services import FileServices


class FileActions:
    """Opens, saves and exports the studio's layout, asking before work is lost."""

    def __init__(
        self,
        studio: Studio,
        services: FileServices,
        autosave: AutosaveControl,
        recent: RecentFiles,
    ) -> None:
        self.studio = studio
        self.services = services
        self.autosave = autosave
        self.recent = recent
        #: The layout's file, watched for changes another program makes.
        self.watch = LayoutWatch(studio, services, self.reload, autosave)
        #: The baseline pinned in the Playtest tab, for the playtest report (set by the window).
        self.playtest_baseline: Callable[[], PlaytestBatch | None] = lambda: None

    @property
    def model(self) -> LayoutModel:
        """The layout being edited (the studio's)."""
        return self.studio.model

    def _folder(self) -> Path:
        """Where a Save As or an export starts: the layout's folder, else the home folder."""
        current = self.model.path
        return current.parent if current is not None and not is_bundled(current) else Path.home()

    def maybe_save(self) -> bool:
        """Before unsaved work goes away: save, discard or cancel. True to go ahead."""
        if not self.services.layout_is_dirty():
            return True
        answer = self.services.prompts.unsaved(self.model.display_name)
        if answer == "save":
            return self.save()
        if answer == "discard":
            self.autosave.discard()
            return True
        return False

    def save_current(self) -> bool:
        """Ctrl+S: save the current file tab, or the layout on the board tab."""
        saved = self.services.save_file_tab(as_new=False)
        return self.save() if saved is None else saved

    def save_current_as(self) -> bool:
        """Ctrl+Shift+S: the current file tab under a new name, or the layout on the board."""
        saved = self.services.save_file_tab(as_new=True)
        return self.save_as() if saved is None else saved

    def save(self) -> bool:
        """Save to the layout's file (atomically); a new or bundled layout asks where."""
        path = self.model.path
        if path is None or is_bundled(path):
            return self.save_as()
        return self._write(path)

    def save_as(self) -> bool:
        """Save to a file the user chooses."""
        suggested = self._folder() / f"{self.model.layout.id}.layout.yaml"
        path = self.services.prompts.save_path(suggested)
        if path is None:
            return False
        return self._write(path)

    def _write(self, path: Path) -> bool:
        model = self.model
        try:
            text = layout_text_at(model.layout, path)  # a $schema line that resolves there
            write_text_atomic(path, text)
        except (OSError, ValueError) as exc:  # ValueError: text that cannot be encoded
            reason = save_failure(exc)
            self.services.prompts.error(
                "Could not save",
                f"{path.name} could not be saved in {path.parent}: {reason}.\n"
                "Nothing is lost: the layout stays open with its changes;"
                " use File > Save As to save it in another folder.",
            )
            return False
        model.path = path
        model.saved(text)
        self.watch.saved(path, text)
        self.autosave.discard()
        self.recent.add(path)
        self.services.status(f"Saved {path}", 4000)
        self.services.layout_saved()  # clean, titled and checked again
        return True

    def open_file(self, path: Path | None = None) -> bool:
        """Open a layout file (asks which when ``path`` is None); asks before losing work.

        A content file (cards, factions, a board...) opens in a tab of its own instead, and
        the layout stays.
        """
        services = self.services
        if path is None:
            current = self.model.path
            path = services.prompts.open_path(current.parent if current else Path.home())
            if path is None:
                return False
        if file_kind(path) not in (None, "layout"):
            return services.open_file_tab(Path(path))
        if not self.maybe_save():
            return False
        # the designer's packs: those already open, and those beside this layout
        folders = [*self.studio.folders, *packs_near(Path(path))]
        opened = open_layout(Path(path), packs=folders)
        if opened.layout is None or opened.workspace is None:
            services.prompts.error("Cannot open the layout", failure_text(opened))
            if cannot_read(Path(path)):
                self.recent.remove(Path(path))  # a file with errors stays: it gets fixed
            return False
        self.autosave.discard()
        self.studio.set_folders(folders)
        model = LayoutModel(opened.workspace, opened.layout, Path(path), read_source(Path(path)))
        services.edit_layout(model)
        self.recent.add(Path(path))
        return True

    def new_file(self) -> bool:
        """Start an empty layout, named as the user says, on a board the user chooses."""
        if not self.maybe_save():
            return False
        prompts = self.services.prompts
        name = prompts.text("New Layout", "Name of the new layout:", NEW_NAME)
        if name is None:
            return False
        ws = self.model.workspace if self.model.workspace.boards else bundled_workspace()
        boards = sorted((b.id, b.name) for b in ws.boards.values())
        board_id = prompts.choose_board(boards)
        if board_id is None:
            return False
        self.autosave.discard()
        self.services.edit_layout(LayoutModel(ws, new_layout(ws, board_id, name), None))
        return True

    def export(self) -> bool:
        """Write the board as a PNG or SVG image, drawn as the board view draws it.

        Labels are written only in the "always" label mode: nothing is hovered in an image,
        so "on hover" exports like "off" (``seastack render`` writes them unless
        ``--no-labels``).
        """
        prompts = self.services.prompts
        path = prompts.export_path(self._folder() / f"{self.model.layout.id}.png")
        if path is None:
            return False
        labels, backs = self.services.export_options()
        try:
            written = export_image(self.model.picture(), path, labels=labels, backs=backs)
        except ExportError as exc:
            prompts.error("Could not export the image", str(exc))
            return False
        self.services.status(f"Exported {written}", 4000)
        return True

    def export_playtest_report(self) -> Path | None:
        """File > Export Playtest Report: the latest batch (and the baseline) as HTML."""
        snapshot = self.studio.results
        return export_report(snapshot, self.services, self._folder(), self.playtest_baseline())

    def reload(self, path: Path) -> bool:
        """Read the layout's file again (another program changed it); unsaved edits go."""
        opened = open_layout(path, packs=self.studio.folders)
        if opened.layout is None or opened.workspace is None:
            self.services.prompts.error("Cannot reload the layout", failure_text(opened))
            return False
        self.autosave.discard()
        model = LayoutModel(opened.workspace, opened.layout, path, read_source(path))
        self.services.edit_layout(model)
        return True

    # --- pack files ---------------------------------------------------------------------

    def export_pack(self) -> Path | None:
        """File > Export Pack: one of the designer's packs as ``<id>-<version>.seastack``,
        into a folder the user chooses; only once it validates clean."""
        prompts = self.services.prompts
        own = designer_packs(self.model)
        if not own:
            prompts.error(
                "No pack to export",
                "You have no pack of your own open: make one with New Pack… in the Project"
                " dock, or add one with File > Open Pack Folder….",
            )
            return None
        labels = [f"{name} ({pack_id})" for pack_id, name, _folder in own]
        chosen = (
            labels[0]
            if len(labels) == 1
            else prompts.choose("Export Pack", "Export the pack:", labels)
        )
        if chosen is None:
            return None
        folder = own[labels.index(chosen)][2]
        if not self._saved_first("Export Pack", [folder]):
            return None
        out = prompts.folder_path("Export the Pack To", self._folder())
        if out is None:
            return None
        built = self._build(
            "Cannot export the pack",
            lambda force: build_pack(folder, out, pack_folders=self.studio.folders, force=force),
        )
        return self._told(built)

    def export_scenario(self) -> Path | None:
        """File > Export Scenario: the saved layout and every pack it uses that is not
        bundled, as one file another designer installs and plays."""
        prompts = self.services.prompts
        path = self.model.path
        if path is None or is_bundled(path) or self.services.layout_is_dirty():
            prompts.error(
                "Save the layout first",
                "A scenario file holds the layout as saved: save it (File > Save), then export it.",
            )
            return None
        used = [p.folder for p in self.model.workspace.packs_in_use(self.model.layout)]
        if not self._saved_first("Export Scenario", used):
            return None
        out = prompts.folder_path("Export the Scenario To", self._folder())
        if out is None:
            return None
        built = self._build(
            "Cannot export the scenario",
            lambda force: build_scenario(path, out, pack_folders=self.studio.folders, force=force),
        )
        return self._told(built)

    def _saved_first(self, title: str, folders: list[Path]) -> bool:
        """Refuse while an open file of these folders has unsaved edits (the file holds
        what is on disk)."""
        unsaved = [
            path
            for path, text in self.studio.texts().items()
            if any(path.resolve().is_relative_to(f.resolve()) for f in folders)
            and read_source(path) != text
        ]
        if unsaved:
            names = ", ".join(p.name for p in unsaved)
            self.services.prompts.error(
                title, f"{names} has unsaved changes; save it first, so that they travel too."
            )
            return False
        return True

    def _build(self, title: str, build: Callable[[bool], Built]) -> Built | None:
        prompts = self.services.prompts
        try:
            try:
                return build(False)
            except OutputExists as exc:
                question = f"{exc.path} exists already with other content. Replace it?"
                if not prompts.confirm("Replace the file?", question):
                    return None
                return build(True)
        except PackFileError as exc:
            prompts.error(title, problems_text("Nothing was written:", exc))
        except (PackPathError, OSError) as exc:
            prompts.error(title, str(exc))
        return None

    def _told(self, built: Built | None) -> Path | None:
        if built is None:
            return None
        target = [*built.written, *built.unchanged][0]
        left = f" (left out {len(built.left_out)} files Seastack does not read)" * bool(
            built.left_out
        )
        self.services.status(f"Exported {target}{left}", 6000)
        return target

    def import_pack(self, path: Path | None = None) -> Installed | None:
        """File > Import Pack: check a pack file and install it into the user's data folder
        (asking before a version there is replaced); a scenario's layout is opened."""
        prompts = self.services.prompts
        if path is None:
            path = prompts.pack_file_path(Path.home())
            if path is None:
                return None
        try:
            try:
                installed = install_pack_file(path)
            except AlreadyInstalled as exc:
                question = (
                    f"{', '.join(exc.installed)} {'is' if len(exc.installed) == 1 else 'are'}"
                    " installed already. Replace with the one in this file?"
                )
                if not prompts.confirm("Replace the installed pack?", question):
                    return None
                installed = install_pack_file(path, force=True)
        except PackFileError as exc:
            prompts.error("Cannot import the pack", problems_text("Nothing was installed:", exc))
            return None
        except (PackPathError, OSError) as exc:
            prompts.error("Cannot import the pack", str(exc))
            return None
        names = ", ".join(f"{p.id} {p.version}" for p in installed.manifest.packs)
        if installed.layout is not None:
            self.open_file(installed.layout)  # a scenario: played at once
        # the same folders told again: the Project dock and the inspector's packs on offer
        # list what was installed
        self.studio.set_folders(self.studio.folders)
        told = f"Installed {names}" if names else "Installed the scenario"
        if installed.layout is None:
            told += "; attach it to a layout in the Space dock's packs"
        self.services.status(told, 8000)
        return installed

    def offer_recovery(self) -> bool:
        """Offer back work a crashed editor left behind; True when some was restored.

        Then the temporary files of saves killed midway are removed from the folders the
        editor works in (:meth:`remove_leftovers`)."""
        try:
            # unsaved content files first (their own autosave), then the layout
            restored_files = self.services.recover_open_files()
            for recovery in self.autosave.autosaver.pending():
                if self.services.prompts.recover(recovery):
                    if self.restore(recovery):
                        return True
                else:
                    recovery.file.unlink(missing_ok=True)
            return restored_files
        finally:
            self.remove_leftovers()

    def remove_leftovers(self) -> list[Path]:
        """Remove what saves killed midway left (``.NAME.XXXXXXXX.tmp``) beside the layout,
        the open files, in the pack folders and the autosave folder; returns the files."""
        folders = [self.autosave.autosaver.folder, *self.studio.folders]
        opened = [self.model.path, *self.studio.texts()]
        folders += [path.parent for path in opened if path is not None and not is_bundled(path)]
        removed: list[Path] = []
        for folder in dict.fromkeys(folders):
            removed += remove_leftovers(folder)
        return removed

    def restore(self, recovery: Recovery) -> bool:
        """Open autosaved work as an unsaved layout (saved to its file only when asked)."""
        folders = [*self.studio.folders, *packs_near(recovery.path)]
        opened = open_text(recovery.text, recovery.path, packs=folders)
        if opened.layout is None or opened.workspace is None:
            self.services.prompts.error("Cannot restore the unsaved work", failure_text(opened))
            return False
        path = recovery.path if recovery.path is not None and recovery.path.exists() else None
        self.studio.set_folders(folders)
        self.services.edit_layout(LayoutModel(opened.workspace, opened.layout, path), restored=True)
        self.autosave.now()
        recovery.file.unlink(missing_ok=True)
        self.services.status(
            f"Restored the unsaved work on {recovery.describe()}; save it to keep it", 15000
        )
        return True


def designer_packs(model: LayoutModel) -> list[tuple[str, str, Path]]:
    """The designer's own packs of the layout's game, open in the editor: (id, name, folder)."""
    return [(c.id, c.name, c.folder) for c in choices(model) if c.origin == "folder" and c.folder]


def problems_text(heading: str, error: PackFileError) -> str:
    """A refusal's problems, each with its file, line and column, at most eight."""
    lines = [heading, *(d.format() for d in error.diagnostics[:8])]
    if len(error.diagnostics) > 8:
        lines.append(f"… and {len(error.diagnostics) - 8} more")
    return "\n".join(lines)


def cannot_read(path: Path) -> bool:
    """Whether a file is missing, a folder or unreadable (not just a file with errors)."""
    try:
        with path.open("rb"):
            return False
    except OSError:
        return True


def failure_text(opened: Opened) -> str:
    """Why a file cannot be opened: each problem once, with its line and column."""
    if not opened.diagnostics:
        return opened.error or "The file is not a layout Seastack can edit."
    # opened.error repeats the first diagnostic; name the file once, then each problem once
    name = opened.path.name if opened.path is not None else "The file"
    lines = [f"{name} cannot be opened as a layout:"]
    lines += [d.format() for d in opened.diagnostics[:8]]
    if len(opened.diagnostics) > 8:
        lines.append(f"… and {len(opened.diagnostics) - 8} more")
    return "\n".join(lines)
