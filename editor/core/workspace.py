"""The one loader: files in, typed content and diagnostics out.

The CLI, the editor and the tests all load through :func:`load_workspace`. It reads every
file once, checks it against its schema, builds packs, boards and layouts from the files
that passed, then runs the core's semantic checks and those of every registered game.

Bundled content (the packs, boards and layouts shipped with Seastack) is always loaded as
context, so that a designer's layout can name the bundled board and packs. Diagnostics are
reported for the *target* files only: the paths asked for, or everything bundled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from editor.core import registry
from editor.core.boards import Board
from editor.core.diagnostics import Diagnostic, error
from editor.core.documents import Document, cap_problems, load_document, parse_document
from editor.core.files import (
    Found,
    display_path,
    file_kind,
    is_link,
    link_loops,
    link_problem,
    walk_yaml,
)
from editor.core.layout_schema import compose_layout_schema, layout_schema_name
from editor.core.layouts import Layout
from editor.core.pack_files.discovery import (
    choose_installed,
    demands_of,
    installed_packs,
    origin_of,
    pack_root_of,
)
from editor.core.pack_files.user_folders import packs_dir
from editor.core.packs import Pack, check_dependencies, closure
from editor.core.resources import content_dir, layouts_dir
from editor.core.schemas import SchemaRegistry, schema_id, shared_registry

#: Kinds every game shares, with their schema and how diagnostics name them.
CORE_KINDS = {
    "pack": ("pack.schema.json", "pack manifest"),
    "board": ("board.schema.json", "board"),
    "layout": ("layout.schema.json", "layout"),
    "example": ("example.schema.json", "rules example"),
}


class PathError(Exception):
    """A path given on the command line cannot be read at all."""


@dataclass
class Workspace:
    """Everything loaded: documents, packs, boards, layouts, and the diagnostics found."""

    schemas: SchemaRegistry
    documents: dict[str, Document] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    valid: set[str] = field(default_factory=set)
    targets: set[str] = field(default_factory=set)
    packs: dict[str, Pack] = field(default_factory=dict)
    boards: dict[str, Board] = field(default_factory=dict)
    layouts: dict[str, Layout] = field(default_factory=dict)
    #: Layouts that failed their schema, salvaged so that the rest of them is checked too.
    salvaged: list[Layout] = field(default_factory=list)
    examples: list[Document] = field(default_factory=list)
    #: Ids of the packs shipped with Seastack, whether or not a designer's pack replaced them.
    bundled_pack_ids: set[str] = field(default_factory=set)
    skipped: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def report(self) -> list[Diagnostic]:
        """The diagnostics of the target files, sorted by file, line and column: at most
        ``MAX_PROBLEMS`` a file, then one saying how many more (``cap_problems``)."""
        return cap_problems(d for d in self.diagnostics if d.path in self.targets)

    def default_packs(self, game: str) -> list[str]:
        """The game's bundled packs: what a layout uses when it names none.

        A designer's pack that replaces a bundled one (same id) takes its place here.
        """
        return sorted(
            pack_id
            for pack_id in self.bundled_pack_ids
            if pack_id in self.packs and self.packs[pack_id].game == game
        )

    def packs_in_use(self, layout: Layout) -> list[Pack]:
        """The packs a layout uses, with their dependencies, dependencies first."""
        names = layout.packs if layout.packs is not None else self.default_packs(layout.game)
        return closure(self.packs, names)

    def documents_of(self, packs: Iterable[Pack], kind: str) -> list[Document]:
        """The valid documents of one kind in some packs, in the packs' order."""
        return [doc for pack in packs for doc in pack.files_of_kind(kind) if doc.path in self.valid]

    def checked_layouts(self) -> list[Layout]:
        """Every layout to run semantic checks on: the valid ones and the salvaged ones."""
        return [*self.layouts.values(), *self.salvaged]

    def scoped(self, game_id: str) -> Workspace:
        """The same workspace seen by one game's checks: only that game's packs, boards,
        layouts and rules examples (documents, schemas, validity and the diagnostics found so
        far are shared)."""
        packs = {k: p for k, p in self.packs.items() if p.game == game_id}
        return replace(
            self,
            packs=packs,
            boards={k: b for k, b in self.boards.items() if b.game == game_id},
            layouts={k: lay for k, lay in self.layouts.items() if lay.game == game_id},
            salvaged=[lay for lay in self.salvaged if lay.game == game_id],
            examples=[d for d in self.examples if d.data.get("game") == game_id],
            bundled_pack_ids={k for k in self.bundled_pack_ids if k in packs},
        )

    def layout_at(self, path: str) -> Layout | None:
        """The layout loaded from a file, by its display path."""
        for layout in self.layouts.values():
            if layout.document is not None and layout.document.path == path:
                return layout
        return None


def load_workspace(
    paths: Sequence[Path | str] | None = None,
    *,
    bundled: bool = True,
    installed: bool | None = None,
    texts: dict[Path, str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Workspace:
    """Load and check files; with no paths, check everything bundled.

    The packs a design can use (:mod:`editor.core.pack_files.discovery`): the bundled ones
    (``bundled``), the installed ones the files loaded name or depend on (``installed``, by
    default as ``bundled``; from ``<data>/packs``), and those in ``paths``; never a folder
    above them. ``texts`` gives the unsaved text of open files (the editor's buffers): it is
    used instead of what is on disk. ``progress(done, total)`` is called as files are
    checked. A path that does not exist raises :class:`PathError`.
    """
    # A game registers itself when its package is imported; the callers import editor.games.
    ws = Workspace(schemas=shared_registry())
    loader = _Loader(ws, texts or {}, progress)
    if bundled:
        for folder in (content_dir(), layouts_dir()):
            if folder.is_dir():
                loader.add_tree(folder, target=not paths)
    for raw in paths or ():
        path = Path(raw)
        if not path.exists() and not is_link(path):  # a looping link is a diagnostic
            raise PathError(f"cannot read {str(raw)!r}: no such file or folder")
        if path.is_dir():
            loader.add_tree(path, target=True)
        else:
            loader.add_file(path, target=True, explicit=True)
    if bundled if installed is None else installed:
        loader.add_installed()
    loader.finish()
    # every caller (the CLI, the editor, the simulator, the tests) gets at most MAX_PROBLEMS
    # diagnostics a file, whichever stage found them
    ws.diagnostics = cap_problems(ws.diagnostics)
    return ws


def open_layout(
    path: Path | str, *, packs: Sequence[Path | str] = ()
) -> tuple[Workspace, Layout | None]:
    """Load one layout file (with packs from extra folders) for a command that uses it.

    The layout is None when the file is not a layout or failed to load; ``ws.report()``
    says why. A missing path, a folder or an empty name raises :class:`PathError`.
    """
    if not str(path).strip():
        raise PathError("an empty path was given")
    layout_path = Path(path)
    if layout_path.is_dir():
        raise PathError(f"{str(path)!r} is a folder; give a layout file (*.layout.yaml)")
    ws = load_workspace([layout_path, *packs])
    return ws, ws.layout_at(display_path(layout_path))


class _Loader:
    def __init__(
        self,
        ws: Workspace,
        texts: dict[Path, str],
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.ws = ws
        self.progress = progress
        self.texts = {p.resolve(): t for p, t in texts.items()}
        self.seen: dict[Path, str] = {}
        self.pack_roots: set[Path] = set()
        #: Pack folders holding a file the user asked about: such a pack is the user's,
        #: and replaces a bundled pack with its id (as when its pack.yaml is asked about).
        self.asked_roots: set[Path] = set()
        self.installed_root = packs_dir()

    def add_installed(self) -> None:
        """The installed packs the files loaded so far name or depend on, as context: one
        version of each id (see :func:`choose_installed`), none whose id is loaded already."""
        ws = self.ws
        demands = demands_of(
            (ws.kinds[shown], document.data) for shown, document in ws.documents.items()
        )
        chosen = choose_installed(
            installed_packs(self.installed_root), demands.named, demands.ranges, demands.provided
        )
        for pack in chosen:
            self.add_tree(pack.folder, target=False)

    def add_tree(self, folder: Path, *, target: bool) -> None:
        found: Found = walk_yaml(folder)
        self.ws.skipped += found.skipped
        for path, reason in found.unreadable:
            shown = display_path(path)
            self.ws.diagnostics.append(
                error(shown, 1, 1, "unreadable-file", f"cannot read the folder: {reason}")
            )
            if target:
                self.ws.targets.add(shown)
        for path in found.links:
            self._refuse_link(path, target=target)
        for path in found.files:
            self.add_file(path, target=target, explicit=False)

    def _refuse_link(self, path: Path, *, target: bool) -> None:
        """A symbolic link in a folder is named, never followed: its target is not read."""
        shown = display_path(path)
        self.ws.diagnostics.append(error(shown, 1, 1, "symlink", link_problem(path)))
        if target:
            self.ws.targets.add(shown)

    def add_file(self, path: Path, *, target: bool, explicit: bool) -> None:
        # a file stays inside its pack: a link there is refused, only a link the user named
        # outside every pack is followed (a loop never is)
        if is_link(path) and (not explicit or pack_root_of(path) is not None or link_loops(path)):
            self._refuse_link(path, target=target)
            return
        resolved = path.resolve()
        if resolved in self.seen:
            shown = self.seen[resolved]
            if target:
                self.ws.targets.add(shown)
            return
        shown = display_path(path)
        kind = file_kind(path)
        known = kind in CORE_KINDS or any(kind in g.content.file_kinds for g in registry.games())
        if not known:
            if explicit:
                self.seen[resolved] = shown
                self.ws.targets.add(shown)
                self.ws.diagnostics.append(_unknown_kind(shown, kind))
            else:
                self.ws.skipped += 1
            return
        self.seen[resolved] = shown
        if target:
            self.ws.targets.add(shown)
        if resolved in self.texts:
            document, problems = parse_document(self.texts[resolved], shown)
        else:
            document, problems = load_document(path, shown)
        self.ws.diagnostics.extend(problems)
        assert kind is not None
        self.ws.kinds[shown] = kind
        if document is None:
            return
        self.ws.documents[shown] = document
        if kind != "pack" and kind not in CORE_KINDS:
            root = pack_root_of(path)
            if root is not None:
                if target:
                    self.asked_roots.add(root.resolve())
                self._ensure_pack(root)

    def _ensure_pack(self, root: Path) -> None:
        resolved = root.resolve()
        if resolved in self.pack_roots:
            return
        self.pack_roots.add(resolved)
        self.add_file(root / "pack.yaml", target=False, explicit=False)
        # The pack's other content files are context: a card checked alone may name a
        # faction or token defined next to it.
        game_kinds = {kind for game in registry.games() for kind in game.content.file_kinds}
        for path in walk_yaml(root).files:
            if file_kind(path) in game_kinds and _same_folder(pack_root_of(path), resolved):
                self.add_file(path, target=False, explicit=False)

    def finish(self) -> None:
        ws = self.ws
        manifests: list[tuple[Path, Document]] = []
        total = len(ws.documents)
        for done, (shown, document) in enumerate(ws.documents.items(), start=1):
            if self.progress is not None:
                self.progress(done, total)
            kind = ws.kinds[shown]
            uri, what = self._schema_for(shown, kind)
            if uri is None:
                continue
            if document.is_empty:
                ws.diagnostics.append(
                    error(shown, 1, 1, "empty-file", f"the file is empty; a {what} is expected")
                )
                continue
            problems = ws.schemas.validate(document, uri, what)
            ws.diagnostics.extend(problems)
            if problems and kind == "layout":
                salvaged = Layout.salvage(document)
                if salvaged is not None:
                    ws.salvaged.append(salvaged)
            if not problems:
                ws.valid.add(shown)
                if kind == "pack":
                    manifests.append((Path(shown), document))
        self._build_packs(manifests)
        self._build_boards_and_layouts()
        self._check_references()
        for game in registry.games():
            scoped = ws.scoped(game.id)
            for check in game.content.checks:
                ws.diagnostics.extend(check(scoped))

    def _schema_for(self, shown: str, kind: str) -> tuple[str | None, str]:
        if kind == "layout":
            data = self.ws.documents[shown].data
            game_id = data.get("game") if isinstance(data, dict) else None
            game = registry.get(game_id) if isinstance(game_id, str) else None
            if game is not None:
                uri = schema_id(layout_schema_name(game))
                if uri not in self.ws.schemas.schemas:  # a game that ships no file of it
                    self.ws.schemas.add(compose_layout_schema(game))
                return uri, "layout"
        if kind in CORE_KINDS:
            name, what = CORE_KINDS[kind]
            return schema_id(name), what
        game_id = self._game_of_pack_file(shown)
        game = registry.get(game_id) if game_id else None
        if game is None or kind not in game.content.file_kinds:
            games = [g.id for g in registry.games() if kind in g.content.file_kinds]
            message = (
                f"a {kind} file belongs in a content pack (a folder with a pack.yaml)"
                if game_id is None
                else f"{kind} files are for {', '.join(games)}, not {game_id!r}"
            )
            self.ws.diagnostics.append(error(shown, 1, 1, "not-in-pack", message))
            return None, kind
        return game.content.file_kinds[kind], f"{game.id} {kind} file"

    def _game_of_pack_file(self, shown: str) -> str | None:
        root = pack_root_of(Path(shown))
        if root is None:
            return None
        manifest = self.ws.documents.get(display_path(root / "pack.yaml"))
        if manifest is None or not isinstance(manifest.data, dict):
            return None
        game = manifest.data.get("game")
        return game if isinstance(game, str) else None

    def _build_packs(self, manifests: list[tuple[Path, Document]]) -> None:
        ws = self.ws
        for path, document in manifests:
            folder = path.parent
            origin = origin_of(folder, self.installed_root)
            bundled = origin == "bundled"
            pack = Pack.from_document(document, folder, bundled=bundled, origin=origin)
            if bundled:
                ws.bundled_pack_ids.add(pack.id)
            previous = ws.packs.get(pack.id)
            if previous is not None and not self._pack_shadows(document, previous.manifest):
                ws.diagnostics.append(_duplicate(document, "pack", pack.id, previous.manifest))
            else:
                ws.packs[pack.id] = pack
        folders = {p.folder.resolve(): p for p in ws.packs.values()}
        for shown, document in ws.documents.items():
            kind = ws.kinds[shown]
            if kind in CORE_KINDS:
                continue
            root = pack_root_of(Path(shown))
            owner = folders.get(root.resolve()) if root else None
            if owner is not None:
                owner.documents.append((kind, document))
        for pack in ws.packs.values():
            ws.diagnostics.extend(_check_game(pack.manifest, pack.game))
        ws.diagnostics.extend(check_dependencies(ws.packs))

    def _pack_asked(self, manifest: Document) -> bool:
        """Whether the user asked about a pack: its manifest or a file in its folder."""
        folder = Path(manifest.path).parent.resolve()
        return manifest.path in self.ws.targets or folder in self.asked_roots

    def _pack_shadows(self, new: Document, old: Document) -> bool:
        """A pack the user asked about replaces a bundled one with its id, even when only one
        of its files was named: that file is judged with its own folder's content."""
        return self._pack_asked(new) and not self._pack_asked(old)

    def _build_boards_and_layouts(self) -> None:
        ws = self.ws
        # targets first, so a file the user asked about wins over a bundled one with its id
        for shown in sorted(ws.valid, key=lambda s: (s not in ws.targets, s)):
            kind = ws.kinds[shown]
            document = ws.documents[shown]
            if kind == "board":
                self._add_unique(ws.boards, Board.from_document(document), document, "board")
            elif kind == "layout":
                self._add_unique(ws.layouts, Layout.from_document(document), document, "layout")
            elif kind == "example":
                ws.examples.append(document)

    def _add_unique(self, items: dict[str, Any], item: Any, document: Document, what: str) -> None:
        previous = items.get(item.id)
        if previous is None:
            items[item.id] = item
        elif not _shadows(self.ws, document, previous.document):
            self.ws.diagnostics.append(_duplicate(document, what, item.id, previous.document))

    def _check_references(self) -> None:
        ws = self.ws
        out = ws.diagnostics
        for each in ws.boards.values():
            out.extend(_check_game(each.document, each.game))
            game = registry.get(each.game)
            if game is not None and game.grid != "none" and each.grid != game.grid:
                message = f"{game.name} is played on {game.grid} boards, not {each.grid} ones"
                out.append(each.document.error_at(("grid",), "wrong-grid", message))
            for index, label in enumerate(each.document.data.get("omit", [])):
                if not each.in_rectangle(label):
                    message = f"{label} is outside the {each.columns}x{each.rows} board anyway"
                    out.append(each.document.warning_at(("omit", index), "off-board", message))
        for layout in ws.checked_layouts():
            doc = layout.document
            assert doc is not None
            if layout.game:
                out.extend(_check_game(doc, layout.game))
            board = ws.boards.get(layout.board)
            if not layout.board:
                pass  # missing or malformed: the schema has said so
            elif board is None:
                message = f"no board {layout.board!r}{_known(ws.boards)}"
                out.append(doc.error_at(("board",), "unknown-id", message))
            elif board.game != layout.game:
                message = f"board {board.id!r} is for {board.game!r}, not {layout.game!r}"
                out.append(doc.error_at(("board",), "wrong-game", message))
            else:
                for label in layout.spaces:
                    if not board.has_space(label):
                        out.append(
                            doc.error_at(
                                ("spaces", label),
                                "off-board",
                                _off_board(board, label),
                                at_key=True,
                            )
                        )
            for index, pack_id in enumerate(layout.packs or ()):
                pack = ws.packs.get(pack_id)
                if pack is None:
                    message = f"no pack {pack_id!r}{_known(ws.packs)}"
                    out.append(doc.error_at(("packs", index), "unknown-id", message))
                elif pack.game != layout.game:
                    message = f"pack {pack_id!r} is for {pack.game!r}, not {layout.game!r}"
                    out.append(doc.error_at(("packs", index), "wrong-game", message))
        for document in ws.examples:
            out.extend(_check_game(document, document.data["game"]))


def _same_folder(folder: Path | None, resolved: Path) -> bool:
    """Whether a file's pack folder is this one (not a pack inside it, nor none)."""
    return folder is not None and folder.resolve() == resolved


def _check_game(document: Document, game_id: str) -> list[Diagnostic]:
    if registry.get(game_id) is not None:
        return []
    known = ", ".join(g.id for g in registry.games())
    message = f"no game {game_id!r}; Seastack knows {known}"
    return [document.error_at(("game",), "unknown-game", message)]


def _off_board(board: Board, label: str) -> str:
    """Why a label is not a space of a board: not its grid's kind of label, or off it."""
    if not board.geometry.is_label(label):
        shape = board.geometry.label_help
        return f"{label} is not a space of board {board.id!r}: a space there is {shape}"
    return (
        f"{label} is not a space of board {board.id!r} ({board.columns} columns, {board.rows} rows)"
    )


def _known(items: Mapping[str, object]) -> str:
    if not items:
        return ""
    return f"; known: {', '.join(sorted(items))}"


def _shadows(ws: Workspace, new: Document, old: Document) -> bool:
    """A file the user asked about may replace a bundled one with the same id."""
    return new.path in ws.targets and old.path not in ws.targets


def _duplicate(document: Document, what: str, item_id: str, first: Document) -> Diagnostic:
    line = first.value_span(("id",)).line
    message = f"{what} id {item_id!r} is already used by {first.path}:{line}"
    return document.error_at(("id",), "duplicate-id", message)


def file_names_read() -> str:
    """The names of the files Seastack reads, for messages about other files."""
    named = ", ".join(f"*.{kind}.yaml" for kind in sorted(CORE_KINDS) if kind != "pack")
    in_packs = sorted({f"{k}.yaml" for g in registry.games() for k in g.content.file_kinds})
    text = f"pack.yaml, {named}"
    if in_packs:
        text += f", and in a pack's folder {', '.join(in_packs)}"
    return text


def _unknown_kind(shown: str, kind: str | None) -> Diagnostic:
    if kind is None:
        message = f"not a Seastack file: Seastack reads {file_names_read()}"
    else:
        message = f"unknown kind of file {kind!r}: Seastack reads {file_names_read()}"
    return error(shown, 1, 1, "unknown-file-kind", message)
