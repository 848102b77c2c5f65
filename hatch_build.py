"""The build hook: compiles the rules engines' hot modules with mypyc when the wheel (or the
editable install) is built, and installs them from source when that cannot be done.

The compiling is hatch-mypyc's (the modules are listed under
``[tool.hatch.build.targets.wheel.hooks.custom]`` in pyproject.toml). This hook adds what a
designer's install needs around it: a machine without a C compiler gets the same engines
from source (slower, same games) with a warning instead of a failed install;
``SEASTACK_PURE=1`` asks for that on purpose; and a manifest of the modules (the SHA-256 of
each source compiled, or nothing when not compiled) lets ``editor.accelerated`` set the
compiled files aside once a source is edited, or when there should be none.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from hatch_mypyc.plugin import MypycBuildHook

#: Where the manifest goes, from the project's top folder (read by editor/accelerated.py).
MANIFEST = Path("editor") / "_compiled.json"


class CompiledEngines(MypycBuildHook):  # type: ignore[misc]  # hatch-mypyc has no types
    """hatch-mypyc's hook, falling back to the sources, and writing the manifest."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, or leave every module to its source (never a failed install)."""
        if self.target_name != "wheel":
            return
        manifest = Path(self.root) / MANIFEST
        manifest.unlink(missing_ok=True)
        compiled = False
        if os.environ.get("SEASTACK_PURE") == "1":
            self._clean_quietly(version)
            self.app.display_info("seastack: SEASTACK_PURE=1, the engines run from source")
        else:
            try:
                super().initialize(version, build_data)
                compiled = True
            except Exception as exc:  # no compiler, or mypyc refused: the sources still play
                self._clean_quietly(version)
                lines = str(exc).strip().splitlines()
                self.app.display_warning(
                    "seastack: compiling the engines failed, so they run from source (the"
                    f" same games, slower): {lines[-1] if lines else exc!r}"
                )
        # every module the hook compiles, with its source's digest; "" when not compiled, so
        # that a compiled file an earlier build left is never used (editor/accelerated.py)
        sources = {
            name.removesuffix(".py").replace("/", "."): (
                _digest(Path(self.root) / name) if compiled else ""
            )
            for name in self.normalized_included_files
        }
        manifest.write_text(json.dumps(sources, indent=1, sort_keys=True) + "\n", "utf-8")
        build_data["artifacts"].append(f"/{MANIFEST.as_posix()}")

    def _clean_quietly(self, version: str) -> None:
        """Remove earlier compiled files; one that cannot go (loaded by a running program,
        on Windows) stays, and the manifest keeps it unused."""
        try:
            self.clean([version])
        except OSError as exc:
            self.app.display_warning(f"seastack: an earlier compiled file stays: {exc}")


def _digest(path: Path) -> str:
    """The SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def get_build_hook() -> type[CompiledEngines]:
    """The hook hatchling loads from this file (it also sees hatch-mypyc's class here)."""
    return CompiledEngines
