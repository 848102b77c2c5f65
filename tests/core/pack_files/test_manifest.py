"""The manifest inside a pack file: written and read back, anything else refused."""

from __future__ import annotations

import json

import pytest

from editor.core.pack_files.manifest import (
    FORMAT,
    FileEntry,
    LayoutEntry,
    PackEntry,
    pack_manifest,
    parse_manifest,
    scenario_manifest,
)
from editor.core.pack_files.problems import PackFileError

SHA = "ab" * 32


def _good() -> dict[str, object]:
    return json.loads(
        pack_manifest(
            PackEntry("lava", "1.2.0-beta.1", "snails"), [FileEntry("packs/lava/pack.yaml", 9, SHA)]
        ).to_bytes()
    )


def test_a_manifest_reads_back_as_written() -> None:
    written = scenario_manifest(
        LayoutEntry("isle", "snails", "layout/isle.layout.yaml"),
        [PackEntry("lava", "1.0.0", "snails")],
        [FileEntry("layout/isle.layout.yaml", 3, SHA), FileEntry("packs/lava/pack.yaml", 9, SHA)],
    )
    read = parse_manifest(written.to_bytes(), "x.seastack")
    assert read == written
    assert read.file_name == "isle-scenario.seastack"
    assert (
        parse_manifest(json.dumps(_good()).encode(), "x").file_name == "lava-1.2.0-beta.1.seastack"
    )


def _broken(change: str) -> dict[str, object]:
    data = _good()
    pack = data["packs"][0]  # type: ignore[index]
    entry = data["files"][0]  # type: ignore[index]
    if change == "newer":
        data["format"] = FORMAT + 1
    elif change == "kind":
        data["kind"] = "plugin"
    elif change == "folder":
        pack["folder"] = "../elsewhere"
    elif change == "id":
        pack["id"] = "Lava!"
    elif change == "version":
        pack["version"] = "1.0"
    elif change == "size":
        entry["size"] = -1
    elif change == "bool-size":
        entry["size"] = True
    elif change == "sha":
        entry["sha256"] = "not-a-hash"
    elif change == "unknown-key":
        data["scripts"] = ["run.sh"]
    elif change == "two-packs":
        data["packs"] = [pack, {**pack, "id": "more", "folder": "packs/more"}]
    elif change == "same-file":
        data["files"] = [entry, entry]
    elif change == "scenario-no-layout":
        data["kind"] = "scenario"
    elif change == "layout-path":
        data["kind"] = "scenario"
        data["layout"] = {"id": "x", "game": "snails", "path": "layout/../../x.layout.yaml"}
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("newer", "newer Seastack"),
        ("kind", "'kind'"),
        ("folder", "folder must be 'packs/lava'"),
        ("id", "packs[0].id"),
        ("version", "packs[0].version"),
        ("size", "size"),
        ("bool-size", "size"),
        ("sha", "sha256"),
        ("unknown-key", "unknown key 'scripts'"),
        ("two-packs", "exactly one pack"),
        ("same-file", "listed twice"),
        ("scenario-no-layout", "names its layout"),
        ("layout-path", "layout.path"),
    ],
)
def test_anything_but_the_written_shape_is_refused(change: str, words: str) -> None:
    with pytest.raises(PackFileError) as caught:
        parse_manifest(json.dumps(_broken(change)).encode(), "x.seastack")
    found = caught.value.diagnostics[0]
    assert found.path == "x.seastack/seastack-manifest.json"
    assert found.code == "bad-manifest"
    assert words in found.message


def test_a_manifest_too_large_or_not_text_is_refused() -> None:
    with pytest.raises(PackFileError, match="larger than 1 MB"):
        parse_manifest(b" " * (1024 * 1024 + 1), "x")
    with pytest.raises(PackFileError, match="not JSON"):
        parse_manifest(b"\xff\xfe", "x")
    with pytest.raises(PackFileError, match="not JSON"):
        parse_manifest(b"[" * 100_000, "x")
