"""Helpers for the pack file tests: a designer's pack and layout, and zips built by hand."""

from __future__ import annotations

import hashlib
import json
import os
import warnings
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from editor.core.resources import layouts_dir

CARDS = """cards:
  - id: zap
    name: Zap
    kind: special
    copies: 4
    text: Draw a card.
    effects: [{draw: 1}]
"""


def make_pack(
    folder: Path,
    pack_id: str = "zaps",
    version: str = "0.3.0",
    *,
    dependencies: Mapping[str, str] | None = None,
    cards: str | None = CARDS,
) -> Path:
    """A designer's Snails pack: a manifest and (by default) a cards file with one card."""
    folder.mkdir(parents=True, exist_ok=True)
    deps = {"snails-base": ">=1.0,<2"} if dependencies is None else dependencies
    lines = [f"id: {pack_id}", f"name: {pack_id.title()}", f"version: {version}", "game: snails"]
    if deps:
        lines.append("dependencies:")
        lines += [f'  {k}: "{v}"' for k, v in deps.items()]
    (folder / "pack.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    if cards is not None:
        (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    return folder


def make_layout(folder: Path, layout_id: str = "zapland", packs: Iterable[str] = ("zaps",)) -> Path:
    """The bundled Crustacean layout as a designer's copy that also uses ``packs``."""
    folder.mkdir(parents=True, exist_ok=True)
    text = (layouts_dir() / "crustacean.layout.yaml").read_text(encoding="utf-8")
    old = "packs: [snails-base, snails-fire-in-the-shell]"
    assert old in text
    named = ", ".join(["snails-base", "snails-fire-in-the-shell", *packs])
    text = text.replace(old, f"packs: [{named}]").replace("id: crustacean", f"id: {layout_id}")
    path = folder / f"{layout_id}.layout.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def manifest_for(
    files: Mapping[str, bytes],
    packs: Iterable[tuple[str, str, str]] = (("zaps", "0.3.0", "snails"),),
    *,
    kind: str = "pack",
    layout: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The manifest a pack file of these files would carry."""
    data: dict[str, Any] = {
        "format": 1,
        "kind": kind,
        "packs": [{"id": i, "version": v, "game": g, "folder": f"packs/{i}"} for i, v, g in packs],
        "files": [
            {"path": name, "size": len(body), "sha256": hashlib.sha256(body).hexdigest()}
            for name, body in sorted(files.items())
        ],
    }
    if layout is not None:
        data["layout"] = dict(layout)
    return data


def pack_bytes(
    pack_id: str = "zaps",
    version: str = "0.3.0",
    cards: str = CARDS,
    dependencies: Mapping[str, str] | None = None,
) -> dict[str, bytes]:
    """The files of a small pack as they lie in a pack file (valid with the defaults)."""
    deps = {"snails-base": ">=1.0,<2"} if dependencies is None else dependencies
    manifest = f"id: {pack_id}\nname: {pack_id.title()}\nversion: {version}\ngame: snails\n"
    if deps:
        manifest += "dependencies:\n" + "".join(f'  {k}: "{v}"\n' for k, v in deps.items())
    return {
        f"packs/{pack_id}/pack.yaml": manifest.encode(),
        f"packs/{pack_id}/cards.yaml": cards.encode(),
    }


def write_zip(
    path: Path,
    files: Mapping[str, bytes] | Iterable[tuple[str, bytes]],
    manifest: Mapping[str, Any] | bytes | None,
    *,
    modes: Mapping[str, int] | None = None,
    compress: int = zipfile.ZIP_DEFLATED,
) -> Path:
    """A zip with the entries given, in order (names as given, duplicates allowed), a
    manifest first unless None, and the Unix modes given by entry name."""
    modes = modes or {}
    items = list(files.items()) if isinstance(files, Mapping) else list(files)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate names we want
        with zipfile.ZipFile(path, "w", compress) as archive:
            if manifest is not None:
                body = manifest if isinstance(manifest, bytes) else json.dumps(manifest).encode()
                archive.writestr("seastack-manifest.json", body)
            for name, body in items:
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = compress
                info.create_system = 3
                info.external_attr = modes.get(name, 0o100644) << 16
                archive.writestr(info, body)
    return path


def everything_under(root: Path) -> set[str]:
    """Every file, folder and link under a folder, as paths relative to it."""
    out: set[str] = set()
    for here, dirs, names in os.walk(root):
        for name in [*dirs, *names]:
            out.add(os.path.relpath(os.path.join(here, name), root))
    return out
