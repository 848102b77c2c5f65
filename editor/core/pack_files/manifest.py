"""The manifest inside a pack file: what it holds (its packs, a scenario's layout) and every
file with its size and SHA-256, as JSON (``seastack-manifest.json``).

A pack file holds one pack; a scenario file holds a layout and the packs it uses that are
not bundled. Their files lie at ``packs/<id>/...`` and ``layout/<name>.layout.yaml``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from editor import __version__
from editor.core.pack_files.problems import PackFileError, refused

#: The manifest's name inside the archive.
MANIFEST_NAME = "seastack-manifest.json"
#: The manifest format this Seastack writes and reads.
FORMAT = 1
#: The largest manifest read (2,000 entries of a path, a size and a hash fit many times).
MAX_MANIFEST_BYTES = 1024 * 1024

_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_SEMVER = re.compile(
    r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-(alpha|beta|rc)(\.?(0|[1-9][0-9]*))?)?"
)
_SHA256 = re.compile(r"[0-9a-f]{64}")
LAYOUT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*\.layout\.ya?ml")

Kind = Literal["pack", "scenario"]


@dataclass(frozen=True)
class FileEntry:
    """One file of the archive: its path inside it, its size in bytes and its SHA-256."""

    path: str
    size: int
    sha256: str


@dataclass(frozen=True)
class PackEntry:
    """One pack in the archive: its id, version and game, as its ``pack.yaml`` must say."""

    id: str
    version: str
    game: str

    @property
    def folder(self) -> str:
        """Where its files lie in the archive: ``packs/<id>``."""
        return f"packs/{self.id}"

    @property
    def file_name(self) -> str:
        """The name of a pack file holding it alone: ``<id>-<version>.seastack``."""
        return f"{self.id}-{self.version}.seastack"


@dataclass(frozen=True)
class LayoutEntry:
    """A scenario's layout: its id and game, as the file must say, and its path."""

    id: str
    game: str
    path: str


@dataclass(frozen=True)
class Manifest:
    """What a pack file holds."""

    kind: Kind
    packs: tuple[PackEntry, ...]
    files: tuple[FileEntry, ...]
    layout: LayoutEntry | None = None
    made_by: str = field(default=f"seastack {__version__}", compare=False)

    @property
    def file_name(self) -> str:
        """The file's name: ``<id>-<version>.seastack``, or ``<layout id>-scenario.seastack``."""
        if self.kind == "scenario" and self.layout is not None:
            return f"{self.layout.id}-scenario.seastack"
        return self.packs[0].file_name

    def entry(self, path: str) -> FileEntry | None:
        """The file entry at a path, if listed."""
        return next((f for f in self.files if f.path == path), None)

    def to_json(self) -> dict[str, Any]:
        """The manifest as JSON data."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "kind": self.kind,
            "made_by": self.made_by,
            "packs": [
                {"id": p.id, "version": p.version, "game": p.game, "folder": p.folder}
                for p in self.packs
            ],
        }
        if self.layout is not None:
            out["layout"] = {
                "id": self.layout.id,
                "game": self.layout.game,
                "path": self.layout.path,
            }
        out["files"] = [{"path": f.path, "size": f.size, "sha256": f.sha256} for f in self.files]
        return out

    def to_bytes(self) -> bytes:
        """The manifest's file: indented JSON, keys in a fixed order."""
        return (json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def parse_manifest(raw: bytes, shown: str) -> Manifest:
    """Read a manifest, refusing (:class:`PackFileError`, naming ``shown``) anything but the
    exact shape this Seastack writes."""
    where = f"{shown}/{MANIFEST_NAME}"
    if len(raw) > MAX_MANIFEST_BYTES:
        raise refused(where, "bad-manifest", "the manifest is larger than 1 MB")
    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise refused(where, "bad-manifest", f"the manifest is not JSON: {_short(exc)}") from None
    return _Reader(where).manifest(data)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise ValueError(f"the key {twice[0]!r} appears twice")
    return dict(pairs)


def _short(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


class _Reader:
    """Checks the manifest's data, key by key, with messages that say what was expected."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, message: str) -> PackFileError:
        return refused(self.where, "bad-manifest", message)

    def obj(
        self, value: object, what: str, keys: set[str], optional: frozenset[str] = frozenset()
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(f"{what} must be an object")
        unknown = sorted(set(value) - keys - optional)
        if unknown:
            raise self.fail(f"{what} has an unknown key {unknown[0]!r}")
        missing = sorted(keys - set(value))
        if missing:
            raise self.fail(f"{what} lacks the key {missing[0]!r}")
        return value

    def text(self, value: object, what: str, pattern: re.Pattern[str] | None = None) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(f"{what} must be a non-empty string")
        if pattern is not None and not pattern.fullmatch(value):
            raise self.fail(f"{what} {value[:80]!r} is not valid")
        return value

    def manifest(self, data: object) -> Manifest:
        top = self.obj(
            data,
            "the manifest",
            {"format", "kind", "packs", "files"},
            frozenset({"made_by", "layout"}),
        )
        version = top["format"]
        if type(version) is not int or version < 1:
            raise self.fail("'format' must be a whole number")
        if version > FORMAT:
            raise self.fail(
                f"the file was made by a newer Seastack (format {version}); this one reads"
                f" format {FORMAT}: update Seastack to open it"
            )
        kind = top["kind"]
        if kind not in ("pack", "scenario"):
            raise self.fail("'kind' must be 'pack' or 'scenario'")
        packs = self.packs(top["packs"])
        layout = self.layout(top.get("layout"))
        if kind == "pack" and (len(packs) != 1 or layout is not None):
            raise self.fail("a pack file holds exactly one pack and no layout")
        if kind == "scenario" and layout is None:
            raise self.fail("a scenario file names its layout")
        files = self.files(top["files"])
        return Manifest(kind, packs, files, layout, str(top.get("made_by", "")))

    def packs(self, value: object) -> tuple[PackEntry, ...]:
        if not isinstance(value, list):
            raise self.fail("'packs' must be a list")
        out: list[PackEntry] = []
        for index, item in enumerate(value):
            what = f"packs[{index}]"
            entry = self.obj(item, what, {"id", "version", "game", "folder"})
            pack = PackEntry(
                self.text(entry["id"], f"{what}.id", _ID),
                self.text(entry["version"], f"{what}.version", _SEMVER),
                self.text(entry["game"], f"{what}.game", _ID),
            )
            if entry["folder"] != pack.folder:
                raise self.fail(f"{what}.folder must be {pack.folder!r}")
            if any(p.id == pack.id for p in out):
                raise self.fail(f"the pack {pack.id!r} is listed twice")
            out.append(pack)
        return tuple(out)

    def layout(self, value: object) -> LayoutEntry | None:
        if value is None:
            return None
        entry = self.obj(value, "'layout'", {"id", "game", "path"})
        path = self.text(entry["path"], "layout.path")
        name = path.removeprefix("layout/")
        if name == path or not LAYOUT_NAME.fullmatch(name):
            raise self.fail("layout.path must be 'layout/<name>.layout.yaml'")
        return LayoutEntry(
            self.text(entry["id"], "layout.id", _ID),
            self.text(entry["game"], "layout.game", _ID),
            path,
        )

    def files(self, value: object) -> tuple[FileEntry, ...]:
        if not isinstance(value, list):
            raise self.fail("'files' must be a list")
        out: list[FileEntry] = []
        seen: set[str] = set()
        for index, item in enumerate(value):
            what = f"files[{index}]"
            entry = self.obj(item, what, {"path", "size", "sha256"})
            path = self.text(entry["path"], f"{what}.path")
            size = entry["size"]
            if type(size) is not int or size < 0:
                raise self.fail(f"{what}.size must be a whole number of bytes")
            digest = self.text(entry["sha256"], f"{what}.sha256", _SHA256)
            if path in seen:
                raise self.fail(f"the file {path[:80]!r} is listed twice")
            seen.add(path)
            out.append(FileEntry(path, size, digest))
        return tuple(out)


def pack_manifest(pack: PackEntry, files: Sequence[FileEntry]) -> Manifest:
    """The manifest of a pack file."""
    return Manifest("pack", (pack,), tuple(files))


def scenario_manifest(
    layout: LayoutEntry, packs: Sequence[PackEntry], files: Sequence[FileEntry]
) -> Manifest:
    """The manifest of a scenario file."""
    return Manifest("scenario", tuple(packs), tuple(files), layout)
