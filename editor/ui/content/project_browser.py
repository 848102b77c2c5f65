"""The Project dock: the packs (bundled, installed and the designer's own, each marked with
where it comes from), their files, and the layouts.

Activating a file (double-click, Enter) emits :attr:`ProjectBrowser.file_activated`; a layout
is opened in the window (asking before unsaved work is lost). New Pack, New Card and New
Faction make content from the game's templates through :mod:`editor.core.templates`; the
questions go through the window's prompts. The tree is read from disk (each ``pack.yaml``
alone), so it stays quick and shows packs whose other files have errors.

The browser reads the open layout and the designer's pack folders from the
:class:`~editor.studio.studio.Studio`, adds folders with ``studio.set_folders`` and lists
them again on ``Change.LAYOUT_REPLACED`` and ``Change.PACKS_CHANGED``; what only the window
can do (ask, tell the status line, open a layout) goes through its
:class:`~editor.ui.common.services.ContentServices`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QFileSystemWatcher, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import (
    QMenu,
    QToolBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.core import registry
from editor.core.documents import load_document
from editor.core.files import file_kind, is_link, walk_yaml
from editor.core.pack_files.discovery import installed_packs
from editor.core.registry import TemplateGroup
from editor.core.resources import content_dir, layouts_dir
from editor.core.templates import (
    TemplateError,
    add_from_template,
    check_id,
    default_dependencies,
    kebab_id,
    new_pack,
    taken_entry_ids,
)
from editor.studio import pack_list
from editor.studio.layout_files import (
    find_pack_folders,
    is_bundled,
    open_layout,
    packs_near,
    read_source,
)
from editor.studio.layout_model import LayoutModel
from editor.studio.studio import Change, Studio, unique_folders
from editor.ui.common.pack_commands import SetPacks
from editor.ui.common.services import ContentServices
from editor.ui.content.document_tabs import DocumentTabs

PATH_ROLE = Qt.ItemDataRole.UserRole
KIND_ROLE = Qt.ItemDataRole.UserRole + 1
SETTINGS_KEY = "projectFolders"


@dataclass(frozen=True)
class PackEntry:
    """A pack folder as the browser lists it, from its ``pack.yaml`` alone."""

    id: str
    name: str
    game: str
    folder: Path
    bundled: bool
    #: Where it comes from: ``bundled``, ``installed`` (from a pack file) or ``folder``.
    origin: str = "folder"
    version: str = ""

    @property
    def label(self) -> str:
        """Where the pack comes from after its name: ``Volcanoes (my-volcanoes) · your
        folder``, ``... · installed 0.3.0, read-only``, ``... · bundled, read-only``."""
        if self.bundled:
            mark = " · bundled, read-only"
        elif self.origin == "installed":
            mark = f" · installed {self.version}, read-only"
        else:
            mark = " · your folder"
        return f"{self.name} ({self.id}){mark}"

    @property
    def read_only(self) -> bool:
        """Bundled and installed packs are not edited in place."""
        return self.bundled or self.origin == "installed"


def read_pack(folder: Path, bundled: bool, origin: str = "folder") -> PackEntry:
    """A pack folder's id, name and game from its manifest (the folder name if unreadable)."""
    document, _ = load_document(folder / "pack.yaml", str(folder / "pack.yaml"))
    data = document.data if document is not None and isinstance(document.data, dict) else {}

    def text(key: str, default: str) -> str:
        value = data.get(key)
        return str(value) if isinstance(value, str | int | float) and str(value) else default

    return PackEntry(
        id=text("id", folder.name),
        name=text("name", folder.name),
        game=text("game", ""),
        folder=folder,
        bundled=bundled,
        origin="bundled" if bundled else origin,
        version=text("version", ""),
    )


def bundled_packs() -> list[PackEntry]:
    """The packs shipped with Seastack."""
    return [read_pack(folder, True) for folder in find_pack_folders_bundled()]


def installed_entries() -> list[PackEntry]:
    """The packs installed from pack files, each version (``<data>/packs/<id>/<version>``)."""
    return [read_pack(p.folder, False, "installed") for p in installed_packs()]


def find_pack_folders_bundled() -> list[Path]:
    """The bundled pack folders (``content/*/pack.yaml``)."""
    root = content_dir()
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "pack.yaml").is_file())


def pack_files(folder: Path) -> list[Path]:
    """A pack's YAML files: ``pack.yaml`` first, then the rest by name."""
    files = walk_yaml(folder).files
    return sorted(files, key=lambda p: (p.name != "pack.yaml", str(p.relative_to(folder))))


def remembered_folders(values: object) -> list[Path]:
    """The pack folders stored in the settings, those that still hold a ``pack.yaml``."""
    if isinstance(values, str):
        values = [values]
    if not isinstance(values, list | tuple):
        return []
    return [Path(v) for v in values if isinstance(v, str) and (Path(v) / "pack.yaml").is_file()]


def designer_layouts(window_layout: Path | None, packs: Sequence[Path]) -> list[Path]:
    """The designer's layouts: beside the open layout, and beside or in each pack folder."""
    roots = [p.parent for p in packs] + list(packs)
    if window_layout is not None and not is_bundled(window_layout):
        roots.insert(0, window_layout.parent)
    found: list[Path] = []
    seen: set[Path] = set()
    for root in unique_folders([*roots, *(r / "layouts" for r in roots)]):
        for path in sorted(root.glob("*.layout.yaml")):
            if is_link(path):  # never followed (it may loop, or lead out of the folder)
                continue
            if path.resolve() not in seen and not is_bundled(path):
                seen.add(path.resolve())
                found.append(path)
    return found


class ProjectBrowser(QWidget):
    """The Project dock's tree, its buttons and its context menu.

    ``documents`` are the window's file tabs: a new card or faction is added only to a file
    whose tab holds no unsaved edits, and clean tabs are reloaded with what was added.
    """

    #: A content file (not a layout) was activated: open it in a tab.
    file_activated = Signal(Path)

    def __init__(
        self,
        studio: Studio,
        services: ContentServices,
        parent: QWidget | None,
        documents: DocumentTabs,
    ) -> None:
        super().__init__(parent)
        self.studio = studio
        self.services = services
        self.documents = documents
        self.tree = QTreeWidget(self)
        self.tree.setHeaderHidden(True)
        self.tree.setObjectName("ProjectTree")
        self.tree.itemActivated.connect(self._activated)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        # a tool bar, not a row of buttons: in a narrow dock the rest go to its » menu
        self.buttons = QToolBar(self)
        self.buttons.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.new_pack_action = self.buttons.addAction("New Pack…")
        self.new_pack_action.triggered.connect(lambda _=False: self.new_pack())
        #: One New ... action per template group of the layout's game (New Card, New Faction).
        self.new_entry_actions: dict[str, QAction] = {}
        self._groups_of = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.buttons)
        layout.addWidget(self.tree)
        self.packs: list[PackEntry] = []
        # files made or removed in the designer's folders by anyone show up without a click
        self.watcher = QFileSystemWatcher(self)
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(300)
        self._refresh_timer.timeout.connect(self.refresh)
        self.watcher.directoryChanged.connect(lambda _path: self._refresh_timer.start())
        studio.subscribe(Change.LAYOUT_REPLACED, self._studio_changed)
        studio.subscribe(Change.PACKS_CHANGED, self._studio_changed)
        # the layout's pack list edited (attach, detach, undo): the packs in use change
        studio.subscribe(Change.LAYOUT_EDITED, self._maybe_in_use_changed)
        self._in_use: set[str] = set()
        self.refresh()

    def _maybe_in_use_changed(self, changed: frozenset[str] | None) -> None:
        if changed is None and self._packs_in_use() != self._in_use:
            self.refresh()

    def _studio_changed(self, _value: Any) -> None:
        """Another layout is open, or the pack folders changed: list them again."""
        self.refresh()

    # --- the tree -------------------------------------------------------------------

    def _offer_templates(self) -> None:
        """New ... buttons for the template groups of the layout's game (once per game)."""
        game_id = self.studio.model.layout.game
        if game_id == self._groups_of:
            return
        self._groups_of = game_id
        for action in self.new_entry_actions.values():
            self.buttons.removeAction(action)
        self.new_entry_actions = {}
        for group in _template_groups(game_id):
            action = self.buttons.addAction(f"New {group.label}…")
            action.triggered.connect(lambda _=False, key=group.key: self.new_entry(key))
            self.new_entry_actions[group.key] = action

    def refresh(self) -> None:
        """Read the packs and layouts again and rebuild the tree, keeping what was open."""
        self._offer_templates()
        expanded = self._expanded_paths()
        selected = self.selected_path()
        self.tree.clear()
        own = [read_pack(folder, False) for folder in self.studio.folders]
        self.packs = bundled_packs() + own + installed_entries()
        in_use = self._in_use = self._packs_in_use()
        packs_item = self._group("Packs")
        for pack in self.packs:
            item = self._item(packs_item, pack.label, pack.folder, "pack")
            if pack.id in in_use:
                font = QFont(item.font(0))
                font.setBold(True)
                item.setFont(0, font)
                item.setToolTip(0, f"{pack.folder}\nused by the open layout")
            for path in pack_files(pack.folder):
                self._item(item, str(path.relative_to(pack.folder)), path, "file")
        layouts_item = self._group("Layouts")
        bundled = layouts_dir()
        for path in sorted(bundled.glob("*.layout.yaml")) if bundled.is_dir() else []:
            self._item(layouts_item, f"{path.name} · bundled", path, "layout")
        for path in designer_layouts(self.studio.model.path, self.studio.folders):
            self._item(layouts_item, path.name, path, "layout")
        packs_item.setExpanded(True)
        layouts_item.setExpanded(True)
        self._watch([*self.studio.folders, *self._layout_roots()])
        for item in self._all_items():
            if item.data(0, PATH_ROLE) in expanded:
                item.setExpanded(True)
            if selected is not None and item.data(0, PATH_ROLE) == str(selected):
                self.tree.setCurrentItem(item)

    def _layout_roots(self) -> list[Path]:
        path = self.studio.model.path
        return [path.parent] if path is not None and not is_bundled(path) else []

    def _watch(self, folders: list[Path]) -> None:
        wanted = {str(f) for f in unique_folders(folders)}
        watched = set(self.watcher.directories())
        if watched - wanted:
            self.watcher.removePaths(sorted(watched - wanted))
        if wanted - watched:
            self.watcher.addPaths(sorted(wanted - watched))

    def _packs_in_use(self) -> set[str]:
        model = self.studio.model
        return {p.id for p in model.workspace.packs_in_use(model.layout)}

    def _group(self, title: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(self.tree, [title])
        item.setData(0, KIND_ROLE, "group")
        item.setData(0, PATH_ROLE, f"group:{title}")
        return item

    def _item(self, parent: QTreeWidgetItem, text: str, path: Path, kind: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(parent, [text])
        item.setData(0, PATH_ROLE, str(path))
        item.setData(0, KIND_ROLE, kind)
        item.setToolTip(0, str(path))
        return item

    def _all_items(self) -> list[QTreeWidgetItem]:
        """Every item, in the tree's order (depth first)."""
        out: list[QTreeWidgetItem] = []
        stack = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        stack.reverse()
        while stack:
            item = stack.pop()
            out.append(item)
            stack += [item.child(i) for i in reversed(range(item.childCount()))]
        return out

    def _expanded_paths(self) -> set[str]:
        return {str(i.data(0, PATH_ROLE)) for i in self._all_items() if i.isExpanded()}

    def item_for(self, path: Path) -> QTreeWidgetItem | None:
        """The tree item of a file, pack folder or layout, if listed."""
        for item in self._all_items():
            if item.data(0, PATH_ROLE) == str(path):
                return item
        return None

    def listed(self, kind: str) -> list[Path]:
        """The paths listed as ``pack`` (folders), ``file`` or ``layout``."""
        items = self._all_items()
        return [Path(i.data(0, PATH_ROLE)) for i in items if i.data(0, KIND_ROLE) == kind]

    def selected_path(self) -> Path | None:
        """The path of the selected item, if it has one."""
        item = self.tree.currentItem()
        if item is None or item.data(0, KIND_ROLE) == "group":
            return None
        return Path(item.data(0, PATH_ROLE))

    def selected_pack(self) -> PackEntry | None:
        """The pack of the selected item (the pack itself or one of its files)."""
        path = self.selected_path()
        if path is None:
            return None
        for pack in self.packs:
            if path == pack.folder or pack.folder in path.parents:
                return pack
        return None

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        kind = item.data(0, KIND_ROLE)
        path = Path(item.data(0, PATH_ROLE))
        if kind == "layout":
            self.services.open_layout(path)
        elif kind == "file":
            self.file_activated.emit(path)

    def activate(self, path: Path) -> bool:
        """Act as if the item of ``path`` was double-clicked; False when it is not listed."""
        item = self.item_for(path)
        if item is None:
            return False
        self._activated(item)
        return True

    def _context_menu(self, point: QPoint) -> None:
        menu = QMenu(self)
        menu.addAction("New Pack…", self.new_pack)
        for key, action in self.new_entry_actions.items():
            menu.addAction(action.text(), lambda key=key: self.new_entry(key))
        menu.addSeparator()
        menu.addAction("Open Pack Folder…", self.open_pack_folder)
        menu.exec(self.tree.viewport().mapToGlobal(point))

    # --- the designer's folders -----------------------------------------------------

    def open_pack_folder(self, folder: Path | None = None) -> bool:
        """Add a pack folder, or the packs up to two levels below a folder (asks which)."""
        prompts = self.services.prompts
        if folder is None:
            folder = prompts.folder_path("Open Pack Folder", self._start_folder())
            if folder is None:
                return False
        found = find_pack_folders(Path(folder))
        if not found:
            prompts.error(
                "No pack there",
                f"{folder} holds no pack: a pack is a folder with a pack.yaml (looked up to"
                " two folders down). Use New Pack… to make one.",
            )
            return False
        self.studio.set_folders([*self.studio.folders, *found])
        names = ", ".join(read_pack(f, False).id for f in found)
        self.services.status(f"Added {names}", 4000)
        return True

    def _start_folder(self) -> Path:
        own = self.studio.folders
        if own:
            return own[-1].parent
        path = self.studio.model.path
        if path is not None and not is_bundled(path):
            return path.parent
        return Path.home()

    def adopt_layout_packs(self) -> LayoutModel | None:
        """Join the packs beside the open layout; read it again if it names one it lacked.

        For a window opened on a designer's layout (``seastack edit my/crab.layout.yaml``):
        the layout loaded again with its packs, for the window to edit instead (None when
        the open one needs no reloading, or has unsaved edits).
        """
        model = self.studio.model
        folders = unique_folders([*self.studio.folders, *packs_near(model.path)])
        if len(folders) != len(self.studio.folders):
            self.studio.set_folders(folders)
        missing = [p for p in model.layout.packs or () if p not in model.workspace.packs]
        if not missing or model.path is None or not folders or self.services.layout_is_dirty():
            return None
        opened = open_layout(model.path, packs=folders)
        if opened.layout is None or opened.workspace is None:
            return None
        source = read_source(model.path)
        return LayoutModel(opened.workspace, opened.layout, model.path, source)

    # --- new content ----------------------------------------------------------------

    def new_pack(self) -> Path | None:
        """Ask a name and a folder, create the pack with its manifest, and list it."""
        prompts = self.services.prompts
        model = self.studio.model
        name = prompts.text("New Pack", "Name of the new pack:")
        if name is None:
            return None
        pack_id = kebab_id(name)
        try:
            if not name.strip():
                raise TemplateError("a pack needs a name")
            if not pack_id:
                raise TemplateError(f"{name!r} has no letters or digits to make a pack id from")
            check_id(pack_id)
            if pack_id in {p.id for p in self.packs} | set(model.workspace.packs):
                raise TemplateError(
                    f"a pack with the id {pack_id!r} already exists; choose another name"
                )
        except TemplateError as exc:
            prompts.error("Cannot create the pack", f"{exc}.")
            return None
        parent = prompts.folder_path("Create the Pack In", self._start_folder())
        if parent is None:
            return None
        ws = model.workspace
        game = model.layout.game
        try:
            folder = new_pack(
                parent,
                name,
                game,
                dependencies=default_dependencies(ws, game),
                taken_ids=[p.id for p in self.packs],
            )
        except TemplateError as exc:
            prompts.error("Cannot create the pack", f"{exc}.")
            return None
        self.studio.set_folders([*self.studio.folders, folder])
        item = self.item_for(folder)
        if item is not None:
            self.tree.setCurrentItem(item)
            item.setExpanded(True)
        self.services.status(f"Created the pack {folder.name} in {parent}", 4000)
        self._offer_attach(folder.name, name)
        self.file_activated.emit(folder / "pack.yaml")
        return folder

    def _offer_attach(self, pack_id: str, name: str) -> bool:
        """Ask whether the open layout should use the new pack; attach it (one undo step)."""
        model = self.studio.model
        question = (
            f"Use {name} ({pack_id}) in {model.display_name}? A pack the layout does not"
            " list is not used: the simulator plays without it."
        )
        if not self.services.prompts.confirm("Attach the new pack?", question):
            return False
        edit = pack_list.attach(model, pack_id)
        workspace = pack_list.workspace_for(model, edit.packs)
        if edit.refused or workspace is None:
            return False
        self.services.undo_stack.push(SetPacks(model, edit.packs, workspace, edit.text))
        return True

    def new_entry(self, group_key: str) -> Path | None:
        """Add an entry (a card, a faction...) from one of the templates of a group of the
        selected pack's game, asking which template when the group has several."""
        prompts = self.services.prompts
        named = next(
            (g for g in _template_groups(self.studio.model.layout.game) if g.key == group_key),
            None,
        )
        word = named.label.lower() if named is not None else group_key
        title = f"New {named.label if named is not None else group_key}"
        pack = self._target_pack(title)
        if pack is None:
            return None
        group = next((g for g in _template_groups(pack.game) if g.key == group_key), None)
        templates = list(group.templates) if group is not None else []
        if not templates:
            prompts.error(title, f"The game of {pack.id} offers no {word} template.")
            return None
        template = templates[0]
        if len(templates) > 1:
            labels = [t.label for t in templates]
            chosen = prompts.choose(title, "Start from:", labels)
            if chosen is None:
                return None
            template = templates[labels.index(chosen)]
        files = [pack.folder / part.file for part in template.parts]
        self._sync_open_files()
        # the tab's own mark: a text compared with the disk would differ on line endings alone
        unsaved = [p for p in files if (tab := self.documents.tab_of(p)) and tab.is_dirty]
        if unsaved:
            prompts.error(
                title,
                f"{', '.join(p.name for p in unsaved)} has unsaved changes; save it first, so"
                f" that the new {word} is added to what you wrote.",
            )
            return None
        kinds = {file_kind(part.file) or part.top_key for part in template.parts}
        ws = self.studio.model.workspace
        taken = taken_entry_ids(ws, list(ws.packs), kinds)
        try:
            added = add_from_template(pack.folder, template, taken_ids=taken)
        except TemplateError as exc:
            prompts.error(title, f"{exc}.")
            return None
        self._sync_open_files()
        self.refresh()
        self.services.status(f"Added {added.id} to {pack.id}", 4000)
        self.studio.text_changed(added.files[0])  # the design the simulator plays grew
        self.file_activated.emit(added.files[0])
        return added.files[0]

    def _sync_open_files(self) -> None:
        """Have the file tabs reload clean tabs whose file changed on disk now.

        So a tab showing a file we just appended to is up to date at once, and a tab whose
        text differs from its file really holds unsaved edits.
        """
        self.documents.check_disk()

    def _target_pack(self, title: str) -> PackEntry | None:
        """The selected pack when it is the designer's; else ask, or say why not."""
        prompts = self.services.prompts
        pack = self.selected_pack()
        if pack is not None and pack.read_only:
            where = "bundled with Seastack" if pack.bundled else "installed from a pack file"
            prompts.error(
                title,
                f"{pack.name} ({pack.id}) is {where} and read-only. Create a"
                " pack of your own with New Pack… and add to it.",
            )
            return None
        if pack is not None:
            return pack
        own = [p for p in self.packs if not p.read_only]
        if not own:
            prompts.error(
                title,
                "You have no pack to add to yet: create one with New Pack…, or add a folder"
                " with File > Open Pack Folder….",
            )
            return None
        if len(own) == 1:
            return own[0]
        labels = [p.label for p in own]
        chosen = prompts.choose(title, "Add to the pack:", labels)
        return own[labels.index(chosen)] if chosen is not None else None


def _template_groups(game_id: str) -> tuple[TemplateGroup, ...]:
    """The template groups a game offers (none for a game Seastack does not know)."""
    game = registry.get(game_id)
    return game.content.templates if game is not None else ()
