"""The compiled modules: used while their sources are the ones compiled, set aside otherwise.

An install compiles the engines' hot modules with mypyc (``hatch_build.py``) and writes
:data:`MANIFEST`: each compiled module's name and the SHA-256 of the source it came from.
Compiled files sit beside their sources and Python would import them first, so an edited
source would go unseen until the next install. :func:`install` (run when the ``editor``
package is imported) compares the sources with the manifest and looks for the compiled
files: when a source differs or is gone, a compiled file is missing (removed, or the
checkout was built for another Python since), or ``SEASTACK_PURE=1`` is set, every compiled
module is set aside for its source (all of them: compiled modules reach into each other's
classes, so they cannot be mixed with sources) and, unless asked for, a message says how to
compile them again. The games are the same either way.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: Written by the build (hatch_build.py): module name -> SHA-256 of the source compiled
#: ("" for every module when the build compiled nothing).
MANIFEST = Path(__file__).with_name("_compiled.json")
#: Set to 1 to run every module from its source (compiled files are left on disk).
PURE_VARIABLE = "SEASTACK_PURE"
#: Set by :func:`install` once it has said why the compiled files are set aside, so that the
#: worker processes it starts (which inherit it) do not say it again.
TOLD_VARIABLE = "SEASTACK_SOURCES_TOLD"


@dataclass(frozen=True)
class Status:
    """Whether the compiled modules are used in this process, and why not when they are not."""

    compiled: tuple[str, ...]
    reason: str = ""

    def describe(self) -> str:
        """One line for ``seastack --version`` and the benchmarks."""
        if self.compiled:
            return f"engines compiled ({len(self.compiled)} modules)"
        return f"engines run from source ({self.reason})"


class SourcesFirst(importlib.abc.MetaPathFinder):
    """Finds the named modules' ``.py`` sources ahead of the compiled files beside them."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """The source's spec for a named module; None (the usual search) for any other.

        A named module without its source is not found at all: its compiled file alone
        would mix compiled modules with sources."""
        if fullname not in self.names:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for folder in path if path is not None else sys.path:
            source = Path(folder) / leaf
            if source.is_file():
                return importlib.util.spec_from_file_location(fullname, source)
        raise ModuleNotFoundError(
            f"no source for {fullname}, which is set aside with the other compiled modules",
            name=fullname,
        )


def read_manifest(manifest: Path = MANIFEST) -> dict[str, str]:
    """The compiled modules and their sources' digests ({} when nothing was compiled)."""
    try:
        data = json.loads(manifest.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(name): str(digest) for name, digest in data.items()}


def source_of(name: str, root: Path) -> Path:
    """The source file of module ``name`` under ``root`` (the folder holding ``editor``)."""
    return root.joinpath(*name.split(".")).with_suffix(".py")


def edited(manifest: Mapping[str, str], root: Path) -> list[str]:
    """The compiled modules whose source is no longer the one compiled (or is gone)."""
    changed = []
    for name, digest in sorted(manifest.items()):
        try:
            now = hashlib.sha256(source_of(name, root).read_bytes()).hexdigest()
        except OSError:
            now = ""
        if now != digest:
            changed.append(name)
    return changed


def uncompiled(manifest: Mapping[str, str], root: Path) -> list[str]:
    """The listed modules with no compiled file for this Python beside their source (removed,
    or built for another Python version from the same checkout)."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    missing = []
    for name in sorted(manifest):
        source = source_of(name, root)
        stem = source.with_suffix("")
        if not any(stem.with_name(stem.name + suffix).is_file() for suffix in suffixes):
            missing.append(name)
    return missing


def install(
    manifest: Path = MANIFEST,
    environ: Mapping[str, str] = os.environ,
    meta_path: list[importlib.abc.MetaPathFinder] | None = None,
) -> Status:
    """Decide for this process; adds a :class:`SourcesFirst` finder when setting aside."""
    compiled = read_manifest(manifest)
    if not compiled:
        return Status((), "not compiled at install")
    names = tuple(sorted(compiled))
    finders = sys.meta_path if meta_path is None else meta_path
    if not any(compiled.values()):  # built from source: a compiled file left is not used
        finders.insert(0, SourcesFirst(names))
        return Status((), "not compiled at install")
    if environ.get(PURE_VARIABLE) == "1":
        reason = f"{PURE_VARIABLE}=1"
    else:
        root = manifest.parent.parent
        changed, missing = edited(compiled, root), uncompiled(compiled, root)
        if not changed and not missing:
            return Status(names)
        first = source_of((changed or missing)[0], Path()).as_posix()
        count = len(changed or missing)
        more = f" and {count - 1} more" if count > 1 else ""
        what = "changed or gone since compiled" if changed else "not compiled for this Python"
        reason = f"{first}{more} {what}"
        if environ.get(TOLD_VARIABLE) != reason:  # once, not again in each worker process
            print(
                f"seastack: {reason}, so the engines run from source (slower) until they"
                " are compiled again (`pip install -e .` in a checkout)",
                file=sys.stderr,
            )
            if environ is os.environ:
                os.environ[TOLD_VARIABLE] = reason
    finders.insert(0, SourcesFirst(names))
    return Status((), reason)


def is_compiled(module: ModuleType) -> bool:
    """Whether a module was loaded from a compiled file."""
    return str(getattr(module, "__file__", "")).endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES)
    )
