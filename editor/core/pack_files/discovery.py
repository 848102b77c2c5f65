"""Which packs a design can use, by one rule that never walks up from a layout.

The packs a design can use are the bundled ones, the installed ones (one version of each id:
the highest that every pack in use accepts) and those in the folders the designer named (on
the command line, or opened and attached in the editor). A file belongs to the pack whose
``pack.yaml`` is in its own folder or at most :data:`PACK_FILE_DEPTH` folders above it: a
pack's files lie inside the pack's folder, and a ``pack.yaml`` higher up (another project's)
is never taken for theirs.
"""

from __future__ import annotations

import os
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from editor.core.documents import load_document
from editor.core.pack_files.user_folders import packs_dir
from editor.core.pack_files.versions import matches, version_key
from editor.core.resources import content_dir

#: How many folders below its ``pack.yaml`` a pack's file may lie (``my-pack/cards/x.cards.yaml``).
PACK_FILE_DEPTH = 2

Origin = Literal["bundled", "installed", "folder"]


def pack_root_of(path: Path) -> Path | None:
    """The pack folder a file (or folder) belongs to: the nearest holding a ``pack.yaml``
    among its own folder and the :data:`PACK_FILE_DEPTH` folders above it."""
    folder = path if path.is_dir() else path.parent
    for candidate in (folder, *list(folder.parents)[:PACK_FILE_DEPTH]):
        if (candidate / "pack.yaml").is_file():
            return candidate
    return None


def origin_of(folder: Path, installed_root: Path | None = None) -> Origin:
    """Where a pack folder comes from: ``bundled``, ``installed`` or the designer's ``folder``."""
    if _inside(folder, content_dir()):
        return "bundled"
    if _inside(folder, installed_root if installed_root is not None else packs_dir()):
        return "installed"
    return "folder"


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except (ValueError, OSError):
        return False
    return True


@dataclass(frozen=True)
class InstalledPack:
    """One installed version of a pack, read from its ``pack.yaml`` alone."""

    id: str
    version: str
    game: str
    name: str
    folder: Path
    dependencies: tuple[tuple[str, str], ...] = ()

    def needs(self, pack_id: str) -> str | None:
        """The range of versions of ``pack_id`` this pack depends on, if it does."""
        return dict(self.dependencies).get(pack_id)


#: Manifests read, by (path, modification time, size): the loader lists the installed packs
#: at every check, and their manifests change only when a pack is installed again.
_read_cache: dict[tuple[str, int, int], InstalledPack | None] = {}


def installed_packs(root: Path | None = None) -> list[InstalledPack]:
    """Every pack installed under ``root`` (``<data>/packs``), by id then version.

    A folder is an installed pack when it is ``<id>/<version>/`` and its ``pack.yaml`` says
    that id and version; anything else there (hidden folders, links, stray files) is passed
    over.
    """
    root = root if root is not None else packs_dir()
    found: list[InstalledPack] = []
    for id_folder in _folders(root):
        for version_folder in _folders(id_folder):
            pack = _read_installed(version_folder)
            if pack is not None:
                found.append(pack)
    return sorted(found, key=lambda p: (p.id, version_key(p.version)))


def _folders(folder: Path) -> list[Path]:
    """The sub-folders of a folder, by name: not hidden, not links."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []
    out: list[Path] = []
    for entry in entries:
        try:
            if not entry.name.startswith(".") and entry.is_dir(follow_symlinks=False):
                out.append(Path(entry.path))
        except OSError:
            continue
    return out


def _read_installed(folder: Path) -> InstalledPack | None:
    manifest = folder / "pack.yaml"
    try:
        info = manifest.lstat()
    except OSError:
        return None
    if not manifest.is_file() or manifest.is_symlink():
        return None
    key = (str(manifest), info.st_mtime_ns, info.st_size)
    if key not in _read_cache:
        _read_cache[key] = _parse_installed(folder)
    return _read_cache[key]


def _parse_installed(folder: Path) -> InstalledPack | None:
    pack = read_pack_folder(folder)
    if pack is None or pack.id != folder.parent.name or pack.version != folder.name:
        return None
    return pack


def read_pack_folder(folder: Path) -> InstalledPack | None:
    """A pack folder's id, version, game, name and dependencies from its ``pack.yaml`` alone
    (None when it cannot be read or lacks them: the loader says what is wrong)."""
    document, _problems = load_document(folder / "pack.yaml", str(folder / "pack.yaml"))
    data = document.data if document is not None else None
    if not isinstance(data, dict):
        return None
    pack_id, version, game = data.get("id"), data.get("version"), data.get("game")
    if not (isinstance(pack_id, str) and isinstance(version, str) and isinstance(game, str)):
        return None
    name = data.get("name")
    deps = data.get("dependencies")
    pairs = (
        tuple(sorted((str(k), str(v)) for k, v in deps.items())) if isinstance(deps, dict) else ()
    )
    return InstalledPack(
        id=pack_id,
        version=version,
        game=game,
        name=name if isinstance(name, str) else pack_id,
        folder=folder,
        dependencies=pairs,
    )


@dataclass
class Demands:
    """What the files loaded so far ask of the installed packs."""

    #: Pack ids named by layouts (``packs:``) and by manifests (``dependencies:``).
    named: set[str] = field(default_factory=set)
    #: The version ranges those manifests give each id.
    ranges: dict[str, list[str]] = field(default_factory=dict)
    #: Ids the loaded manifests already provide (bundled, or the designer's folders): an
    #: installed pack never replaces one of them.
    provided: set[str] = field(default_factory=set)


def demands_of(items: Iterable[tuple[str, object]]) -> Demands:
    """The demands of loaded files, given as (kind, parsed data) before any schema check:
    malformed values are passed over (their schema errors say what is wrong)."""
    out = Demands()
    for kind, data in items:
        if not isinstance(data, dict):
            continue
        if kind == "pack":
            if isinstance(data.get("id"), str):
                out.provided.add(data["id"])
            deps = data.get("dependencies")
            for dep, text in deps.items() if isinstance(deps, dict) else ():
                if isinstance(dep, str):
                    out.named.add(dep)
                    out.ranges.setdefault(dep, []).append(str(text))
        elif kind == "layout":
            packs = data.get("packs")
            if isinstance(packs, list):
                out.named.update(p for p in packs if isinstance(p, str))
    return out


def choose_installed(
    installed: Sequence[InstalledPack],
    named: Iterable[str],
    ranges: Mapping[str, Sequence[str]] | None = None,
    provided: Container[str] = (),
) -> list[InstalledPack]:
    """The installed packs a design uses: those named and what they depend on, one version
    of each id, the highest that every range asking for it accepts (the highest of all when
    none does, so that the dependency check names the conflict). Ids in ``provided`` are
    left to the packs that provide them."""
    ranges = ranges or {}
    versions: dict[str, list[InstalledPack]] = {}
    for pack in installed:
        versions.setdefault(pack.id, []).append(pack)
    for offers in versions.values():
        offers.sort(key=lambda p: version_key(p.version), reverse=True)
    roots = set(named)
    chosen: dict[str, InstalledPack] = {}
    # each round may pick a pack whose dependencies narrow another's choice; a handful of
    # rounds settles any real set of packs, and the bound keeps a contrived one from looping
    for _round in range(len(installed) + 2):
        wanted = roots | {dep for pack in chosen.values() for dep, _ in pack.dependencies}
        picked: dict[str, InstalledPack] = {}
        for pack_id in sorted(wanted):
            if pack_id not in versions or pack_id in provided:
                continue
            asks = [*ranges.get(pack_id, ())]
            asks += [r for other in chosen.values() if (r := other.needs(pack_id)) is not None]
            offers = versions[pack_id]
            picked[pack_id] = next(
                (p for p in offers if all(matches(r, p.version) for r in asks)), offers[0]
            )
        if picked == chosen:
            break
        chosen = picked
    return [chosen[k] for k in sorted(chosen)]
