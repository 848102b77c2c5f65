"""Building pack files: a pack folder (or a layout and the packs it uses) as one
``.seastack`` zip with a manifest of every file's size and SHA-256, written only after the
content validates clean.

The zip is the same bytes for the same files (entries in order, fixed dates and modes), so
building twice changes nothing and a receiver can compare two files by their hash.
"""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from editor.core import registry
from editor.core.atomic import write_bytes_atomic
from editor.core.diagnostics import Diagnostic, error, sort_diagnostics
from editor.core.files import YAML_SUFFIXES, display_path, file_kind, is_link
from editor.core.layouts import Layout
from editor.core.pack_files.discovery import pack_root_of
from editor.core.pack_files.hardening import MAX_RATIO, entry_name_problem
from editor.core.pack_files.manifest import (
    MANIFEST_NAME,
    FileEntry,
    LayoutEntry,
    Manifest,
    PackEntry,
    pack_manifest,
    scenario_manifest,
)
from editor.core.pack_files.problems import OutputExists, PackFileError, PackPathError
from editor.core.packs import Pack, closure
from editor.core.resources import layouts_dir
from editor.core.workspace import PathError, Workspace, load_workspace, open_layout

SUFFIX = ".seastack"
#: Every entry's date: zip dates are local times with no zone, so none is kept.
_DATE = (1980, 1, 1, 0, 0, 0)
_MODE = 0o100644 << 16
_SHARED_KINDS = {"pack", "board", "layout", "example"}


@dataclass
class Built:
    """What a build wrote, what was already there with the same bytes, and what it left out."""

    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    #: Files in the pack folders that Seastack does not read, so not packed.
    left_out: list[Path] = field(default_factory=list)
    #: Warnings of the content (errors refuse the build).
    warnings: list[Diagnostic] = field(default_factory=list)
    manifests: list[Manifest] = field(default_factory=list)


@dataclass(frozen=True)
class _Planned:
    manifest: Manifest
    data: bytes


def build_pack(
    folder: Path,
    out: Path | None = None,
    *,
    with_deps: bool = False,
    pack_folders: Sequence[Path] = (),
    force: bool = False,
) -> Built:
    """Write ``<id>-<version>.seastack`` for a pack folder into ``out`` (a folder, by default
    the working one, or a ``.seastack`` file name); with ``with_deps`` also one for each pack
    it depends on that is not bundled (found installed or in ``pack_folders``).

    Raises :class:`PackFileError` (nothing written) when the pack or a dependency does not
    validate clean, and :class:`PackPathError` for a folder that is not a pack or a file that
    exists with other bytes (unless ``force``).
    """
    folder = Path(folder)
    if not (folder / "pack.yaml").is_file():
        raise PackPathError(f"{str(folder)!r} is not a pack folder (it holds no pack.yaml)")
    ws = _load([folder, *pack_folders])
    pack = next((p for p in ws.packs.values() if _same(p.folder, folder)), None)
    if pack is None:  # its manifest failed, and the loader said why
        raise PackFileError(_found(ws, [folder]) or [_no_pack(folder)])
    packs = [pack]
    if with_deps:
        packs += [p for p in closure(ws.packs, [pack.id]) if not p.bundled and p.id != pack.id]
    _refuse_errors(ws, packs)
    _refuse_bundled(ws, packs)
    built = Built(warnings=_found(ws, [p.folder for p in packs], errors=False))
    plans = [_plan_pack(p, built) for p in packs]
    _write(plans, out, force, built)
    return built


def build_scenario(
    layout_path: Path,
    out: Path | None = None,
    *,
    pack_folders: Sequence[Path] = (),
    force: bool = False,
) -> Built:
    """Write ``<layout id>-scenario.seastack``: the layout and every pack it uses that is
    not bundled, so that another designer installs it and plays it at once."""
    try:
        ws, layout = open_layout(layout_path, packs=list(pack_folders))
    except PathError as exc:
        raise PackPathError(str(exc)) from None
    layout_file = [Path(layout_path)]
    if layout is None:
        raise PackFileError(
            _found(ws, [], layout_file)
            or [error(display_path(layout_path), 1, 1, "not-a-layout", "not a layout file")]
        )
    packs = [p for p in ws.packs_in_use(layout) if not p.bundled]
    _refuse_errors(ws, packs, layout_file)
    _refuse_bundled(ws, packs)
    _refuse_stray_board(ws, layout, packs)
    built = Built(warnings=_found(ws, [p.folder for p in packs], layout_file, errors=False))
    files: list[tuple[str, bytes]] = []
    entries: list[PackEntry] = []
    for pack in packs:
        entries.append(PackEntry(pack.id, pack.version, pack.game))
        files += _pack_files(pack, built)
    inner = f"layout/{layout.id}.layout.yaml"
    files.append((inner, Path(layout_path).read_bytes()))
    manifest = scenario_manifest(
        LayoutEntry(layout.id, layout.game, inner), entries, _listing(files)
    )
    _write([_Planned(manifest, _zip(manifest, files))], out, force, built)
    return built


def _load(paths: Sequence[Path]) -> Workspace:
    try:
        return load_workspace(list(paths))
    except PathError as exc:
        raise PackPathError(str(exc)) from None


def _same(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def _no_pack(folder: Path) -> Diagnostic:
    shown = display_path(folder / "pack.yaml")
    return error(shown, 1, 1, "not-a-pack", "the pack's manifest could not be read")


def _found(
    ws: Workspace, folders: Iterable[Path], files: Iterable[Path] = (), *, errors: bool = True
) -> list[Diagnostic]:
    """The errors (or the other diagnostics) in the files of some folders and some files."""
    roots = [f.resolve() for f in folders]
    named = {f.resolve() for f in files}

    def inside(d: Diagnostic) -> bool:
        where = Path(d.path).resolve()
        return where in named or any(where.is_relative_to(root) for root in roots)

    return sort_diagnostics(d for d in ws.diagnostics if d.is_error == errors and inside(d))


def _refuse_errors(ws: Workspace, packs: Sequence[Pack], files: Sequence[Path] = ()) -> None:
    errors = _found(ws, [p.folder for p in packs], files)
    if errors:
        raise PackFileError(errors)


def _refuse_bundled(ws: Workspace, packs: Sequence[Pack]) -> None:
    """A pack with a bundled pack's id cannot travel: every Seastack has its own."""
    problems = [
        p.manifest.error_at(
            ("id",),
            "bundled-id",
            f"{p.id!r} is the id of a pack bundled with Seastack, which every Seastack has;"
            " give your pack an id of its own to share it",
        )
        for p in packs
        if p.id in ws.bundled_pack_ids
    ]
    if problems:
        raise PackFileError(problems)


def _refuse_stray_board(ws: Workspace, layout: Layout, packs: Sequence[Pack]) -> None:
    """The layout's board travels only when it is bundled or in one of the packs sent."""
    board = ws.boards.get(layout.board)
    if board is None or board.document is None:
        return
    where = Path(board.document.path).resolve()
    homes = [layouts_dir().resolve(), *(p.folder.resolve() for p in packs)]
    if not any(where.is_relative_to(home) for home in homes):
        assert layout.document is not None
        message = (
            f"the board {board.id!r} is in {board.document.path}, outside the packs the layout"
            " uses, so it would not travel with it; move it into one of them"
        )
        raise PackFileError([layout.document.error_at(("board",), "board-not-in-pack", message)])


def pack_contents(pack: Pack) -> tuple[list[Path], list[Path]]:
    """A pack folder's files that Seastack reads (what a pack file holds), and the others."""
    game = registry.get(pack.game)
    kinds = _SHARED_KINDS | set(game.content.file_kinds if game is not None else ())
    root = pack.folder.resolve()
    kept: list[Path] = []
    left: list[Path] = []
    for here, dirs, names in os.walk(pack.folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not is_link(Path(here) / d))
        for name in sorted(names):
            path = Path(here) / name
            if name.startswith("."):
                continue
            owner = pack_root_of(path)
            if owner is None or owner.resolve() != root:
                if owner is None:
                    left.append(path)
                continue
            readable = name.endswith(YAML_SUFFIXES) and file_kind(name) in kinds
            (kept if readable and not is_link(path) else left).append(path)
    return kept, left


def _pack_files(pack: Pack, built: Built) -> list[tuple[str, bytes]]:
    kept, left = pack_contents(pack)
    built.left_out += left
    prefix = PackEntry(pack.id, pack.version, pack.game).folder
    out: list[tuple[str, bytes]] = []
    for path in kept:
        inner = f"{prefix}/{path.relative_to(pack.folder).as_posix()}"
        why = entry_name_problem(inner)
        if why is not None:
            shown = display_path(path)
            message = f"this file's name cannot travel in a pack file ({why}); rename it"
            raise PackFileError([error(shown, 1, 1, "bad-file-name", message)])
        out.append((inner, path.read_bytes()))
    return out


def _plan_pack(pack: Pack, built: Built) -> _Planned:
    files = _pack_files(pack, built)
    manifest = pack_manifest(PackEntry(pack.id, pack.version, pack.game), _listing(files))
    return _Planned(manifest, _zip(manifest, files))


def _listing(files: Sequence[tuple[str, bytes]]) -> list[FileEntry]:
    return [
        FileEntry(name, len(data), hashlib.sha256(data).hexdigest()) for name, data in sorted(files)
    ]


def _zip(manifest: Manifest, files: Sequence[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in [(MANIFEST_NAME, manifest.to_bytes()), *sorted(files)]:
            info = zipfile.ZipInfo(name, date_time=_DATE)
            info.external_attr = _MODE
            info.create_system = 3  # Unix: the mode above is read as a plain file's
            packed = len(_deflated(data))
            # a file that packs past the ratio an import refuses is stored as it is
            ratio_ok = len(data) <= MAX_RATIO * max(packed, 1)
            info.compress_type = zipfile.ZIP_DEFLATED if ratio_ok else zipfile.ZIP_STORED
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def _deflated(data: bytes) -> bytes:
    """``data`` deflated as a zip entry holds it (raw deflate, level 9)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def _write(plans: Sequence[_Planned], out: Path | None, force: bool, built: Built) -> None:
    """Write every planned file, or none when one would replace other bytes unasked."""
    targets = [(plan, _target(out, plan.manifest.file_name, len(plans))) for plan in plans]
    clashes = [
        target
        for plan, target in targets
        if target.exists() and (target.is_dir() or target.read_bytes() != plan.data)
    ]
    if clashes and not force:
        raise OutputExists(clashes[0])
    if any(t.is_dir() for t in clashes):
        raise PackPathError(f"{next(t for t in clashes if t.is_dir())} is a folder")
    for plan, target in targets:
        built.manifests.append(plan.manifest)
        if target.exists() and target.read_bytes() == plan.data:
            built.unchanged.append(target)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(target, plan.data)
        built.written.append(target)


def _target(out: Path | None, name: str, count: int) -> Path:
    if out is None:
        return Path.cwd() / name
    out = Path(out)
    if out.suffix == SUFFIX and not out.is_dir():
        if count > 1:
            raise PackPathError(
                f"{out} is one file, but {count} pack files are written; give a folder"
            )
        return out
    return out / name
