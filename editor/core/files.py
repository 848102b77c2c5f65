"""Finding Seastack files on disk and telling their kind from their names.

A file's kind is the last dotted part of its name before ``.yaml``: ``pack.yaml`` is a
pack manifest, ``crustacean.layout.yaml`` a layout, ``tiles.yaml`` a tiles file.
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field
from pathlib import Path

YAML_SUFFIXES = (".yaml", ".yml")
_SKIPPED_DIRS = {"__pycache__", "node_modules", "site-packages"}


def file_kind(path: Path | str) -> str | None:
    """The kind of a YAML file from its name, or None for a file that is not YAML.

    >>> file_kind("layouts/crustacean.layout.yaml")
    'layout'
    >>> file_kind("content/snails-base/pack.yaml")
    'pack'
    >>> file_kind("notes.txt") is None
    True
    """
    name = Path(path).name
    if not name.endswith(YAML_SUFFIXES):
        return None
    stem = name.rsplit(".", 1)[0]
    return stem.rsplit(".", 1)[-1]


def display_path(path: Path) -> str:
    """A path as diagnostics show it: relative to the working folder when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if relative.startswith("..") else relative


@dataclass
class Found:
    """YAML files found under some paths, and how many other files were passed over."""

    files: list[Path] = field(default_factory=list)
    skipped: int = 0
    #: Folders that could not be listed, with the reason.
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    #: Symbolic links found and not followed (to a folder, to a YAML file, or looping).
    links: list[Path] = field(default_factory=list)


def is_link(path: Path) -> bool:
    """Whether a path is a symbolic link (or a Windows junction), never following it."""
    junction = getattr(os.path, "isjunction", None)  # Python 3.12 and later
    return os.path.islink(path) or (junction is not None and bool(junction(path)))


def link_problem(path: Path) -> str:
    """Why a link found in a folder is not read: Seastack reads only what is inside it."""
    if link_loops(path):
        return "a symbolic link that leads back to itself (a loop); it is not followed"
    what = "folder" if os.path.isdir(path) else "file"
    return (
        f"a symbolic link to a {what} is not followed: Seastack reads only what is inside"
        f" the folder itself; put a copy of the {what} here instead"
    )


def walk_yaml(folder: Path, found: Found | None = None) -> Found:
    """Every YAML file under a folder in a stable order, skipping hidden and cache folders.

    Symbolic links are never followed: a link to a folder, to a YAML file, or one that
    loops is listed in ``links`` (its target is never read); other links are skipped.
    """
    found = found or Found()

    def unreadable(exc: OSError) -> None:
        found.unreadable.append((Path(exc.filename or folder), exc.strerror or str(exc)))

    for root, dirs, names in os.walk(folder, onerror=unreadable):
        kept = []
        for name in sorted(dirs):
            if name.startswith(".") or name in _SKIPPED_DIRS:
                continue
            if is_link(Path(root) / name):
                found.links.append(Path(root) / name)
            else:
                kept.append(name)
        dirs[:] = kept
        for name in sorted(names):
            path = Path(root) / name
            if name.startswith("."):
                found.skipped += 1
            elif is_link(path):
                if name.endswith(YAML_SUFFIXES) or link_loops(path):
                    found.links.append(path)
                else:
                    found.skipped += 1
            elif name.endswith(YAML_SUFFIXES):
                found.files.append(path)
            else:
                found.skipped += 1
    return found


def link_loops(path: Path) -> bool:
    """Whether following a link leads back to itself (``ELOOP``)."""
    try:
        os.stat(path)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def find_pack_root(path: Path) -> Path | None:
    """The nearest folder at or above a file's folder that holds a ``pack.yaml``."""
    folder = path if path.is_dir() else path.parent
    for candidate in (folder, *folder.parents):
        if (candidate / "pack.yaml").is_file():
            return candidate
    return None
