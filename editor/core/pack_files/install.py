"""Checking, installing and removing pack files in the user's data folder.

A pack file is unpacked into a private staging folder (:mod:`hardening`), then judged: each
pack's ``pack.yaml`` must say the id, version and game the manifest says, no pack may take a
bundled pack's id, every dependency must be satisfied by a bundled pack, an installed one or
one in the same file (the message names what would satisfy it), and the content must
validate clean. Only then is each pack moved into ``<data>/packs/<id>/<version>`` by one
rename (a scenario's layout into ``<data>/scenarios/<layout id>/``); when a move fails, the
moves already made are undone, so the data folder is as it was.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from editor.core.diagnostics import Diagnostic, error
from editor.core.documents import Document, load_document
from editor.core.pack_files.discovery import InstalledPack, installed_packs
from editor.core.pack_files.hardening import Staged, staged
from editor.core.pack_files.manifest import Manifest
from editor.core.pack_files.problems import AlreadyInstalled, PackFileError, PackPathError
from editor.core.pack_files.user_folders import (
    installed_folder,
    packs_dir,
    scenarios_dir,
    staging_dir,
)
from editor.core.pack_files.versions import Offer, matches, unmet
from editor.core.workspace import Workspace, load_workspace


@dataclass
class Checked:
    """A pack file that passed every check: its manifest, and the content's warnings."""

    manifest: Manifest
    warnings: list[Diagnostic] = field(default_factory=list)


@dataclass
class Installed:
    """What an install put in place."""

    manifest: Manifest
    #: Each pack's folder, in the manifest's order.
    folders: list[Path] = field(default_factory=list)
    #: The scenario's layout file, for a scenario file.
    layout: Path | None = None
    #: What was installed already and replaced (``force``).
    replaced: list[Path] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)


def check_pack_file(path: Path) -> Checked:
    """Judge a pack file as :func:`install_pack_file` would, installing nothing (it is
    unpacked into a private temporary folder, removed afterwards)."""
    with (
        tempfile.TemporaryDirectory(prefix="seastack-check-") as parent,
        staged(Path(path), Path(parent)) as stage,
    ):
        return Checked(stage.manifest, _judge(stage))


def install_pack_file(path: Path, *, force: bool = False) -> Installed:
    """Install a pack file's packs (and a scenario's layout) into the user's data folder.

    Raises :class:`PackFileError` when it is refused (nothing changed),
    :class:`AlreadyInstalled` when a version it holds is installed and ``force`` is not
    given, :class:`PackPathError` when the file or the data folder cannot be used.
    """
    sweep_staging()
    with staged(Path(path), staging_dir()) as stage:
        warnings = _judge(stage)
        moves = _moves(stage)
        there = [target for _source, target in moves if target.exists()]
        if there and not force:
            raise _already(stage, there)
        installed = Installed(stage.manifest, warnings=warnings, replaced=there)
        _move_all(stage, moves)
        count = len(stage.manifest.packs)
        installed.folders = [target for _source, target in moves[:count]]
        if stage.manifest.layout is not None:
            installed.layout = moves[count][1] / Path(stage.manifest.layout.path).name
        return installed


#: A staging folder this old was left by an install that was killed (a live one takes
#: seconds): the next install removes it.
STALE_STAGING_SECONDS = 3600.0


def sweep_staging(now: float | None = None) -> list[Path]:
    """Remove what killed installs left in the staging folder; returns what was removed."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(staging_dir()))
    except OSError:
        return removed
    for entry in entries:
        with contextlib.suppress(OSError):
            if now - entry.stat(follow_symlinks=False).st_mtime < STALE_STAGING_SECONDS:
                continue
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def _moves(stage: Staged) -> list[tuple[Path, Path]]:
    """Each staged folder and the folder it becomes (a scenario's layout last)."""
    moves = [
        (stage.pack_folder(pack), installed_folder(pack.id, pack.version))
        for pack in stage.manifest.packs
    ]
    layout = stage.manifest.layout
    if layout is not None:
        assert stage.layout_file is not None
        moves.append((stage.layout_file.parent, scenarios_dir() / layout.id))
    return moves


def _already(stage: Staged, there: Sequence[Path]) -> AlreadyInstalled:
    names = []
    for pack in stage.manifest.packs:
        if installed_folder(pack.id, pack.version) in there:
            names.append(f"{pack.id} {pack.version}")
    layout = stage.manifest.layout
    if layout is not None and scenarios_dir() / layout.id in there:
        names.append(f"the scenario {layout.id}")
    message = (
        f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} installed already"
        f" (in {there[0].parent}); install again with --force to replace"
        f" {'it' if len(names) == 1 else 'them'}"
    )
    return AlreadyInstalled([error(stage.shown, 1, 1, "already-installed", message)], names)


def _move_all(stage: Staged, moves: Sequence[tuple[Path, Path]]) -> None:
    """Move each staged folder into place, putting aside what it replaces; on a failure,
    undo every move made, so that nothing changes."""
    aside = stage.folder / ".replaced"
    done: list[tuple[Path, Path, Path | None]] = []
    made: list[Path] = []
    try:
        for index, (source, target) in enumerate(moves):
            if not target.parent.exists():
                target.parent.mkdir(parents=True)
                made.append(target.parent)
            old: Path | None = None
            if target.exists():
                aside.mkdir(exist_ok=True)
                old = aside / str(index)
                os.replace(target, old)
            try:
                os.replace(source, target)
            except OSError:
                if old is not None:
                    os.replace(old, target)
                raise
            done.append((source, target, old))
    except OSError as exc:
        for source, target, old in reversed(done):
            with contextlib.suppress(OSError):
                os.replace(target, source)
                if old is not None:
                    os.replace(old, target)
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise PackPathError(f"cannot install into {packs_dir()}: {exc.strerror or exc}") from None


def _judge(stage: Staged) -> list[Diagnostic]:
    """Refuse a staged file whose packs lie about themselves, take a bundled id, lack a
    dependency or do not validate; return the content's warnings."""
    documents = {pack.id: _manifest_document(stage, pack.id) for pack in stage.manifest.packs}
    _refuse(_mismatches(stage, documents))
    ws = load_workspace(_targets(stage))
    _refuse(_bundled_ids(stage, ws, documents))
    _refuse(_unmet(stage, ws, documents))
    found = [_renamed(stage, d) for d in ws.report()]
    _refuse([d for d in found if d.is_error])
    return [d for d in found if not d.is_error]


def _refuse(problems: Sequence[Diagnostic]) -> None:
    if problems:
        raise PackFileError(problems)


def _targets(stage: Staged) -> list[Path]:
    targets = [stage.pack_folder(pack) for pack in stage.manifest.packs]
    if stage.layout_file is not None:
        targets.append(stage.layout_file)
    return targets


def _manifest_document(stage: Staged, pack_id: str) -> Document | None:
    pack = next(p for p in stage.manifest.packs if p.id == pack_id)
    path = stage.pack_folder(pack) / "pack.yaml"
    document, _problems = load_document(path, stage.shown_path(str(path)))
    return document if document is not None and isinstance(document.data, dict) else None


def _mismatches(stage: Staged, documents: dict[str, Document | None]) -> list[Diagnostic]:
    """The manifest's word against each ``pack.yaml``'s (and the scenario layout's)."""
    out: list[Diagnostic] = []
    for pack in stage.manifest.packs:
        document = documents[pack.id]
        if document is None:
            continue  # the content check says what is wrong with it
        for key, said in (("id", pack.id), ("version", pack.version), ("game", pack.game)):
            value = document.data.get(key)
            if value != said:
                message = (
                    f"the pack file's manifest gives this pack the {key} {said!r}, but its"
                    f" pack.yaml says {value!r}; the file was changed after it was built"
                )
                out.append(document.error_at((key,), "manifest-mismatch", message))
    layout = stage.manifest.layout
    if layout is not None and stage.layout_file is not None:
        shown = stage.shown_path(str(stage.layout_file))
        document, _problems = load_document(stage.layout_file, shown)
        if document is not None and isinstance(document.data, dict):
            for key, said in (("id", layout.id), ("game", layout.game)):
                value = document.data.get(key)
                if value != said:
                    message = (
                        f"the pack file's manifest gives the layout the {key} {said!r}, but"
                        f" the layout says {value!r}"
                    )
                    out.append(document.error_at((key,), "manifest-mismatch", message))
    return out


def _bundled_ids(
    stage: Staged, ws: Workspace, documents: dict[str, Document | None]
) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for pack in stage.manifest.packs:
        document = documents[pack.id]
        if pack.id in ws.bundled_pack_ids and document is not None:
            message = (
                f"{pack.id!r} is the id of a pack bundled with Seastack; a pack file cannot"
                " replace it (ask its maker for a pack with an id of its own)"
            )
            out.append(document.error_at(("id",), "bundled-id", message))
    return out


def _unmet(stage: Staged, ws: Workspace, documents: dict[str, Document | None]) -> list[Diagnostic]:
    """Each dependency no bundled, installed or accompanying pack satisfies, with what would."""
    offers: dict[str, list[Offer]] = {}
    for pack_id in ws.bundled_pack_ids:
        bundled = ws.packs.get(pack_id)
        if bundled is not None and bundled.bundled:
            offers.setdefault(pack_id, []).append(Offer(bundled.version, "bundled"))
    for each in installed_packs():
        offers.setdefault(each.id, []).append(Offer(each.version, "installed"))
    for pack in stage.manifest.packs:
        offers[pack.id] = [Offer(pack.version, "in this file")]
    out: list[Diagnostic] = []
    for pack in stage.manifest.packs:
        document = documents[pack.id]
        deps = document.data.get("dependencies") if document is not None else None
        if document is None or not isinstance(deps, dict):
            continue
        for dep_id, text in deps.items():
            message = unmet(pack.id, str(dep_id), str(text), offers.get(str(dep_id), []))
            if message is not None:
                where = ("dependencies", dep_id)
                out.append(document.error_at(where, "missing-dependency", message, at_key=True))
    return out


def _renamed(stage: Staged, diagnostic: Diagnostic) -> Diagnostic:
    """A diagnostic of a staged file, naming it inside the pack file."""
    shown = stage.shown_path(diagnostic.path)
    if shown == diagnostic.path:
        return diagnostic
    return Diagnostic(
        shown,
        diagnostic.line,
        diagnostic.column,
        diagnostic.severity,
        diagnostic.code,
        diagnostic.message,
    )


# --- listing and removing -------------------------------------------------------------


def list_installed() -> list[InstalledPack]:
    """The installed packs, by id then version."""
    return installed_packs(packs_dir())


def installed_scenarios() -> list[Path]:
    """The layouts installed from scenario files."""
    root = scenarios_dir()
    if not root.is_dir():
        return []
    return sorted(p for p in root.glob("*/*.layout.yaml") if p.is_file() and not p.is_symlink())


def remove_installed(
    pack_id: str, version: str | None = None, *, force: bool = False
) -> list[InstalledPack]:
    """Remove one installed version of a pack, or all of them; returns what was removed.

    Refused (:class:`PackFileError`) when another installed pack needs a removed version and
    no version left satisfies it, unless ``force``; :class:`PackPathError` when nothing by
    that id (and version) is installed.
    """
    every = list_installed()
    going = [p for p in every if p.id == pack_id and (version is None or p.version == version)]
    if not going:
        raise PackPathError(_not_installed(pack_id, version, every))
    staying = [p for p in every if p not in going]
    left = [p.version for p in staying if p.id == pack_id]
    needing = [
        (p, wanted)
        for p in staying
        if (wanted := p.needs(pack_id)) is not None and not any(matches(wanted, v) for v in left)
    ]
    if needing and not force:
        names = ", ".join(f"{p.id} {p.version} (needs {pack_id} {wanted})" for p, wanted in needing)
        shown = str(going[0].folder)
        message = (
            f"installed packs need {pack_id}: {names}; remove them first, or remove with --force"
        )
        raise PackFileError([error(shown, 1, 1, "needed", message)])
    with _aside() as aside:
        for index, pack in enumerate(going):
            os.replace(pack.folder, aside / str(index))
    for pack in going:
        with contextlib.suppress(OSError):
            pack.folder.parent.rmdir()  # only when no other version is left
    return going


@contextlib.contextmanager
def _aside() -> Iterator[Path]:
    """A private folder beside the installed packs, removed with what was put in it."""
    parent = staging_dir()
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="remove-", dir=parent))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _not_installed(pack_id: str, version: str | None, every: Sequence[InstalledPack]) -> str:
    what = f"{pack_id} {version}" if version else pack_id
    versions = [p.version for p in every if p.id == pack_id]
    if versions:
        return f"{what} is not installed; installed versions of {pack_id}: {', '.join(versions)}"
    ids = sorted({p.id for p in every})
    known = f"; installed: {', '.join(ids)}" if ids else "; no pack is installed"
    return f"no pack {pack_id!r} is installed{known}"
