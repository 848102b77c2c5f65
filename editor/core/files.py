"""Finding Seastack files on disk and telling their kind from their names.

A file's kind is the last dotted part of its name before ``.yaml``: ``pack.yaml`` is a
pack manifest, ``crustacean.layout.yaml`` a layout, ``tiles.yaml`` a tiles file.
"""

from __future__ import annotations

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


def walk_yaml(folder: Path, found: Found | None = None) -> Found:
    """Every YAML file under a folder in a stable order, skipping hidden and cache folders."""
    found = found or Found()

    def unreadable(exc: OSError) -> None:
        found.unreadable.append((Path(exc.filename or folder), exc.strerror or str(exc)))

    for root, dirs, names in os.walk(folder, onerror=unreadable):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIPPED_DIRS)
        for name in sorted(names):
            if name.endswith(YAML_SUFFIXES) and not name.startswith("."):
                found.files.append(Path(root) / name)
            else:
                found.skipped += 1
    return found


def find_pack_root(path: Path) -> Path | None:
    """The nearest folder at or above a file's folder that holds a ``pack.yaml``."""
    folder = path if path.is_dir() else path.parent
    for candidate in (folder, *folder.parents):
        if (candidate / "pack.yaml").is_file():
            return candidate
    return None
