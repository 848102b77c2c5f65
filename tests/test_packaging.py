"""A normal (non-editable) install finds the bundled schemas, layouts and content."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIP = (sys.executable, "-m", "pip")


def test_the_wheel_ships_the_data_and_works_installed(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    build = subprocess.run(
        [*PIP, "wheel", str(ROOT), "--no-deps", "--no-build-isolation", "-q", "-w", str(dist)],
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
        "from editor.cli import main\n"
        "sys.exit(main(['validate']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=elsewhere,
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    module_file, root = result.stdout.splitlines()[:2]
    assert module_file.startswith(str(site))
    assert root == str(site / "editor" / "_bundled")
    bundled = [*ROOT.joinpath("content").rglob("*.yaml"), *ROOT.joinpath("layouts").glob("*.yaml")]
    assert f"checked {len(bundled)} files: 0 errors" in result.stderr
