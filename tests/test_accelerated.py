"""The compiled engines: used while their sources are the ones compiled, set aside for the
sources otherwise, and the same games either way."""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import editor
from editor import accelerated
from editor.accelerated import SourcesFirst, install, is_compiled, read_manifest

ROOT = Path(__file__).resolve().parent.parent


def _package(tmp_path: Path, source: str = "X = 1\n", compiled: bool = True) -> tuple[Path, Path]:
    """A package ``pkg`` with a module ``mod`` under ``tmp_path/root`` (and, if
    ``compiled``, a file where this Python looks for its compiled form), and a manifest in
    ``root/pkg`` that lists ``pkg.mod`` as compiled from ``source``."""
    folder = tmp_path / "root" / "pkg"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("", "utf-8")
    (folder / "mod.py").write_text("X = 1\n", "utf-8")
    if compiled:
        (folder / f"mod{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    manifest = folder / "_compiled.json"
    digest = hashlib.sha256(source.encode()).hexdigest()
    manifest.write_text(json.dumps({"pkg.mod": digest}), "utf-8")
    return folder, manifest


def test_nothing_compiled_means_nothing_set_aside(tmp_path: Path) -> None:
    finders: list[importlib.abc.MetaPathFinder] = []
    status = install(tmp_path / "_compiled.json", {}, finders)
    assert status.compiled == ()
    assert status.describe() == "engines run from source (not compiled at install)"
    assert finders == []


def test_unchanged_sources_keep_the_compiled_modules(tmp_path: Path) -> None:
    _, manifest = _package(tmp_path)
    finders: list[importlib.abc.MetaPathFinder] = []
    status = install(manifest, {}, finders)
    assert status.compiled == ("pkg.mod",)
    assert status.describe() == "engines compiled (1 modules)"
    assert finders == []


def test_an_edited_source_sets_every_compiled_module_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, manifest = _package(tmp_path, source="X = 0\n")  # compiled from another text
    finders: list[importlib.abc.MetaPathFinder] = []
    status = install(manifest, {}, finders)
    assert status.compiled == ()
    assert status.reason == "pkg/mod.py changed or gone since compiled"
    assert "pip install -e ." in capsys.readouterr().err
    (finder,) = finders
    assert isinstance(finder, SourcesFirst)
    # the source is found ahead of the compiled file; other modules are left to the search
    spec = finder.find_spec("pkg.mod", [str(folder)])
    assert spec is not None
    assert spec.origin == str(folder / "mod.py")
    assert finder.find_spec("pkg.other", [str(folder)]) is None
    # a module of the list without its source is not found, rather than found compiled
    (folder / "mod.py").unlink()
    with pytest.raises(ModuleNotFoundError, match=r"no source for pkg\.mod"):
        finder.find_spec("pkg.mod", [str(folder)])
    # said once: a worker process started from here (which inherits the note) says nothing
    install(manifest, {"SEASTACK_SOURCES_TOLD": status.reason}, [])
    assert capsys.readouterr().err == ""


def test_a_missing_compiled_file_sets_every_module_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, manifest = _package(tmp_path, compiled=False)  # removed, or built for another Python
    finders: list[importlib.abc.MetaPathFinder] = []
    status = install(manifest, {}, finders)
    assert status.describe() == "engines run from source (pkg/mod.py not compiled for this Python)"
    assert len(finders) == 1
    assert "compiled again" in capsys.readouterr().err


def test_pure_on_request(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, manifest = _package(tmp_path)
    finders: list[importlib.abc.MetaPathFinder] = []
    status = install(manifest, {"SEASTACK_PURE": "1"}, finders)
    assert status.describe() == "engines run from source (SEASTACK_PURE=1)"
    assert len(finders) == 1
    assert capsys.readouterr().err == ""  # asked for: no warning


def test_a_build_from_source_never_uses_a_compiled_file_left(tmp_path: Path) -> None:
    folder, manifest = _package(tmp_path)  # a compiled file of an earlier build is there
    manifest.write_text(json.dumps({"pkg.mod": ""}), "utf-8")  # this build compiled nothing
    finders: list[importlib.abc.MetaPathFinder] = []
    status = install(manifest, {}, finders)
    assert status.describe() == "engines run from source (not compiled at install)"
    (finder,) = finders
    spec = finder.find_spec("pkg.mod", [str(folder)])
    assert spec is not None and spec.origin == str(folder / "mod.py")


def test_a_broken_manifest_is_nothing_compiled(tmp_path: Path) -> None:
    manifest = tmp_path / "_compiled.json"
    manifest.write_text("[1, 2", "utf-8")
    assert read_manifest(manifest) == {}


def test_this_process_uses_what_the_install_compiled() -> None:
    from editor.games.snails.engine import state

    listed = read_manifest()
    hook = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["hatch"]
    included = hook["build"]["targets"]["wheel"]["hooks"]["custom"]["include"]
    if any(listed.values()):  # compiled at install: every module of the list
        assert sorted(listed) == sorted(p.removesuffix(".py").replace("/", ".") for p in included)
        if os.environ.get("SEASTACK_PURE") == "1":  # (the suite run from source on purpose)
            assert editor.ACCELERATION.reason == "SEASTACK_PURE=1"
        else:
            assert editor.ACCELERATION.compiled == tuple(sorted(listed))
    assert is_compiled(state) == bool(editor.ACCELERATION.compiled)
    assert not is_compiled(accelerated)


@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_compiled_and_source_engines_play_the_same_games(bots: str) -> None:
    command = [
        *(sys.executable, "-m", "editor", "simulate", "layouts/crustacean.layout.yaml"),
        *("--games", "12", "--seed", "5", "--json", "--jobs", "1", "--bots", bots),
        *("--modules", "specialists,wind"),
    ]
    runs = []
    for pure in ("0", "1"):
        env = {**os.environ, "SEASTACK_PURE": pure}
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False)
        assert done.returncode == 0, done.stderr.decode()
        runs.append(done.stdout)
    compiled, source = runs
    assert json.loads(compiled)["finished"] == 12
    assert compiled == source
    if any(read_manifest().values()):  # then the first run really was the compiled engine
        check = [sys.executable, "-c", "import editor; print(editor.ACCELERATION.describe())"]
        env = {**os.environ, "SEASTACK_PURE": "0"}
        said = subprocess.run(check, cwd=ROOT, env=env, capture_output=True, text=True)
        assert said.stdout.startswith("engines compiled"), said.stdout + said.stderr
