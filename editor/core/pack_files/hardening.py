"""Opening an untrusted pack file: every entry judged before anything is unpacked, and the
files unpacked only into a private staging folder, each checked against the manifest.

A pack file may come from anyone. It is refused, with a message naming the entry, when an
entry's name is absolute, climbs out (``..``), names a drive or holds a backslash, when an
entry is a link or a device, when two entries share a name (also as a case-insensitive file
system sees them), when it holds more than :data:`MAX_ENTRIES` entries, more than
:data:`MAX_UNPACKED_BYTES` unpacked or a compression ratio over :data:`MAX_RATIO` (a zip
bomb), when a file's size or SHA-256 differs from the manifest's, or when a file is of a
kind Seastack does not read. A refused file leaves nothing behind: the staging folder is
removed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import stat
import struct
import tempfile
import unicodedata
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from editor.core import registry
from editor.core.diagnostics import Diagnostic, error
from editor.core.files import YAML_SUFFIXES, display_path, file_kind
from editor.core.pack_files.discovery import PACK_FILE_DEPTH
from editor.core.pack_files.manifest import (
    MANIFEST_NAME,
    MAX_MANIFEST_BYTES,
    Manifest,
    PackEntry,
    parse_manifest,
)
from editor.core.pack_files.problems import PackFileError, PackPathError, refused

#: The most entries a pack file may hold.
MAX_ENTRIES = 2000
#: The most bytes its files may hold unpacked, all together.
MAX_UNPACKED_BYTES = 50 * 1024 * 1024
#: The highest ratio of unpacked to packed size, of one entry or of the whole file.
MAX_RATIO = 100
#: The largest pack file read at all (its entries at their largest, plus their headers).
MAX_ARCHIVE_BYTES = MAX_UNPACKED_BYTES + 4 * 1024 * 1024
#: The largest central directory read: MAX_ENTRIES entries with long names fit in it.
MAX_DIRECTORY_BYTES = 4 * 1024 * 1024
_EOCD_SIZE = 22
_LOCATOR_SIZE = 20
#: The longest entry name, and the longest part of one (as file systems allow).
MAX_NAME = 400
MAX_PART = 120
#: Characters no entry name may hold: Windows refuses them in file names.
_FORBIDDEN = set('<>:"|?*')
_CHUNK = 64 * 1024
#: Kinds every pack may hold besides its game's: its manifest, boards, layouts, examples.
_SHARED_KINDS = {"pack", "board", "layout", "example"}


def entry_name_problem(name: str) -> str | None:
    """Why an entry's name is refused, or None when it is a safe relative path.

    >>> entry_name_problem("packs/lava/tiles.yaml") is None
    True
    >>> entry_name_problem("../escape.yaml")
    "it climbs out of the pack file's folder ('..')"
    >>> entry_name_problem("C:/Windows/x.yaml")
    'it names a drive (C:)'
    """
    if not name:
        return "its name is empty"
    if "\x00" in name or any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        return "its name holds a control character"
    if "\\" in name:
        return "its name holds a backslash (a Windows path separator)"
    if name.startswith("/"):
        return "its path is absolute"
    if re.match(r"[A-Za-z]:", name):
        return f"it names a drive ({name[:2]})"
    if len(name) > MAX_NAME:
        return f"its name is longer than {MAX_NAME} characters"
    parts = name.rstrip("/").split("/")
    if ".." in parts:
        return "it climbs out of the pack file's folder ('..')"
    if any(part in ("", ".") for part in parts):
        return "its path has an empty or '.' part"
    for part in parts:
        bad = sorted(_FORBIDDEN & set(part))
        if bad:
            return f"its name holds {bad[0]!r}, which file names may not hold"
        if part != part.rstrip(" ."):
            return "a part of its name ends with a space or a dot"
        if len(part) > MAX_PART:
            return f"a part of its name is longer than {MAX_PART} characters"
    return None


def _type_problem(info: zipfile.ZipInfo) -> str | None:
    """Why an entry's kind is refused: a link, a device, a pipe; encrypted or oddly packed."""
    mode = info.external_attr >> 16
    kind = stat.S_IFMT(mode)
    if kind == stat.S_IFLNK:
        return "it is a symbolic link"
    if kind in (stat.S_IFCHR, stat.S_IFBLK):
        return "it is a device file"
    if kind in (stat.S_IFIFO, stat.S_IFSOCK):
        return "it is a pipe or a socket"
    if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        return "it is not a plain file"
    if info.flag_bits & 0x1:
        return "it is encrypted"
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        return "it is compressed in a way Seastack does not read (only stored or deflated)"
    return None


def _same_name_key(name: str) -> str:
    """A name as a case-insensitive, normalizing file system (macOS, Windows) compares it."""
    return unicodedata.normalize("NFC", name.rstrip("/")).casefold()


@dataclass
class Opened:
    """A pack file whose entries passed every check, and its manifest."""

    shown: str
    archive: zipfile.ZipFile
    manifest: Manifest
    #: The file entries by name (directories left out).
    entries: dict[str, zipfile.ZipInfo]


def open_pack_file(path: Path) -> Opened:
    """Open a pack file and judge its entries and manifest without unpacking any file.

    Raises :class:`PackPathError` for a path that is not a readable file, and
    :class:`PackFileError` for a file that is refused. The caller closes ``archive``.
    """
    shown = display_path(path)
    if not path.exists():
        raise PackPathError(f"cannot read {str(path)!r}: no such file")
    if path.is_dir():
        raise PackPathError(f"{str(path)!r} is a folder; give a pack file (*.seastack)")
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise PackPathError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if size > MAX_ARCHIVE_BYTES:
        raise refused(
            shown, "too-large", f"the file is {_mb(size)}; a pack file holds at most 50 MB"
        )
    _judge_directory(path, shown)
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, zlib.error, ValueError, EOFError) as exc:
        raise refused(
            shown, "not-a-pack-file", f"not a Seastack pack file (not a zip archive: {exc})"
        ) from None
    except OSError as exc:
        raise PackPathError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    try:
        entries = _judge_entries(shown, archive)
        manifest = _read_manifest(shown, archive, entries)
        _judge_listing(shown, manifest, entries)
    except BaseException:
        archive.close()
        raise
    entries.pop(MANIFEST_NAME)
    return Opened(shown, archive, manifest, entries)


def _judge_directory(path: Path, shown: str) -> None:
    """Refuse a file whose central directory declares too many entries, before the zip
    reader builds one record per entry (a directory of millions would fill the memory)."""
    declared = _directory_size(path)
    if declared is None:
        return  # not a zip, or an odd one: the zip reader says so
    entries, directory_bytes = declared
    if entries > MAX_ENTRIES or directory_bytes > MAX_DIRECTORY_BYTES:
        shown_entries = f"{entries} entries" if entries > MAX_ENTRIES else "too large a directory"
        raise refused(
            shown, "too-many-entries", f"the file declares {shown_entries}; at most {MAX_ENTRIES}"
        )


def _directory_size(path: Path) -> tuple[int, int] | None:
    """The entry count and central directory size the end records declare (zip64 too)."""
    try:
        with path.open("rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            tail_length = min(size, _EOCD_SIZE + 0xFFFF + _LOCATOR_SIZE)
            handle.seek(size - tail_length)
            tail = handle.read(tail_length)
            at = tail.rfind(b"PK\x05\x06")
            if at < 0 or at + _EOCD_SIZE > len(tail):
                return None
            fields = struct.unpack("<4s4H2LH", tail[at : at + _EOCD_SIZE])
            entries, directory_bytes = fields[4], fields[5]
            locator = tail[at - _LOCATOR_SIZE : at] if at >= _LOCATOR_SIZE else b""
            if locator[:4] == b"PK\x06\x07":
                offset = struct.unpack("<4sLQL", locator)[2]
                handle.seek(offset)
                record = handle.read(56)
                if record[:4] == b"PK\x06\x06" and len(record) == 56:
                    entries, directory_bytes = struct.unpack("<QQ", record[32:48])
    except (OSError, struct.error, ValueError):
        return None
    return entries, directory_bytes


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def _judge_entries(shown: str, archive: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    infos = archive.infolist()
    if len(infos) > MAX_ENTRIES:
        raise refused(
            shown, "too-many-entries", f"the file holds {len(infos)} entries; at most {MAX_ENTRIES}"
        )
    problems: list[Diagnostic] = []
    files: dict[str, zipfile.ZipInfo] = {}
    seen: dict[str, str] = {}
    for info in infos:
        name = info.orig_filename  # before zipfile cut it at a NUL character
        why = entry_name_problem(name) or _type_problem(info)
        if why is None:
            key = _same_name_key(name)
            if key in seen:
                first = seen[key]
                why = "another entry has this name" + (
                    f" as a case-insensitive file system sees it ({first!r})"
                    if first != name
                    else ""
                )
            seen[key] = name
        if why is not None:
            problems.append(_entry_error(shown, name, why))
            continue
        if not info.is_dir():
            files[name] = info
    # a file and a folder of one name (as a case-insensitive file system sees them)
    folders = {_same_name_key(str(p)) for name in files for p in PurePosixPath(name).parents}
    problems += [
        _entry_error(shown, name, "a folder of another entry has its name")
        for name in sorted(files)
        if _same_name_key(name) in folders
    ]
    if problems:
        raise PackFileError(problems)
    _judge_sizes(shown, files)
    return files


def _entry_error(shown: str, name: str, why: str) -> Diagnostic:
    return error(shown, 1, 1, "unsafe-entry", f"the entry {name[:120]!r} is refused: {why}")


def _judge_sizes(shown: str, files: dict[str, zipfile.ZipInfo]) -> None:
    total = sum(info.file_size for info in files.values())
    packed = sum(info.compress_size for info in files.values())
    if total > MAX_UNPACKED_BYTES:
        raise refused(shown, "zip-bomb", f"its files hold {_mb(total)} unpacked; at most 50 MB")
    for name, info in files.items():
        if info.file_size > MAX_RATIO * max(info.compress_size, 1):
            ratio = info.file_size / max(info.compress_size, 1)
            raise refused(
                shown,
                "zip-bomb",
                f"the entry {name[:120]!r} unpacks {ratio:.0f} times larger than it is packed;"
                f" at most {MAX_RATIO} times",
            )
    if total > MAX_RATIO * max(packed, 1):
        raise refused(
            shown, "zip-bomb", f"the file unpacks more than {MAX_RATIO} times larger than it is"
        )


def _read_manifest(
    shown: str, archive: zipfile.ZipFile, files: dict[str, zipfile.ZipInfo]
) -> Manifest:
    info = files.get(MANIFEST_NAME)
    if info is None:
        raise refused(
            shown, "not-a-pack-file", f"not a Seastack pack file: it holds no {MANIFEST_NAME}"
        )
    if info.file_size > MAX_MANIFEST_BYTES:
        raise refused(shown, "bad-manifest", "the manifest is larger than 1 MB")
    raw = _read_capped(shown, archive, info, MAX_MANIFEST_BYTES)
    return parse_manifest(raw, shown)


def _read_capped(shown: str, archive: zipfile.ZipFile, info: zipfile.ZipInfo, cap: int) -> bytes:
    chunks: list[bytes] = []
    read = 0
    try:
        with archive.open(info) as handle:
            while chunk := handle.read(_CHUNK):
                read += len(chunk)
                if read > cap:
                    raise refused(
                        shown, "zip-bomb", f"{info.orig_filename!r} unpacks larger than it says"
                    )
                chunks.append(chunk)
    except (zipfile.BadZipFile, zlib.error, EOFError, ValueError, NotImplementedError) as exc:
        raise refused(
            shown, "damaged", f"the entry {info.orig_filename!r} is damaged: {exc}"
        ) from None
    return b"".join(chunks)


def _judge_listing(shown: str, manifest: Manifest, files: dict[str, zipfile.ZipInfo]) -> None:
    """Every file is listed and every listed file is there, with the size the archive says;
    each lies in a pack's folder (or is the scenario's layout) and is of a kind Seastack
    reads for that pack's game."""
    problems: list[Diagnostic] = []
    listed = {entry.path for entry in manifest.files}
    for name in sorted(set(files) - listed - {MANIFEST_NAME}):
        problems.append(_entry_error(shown, name, "the manifest does not list it"))
    for entry in manifest.files:
        info = files.get(entry.path)
        if info is None:
            problems.append(
                error(
                    shown,
                    1,
                    1,
                    "missing-file",
                    f"the manifest lists {entry.path[:120]!r}, which the file does not hold",
                )
            )
        elif info.file_size != entry.size:
            problems.append(
                error(
                    shown,
                    1,
                    1,
                    "manifest-mismatch",
                    f"the manifest gives {entry.path[:120]!r} {entry.size} bytes, but the file"
                    f" holds {info.file_size}",
                )
            )
        else:
            why = _placement_problem(entry.path, manifest)
            if why is not None:
                problems.append(_entry_error(shown, entry.path, why))
    for pack in manifest.packs:
        if f"{pack.folder}/pack.yaml" not in listed:
            problems.append(
                error(
                    shown,
                    1,
                    1,
                    "missing-file",
                    f"the pack {pack.id!r} has no {pack.folder}/pack.yaml",
                )
            )
    if manifest.layout is not None and manifest.layout.path not in listed:
        problems.append(
            error(
                shown,
                1,
                1,
                "missing-file",
                f"the layout {manifest.layout.path!r} is not in the file",
            )
        )
    if problems:
        raise PackFileError(problems)


def _placement_problem(path: str, manifest: Manifest) -> str | None:
    """Why a listed file has no place: outside every pack, too deep, or a kind not read."""
    if manifest.layout is not None and path == manifest.layout.path:
        return None
    pack = next((p for p in manifest.packs if path.startswith(p.folder + "/")), None)
    if pack is None:
        return "it lies outside every pack the manifest lists"
    inner = PurePosixPath(path).relative_to(pack.folder)
    if len(inner.parts) - 1 > PACK_FILE_DEPTH:
        return f"it lies more than {PACK_FILE_DEPTH} folders deep in its pack"
    return _kind_problem(inner.name, pack)


def _kind_problem(name: str, pack: PackEntry) -> str | None:
    game = registry.get(pack.game)
    if game is None:
        known = ", ".join(g.id for g in registry.games())
        return f"its pack is for the game {pack.game!r}, which Seastack does not know ({known})"
    kind = file_kind(name) if name.endswith(YAML_SUFFIXES) else None
    if kind is None or (kind not in _SHARED_KINDS and kind not in game.content.file_kinds):
        reads = ", ".join(sorted({"pack.yaml", *(f"{k}.yaml" for k in game.content.file_kinds)}))
        return (
            f"Seastack does not read files of this kind in a {game.name} pack (it reads {reads},"
            " *.board.yaml, *.layout.yaml and *.example.yaml)"
        )
    if kind == "pack" and name != "pack.yaml":
        return "a pack's manifest is named pack.yaml"
    return None


@dataclass
class Staged:
    """A pack file unpacked into a private staging folder, every file checked."""

    shown: str
    folder: Path
    manifest: Manifest

    def pack_folder(self, pack: PackEntry) -> Path:
        """Where a pack of the file lies in the staging folder."""
        return self.folder / pack.folder

    @property
    def layout_file(self) -> Path | None:
        """Where the scenario's layout lies in the staging folder."""
        layout = self.manifest.layout
        return self.folder / layout.path if layout is not None else None

    def shown_path(self, path: str) -> str:
        """A staged file as messages name it: ``<pack file>/<entry>``; others unchanged."""
        try:
            inner = Path(path).resolve().relative_to(self.folder.resolve())
        except (ValueError, OSError):
            return path
        return f"{self.shown}/{inner.as_posix()}"


@contextlib.contextmanager
def staged(path: Path, parent: Path) -> Iterator[Staged]:
    """Unpack a pack file into a new private folder in ``parent``, removed afterwards
    whatever happens (a caller that keeps a pack moves it out first)."""
    opened = open_pack_file(path)
    try:
        parent.mkdir(parents=True, exist_ok=True)
        folder = Path(tempfile.mkdtemp(prefix="unpack-", dir=parent))
    except OSError as exc:
        opened.archive.close()
        raise PackPathError(
            f"cannot make a staging folder in {parent}: {exc.strerror or exc}"
        ) from None
    try:
        with opened.archive:
            _unpack(opened, folder)
        yield Staged(opened.shown, folder, opened.manifest)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _unpack(opened: Opened, folder: Path) -> None:
    """Write each listed file into ``folder``, refusing one whose bytes differ from the
    manifest's size and SHA-256 (nothing is written anywhere else)."""
    problems: list[Diagnostic] = []
    total = 0
    for entry in opened.manifest.files:
        info = opened.entries[entry.path]
        target = folder.joinpath(*PurePosixPath(entry.path).parts)
        _make_folders(folder, target.parent)
        digest = hashlib.sha256()
        written = 0
        fd = os.open(
            target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644
        )
        try:
            with os.fdopen(fd, "wb") as out, opened.archive.open(info) as source:
                while chunk := source.read(_CHUNK):
                    written += len(chunk)
                    total += len(chunk)
                    if written > entry.size or total > MAX_UNPACKED_BYTES:
                        raise refused(
                            opened.shown, "zip-bomb", f"{entry.path!r} unpacks larger than it says"
                        )
                    digest.update(chunk)
                    out.write(chunk)
        except (zipfile.BadZipFile, zlib.error, EOFError, ValueError, NotImplementedError) as exc:
            raise refused(
                opened.shown, "damaged", f"the entry {entry.path!r} is damaged: {exc}"
            ) from None
        if written != entry.size or digest.hexdigest() != entry.sha256:
            problems.append(
                error(
                    opened.shown,
                    1,
                    1,
                    "manifest-mismatch",
                    f"{entry.path[:120]!r} does not match the manifest: it holds {written} bytes"
                    f" with SHA-256 {digest.hexdigest()[:16]}…, the manifest says {entry.size}"
                    f" bytes with {entry.sha256[:16]}…",
                )
            )
    if problems:
        raise PackFileError(problems)


def _make_folders(root: Path, folder: Path) -> None:
    """Make the folders from ``root`` down to ``folder``, each a real folder (never a link)."""
    current = root
    for part in folder.relative_to(root).parts:
        current = current / part
        try:
            os.mkdir(current, 0o755)
        except FileExistsError:
            if current.is_symlink() or not current.is_dir():
                raise refused(str(root), "unsafe-entry", f"{part!r} is not a folder") from None
