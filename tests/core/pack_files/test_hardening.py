"""Hostile pack files, each built here: refused with a clear message, nothing written
outside the private staging folder, and the staging folder removed."""

from __future__ import annotations

import stat
import struct
import tempfile
import uuid
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from editor.core.pack_files import hardening
from editor.core.pack_files.hardening import MAX_ENTRIES, entry_name_problem
from editor.core.pack_files.install import check_pack_file, install_pack_file
from editor.core.pack_files.problems import PackFileError
from tests.core.pack_files.kit import everything_under, manifest_for, pack_bytes, write_zip

Refuse = Callable[..., PackFileError]


@pytest.fixture
def staging_folders(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every staging folder made (by tempfile.mkdtemp), to prove each one was removed."""
    made: list[Path] = []
    real = tempfile.mkdtemp

    def recording(*args: object, **kwargs: object) -> str:
        folder = real(*args, **kwargs)  # type: ignore[call-overload]
        made.append(Path(folder))
        return str(folder)

    monkeypatch.setattr(tempfile, "mkdtemp", recording)
    return made


@pytest.fixture
def refuse(
    tmp_path: Path, data_dir: Path, staging_folders: list[Path], monkeypatch: pytest.MonkeyPatch
) -> Refuse:
    """Install and check a file, expect both refused with ``code``, and check that nothing
    was left: no new file anywhere under the test's folder (the data folder holds at most
    its empty staging folder), and every staging folder is gone."""
    system_temp = tmp_path / "system-temp"
    system_temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(system_temp))

    def run(path: Path, code: str, *words: str) -> PackFileError:
        before = everything_under(tmp_path)
        with pytest.raises(PackFileError) as installing:
            install_pack_file(path)
        with pytest.raises(PackFileError) as checking:
            check_pack_file(path)
        for caught in (installing.value, checking.value):
            codes = {d.code for d in caught.diagnostics}
            assert code in codes, caught.diagnostics
            text = " ".join(d.message for d in caught.diagnostics)
            for word in words:
                assert word in text, text
        new = everything_under(tmp_path) - before
        assert new <= {"data", "data/packs", "data/packs/.staging"}, sorted(new)
        assert not any((data_dir / "packs" / ".staging").glob("*"))
        assert list(system_temp.iterdir()) == []
        assert not [f for f in staging_folders if f.exists()]
        return installing.value

    return run


def _valid(extra: dict[str, bytes] | None = None) -> tuple[dict[str, bytes], dict[str, object]]:
    files = {**pack_bytes(), **(extra or {})}
    return files, manifest_for(files)


def test_a_valid_file_passes_the_same_checks(tmp_path: Path, data_dir: Path) -> None:
    files, manifest = _valid()
    path = write_zip(tmp_path / "good.seastack", files, manifest)
    installed = install_pack_file(path)
    assert installed.folders == [data_dir / "packs" / "zaps" / "0.3.0"]
    assert (installed.folders[0] / "cards.yaml").read_bytes() == files["packs/zaps/cards.yaml"]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("/tmp/{tag}.yaml", "absolute"),
        ("../{tag}.yaml", "climbs out"),
        ("packs/zaps/../../../{tag}.yaml", "climbs out"),
        ("C:/{tag}.yaml", "drive"),
        ("c:{tag}.yaml", "drive"),
        ("packs\\zaps\\{tag}.cards.yaml", "backslash"),
        ("..\\..\\{tag}.yaml", "backslash"),
        ("packs/zaps/./{tag}.yaml", "'.' part"),
        ("packs//zaps/{tag}.yaml", "empty"),
        ("packs/zaps/{tag}\x1b[2J.yaml", "control character"),
        ("packs/zaps/cards.yaml:stream", "':'"),
    ],
)
def test_entries_that_would_land_elsewhere_are_refused(
    tmp_path: Path, refuse: Refuse, name: str, words: str
) -> None:
    tag = f"escape-{uuid.uuid4().hex}"
    name = name.format(tag=tag)
    files, manifest = _valid({name: b"cards: []\n"})
    path = write_zip(tmp_path / "evil.seastack", files, manifest)
    refuse(path, "unsafe-entry", words)
    assert not Path(f"/tmp/{tag}.yaml").exists()
    assert not list(tmp_path.parent.glob(f"{tag}*"))
    assert not list(tmp_path.rglob(f"*{tag}*"))


def test_a_name_with_a_nul_character_is_refused(tmp_path: Path, refuse: Refuse) -> None:
    """zipfile cuts a name at NUL; the name as stored is what is judged."""
    files, manifest = _valid({"packs/zaps/more.cards.yamlX../../x": b"cards: []\n"})
    path = write_zip(tmp_path / "nul.seastack", files, manifest)
    path.write_bytes(path.read_bytes().replace(b"yamlX../", b"yaml\x00../"))
    refuse(path, "unsafe-entry", "control character")


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        (stat.S_IFLNK | 0o777, "symbolic link"),
        (stat.S_IFCHR | 0o644, "device"),
        (stat.S_IFBLK | 0o644, "device"),
        (stat.S_IFIFO | 0o644, "pipe"),
        (stat.S_IFSOCK | 0o644, "socket"),
    ],
)
def test_links_and_devices_are_refused(
    tmp_path: Path, refuse: Refuse, mode: int, words: str
) -> None:
    target = tmp_path / "outside.yaml"
    target.write_text("secret: 1\n")
    files, manifest = _valid()
    files["packs/zaps/cards.yaml"] = str(target).encode()  # a link's body is its target
    manifest = manifest_for(files)
    path = write_zip(
        tmp_path / "evil.seastack", files, manifest, modes={"packs/zaps/cards.yaml": mode}
    )
    refuse(path, "unsafe-entry", words, "packs/zaps/cards.yaml")
    assert target.read_text() == "secret: 1\n"


@pytest.mark.parametrize(
    "second", ["packs/zaps/cards.yaml", "packs/zaps/Cards.yaml", "PACKS/zaps/cards.yaml"]
)
def test_duplicate_names_are_refused(tmp_path: Path, refuse: Refuse, second: str) -> None:
    files, manifest = _valid()
    entries = [*files.items(), (second, b"cards: []\n")]
    path = write_zip(tmp_path / "twice.seastack", entries, manifest)
    refuse(path, "unsafe-entry", "another entry has this name")


def test_a_file_and_a_folder_of_one_name_are_refused(tmp_path: Path, refuse: Refuse) -> None:
    files, _ = _valid({"packs/zaps/cards.yaml/more.cards.yaml": b"cards: []\n"})
    path = write_zip(tmp_path / "clash.seastack", files, manifest_for(files))
    refuse(path, "unsafe-entry", "a folder of another entry has its name")


def test_more_than_2000_entries_are_refused(tmp_path: Path, refuse: Refuse) -> None:
    files, _ = _valid({f"packs/zaps/x{n}.cards.yaml": b"" for n in range(MAX_ENTRIES)})
    path = write_zip(tmp_path / "many.seastack", files, manifest_for(files))
    error = refuse(path, "too-many-entries", str(MAX_ENTRIES))
    assert f"{MAX_ENTRIES + 3} entries" in str(error)


def test_a_directory_that_declares_too_many_entries_is_refused_before_reading_it(
    tmp_path: Path, refuse: Refuse, monkeypatch: pytest.MonkeyPatch
) -> None:
    files, manifest = _valid()
    path = write_zip(tmp_path / "lying.seastack", files, manifest)
    data = bytearray(path.read_bytes())
    end = data.rfind(b"PK\x05\x06")
    data[end + 8 : end + 12] = struct.pack("<HH", 60000, 60000)  # entries on disk, in all
    path.write_bytes(bytes(data))

    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the zip reader was reached")

    monkeypatch.setattr(hardening.zipfile, "ZipFile", never)
    refuse(path, "too-many-entries", "60000 entries")


def test_more_than_50_mb_unpacked_is_refused(tmp_path: Path, refuse: Refuse) -> None:
    # stored, not deflated, so that the size limit and not the ratio is what refuses it
    big = b"x" * (hardening.MAX_UNPACKED_BYTES + 1)
    files, _ = _valid({"packs/zaps/big.cards.yaml": big})
    path = write_zip(
        tmp_path / "big.seastack", files, manifest_for(files), compress=zipfile.ZIP_STORED
    )
    refuse(path, "zip-bomb", "50 MB")


def test_a_compression_ratio_over_100_is_refused(tmp_path: Path, refuse: Refuse) -> None:
    files, _ = _valid({"packs/zaps/bomb.cards.yaml": b"\n" * 4_000_000})
    path = write_zip(tmp_path / "bomb.seastack", files, manifest_for(files))
    refuse(path, "zip-bomb", "times larger", "bomb.cards.yaml")


def test_headers_that_understate_a_size_are_caught(tmp_path: Path, refuse: Refuse) -> None:
    """The headers and the manifest say 10 bytes; the packed data holds more."""
    body = b"cards: []\n" + b"# padding\n" * 50
    files = {**pack_bytes(), "packs/zaps/more.cards.yaml": body}
    manifest = manifest_for(files)
    for entry in manifest["files"]:  # type: ignore[union-attr]
        if entry["path"] == "packs/zaps/more.cards.yaml":
            entry["size"] = 10
    path = write_zip(tmp_path / "lie.seastack", files, manifest, compress=zipfile.ZIP_STORED)
    data = bytearray(path.read_bytes())
    name = b"packs/zaps/more.cards.yaml"
    # the uncompressed size in the entry's local header and in the central directory
    for header, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = 0
        while (at := data.find(header, at)) >= 0:
            name_at = at + (30 if header == b"PK\x03\x04" else 46)
            if data[name_at : name_at + len(name)] == name:
                data[at + offset : at + offset + 4] = struct.pack("<L", 10)
            at += 4
    path.write_bytes(bytes(data))
    refuse(path, "damaged", "more.cards.yaml")


def test_a_hash_that_does_not_match_is_refused(tmp_path: Path, refuse: Refuse) -> None:
    files, manifest = _valid()
    files["packs/zaps/cards.yaml"] = files["packs/zaps/cards.yaml"].replace(b"Zap", b"Zip")
    path = write_zip(tmp_path / "changed.seastack", files, manifest)
    refuse(path, "manifest-mismatch", "packs/zaps/cards.yaml", "SHA-256")


def test_a_size_that_does_not_match_is_refused(tmp_path: Path, refuse: Refuse) -> None:
    files, manifest = _valid()
    manifest["files"][0]["size"] += 1  # type: ignore[index]
    path = write_zip(tmp_path / "size.seastack", files, manifest)
    refuse(path, "manifest-mismatch", "bytes")


@pytest.mark.parametrize(
    "name",
    [
        "packs/zaps/run.exe",
        "packs/zaps/notes.txt",
        "packs/zaps/hook.py",
        "packs/zaps/image.png",
        "packs/zaps/extra.spells.yaml",
        "packs/zaps/cards.json",
    ],
)
def test_files_of_kinds_seastack_does_not_read_are_refused(
    tmp_path: Path, refuse: Refuse, name: str
) -> None:
    files, _ = _valid({name: b"MZ\x90\x00"})
    path = write_zip(tmp_path / "kinds.seastack", files, manifest_for(files))
    refuse(path, "unsafe-entry", "does not read files of this kind", name)


def test_files_outside_every_pack_or_too_deep_are_refused(tmp_path: Path, refuse: Refuse) -> None:
    files, _ = _valid({"elsewhere/cards.yaml": b"cards: []\n"})
    refuse(
        write_zip(tmp_path / "a.seastack", files, manifest_for(files)), "unsafe-entry", "outside"
    )
    files, _ = _valid({"packs/zaps/a/b/c/x.cards.yaml": b"cards: []\n"})
    refuse(write_zip(tmp_path / "b.seastack", files, manifest_for(files)), "unsafe-entry", "deep")


def test_files_the_manifest_does_not_list_or_lacks_are_refused(
    tmp_path: Path, refuse: Refuse
) -> None:
    files, manifest = _valid()
    extra = {**files, "packs/zaps/more.cards.yaml": b"cards: []\n"}
    refuse(write_zip(tmp_path / "a.seastack", extra, manifest), "unsafe-entry", "does not list")
    fewer = {"packs/zaps/pack.yaml": files["packs/zaps/pack.yaml"]}
    refuse(write_zip(tmp_path / "b.seastack", fewer, manifest), "missing-file", "cards.yaml")


def test_an_encrypted_entry_is_refused(tmp_path: Path, refuse: Refuse) -> None:
    files, manifest = _valid()
    path = write_zip(tmp_path / "locked.seastack", files, manifest)
    data = bytearray(path.read_bytes())
    at = 0
    while (at := data.find(b"PK\x01\x02", at)) >= 0:  # the general flag of each entry
        data[at + 8] |= 0x1
        at += 4
    path.write_bytes(bytes(data))
    refuse(path, "unsafe-entry", "encrypted")


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("version", "0.4.0", "version '0.3.0'"),
        ("id", "zops", "id 'zaps'"),
        ("game", "other", "game"),
    ],
)
def test_a_manifest_that_disagrees_with_pack_yaml_is_refused(
    tmp_path: Path, refuse: Refuse, key: str, value: str, words: str
) -> None:
    files, _manifest = _valid()
    text = files["packs/zaps/pack.yaml"].decode()
    old = {"version": "version: 0.3.0", "id": "id: zaps", "game": "game: snails"}[key]
    files["packs/zaps/pack.yaml"] = text.replace(old, f"{key}: {value}").encode()
    path = write_zip(tmp_path / "mismatch.seastack", files, manifest_for(files))
    error = refuse(path, "manifest-mismatch", words)
    where = error.diagnostics[0]
    assert where.path.endswith("mismatch.seastack/packs/zaps/pack.yaml")
    assert where.line == {"id": 1, "version": 3, "game": 4}[key]


def test_content_that_does_not_validate_is_refused_with_its_place(
    tmp_path: Path, refuse: Refuse, data_dir: Path, staging_folders: list[Path]
) -> None:
    cards = "cards:\n  - id: zap\n    name: Zap\n    kind: special\n    copies: -3\n"
    files = {**pack_bytes(cards=cards)}
    path = write_zip(tmp_path / "bad.seastack", files, manifest_for(files))
    error = refuse(path, "out-of-range", "copies")
    found = [d for d in error.diagnostics if d.code == "out-of-range"]
    assert found[0].path.endswith("bad.seastack/packs/zaps/cards.yaml")
    assert (found[0].line, found[0].column) == (5, 13)
    # it was unpacked (into the data folder's staging folder) before it was judged
    staging = data_dir / "packs" / ".staging"
    assert any(folder.parent == staging for folder in staging_folders)


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        (b"not a zip at all", "not-a-pack-file", "not a zip"),
        (b"", "not-a-pack-file", "not a zip"),
    ],
)
def test_files_that_are_not_zips_are_refused(
    tmp_path: Path, data_dir: Path, body: bytes, code: str, words: str
) -> None:
    path = tmp_path / "odd.seastack"
    path.write_bytes(body)
    for action in (install_pack_file, check_pack_file):
        with pytest.raises(PackFileError) as caught:
            action(path)
        assert caught.value.diagnostics[0].code == code
        assert words in caught.value.diagnostics[0].message
    assert not data_dir.exists()


@pytest.mark.parametrize(
    ("manifest", "words"),
    [
        (None, "holds no seastack-manifest.json"),
        (b"{not json", "not JSON"),
        (b'{"format": 1, "format": 2}', "appears twice"),
        (b"[]", "must be an object"),
    ],
)
def test_missing_or_broken_manifests_are_refused(
    tmp_path: Path, data_dir: Path, manifest: bytes | None, words: str
) -> None:
    files, _ = _valid()
    path = write_zip(tmp_path / "m.seastack", files, manifest)
    with pytest.raises(PackFileError) as caught:
        install_pack_file(path)
    assert words in str(caught.value)
    assert not list(data_dir.rglob("*.yaml"))


def test_entry_names_are_judged_as_file_systems_would() -> None:
    assert entry_name_problem("packs/lava/cards/extra.cards.yaml") is None
    assert entry_name_problem("packs/lava/cards.yaml ") is not None  # Windows drops it
    assert entry_name_problem("packs/lava/" + "x" * 200 + ".yaml") is not None
    assert entry_name_problem("") is not None
