"""A normal (non-editable) install finds the bundled schemas, layouts and content, and runs
the engines compiled where the machine has a C compiler."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PIP = (sys.executable, "-m", "pip")
#: What a copy of the checkout leaves out: the environment, caches and compiled files (the
#: build compiles in place, so it runs in a copy, never in the checkout the suite imports).
LEFT_OUT = shutil.ignore_patterns(
    ".venv", ".git", "__pycache__", "*.so", "*.pyd", "_compiled.json", "build", "dist"
)


#: The environment of the builds and runs here: the wheel as a designer builds it, even in
#: a suite run from source on purpose.
CLEAN_ENV = {k: v for k, v in os.environ.items() if k != "SEASTACK_PURE"}


def _has_compiler() -> bool:
    """Whether the C compiler Python's extensions are built with is on this machine."""
    compiler = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None


def _wheel(tmp_path: Path, **env: str) -> tuple[Path, set[str]]:
    """The wheel built from a copy of the checkout (with ``env`` added), and its files."""
    dist = tmp_path / "dist"
    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, ignore=LEFT_OUT)
    build = subprocess.run(
        [*PIP, "wheel", str(tree), "--no-deps", "--no-build-isolation", "-q", "-w", str(dist)],
        env={**CLEAN_ENV, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = dist.glob("seastack-*.whl")
    return wheel, set(zipfile.ZipFile(wheel).namelist())


def _installed(tmp_path: Path, wheel: Path) -> tuple[list[str], str]:
    """What the installed wheel prints, run from elsewhere: its package's file, its bundled
    folder and its engines' line; and what ``seastack validate`` says on stderr."""
    site = tmp_path / "site"
    install = subprocess.run(
        [*PIP, "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert install.returncode == 0, install.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = (
        "import editor, sys\n"
        "from editor.core.resources import bundled_root\n"
        "print(editor.__file__)\n"
        "print(bundled_root())\n"
        "print(editor.ACCELERATION.describe())\n"
        "from editor.cli import main\n"
        "sys.exit(main(['validate']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=elsewhere,
        env={**CLEAN_ENV, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()[:3]
    assert lines[0].startswith(str(site))
    assert lines[1] == str(site / "editor" / "_bundled")
    return lines, result.stderr


def _listed() -> list[str]:
    """The modules the build hook compiles (pyproject.toml)."""
    hooks = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["hatch"]
    found: list[str] = hooks["build"]["targets"]["wheel"]["hooks"]["custom"]["include"]
    return found


def _compiled_files(names: set[str]) -> set[str]:
    return {n for n in names if n.startswith("editor/games/") and n.endswith((".so", ".pyd"))}


def test_the_wheel_ships_the_data_and_works_installed(tmp_path: Path) -> None:
    wheel, names = _wheel(tmp_path)
    for expected in (
        "editor/_bundled/schemas/layout.schema.json",
        "editor/_bundled/schemas/snails/ruleset.schema.json",
        "editor/_bundled/layouts/crustacean.layout.yaml",
        "editor/_bundled/layouts/robot.layout.yaml",
        "editor/_bundled/content/snails-base/pack.yaml",
        "editor/_bundled/content/snails-fire-in-the-shell/tiles.yaml",
        "editor/games/snails/engine/state.py",  # the sources ship beside what is compiled
        "editor/_compiled.json",
    ):
        assert expected in names
    assert not any(name.startswith("tests/") for name in names)
    manifest = json.loads(zipfile.ZipFile(wheel).read("editor/_compiled.json"))
    assert sorted(manifest) == sorted(p.removesuffix(".py").replace("/", ".") for p in _listed())
    if _has_compiler():  # each listed module compiled, from the source that ships
        compiled = _compiled_files(names)
        for path in _listed():
            stem = path.removesuffix(".py")
            assert any(n.startswith(f"{stem}.") for n in compiled), path
            digest = hashlib.sha256(ROOT.joinpath(path).read_bytes()).hexdigest()
            assert manifest[stem.replace("/", ".")] == digest
    lines, said = _installed(tmp_path, wheel)
    expected = (
        f"engines compiled ({len(_listed())} modules)"
        if _has_compiler()
        else "engines run from source"
    )
    assert lines[2].startswith(expected)
    bundled = [*ROOT.joinpath("content").rglob("*.yaml"), *ROOT.joinpath("layouts").glob("*.yaml")]
    assert f"checked {len(bundled)} files: 0 errors" in said


@pytest.mark.skipif(os.name == "nt", reason="CC names the C compiler only on Unix")
def test_without_a_compiler_the_wheel_installs_and_runs_from_source(tmp_path: Path) -> None:
    wheel, names = _wheel(tmp_path, CC="false")  # a compiler that always fails
    assert wheel.name.endswith("-py3-none-any.whl")  # nothing compiled: a pure wheel
    assert not _compiled_files(names)
    manifest = json.loads(zipfile.ZipFile(wheel).read("editor/_compiled.json"))
    assert len(manifest) == len(_listed()) and not any(manifest.values())
    lines, said = _installed(tmp_path, wheel)
    assert lines[2] == "engines run from source (not compiled at install)"
    assert "0 errors" in said
