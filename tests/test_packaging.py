"""A normal (non-editable) install finds the bundled schemas, layouts and content, and runs
the engines compiled where the machine has a C compiler."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIP = (sys.executable, "-m", "pip")
#: What a copy of the checkout leaves out: the environment, caches and compiled files (the
#: build compiles in place, so it runs in a copy, never in the checkout the suite imports).
LEFT_OUT = shutil.ignore_patterns(
    ".venv", ".git", "__pycache__", "*.so", "*.pyd", "_compiled.json", "build", "dist"
)


def _has_compiler() -> bool:
    """Whether the C compiler Python's extensions are built with is on this machine."""
    compiler = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None


def test_the_wheel_ships_the_data_and_works_installed(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, ignore=LEFT_OUT)
    # (the wheel as a designer builds it, even in a suite run from source on purpose)
    clean_env = {k: v for k, v in os.environ.items() if k != "SEASTACK_PURE"}
    build = subprocess.run(
        [*PIP, "wheel", str(tree), "--no-deps", "--no-build-isolation", "-q", "-w", str(dist)],
        env=clean_env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = dist.glob("seastack-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in (
        "editor/_bundled/schemas/layout.schema.json",
        "editor/_bundled/schemas/snails/ruleset.schema.json",
        "editor/_bundled/layouts/crustacean.layout.yaml",
        "editor/_bundled/layouts/robot.layout.yaml",
        "editor/_bundled/content/snails-base/pack.yaml",
        "editor/_bundled/content/snails-fire-in-the-shell/tiles.yaml",
    ):
        assert expected in names
    assert not any(name.startswith("tests/") for name in names)
    compiled = {n for n in names if n.startswith("editor/games/") and n.endswith(".so")}
    if _has_compiler():  # the engine's state and flow, compiled, with the manifest
        assert "editor/games/snails/engine/state.py" in names  # the source ships too
        assert any(n.startswith("editor/games/snails/engine/state.") for n in compiled)
        assert "editor/_compiled.json" in names
    else:  # the sources only: the same games, slower
        assert not compiled
        assert "editor/_compiled.json" not in names

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
        env={**clean_env, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    module_file, root, acceleration = result.stdout.splitlines()[:3]
    assert module_file.startswith(str(site))
    assert root == str(site / "editor" / "_bundled")
    hooks = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["hatch"]
    listed = hooks["build"]["targets"]["wheel"]["hooks"]["custom"]["include"]
    expected = (
        f"engines compiled ({len(listed)} modules)"
        if _has_compiler()
        else "engines run from source"
    )
    assert acceleration.startswith(expected)
    bundled = [*ROOT.joinpath("content").rglob("*.yaml"), *ROOT.joinpath("layouts").glob("*.yaml")]
    assert f"checked {len(bundled)} files: 0 errors" in result.stderr
